// The API's security schemes, rendered at build time with the reference (api-reference.tsx): each scheme's card, and
// the short label an operation's card shows for what it needs.
import type { ReactNode } from 'react';
import type { ApiModel, ApiSecurityScheme } from '@/lib/openapi/model';

/** What an operation needs: its schemes by name, joined with "and"; `none` for a public operation. */
export function AuthLabel({ model, security }: { model: ApiModel; security: readonly string[] }) {
  if (security.length === 0) return <>none</>;
  return (
    <>
      {security.map((name, index) => {
        const scheme = model.securitySchemes.find((candidate) => candidate.name === name);
        return (
          <span key={name}>
            {index > 0 ? ' and ' : null}
            {scheme?.type === 'apiKey' && scheme.paramName ? (
              schemeKind(scheme)
            ) : scheme?.type === 'oauth2' ? (
              <>
                {schemeKind(scheme)} (<code>{name}</code>)
              </>
            ) : (
              name
            )}
            {scheme?.deprecated ? ' (deprecated)' : null}
          </span>
        );
      })}
    </>
  );
}

const FLOW_LABELS: Record<string, string> = {
  authorizationCode: 'Authorization code',
  clientCredentials: 'Client credentials',
  deviceAuthorization: 'Device authorization',
  implicit: 'Implicit',
  password: 'Password',
};

/** What a scheme is, in a few words: `API key in the header X-Key`, `HTTP bearer`, `OAuth 2.0`. */
function schemeKind(scheme: ApiSecurityScheme): ReactNode {
  if (scheme.type === 'apiKey')
    return (
      <>
        API key in the {scheme.in ?? 'header'} {scheme.paramName ? <code>{scheme.paramName}</code> : null}
      </>
    );
  if (scheme.type === 'http') return <>HTTP {scheme.scheme ?? ''}</>;
  if (scheme.type === 'oauth2') return <>OAuth 2.0</>;
  if (scheme.type === 'openIdConnect') return <>OpenID Connect</>;
  return <>{scheme.type}</>;
}

/**
 * The document's security schemes, closed by default: each one's kind, description and, for OAuth 2.0, its flows
 * (3.2's device authorization among them) with their URLs and scopes, and its metadata URL.
 */
export function SecuritySchemes({ model }: { model: ApiModel }) {
  if (model.securitySchemes.length === 0) return null;
  return (
    <details className="api-auth">
      <summary>
        Authentication: {model.securitySchemes.length} scheme{model.securitySchemes.length === 1 ? '' : 's'}
      </summary>
      <dl>
        {model.securitySchemes.map((scheme) => (
          <div key={scheme.name} className="api-auth__scheme">
            <dt>
              <code>{scheme.name}</code> {schemeKind(scheme)}
              {scheme.deprecated ? <span className="badge badge--deprecated">deprecated</span> : null}
            </dt>
            <dd>
              {scheme.descriptionHtml ? <div dangerouslySetInnerHTML={{ __html: scheme.descriptionHtml }} /> : null}
              {scheme.oauth2MetadataUrl ? (
                <p>
                  Server metadata: <code>{scheme.oauth2MetadataUrl}</code>
                </p>
              ) : null}
              {scheme.openIdConnectUrl ? (
                <p>
                  Discovery: <code>{scheme.openIdConnectUrl}</code>
                </p>
              ) : null}
              {scheme.flows?.map((flow) => (
                <div key={flow.flow} className="api-auth__flow">
                  <p>
                    <strong>{FLOW_LABELS[flow.flow] ?? flow.flow} flow</strong>
                    {flow.deviceAuthorizationUrl ? (
                      <>
                        {' '}
                        · device authorization <code>{flow.deviceAuthorizationUrl}</code>
                      </>
                    ) : null}
                    {flow.authorizationUrl ? (
                      <>
                        {' '}
                        · authorization <code>{flow.authorizationUrl}</code>
                      </>
                    ) : null}
                    {flow.tokenUrl ? (
                      <>
                        {' '}
                        · token <code>{flow.tokenUrl}</code>
                      </>
                    ) : null}
                    {flow.refreshUrl ? (
                      <>
                        {' '}
                        · refresh <code>{flow.refreshUrl}</code>
                      </>
                    ) : null}
                  </p>
                  {flow.scopes.length > 0 ? (
                    <ul>
                      {flow.scopes.map((scope) => (
                        <li key={scope.name}>
                          <code>{scope.name}</code>: {scope.description}
                        </li>
                      ))}
                    </ul>
                  ) : null}
                </div>
              ))}
            </dd>
          </div>
        ))}
      </dl>
    </details>
  );
}
