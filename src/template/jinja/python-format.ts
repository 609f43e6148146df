// Python's string formatting: `'%06d' % n` (printf style) and `'{:,.2f}'.format(x)` (the format mini-language), for Jinja's format filter and string methods.
import { JinjaRuntimeError } from './jinja-errors.js';
import { defined } from './python-operators.js';
import { formatFloat, generalDigits, intString } from './python-numbers.js';
import { Markup, PyFloat, isDict, isFloat, isNumber, isTuple, numberOf, pyRepr, pyStr, textOf, typeName, type PyDict } from './python-values.js';

/** Charges the characters a format is about to make (widths and precisions come from templates). */
export type Charge = (characters: number) => void;

/** Looks a `{name.attr[key]}` field part up through the sandbox's rules. */
export interface FieldLookup {
  getattr(value: unknown, name: string): unknown;
  getitem(value: unknown, key: unknown): unknown;
}

/**
 * `format % args` as Python's str does. `args` is one value, a tuple of values (an array marked
 * as a tuple), or a dict for `%(name)s` fields. `toText` turns a `%s` argument into text (for
 * Markup, escaping it).
 */
export function percentFormat(format: string, args: unknown, charge: Charge, toText: (value: unknown) => string = pyStr): string {
  const values: readonly unknown[] = isTuple(args) ? args : [args];
  const mapping = isDict(args) ? args : undefined;
  // Python takes any other value with items (a list) as a mapping too: unused, it is no error.
  const mappingLike = mapping !== undefined || (Array.isArray(args) && !isTuple(args));
  let next = 0;
  let usedMapping = false;
  const take = (): unknown => {
    if (next >= values.length) throw new JinjaRuntimeError('TypeError', 'not enough arguments for format string');
    return values[next++];
  };
  let out = '';
  let at = 0;
  while (at < format.length) {
    const percent = format.indexOf('%', at);
    if (percent === -1) {
      out += format.slice(at);
      break;
    }
    out += format.slice(at, percent);
    at = percent + 1;
    let key: string | undefined;
    if (format[at] === '(') {
      const close = format.indexOf(')', at);
      if (close === -1) throw new JinjaRuntimeError('ValueError', 'incomplete format key');
      key = format.slice(at + 1, close);
      at = close + 1;
    }
    let flags = '';
    while (at < format.length && '-+ #0'.includes(format[at] as string)) flags += format[at++];
    let width = 0;
    if (format[at] === '*') {
      width = integerArgument(take());
      at += 1;
    } else {
      const start = at;
      while (isDigit(format.charCodeAt(at))) at += 1;
      width = start === at ? 0 : Number(format.slice(start, at));
    }
    let precision: number | undefined;
    if (format[at] === '.') {
      at += 1;
      if (format[at] === '*') {
        precision = integerArgument(take());
        at += 1;
      } else {
        const start = at;
        while (isDigit(format.charCodeAt(at))) at += 1;
        precision = start === at ? 0 : Number(format.slice(start, at));
      }
    }
    while (at < format.length && 'hlL'.includes(format[at] as string)) at += 1;
    const conversion = format[at];
    if (conversion === undefined) throw new JinjaRuntimeError('ValueError', 'incomplete format');
    at += 1;
    if (conversion === '%') {
      out += '%';
      continue;
    }
    let value: unknown;
    if (key !== undefined) {
      if (!mapping) throw new JinjaRuntimeError('TypeError', 'format requires a mapping');
      usedMapping = true;
      if (!mapping.has(key)) throw new JinjaRuntimeError('KeyError', pyRepr(key));
      value = mapping.get(key);
    } else {
      value = take();
    }
    if (width < 0) {
      flags += '-';
      width = -width;
    }
    charge(width + (precision ?? 0));
    out += pad(convert(conversion, value, flags, precision, toText), flags, width, conversion);
  }
  if (!usedMapping && !mappingLike && next < values.length) throw new JinjaRuntimeError('TypeError', 'not all arguments converted during string formatting');
  return out;
}

