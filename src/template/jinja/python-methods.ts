// The methods of Python's str, list and dict that templates call (`.upper()`, `.split()`, `.format()`, `.get()`, `.items()`, `.append()`…), bound to their value.
import { Builtin, bindArguments, type Kwargs, type Parameters } from './jinja-callables.js';
import type { RenderEnvironment } from './jinja-environment.js';
import { JinjaRuntimeError } from './jinja-errors.js';
import { defined, hashKey, pyEquals, toList } from './python-operators.js';
import { strFormat } from './python-format.js';
import { DictView, Markup, codePoints, escapeValue, isDict, isNumber, isPyWhitespace, isString, isTuple, numberOf, pyRepr, textOf, typeName, type PyDict } from './python-values.js';

type Method = (self: never, args: readonly unknown[], kwargs: Kwargs, environment: RenderEnvironment) => unknown;

function method<T>(parameters: Parameters, body: (self: T, values: unknown[], environment: RenderEnvironment) => unknown): (name: string) => Method {
  return (name) => ((self: T, args: readonly unknown[], kwargs: Kwargs, environment: RenderEnvironment) => body(self, bindArguments(name, parameters, args, kwargs), environment)) as Method;
}

function text(value: unknown, what = 'argument'): string {
  defined(value);
  if (!isString(value)) throw new JinjaRuntimeError('TypeError', `${what} must be str, not ${typeName(value)}`);
  return textOf(value);
}

function optionalInt(value: unknown): number | null {
  if (value === null) return null;
  if (isNumber(value) && Number.isInteger(numberOf(value))) return numberOf(value);
  throw new JinjaRuntimeError('TypeError', `'${typeName(value)}' object cannot be interpreted as an integer`);
}

/** `str.strip(chars)` and friends. */
export function stripText(value: string, chars: string | null, left: boolean, right: boolean): string {
  const strips = (code: number, char: string): boolean => (chars === null ? isPyWhitespace(code) : chars.includes(char));
  let start = 0;
  let end = value.length;
  if (left) while (start < end && strips(value.charCodeAt(start), value[start] as string)) start += 1;
  if (right) while (end > start && strips(value.charCodeAt(end - 1), value[end - 1] as string)) end -= 1;
  return value.slice(start, end);
}

/** `str.split(sep, maxsplit)`: on runs of whitespace without a separator. */
export function splitText(value: string, separator: string | null, maxsplit: number): string[] {
  if (separator === '') throw new JinjaRuntimeError('ValueError', 'empty separator');
  if (separator !== null) {
    const parts = value.split(separator);
    if (maxsplit < 0 || parts.length <= maxsplit + 1) return parts;
    return [...parts.slice(0, maxsplit), parts.slice(maxsplit).join(separator)];
  }
  const parts: string[] = [];
  let at = 0;
  while (at < value.length) {
    while (at < value.length && isPyWhitespace(value.charCodeAt(at))) at += 1;
    if (at >= value.length) break;
    if (maxsplit >= 0 && parts.length === maxsplit) {
      parts.push(stripText(value.slice(at), null, false, true));
      break;
    }
    const start = at;
    while (at < value.length && !isPyWhitespace(value.charCodeAt(at))) at += 1;
    parts.push(value.slice(start, at));
  }
  return parts;
}

function isCased(char: string): boolean {
  return char.toLowerCase() !== char.toUpperCase();
}

/** `str.title()`: a capital after every character that is not a letter. */
export function titleText(value: string): string {
  let out = '';
  let previousCased = false;
  for (const char of value) {
    out += previousCased ? char.toLowerCase() : char.toUpperCase();
    previousCased = isCased(char);
  }
  return out;
}

/** `str.capitalize()`. */
export function capitalizeText(value: string): string {
  const chars = codePoints(value);
  if (chars.length === 0) return '';
  return (chars[0] as string).toUpperCase() + chars.slice(1).join('').toLowerCase();
}

