// Python's text for numbers: repr of floats, %f/%e/%g rounding of the exact binary value (half to even), round(), int() and float() of text.

/** A finite double's exact value: `digits × 10^exponent`, `digits` without leading zeros ("0" for zero). */
interface ExactDecimal {
  readonly digits: bigint;
  readonly exponent: number;
}

const view = new DataView(new ArrayBuffer(8));

function exactDecimal(value: number): ExactDecimal {
  view.setFloat64(0, Math.abs(value));
  const high = view.getUint32(0);
  const low = view.getUint32(4);
  const exponentBits = (high >>> 20) & 0x7ff;
  let mantissa = (BigInt(high & 0xfffff) << 32n) | BigInt(low);
  let exponent: number;
  if (exponentBits === 0) {
    exponent = -1074;
  } else {
    mantissa |= 1n << 52n;
    exponent = exponentBits - 1075;
  }
  if (mantissa === 0n) return { digits: 0n, exponent: 0 };
  while ((mantissa & 1n) === 0n && exponent < 0) {
    mantissa >>= 1n;
    exponent += 1;
  }
  if (exponent >= 0) return { digits: mantissa << BigInt(exponent), exponent: 0 };
  return { digits: mantissa * 5n ** BigInt(-exponent), exponent };
}

/** `digits × 10^shift`, rounded half to even to an integer. */
function scaleRounded(digits: bigint, shift: number): bigint {
  if (shift >= 0) return digits * 10n ** BigInt(shift);
  const divisor = 10n ** BigInt(-shift);
  const quotient = digits / divisor;
  const twice = (digits % divisor) * 2n;
  if (twice > divisor || (twice === divisor && quotient % 2n === 1n)) return quotient + 1n;
  return quotient;
}

function isNegative(value: number): boolean {
  return value < 0 || Object.is(value, -0);
}

function nonFinite(value: number, upper: boolean): string | undefined {
  if (Number.isNaN(value)) return upper ? 'NAN' : 'nan';
  if (value === Infinity) return upper ? 'INF' : 'inf';
  if (value === -Infinity) return upper ? '-INF' : '-inf';
  return undefined;
}

/** `'%.{precision}f' % value` without the sign: the exact value rounded half to even. */
export function fixedDigits(value: number, precision: number): string {
  const { digits, exponent } = exactDecimal(value);
  const scaled = scaleRounded(digits, exponent + precision).toString();
  if (precision === 0) return scaled;
  const padded = scaled.padStart(precision + 1, '0');
  return `${padded.slice(0, padded.length - precision)}.${padded.slice(padded.length - precision)}`;
}

/** The value rounded to `significant` digits: the digits and the decimal exponent of the first. */
function significantDigits(value: number, significant: number): { digits: string; exponent: number } {
  const exact = exactDecimal(value);
  if (exact.digits === 0n) return { digits: '0'.repeat(significant), exponent: 0 };
  let exponent = exact.digits.toString().length - 1 + exact.exponent;
  let digits = scaleRounded(exact.digits, exact.exponent + (significant - 1 - exponent)).toString();
  if (digits.length > significant) {
    exponent += 1;
    digits = digits.slice(0, significant);
  }
  return { digits, exponent };
}

function exponentText(exponent: number, upper: boolean): string {
  return `${upper ? 'E' : 'e'}${exponent < 0 ? '-' : '+'}${String(Math.abs(exponent)).padStart(2, '0')}`;
}

/** `'%.{precision}e' % value` without the sign. */
export function exponentDigits(value: number, precision: number, upper = false, alternate = false): string {
  const { digits, exponent } = significantDigits(value, precision + 1);
  const mantissa = precision === 0 ? `${digits}${alternate ? '.' : ''}` : `${digits[0]}.${digits.slice(1)}`;
  return mantissa + exponentText(exponent, upper);
}

/**
 * `'%.{precision}g' % value` without the sign. `noType` is the rule of `format()` with a
 * precision and no type: exponents from `precision - 1` on are written in exponent notation, and
 * fixed notation keeps one digit after the point.
 */