function isDigit(code: number): boolean {
  return code >= 0x30 && code <= 0x39;
}

function integerArgument(value: unknown): number {
  if (typeof value === 'number' && Number.isInteger(value)) return value;
  throw new JinjaRuntimeError('TypeError', '* wants int');
}

function convert(conversion: string, value: unknown, flags: string, precision: number | undefined, toText: (value: unknown) => string): string {
  switch (conversion) {
    case 's': {
      const text = toText(value);
      return precision === undefined ? text : text.slice(0, precision);
    }
    case 'r':
    case 'a': {
      const text = pyRepr(value);
      return precision === undefined ? text : text.slice(0, precision);
    }
    case 'd':
    case 'i':
    case 'u': {
      if (!isNumber(value)) throw new JinjaRuntimeError('TypeError', `%${conversion} format: a real number is required, not ${typeName(value)}`);
      const number = Math.trunc(numberOf(value));
      if (!Number.isFinite(number)) throw new JinjaRuntimeError('OverflowError', 'cannot convert float infinity to integer');
      return signed(number, flags, (magnitude) => intString(magnitude).padStart(precision ?? 0, '0'));
    }
    case 'x':
    case 'X':
    case 'o': {
      if (!(isNumber(value) && !isFloat(value))) throw new JinjaRuntimeError('TypeError', `%${conversion} format: an integer is required, not ${typeName(value)}`);
      const radix = conversion === 'o' ? 8 : 16;
      return signed(numberOf(value), flags, (magnitude) => {
        let digits = magnitude.toString(radix).padStart(precision ?? 0, '0');
        if (conversion === 'X') digits = digits.toUpperCase();
        return flags.includes('#') ? `0${conversion}${digits}` : digits;
      });
    }
    case 'e':
    case 'E':
    case 'f':
    case 'F':
    case 'g':
    case 'G': {
      if (!isNumber(value)) throw new JinjaRuntimeError('TypeError', `must be real number, not ${typeName(value)}`);
      const number = numberOf(value);
      const text = formatFloat(Math.abs(number), conversion, precision ?? 6, flags.includes('#'));
      return signText(number < 0 || Object.is(number, -0), flags) + text;
    }
    case 'c': {
      if (typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= 0x10ffff) return String.fromCodePoint(value);
      if (typeof value === 'string' && [...value].length === 1) return value;
      throw new JinjaRuntimeError('TypeError', '%c requires int or char');
    }
    default:
      throw new JinjaRuntimeError('ValueError', `unsupported format character '${conversion}'`);
  }
}

function signText(negative: boolean, flags: string): string {
  if (negative) return '-';
  if (flags.includes('+')) return '+';
  if (flags.includes(' ')) return ' ';
  return '';
}

function signed(number: number, flags: string, digits: (magnitude: number) => string): string {
  return signText(number < 0, flags) + digits(Math.abs(number));
}

const NUMERIC_CONVERSIONS = 'diuxXoeEfFgG';

function pad(text: string, flags: string, width: number, conversion: string): string {
  if (text.length >= width) return text;
  if (flags.includes('-')) return text.padEnd(width, ' ');
  if (flags.includes('0') && NUMERIC_CONVERSIONS.includes(conversion) && !/(?:inf|nan)$/i.test(text)) {
    const prefix = (/^[+\- ]?(?:0[xXo])?/.exec(text) as RegExpExecArray)[0];
    return prefix + text.slice(prefix.length).padStart(width - prefix.length, '0');
  }
  return text.padStart(width, ' ');
}

interface FormatSpec {
  fill: string;
  align: string;
  sign: string;
  alternate: boolean;
  zero: boolean;
  width: number;
  grouping: string;
  precision: number | undefined;
  type: string;
}