/** `str.center(width, fill)`, padding as CPython does (the extra space on the right when the text is even… as its formula says). */
export function centerText(value: string, width: number, fill = ' '): string {
  const length = codePoints(value).length;
  if (width <= length) return value;
  const marg = width - length;
  const left = Math.floor(marg / 2) + (marg & width & 1);
  return fill.repeat(left) + value + fill.repeat(marg - left);
}

function findText(value: string, sub: string, start: unknown, end: unknown, fromRight: boolean): number {
  const chars = codePoints(value);
  const length = chars.length;
  const clamp = (bound: unknown, fallback: number): number => {
    const index = optionalInt(bound ?? null);
    if (index === null) return fallback;
    return Math.min(Math.max(index < 0 ? index + length : index, 0), length);
  };
  const from = clamp(start, 0);
  const to = clamp(end, length);
  const window = chars.slice(from, to).join('');
  const found = fromRight ? window.lastIndexOf(sub) : window.indexOf(sub);
  if (found === -1 || from > to) return -1;
  return from + codePoints(window.slice(0, found)).length;
}

const STR_METHODS: Readonly<Record<string, (name: string) => Method>> = {
  upper: method<string>([], (self) => self.toUpperCase()),
  lower: method<string>([], (self) => self.toLowerCase()),
  title: method<string>([], (self) => titleText(self)),
  capitalize: method<string>([], (self) => capitalizeText(self)),
  swapcase: method<string>([], (self) => [...self].map((char) => (char === char.toUpperCase() ? char.toLowerCase() : char.toUpperCase())).join('')),
  strip: method<string>([['chars', null]], (self, [chars]) => stripText(self, chars === null ? null : text(chars), true, true)),
  lstrip: method<string>([['chars', null]], (self, [chars]) => stripText(self, chars === null ? null : text(chars), true, false)),
  rstrip: method<string>([['chars', null]], (self, [chars]) => stripText(self, chars === null ? null : text(chars), false, true)),
  replace: method<string>([['old'], ['new'], ['count', -1]], (self, [old, replacement, count], environment) => {
    const parts = self.split(text(old));
    const limit = optionalInt(count) ?? -1;
    const joined = limit < 0 || parts.length <= limit + 1 ? parts.join(text(replacement)) : parts.slice(0, limit + 1).join(text(replacement)) + text(old) + parts.slice(limit + 1).join(text(old));
    environment.budget.allocate(joined.length);
    return joined;
  }),
  split: method<string>([['sep', null], ['maxsplit', -1]], (self, [sep, maxsplit]) => splitText(self, sep === null ? null : text(sep), optionalInt(maxsplit) ?? -1)),
  rsplit: method<string>([['sep', null], ['maxsplit', -1]], (self, [sep, maxsplit]) => {
    const limit = optionalInt(maxsplit) ?? -1;
    if (limit < 0) return splitText(self, sep === null ? null : text(sep), -1);
    const reversed = splitText([...self].reverse().join(''), sep === null ? null : [...text(sep)].reverse().join(''), limit);
    return reversed.map((part) => [...part].reverse().join('')).reverse();
  }),
  splitlines: method<string>([['keepends', false]], (self, [keepends]) => {
    const lines = self.match(/[^\n\r\v\f\x1c-\x1e\x85\u2028\u2029]*(?:\r\n|[\n\r\v\f\x1c-\x1e\x85\u2028\u2029]|$)/g) ?? [];
    const kept = lines.filter((line, index) => line !== '' || index < lines.length - 1);
    return keepends === true ? kept : kept.map((line) => line.replace(/(?:\r\n|[\n\r\v\f\x1c-\x1e\x85\u2028\u2029])$/, ''));
  }),
  startswith: method<string>([['prefix'], ['start', null], ['end', null]], (self, [prefix]) => affixes(prefix).some((affix) => self.startsWith(affix))),
  endswith: method<string>([['suffix'], ['start', null], ['end', null]], (self, [suffix]) => affixes(suffix).some((affix) => self.endsWith(affix))),
  removeprefix: method<string>([['prefix']], (self, [prefix]) => (self.startsWith(text(prefix)) ? self.slice(text(prefix).length) : self)),
  removesuffix: method<string>([['suffix']], (self, [suffix]) => (text(suffix) !== '' && self.endsWith(text(suffix)) ? self.slice(0, -text(suffix).length) : self)),
  find: method<string>([['sub'], ['start', null], ['end', null]], (self, [sub, start, end]) => findText(self, text(sub), start, end, false)),
  rfind: method<string>([['sub'], ['start', null], ['end', null]], (self, [sub, start, end]) => findText(self, text(sub), start, end, true)),
  index: method<string>([['sub'], ['start', null], ['end', null]], (self, [sub, start, end]) => {
    const found = findText(self, text(sub), start, end, false);
    if (found === -1) throw new JinjaRuntimeError('ValueError', 'substring not found');
    return found;
  }),
  count: method<string>([['sub'], ['start', null], ['end', null]], (self, [sub]) => {
    const needle = text(sub);
    return needle === '' ? codePoints(self).length + 1 : self.split(needle).length - 1;
  }),
  join: method<string>([['iterable']], (self, [iterable], environment) => {
    const parts = toList(iterable).map((item) => text(defined(item), 'sequence item'));
    const joined = parts.join(self);
    environment.budget.allocate(joined.length);
    return joined;
  }),
  center: method<string>([['width'], ['fillchar', ' ']], (self, [width, fill], environment) => {
    environment.budget.allocate(optionalInt(width) ?? 0);
    return centerText(self, optionalInt(width) ?? 0, text(fill));
  }),
  ljust: method<string>([['width'], ['fillchar', ' ']], (self, [width, fill], environment) => {
    environment.budget.allocate(optionalInt(width) ?? 0);
    return self + text(fill).repeat(Math.max(0, (optionalInt(width) ?? 0) - codePoints(self).length));
  }),
  rjust: method<string>([['width'], ['fillchar', ' ']], (self, [width, fill], environment) => {
    environment.budget.allocate(optionalInt(width) ?? 0);
    return text(fill).repeat(Math.max(0, (optionalInt(width) ?? 0) - codePoints(self).length)) + self;
  }),
  zfill: method<string>([['width']], (self, [width], environment) => {
    const target = optionalInt(width) ?? 0;
    environment.budget.allocate(target);
    const sign = self.startsWith('-') || self.startsWith('+') ? (self[0] as string) : '';
    const body = self.slice(sign.length);
    return sign + body.padStart(Math.max(0, target - sign.length), '0');
  }),
  isdigit: method<string>([], (self) => /^\p{Nd}+$/u.test(self)),
  isnumeric: method<string>([], (self) => /^\p{N}+$/u.test(self)),
  isdecimal: method<string>([], (self) => /^\p{Nd}+$/u.test(self)),
  isalpha: method<string>([], (self) => /^\p{L}+$/u.test(self)),
  isalnum: method<string>([], (self) => /^[\p{L}\p{N}]+$/u.test(self)),
  isspace: method<string>([], (self) => self.length > 0 && [...self].every((char) => isPyWhitespace(char.charCodeAt(0)))),
  isupper: method<string>([], (self) => /\p{Lu}/u.test(self) && !/\p{Ll}/u.test(self)),
  islower: method<string>([], (self) => /\p{Ll}/u.test(self) && !/\p{Lu}/u.test(self)),
  istitle: method<string>([], (self) => /\p{L}/u.test(self) && titleText(self) === self),
  partition: method<string>([['sep']], (self, [sep]) => {
    const at = self.indexOf(text(sep));
    return at === -1 ? [self, '', ''] : [self.slice(0, at), text(sep), self.slice(at + text(sep).length)];
  }),
  rpartition: method<string>([['sep']], (self, [sep]) => {
    const at = self.lastIndexOf(text(sep));
    return at === -1 ? ['', '', self] : [self.slice(0, at), text(sep), self.slice(at + text(sep).length)];
  }),
};

