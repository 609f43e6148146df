// Mixing colours in a CSS colour space (CSS Color 5 §2, §3 of CSS Color 4 on interpolation):
// `color-mix()`, and the stops of gradients interpolated `in <colorspace>`. Colours are held as
// sRGB; they go to the space, are mixed there with premultiplied alpha (a hue the shorter way
// round unless the method says otherwise; a powerless hue takes the other colour's), and come back.
import type { Color } from '../types.js';
import { type ColorSpace, fromSpace, toSpace } from './color-spaces.js';

export type InterpolationSpace = ColorSpace;
export type HueMethod = 'shorter' | 'longer' | 'increasing' | 'decreasing';

export interface Interpolation {
  readonly space: InterpolationSpace;
  readonly hue: HueMethod;
}

const SPACES: Readonly<Record<string, InterpolationSpace>> = {
  srgb: 'srgb', 'srgb-linear': 'srgb-linear', xyz: 'xyz-d65', 'xyz-d65': 'xyz-d65', 'xyz-d50': 'xyz-d50',
  lab: 'lab', lch: 'lch', oklab: 'oklab', oklch: 'oklch', hsl: 'hsl', hwb: 'hwb',
};
const HUE_METHODS: ReadonlySet<string> = new Set(['shorter', 'longer', 'increasing', 'decreasing']);

/** `<colorspace> [<method> hue]` as idents, lower-cased: the interpolation, or undefined when not one. */
export function parseInterpolation(words: readonly string[]): Interpolation | undefined {
  const space = SPACES[words[0] ?? ''];
  if (space === undefined) return undefined;
  if (words.length === 1) return { space, hue: 'shorter' };
  if (words.length !== 3 || !HUE_METHODS.has(words[1]!) || words[2] !== 'hue' || !isPolar(space)) return undefined;
  return { space, hue: words[1] as HueMethod };
}

const isPolar = (space: InterpolationSpace): boolean => space === 'lch' || space === 'oklch' || space === 'hsl' || space === 'hwb';

/** Index of the hue among a polar space's three coordinates. */
const hueIndex = (space: InterpolationSpace): number => (space === 'hsl' || space === 'hwb' ? 0 : 2);

/**
 * `c1` and `c2` mixed with weights `w1` and `w2` (fractions adding up to 1) in `interpolation`; the
 * result's alpha scaled by `alphaScale` (CSS Color 5: percentages adding up to less than 100%).
 */
export function mixColors(c1: Color, w1: number, c2: Color, w2: number, interpolation: Interpolation, alphaScale = 1): Color {
  const { space } = interpolation;
  const a = toSpace(c1, space);
  const b = toSpace(c2, space);
  const alpha = c1.a * w1 + c2.a * w2;
  const out: [number, number, number] = [0, 0, 0];
  const polar = isPolar(space);
  const hueAt = hueIndex(space);
  if (polar) {
    // A powerless hue (no chroma, or no saturation) is missing: the other colour's is used.
    const aPowerless = powerlessHue(a, space);
    const bPowerless = powerlessHue(b, space);
    if (aPowerless && !bPowerless) a[hueAt] = b[hueAt]!;
    if (bPowerless && !aPowerless) b[hueAt] = a[hueAt]!;
    const [h1, h2] = fixHues(a[hueAt]!, b[hueAt]!, interpolation.hue);
    out[hueAt] = ((h1 * w1 + h2 * w2) % 360 + 360) % 360;
  }
  for (let i = 0; i < 3; i++) {
    if (polar && i === hueAt) continue;
    const mixed = a[i]! * c1.a * w1 + b[i]! * c2.a * w2;
    out[i] = alpha === 0 ? a[i]! * w1 + b[i]! * w2 : mixed / alpha;
  }
  return fromSpace(out, space, alpha * alphaScale);
}

function powerlessHue(coords: readonly number[], space: InterpolationSpace): boolean {
  if (space === 'hsl') return coords[1]! <= 1e-6 || coords[2]! <= 1e-6 || coords[2]! >= 1 - 1e-6;
  if (space === 'hwb') return coords[1]! + coords[2]! >= 1 - 1e-6;
  return coords[1]! <= (space === 'oklch' ? 4e-6 : 1e-4);
}

function fixHues(h1: number, h2: number, method: HueMethod): [number, number] {
  const diff = h2 - h1;
  switch (method) {
    case 'shorter':
      if (diff > 180) return [h1 + 360, h2];
      if (diff < -180) return [h1, h2 + 360];
      return [h1, h2];
    case 'longer':
      if (diff > 0 && diff < 180) return [h1 + 360, h2];
      if (diff > -180 && diff <= 0) return [h1, h2 + 360];
      return [h1, h2];
    case 'increasing':
      return diff < 0 ? [h1, h2 + 360] : [h1, h2];
    case 'decreasing':
      return diff > 0 ? [h1 + 360, h2] : [h1, h2];
  }
}
