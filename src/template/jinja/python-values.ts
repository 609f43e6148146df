// The Python values Jinja templates compute with, as JavaScript values: None, bool, int and float, str and Markup, list, tuple, dict, Undefined.
import { floatRepr, intString } from './python-numbers.js';

/**
 * A Python float whose value is a whole number (`1000.0`). Other floats are plain JavaScript
 * numbers that are not integers (`2.5`, NaN, ±Infinity); plain integral numbers are ints.
 */
export class PyFloat {
  constructor(readonly value: number) {}

  valueOf(): number {
    return this.value;
  }

  toJSON(): number {
    return this.value;
  }
}

/** markupsafe's `Markup`: text that is already HTML and is not escaped again. */
export class Markup {
  constructor(readonly value: string) {}
}

/** What a failed lookup gives: an error waiting to happen (StrictUndefined), or, for `x if c` without else, an empty value. */
export class Undefined {
  constructor(
    /** Says what is missing, as Jinja says it: `'x' is undefined`. */
    readonly message: string,
    /** The offset in the template of the expression that made it. */
    readonly offset: number,
    /** `strict` fails on print, iteration, truth and comparison; `lenient` is Jinja's plain Undefined. */
    readonly strictness: 'strict' | 'lenient' = 'strict',
    /** `security` for an attribute the sandbox refuses. */
    readonly kind: 'undefined' | 'security' = 'undefined',
  ) {}
}

/** `namespace()`: an object whose attributes `{% set ns.x = … %}` may change. */
export class Namespace {
  readonly attributes = new Map<string, unknown>();
}

/** A single-use iterator, as the generators `map`, `select`, `reverse` and friends return. */
export class PyIterator {
  private position = 0;

  constructor(
    private readonly items: readonly unknown[],
    /** The Python type name, for messages: `generator`, `list_reverseiterator`. */
    readonly typeName = 'generator',
  ) {}

  next(): { done: true } | { done: false; value: unknown } {
    if (this.position >= this.items.length) return { done: true };
    return { done: false, value: this.items[this.position++] };
  }

  /** Takes every item not yet taken. */
  drain(): unknown[] {
    const rest = this.items.slice(this.position);
    this.position = this.items.length;
    return rest;
  }
}

/** `range(start, stop, step)`: a sequence computed on demand. */
export class PyRange {
  constructor(
    readonly start: number,
    readonly stop: number,
    readonly step: number,
  ) {}

  get length(): number {
    const span = this.step > 0 ? this.stop - this.start : this.start - this.stop;
    return span <= 0 ? 0 : Math.ceil(span / Math.abs(this.step));
  }

  at(index: number): number {
    return this.start + index * this.step;
  }
}

/** `dict.items()`, `.keys()` and `.values()`: live views of a dict. */
export class DictView {
  constructor(
    readonly dict: Map<unknown, unknown>,
    readonly kind: 'items' | 'keys' | 'values',
  ) {}

  toArray(): unknown[] {
    if (this.kind === 'keys') return [...this.dict.keys()];
    if (this.kind === 'values') return [...this.dict.values()];
    return [...this.dict].map(([key, value]) => tuple([key, value]));
  }
}

const TUPLES = new WeakSet<readonly unknown[]>();

/** Marks an array as a Python tuple: printed `(1, 2)`, never equal to a list. */
export function tuple<T extends unknown[]>(items: T): T {
  TUPLES.add(items);
  return items;
}

export function isTuple(value: unknown): value is unknown[] {
  return Array.isArray(value) && TUPLES.has(value);
}

/** `groupby`'s `(grouper, list)` pairs, which also answer `.grouper` and `.list`. */
const GROUPS = new WeakSet<readonly unknown[]>();

export function groupTuple(grouper: unknown, list: unknown[]): unknown[] {
  const group = tuple([grouper, list]);
  GROUPS.add(group);
  return group;
}

export function isGroupTuple(value: unknown): value is [unknown, unknown[]] {
  return Array.isArray(value) && GROUPS.has(value);
}

export type PyDict = Map<unknown, unknown>;

export function isDict(value: unknown): value is PyDict {
  return value instanceof Map;
}

/** A dict key as Python hashes it: `1.0` and `1` are one key, Markup is its text. */
export function dictKey(key: unknown): unknown {
  if (key instanceof PyFloat) return key.value;
  if (key instanceof Markup) return key.value;
  return key;
}