function affixes(value: unknown): string[] {
  if (isTuple(value)) return value.map((item) => text(item));
  if (!isString(value)) throw new JinjaRuntimeError('TypeError', `startswith first arg must be str or a tuple of str, not ${typeName(value)}`);
  return [textOf(value)];
}

/** str methods whose results are text, which Markup keeps as Markup. */
const MARKUP_KEEPS = new Set(['upper', 'lower', 'title', 'capitalize', 'swapcase', 'strip', 'lstrip', 'rstrip', 'replace', 'center', 'ljust', 'rjust', 'zfill', 'join', 'removeprefix', 'removesuffix', 'split', 'rsplit', 'splitlines', 'partition', 'rpartition']);

function strMethod(self: string | Markup, name: string, environment: RenderEnvironment): Builtin | undefined {
  if (name === 'format') {
    return new Builtin('format', (args, kwargs) => {
      const charge = (units: number): void => environment.budget.allocate(units);
      const lookup = { getattr: (value: unknown, attr: string) => environment.lookup.getattr(value, attr, environment.offset), getitem: (value: unknown, key: unknown) => environment.lookup.getitem(value, key, environment.offset) };
      if (self instanceof Markup) {
        return new Markup(strFormat(self.value, args, kwargs as unknown as PyDict, lookup, charge, (value, formatted) => (value instanceof Markup ? formatted : escapeValue(formatted).value)));
      }
      const formatted = strFormat(self, args, kwargs as unknown as PyDict, lookup, charge);
      environment.budget.allocate(formatted.length);
      return formatted;
    }, 'builtin_function_or_method', typeName(self));
  }
  const make = own(STR_METHODS, name);
  if (!make) return undefined;
  const body = make(name);
  return new Builtin(name, (args, kwargs) => {
    if (!(self instanceof Markup)) return body(self as never, args, kwargs, environment);
    const escapedArgs = args.map((arg) => (isString(arg) ? escapeValue(arg) : arg));
    const result = body(self.value as never, name === 'join' ? args.map((arg) => escapeIterable(arg)) : escapedArgs.map((arg) => (arg instanceof Markup ? arg.value : arg)), kwargs, environment);
    if (!MARKUP_KEEPS.has(name)) return result;
    if (Array.isArray(result)) return result.map((item) => new Markup(String(item)));
    return new Markup(String(result));
  }, 'builtin_function_or_method', typeName(self));
}

