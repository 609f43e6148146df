// Checks `data` is plain JSON within the depth and size limits, without recursing on the JS stack.
import type { ValidationIssue } from '../errors/index.js';
import { PyFloat } from '../template/jinja/python-values.js';

interface Pending {
  readonly value: unknown;
  readonly path: string;
  readonly depth: number;
}

/** Returns at most one issue per kind of problem, naming the field. */
export function checkDataShape(data: Record<string, unknown>, maxDepth: number, maxBytes: number): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  let bytes = 0;
  let tooDeep = false;
  let notJson = false;
  const stack: Pending[] = [{ value: data, path: 'data', depth: 1 }];
  while (stack.length > 0) {
    const { value, path, depth } = stack.pop() as Pending;
    if (typeof value === 'string') {
      bytes += Buffer.byteLength(value) + 2;
    } else if (typeof value === 'number') {
      if (!Number.isFinite(value) && !notJson) {
        notJson = true;
        issues.push(valueError(path, `${path} is not a JSON value (${value})`));
      }
      bytes += String(value).length;
    } else if (value instanceof PyFloat) {
      // A whole number the JSON body wrote as a float (parseJinjaJson), as `1180.0`.
      bytes += String(value.value).length + 2;
    } else if (typeof value === 'boolean' || value === null || value === undefined) {
      bytes += 5;
    } else if (typeof value === 'object' && isJsonContainer(value)) {
      if (depth > maxDepth) {
        if (!tooDeep) issues.push(valueError('data', `data is nested more than ${maxDepth} levels deep`));
        tooDeep = true;
        continue;
      }
      bytes += 2;
      const entries = Array.isArray(value) ? value.map((item, index) => [String(index), item] as const) : Object.entries(value);
      for (const [key, child] of entries) {
        bytes += Array.isArray(value) ? 1 : Buffer.byteLength(key) + 4;
        stack.push({ value: child, path: Array.isArray(value) ? `${path}[${key}]` : `${path}.${key}`, depth: depth + 1 });
      }
    } else if (!notJson) {
      notJson = true;
      issues.push(valueError(path, `${path} is not a JSON value (${describeType(value)})`));
    }
    if (bytes > maxBytes) {
      issues.push(valueError('data', `data is larger than ${maxBytes} bytes as JSON`));
      break;
    }
  }
  return issues;
}

function isJsonContainer(value: object): boolean {
  return Array.isArray(value) || isPlainObject(value);
}

/** An object literal or JSON.parse result: not an array, not a class instance. */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

function describeType(value: unknown): string {
  if (typeof value === 'object' && value !== null) return value.constructor?.name ?? 'object';
  return typeof value;
}

function valueError(field: string, text: string): ValidationIssue {
  return { field, type: 'value_error', message: `Value error, ${text}` };
}
