// The request id: the caller's X-Request-Id when it is a sane one, else a new UUID; echoed in the answer and logged.
import { randomUUID } from 'node:crypto';

export const REQUEST_ID_HEADER = 'x-request-id';
/** Longest request id taken from a caller. */
export const MAX_REQUEST_ID_LENGTH = 128;
/** Visible ASCII only: no spaces, control characters or anything a log line or header would have to escape. */
const SANE = new RegExp(`^[\\x21-\\x7e]{1,${MAX_REQUEST_ID_LENGTH}}$`);

/** The request's `X-Request-Id` if it is 1 to 128 visible ASCII characters; otherwise a new UUID. */
export function requestIdOf(request: Request): string {
  const given = request.headers.get(REQUEST_ID_HEADER);
  return given !== null && SANE.test(given) ? given : randomUUID();
}
