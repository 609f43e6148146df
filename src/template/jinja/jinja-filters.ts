// Jinja's builtin filters (jinja2/filters.py), each with Jinja's parameters, defaults and results: Markup kept where Jinja keeps it, text escaped where it escapes it.
import { decodeHTML } from 'entities';
import { bindArguments, type Kwargs, type Parameters } from './jinja-callables.js';
import type { Filter, RenderEnvironment } from './jinja-environment.js';
import { JinjaRuntimeError } from './jinja-errors.js';
import { percentFormat } from './python-format.js';
import { capitalizeText, centerText, splitText, stripText } from './python-methods.js';
import { fixedDigits, parseFloatText, parseIntText, roundFloat, roundInt } from './python-numbers.js';
import { defined, hashKey, pyBinary, pyEquals, pyLen, pyOrder, toList, truthy } from './python-operators.js';
import { toJson } from './python-json.js';
import {
  DictView,
  Markup,
  PyFloat,
  PyIterator,
  PyRange,
  Undefined,
  codePoints,
  escapeHtml,
  escapeValue,
  groupTuple,
  isDict,
  isFloat,
  isNumber,
  isString,
  isTuple,
  numberOf,
  pyFloat,
  pyLength,
  pyRepr,
  pyStr,
  textOf,
  tuple,
  typeName,
} from './python-values.js';

/** A filter with named parameters: `body` gets the value and the bound arguments in parameter order. */
function filter(name: string, parameters: Parameters, body: (environment: RenderEnvironment, value: unknown, values: unknown[]) => unknown): [string, Filter] {
  return [name, (environment, value, args, kwargs) => body(environment, value, bindArguments(`do_${name}`, parameters, args, kwargs))];
}

/** Jinja's `soft_str`: Markup stays Markup, anything else becomes its `str()`. */
function softStr(value: unknown): string | Markup {
  defined(value);
  return value instanceof Markup ? value : pyStr(value);
}

/** Applies a text function, keeping Markup as Markup. */
function mapText(value: unknown, transform: (text: string) => string): string | Markup {
  const text = softStr(value);
  return text instanceof Markup ? new Markup(transform(text.value)) : transform(text);
}

function int(value: unknown, what: string): number {
  defined(value);
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'number' && Number.isInteger(value)) return value;
  throw new JinjaRuntimeError('TypeError', `'${typeName(value)}' object cannot be interpreted as an integer (${what})`);
}

/** Jinja's `make_attrgetter`: `a.b.0` looked up part by part (digits as indexes). */
export function attributeGetter(environment: RenderEnvironment, attribute: unknown, fallback?: unknown, lowercase = false): (item: unknown) => unknown {
  const parts = attribute === null || attribute === undefined ? [] : isString(attribute) ? textOf(attribute).split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part)) : [attribute];
  return (item) => {
    let value = item;
    for (const part of parts) {
      value = environment.lookup.getitem(value, part, environment.offset);
      if (fallback !== undefined && value instanceof Undefined) {
        value = fallback;
        break;
      }
    }
    return lowercase && isString(value) ? textOf(value).toLowerCase() : value;
  };
}

function ignoreCase(value: unknown, caseSensitive: unknown): unknown {
  return !truthy(caseSensitive) && isString(value) ? textOf(value).toLowerCase() : value;
}

/** A stable sort by Python's ordering of the keys. */
function sortBy<T>(items: readonly T[], key: (item: T) => unknown, reverse: boolean): T[] {
  const keyed = items.map((item) => ({ item, key: key(item) }));
  keyed.sort((a, b) => (reverse ? -1 : 1) * pyOrder(a.key, b.key));
  return keyed.map(({ item }) => item);
}

function charge(environment: RenderEnvironment, items: number): void {
  environment.budget.allocate(items > 1 ? items * Math.ceil(Math.log2(items)) : items);
}

/** The items `select`, `reject`, `selectattr`, `rejectattr` keep. */
function selectItems(environment: RenderEnvironment, value: unknown, args: readonly unknown[], kwargs: Kwargs, lookupAttribute: boolean, keep: boolean): PyIterator {
  const items = truthy(value) ? toList(value) : [];
  let rest = [...args];
  let get: (item: unknown) => unknown = (item) => item;
  if (lookupAttribute) {
    if (rest.length === 0) throw new JinjaRuntimeError('FilterArgumentError', 'Missing parameter for attribute name');
    get = attributeGetter(environment, rest[0]);
    rest = rest.slice(1);
  }
  let test: (item: unknown) => boolean;
  if (rest.length === 0) {
    test = truthy;
  } else {
    const name = textOf(rest[0] as string);
    const testArgs = rest.slice(1);
    test = (item) => environment.callTest(name, item, testArgs, kwargs);
  }
  return new PyIterator(items.filter((item) => test(get(item)) === keep));
}

function first(value: unknown, message: string, fromEnd: boolean, environment: RenderEnvironment): unknown {
  const items = value instanceof PyIterator && !fromEnd ? value.drain().slice(0, 1) : toList(value);
  if (items.length === 0) return new Undefined(message, environment.offset);
  return fromEnd ? items[items.length - 1] : items[0];
}

