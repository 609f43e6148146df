// answerClientError: a `clientError` listener for node:http servers, answering what Node's parser refuses with the JSON envelope.
import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import { HeadersTooLargeError, MalformedRequestError, RequestTimeoutError, type PagesmithError } from '../../errors/index.js';
import { errorAnswer } from '../error-response.js';

/**
 * `server.on('clientError', answerClientError)`: requests Node cannot parse (431 headers too large,
 * 408 too slow, 400 anything else malformed) get `{ success: false, message, data: [] }` instead of
 * Node's bare status line; the connection is then closed, as Node closes it.
 */
export function answerClientError(error: Error & { code?: string }, socket: Duplex): void {
  // Nothing can be answered on a connection that is gone, or once an answer has begun on it.
  const inFlight = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (error.code === 'ECONNRESET' || !socket.writable || inFlight?.headersSent === true) {
    socket.destroy();
    return;
  }
  const { status, headers, body } = errorAnswer(clientErrorFor(error));
  const lines = [`HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}`];
  for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
  lines.push(`content-length: ${Buffer.byteLength(body)}`, 'connection: close');
  socket.end(`${lines.join('\r\n')}\r\n\r\n${body}`);
  // A peer that never reads or closes its side must not keep the socket open.
  const timer = setTimeout(() => socket.destroy(), 5_000);
  timer.unref();
  socket.once('close', () => clearTimeout(timer));
}

function clientErrorFor(error: Error & { code?: string }): PagesmithError {
  const options = { detail: `${error.code ?? error.name}: ${error.message}`, cause: error };
  switch (error.code) {
    case 'HPE_HEADER_OVERFLOW':
      return new HeadersTooLargeError(options);
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return new RequestTimeoutError(options);
    default:
      return new MalformedRequestError(options);
  }
}
