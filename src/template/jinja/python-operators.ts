// Python's semantics for the values templates compute with: truth, equality, ordering, membership, arithmetic, iteration and length, raising the errors Python raises.
import { JinjaRuntimeError } from './jinja-errors.js';
import {
  DictView,
  Markup,
  Namespace,
  PyFloat,
  PyIterator,
  PyRange,
  Undefined,
  codePoints,
  escapeHtml,
  isFloat,
  isNumber,
  isString,
  isTuple,
  numberOf,
  pyFloat,
  pyLength,
  pyStr,
  textOf,
  tuple,
  typeName,
} from './python-values.js';

/** A function templates may call: a builtin, a bound method, a macro. */
export interface PyCallable {
  readonly pythonType: string;
  call(args: readonly unknown[], kwargs: Map<string, unknown>): unknown;
  describe(): string;
}

export function isCallable(value: unknown): value is PyCallable {
  return typeof value === 'object' && value !== null && typeof (value as { call?: unknown }).call === 'function' && typeof (value as { pythonType?: unknown }).pythonType === 'string';
}

/** Raises what using an undefined value raises: UndefinedError, or SecurityError for an unsafe attribute. */
export function failUndefined(value: Undefined): never {
  throw new JinjaRuntimeError(value.kind === 'security' ? 'SecurityError' : 'UndefinedError', value.message, value.offset);
}

/** Fails when `value` is a strict Undefined; returns it otherwise. */
export function defined<T>(value: T): T {
  if (value instanceof Undefined && value.strictness === 'strict') failUndefined(value);
  return value;
}

/** Python's `bool(x)`. */
export function truthy(value: unknown): boolean {
  if (value === null || value === undefined || value === false) return false;
  if (value === true) return true;
  if (typeof value === 'number') return value !== 0;
  if (value instanceof PyFloat) return value.value !== 0;
  if (typeof value === 'string') return value.length > 0;
  if (value instanceof Markup) return value.value.length > 0;
  if (Array.isArray(value)) return value.length > 0;
  if (value instanceof Map) return value.size > 0;
  if (value instanceof PyRange) return value.length > 0;
  if (value instanceof DictView) return value.dict.size > 0;
  if (value instanceof Undefined) {
    if (value.strictness === 'strict') failUndefined(value);
    return false;
  }
  return true;
}

/** Python's `a == b`. */
export function pyEquals(a: unknown, b: unknown): boolean {
  if (a instanceof Undefined) defined(a);
  if (b instanceof Undefined) defined(b);
  if (a instanceof Undefined || b instanceof Undefined) return a instanceof Undefined && b instanceof Undefined;
  if (isNumber(a) && isNumber(b)) return numberOf(a) === numberOf(b);
  if (isString(a) && isString(b)) return textOf(a) === textOf(b);
  if (a === null || b === null) return a === b;
  if (Array.isArray(a) && Array.isArray(b)) {
    if (isTuple(a) !== isTuple(b) || a.length !== b.length) return false;
    return a.every((item, index) => pyEquals(item, b[index]));
  }
  if (a instanceof Map && b instanceof Map) {
    if (a.size !== b.size) return false;
    for (const [key, value] of a) if (!b.has(key) || !pyEquals(value, b.get(key))) return false;
    return true;
  }
  if (a instanceof PyRange && b instanceof PyRange) return pyEquals(rangeItems(a), rangeItems(b));
  return a === b;
}

const COMPARE_SYMBOLS = { lt: '<', lteq: '<=', gt: '>', gteq: '>=' } as const;

/** Python's `<`, `<=`, `>`, `>=`. */
export function pyCompare(op: keyof typeof COMPARE_SYMBOLS, a: unknown, b: unknown): boolean {
  const order = pyOrder(a, b, COMPARE_SYMBOLS[op]);
  if (Number.isNaN(order)) return false;
  if (op === 'lt') return order < 0;
  if (op === 'lteq') return order <= 0;
  if (op === 'gt') return order > 0;
  return order >= 0;
}

/** -1, 0 or 1 as Python orders two values (NaN when a float NaN is involved); TypeError for kinds without an order. */
export function pyOrder(a: unknown, b: unknown, symbol = '<'): number {
  defined(a);
  defined(b);
  if (isNumber(a) && isNumber(b)) {
    const x = numberOf(a);
    const y = numberOf(b);
    if (Number.isNaN(x) || Number.isNaN(y)) return Number.NaN;
    return x < y ? -1 : x > y ? 1 : 0;
  }
  if (isString(a) && isString(b)) return compareCodePoints(textOf(a), textOf(b));
  if (Array.isArray(a) && Array.isArray(b) && isTuple(a) === isTuple(b)) {
    for (let index = 0; index < Math.min(a.length, b.length); index++) {
      if (pyEquals(a[index], b[index])) continue;
      return pyOrder(a[index], b[index], symbol);
    }
    return a.length - b.length < 0 ? -1 : a.length > b.length ? 1 : 0;
  }
  throw new JinjaRuntimeError('TypeError', `'${symbol}' not supported between instances of '${typeName(a)}' and '${typeName(b)}'`);
}