function minMax(environment: RenderEnvironment, value: unknown, caseSensitive: unknown, attribute: unknown, pickMax: boolean): unknown {
  const items = toList(value);
  if (items.length === 0) return new Undefined('No aggregated item, sequence was empty.', environment.offset);
  const get = attributeGetter(environment, attribute);
  let best = items[0];
  let bestKey = ignoreCase(get(best), caseSensitive);
  for (const item of items.slice(1)) {
    const key = ignoreCase(get(item), caseSensitive);
    const order = pyOrder(key, bestKey);
    if (pickMax ? order > 0 : order < 0) {
      best = item;
      bestKey = key;
    }
  }
  return best;
}

function indent(environment: RenderEnvironment, value: unknown, width: unknown, first: unknown, blank: unknown): unknown {
  defined(value);
  // Jinja appends a newline with `+=` and splits lines: a list takes the newline, then has no splitlines.
  if (Array.isArray(value) && !isTuple(value)) throw new JinjaRuntimeError('AttributeError', "'list' object has no attribute 'splitlines'");
  if (!isString(value)) throw new JinjaRuntimeError('TypeError', `unsupported operand type(s) for +=: '${typeName(value)}' and 'str'`);
  const source = value;
  if (!isString(width)) environment.budget.allocate(int(width, 'width') * (textOf(source).split('\n').length + 1));
  const indention = isString(width) ? textOf(width) : ' '.repeat(int(width, 'width'));
  const markup = source instanceof Markup;
  const text = `${textOf(source)}\n`;
  const lines = splitLines(text);
  let result: string;
  if (truthy(blank)) {
    result = lines.join(`\n${markup ? indention : indention}`);
  } else {
    result = lines.shift() ?? '';
    if (lines.length > 0) result += `\n${lines.map((line) => (line ? indention + line : line)).join('\n')}`;
  }
  if (truthy(first)) result = indention + result;
  return markup ? new Markup(result) : result;
}

/** `str.splitlines()`. */
function splitLines(text: string): string[] {
  const lines = text.split(/\r\n|[\n\r\v\f\x1c-\x1e\x85\u2028\u2029]/);
  if (lines.at(-1) === '') lines.pop();
  return lines;
}

function round(value: unknown, precision: unknown, method: unknown): unknown {
  if (value instanceof Undefined) throw new JinjaRuntimeError('TypeError', `type ${value.strictness === 'strict' ? 'StrictUndefined' : 'Undefined'} doesn't define __round__ method`);
  const digits = int(precision, 'precision');
  const how = textOf(softStr(method));
  if (how !== 'common' && how !== 'ceil' && how !== 'floor') throw new JinjaRuntimeError('FilterArgumentError', 'method must be common, ceil or floor');
  if (!isNumber(value)) throw new JinjaRuntimeError('TypeError', `type ${typeName(value)} doesn't define __round__ method`);
  const number = numberOf(value);
  if (how === 'common') {
    if (!isFloat(value)) return digits >= 0 ? number : roundInt(number, digits);
    return pyFloat(roundFloat(number, digits));
  }
  const scale = 10 ** digits;
  const rounded = (how === 'ceil' ? Math.ceil(number * scale) : Math.floor(number * scale)) / scale;
  return pyFloat(rounded);
}

function toInt(value: unknown, fallback: unknown, base: unknown): unknown {
  if (value instanceof Undefined) return fallback;
  if (isString(value)) {
    const parsed = parseIntText(textOf(value), int(base, 'base'));
    if (parsed !== undefined) return parsed;
    const float = parseFloatText(textOf(value));
    return float !== undefined && Number.isFinite(float) ? Math.trunc(float) : fallback;
  }
  if (isNumber(value)) {
    const number = numberOf(value);
    return Number.isFinite(number) ? Math.trunc(number) : fallback;
  }
  return fallback;
}

function toFloat(value: unknown, fallback: unknown): unknown {
  if (isString(value)) {
    const parsed = parseFloatText(textOf(value));
    return parsed === undefined ? fallback : pyFloat(parsed);
  }
  if (isNumber(value)) return pyFloat(numberOf(value));
  return fallback;
}

function truncate(value: unknown, length: unknown, killwords: unknown, end: unknown, leeway: unknown): unknown {
  // Jinja truncates anything with a length; what is short enough comes back as it is.
  if (!isString(value) && pyLen(value) <= int(length, 'length') + (leeway === null ? 5 : int(leeway, 'leeway'))) return value;
  if (!isString(value)) throw new JinjaRuntimeError('TypeError', `can only concatenate ${typeName(value)} (not "str") to ${typeName(value)}`);
  const text = value;
  const chars = codePoints(textOf(text));
  const size = int(length, 'length');
  const ending = textOf(softStr(end));
  const endLength = pyLength(ending);
  const slack = leeway === null ? 5 : int(leeway, 'leeway');
  if (size < endLength) throw new JinjaRuntimeError('AssertionError', `expected length >= ${endLength}, got ${size}`);
  if (slack < 0) throw new JinjaRuntimeError('AssertionError', `expected leeway >= 0, got ${slack}`);
  if (chars.length <= size + slack) return text;
  const head = chars.slice(0, Math.max(0, size - endLength)).join('');
  const space = head.lastIndexOf(' ');
  const kept = truthy(killwords) || space === -1 ? head : head.slice(0, space);
  // Markup stays Markup, the ending escaped into it.
  return text instanceof Markup ? new Markup(kept + escapeValue(end).value) : kept + ending;
}

