// Methods the Fetch API refuses to carry (TRACE, TRACK, CONNECT): answered 405 (or 404) from what the handler says the path takes.
import type { IncomingMessage } from 'node:http';
import { MethodNotAllowedError, RouteNotFoundError } from '../../errors/index.js';
import type { FetchHandler } from '../create-fetch-handler.js';
import { errorResponse } from '../error-response.js';
import { isUnmatched, markUnmatched } from '../unmatched.js';
import { requestUrl } from './web-request.js';

/** The Fetch standard's forbidden methods: `new Request()` throws for them, so they never reach a fetch handler. */
export const UNFETCHABLE_METHODS: ReadonlySet<string> = new Set(['CONNECT', 'TRACE', 'TRACK']);

/**
 * Asks the handler about the path with a bodiless OPTIONS request, without the caller's headers:
 * its 404 stays a 404, anything else becomes 405 with the `Allow` it gave.
 */
export async function answerUnfetchableMethod(handler: FetchHandler, req: IncomingMessage): Promise<Response> {
  const url = requestUrl(req);
  const detail = `${req.method ?? ''} ${url}`;
  const probe = await handler(new Request(url, { method: 'OPTIONS' }));
  await probe.body?.cancel().catch(() => undefined);
  if (probe.status === 404) {
    const notFound = errorResponse(new RouteNotFoundError({ detail }));
    return isUnmatched(probe) ? markUnmatched(notFound) : notFound;
  }
  const allow = (probe.headers.get('allow') ?? '').split(',').map((method) => method.trim()).filter((method) => method !== '');
  return errorResponse(new MethodNotAllowedError(allow, { detail }));
}