/** Compares by code point, as Python compares str (JavaScript compares UTF-16 units). */
function compareCodePoints(a: string, b: string): number {
  if (a === b) return 0;
  const length = Math.min(a.length, b.length);
  for (let index = 0; index < length; index++) {
    const x = a.charCodeAt(index);
    const y = b.charCodeAt(index);
    if (x === y) continue;
    const xSurrogate = x >= 0xd800 && x <= 0xdfff;
    const ySurrogate = y >= 0xd800 && y <= 0xdfff;
    if (xSurrogate !== ySurrogate) return xSurrogate ? 1 : -1;
    return x < y ? -1 : 1;
  }
  return a.length < b.length ? -1 : 1;
}

/** Python's `item in container`. */
export function pyContains(container: unknown, item: unknown): boolean {
  defined(container);
  if (isString(container)) {
    defined(item);
    if (!isString(item)) throw new JinjaRuntimeError('TypeError', `'in <string>' requires string as left operand, not ${typeName(item)}`);
    return textOf(container).includes(textOf(item));
  }
  if (container instanceof Map) return container.has(hashKey(item));
  if (container instanceof DictView && container.kind === 'keys') return container.dict.has(hashKey(item));
  if (container instanceof PyRange) {
    if (!isNumber(item)) return false;
    const value = numberOf(item);
    const offset = (value - container.start) / container.step;
    return Number.isInteger(offset) && offset >= 0 && offset < container.length;
  }
  const items = toList(container);
  return items.some((candidate) => pyEquals(candidate, item));
}

/** The key a dict stores `key` under; TypeError for unhashable keys. */
export function hashKey(key: unknown): unknown {
  defined(key);
  if (key instanceof PyFloat) return key.value;
  if (key instanceof Markup) return key.value;
  if (key === true) return 1;
  if (key === false) return 0;
  if (Array.isArray(key) && !isTuple(key)) throw new JinjaRuntimeError('TypeError', "unhashable type: 'list'");
  if (key instanceof Map) throw new JinjaRuntimeError('TypeError', "unhashable type: 'dict'");
  return key;
}

/** The items of an iterable, as `list(x)` gives them; TypeError for what is not iterable. */
export function toList(value: unknown): unknown[] {
  defined(value);
  if (Array.isArray(value)) return value;
  if (typeof value === 'string') return codePoints(value);
  // Iterating Markup gives plain one-character strings, as str's iterator does.
  if (value instanceof Markup) return codePoints(value.value);
  if (value instanceof Map) return [...value.keys()];
  if (value instanceof PyRange) return rangeItems(value);
  if (value instanceof DictView) return value.toArray();
  if (value instanceof PyIterator) return value.drain();
  if (value instanceof Namespace) throw new JinjaRuntimeError('TypeError', "'Namespace' object is not iterable");
  throw new JinjaRuntimeError('TypeError', `'${typeName(value)}' object is not iterable`);
}

function rangeItems(range: PyRange): number[] {
  const items: number[] = [];
  for (let index = 0; index < range.length; index++) items.push(range.at(index));
  return items;
}

/** Python's `len(x)`. */
export function pyLen(value: unknown): number {
  defined(value);
  if (isString(value)) return pyLength(textOf(value));
  if (Array.isArray(value)) return value.length;
  if (value instanceof Map) return value.size;
  if (value instanceof PyRange) return value.length;
  if (value instanceof DictView) return value.dict.size;
  if (value instanceof Namespace) throw new JinjaRuntimeError('TypeError', "object of type 'Namespace' has no len()");
  throw new JinjaRuntimeError('TypeError', `object of type '${typeName(value)}' has no len()`);
}

/** Charges the characters or items an operator is about to make. */
export type Allocate = (units: number) => void;

type BinaryOperator = 'add' | 'sub' | 'mul' | 'div' | 'floordiv' | 'mod' | 'pow';

const BINARY_SYMBOLS: Readonly<Record<BinaryOperator, string>> = { add: '+', sub: '-', mul: '*', div: '/', floordiv: '//', mod: '%', pow: '** or pow()' };

function unsupported(op: BinaryOperator, a: unknown, b: unknown): never {
  throw new JinjaRuntimeError('TypeError', `unsupported operand type(s) for ${BINARY_SYMBOLS[op]}: '${typeName(a)}' and '${typeName(b)}'`);
}

/** A number result: a float when either operand is a float. */
function numeric(value: number, float: boolean): number | PyFloat {
  return float ? pyFloat(value) : value;
}