function filesizeformat(value: unknown, binary: unknown): string {
  defined(value);
  if (!isString(value) && !isNumber(value)) throw new JinjaRuntimeError('TypeError', `float() argument must be a string or a real number, not '${typeName(value)}'`);
  const bytes = numberOf(toFloat(value, null) as number | PyFloat ?? failFloat(value));
  const base = truthy(binary) ? 1024 : 1000;
  const prefixes = truthy(binary) ? ['KiB', 'MiB', 'GiB', 'TiB', 'PiB', 'EiB', 'ZiB', 'YiB'] : ['kB', 'MB', 'GB', 'TB', 'PB', 'EB', 'ZB', 'YB'];
  if (bytes === 1) return '1 Byte';
  if (bytes < base) return `${Math.trunc(bytes)} Bytes`;
  let unit = 1;
  let prefix = '';
  for (const [index, name] of prefixes.entries()) {
    unit = base ** (index + 2);
    prefix = name;
    if (bytes < unit) break;
  }
  return `${fixedDigits(Math.abs((base * bytes) / unit), 1)} ${prefix}`;
}

function failFloat(value: unknown): never {
  throw new JinjaRuntimeError('ValueError', `could not convert string to float: ${pyRepr(value)}`);
}

/** markupsafe's `striptags`: comments and tags removed, whitespace collapsed, entities decoded. */
export function stripTags(html: string): string {
  let text = html;
  const removeBetween = (open: string, close: string): void => {
    let out = '';
    let at = 0;
    for (;;) {
      const start = text.indexOf(open, at);
      if (start === -1) break;
      const end = text.indexOf(close, start + (open === '<' ? 0 : open.length));
      if (end === -1) break;
      out += text.slice(at, start);
      at = end + close.length;
    }
    text = out + text.slice(at);
  };
  removeBetween('<!--', '-->');
  removeBetween('<', '>');
  return decodeHTML(splitText(text, null, -1).join(' '));
}

/** Python's `urllib.parse.quote` of the UTF-8 bytes: letters, digits, `_.-~` (and `safe`) as they are. */
function urlQuote(value: unknown, forQuery: boolean): string {
  const text = value instanceof Markup ? value.value : isString(value) ? textOf(value) : pyStr(defined(value));
  let out = '';
  for (const byte of new TextEncoder().encode(text)) {
    const char = String.fromCharCode(byte);
    if (/[A-Za-z0-9_.\-~]/.test(char) || (!forQuery && char === '/')) out += char;
    else out += `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return forQuery ? out.replaceAll('%20', '+') : out;
}

const HTTP_PATTERN =
  /^((https?:\/\/|www\.)(([\p{L}\p{N}_%-]+\.)+)?([a-z]{2,63}|xn--[\p{L}\p{N}_%]{2,59})|([\p{L}\p{N}_%-]{2,63}\.)+(com|net|int|edu|gov|org|info|mil)|(https?:\/\/)((\d{1,3})(\.\d{1,3}){3}|\[([\da-f]{0,4}:){2}([\da-f]{0,4}:?){1,6}\]))(?::\d{1,5})?(?:[/?#]\S*)?$/iu;
/** Words longer than this are not made links (decision 0255). */
const URLIZE_LONGEST_WORD = 2048;
const EMAIL_PATTERN = /^\S+@[\p{L}\p{N}_][\p{L}\p{N}_.-]*\.[\p{L}\p{N}_]+$/u;

/** Jinja's `urlize`: links for URLs and e-mail addresses in escaped text. */
function urlize(value: unknown, trimLimit: unknown, nofollow: unknown, target: unknown, rel: unknown): string {
  const relParts = new Set(rel === null ? [] : splitText(textOf(softStr(rel)), null, -1));
  if (truthy(nofollow)) relParts.add('nofollow');
  // Jinja's policy `urlize.rel`.
  relParts.add('noopener');
  const relText = [...relParts].sort().join(' ');
  const relAttr = relText ? ` rel="${escapeHtml(relText)}"` : '';
  const targetAttr = target !== null && truthy(target) ? ` target="${escapeValue(target).value}"` : '';
  const limit = trimLimit === null ? null : int(trimLimit, 'trim_url_limit');
  const trim = (url: string): string => (limit !== null && pyLength(url) > limit ? `${codePoints(url).slice(0, limit).join('')}...` : url);
  const words = escapeValue(value instanceof Markup ? value : softStr(value)).value.split(/(\s+)/);
  return words
    .map((word) => {
      let head = '';
      let middle = word;
      let tail = '';
      const lead = /^([(<]|&lt;)+/.exec(middle);
      if (lead) {
        head = lead[0];
        middle = middle.slice(lead[0].length);
      }
      if ([')', '>', '.', ',', '\n', '&gt;'].some((end) => middle.endsWith(end))) {
        const trail = /([)>.,\n]|&gt;)+$/.exec(middle);
        if (trail) {
          tail = trail[0];
          middle = middle.slice(0, trail.index);
        }
      }
      for (const [open, close] of [['(', ')'], ['<', '>'], ['&lt;', '&gt;']] as const) {
        const opens = middle.split(open).length - 1;
        if (opens <= middle.split(close).length - 1) continue;
        for (let count = Math.min(opens, tail.split(close).length - 1); count > 0; count--) {
          const end = tail.indexOf(close) + close.length;
          middle += tail.slice(0, end);
          tail = tail.slice(end);
        }
      }
      // Longer words are left as they are: the patterns would take time in the square of their length.
      if (middle.length > URLIZE_LONGEST_WORD) return head + middle + tail;
      if (HTTP_PATTERN.test(middle)) {
        const href = middle.startsWith('https://') || middle.startsWith('http://') ? middle : `https://${middle}`;
        middle = `<a href="${href}"${relAttr}${targetAttr}>${trim(middle)}</a>`;
      } else if (middle.startsWith('mailto:') && EMAIL_PATTERN.test(middle.slice(7))) {
        middle = `<a href="${middle}">${middle.slice(7)}</a>`;
      } else if (middle.includes('@') && !middle.startsWith('www.') && !middle.startsWith('@') && !middle.includes(':') && EMAIL_PATTERN.test(middle)) {
        middle = `<a href="mailto:${middle}">${middle}</a>`;
      }
      return head + middle + tail;
    })
    .join('');
}