function parseSpec(spec: string): FormatSpec {
  const parsed: FormatSpec = { fill: ' ', align: '', sign: '', alternate: false, zero: false, width: 0, grouping: '', precision: undefined, type: '' };
  const chars = [...spec];
  let at = 0;
  if (chars.length >= 2 && '<>=^'.includes(chars[1] as string)) {
    parsed.fill = chars[0] as string;
    parsed.align = chars[1] as string;
    at = 2;
  } else if (chars.length >= 1 && '<>=^'.includes(chars[0] as string)) {
    parsed.align = chars[0] as string;
    at = 1;
  }
  if ('+- '.includes(chars[at] ?? 'x')) parsed.sign = chars[at++] as string;
  if (chars[at] === 'z') at += 1;
  if (chars[at] === '#') {
    parsed.alternate = true;
    at += 1;
  }
  if (chars[at] === '0') {
    parsed.zero = true;
    at += 1;
  }
  let width = '';
  while (at < chars.length && isDigit((chars[at] as string).charCodeAt(0))) width += chars[at++];
  parsed.width = width === '' ? 0 : Number(width);
  if (chars[at] === ',' || chars[at] === '_') parsed.grouping = chars[at++] as string;
  if (chars[at] === '.') {
    at += 1;
    let precision = '';
    while (at < chars.length && isDigit((chars[at] as string).charCodeAt(0))) precision += chars[at++];
    if (precision === '') throw new JinjaRuntimeError('ValueError', 'Format specifier missing precision');
    parsed.precision = Number(precision);
  }
  if (at < chars.length) parsed.type = chars[at++] as string;
  if (at < chars.length) throw new JinjaRuntimeError('ValueError', 'Invalid format specifier');
  return parsed;
}

/** Python's `format(value, spec)` for the values templates have. */
export function formatValue(value: unknown, spec: string, charge: Charge): string {
  if (spec === '') return pyStr(value);
  const parsed = parseSpec(spec);
  charge(parsed.width + (parsed.precision ?? 0));
  if (typeof value === 'string' || value instanceof Markup) return formatText(textOf(value), parsed);
  if (isNumber(value)) return formatNumber(value, parsed);
  throw new JinjaRuntimeError('TypeError', `unsupported format string passed to ${typeName(value)}.__format__`);
}

function formatText(text: string, spec: FormatSpec): string {
  if (spec.type !== '' && spec.type !== 's') throw new JinjaRuntimeError('ValueError', `Unknown format code '${spec.type}' for object of type 'str'`);
  if (spec.sign !== '') throw new JinjaRuntimeError('ValueError', 'Sign not allowed in string format specifier');
  if (spec.alternate) throw new JinjaRuntimeError('ValueError', 'Alternate form (#) not allowed in string format specifier');
  if (spec.grouping !== '') throw new JinjaRuntimeError('ValueError', "Cannot specify ',' with 's'.");
  if (spec.align === '=') throw new JinjaRuntimeError('ValueError', "'=' alignment not allowed in string format specifier");
  const chars = [...text];
  const cut = spec.precision === undefined ? chars : chars.slice(0, spec.precision);
  return align(cut.join(''), cut.length, spec.align || '<', spec.zero && !spec.align ? '0' : spec.fill, spec.width);
}