export function isString(value: unknown): value is string | Markup {
  return typeof value === 'string' || value instanceof Markup;
}

/** The text of a str or Markup. */
export function textOf(value: string | Markup): string {
  return typeof value === 'string' ? value : value.value;
}

/** int, float or bool (a bool is an int in Python). */
export function isNumber(value: unknown): value is number | boolean | PyFloat {
  return typeof value === 'number' || typeof value === 'boolean' || value instanceof PyFloat;
}

export function isFloat(value: unknown): boolean {
  return value instanceof PyFloat || (typeof value === 'number' && !Number.isInteger(value));
}

export function isInt(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value);
}

/** The number a numeric value stands for (a bool is 0 or 1). */
export function numberOf(value: number | boolean | PyFloat): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'boolean') return value ? 1 : 0;
  return value.value;
}

/** A float result: whole numbers are wrapped so they print `2.0`. */
export function pyFloat(value: number): number | PyFloat {
  return Number.isInteger(value) ? new PyFloat(value) : value;
}

/** Python's `type(x).__name__`. */
export function typeName(value: unknown): string {
  if (value === null || value === undefined) return 'NoneType';
  if (typeof value === 'boolean') return 'bool';
  if (typeof value === 'number') return Number.isInteger(value) ? 'int' : 'float';
  if (value instanceof PyFloat) return 'float';
  if (typeof value === 'string') return 'str';
  if (value instanceof Markup) return 'Markup';
  if (Array.isArray(value)) return isTuple(value) ? 'tuple' : 'list';
  if (value instanceof Map) return 'dict';
  if (value instanceof Undefined) return value.strictness === 'strict' ? 'StrictUndefined' : 'Undefined';
  if (value instanceof PyIterator) return value.typeName;
  if (value instanceof PyRange) return 'range';
  if (value instanceof DictView) return `dict_${value.kind}`;
  if (value instanceof Namespace) return 'Namespace';
  const named = value as { pythonType?: string };
  return typeof named.pythonType === 'string' ? named.pythonType : 'object';
}

/** Jinja's `object_type_repr`: `dict object`, `None`, `markupsafe.Markup object`. */
export function objectTypeRepr(value: unknown): string {
  if (value === null || value === undefined) return 'None';
  const name = typeName(value);
  if (name === 'Markup') return 'markupsafe.Markup object';
  if (name === 'Namespace') return 'jinja2.utils.Namespace object';
  if (name === 'LoopContext') return 'jinja2.runtime.LoopContext object';
  if (name === 'Macro') return 'jinja2.runtime.Macro object';
  return `${name} object`;
}

/** Python's `str(x)`. Undefined values are handled by the caller (they may raise). */
export function pyStr(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value instanceof Markup) return value.value;
  if (value === null || value === undefined) return 'None';
  if (typeof value === 'boolean') return value ? 'True' : 'False';
  if (typeof value === 'number') return Number.isInteger(value) ? intString(value) : floatRepr(value);
  if (value instanceof PyFloat) return floatRepr(value.value);
  if (value instanceof Undefined) return '';
  return pyRepr(value);
}

/** Python's `repr(x)`. Containers nest through an explicit stack, so deep data cannot overflow the call stack. */
export function pyRepr(value: unknown): string {
  const parts: string[] = [];
  // Items to write, in reverse order; a string is written as it is.
  const pending: unknown[] = [new Pending(value)];
  while (pending.length > 0) {
    const next = pending.pop();
    if (typeof next === 'string') {
      parts.push(next);
      continue;
    }
    const item = (next as Pending).value;
    if (Array.isArray(item)) {
      const isTupleItem = isTuple(item);
      const [open, close] = isTupleItem ? ['(', item.length === 1 ? ',)' : ')'] : ['[', ']'];
      pending.push(close);
      for (let index = item.length - 1; index >= 0; index--) {
        pending.push(new Pending(item[index]));
        if (index > 0) pending.push(', ');
      }
      pending.push(open);
    } else if (item instanceof Map) {
      const entries = [...item];
      pending.push('}');
      for (let index = entries.length - 1; index >= 0; index--) {
        const [key, entryValue] = entries[index] as [unknown, unknown];
        pending.push(new Pending(entryValue), ': ', new Pending(key));
        if (index > 0) pending.push(', ');
      }
      pending.push('{');
    } else if (item instanceof DictView) {
      pending.push(')', new Pending(item.toArray()), `dict_${item.kind}(`);
    } else if (item instanceof Namespace) {
      pending.push('>', new Pending(item.attributes), '<Namespace ');
    } else {
      parts.push(scalarRepr(item));
    }
  }
  return parts.join('');
}

