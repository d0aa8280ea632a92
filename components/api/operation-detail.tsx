import type { ApiMedia, ApiOperation, ApiParameter } from '@/lib/openapi/model';
import { Constraints, SchemaTree, typeLabel, type SchemaIndex } from './schema-tree';
import { detailFragmentPath } from '@/lib/openapi/fragments';
import { StaticCodeBlock } from './static-code-block';
import { StaticTabs } from './static-tabs';
import { TableScroll } from '@/components/mdx/table-scroll';

/** Highlights code to HTML; provided by the build step (components/api/render-fragments.tsx). */
export type Highlight = (code: string, language: string) => string;

function ParametersTable({ parameters, index }: { parameters: readonly ApiParameter[]; index: SchemaIndex }) {
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
              <td>{typeLabel(parameter.schema, index)}</td>
              <td>{parameter.required ? 'yes' : 'no'}</td>
              <td>
                {parameter.descriptionHtml ? <div dangerouslySetInnerHTML={{ __html: parameter.descriptionHtml }} /> : null}
                <Constraints node={parameter.schema} index={index} />
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
function MediaView({ media, exampleTitle, highlight, index, plain = false }: { media: ApiMedia; exampleTitle: string; highlight: Highlight; index: SchemaIndex; plain?: boolean }) {
  return (
    <div className="api-media">
      <p className="api-media__type">{media.contentType}</p>
      {media.schema ? <SchemaTree node={media.schema} index={index} brief={plain && media.example !== undefined} /> : null}
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

/** What an operation's detail shows; a webhook has the same parts, without samples. */
export type DetailSubject = Pick<ApiOperation, 'operationId' | 'parameters' | 'requestBody' | 'responses'> & { samples?: ApiOperation['samples'] };

/**
 * Everything below an operation's header: parameters, request body, responses and request samples (for a
 * webhook: the request Kilowise sends, and the responses it expects). Rendered to HTML at build time, so the
 * reference never hydrates it. With `fragmentRoot`, only the first sample is in the page; the others are slots
 * that load their fragment when their tab opens.
 */
export function OperationDetail({
  operation,
  highlight,
  index,
  fragmentRoot,
  webhook = false,
}: {
  operation: DetailSubject;
  highlight: Highlight;
  index: SchemaIndex;
  /** Where samples after the first load from; without it every sample is in the detail. */
  fragmentRoot?: string;
  webhook?: boolean;
}) {
  const samples = operation.samples ?? [];
  return (
    <>
      {operation.parameters.length > 0 ? (
        <>
          <h4>Parameters</h4>
          <ParametersTable parameters={operation.parameters} index={index} />
        </>
      ) : null}
      {operation.requestBody ? (
        <>
          <h4>
            {webhook ? 'Payload' : 'Request body'}
            {operation.requestBody.required ? ' (required)' : ''}
          </h4>
          {operation.requestBody.descriptionHtml ? <div className="operation__description" dangerouslySetInnerHTML={{ __html: operation.requestBody.descriptionHtml }} /> : null}
          {operation.requestBody.media.map((media) => (
            <MediaView key={media.contentType} media={media} exampleTitle={webhook ? 'Payload example' : 'Request example'} highlight={highlight} index={index} />
          ))}
        </>
      ) : null}
      <h4>{webhook ? 'Responses Kilowise expects' : 'Responses'}</h4>
      <div className="responses">
        {operation.responses.map((response) => (
          <details key={response.status} className={`response response--${response.status[0]}xx`} open={response.status.startsWith('2')}>
            <summary>
              <span className="response__status">{response.status}</span>{' '}
              {response.descriptionHtml ? <span className="response__description" dangerouslySetInnerHTML={{ __html: response.descriptionHtml }} /> : null}
            </summary>
            {response.media.map((media) => (
              <MediaView key={media.contentType} media={media} exampleTitle={`${response.status} example`} highlight={highlight} index={index} plain={!response.status.startsWith('2')} />
            ))}
          </details>
        ))}
      </div>
      {samples.length > 0 ? (
        <>
          <h4>Request samples</h4>
          <StaticTabs
            idPrefix={`samples-${operation.operationId}`}
            tabs={samples.map((sample, position) => ({
              label: sample.label,
              content:
                fragmentRoot !== undefined && position > 0 ? (
                  <div className="api-deferred" data-detail-src={detailFragmentPath(fragmentRoot, 'sample', `${operation.operationId}-${position}`)} aria-busy="true">
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
      ) : null}
    </>
  );
}