function xmlattr(environment: RenderEnvironment, value: unknown, autospace: unknown): unknown {
  defined(value);
  if (!isDict(value)) throw new JinjaRuntimeError('AttributeError', `'${typeName(value)}' object has no attribute 'items'`);
  const items: string[] = [];
  for (const [key, item] of value) {
    if (item === null || item instanceof Undefined) continue;
    const name = pyStr(key);
    if (/[\s/>=]/.test(name)) throw new JinjaRuntimeError('ValueError', `Invalid character in attribute name: ${pyRepr(key)}`);
    items.push(`${escapeValue(key).value}="${escapeValue(item).value}"`);
  }
  let result = items.join(' ');
  if (truthy(autospace) && result) result = ` ${result}`;
  return environment.autoescape ? new Markup(result) : result;
}

function join(environment: RenderEnvironment, value: unknown, separator: unknown, attribute: unknown): unknown {
  let items = toList(value);
  if (attribute !== null) items = items.map(attributeGetter(environment, attribute));
  items.forEach((item) => defined(item));
  let result: unknown;
  if (!environment.autoescape) {
    result = items.map((item) => pyStr(item)).join(pyStr(defined(separator)));
  } else if (separator instanceof Markup || items.some((item) => item instanceof Markup)) {
    result = new Markup(items.map((item) => escapeValue(item).value).join(escapeValue(separator).value));
  } else {
    result = items.map((item) => pyStr(item)).join(pyStr(defined(separator)));
  }
  environment.budget.allocate(textOf(result as string | Markup).length);
  return result;
}

function replace(environment: RenderEnvironment, value: unknown, old: unknown, replacement: unknown, count: unknown): unknown {
  const limit = count === null ? -1 : int(count, 'count');
  const doReplace = (text: string, from: string, to: string): string => {
    // Python puts `to` around every character when `from` is empty.
    const parts = from === '' ? ['', ...codePoints(text), ''] : text.split(from);
    const joined = limit < 0 || parts.length <= limit + 1 ? parts.join(to) : parts.slice(0, limit + 1).join(to) + from + parts.slice(limit + 1).join(from);
    environment.budget.allocate(joined.length);
    return joined;
  };
  if (!environment.autoescape) return doReplace(pyStr(defined(value)), pyStr(defined(old)), pyStr(defined(replacement)));
  const markupArgs = old instanceof Markup || replacement instanceof Markup;
  const source = markupArgs && !(value instanceof Markup) ? escapeValue(value) : softStr(value);
  if (source instanceof Markup) return new Markup(doReplace(source.value, escapeValue(old).value, escapeValue(replacement).value));
  return doReplace(source, textOf(softStr(old)), textOf(softStr(replacement)));
}

