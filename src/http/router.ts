// Matches a method and path against the route table: the route and its path parameters, or 404, or 405 with Allow.
import { MethodNotAllowedError, RouteNotFoundError } from '../errors/index.js';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RoutePattern {
  readonly method: HttpMethod;
  /**
   * Literal segments and `:name` parameters, e.g. `/v1/templates/:template_id`; a parameter may
   * end in a literal suffix from a dot, `:n.png`, matching segments that end so (the value without it).
   */
  readonly path: string;
}

export interface RouteMatch<R> {
  readonly route: R;
  readonly params: Readonly<Record<string, string>>;
}

export interface Router<R> {
  /**
   * Throws RouteNotFoundError when no route has the path, MethodNotAllowedError when none has it for `method`.
   * HEAD is answered by the GET route of the path.
   */
  match(method: string, path: string): RouteMatch<R>;
  /** The methods the path takes, HEAD after GET, or null when no route has the path. */
  methods(path: string): readonly string[] | null;
  /** The route pattern the path matches (`/v1/templates/:template_id`), whatever the method; null when none does. */
  pattern(path: string): string | null;
}

interface Compiled<R> {
  readonly path: string;
  readonly pattern: readonly string[];
  readonly routes: readonly R[];
}

export function createRouter<R extends RoutePattern>(routes: readonly R[]): Router<R> {
  const byPath = new Map<string, R[]>();
  for (const route of routes) byPath.set(route.path, [...(byPath.get(route.path) ?? []), route]);
  // Most specific first: at the first segment where two patterns differ, a literal beats a parameter with a suffix, which beats a bare one.
  const compiled: Compiled<R>[] = [...byPath].map(([path, group]) => ({ path, pattern: path.split('/').slice(1), routes: group }));
  compiled.sort((a, b) => specificity(a.pattern, b.pattern));
  const find = (path: string): { entry: Compiled<R>; params: Record<string, string> | null } | undefined => {
    const segments = splitPath(path);
    return segments === null ? undefined : compiled.map((entry) => ({ entry, params: matchSegments(entry.pattern, segments) })).find(({ params }) => params !== null);
  };
  return {
    match(method, path) {
      const found = find(path);
      if (!found) throw new RouteNotFoundError({ detail: `${method} ${path}` });
      // The path is this pattern's, whatever the method: a parameter route never takes over a literal one.
      const wanted = method === 'HEAD' ? 'GET' : method;
      const route = found.entry.routes.find((candidate) => candidate.method === wanted);
      if (route) return { route, params: found.params as Record<string, string> };
      throw new MethodNotAllowedError(allowedMethods(found.entry.routes), { detail: `${method} ${path}` });
    },
    methods(path) {
      const found = find(path);
      return found ? allowedMethods(found.entry.routes) : null;
    },
    pattern(path) {
      return find(path)?.entry.path ?? null;
    },
  };
}

/** The methods a path takes, in table order, with HEAD after GET. */
function allowedMethods(routes: readonly RoutePattern[]): string[] {
  return routes.flatMap((route) => (route.method === 'GET' ? ['GET', 'HEAD'] : [route.method]));
}

function specificity(a: readonly string[], b: readonly string[]): number {
  const shape = (pattern: readonly string[]): string => pattern.map((segment) => (!segment.startsWith(':') ? 'l' : segment.includes('.') ? 'm' : 'p')).join('');
  const [aShape, bShape] = [shape(a), shape(b)];
  return aShape < bShape ? -1 : aShape > bShape ? 1 : 0;
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
      const dot = expected.indexOf('.');
      const suffix = dot === -1 ? '' : expected.slice(dot);
      if (actual.length <= suffix.length || !actual.endsWith(suffix)) return null;
      params[expected.slice(1, dot === -1 ? undefined : dot)] = actual.slice(0, actual.length - suffix.length);
    } else if (expected !== actual) {
      return null;
    }
  }
  return params;
}
