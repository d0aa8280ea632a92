import type { ApiMedia, ApiOperation, ApiParameter, SchemaNode } from '@/lib/openapi/model';
import { Constraints, SchemaTree, typeLabel, type SchemaIndex } from './schema-tree';
import type { RequestSample, SampleLanguage, SampleRequest } from '@/lib/samples';
import { StaticCodeBlock } from './static-code-block';
import { StaticTabs } from './static-tabs';
import { DataTable } from '@/components/ui/data-table';

/** Highlights code to HTML; provided by the build step (scripts/api-reference/render-fragments.tsx). */
export type Highlight = (code: string, language: string) => string;

function ParametersTable({ parameters, index }: { parameters: readonly ApiParameter[]; index: SchemaIndex }) {
  return (
    <DataTable
      className="api-table"
      rows={parameters}
      rowKey={(parameter) => `${parameter.in}:${parameter.name}`}
      columns={[
        { header: 'In', cell: (parameter) => (parameter.in === 'querystring' ? 'query string' : parameter.in) },
        {
          header: 'Name',
          cell: (parameter) => (
            <>
              <code>{parameter.name}</code>
              {parameter.deprecated ? <span className="badge badge--deprecated">deprecated</span> : null}
            </>
          ),
        },
        { header: 'Type', cell: (parameter) => typeLabel(parameter.schema, index) },
        { header: 'Required', cell: (parameter) => (parameter.required ? 'yes' : 'no') },
        {
          header: 'Description',
          cell: (parameter) => (
            <>
              {parameter.descriptionHtml ? (
                <div dangerouslySetInnerHTML={{ __html: parameter.descriptionHtml }} />
              ) : null}
              <Constraints node={parameter.schema} index={index} />
            </>
          ),
        },
      ]}
    />
  );
}

/**
 * A body's media type, schema and example. An error body (`plain`) is a few lines of JSON in a closed
 * disclosure: its example is plain text and its named schema a link, which keeps the page's DOM small for
 * assistive technology.
 */
function MediaView({
  media,
  exampleTitle,
  highlight,
  index,
  plain = false,
}: {
  media: ApiMedia;
  exampleTitle: string;
  highlight: Highlight;
  index: SchemaIndex;
  plain?: boolean;
}) {
  if (media.itemSchema)
    return (
      <StreamView
        media={media}
        itemSchema={media.itemSchema}
        exampleTitle={exampleTitle}
        highlight={highlight}
        index={index}
      />
    );
  return (
    <div className="api-media">
      <p className="api-media__type">{media.contentType}</p>
      {media.schema ? (
        <SchemaTree node={media.schema} index={index} brief={plain && media.example !== undefined} />
      ) : null}
      {media.example && plain ? (
        <pre className="api-example" tabIndex={0} aria-label={exampleTitle}>
          <code>{media.example}</code>
        </pre>
      ) : null}
      {media.example && !plain ? (
        <StaticCodeBlock html={highlight(media.example, 'json')} title={exampleTitle} />
      ) : null}
    </div>
  );
}

/** A streamed body (OpenAPI 3.2 `itemSchema`): "a stream of" its item, the item's schema and one item's example. */
function StreamView({
  media,
  itemSchema,
  exampleTitle,
  highlight,
  index,
}: {
  media: ApiMedia;
  itemSchema: SchemaNode;
  exampleTitle: string;
  highlight: Highlight;
  index: SchemaIndex;
}) {
  return (
    <div className="api-media api-media--stream">
      <p className="api-media__type">
        {media.contentType} <span className="badge">stream</span>
      </p>
      <p className="api-media__stream">
        A stream of <strong>{typeLabel(itemSchema, index)}</strong>, sent one item at a time
        {STREAM_FRAMING[media.contentType.split(';')[0]?.trim() ?? ''] ?? ''}.
      </p>
      <SchemaTree node={itemSchema} index={index} />
      {media.example ? (
        <StaticCodeBlock html={highlight(media.example, 'json')} title={`${exampleTitle}: one item`} />
      ) : null}
    </div>
  );
}

/** How each sequential media type frames its items, for the sentence under it. */
const STREAM_FRAMING: Record<string, string> = {
  'text/event-stream': ' as server-sent events',
  'application/jsonl': ', one JSON document per line',
  'application/x-ndjson': ', one JSON document per line',
  'application/json-seq': ', each JSON text after a record separator (RFC 7464)',
  'multipart/mixed': ', each in its own part',
};