function formatNumber(value: number | boolean | PyFloat, spec: FormatSpec): string {
  const number = numberOf(value);
  const float = isFloat(value);
  let type = spec.type;
  if (!float && 'eEfFgG%'.includes(type) && type !== '') {
    // An int formatted as a float.
  } else if (!float && !['', 'd', 'n', 'b', 'o', 'x', 'X', 'c'].includes(type)) {
    throw new JinjaRuntimeError('ValueError', `Unknown format code '${type}' for object of type '${typeName(value)}'`);
  } else if (float && !['', 'e', 'E', 'f', 'F', 'g', 'G', 'n', '%'].includes(type)) {
    throw new JinjaRuntimeError('ValueError', `Unknown format code '${type}' for object of type 'float'`);
  }
  const negative = number < 0 || (float && Object.is(number, -0));
  const magnitude = Math.abs(number);
  let digits: string;
  let prefix = '';
  if (!float && ['', 'd', 'n', 'b', 'o', 'x', 'X', 'c'].includes(type)) {
    if (spec.precision !== undefined) throw new JinjaRuntimeError('ValueError', 'Precision not allowed in integer format specifier');
    if (type === 'c') return align(String.fromCodePoint(magnitude), 1, spec.align || '<', spec.fill, spec.width);
    const radix = type === 'b' ? 2 : type === 'o' ? 8 : type === 'x' || type === 'X' ? 16 : 10;
    digits = radix === 10 ? intString(magnitude) : magnitude.toString(radix);
    if (type === 'X') digits = digits.toUpperCase();
    if (spec.alternate && radix !== 10) prefix = `0${type === 'X' ? 'X' : type === 'x' ? 'x' : type}`;
    return assemble(negative, prefix, digits, '', spec, radix === 10 ? 3 : 4);
  }
  if (type === 'n') type = 'g';
  let text: string;
  if (!Number.isFinite(magnitude)) {
    text = Number.isNaN(magnitude) ? 'nan' : 'inf';
    if ('EFG'.includes(type) && type !== '') text = text.toUpperCase();
  } else if (type === '%') {
    text = `${formatFloat(magnitude * 100, 'f', spec.precision ?? 6, spec.alternate)}%`;
  } else if (type === '') {
    text = spec.precision === undefined ? pyStr(float ? value : new PyFloat(magnitude)).replace(/^-/, '') : generalDigits(magnitude, spec.precision, false, spec.alternate, true);
    if (!float && spec.precision === undefined) text = intString(magnitude);
  } else {
    text = formatFloat(magnitude, type as 'e' | 'E' | 'f' | 'F' | 'g' | 'G', spec.precision ?? 6, spec.alternate);
  }
  const split = text.search(/[.eE%]|inf|nan|INF|NAN/);
  const whole = split === -1 ? text : text.slice(0, split);
  const rest = split === -1 ? '' : text.slice(split);
  return assemble(negative, '', whole, rest, spec, 3);
}

/** Sign, prefix, grouped integer digits and the rest, padded as the spec says (zeros grouped too). */
function assemble(negative: boolean, prefix: string, whole: string, rest: string, spec: FormatSpec, groupSize: number): string {
  const sign = negative ? '-' : spec.sign === '+' ? '+' : spec.sign === ' ' ? ' ' : '';
  const zeroPadded = spec.zero && (spec.align === '' || spec.align === '=');
  const fill = zeroPadded && spec.align === '' ? '0' : spec.fill;
  const alignment = spec.align || (zeroPadded ? '=' : '>');
  let digits = whole;
  if (alignment === '=' && fill === '0' && spec.grouping !== '') {
    const target = spec.width - sign.length - prefix.length - rest.length;
    while (group(digits, spec.grouping, groupSize).length < target) digits = `0${digits}`;
  }
  const body = group(digits, spec.grouping, groupSize) + rest;
  if (alignment === '=') {
    const length = sign.length + prefix.length + [...body].length;
    return sign + prefix + (length < spec.width ? fill.repeat(spec.width - length) : '') + body;
  }
  const text = sign + prefix + body;
  return align(text, [...text].length, alignment, fill, spec.width);
}

function group(digits: string, separator: string, size: number): string {
  if (separator === '' || !/^\d+$/.test(digits)) return digits;
  let out = '';
  for (let end = digits.length; end > 0; end -= size) {
    const start = Math.max(0, end - size);
    out = out === '' ? digits.slice(start, end) : `${digits.slice(start, end)}${separator}${out}`;
  }
  return out;
}

function align(text: string, length: number, alignment: string, fill: string, width: number): string {
  if (length >= width) return text;
  const room = width - length;
  if (alignment === '<') return text + fill.repeat(room);
  if (alignment === '^') return fill.repeat(Math.floor(room / 2)) + text + fill.repeat(room - Math.floor(room / 2));
  return fill.repeat(room) + text;
}

/**
 * `format.format(*args, **kwargs)` (str.format), with field names looked up through the
 * sandbox's `getattr` and `getitem`, as Jinja's SandboxedFormatter does. `escape` turns each
 * field's text into Markup's escaped text when the format string is Markup.
 */