function escapeIterable(value: unknown): unknown {
  return toList(value).map((item) => escapeValue(defined(item)).value);
}

const LIST_METHODS: Readonly<Record<string, (name: string) => Method>> = {
  append: method<unknown[]>([['object']], (self, [item], environment) => {
    environment.budget.allocate(1);
    self.push(item);
    return null;
  }),
  extend: method<unknown[]>([['iterable']], (self, [iterable], environment) => {
    const items = toList(iterable);
    environment.budget.allocate(items.length);
    self.push(...items);
    return null;
  }),
  insert: method<unknown[]>([['index'], ['object']], (self, [index, item], environment) => {
    environment.budget.allocate(1);
    const at = optionalInt(index) ?? 0;
    self.splice(at < 0 ? Math.max(0, self.length + at) : Math.min(at, self.length), 0, item);
    return null;
  }),
  pop: method<unknown[]>([['index', -1]], (self, [index]) => {
    if (self.length === 0) throw new JinjaRuntimeError('IndexError', 'pop from empty list');
    const at = optionalInt(index) ?? -1;
    const position = at < 0 ? self.length + at : at;
    if (position < 0 || position >= self.length) throw new JinjaRuntimeError('IndexError', 'pop index out of range');
    return self.splice(position, 1)[0];
  }),
  remove: method<unknown[]>([['value']], (self, [value]) => {
    const at = self.findIndex((item) => pyEquals(item, value));
    if (at === -1) throw new JinjaRuntimeError('ValueError', 'list.remove(x): x not in list');
    self.splice(at, 1);
    return null;
  }),
  index: method<unknown[]>([['value']], (self, [value]) => {
    const at = self.findIndex((item) => pyEquals(item, value));
    if (at === -1) throw new JinjaRuntimeError('ValueError', `${pyRepr(value)} is not in list`);
    return at;
  }),
  count: method<unknown[]>([['value']], (self, [value]) => self.filter((item) => pyEquals(item, value)).length),
  copy: method<unknown[]>([], (self) => [...self]),
  clear: method<unknown[]>([], (self) => {
    self.length = 0;
    return null;
  }),
  reverse: method<unknown[]>([], (self) => {
    self.reverse();
    return null;
  }),
};