/** Python's `a <op> b` for `+ - * / // % **`; `percent` formats `str % args`. */
export function pyBinary(op: BinaryOperator, a: unknown, b: unknown, allocate: Allocate, percent: (format: Markup | string, args: unknown) => unknown): unknown {
  defined(a);
  defined(b);
  if (isNumber(a) && isNumber(b)) return numberBinary(op, a, b);
  if (op === 'add') {
    if (isString(a) && isString(b)) {
      allocate(textOf(a).length + textOf(b).length);
      if (a instanceof Markup || b instanceof Markup) return new Markup(markupText(a) + markupText(b));
      return textOf(a) + textOf(b);
    }
    if (typeof a === 'string') throw new JinjaRuntimeError('TypeError', `can only concatenate str (not "${typeName(b)}") to str`);
    if (Array.isArray(a) && Array.isArray(b) && isTuple(a) === isTuple(b)) {
      allocate(a.length + b.length);
      const joined = [...a, ...b];
      return isTuple(a) ? tuple(joined) : joined;
    }
    if (Array.isArray(a) && !isTuple(a)) throw new JinjaRuntimeError('TypeError', `can only concatenate list (not "${typeName(b)}") to list`);
    if (Array.isArray(a)) throw new JinjaRuntimeError('TypeError', `can only concatenate tuple (not "${typeName(b)}") to tuple`);
  }
  if (op === 'mul') {
    const [sequence, count] = isNumber(a) && !isFloat(a) ? [b, a] : [a, b];
    if (isNumber(count) && !isFloat(count) && (isString(sequence) || Array.isArray(sequence))) {
      const times = Math.max(0, numberOf(count));
      if (isString(sequence)) {
        allocate(textOf(sequence).length * times);
        const repeated = textOf(sequence).repeat(times);
        return sequence instanceof Markup ? new Markup(repeated) : repeated;
      }
      allocate(sequence.length * times);
      const repeated: unknown[] = [];
      for (let index = 0; index < times; index++) repeated.push(...sequence);
      return isTuple(sequence) ? tuple(repeated) : repeated;
    }
    if (isString(sequence) || Array.isArray(sequence)) {
      throw new JinjaRuntimeError('TypeError', `can't multiply sequence by non-int of type '${typeName(count)}'`);
    }
  }
  if (op === 'mod' && isString(a)) return percent(a, b);
  return unsupported(op, a, b);
}

/** Text as it goes into Markup: Markup as it is, anything else escaped. */
function markupText(value: string | Markup): string {
  return value instanceof Markup ? value.value : escapeHtml(value);
}

function numberBinary(op: BinaryOperator, a: number | boolean | PyFloat, b: number | boolean | PyFloat): number | PyFloat {
  const x = numberOf(a);
  const y = numberOf(b);
  const float = isFloat(a) || isFloat(b);
  switch (op) {
    case 'add':
      return numeric(x + y, float);
    case 'sub':
      return numeric(x - y, float);
    case 'mul':
      return numeric(x * y, float);
    case 'div':
      if (y === 0) throw new JinjaRuntimeError('ZeroDivisionError', float ? 'float division by zero' : 'division by zero');
      return pyFloat(x / y);
    case 'floordiv':
      if (y === 0) throw new JinjaRuntimeError('ZeroDivisionError', float ? 'float floor division by zero' : 'integer division or modulo by zero');
      return float ? pyFloat(floatFloorDivision(x, y)) : Math.floor(x / y);
    case 'mod': {
      if (y === 0) throw new JinjaRuntimeError('ZeroDivisionError', float ? 'float modulo' : 'integer modulo by zero');
      const remainder = x % y;
      return numeric(remainder !== 0 && remainder < 0 !== y < 0 ? remainder + y : remainder, float);
    }
    case 'pow': {
      if (x === 0 && y < 0) throw new JinjaRuntimeError('ZeroDivisionError', float ? '0.0 cannot be raised to a negative power' : '0.0 cannot be raised to a negative power');
      const result = x ** y;
      return numeric(result, float || y < 0);
    }
  }
}

/** CPython's float `//`: from the remainder, so `1.0 // 0.1` is 9.0 as in Python (not floor(1.0 / 0.1) = 10). */
function floatFloorDivision(x: number, y: number): number {
  const remainder = x % y;
  let quotient = (x - remainder) / y;
  if (remainder !== 0 && y < 0 !== remainder < 0) quotient -= 1;
  if (quotient === 0) return Math.sign(x / y) < 0 || Object.is(x / y, -0) ? -0 : 0;
  let floored = Math.floor(quotient);
  if (quotient - floored > 0.5) floored += 1;
  return floored;
}

/** Python's unary `-x` and `+x`. */
export function pyUnary(op: 'neg' | 'pos', value: unknown): unknown {
  defined(value);
  if (!isNumber(value)) throw new JinjaRuntimeError('TypeError', `bad operand type for unary ${op === 'neg' ? '-' : '+'}: '${typeName(value)}'`);
  const number = numberOf(value);
  const result = op === 'neg' ? -number : number;
  return isFloat(value) ? pyFloat(result) : result === 0 ? 0 : result;
}

/** `str(x)` that fails on a strict Undefined, as printing it does in Jinja. */
export function pyText(value: unknown): string {
  defined(value);
  return pyStr(value);
}