export function strFormat(format: string, args: readonly unknown[], kwargs: PyDict, lookup: FieldLookup, charge: Charge, escape?: (value: unknown, text: string) => string): string {
  let automatic = 0;
  let manual = false;
  const resolve = (field: string): unknown => {
    let at = 0;
    while (at < field.length && field[at] !== '.' && field[at] !== '[') at += 1;
    const first = field.slice(0, at);
    let value: unknown;
    if (first === '') {
      if (manual) throw new JinjaRuntimeError('ValueError', 'cannot switch from manual field specification to automatic field numbering');
      value = positional(automatic++);
    } else if (/^\d+$/.test(first)) {
      manual = true;
      value = positional(Number(first));
    } else {
      if (!kwargs.has(first)) throw new JinjaRuntimeError('KeyError', pyRepr(first));
      value = kwargs.get(first);
    }
    while (at < field.length) {
      if (field[at] === '.') {
        let end = at + 1;
        while (end < field.length && field[end] !== '.' && field[end] !== '[') end += 1;
        value = lookup.getattr(value, field.slice(at + 1, end));
        at = end;
      } else {
        const close = field.indexOf(']', at);
        if (close === -1) throw new JinjaRuntimeError('ValueError', "Missing ']' in format string");
        const key = field.slice(at + 1, close);
        value = lookup.getitem(value, /^\d+$/.test(key) ? Number(key) : key);
        at = close + 1;
      }
    }
    return value;
  };
  const positional = (index: number): unknown => {
    if (index >= args.length) throw new JinjaRuntimeError('IndexError', 'tuple index out of range');
    return args[index];
  };
  let out = '';
  let at = 0;
  while (at < format.length) {
    const char = format[at] as string;
    if (char === '{') {
      if (format[at + 1] === '{') {
        out += '{';
        at += 2;
        continue;
      }
      // The field runs to the matching `}`; nested `{…}` may appear in its spec.
      let depth = 1;
      let end = at + 1;
      while (end < format.length && depth > 0) {
        if (format[end] === '{') depth += 1;
        else if (format[end] === '}') depth -= 1;
        if (depth > 0) end += 1;
      }
      if (depth > 0) throw new JinjaRuntimeError('ValueError', "expected '}' before end of string");
      const field = format.slice(at + 1, end);
      at = end + 1;
      let name = field;
      let conversion = '';
      let spec = '';
      const colon = indexOutsideBrackets(field, ':');
      if (colon !== -1) {
        spec = field.slice(colon + 1);
        name = field.slice(0, colon);
      }
      const bang = indexOutsideBrackets(name, '!');
      if (bang !== -1) {
        conversion = name.slice(bang + 1);
        name = name.slice(0, bang);
        if (conversion !== 's' && conversion !== 'r' && conversion !== 'a') throw new JinjaRuntimeError('ValueError', 'Unknown conversion specifier');
      }
      if (spec.includes('{')) spec = strFormat(spec, args, kwargs, lookup, charge);
      let value = defined(resolve(name));
      if (conversion === 's') value = pyStr(value);
      else if (conversion !== '') value = pyRepr(value);
      const text = formatValue(value, spec, charge);
      out += escape ? escape(value, text) : text;
    } else if (char === '}') {
      if (format[at + 1] !== '}') throw new JinjaRuntimeError('ValueError', "Single '}' encountered in format string");
      out += '}';
      at += 2;
    } else {
      let stop = at + 1;
      while (stop < format.length && format[stop] !== '{' && format[stop] !== '}') stop += 1;
      out += format.slice(at, stop);
      at = stop;
    }
  }
  return out;
}

function indexOutsideBrackets(text: string, char: string): number {
  let depth = 0;
  for (let index = 0; index < text.length; index++) {
    const current = text[index];
    if (current === '[') depth += 1;
    else if (current === ']') depth = Math.max(0, depth - 1);
    else if (current === char && depth === 0) return index;
  }
  return -1;
}