const TUPLE_METHODS = new Set(['index', 'count']);

const DICT_METHODS: Readonly<Record<string, (name: string) => Method>> = {
  get: method<PyDict>([['key'], ['default', null]], (self, [key, fallback]) => {
    const hashed = hashKey(key);
    return self.has(hashed) ? self.get(hashed) : fallback;
  }),
  items: method<PyDict>([], (self) => new DictView(self, 'items')),
  keys: method<PyDict>([], (self) => new DictView(self, 'keys')),
  values: method<PyDict>([], (self) => new DictView(self, 'values')),
  copy: method<PyDict>([], (self) => new Map(self)),
  pop: method<PyDict>([['key'], ['default', undefined]], (self, [key, fallback]) => {
    const hashed = hashKey(key);
    if (self.has(hashed)) {
      const value = self.get(hashed);
      self.delete(hashed);
      return value;
    }
    if (fallback === undefined) throw new JinjaRuntimeError('KeyError', pyRepr(key));
    return fallback;
  }),
  setdefault: method<PyDict>([['key'], ['default', null]], (self, [key, fallback]) => {
    const hashed = hashKey(key);
    if (!self.has(hashed)) self.set(hashed, fallback);
    return self.get(hashed);
  }),
  clear: method<PyDict>([], (self) => {
    self.clear();
    return null;
  }),
};

function dictUpdate(self: PyDict, environment: RenderEnvironment): Builtin {
  return new Builtin('update', (args, kwargs) => {
    if (args.length > 1) throw new JinjaRuntimeError('TypeError', `update expected at most 1 argument, got ${args.length}`);
    const source = args[0];
    if (source !== undefined) {
      defined(source);
      const entries: [unknown, unknown][] = isDict(source) ? [...source] : toList(source).map((pair) => toList(pair) as [unknown, unknown]);
      environment.budget.allocate(entries.length);
      for (const [key, value] of entries) self.set(hashKey(key), value);
    }
    environment.budget.allocate(kwargs.size);
    for (const [key, value] of kwargs) self.set(key, value);
    return null;
  }, 'builtin_function_or_method', 'dict');
}

/** `table[name]` when the table itself has it: never a property of Object.prototype (`constructor`, `toString`…). */
function own<T>(table: Readonly<Record<string, T>>, name: string): T | undefined {
  return Object.hasOwn(table, name) ? table[name] : undefined;
}

/** The method `name` of `value` bound to it, or undefined when its type has none. */
export function boundMethod(value: unknown, name: string, environment: RenderEnvironment): unknown {
  if (isString(value)) return strMethod(value, name, environment);
  if (Array.isArray(value)) {
    const make = own(LIST_METHODS, name);
    if (!make || (isTuple(value) && !TUPLE_METHODS.has(name))) return undefined;
    const body = make(name);
    return new Builtin(name, (args, kwargs) => body(value as never, args, kwargs, environment), 'builtin_function_or_method', typeName(value));
  }
  if (isDict(value)) {
    if (name === 'update') return dictUpdate(value, environment);
    const make = own(DICT_METHODS, name);
    if (!make) return undefined;
    const body = make(name);
    return new Builtin(name, (args, kwargs) => body(value as never, args, kwargs, environment), 'builtin_function_or_method', 'dict');
  }
  if (isNumber(value) && typeof value !== 'boolean') {
    if (name === 'real') return value;
    if (name === 'imag') return 0;
    if (name === 'is_integer') return new Builtin(name, () => Number.isInteger(numberOf(value)));
  }
  return undefined;
}

