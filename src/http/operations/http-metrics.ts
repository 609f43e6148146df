// HttpMetrics: the handler's Prometheus metrics (prom-client) in a registry of its own — requests, renders, refusals, limits, threads.
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { limitFailure, type DocumentReport, type ServiceOperations } from '../../service/index.js';
import { LimitReachedError } from '../../errors/index.js';

/** What one finished request is counted under. */
export interface RequestLabels {
  readonly method: string;
  /** The route pattern (`/v1/templates/:template_id`), or `(unmatched)`. */
  readonly route: string;
  readonly status: number;
}

export interface HttpMetrics {
  readonly registry: Registry;
  /** A request came in; it is in flight until `requestFinished`. */
  requestStarted(): void;
  requestFinished(labels: RequestLabels, seconds: number): void;
  /** A request middleware passed on to the rest of the app: no longer in flight, and not counted. */
  requestHandedOn(): void;
  /** A generate call made a document. */
  documentMade(report: DocumentReport): void;
  /** A call failed: counted when the quota refused it or a limit stopped it. */
  callFailed(error: unknown): void;
  /** The registry in Prometheus text format, and its content type. */
  scrape(): Promise<{ readonly body: string; readonly contentType: string }>;
}

export interface HttpMetricsOptions {
  /** Register in this registry instead of a new one. */
  readonly registry?: Registry;
  /** prom-client's default process and Node.js metrics, from the first scrape on; default true. */
  readonly processMetrics?: boolean;
}

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
const REQUEST_SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120];
const RENDER_SECONDS = [0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 20, 30, 60, 120];

export function createHttpMetrics(operations: ServiceOperations, options: HttpMetricsOptions = {}): HttpMetrics {
  const registry = options.registry ?? new Registry();
  const registers = [registry];
  const requests = new Counter({ name: 'pagesmith_http_requests_total', help: 'HTTP requests answered, by method, route pattern and status', labelNames: ['method', 'route', 'status'], registers });
  const duration = new Histogram({
    name: 'pagesmith_http_request_duration_seconds',
    help: 'From a request arriving to the last byte of its answer, by method and route pattern',
    labelNames: ['method', 'route'],
    buckets: REQUEST_SECONDS,
    registers,
  });
  const inFlight = new Gauge({ name: 'pagesmith_http_requests_in_flight', help: 'Requests being answered now', registers });
  const documents = new Counter({ name: 'pagesmith_documents_total', help: 'Documents made and counted against the quota, by response_type', labelNames: ['response_type'], registers });
  const pages = new Counter({ name: 'pagesmith_pages_rendered_total', help: 'Pages of the documents made', registers });
  const renderTime = new Histogram({
    name: 'pagesmith_render_duration_seconds',
    help: 'From a document’s template starting to its PDF, for documents made (what renderTimeoutMs bounds)',
    buckets: RENDER_SECONDS,
    registers,
  });
  const renderWarnings = new Counter({ name: 'pagesmith_render_warnings_total', help: 'Documents made with something printed other than asked (missing_glyphs: characters no font has), by warning code', labelNames: ['code'], registers });
  const refusals = new Counter({ name: 'pagesmith_quota_refusals_total', help: 'Generate calls refused because the monthly document limit was reached (400)', registers });
  const templateLimits = new Counter({ name: 'pagesmith_template_limit_failures_total', help: 'Renders stopped by a template limit (tags, output, iterations, memory, time, heap, markdownTime), by limit', labelNames: ['limit'], registers });
  const engineLimits = new Counter({ name: 'pagesmith_engine_limit_failures_total', help: 'Renders stopped by an engine limit (pages, nesting, time, memory), by limit', labelNames: ['limit'], registers });
  const restartCounter = (name: string, help: string, read: () => number): void => {
    new Counter({
      name,
      help,
      registers,
      collect() {
        this.reset();
        this.inc(read());
      },
    });
  };
  restartCounter('pagesmith_render_thread_restarts_total', 'Render threads ended by a failure (crash, heap, an abort they did not stop for) and replaced', () => operations.threadStats().render?.restarts ?? 0);
  restartCounter('pagesmith_template_thread_restarts_total', 'Template threads ended by a failure, a time limit or an abort and replaced', () => operations.threadStats().template.restarts);
  const threadGauges = (kind: 'render' | 'template'): void => {
    new Gauge({
      name: `pagesmith_${kind}_threads`,
      help: `${kind === 'render' ? 'Render' : 'Template'} threads running, by state (busy or idle)`,
      labelNames: ['state'],
      registers,
      collect() {
        const stats = operations.threadStats()[kind];
        this.set({ state: 'busy' }, stats?.busy ?? 0);
        this.set({ state: 'idle' }, (stats?.threads ?? 0) - (stats?.busy ?? 0));
      },
    });
    new Gauge({
      name: `pagesmith_${kind}_queue_length`,
      help: `${kind === 'render' ? 'Renders' : 'Template jobs'} waiting for a thread`,
      registers,
      collect() {
        this.set(operations.threadStats()[kind]?.queued ?? 0);
      },
    });
  };
  threadGauges('render');
  threadGauges('template');

  let processMetrics = options.processMetrics ?? true;
  return {
    registry,
    requestStarted: () => inFlight.inc(),
    requestHandedOn: () => inFlight.dec(),
    requestFinished({ method, route, status }, seconds) {
      inFlight.dec();
      const known = METHODS.has(method) ? method : 'OTHER';
      requests.inc({ method: known, route, status: String(status) });
      duration.observe({ method: known, route }, seconds);
    },
    documentMade(report) {
      documents.inc({ response_type: report.responseType });
      pages.inc(report.pages);
      renderTime.observe(report.renderMs / 1000);
      for (const warning of report.warnings) renderWarnings.inc({ code: warning.code });
    },
    callFailed(error) {
      if (error instanceof LimitReachedError) {
        refusals.inc();
        return;
      }
      const limit = limitFailure(error);
      if (limit?.stage === 'template') templateLimits.inc({ limit: limit.limit });
      else if (limit?.stage === 'engine') engineLimits.inc({ limit: limit.limit });
    },
    async scrape() {
      // Started on the first scrape, so handlers nobody scrapes set up no event-loop monitor or GC observer.
      if (processMetrics) {
        processMetrics = false;
        collectDefaultMetrics({ register: registry });
      }
      return { body: await registry.metrics(), contentType: registry.contentType };
    },
  };
}
