// Whole numbers the JSON body wrote as floats (`1180.0`, kept as PyFloat by parseJinjaJson) cross to the template threads as plain numbers with their paths beside them: a class instance does not survive postMessage.
import { PyFloat } from '../template/jinja/python-values.js';

/** Keys and indexes from the data's root to a value. */
export type FloatPath = readonly (string | number)[];

/**
 * `data` with each PyFloat as its number, and where each was; `data` itself (not copied) when it
 * has none. The data has passed checkDataShape: plain, acyclic and bounded in depth and size.
 */
export function splitFloats(data: Record<string, unknown>): { data: Record<string, unknown>; floats: FloatPath[] } {
  const floats: FloatPath[] = [];
  const stack: { value: unknown; path: (string | number)[] }[] = [{ value: data, path: [] }];
  while (stack.length > 0) {
    const { value, path } = stack.pop() as { value: unknown; path: (string | number)[] };
    if (value instanceof PyFloat) floats.push(path);
    else if (Array.isArray(value)) value.forEach((item, index) => stack.push({ value: item, path: [...path, index] }));
    else if (value !== null && typeof value === 'object') for (const [key, item] of Object.entries(value)) stack.push({ value: item, path: [...path, key] });
  }
  if (floats.length === 0) return { data, floats };
  // JSON keeps every value but a PyFloat's class: it writes the number (PyFloat.toJSON).
  return { data: JSON.parse(JSON.stringify(data)) as Record<string, unknown>, floats };
}

/** Puts PyFloat back at each path of `data` (a copy of the caller's: this changes it in place). */
export function restoreFloats(data: Record<string, unknown>, floats: readonly FloatPath[]): Record<string, unknown> {
  for (const path of floats) {
    let container: unknown = data;
    for (const key of path.slice(0, -1)) container = (container as Record<string | number, unknown>)[key];
    const last = path[path.length - 1] as string | number;
    const holder = container as Record<string | number, unknown>;
    if (typeof holder[last] === 'number') holder[last] = new PyFloat(holder[last]);
  }
  return data;
}
