import type { Duplex } from 'node:stream';

/**
 * The status line of what Node's HTTP parser refuses, as Node's own answer gives it: 431 for a request line and
 * headers past the 16 KB it reads, 400 for anything else that is not well-formed HTTP.
 */
export const parserRefusal = (error: Error & { code?: string }) =>
  error.code === 'HPE_HEADER_OVERFLOW'
    ? ({ tooLarge: true, status: '431 Request Header Fields Too Large' } as const)
    : ({ tooLarge: false, status: '400 Bad Request' } as const);

/**
 * An HTTP/1.1 answer written straight to a socket and the connection closed, where no ServerResponse exists (a
 * request Node's parser refused): the status line, `headers`, Content-Length and Connection: close, then `body`.
 */
export function writeRawAnswer(
  socket: Duplex,
  status: string,
  headers: readonly [string, string][],
  body: string,
): void {
  const lines = [
    ...headers.map(([name, value]) => `${name}: ${value}`),
    `Content-Length: ${Buffer.byteLength(body)}`,
    'Connection: close',
  ];
  socket.end(`HTTP/1.1 ${status}\r\n${lines.join('\r\n')}\r\n\r\n${body}`);
}
