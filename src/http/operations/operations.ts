// The operations routes' answers: readiness from the service's checks (503 with the reason, or while shutting down), metrics from the handler's registry.
import type { Registry } from 'prom-client';
import type { DependencyCheck, DocumentService } from '../../service/index.js';
import { jsonResponse } from '../json-response.js';
import type { OperationsAnswers } from '../routes.js';
import { createHttpMetrics, type HttpMetrics } from './http-metrics.js';

export interface OperationsOptions {
  /**
   * Readiness checks beside the service's own (its stores' `ping`, the engine's render threads,
   * the template threads), by name: each resolves when its dependency answers, e.g.
   * `{ redis: () => redis.ping() }`.
   */
  readonly checks?: Readonly<Record<string, () => Promise<unknown>>>;
  /** Once aborted, `GET /readyz` answers 503 `shutting down` without asking anything, so load balancers drain this server. */
  readonly shutdown?: AbortSignal;
  /** How long each readiness check may take before it counts as failed; default 5000 ms. */
  readonly readinessTimeoutMs?: number;
  /** Register the metrics in this prom-client registry (your app's, say) instead of one of the handler's own. */
  readonly registry?: Registry;
  /** prom-client's default process and Node.js metrics in `GET /metrics`, from the first scrape on; default true. */
  readonly processMetrics?: boolean;
}

export interface Operations extends OperationsAnswers {
  readonly metrics: () => Promise<Response>;
  readonly counters: HttpMetrics;
}

const NO_STORE = { 'cache-control': 'no-store' };

export function createOperations(service: DocumentService, options: OperationsOptions = {}): Operations {
  const counters = createHttpMetrics(service.operations, {
    ...(options.registry && { registry: options.registry }),
    ...(options.processMetrics !== undefined && { processMetrics: options.processMetrics }),
  });
  // Probes arriving together share one round of checks.
  let pending: Promise<readonly DependencyCheck[]> | undefined;
  const shuttingDown = (): Response => jsonResponse(503, { status: 'unavailable', reason: 'shutting down', checks: [] }, NO_STORE);
  return {
    counters,
    async readiness() {
      if (options.shutdown?.aborted) return shuttingDown();
      pending ??= service.operations
        .readiness({ ...(options.readinessTimeoutMs !== undefined && { timeoutMs: options.readinessTimeoutMs }), ...(options.checks && { checks: options.checks }) })
        .finally(() => {
          pending = undefined;
        });
      const checks = await pending;
      if (options.shutdown?.aborted) return shuttingDown();
      const failed = checks.filter((check) => !check.ok);
      const body = {
        status: failed.length === 0 ? 'ok' : 'unavailable',
        ...(failed.length > 0 && { reason: failed.map((check) => `${check.name}: ${check.reason}`).join('; ') }),
        checks: checks.map((check) => ({
          name: check.name,
          status: check.ok ? 'ok' : 'failed',
          ...(check.reason !== undefined && { reason: check.reason }),
          duration_ms: Math.round(check.durationMs * 10) / 10,
        })),
      };
      return jsonResponse(failed.length === 0 ? 200 : 503, body, NO_STORE);
    },
    async metrics() {
      const { body, contentType } = await counters.scrape();
      return new Response(body, { status: 200, headers: { 'content-type': contentType, ...NO_STORE } });
    },
  };
}
