// createFetchHandler: the service over HTTP as a web-standard `(request: Request) => Promise<Response>`.
import { PagesmithError, RouteNotFoundError } from '../errors/index.js';
import type { DocumentService, Principal } from '../service/index.js';
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
}

const ANONYMOUS: Principal = { accountId: '' };

export function createFetchHandler(service: DocumentService, options: FetchHandlerOptions): FetchHandler {
  const prefix = normalisePrefix(options.prefix ?? '');
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const routes = createRoutes();
  const router = createRouter(routes);
  const cors = options.cors === undefined ? undefined : createCorsPolicy(options.cors);
  let openApiBody: string | undefined;
  const openApi = (): Response => {
    openApiBody ??= JSON.stringify(buildOpenApiDocument(routes, { prefix }));
    return new Response(openApiBody, { status: 200, headers: { 'content-type': 'application/json' } });
  };

  async function respond(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const path = withoutPrefix(url.pathname, prefix);
    if (path === null) throw new RouteNotFoundError({ detail: `${request.method} ${url.pathname} is outside ${prefix}` });
    const { route, params } = router.match(request.method, path);
    const principal = route.auth ? await authenticateRequest(request, options.authenticate) : ANONYMOUS;
    const body = route.body ? await readJsonBody(request, maxBodyBytes) : undefined;
    const result = await route.handle({ service, principal, params, query: url.searchParams, body, openApi, signal: request.signal });
    if (result instanceof Response) return result;
    // A render abandoned because the client went away is no server fault worth a log line.
    if (!result.ok && result.status >= 500 && !request.signal.aborted) report(result.error, request);
    return outcomeResponse(result);
  }

  function report(error: unknown, request: Request): void {
    try {
      options.onError?.(error, request);
    } catch {
      // A failing logger must not turn into a second failure.
    }
  }

  async function answer(request: Request): Promise<Response> {
    try {
      return await respond(request);
    } catch (error) {
      const response = errorResponse(error);
      // No route has the path: an adapter may offer the request to the rest of the app.
      if (error instanceof RouteNotFoundError) markUnmatched(response);
      // A body that stopped arriving because the client went away is no server fault worth a log line.
      const clientGone = request.signal.aborted && !(error instanceof PagesmithError);
      if (response.status >= 500 && !clientGone) report(error, request);
      return response;
    }
  }

  /** A browser's preflight from an allowed origin, to a path that exists: 204 with what it may send. */
  function preflight(request: Request, origin: string): Response | null {
    const path = withoutPrefix(new URL(request.url).pathname, prefix);
    const methods = path === null ? null : router.methods(path);
    return methods === null ? null : (cors?.preflight(origin, methods) ?? null);
  }

  return async (request) => {
    const origin = cors?.allowedOrigin(request) ?? null;
    const early = cors && origin !== null && cors.isPreflight(request) ? preflight(request, origin) : null;
    const response = early ?? (await answer(request));
    const sent = request.method === 'HEAD' ? await withoutBody(response) : response;
    return cors ? cors.decorate(sent, origin) : sent;
  };
}

/** HEAD: the GET answer's status and headers, its length in Content-Length, and no body. */
async function withoutBody(response: Response): Promise<Response> {
  const headers = new Headers(response.headers);
  if (response.body !== null && !headers.has('content-length')) headers.set('content-length', String((await response.arrayBuffer()).byteLength));
  else await response.body?.cancel();
  const bodiless = new Response(null, { status: response.status, statusText: response.statusText, headers });
  return isUnmatched(response) ? markUnmatched(bodiless) : bodiless;
}
