// Numbers for content streams: rounded, never in exponent form, no negative zero.

const SCALE = [1, 10, 100, 1000, 10000, 100000];

/** `v` rounded to `digits` decimals (0..5) as PDF number text. */
export function num(v: number, digits = 3): string {
  const f = SCALE[digits];
  const r = Math.round(v * f) / f;
  if (r === 0 || !Number.isFinite(r)) return '0';
  return String(r);
}