/** One language's sample: its highlighted code, or why the request has none in that language. */
export function SampleBlock({ sample, highlight }: { sample: RequestSample; highlight: Highlight }) {
  return 'code' in sample ? (
    <StaticCodeBlock html={highlight(sample.code, sample.highlight)} />
  ) : (
    <p className="api-sample-problem">{sample.problem}</p>
  );
}

/**
 * An operation's request samples: the default language's in the page; the other HTTP languages written in the
 * browser from `request` when picked (lib/samples, the same generator); kilowise-client's from its file.
 */
export interface DetailSamples {
  first: RequestSample;
  request: SampleRequest;
  others: { language: SampleLanguage; src?: string }[];
}

/** What an operation's detail shows; a webhook has the same parts, without samples. */
export type DetailSubject = Pick<ApiOperation, 'operationId' | 'parameters' | 'requestBody' | 'responses'>;

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
  samples,
  webhook = false,
}: {
  operation: DetailSubject;
  highlight: Highlight;
  index: SchemaIndex;
  samples?: DetailSamples;
  webhook?: boolean;
}) {
  return (
    <>
      {operation.parameters.length > 0 ? (
        <>
          <h4>Parameters</h4>
          <ParametersTable parameters={operation.parameters} index={index} />
        </>
      ) : null}
      {operation.requestBody ? (
        <RequestBody body={operation.requestBody} highlight={highlight} index={index} webhook={webhook} />
      ) : null}
      <h4>{webhook ? 'Responses Kilowise expects' : 'Responses'}</h4>
      <div className="responses">
        {operation.responses.map((response) => (
          <Response key={response.status} response={response} highlight={highlight} index={index} />
        ))}
      </div>
      {samples ? <RequestSamples operationId={operation.operationId} samples={samples} highlight={highlight} /> : null}
    </>
  );
}

/** The request body (a webhook's payload): whether it is required, its description, and each media type's schema. */
function RequestBody({
  body,
  highlight,
  index,
  webhook,
}: {
  body: NonNullable<DetailSubject['requestBody']>;
  highlight: Highlight;
  index: SchemaIndex;
  webhook: boolean;
}) {
  return (
    <>
      <h4>
        {webhook ? 'Payload' : 'Request body'}
        {body.required ? ' (required)' : ''}
      </h4>
      {body.descriptionHtml ? (
        <div className="operation__description" dangerouslySetInnerHTML={{ __html: body.descriptionHtml }} />
      ) : null}
      {body.media.map((media) => (
        <MediaView
          key={media.contentType}
          media={media}
          exampleTitle={webhook ? 'Payload example' : 'Request example'}
          highlight={highlight}
          index={index}
        />
      ))}
    </>
  );
}

/** One response, open when it is a success: its status, summary and description, then each media type's schema. */
function Response({
  response,
  highlight,
  index,
}: {
  response: DetailSubject['responses'][number];
  highlight: Highlight;
  index: SchemaIndex;
}) {
  return (
    <details className={`response response--${response.status[0]}xx`} open={response.status.startsWith('2')}>
      <summary>
        <span className="response__status">{response.status}</span>{' '}
        {response.summary ? <strong className="response__summary">{response.summary}</strong> : null}
        {response.summary && response.descriptionHtml ? ' ' : null}
        {response.descriptionHtml ? (
          <span className="response__description" dangerouslySetInnerHTML={{ __html: response.descriptionHtml }} />
        ) : null}
      </summary>
      {response.media.map((media) => (
        <MediaView
          key={media.contentType}
          media={media}
          exampleTitle={`${response.status} example`}
          highlight={highlight}
          index={index}
          plain={!response.status.startsWith('2')}
        />
      ))}
    </details>
  );
}

/** The request samples as tabs: the first in the page, the others slots that load their fragment when opened. */
function RequestSamples({
  operationId,
  samples,
  highlight,
}: {
  operationId: string;
  samples: DetailSamples;
  highlight: Highlight;
}) {
  return (
    <>
      <h4>Request samples</h4>
      <div data-sample-request={JSON.stringify(samples.request)}>
        <StaticTabs
          idPrefix={`samples-${operationId}`}
          tabs={[
            {
              label: samples.first.label,
              language: samples.first.id,
              content: <SampleBlock sample={samples.first} highlight={highlight} />,
            },
            ...samples.others.map(({ language, src }) => ({
              label: language.label,
              language: language.id,
              content: (
                <div
                  className="api-deferred"
                  data-sample-src={src}
                  data-sample-of={operationId}
                  data-sample-language={language.id}
                  aria-busy="true"
                >
                  <p className="api-deferred__note">Loading the {language.label} sample…</p>
                </div>
              ),
            })),
          ]}
        />
      </div>
    </>
  );
}
