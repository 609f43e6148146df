// createFetchHandler: the service over HTTP as a web-standard `(request: Request) => Promise<Response>`.
import { PagesmithError, RouteNotFoundError } from '../errors/index.js';
import type { DocumentReport, DocumentService, Principal } from '../service/index.js';
import type { RenderWarning } from '../engine/types.js';
import { characterName } from '../service/warnings-header.js';
import { authenticateRequest, type Authenticate } from './authenticate.js';
import { createCorsPolicy, type CorsOptions } from './cors.js';
import { errorResponse } from './error-response.js';
import { buildOpenApiDocument } from './openapi/build-openapi-document.js';
import { outcomeResponse } from './outcome-response.js';
import { normalisePrefix, withoutPrefix } from './prefix.js';
import { DEFAULT_MAX_BODY_BYTES, readJsonBody } from './read-json-body.js';
import { createRouter } from './router.js';
import { createRoutes } from './routes.js';
import { isUnmatched, markUnmatched } from './unmatched.js';
import type { JobQueue } from '../jobs/index.js';
import { registerJobMetrics } from './job-metrics.js';
import type { Logger } from './operations/logger.js';
import { createOperations, type OperationsOptions } from './operations/operations.js';
import { REQUEST_ID_HEADER } from './operations/request-id.js';
import { traceRequest, type RequestTrace } from './operations/request-trace.js';
import { createPlayground } from './playground/playground-response.js';

export type FetchHandler = (request: Request) => Promise<Response>;

export interface FetchHandlerOptions {
  /** Maps the Bearer API key of a request to its caller; null when it belongs to nobody. See `staticApiKeys`. */
  readonly authenticate: Authenticate;
  /** Mount path, e.g. `/pdf` serves `/pdf/v1/documents/generate`. Set the service's `baseUrl` to match, so download URLs carry it. */
  readonly prefix?: string;
  /** Largest request body accepted, in bytes; default 10 MiB. Larger ones get 413 as soon as the limit is passed. */
  readonly maxBodyBytes?: number;
  /** Told about every 5xx, with the error (its `detail` and `cause` say what happened): for logs. */
  readonly onError?: (error: unknown, request: Request) => void;
  /**
   * Lets pages from these origins call the API from a browser: preflights answered, answers
   * readable. Without it no CORS header is sent and browsers keep other origins out.
   */
  readonly cors?: CorsOptions;
  /**
   * `GET /healthz`, `/readyz` and `/metrics` (under the prefix, no API key): on by default;
   * `false` turns them off (404, and out of the OpenAPI document), an object tunes them —
   * extra readiness checks, a shutdown signal, the prom-client registry to register in.
   */
  readonly operations?: boolean | OperationsOptions;
  /**
   * Gets one access line per request at `info` once its answer has gone out (request id, method,
   * route pattern, status, time, bytes, account — never a body, a query, a header or an API key)
   * and every 5xx at `error`. A pino logger, say.
   */
  readonly logger?: Logger;
  /**
   * The queue for `POST /v1/jobs` and `GET /v1/jobs/:job_id` (from `openJobQueue`); without it they
   * answer 501. With operations on, readiness asks its Redis and `/metrics` shows its queues.
   */
  readonly jobs?: JobQueue;
  /**
   * `GET /playground` (under the prefix, no API key for the page itself): a page for writing templates
   * with a live preview, whose calls carry the key its user types. Off by default; `pagesmith serve`
   * turns it on when it binds a loopback address. Not in the OpenAPI document.
   */
  readonly playground?: boolean;
}

const ANONYMOUS: Principal = { accountId: '' };