function format(environment: RenderEnvironment, value: unknown, args: readonly unknown[], kwargs: Kwargs): unknown {
  if (args.length > 0 && kwargs.size > 0) throw new JinjaRuntimeError('FilterArgumentError', "can't handle positional and keyword arguments at the same time");
  const source = softStr(value);
  const values: unknown = kwargs.size > 0 ? new Map(kwargs) : tuple([...args]);
  const chargeUnits = (units: number): void => environment.budget.allocate(units);
  if (source instanceof Markup) return new Markup(percentFormat(source.value, values, chargeUnits, (item) => escapeValue(defined(item)).value));
  return percentFormat(source, values, chargeUnits, (item) => pyStr(defined(item)));
}

function batch(value: unknown, size: unknown, fill: unknown): PyIterator {
  const count = int(size, 'linecount');
  const items = toList(value);
  const rows: unknown[][] = [];
  for (let at = 0; at < items.length; at += Math.max(count, 1)) rows.push(items.slice(at, at + Math.max(count, 1)));
  const last = rows.at(-1);
  if (last && fill !== null && last.length < count) while (last.length < count) last.push(fill);
  return new PyIterator(rows);
}

function sliceFilter(value: unknown, slices: unknown, fill: unknown): PyIterator {
  const items = toList(value);
  const count = int(slices, 'slices');
  if (count === 0) throw new JinjaRuntimeError('ZeroDivisionError', 'integer division or modulo by zero');
  const perSlice = Math.floor(items.length / count);
  const withExtra = items.length % count;
  let offset = 0;
  const columns: unknown[][] = [];
  for (let index = 0; index < count; index++) {
    const start = offset + index * perSlice;
    if (index < withExtra) offset += 1;
    const end = offset + (index + 1) * perSlice;
    const column = items.slice(start, end);
    if (fill !== null && index >= withExtra) column.push(fill);
    columns.push(column);
  }
  return new PyIterator(columns);
}

function groupby(environment: RenderEnvironment, value: unknown, attribute: unknown, fallback: unknown, caseSensitive: unknown): unknown[] {
  const get = attributeGetter(environment, attribute, fallback === null ? undefined : fallback);
  const key = (item: unknown): unknown => ignoreCase(get(item), caseSensitive);
  const items = toList(value);
  charge(environment, items.length);
  const sorted = sortBy(items, key, false);
  const groups: unknown[] = [];
  let current: unknown[] | null = null;
  let currentKey: unknown;
  for (const item of sorted) {
    const itemKey = key(item);
    if (current && pyEquals(itemKey, currentKey)) {
      current.push(item);
    } else {
      current = [item];
      currentKey = itemKey;
      groups.push(current);
    }
  }
  return groups.map((group) => groupTuple(truthy(caseSensitive) ? key((group as unknown[])[0]) : get((group as unknown[])[0]), group as unknown[]));
}

function dictsort(environment: RenderEnvironment, value: unknown, caseSensitive: unknown, by: unknown, reverse: unknown): unknown[] {
  defined(value);
  if (!isDict(value)) throw new JinjaRuntimeError('AttributeError', `'${typeName(value)}' object has no attribute 'items'`);
  const position = textOf(softStr(by)) === 'key' ? 0 : textOf(softStr(by)) === 'value' ? 1 : -1;
  if (position === -1) throw new JinjaRuntimeError('FilterArgumentError', 'You can only sort by either "key" or "value"');
  const pairs = [...value].map(([key, item]) => tuple([key, item]));
  charge(environment, pairs.length);
  return sortBy(pairs, (pair) => ignoreCase(pair[position], caseSensitive), truthy(reverse));
}

function unique(environment: RenderEnvironment, value: unknown, caseSensitive: unknown, attribute: unknown): PyIterator {
  const get = attributeGetter(environment, attribute);
  const seen: unknown[] = [];
  const keys = new Set<unknown>();
  for (const item of toList(value)) {
    const key = hashKey(ignoreCase(get(item), caseSensitive));
    if (keys.has(key)) continue;
    keys.add(key);
    seen.push(item);
  }
  return new PyIterator(seen);
}

function sum(environment: RenderEnvironment, value: unknown, attribute: unknown, start: unknown): unknown {
  const get = attributeGetter(environment, attribute);
  let total = start;
  for (const item of toList(value)) total = pyBinary('add', total, get(item), (units) => environment.budget.allocate(units), () => undefined);
  return total;
}

function mapFilter(environment: RenderEnvironment, value: unknown, args: readonly unknown[], kwargs: Kwargs): PyIterator {
  // Jinja maps nothing over a false value (`if value: for item in value`), whatever its type.
  const items = !truthy(value) ? [] : toList(value);
  if (args.length === 0 && kwargs.has('attribute')) {
    const rest = new Map(kwargs);
    const attribute = rest.get('attribute');
    rest.delete('attribute');
    const fallback = rest.has('default') ? rest.get('default') : undefined;
    rest.delete('default');
    if (rest.size > 0) throw new JinjaRuntimeError('FilterArgumentError', 'Unexpected keyword argument');
    return new PyIterator(items.map(attributeGetter(environment, attribute, fallback)));
  }
  if (args.length === 0) throw new JinjaRuntimeError('FilterArgumentError', 'map requires a filter argument');
  const name = textOf(softStr(args[0]));
  const rest = args.slice(1);
  return new PyIterator(items.map((item) => environment.callFilter(name, item, rest, kwargs)));
}

