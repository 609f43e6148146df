// CORS: which browser origins may call the API, preflight answers, and the headers actual answers carry for them.

export interface CorsOptions {
  /**
   * Origins whose pages may call the API, e.g. `https://app.example.com` (scheme, host and port
   * only); `*` allows every origin. The answer always names the caller's own origin, never `*`.
   */
  readonly origins: readonly string[];
  /** How long a browser may keep a preflight answer, in seconds. Default 600. */
  readonly maxAgeSeconds?: number;
}

/** The request headers a browser may send: the API key and the JSON body's type. */
const ALLOWED_HEADERS = 'Authorization, Content-Type';
/** Response headers a browser app reads beyond the CORS-safelisted ones, exposed when an answer has them. */
const EXPOSABLE_HEADERS = ['Content-Disposition', 'X-Document-Id', 'X-Template-Id', 'X-Request-Id', 'X-Pagesmith-Warnings', 'X-Page-Count', 'WWW-Authenticate', 'Allow'] as const;
const DEFAULT_MAX_AGE_SECONDS = 600;

export interface CorsPolicy {
  /** The request's `Origin` when it may read the answer, else null (then no CORS header is added). */
  allowedOrigin(request: Request): string | null;
  /** Whether the request is a browser's preflight (OPTIONS with `Access-Control-Request-Method`). */
  isPreflight(request: Request): boolean;
  /** 204 for a preflight from an allowed origin to a path taking `methods`. */
  preflight(origin: string, methods: readonly string[]): Response;
  /** The answer with `Vary: Origin`, and for an allowed origin its CORS headers. */
  decorate(response: Response, origin: string | null): Response;
}

/** Throws when an origin is not of the form `scheme://host[:port]` (or `*`) or the max age is not a whole number. */
export function createCorsPolicy(options: CorsOptions): CorsPolicy {
  const anyOrigin = options.origins.includes('*');
  const origins = new Set(options.origins.filter((origin) => origin !== '*').map(normaliseOrigin));
  const maxAge = options.maxAgeSeconds ?? DEFAULT_MAX_AGE_SECONDS;
  if (!Number.isSafeInteger(maxAge) || maxAge < 0) throw new TypeError(`cors.maxAgeSeconds must be a whole number of seconds, not ${String(maxAge)}`);
  return {
    allowedOrigin(request) {
      const origin = request.headers.get('origin');
      if (origin === null || origin === 'null') return null;
      return anyOrigin || origins.has(origin) ? origin : null;
    },
    isPreflight(request) {
      return request.method === 'OPTIONS' && request.headers.has('access-control-request-method');
    },
    preflight(origin, methods) {
      return new Response(null, {
        status: 204,
        headers: {
          'access-control-allow-origin': origin,
          'access-control-allow-methods': methods.join(', '),
          'access-control-allow-headers': ALLOWED_HEADERS,
          'access-control-max-age': String(maxAge),
          vary: 'Origin, Access-Control-Request-Method, Access-Control-Request-Headers',
        },
      });
    },
    decorate(response, origin) {
      const headers = response.headers;
      headers.append('vary', 'Origin');
      if (origin === null) return response;
      headers.set('access-control-allow-origin', origin);
      const exposed = EXPOSABLE_HEADERS.filter((name) => headers.has(name));
      if (exposed.length > 0) headers.set('access-control-expose-headers', exposed.join(', '));
      return response;
    },
  };
}

/** `https://App.example.com:443/` → `https://app.example.com`, the form browsers send in `Origin`. */
function normaliseOrigin(origin: string): string {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    throw new TypeError(`cors: ${JSON.stringify(origin)} is not an origin; write it as scheme://host[:port], e.g. https://app.example.com`);
  }
  if (url.origin === 'null' || url.pathname.length > 1 || url.search !== '' || url.hash !== '' || url.username !== '' || url.password !== '') {
    throw new TypeError(`cors: ${JSON.stringify(origin)} is not an origin; write it as scheme://host[:port], e.g. https://app.example.com`);
  }
  return url.origin;
}