export function createFetchHandler(service: DocumentService, options: FetchHandlerOptions): FetchHandler {
  const prefix = normalisePrefix(options.prefix ?? '');
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const operations = options.operations === false ? undefined : createOperations(service, withJobs(options.operations === true ? {} : (options.operations ?? {}), options.jobs));
  if (operations && options.jobs) registerJobMetrics(operations.counters.registry, options.jobs);
  const routes = createRoutes({ operations: operations !== undefined });
  const router = createRouter(routes);
  const sinks = { metrics: operations?.counters, logger: options.logger };
  const cors = options.cors === undefined ? undefined : createCorsPolicy(options.cors);
  const playground = options.playground === true ? createPlayground(prefix) : undefined;
  let openApiBody: string | undefined;
  const openApi = (): Response => {
    openApiBody ??= JSON.stringify(buildOpenApiDocument(routes, { prefix }));
    return new Response(openApiBody, { status: 200, headers: { 'content-type': 'application/json' } });
  };

  async function respond(request: Request, trace: RequestTrace): Promise<Response> {
    const url = new URL(request.url);
    const path = withoutPrefix(url.pathname, prefix);
    if (path === null) throw new RouteNotFoundError({ detail: `${request.method} ${url.pathname} is outside ${prefix}` });
    const page = playground?.route(path);
    if (playground && page) {
      trace.route = page;
      return playground.respond(request, path);
    }
    trace.route = router.pattern(path) ?? trace.route;
    const { route, params } = router.match(request.method, path);
    const principal = route.auth ? await authenticateRequest(request, options.authenticate) : ANONYMOUS;
    if (route.auth) trace.account = principal.accountId;
    const body = route.body ? await readJsonBody(request, maxBodyBytes) : undefined;
    const onDocument = (made: DocumentReport): void => {
      operations?.counters.documentMade(made);
      if (made.warnings.length > 0) warn(made.warnings, trace);
    };
    const call = { signal: request.signal, onDocument };
    const context = { service, principal, params, query: url.searchParams, body, openApi, signal: request.signal, call, ...(operations && { operations }), ...(options.jobs && { jobs: options.jobs }) };
    const result = await route.handle(context);
    if (result instanceof Response) return result;
    if (!result.ok) {
      operations?.counters.callFailed(result.error);
      // A render abandoned because the client went away is no server fault worth a log line.
      if (result.status >= 500 && !request.signal.aborted) report(result.error, request, trace);
    }
    return outcomeResponse(result);
  }

  /** A PDF made with boxes for missing characters is the caller's to fix, but worth a line for whoever runs the service. */
  function warn(warnings: readonly RenderWarning[], trace: RequestTrace): void {
    try {
      const fields = warnings.map((warning) => ({ code: warning.code, characters: warning.characters.map(characterName) }));
      options.logger?.warn({ request_id: trace.requestId, route: trace.route, account: trace.account, warnings: fields }, 'document printed with warnings');
    } catch {
      // A failing logger must not fail a document already made.
    }
  }

  function report(error: unknown, request: Request, trace: RequestTrace): void {
    try {
      options.logger?.error({ request_id: trace.requestId, method: request.method, route: trace.route, error: errorFields(error) }, 'request failed');
    } catch {
      // A failing logger must not turn into a second failure.
    }
    try {
      options.onError?.(error, request);
    } catch {
      // Nor a failing error listener.
    }
  }

  async function answer(request: Request, trace: RequestTrace): Promise<Response> {
    try {
      return await respond(request, trace);
    } catch (error) {
      const response = errorResponse(error);
      // No route has the path: an adapter may offer the request to the rest of the app.
      if (error instanceof RouteNotFoundError) markUnmatched(response);
      // A body that stopped arriving because the client went away is no server fault worth a log line.
      const clientGone = request.signal.aborted && !(error instanceof PagesmithError);
      if (response.status >= 500 && !clientGone) report(error, request, trace);
      return response;
    }
  }

  /** A browser's preflight from an allowed origin, to a path that exists: 204 with what it may send. */
  function preflight(request: Request, origin: string, trace: RequestTrace): Response | null {
    const path = withoutPrefix(new URL(request.url).pathname, prefix);
    const methods = path === null ? null : router.methods(path);
    if (path !== null) trace.route = router.pattern(path) ?? trace.route;
    return methods === null ? null : (cors?.preflight(origin, methods) ?? null);
  }

  return async (request) => {
    const trace = traceRequest(request, sinks);
    const origin = cors?.allowedOrigin(request) ?? null;
    const early = cors && origin !== null && cors.isPreflight(request) ? preflight(request, origin, trace) : null;
    const response = early ?? (await answer(request, trace));
    const sent = request.method === 'HEAD' ? await withoutBody(response) : response;
    // Stamped before CORS decorates the answer, so pages of allowed origins may read it.
    sent.headers.set(REQUEST_ID_HEADER, trace.requestId);
    return trace.finish(cors ? cors.decorate(sent, origin) : sent);
  };
}

/** What a log line says of an error: its name, message and detail, not its cause chain or stack. */
function errorFields(error: unknown): Record<string, string> {
  if (!(error instanceof Error)) return { message: String(error) };
  const detail = (error as Error & { detail?: unknown }).detail;
  return { type: error.name, message: error.message, ...(typeof detail === 'string' && { detail }) };
}

/** HEAD: the GET answer's status and headers, its length in Content-Length, and no body. */
async function withoutBody(response: Response): Promise<Response> {
  const headers = new Headers(response.headers);
  if (response.body !== null && !headers.has('content-length')) headers.set('content-length', String((await response.arrayBuffer()).byteLength));
  else await response.body?.cancel();
  const bodiless = new Response(null, { status: response.status, statusText: response.statusText, headers });
  return isUnmatched(response) ? markUnmatched(bodiless) : bodiless;
}

/** Readiness asks the job queue's Redis too. */
function withJobs(operations: OperationsOptions, jobs: JobQueue | undefined): OperationsOptions {
  return jobs ? { ...operations, checks: { ...operations.checks, job_queue: () => jobs.ping() } } : operations;
}