function reverse(value: unknown): unknown {
  defined(value);
  if (!(isString(value) || Array.isArray(value) || isDict(value) || value instanceof PyIterator || value instanceof DictView || value instanceof PyRange)) {
    throw new JinjaRuntimeError('FilterArgumentError', 'argument must be iterable');
  }
  if (isString(value)) return mapText(value, (text) => codePoints(text).reverse().join(''));
  if (value instanceof PyIterator || value instanceof DictView || isDict(value)) return new PyIterator(toList(value).reverse(), 'list_reverseiterator');
  return new PyIterator([...toList(value)].reverse(), 'list_reverseiterator');
}

function wordwrap(value: unknown, width: unknown, breakLongWords: unknown, wrapstring: unknown, breakOnHyphens: unknown): string {
  const size = int(width, 'width');
  if (size <= 0) throw new JinjaRuntimeError('ValueError', `invalid width ${size} (must be > 0)`);
  const separator = wrapstring === null ? '\n' : textOf(softStr(wrapstring));
  return splitLines(textOf(softStr(value)))
    .map((line) => wrapLine(line, size, truthy(breakLongWords), truthy(breakOnHyphens)).join(separator))
    .join(separator);
}

/** Python's `textwrap.wrap` with expand_tabs and replace_whitespace off; linear in the text's length. */
function wrapLine(text: string, width: number, breakLongWords: boolean, breakOnHyphens: boolean): string[] {
  const astral = codePoints(text).length !== text.length;
  const measure = astral ? (chunk: string): number => codePoints(chunk).length : (chunk: string): number => chunk.length;
  const cut = astral ? (chunk: string, from: number, to?: number): string => codePoints(chunk).slice(from, to).join('') : (chunk: string, from: number, to?: number): string => chunk.slice(from, to);
  const chunks = text.split(breakOnHyphens ? /(\s+|(?<=[\p{L}\p{N}_])-(?=[\p{L}\p{N}_]))/u : /(\s+)/u).filter((chunk) => chunk !== '' && chunk !== undefined);
  // Hyphen splits keep the hyphen with the word before it.
  const words: string[] = [];
  for (const chunk of chunks) {
    if (chunk === '-' && words.length > 0 && !/^\s+$/.test(words.at(-1) as string)) words[words.length - 1] += '-';
    else words.push(chunk);
  }
  words.reverse();
  const lines: string[] = [];
  while (words.length > 0) {
    const line: string[] = [];
    let length = 0;
    if (lines.length > 0 && /^\s+$/.test(words.at(-1) as string)) words.pop();
    while (words.length > 0) {
      const chunkLength = measure(words.at(-1) as string);
      if (length + chunkLength > width) break;
      line.push(words.pop() as string);
      length += chunkLength;
    }
    if (words.length > 0 && measure(words.at(-1) as string) > width) {
      const room = Math.max(width - length, 1);
      if (breakLongWords) {
        const word = words.pop() as string;
        line.push(cut(word, 0, room));
        // The rest of a long word is cut into whole lines at once, so a long word costs its length once.
        let rest = cut(word, room);
        const full: string[] = [];
        while (measure(rest) > width) {
          full.push(cut(rest, 0, width));
          rest = cut(rest, width);
        }
        if (full.length > 0) {
          while (line.length > 0 && /^\s+$/.test(line.at(-1) as string)) line.pop();
          if (line.length > 0) lines.push(line.join(''));
          for (const piece of full) lines.push(piece);
          line.length = 0;
        }
        words.push(rest);
      } else if (line.length === 0) {
        line.push(words.pop() as string);
      }
    }
    while (line.length > 0 && /^\s+$/.test(line.at(-1) as string)) line.pop();
    if (line.length > 0) lines.push(line.join(''));
  }
  return lines;
}

/** `pprint.pformat(value)`: dicts with their keys sorted (lines are not wrapped, decision 0256). */
function pprint(value: unknown): string {
  return pyRepr(sortDicts(value));
}

function sortDicts(value: unknown): unknown {
  if (isDict(value)) {
    const keys = [...value.keys()];
    const sorted = sortBy(keys, (key) => key, false);
    return new Map(sorted.map((key) => [key, sortDicts(value.get(key))]));
  }
  if (Array.isArray(value)) return isTuple(value) ? tuple(value.map(sortDicts)) : value.map(sortDicts);
  return value;
}

function items(value: unknown): PyIterator {
  if (value instanceof Undefined) return new PyIterator([]);
  if (!isDict(value)) throw new JinjaRuntimeError('TypeError', 'Can only get item pairs from a mapping.');
  return new PyIterator(new DictView(value, 'items').toArray());
}

function length(value: unknown): number {
  return pyLen(value);
}

