// Follows a placeholder's path through the data as the sandbox would look it up, to name the first part that has no value.
import { isDict, isString, textOf } from './python-values.js';

/** Names of the methods of dict, list and str: a path reaching one of them has found what it reads. */
const METHOD_NAMES = new Set([
  'get', 'items', 'keys', 'values', 'update', 'pop', 'setdefault', 'copy', 'clear',
  'append', 'extend', 'insert', 'remove', 'index', 'count', 'reverse',
  'upper', 'lower', 'title', 'capitalize', 'swapcase', 'strip', 'lstrip', 'rstrip', 'replace', 'split', 'rsplit', 'splitlines', 'startswith', 'endswith',
  'removeprefix', 'removesuffix', 'find', 'rfind', 'join', 'center', 'ljust', 'rjust', 'zfill', 'format', 'partition', 'rpartition',
  'isdigit', 'isnumeric', 'isdecimal', 'isalpha', 'isalnum', 'isspace', 'isupper', 'islower', 'istitle',
]);

function formatPath(segments: readonly (string | number)[]): string {
  let path = '';
  for (const segment of segments) {
    if (typeof segment === 'number') path += `[${segment}]`;
    else if (path === '') path = segment;
    else path += /^[A-Za-z_][A-Za-z0-9_]*$/.test(segment) ? `.${segment}` : `[${JSON.stringify(segment)}]`;
  }
  return path;
}

/** The shortest prefix of `segments` without a value in `data` (already Python values), or null when the path resolves. */
export function findMissingPath(data: unknown, segments: readonly (string | number)[]): string | null {
  let current: unknown = data;
  for (let index = 0; index < segments.length; index++) {
    const segment = segments[index] as string | number;
    if (typeof segment === 'string' && METHOD_NAMES.has(segment) && index > 0 && (isDict(current) || Array.isArray(current) || isString(current))) return null;
    if (isDict(current)) {
      if (!current.has(segment)) return formatPath(segments.slice(0, index + 1));
      current = current.get(segment);
    } else if ((Array.isArray(current) || isString(current)) && typeof segment === 'number') {
      const items = Array.isArray(current) ? current : [...textOf(current)];
      const at = segment < 0 ? items.length + segment : segment;
      if (at < 0 || at >= items.length) return formatPath(segments.slice(0, index + 1));
      current = items[at];
    } else {
      return formatPath(segments.slice(0, index + 1));
    }
  }
  return null;
}