class Pending {
  constructor(readonly value: unknown) {}
}

function scalarRepr(value: unknown): string {
  if (typeof value === 'string') return stringRepr(value);
  if (value instanceof Markup) return `Markup(${stringRepr(value.value)})`;
  if (value instanceof Undefined) return 'Undefined';
  if (value instanceof PyRange) return value.step === 1 ? `range(${value.start}, ${value.stop})` : `range(${value.start}, ${value.stop}, ${value.step})`;
  if (value instanceof PyIterator) return `<${value.typeName} object>`;
  if (value === null || value === undefined || typeof value === 'boolean' || typeof value === 'number' || value instanceof PyFloat) return pyStr(value);
  const described = value as { describe?: () => string };
  if (typeof described.describe === 'function') return described.describe();
  return `<${typeName(value)} object>`;
}

const NOT_PRINTABLE = /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\p{Zl}\p{Zp}\p{Zs}]/u;

/** Python's `repr(str)`: single quotes unless the text has one and no double quote, escapes for what is not printable. */
export function stringRepr(text: string): string {
  const quote = text.includes("'") && !text.includes('"') ? '"' : "'";
  let out = quote;
  for (const char of text) {
    const code = char.codePointAt(0) as number;
    if (char === quote || char === '\\') out += `\\${char}`;
    else if (char === '\t') out += '\\t';
    else if (char === '\n') out += '\\n';
    else if (char === '\r') out += '\\r';
    else if (code < 0x20 || code === 0x7f) out += `\\x${code.toString(16).padStart(2, '0')}`;
    else if (code < 0x7f) out += char;
    else if (char !== ' ' && NOT_PRINTABLE.test(char)) out += code < 0x100 ? `\\x${code.toString(16).padStart(2, '0')}` : code < 0x10000 ? `\\u${code.toString(16).padStart(4, '0')}` : `\\U${code.toString(16).padStart(8, '0')}`;
    else out += char;
  }
  return out + quote;
}

/** markupsafe's `escape` of text: `& < > " '` as entities. */
export function escapeHtml(text: string): string {
  let out = '';
  let from = 0;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    let entity: string | undefined;
    if (code === 0x26) entity = '&amp;';
    else if (code === 0x3c) entity = '&lt;';
    else if (code === 0x3e) entity = '&gt;';
    else if (code === 0x22) entity = '&#34;';
    else if (code === 0x27) entity = '&#39;';
    if (entity === undefined) continue;
    out += text.slice(from, index) + entity;
    from = index + 1;
  }
  return from === 0 ? text : out + text.slice(from);
}

/** `escape(x)`: Markup stays as it is, anything else is its `str()` escaped. */
export function escapeValue(value: unknown): Markup {
  if (value instanceof Markup) return value;
  return new Markup(escapeHtml(pyStr(value)));
}

/** Python's `str.isspace()` characters, which `strip()`, `split()` and Jinja's `-` whitespace control remove. */
export function isPyWhitespace(code: number): boolean {
  if (code <= 0x20) return code === 0x20 || (code >= 0x09 && code <= 0x0d) || (code >= 0x1c && code <= 0x1f);
  if (code < 0x85) return false;
  return (
    code === 0x85 ||
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000
  );
}

/** `text.rstrip()`. */
export function rstripWhitespace(text: string): string {
  let end = text.length;
  while (end > 0 && isPyWhitespace(text.charCodeAt(end - 1))) end -= 1;
  return text.slice(0, end);
}

const SURROGATE = /[\uD800-\uDFFF]/;

/** Whether the text has characters outside the Basic Multilingual Plane, which Python counts as one and JavaScript as two. */
export function hasAstral(text: string): boolean {
  return SURROGATE.test(text);
}

/** The text's characters as Python counts them (code points). */
export function codePoints(text: string): string[] {
  return hasAstral(text) ? Array.from(text) : text.split('');
}

/** `len(text)`. */
export function pyLength(text: string): number {
  if (!hasAstral(text)) return text.length;
  let count = 0;
  for (const _ of text) count += 1;
  return count;
}