function sort(environment: RenderEnvironment, value: unknown, reverseOrder: unknown, caseSensitive: unknown, attribute: unknown): unknown[] {
  const list = toList(value);
  charge(environment, list.length);
  const get = attributeGetter(environment, attribute);
  return sortBy(list, (item) => ignoreCase(get(item), caseSensitive), truthy(reverseOrder));
}

function wordcount(value: unknown): number {
  return (textOf(softStr(value)).match(/[\p{L}\p{N}_\p{Mn}\p{Mc}]+/gu) ?? []).length;
}

const TITLE_SPLIT = /([-\s({[<]+)/u;

/** Jinja's title filter joins the words as plain text: Markup in, text out. */
function title(value: unknown): unknown {
  return textOf(softStr(value))
      .split(TITLE_SPLIT)
      .filter((item) => item !== '')
      .map((item) => {
        const chars = codePoints(item);
        return (chars[0] as string).toUpperCase() + chars.slice(1).join('').toLowerCase();
      })
      .join('');
}

function center(environment: RenderEnvironment, value: unknown, width: unknown): unknown {
  const size = int(width, 'width');
  environment.budget.allocate(size);
  return mapText(value, (text) => centerText(text, size));
}

function absolute(value: unknown): unknown {
  defined(value);
  if (!isNumber(value)) throw new JinjaRuntimeError('TypeError', `bad operand type for abs(): '${typeName(value)}'`);
  const number = Math.abs(numberOf(value));
  return isFloat(value) ? pyFloat(number) : number;
}

function list(environment: RenderEnvironment, value: unknown): unknown[] {
  const result = [...toList(value)];
  environment.budget.allocate(result.length);
  return result;
}

function first_(environment: RenderEnvironment, value: unknown): unknown {
  return first(value, 'No first item, sequence was empty.', false, environment);
}

function last(environment: RenderEnvironment, value: unknown): unknown {
  const item = first(value, 'No last item, sequence was empty.', true, environment);
  // `reversed()` reads Markup by index, which gives Markup (iterating it gives text).
  return value instanceof Markup && typeof item === 'string' ? new Markup(item) : item;
}

function string(value: unknown): unknown {
  return softStr(value);
}

function tojson(value: unknown, indent: unknown): Markup {
  return new Markup(
    toJson(defined(value), indent === null ? null : int(indent, 'indent'))
      .replaceAll('<', '\\u003c')
      .replaceAll('>', '\\u003e')
      .replaceAll('&', '\\u0026')
      .replaceAll("'", '\\u0027'),
  );
}

function urlencode(value: unknown): string {
  defined(value);
  if (isString(value) || !(isDict(value) || Array.isArray(value) || value instanceof PyIterator || value instanceof DictView)) return urlQuote(value, false);
  const pairs = isDict(value) ? [...value] : toList(value).map((pair) => unpackPair(pair));
  return pairs.map(([key, item]) => `${urlQuote(key, true)}=${urlQuote(item, true)}`).join('&');
}

function unpackPair(pair: unknown): unknown[] {
  const items = toList(pair);
  if (items.length < 2) throw new JinjaRuntimeError('ValueError', `not enough values to unpack (expected 2, got ${items.length})`);
  if (items.length > 2) throw new JinjaRuntimeError('ValueError', 'too many values to unpack (expected 2)');
  return items;
}

function defaultFilter(value: unknown, fallback: unknown, boolean: unknown): unknown {
  if (value instanceof Undefined || (truthy(boolean) && !truthy(value))) return fallback;
  return value;
}

function attr(environment: RenderEnvironment, value: unknown, name: unknown): unknown {
  return environment.lookup.attributeOf(value, textOf(softStr(name)), environment.offset);
}

const DEFAULT_PARAMETERS: Parameters = [['default_value', ''], ['boolean', false]];

/** Every builtin filter by name. */
export const FILTERS: ReadonlyMap<string, Filter> = new Map<string, Filter>([
  filter('abs', [], (_, value) => absolute(value)),
  filter('attr', [['name']], (environment, value, [name]) => attr(environment, value, name)),
  filter('batch', [['linecount'], ['fill_with', null]], (_, value, [size, fill]) => batch(value, size, fill)),
  filter('capitalize', [], (_, value) => mapText(value, capitalizeText)),
  filter('center', [['width', 80]], (environment, value, [width]) => center(environment, value, width)),
  filter('default', DEFAULT_PARAMETERS, (_, value, [fallback, boolean]) => defaultFilter(value, fallback, boolean)),
  filter('d', DEFAULT_PARAMETERS, (_, value, [fallback, boolean]) => defaultFilter(value, fallback, boolean)),
  filter('dictsort', [['case_sensitive', false], ['by', 'key'], ['reverse', false]], (environment, value, [caseSensitive, by, reverseOrder]) => dictsort(environment, value, caseSensitive, by, reverseOrder)),
  filter('escape', [], (_, value) => escapeValue(defined(value))),
  filter('e', [], (_, value) => escapeValue(defined(value))),
  filter('filesizeformat', [['binary', false]], (_, value, [binary]) => filesizeformat(value, binary)),
  filter('first', [], (environment, value) => first_(environment, value)),
  filter('float', [['default', new PyFloat(0)]], (_, value, [fallback]) => toFloat(defined(value), fallback)),
  filter('forceescape', [], (_, value) => new Markup(escapeHtml(textOf(softStr(value))))),
  ['format', (environment, value, args, kwargs) => format(environment, value, args, kwargs)],
  filter('groupby', [['attribute'], ['default', null], ['case_sensitive', false]], (environment, value, [attribute, fallback, caseSensitive]) => groupby(environment, value, attribute, fallback, caseSensitive)),
  filter('indent', [['width', 4], ['first', false], ['blank', false]], (environment, value, [width, firstLine, blank]) => indent(environment, value, width, firstLine, blank)),
  filter('int', [['default', 0], ['base', 10]], (_, value, [fallback, base]) => toInt(defined(value), fallback, base)),
  filter('items', [], (_, value) => items(value)),
  filter('join', [['d', ''], ['attribute', null]], (environment, value, [separator, attribute]) => join(environment, value, separator, attribute)),
  filter('last', [], (environment, value) => last(environment, value)),
  filter('length', [], (_, value) => length(value)),
  filter('count', [], (_, value) => length(value)),
  filter('list', [], (environment, value) => list(environment, value)),
  filter('lower', [], (_, value) => mapText(value, (text) => text.toLowerCase())),
  ['map', (environment, value, args, kwargs) => mapFilter(environment, value, args, kwargs)],
  filter('max', [['case_sensitive', false], ['attribute', null]], (environment, value, [caseSensitive, attribute]) => minMax(environment, value, caseSensitive, attribute, true)),
  filter('min', [['case_sensitive', false], ['attribute', null]], (environment, value, [caseSensitive, attribute]) => minMax(environment, value, caseSensitive, attribute, false)),
  filter('pprint', [], (_, value) => pprint(value)),
  ['reject', (environment, value, args, kwargs) => selectItems(environment, value, args, kwargs, false, false)],
  ['rejectattr', (environment, value, args, kwargs) => selectItems(environment, value, args, kwargs, true, false)],
  filter('replace', [['old'], ['new'], ['count', null]], (environment, value, [old, replacement, count]) => replace(environment, value, old, replacement, count)),
  filter('reverse', [], (_, value) => reverse(value)),
  filter('round', [['precision', 0], ['method', 'common']], (_, value, [precision, method]) => round(value, precision, method)),
  filter('safe', [], (_, value) => (value instanceof Markup ? value : new Markup(pyStr(defined(value))))),
  ['select', (environment, value, args, kwargs) => selectItems(environment, value, args, kwargs, false, true)],
  ['selectattr', (environment, value, args, kwargs) => selectItems(environment, value, args, kwargs, true, true)],
  filter('slice', [['slices'], ['fill_with', null]], (_, value, [slices, fill]) => sliceFilter(value, slices, fill)),
  filter('sort', [['reverse', false], ['case_sensitive', false], ['attribute', null]], (environment, value, [reverseOrder, caseSensitive, attribute]) => sort(environment, value, reverseOrder, caseSensitive, attribute)),
  filter('string', [], (_, value) => string(value)),
  filter('striptags', [], (_, value) => stripTags(value instanceof Markup ? value.value : pyStr(defined(value)))),
  filter('sum', [['attribute', null], ['start', 0]], (environment, value, [attribute, start]) => sum(environment, value, attribute, start)),
  filter('title', [], (_, value) => title(value)),
  filter('tojson', [['indent', null]], (_, value, [indentBy]) => tojson(value, indentBy)),
  filter('trim', [['chars', null]], (_, value, [chars]) => mapText(value, (text) => stripText(text, chars === null ? null : textOf(softStr(chars)), true, true))),
  filter('truncate', [['length', 255], ['killwords', false], ['end', '...'], ['leeway', null]], (_, value, [size, killwords, end, leeway]) => truncate(value, size, killwords, end, leeway)),
  filter('unique', [['case_sensitive', false], ['attribute', null]], (environment, value, [caseSensitive, attribute]) => unique(environment, value, caseSensitive, attribute)),
  filter('upper', [], (_, value) => mapText(value, (text) => text.toUpperCase())),
  filter('urlencode', [], (_, value) => urlencode(value)),
  filter('urlize', [['trim_url_limit', null], ['nofollow', false], ['target', null], ['rel', null]], (environment, value, [limit, nofollow, target, rel]) => {
    const html = urlize(value, limit, nofollow, target, rel);
    return environment.autoescape ? new Markup(html) : html;
  }),
  filter('wordcount', [], (_, value) => wordcount(value)),
  filter('wordwrap', [['width', 79], ['break_long_words', true], ['wrapstring', null], ['break_on_hyphens', true]], (_, value, [width, breakLong, wrapstring, hyphens]) => wordwrap(value, width, breakLong, wrapstring, hyphens)),
  filter('xmlattr', [['autospace', true]], (environment, value, [autospace]) => xmlattr(environment, value, autospace)),
]);

