// Marks the 404 a fetch handler gives a path no route has, so a framework adapter can hand the request on instead.

/** A registered symbol, so a handler and an adapter loaded from two copies of the package still agree. */
const UNMATCHED = Symbol.for('pagesmith.unmatched');

type Marked = Response & { [UNMATCHED]?: true };

/** Marks `response` as "no route has this path" and returns it. */
export function markUnmatched(response: Response): Response {
  Object.defineProperty(response, UNMATCHED, { value: true });
  return response;
}

/** Whether `response` says that no route has the request's path (not that a record was missing). */
export function isUnmatched(response: Response): boolean {
  return (response as Marked)[UNMATCHED] === true;
}