export function generalDigits(value: number, precision: number, upper = false, alternate = false, noType = false): string {
  const significant = precision === 0 ? 1 : precision;
  const { exponent } = significantDigits(value, significant);
  const useExponent = exponent < -4 || exponent >= (noType ? significant - 1 : significant);
  let text = useExponent ? exponentDigits(value, significant - 1, upper, alternate) : fixedDigits(value, Math.max(0, significant - 1 - exponent));
  if (!alternate) text = stripZeros(text);
  if (noType && !useExponent && !text.includes('.')) text += '.0';
  return text;
}

/** Drops trailing zeros of the fraction (and the point if nothing is left), before any exponent. */
function stripZeros(text: string): string {
  const exponentAt = text.search(/[eE]/);
  const mantissa = exponentAt === -1 ? text : text.slice(0, exponentAt);
  const rest = exponentAt === -1 ? '' : text.slice(exponentAt);
  if (!mantissa.includes('.')) return text;
  let end = mantissa.length;
  while (mantissa.charCodeAt(end - 1) === 0x30) end -= 1;
  if (mantissa.charCodeAt(end - 1) === 0x2e) end -= 1;
  return mantissa.slice(0, end) + rest;
}

/** Formats a float for `%f`, `%e`, `%g` and format specs, sign included ('-' only). */
export function formatFloat(value: number, type: 'f' | 'F' | 'e' | 'E' | 'g' | 'G', precision: number, alternate = false): string {
  const special = nonFinite(value, type === 'F' || type === 'E' || type === 'G');
  if (special !== undefined) return special;
  const sign = isNegative(value) ? '-' : '';
  const magnitude = Math.abs(value);
  if (type === 'f' || type === 'F') return sign + fixedDigits(magnitude, precision) + (alternate && precision === 0 ? '.' : '');
  if (type === 'e' || type === 'E') return sign + exponentDigits(magnitude, precision, type === 'E', alternate);
  return sign + generalDigits(magnitude, precision, type === 'G', alternate);
}

/** Python's `repr(float)`: the shortest digits that read back the same, `1000.0`, `1e+16`, `1e-05`. */
export function floatRepr(value: number): string {
  const special = nonFinite(value, false);
  if (special !== undefined) return special;
  if (value === 0) return Object.is(value, -0) ? '-0.0' : '0.0';
  const sign = value < 0 ? '-' : '';
  // toExponential() without digits gives the shortest digits that round-trip, as Python's repr does.
  const [mantissa = '', exponentPart = '0'] = Math.abs(value).toExponential().split('e');
  const digits = mantissa.replace('.', '');
  const point = Number(exponentPart) + 1;
  if (point > -4 && point <= 16) {
    if (point <= 0) return `${sign}0.${'0'.repeat(-point)}${digits}`;
    if (point >= digits.length) return `${sign}${digits}${'0'.repeat(point - digits.length)}.0`;
    return `${sign}${digits.slice(0, point)}.${digits.slice(point)}`;
  }
  const exponent = point - 1;
  return `${sign}${digits[0]}${digits.length > 1 ? `.${digits.slice(1)}` : ''}${exponentText(exponent, false)}`;
}

/** `str(int)`, exact past 2^53 as far as the double holds it. */
export function intString(value: number): string {
  if (Object.is(value, -0)) return '0';
  return Math.abs(value) <= Number.MAX_SAFE_INTEGER ? String(value) : BigInt(value).toString();
}

/** Python's `round(value, digits)` of a float: the exact value rounded half to even, read back as a double. */
export function roundFloat(value: number, digits: number): number {
  if (!Number.isFinite(value) || value === 0) return value;
  const sign = isNegative(value) ? -1 : 1;
  const { digits: exact, exponent } = exactDecimal(Math.abs(value));
  if (exponent + digits >= 0) return value;
  const rounded = scaleRounded(exact, exponent + digits);
  return sign * Number(`${rounded}e${-digits}`);
}

