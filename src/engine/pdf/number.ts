// Numbers for content streams: rounded, never in exponent form, no negative zero.

const SCALE = [1, 10, 100, 1000, 10000, 100000];
const ZEROS = ['', '0', '00', '000', '0000'];

/**
 * `v` rounded to `digits` decimals (0..5) as PDF number text: the same text as
 * `String(Math.round(v * 10^digits) / 10^digits)`, built from integers (every coordinate of
 * every page goes through here, and integer-to-string is about twice as fast).
 */
export function num(v: number, digits = 3): string {
  const f = SCALE[digits];
  const n = Math.round(v * f);
  if (n === 0 || !Number.isFinite(n)) return '0';
  if (n >= 1e15 || n <= -1e15) return String(n / f);
  const negative = n < 0;
  const abs = negative ? -n : n;
  const whole = Math.floor(abs / f);
  let fraction = abs - whole * f;
  if (fraction === 0) return negative ? `-${whole}` : `${whole}`;
  let places = digits;
  while (fraction % 10 === 0) {
    fraction /= 10;
    places--;
  }
  const tail = `${fraction}`;
  return `${negative ? '-' : ''}${whole}.${ZEROS[places - tail.length]}${tail}`;
}
