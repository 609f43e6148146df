// Blink keeps lengths in layout in layout units, 1/64 px (LayoutUnit): a length converted from its
// float is truncated toward zero. A 1mm padding is 3.765625px in Chromium, not 3.7795px, a
// `margin-top: -1.999px` is -1.984375px (probed in Chromium 156; decision 0395).

/** `px` in whole layout units, truncated toward zero (a float's last-bit error forgiven). */
export function layoutUnits(px: number): number {
  return Math.trunc(px * 64 + (px < 0 ? -1e-6 : 1e-6)) / 64;
}

/** `px` rounded up to whole layout units, as Blink takes a min- or max-content width from its text's float width. */
export function layoutUnitsUp(px: number): number {
  return Math.ceil(px * 64 - 1e-6) / 64;
}

/** A computed length in layout units; a percentage (or calc() with one) is left to layout, which truncates it. */
export function lengthInLayoutUnits<T>(length: number | T): number | T {
  return typeof length === 'number' ? layoutUnits(length) : length;
}
