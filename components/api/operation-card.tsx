import type { ReactNode } from 'react';
import type { ApiMedia, ApiOperation, ApiParameter } from '@/lib/openapi/model';
import { CodeSamples } from './code-samples';
import { CopyLinkButton } from './copy-link.client';
import { PrerenderedHtml } from './prerendered-html';
import { Constraints, typeLabel } from './schema-tree';

export function MethodBadge({ method }: { method: string }) {
  return <span className={`method method--${method}`}>{method.toUpperCase()}</span>;
}

function ParametersTable({ parameters }: { parameters: readonly ApiParameter[] }) {
  return (
    <div className="table-scroll">
      <table className="api-table">
        <thead>
          <tr>
            <th>In</th>
            <th>Name</th>
            <th>Type</th>
            <th>Required</th>
            <th>Description</th>
          </tr>
        </thead>
        <tbody>
          {parameters.map((parameter) => (
            <tr key={`${parameter.in}:${parameter.name}`}>
              <td>{parameter.in}</td>
              <td>
                <code>{parameter.name}</code>
                {parameter.deprecated ? <span className="badge badge--deprecated">deprecated</span> : null}
              </td>
              <td>{typeLabel(parameter.schema)}</td>
              <td>{parameter.required ? 'yes' : 'no'}</td>
              <td>
                {parameter.descriptionHtml ? <div dangerouslySetInnerHTML={{ __html: parameter.descriptionHtml }} /> : null}
                <Constraints node={parameter.schema} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function MediaView({ media, what }: { media: ApiMedia; what: string }) {
  return (
    <div className="api-media">
      <p className="api-media__type">
        <code>{media.contentType}</code>
      </p>
      {media.schema ? <PrerenderedHtml html={media.schemaHtml} what={`the schema of ${what}`} /> : null}
      {media.example ? <PrerenderedHtml html={media.exampleHtml} what={`the example of ${what}`} /> : null}
    </div>
  );
}

/** One operation: method and path, description, auth, parameters, body, responses, samples, link. */
export function OperationCard({ operation, auth }: { operation: ApiOperation; auth: ReactNode }) {
  const anchor = `operation/${operation.operationId}`;
  return (
    <section id={anchor} className="operation" aria-labelledby={`${anchor}/title`}>
      <header className="operation__header">
        <h3 id={`${anchor}/title`} className="operation__title">
          {operation.summary}
          {operation.deprecated ? <span className="badge badge--deprecated">deprecated</span> : null}
        </h3>
        <CopyLinkButton anchor={anchor} label={operation.summary} />
      </header>
      <p className="operation__endpoint">
        <MethodBadge method={operation.method} /> <code className="operation__path">{operation.path}</code>
      </p>
      <p className="operation__id">
        Operation id <code>{operation.operationId}</code>
      </p>
      {operation.descriptionHtml ? <div className="operation__description" dangerouslySetInnerHTML={{ __html: operation.descriptionHtml }} /> : null}
      <p className="operation__auth">
        <span className="schema__label">Authorization:</span> {auth}
      </p>
      {operation.parameters.length > 0 ? (
        <>
          <h4>Parameters</h4>
          <ParametersTable parameters={operation.parameters} />
        </>
      ) : null}
      {operation.requestBody ? (
        <>
          <h4>Request body{operation.requestBody.required ? ' (required)' : ''}</h4>
          {operation.requestBody.media.map((media) => (
            <MediaView key={media.contentType} media={media} what={`${operation.operationId} request body`} />
          ))}
        </>
      ) : null}
      <h4>Responses</h4>
      <div className="responses">
        {operation.responses.map((response) => (
          <details key={response.status} className={`response response--${response.status[0]}xx`} open={response.status.startsWith('2')}>
            <summary>
              <span className="response__status">{response.status}</span>{' '}
              {response.descriptionHtml ? <span className="response__description" dangerouslySetInnerHTML={{ __html: response.descriptionHtml }} /> : null}
            </summary>
            {response.media.map((media) => (
              <MediaView key={media.contentType} media={media} what={`${operation.operationId} response ${response.status}`} />
            ))}
          </details>
        ))}
      </div>
      <h4>Request samples</h4>
      <CodeSamples samples={operation.samples} />
    </section>
  );
}
