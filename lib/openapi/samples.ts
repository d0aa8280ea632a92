/** What a code sample needs to know of an operation. */
export interface SampleInput {
  method: string;
  path: string;
  serverUrl: string;
  /** The parameters the request sends, each with its value (the example, or a placeholder such as `<userId>`). */
  parameters: { in: string; name: string; value: string }[];
  /** Name of the API-key header, when the operation needs one. */
  apiKeyHeader?: string;
  body?: { contentType: string; example?: string };
  /** Whether a successful response has a body worth reading. */
  returnsBody: boolean;
}

/** The request URL with path parameters filled in and query parameters appended. */
export function sampleUrl(input: SampleInput): string {
  let path = input.path;
  for (const parameter of input.parameters.filter((p) => p.in === 'path')) {
    path = path.replace(`{${parameter.name}}`, encodeURIComponent(parameter.value));
  }
  const query = new URLSearchParams();
  for (const parameter of input.parameters.filter((p) => p.in === 'query')) {
    query.set(parameter.name, parameter.value);
  }
  const search = query.toString();
  return `${input.serverUrl.replace(/\/$/, '')}${path}${search ? `?${search}` : ''}`;
}

function headers(input: SampleInput): [string, string][] {
  const list: [string, string][] = [];
  if (input.apiKeyHeader) list.push([input.apiKeyHeader, '$KILOWISE_API_KEY']);
  for (const parameter of input.parameters.filter((p) => p.in === 'header')) {
    list.push([parameter.name, parameter.value]);
  }
  if (input.body) list.push(['content-type', input.body.contentType]);
  return list;
}

const shellQuote = (value: string) => `'${value.replace(/'/g, `'\\''`)}'`;
const jsString = (value: string) => `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

/** A curl command for the operation, with the key read from the environment. */
export function curlSample(input: SampleInput): string {
  const lines = [`curl -X ${input.method.toUpperCase()} ${shellQuote(sampleUrl(input))}`];
  for (const [name, value] of headers(input)) {
    lines.push(value.startsWith('$') ? `-H "${name}: ${value}"` : `-H ${shellQuote(`${name}: ${value}`)}`);
  }
  if (input.body?.example) lines.push(`-d ${shellQuote(input.body.example)}`);
  return lines.join(' \\\n  ');
}

/** The same request with the Fetch API, for Node.js 18+ and browsers. */
export function fetchSample(input: SampleInput): string {
  const headerLines = headers(input).map(([name, value]) =>
    value.startsWith('$') ? `    ${jsString(name)}: process.env.KILOWISE_API_KEY ?? '',` : `    ${jsString(name)}: ${jsString(value)},`,
  );
  const options = [`  method: '${input.method.toUpperCase()}',`];
  if (headerLines.length > 0) options.push('  headers: {', ...headerLines, '  },');
  if (input.body?.example) options.push(`  body: JSON.stringify(${input.body.example.replace(/\n/g, '\n  ')}),`);
  return [
    `const response = await fetch(${jsString(sampleUrl(input))}, {`,
    ...options,
    '});',
    "if (!response.ok) throw new Error(`Kilowise answered ${response.status}: ${(await response.json()).message}`);",
    ...(input.returnsBody ? ['const data = await response.json();'] : []),
  ].join('\n');
}
