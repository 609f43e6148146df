// Turns the caller's data (JSON-like JavaScript values) into the Python values templates compute with: objects become dicts (Maps), so no lookup can reach a JavaScript prototype.
import { PyFloat } from './python-values.js';

/**
 * A copy of `data` as Python values: plain objects become Maps of their own enumerable keys,
 * arrays lists, numbers ints or floats; functions, symbols and `undefined` are left out (as
 * JSON leaves them out); Dates become their JSON text, bigints numbers. Works through an explicit
 * stack, so deep data cannot overflow the call stack; a value met twice is converted once.
 */
export function toPythonData(data: unknown): unknown {
  const converted = new Map<object, unknown>();
  const pending: (() => void)[] = [];
  const convert = (value: unknown): unknown => {
    if (value === null || value === undefined) return null;
    switch (typeof value) {
      case 'string':
      case 'boolean':
        return value;
      case 'number':
        return value;
      case 'bigint':
        return Number(value);
      case 'object':
        break;
      default:
        return undefined;
    }
    if (value instanceof PyFloat) return value;
    if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString();
    const seen = converted.get(value);
    if (seen !== undefined) return seen;
    if (Array.isArray(value)) {
      const list: unknown[] = [];
      converted.set(value, list);
      pending.push(() => {
        for (const item of value as unknown[]) {
          const itemValue = convert(item);
          list.push(itemValue === undefined ? null : itemValue);
        }
      });
      return list;
    }
    const dict = new Map<unknown, unknown>();
    converted.set(value, dict);
    pending.push(() => {
      for (const key of Object.keys(value)) {
        const entry = convert((value as Record<string, unknown>)[key]);
        if (entry !== undefined) dict.set(key, entry);
      }
    });
    return dict;
  };
  const root = convert(data);
  // Items are filled in after their container is made, one container at a time.
  while (pending.length > 0) (pending.pop() as () => void)();
  return root;
}
