// Matches a method and path against the route table: the route and its path parameters, or 404, or 405 with Allow.
import { MethodNotAllowedError, RouteNotFoundError } from '../errors/index.js';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RoutePattern {
  readonly method: HttpMethod;
  /** Literal segments and `:name` parameters, e.g. `/v1/templates/:template_id`. */
  readonly path: string;
}

export interface RouteMatch<R> {
  readonly route: R;
  readonly params: Readonly<Record<string, string>>;
}

export interface Router<R> {
  /** Throws RouteNotFoundError when no route has the path, MethodNotAllowedError when none has it for `method`. */
  match(method: string, path: string): RouteMatch<R>;
}

export function createRouter<R extends RoutePattern>(routes: readonly R[]): Router<R> {
  const compiled = routes.map((route) => ({ route, segments: route.path.split('/').slice(1) }));
  return {
    match(method, path) {
      const segments = splitPath(path);
      const allowed: RouteMatch<R>[] = [];
      if (segments !== null) {
        for (const { route, segments: pattern } of compiled) {
          const params = matchSegments(pattern, segments);
          if (params !== null) allowed.push({ route, params });
        }
      }
      if (allowed.length === 0) throw new RouteNotFoundError({ detail: `${method} ${path}` });
      const found = allowed.find(({ route }) => route.method === method);
      if (found) return found;
      throw new MethodNotAllowedError([...new Set(allowed.map(({ route }) => route.method))], { detail: `${method} ${path}` });
    },
  };
}

/** Path segments, decoded; one trailing slash is ignored. Null when a segment is not valid percent-encoding. */
function splitPath(path: string): string[] | null {
  const trimmed = path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
  try {
    return trimmed.split('/').slice(1).map((segment) => decodeURIComponent(segment));
  } catch {
    return null;
  }
}

function matchSegments(pattern: readonly string[], segments: readonly string[]): Record<string, string> | null {
  if (pattern.length !== segments.length) return null;
  const params: Record<string, string> = {};
  for (let index = 0; index < pattern.length; index += 1) {
    const expected = pattern[index] as string;
    const actual = segments[index] as string;
    if (expected.startsWith(':')) {
      if (actual === '') return null;
      params[expected.slice(1)] = actual;
    } else if (expected !== actual) {
      return null;
    }
  }
  return params;
}