/** Python's `round(int, digits)` with negative digits: to tens, hundreds… half to even. */
export function roundInt(value: number, digits: number): number {
  if (digits >= 0) return value;
  const unit = 10 ** -digits;
  const quotient = Math.floor(value / unit);
  const remainder = value - quotient * unit;
  const half = unit / 2;
  const rounded = remainder > half || (remainder === half && quotient % 2 !== 0) ? quotient + 1 : quotient;
  return rounded * unit;
}

/** Python's `int(text, base)`, or undefined where Python raises ValueError. */
export function parseIntText(text: string, base = 10): number | undefined {
  let body = text.trim();
  let sign = 1;
  if (body.startsWith('-') || body.startsWith('+')) {
    if (body.startsWith('-')) sign = -1;
    body = body.slice(1);
  }
  let radix = base;
  const prefix = body.slice(0, 2).toLowerCase();
  const prefixes: Record<string, number> = { '0x': 16, '0o': 8, '0b': 2 };
  const prefixed = prefixes[prefix];
  if (prefixed !== undefined && (base === 0 || base === prefixed)) {
    radix = prefixed;
    body = body.slice(2);
    if (body.startsWith('_')) body = body.slice(1);
  } else if (base === 0) {
    radix = 10;
    if (body.length > 1 && body.startsWith('0') && body.replaceAll('_', '').replaceAll('0', '') !== '') return undefined;
  }
  if (!(radix >= 2 && radix <= 36) || body === '' || body.startsWith('_') || body.endsWith('_') || body.includes('__')) return undefined;
  const digits = body.replaceAll('_', '');
  let result = 0;
  for (const char of digits.toLowerCase()) {
    const digit = char >= '0' && char <= '9' ? char.charCodeAt(0) - 48 : char >= 'a' && char <= 'z' ? char.charCodeAt(0) - 87 : 99;
    if (digit >= radix) return undefined;
    result = result * radix + digit;
  }
  return sign * result;
}

/** Python's `float(text)`, or undefined where Python raises ValueError. */
export function parseFloatText(text: string): number | undefined {
  const body = text.trim();
  const lower = body.toLowerCase();
  const unsigned = lower.replace(/^[+-]/, '');
  const negative = lower.startsWith('-');
  if (unsigned === 'nan') return Number.NaN;
  if (unsigned === 'inf' || unsigned === 'infinity') return negative ? -Infinity : Infinity;
  return isFloatLiteral(body) ? Number(body.replaceAll('_', '')) : undefined;
}

/** `[+-]digits[.digits][e[+-]digits]`, digits grouped by single underscores, at least one digit before the exponent. */
function isFloatLiteral(text: string): boolean {
  let at = text.startsWith('+') || text.startsWith('-') ? 1 : 0;
  const whole = digitRun(text, at);
  if (whole === -1) return false;
  let digits = whole - at;
  at = whole;
  if (text.charCodeAt(at) === 0x2e) {
    const fraction = digitRun(text, at + 1);
    if (fraction === -1) return false;
    digits += fraction - at - 1;
    at = fraction;
  }
  if (digits === 0) return false;
  if (text.charCodeAt(at) === 0x65 || text.charCodeAt(at) === 0x45) {
    at += 1;
    if (text.charCodeAt(at) === 0x2b || text.charCodeAt(at) === 0x2d) at += 1;
    const exponent = digitRun(text, at);
    if (exponent === -1 || exponent === at) return false;
    at = exponent;
  }
  return at === text.length;
}

/** The end of a run of digits from `start` with single underscores between digits; -1 for a misplaced underscore. */
function digitRun(text: string, start: number): number {
  let at = start;
  while (at < text.length) {
    const code = text.charCodeAt(at);
    if (code >= 0x30 && code <= 0x39) {
      at += 1;
    } else if (code === 0x5f) {
      const next = text.charCodeAt(at + 1);
      if (at === start || !(next >= 0x30 && next <= 0x39)) return -1;
      at += 1;
    } else {
      break;
    }
  }
  return at;
}
