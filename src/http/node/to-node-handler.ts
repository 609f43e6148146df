// toNodeHandler: a fetch handler as a `(req, res)` listener for node:http and Fastify, and `(req, res, next)` middleware for Express.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FetchHandler } from '../create-fetch-handler.js';
import { errorResponse } from '../error-response.js';
import { isUnmatched } from '../unmatched.js';
import { drainRequest } from './drain-request.js';
import { answerUnfetchableMethod, UNFETCHABLE_METHODS } from './unfetchable-method.js';
import { toWebRequest } from './web-request.js';
import { nodeHeaders, writeResponse } from './write-response.js';

/**
 * A node:http listener, and Express (Connect) middleware: given `next`, a request for a path no
 * route has is passed on to it, unread, instead of being answered 404.
 */
export type NodeHandler = (req: IncomingMessage, res: ServerResponse, next?: (error?: unknown) => void) => Promise<void>;

export interface NodeHandlerOptions {
  /**
   * After answering before the request body has all arrived (a 413, say), how long to go on reading
   * and discarding it so the client gets to read the answer instead of a reset connection. Default 5000 ms.
   */
  readonly drainTimeoutMs?: number;
  /** The most bytes discarded that way; past either bound the connection is closed. Default 64 MiB. */
  readonly drainMaxBytes?: number;
}

export function toNodeHandler(handler: FetchHandler, options: NodeHandlerOptions = {}): NodeHandler {
  const bounds = { timeoutMs: options.drainTimeoutMs ?? 5000, maxBytes: options.drainMaxBytes ?? 64 * 1024 * 1024 };
  return async (req, res, next) => {
    const gone = new AbortController();
    res.once('close', () => {
      if (!res.writableFinished) gone.abort();
    });
    let response: Response;
    try {
      response = UNFETCHABLE_METHODS.has(req.method ?? '') ? await answerUnfetchableMethod(handler, req) : await handler(toWebRequest(req, gone.signal));
    } catch (error) {
      response = errorResponse(error);
    }
    // Middleware: the rest of the app may have the path. Nothing of the request was read.
    if (typeof next === 'function' && isUnmatched(response)) {
      await response.body?.cancel().catch(() => undefined);
      next();
      return;
    }
    if (res.destroyed) {
      await response.body?.cancel().catch(() => undefined);
      return;
    }
    if (req.complete) {
      await writeResponse(res, response);
      return;
    }
    // Answered before the body all arrived: send the whole answer, then drain before closing,
    // because closing a socket with unread input resets it and the client may never see the answer.
    const bytes = new Uint8Array(await response.arrayBuffer());
    res.writeHead(response.status, { ...nodeHeaders(response), 'content-length': String(bytes.byteLength), connection: 'close' });
    res.write(bytes);
    const ended = await drainRequest(req, bounds);
    res.end(() => {
      if (!ended) req.socket?.destroy();
    });
  };
}
