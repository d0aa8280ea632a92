import type { ApiMedia, ApiOperation, ApiParameter, SchemaNode } from '@/lib/openapi/model';
import { Constraints, SchemaTree, typeLabel } from './schema-tree';
import { detailFragmentPath } from '@/lib/openapi/fragments';
import { StaticCodeBlock } from './static-code-block';
import { StaticTabs } from './static-tabs';
import { TableScroll } from '@/components/mdx/table-scroll';

/** Highlights code to HTML; provided by the build step (components/api/render-fragments.tsx). */
export type Highlight = (code: string, language: string) => string;

function ParametersTable({ parameters }: { parameters: readonly ApiParameter[] }) {
  return (
    <TableScroll>
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
    </TableScroll>
  );
}

/**
 * A body's media type, schema and example. An error body (`plain`) is a few lines of JSON in a closed
 * disclosure: its example is plain text and its named schema a link, which keeps the page's DOM small for
 * assistive technology.
 */
function MediaView({ media, exampleTitle, highlight, plain = false }: { media: ApiMedia; exampleTitle: string; highlight: Highlight; plain?: boolean }) {
  return (
    <div className="api-media">
      <p className="api-media__type">{media.contentType}</p>
      {media.schema ? <SchemaTree node={media.schema as SchemaNode} brief={plain && media.example !== undefined} /> : null}
      {media.example && plain ? (
        <pre className="api-example" tabIndex={0} aria-label={exampleTitle}>
          <code>{media.example}</code>
        </pre>
      ) : null}
      {media.example && !plain ? <StaticCodeBlock html={highlight(media.example, 'json')} title={exampleTitle} /> : null}
    </div>
  );
}

/** A sample's highlighted block, as its own fragment when samples after the first load on demand. */
export function SampleBlock({ html }: { html: string }) {
  return <StaticCodeBlock html={html} />;
}

/**
 * Everything below an operation's header: parameters, request body, responses and request samples.
 * Rendered to HTML at build time, so the reference never hydrates it. With `deferSamples`, only the
 * first sample is in the page; the others are slots that load their fragment when their tab opens.
 */
export function OperationDetail({ operation, highlight, deferSamples = false }: { operation: ApiOperation; highlight: Highlight; deferSamples?: boolean }) {
  return (
    <>
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
            <MediaView key={media.contentType} media={media} exampleTitle="Request example" highlight={highlight} />
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
              <MediaView key={media.contentType} media={media} exampleTitle={`${response.status} example`} highlight={highlight} plain={!response.status.startsWith('2')} />
            ))}
          </details>
        ))}
      </div>
      <h4>Request samples</h4>
      <StaticTabs
        idPrefix={`samples-${operation.operationId}`}
        tabs={operation.samples.map((sample, index) => ({
          label: sample.label,
          content:
            deferSamples && index > 0 ? (
              <div className="api-deferred" data-detail-src={detailFragmentPath('sample', `${operation.operationId}-${index}`)} aria-busy="true">
                <button type="button" className="api-deferred__button" data-load-detail="">
                  Show the {sample.label} sample
                </button>
              </div>
            ) : (
              <SampleBlock html={highlight(sample.code, sample.language)} />
            ),
        }))}
      />
    </>
  );
}
