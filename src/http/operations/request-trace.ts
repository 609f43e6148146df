// RequestTrace: one request followed from arrival to its answer's last byte — its id echoed, its access line logged, its metrics counted.
import type { HttpMetrics } from './http-metrics.js';
import type { Logger } from './logger.js';
import { isUnmatched } from '../unmatched.js';
import { observeResponse } from './observe-response.js';
import { requestIdOf } from './request-id.js';

/** The route label of a request no route has. */
export const UNMATCHED_ROUTE = '(unmatched)';

export interface RequestTrace {
  readonly requestId: string;
  /** The authenticated caller, once known; logged as `account`. */
  account: string | null;
  /** The route pattern matched, once known. */
  route: string;
  /** The answer to send, logged and counted once its body has gone out. */
  finish(response: Response): Response;
}

export interface TraceSinks {
  readonly metrics?: HttpMetrics | undefined;
  readonly logger?: Logger | undefined;
}

/** Starts following `request`; nothing of its body, query or headers but the method and X-Request-Id is kept. */
export function traceRequest(request: Request, sinks: TraceSinks): RequestTrace {
  const started = performance.now();
  const requestId = requestIdOf(request);
  sinks.metrics?.requestStarted();
  const trace: RequestTrace = {
    requestId,
    account: null,
    route: UNMATCHED_ROUTE,
    finish(response) {
      if (!sinks.metrics && !sinks.logger) return response;
      return observeResponse(response, (bytes, complete) => {
        // A 404 for a path no route has, dropped unread: middleware handed the request on to the
        // rest of the app, whose request this is, not pagesmith's.
        if (!complete && bytes === 0 && isUnmatched(response)) {
          sinks.metrics?.requestHandedOn();
          return;
        }
        const seconds = (performance.now() - started) / 1000;
        sinks.metrics?.requestFinished({ method: request.method, route: trace.route, status: response.status }, seconds);
        if (!sinks.logger) return;
        const line = {
          request_id: requestId,
          method: request.method,
          route: trace.route,
          status: response.status,
          duration_ms: Math.round(seconds * 10_000) / 10,
          bytes_out: bytes,
          account: trace.account,
          ...(!complete && { aborted: true }),
        };
        try {
          sinks.logger.info(line, 'request');
        } catch {
          // A failing logger must not fail the answer.
        }
      });
    },
  };
  return trace;
}
