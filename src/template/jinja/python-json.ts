// Python's `json.dumps(value, sort_keys=True)` (as Jinja's tojson calls it): ASCII only, `", "` and `": "` between items, floats as Python writes them.
import { JinjaRuntimeError } from './jinja-errors.js';
import { pyOrder } from './python-operators.js';
import { DictView, Markup, PyFloat, PyIterator, Undefined, isDict, numberOf, pyStr, typeName } from './python-values.js';

/** A JSON string literal with every non-ASCII character escaped, as `ensure_ascii` does. */
function jsonString(text: string): string {
  let out = '"';
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    const char = text[index] as string;
    if (char === '"') out += '\\"';
    else if (char === '\\') out += '\\\\';
    else if (char === '\n') out += '\\n';
    else if (char === '\r') out += '\\r';
    else if (char === '\t') out += '\\t';
    else if (char === '\b') out += '\\b';
    else if (char === '\f') out += '\\f';
    else if (code < 0x20 || code > 0x7e) out += `\\u${code.toString(16).padStart(4, '0')}`;
    else out += char;
  }
  return `${out}"`;
}

function scalar(value: unknown): string | undefined {
  if (value === null) return 'null';
  if (value === true) return 'true';
  if (value === false) return 'false';
  if (typeof value === 'number' || value instanceof PyFloat) {
    const number = numberOf(value);
    if (Number.isNaN(number)) return 'NaN';
    if (number === Infinity) return 'Infinity';
    if (number === -Infinity) return '-Infinity';
    return pyStr(value);
  }
  if (typeof value === 'string') return jsonString(value);
  if (value instanceof Markup) return jsonString(value.value);
  return undefined;
}

function keyText(key: unknown): string {
  if (typeof key === 'string') return key;
  const text = scalar(key);
  if (text === undefined || typeof key === 'object') throw new JinjaRuntimeError('TypeError', `keys must be str, int, float, bool or None, not ${typeName(key)}`);
  return text;
}

/** `json.dumps(value, sort_keys=True, indent=indent)`; iterative, so deep data cannot overflow the stack. */
export function toJson(value: unknown, indent: number | null): string {
  const parts: string[] = [];
  const pending: (string | { value: unknown; depth: number })[] = [{ value, depth: 0 }];
  const newline = (depth: number): string => (indent === null ? '' : `\n${' '.repeat(indent * depth)}`);
  const itemSeparator = indent === null ? ', ' : ',';
  while (pending.length > 0) {
    const next = pending.pop() as string | { value: unknown; depth: number };
    if (typeof next === 'string') {
      parts.push(next);
      continue;
    }
    const { value: item, depth } = next;
    const text = scalar(item);
    if (text !== undefined) {
      parts.push(text);
      continue;
    }
    let entries: [string | null, unknown][];
    let open: string;
    let close: string;
    if (Array.isArray(item) || item instanceof PyIterator || item instanceof DictView) {
      if (item instanceof PyIterator || item instanceof DictView) throw new JinjaRuntimeError('TypeError', `Object of type ${typeName(item)} is not JSON serializable`);
      entries = item.map((element) => [null, element]);
      [open, close] = ['[', ']'];
    } else if (isDict(item)) {
      const keys = [...item.keys()].sort((a, b) => pyOrder(a, b));
      entries = keys.map((key) => [keyText(key), item.get(key)]);
      [open, close] = ['{', '}'];
    } else {
      const name = item instanceof Undefined ? (item.strictness === 'strict' ? 'StrictUndefined' : 'Undefined') : typeName(item);
      throw new JinjaRuntimeError('TypeError', `Object of type ${name} is not JSON serializable`);
    }
    if (entries.length === 0) {
      parts.push(open + close);
      continue;
    }
    pending.push(newline(depth) + close);
    for (let index = entries.length - 1; index >= 0; index--) {
      const [key, element] = entries[index] as [string | null, unknown];
      pending.push({ value: element, depth: depth + 1 });
      const prefix = (index > 0 ? itemSeparator : '') + newline(depth + 1) + (key === null ? '' : `${jsonString(key)}: `);
      pending.push(prefix);
    }
    pending.push(open);
  }
  return parts.join('');
}
