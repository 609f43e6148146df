// The CSS filter functions that change only colours (Filter Effects 1 §13: grayscale, sepia,
// saturate, hue-rotate, invert, brightness, contrast, opacity) as 4×5 colour matrices, composed
// into one and applied in sRGB, as Chromium applies them (paint/color-filter.ts).
import type { Color } from '../types.js';

/** A 4×5 matrix, row-major: each of r, g, b, a from r, g, b, a (0..1) and an offset. */
export type ColorMatrix = readonly number[];

export const IDENTITY_MATRIX: ColorMatrix = [1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 1, 0];

const clamp01 = (v: number): number => (v < 0 ? 0 : v > 1 ? 1 : v);

function rgbMatrix(m: readonly number[]): ColorMatrix {
  return [m[0]!, m[1]!, m[2]!, 0, 0, m[3]!, m[4]!, m[5]!, 0, 0, m[6]!, m[7]!, m[8]!, 0, 0, 0, 0, 0, 1, 0];
}

/** Each colour channel as slope × c + intercept. */
function transfer(slope: number, intercept: number): ColorMatrix {
  return [slope, 0, 0, 0, intercept, 0, slope, 0, 0, intercept, 0, 0, slope, 0, intercept, 0, 0, 0, 1, 0];
}

/** The matrix of one filter function; `amount` as a number (1 = 100%), or degrees for hue-rotate. */
export function filterMatrix(name: string, amount: number): ColorMatrix | null {
  switch (name) {
    case 'grayscale': {
      const a = 1 - clamp01(amount);
      return rgbMatrix([0.2126 + 0.7874 * a, 0.7152 - 0.7152 * a, 0.0722 - 0.0722 * a, 0.2126 - 0.2126 * a, 0.7152 + 0.2848 * a, 0.0722 - 0.0722 * a, 0.2126 - 0.2126 * a, 0.7152 - 0.7152 * a, 0.0722 + 0.9278 * a]);
    }
    case 'sepia': {
      const a = 1 - clamp01(amount);
      return rgbMatrix([0.393 + 0.607 * a, 0.769 - 0.769 * a, 0.189 - 0.189 * a, 0.349 - 0.349 * a, 0.686 + 0.314 * a, 0.168 - 0.168 * a, 0.272 - 0.272 * a, 0.534 - 0.534 * a, 0.131 + 0.869 * a]);
    }
    case 'saturate': {
      const s = Math.max(0, amount);
      return rgbMatrix([0.213 + 0.787 * s, 0.715 - 0.715 * s, 0.072 - 0.072 * s, 0.213 - 0.213 * s, 0.715 + 0.285 * s, 0.072 - 0.072 * s, 0.213 - 0.213 * s, 0.715 - 0.715 * s, 0.072 + 0.928 * s]);
    }
    case 'hue-rotate': {
      const rad = (amount * Math.PI) / 180;
      const c = Math.cos(rad);
      const s = Math.sin(rad);
      return rgbMatrix([
        0.213 + c * 0.787 - s * 0.213, 0.715 - c * 0.715 - s * 0.715, 0.072 - c * 0.072 + s * 0.928,
        0.213 - c * 0.213 + s * 0.143, 0.715 + c * 0.285 + s * 0.14, 0.072 - c * 0.072 - s * 0.283,
        0.213 - c * 0.213 - s * 0.787, 0.715 - c * 0.715 + s * 0.715, 0.072 + c * 0.928 + s * 0.072,
      ]);
    }
    case 'invert': {
      const a = clamp01(amount);
      return transfer(1 - 2 * a, a);
    }
    case 'brightness':
      return transfer(Math.max(0, amount), 0);
    case 'contrast': {
      const a = Math.max(0, amount);
      return transfer(a, 0.5 - 0.5 * a);
    }
    case 'opacity':
      return [1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, clamp01(amount), 0];
    default:
      return null;
  }
}

/** `second` applied after `first`. */
export function composeMatrices(first: ColorMatrix, second: ColorMatrix): ColorMatrix {
  const out: number[] = [];
  for (let row = 0; row < 4; row++) {
    for (let col = 0; col < 5; col++) {
      let v = col === 4 ? second[row * 5 + 4]! : 0;
      for (let k = 0; k < 4; k++) v += second[row * 5 + k]! * first[k * 5 + col]!;
      out.push(v);
    }
  }
  return out;
}

export function filterColor(color: Color, m: ColorMatrix): Color {
  const r = color.r / 255;
  const g = color.g / 255;
  const b = color.b / 255;
  const a = color.a;
  const channel = (row: number): number => clamp01(m[row * 5]! * r + m[row * 5 + 1]! * g + m[row * 5 + 2]! * b + m[row * 5 + 3]! * a + m[row * 5 + 4]!);
  return { r: Math.round(channel(0) * 255), g: Math.round(channel(1) * 255), b: Math.round(channel(2) * 255), a: channel(3) };
}
