// The media types OpenAPI 3.2 describes item by item (`itemSchema`): how a stream of each is framed, for the
// sandbox that writes one and the playground that reads one as it arrives.

/** The sequential media types, each with how its items are framed. */
const FRAMINGS = {
  'text/event-stream': 'events',
  'application/jsonl': 'lines',
  'application/x-ndjson': 'lines',
  'application/json-seq': 'record-separator',
  'multipart/mixed': 'multipart',
} as const;

type Framing = (typeof FRAMINGS)[keyof typeof FRAMINGS];

/** The boundary of the multipart streams the sandbox writes. */
export const MULTIPART_BOUNDARY = 'kilowise-sandbox-part';

/** The framing of a media type (parameters such as `; charset=utf-8` ignored), or undefined when it is not sequential. */
function framingOf(contentType: string): Framing | undefined {
  const essence = contentType.split(';')[0]?.trim().toLowerCase() ?? '';
  return essence in FRAMINGS ? FRAMINGS[essence as keyof typeof FRAMINGS] : undefined;
}

/** Whether the media type is one OpenAPI 3.2 streams item by item. */
export function isSequentialMediaType(contentType: string): boolean {
  return framingOf(contentType) !== undefined;
}

/** The `content-type` a stream of this media type is sent with (a multipart one names its boundary). */
export function streamContentType(contentType: string): string {
  return framingOf(contentType) === 'multipart' ? `multipart/mixed; boundary=${MULTIPART_BOUNDARY}` : contentType;
}

const json = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

/** The fields of a server-sent event: an item with `data`, `event`, `id` or `retry` is the event itself. */
function eventText(item: unknown, index: number): string {
  const fields =
    typeof item === 'object' && item !== null && !Array.isArray(item) ? (item as Record<string, unknown>) : undefined;
  const isEvent = fields !== undefined && ['data', 'event', 'id', 'retry'].some((name) => name in fields);
  const lines: string[] = [];
  if (isEvent) {
    if (fields.event !== undefined) lines.push(`event: ${json(fields.event)}`);
    lines.push(`id: ${fields.id === undefined ? String(index + 1) : json(fields.id)}`);
    if (fields.retry !== undefined) lines.push(`retry: ${json(fields.retry)}`);
    for (const line of json(fields.data ?? '').split('\n')) lines.push(`data: ${line}`);
  } else {
    lines.push(`id: ${index + 1}`, `data: ${json(item)}`);
  }
  return `${lines.join('\n')}\n\n`;
}

/** One item as the stream of `contentType` frames it (the closing text of a multipart stream is `streamEnd`'s). */
export function frameItem(contentType: string, item: unknown, index: number): string {
  switch (framingOf(contentType)) {
    case 'events':
      return eventText(item, index);
    case 'record-separator':
      return `\u001e${JSON.stringify(item)}\n`;
    case 'multipart':
      return `--${MULTIPART_BOUNDARY}\r\ncontent-type: application/json\r\n\r\n${JSON.stringify(item)}\r\n`;
    default:
      return `${JSON.stringify(item)}\n`;
  }
}

/** What closes a stream of `contentType` after its last item. */
export function streamEnd(contentType: string): string {
  return framingOf(contentType) === 'multipart' ? `--${MULTIPART_BOUNDARY}--\r\n` : '';
}

/**
 * Splits the text of a stream received so far into its whole items (as text: the JSON of each, or an event's
 * fields) and what is left of an item still arriving.
 */
export function splitItems(contentType: string, text: string): { items: string[]; rest: string } {
  const framing = framingOf(contentType);
  const boundary = /boundary=("?)([^";]+)\1/i.exec(contentType)?.[2] ?? MULTIPART_BOUNDARY;
  const separator =
    framing === 'events'
      ? /\r?\n\r?\n/
      : framing === 'record-separator'
        ? /\u001e/
        : framing === 'multipart'
          ? `--${boundary}`
          : /\r?\n/;
  const pieces = text.split(separator);
  let rest = pieces.pop() ?? '';
  // A JSON text sequence's record ends with a line feed (RFC 7464): the last one is whole once that has come.
  if (framing === 'record-separator' && rest.endsWith('\n')) {
    pieces.push(rest);
    rest = '';
  }
  const items = pieces
    .map((piece) => (framing === 'multipart' ? piece.replace(/^[\s\S]*?\r?\n\r?\n/, '') : piece).trim())
    .filter((piece) => piece !== '');
  // A multipart stream's closing `--boundary--` leaves `--` behind: no item there.
  return { items, rest: framing === 'multipart' && rest.trim() === '--' ? '' : rest };
}
