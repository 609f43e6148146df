// Colours in every CSS syntax: hex, names, rgb(), hsl(), hwb(), lab()/lch(), oklab()/oklch(), color(), color-mix().
import { type CV, splitOnComma } from '../syntax.js';
import type { Color } from '../types.js';
import { parseAngle, parseMathNumberOrPercentage } from './length.js';
import { namedColor } from './named-colors.js';
import { mixColors, parseInterpolation } from './color-mix.js';
import { type ColorSpace, fromSpace } from './color-spaces.js';

export const BLACK: Color = Object.freeze({ r: 0, g: 0, b: 0, a: 1 });
export const WHITE: Color = Object.freeze({ r: 255, g: 255, b: 255, a: 1 });
export const TRANSPARENT: Color = Object.freeze({ r: 0, g: 0, b: 0, a: 0 });

/** A specified colour: a resolved Color, or `currentcolor` for the element's `color`. */
export type ColorSpec = Color | 'currentcolor';

const clamp = (v: number, lo: number, hi: number): number => (v < lo ? lo : v > hi ? hi : v);

function rgba(r: number, g: number, b: number, a: number): Color {
  return Object.freeze({
    r: Math.round(clamp(r, 0, 255)),
    g: Math.round(clamp(g, 0, 255)),
    b: Math.round(clamp(b, 0, 255)),
    a: clamp(a, 0, 1),
  });
}

const namedCache = new Map<string, Color>();

export function parseColor(v: CV | undefined): ColorSpec | undefined {
  if (v === undefined) return undefined;
  if (v.type === 'ident') {
    if (v.lower === 'currentcolor') return 'currentcolor';
    if (v.lower === 'transparent') return TRANSPARENT;
    let c = namedCache.get(v.lower);
    if (c === undefined) {
      const hex = namedColor(v.lower);
      if (hex === undefined) return undefined;
      c = rgba(hex >> 16, (hex >> 8) & 255, hex & 255, 1);
      namedCache.set(v.lower, c);
    }
    return c;
  }
  if (v.type === 'hash') return parseHex(v.value);
  if (v.type === 'function') return parseColorFunction(v.name, v.args);
  return undefined;
}

/** `#rgb`, `#rgba`, `#rrggbb`, `#rrggbbaa` (without the `#`). */
export function parseHex(hex: string): Color | undefined {
  if (!/^[0-9a-fA-F]+$/.test(hex)) return undefined;
  const d = (i: number): number => parseInt(hex[i] + hex[i], 16);
  const dd = (i: number): number => parseInt(hex.slice(i, i + 2), 16);
  switch (hex.length) {
    case 3:
      return rgba(d(0), d(1), d(2), 1);
    case 4:
      return rgba(d(0), d(1), d(2), d(3) / 255);
    case 6:
      return rgba(dd(0), dd(2), dd(4), 1);
    case 8:
      return rgba(dd(0), dd(2), dd(4), dd(6) / 255);
    default:
      return undefined;
  }
}

/** Channels and alpha of a colour function, comma (legacy) or space syntax with `/ alpha`. */
function channels(args: readonly CV[]): { values: (CV | null)[]; alpha: CV | null } | undefined {
  const hasComma = args.some((a) => a.type === 'comma');
  if (hasComma) {
    const values: (CV | null)[] = [];
    for (let i = 0; i < args.length; i++) {
      if (i % 2 === 1) {
        if (args[i].type !== 'comma') return undefined;
        continue;
      }
      values.push(args[i]);
    }
    if (args.length % 2 === 0) return undefined;
    if (values.length === 4) return { values: values.slice(0, 3), alpha: values[3] };
    return values.length === 3 ? { values, alpha: null } : undefined;
  }
  const slash = args.findIndex((a) => a.type === 'delim' && a.value === '/');
  const main = slash < 0 ? args : args.slice(0, slash);
  if (main.length !== 3) return undefined;
  if (slash >= 0 && args.length !== slash + 2) return undefined;
  const values = main.map((m) => (m.type === 'ident' && m.lower === 'none' ? null : m));
  return { values, alpha: slash < 0 ? null : args[slash + 1] };
}

/** A number or percentage scaled so that 100% = `full`; `none` = 0. */
function num(v: CV | null, full: number): number | undefined {
  if (v === null) return 0;
  if (v.type === 'number') return v.value;
  if (v.type === 'percentage') return (v.value / 100) * full;
  const math = parseMathNumberOrPercentage(v);
  return math === undefined ? undefined : math.percentage ? (math.value / 100) * full : math.value;
}

function alphaOf(v: CV | null): number | undefined {
  if (v === null) return 1;
  if (v.type === 'ident' && v.lower === 'none') return 0;
  return num(v, 1);
}

function hue(v: CV | null): number | undefined {
  if (v === null) return 0;
  if (v.type === 'number') return v.value;
  const math = parseMathNumberOrPercentage(v);
  if (math !== undefined) return math.percentage ? undefined : math.value;
  return parseAngle(v);
}

const COLOR_FUNCTION_SPACES: Readonly<Record<string, ColorSpace>> = { srgb: 'srgb', 'srgb-linear': 'srgb-linear', xyz: 'xyz-d65', 'xyz-d65': 'xyz-d65', 'xyz-d50': 'xyz-d50' };

function parseColorFunction(name: string, args: readonly CV[]): Color | undefined {
  if (name === 'color') return parseColorSpace(args);
  if (name === 'color-mix') return parseColorMix(args);
  const ch = channels(args);
  if (ch === undefined) return undefined;
  const [x, y, z] = ch.values;
  const a = alphaOf(ch.alpha);
  if (a === undefined) return undefined;
  switch (name) {
    case 'rgb':
    case 'rgba': {
      const r = num(x, 255);
      const g = num(y, 255);
      const b = num(z, 255);
      return r === undefined || g === undefined || b === undefined ? undefined : rgba(r, g, b, a);
    }
    case 'hsl':
    case 'hsla': {
      const h = hue(x);
      const sat = num(y, 100);
      const l = num(z, 100);
      if (h === undefined || sat === undefined || l === undefined) return undefined;
      return fromSpace([((h % 360) + 360) % 360, clamp(sat / 100, 0, 1), clamp(l / 100, 0, 1)], 'hsl', a);
    }
    case 'hwb': {
      const h = hue(x);
      const w = num(y, 100);
      const bl = num(z, 100);
      if (h === undefined || w === undefined || bl === undefined) return undefined;
      return fromSpace([((h % 360) + 360) % 360, w / 100, bl / 100], 'hwb', a);
    }
    case 'lab':
    case 'lch':
    case 'oklab':
    case 'oklch': {
      const ok = name.startsWith('ok');
      const l = num(x, ok ? 1 : 100);
      const c1 = num(y, ok ? 0.4 : name === 'lab' ? 125 : 150);
      const c2 = name.endsWith('lab') ? num(z, ok ? 0.4 : 125) : hue(z);
      if (l === undefined || c1 === undefined || c2 === undefined) return undefined;
      return fromSpace([l, c1, c2], name, a);
    }
    default:
      return undefined;
  }
}

/** `color(<space> c1 c2 c3 / a)` in sRGB, linear sRGB or XYZ; wide-gamut RGB spaces are not supported. */
function parseColorSpace(args: readonly CV[]): Color | undefined {
  const space = args[0];
  if (space?.type !== 'ident' || !(space.lower in COLOR_FUNCTION_SPACES)) return undefined;
  const ch = channels(args.slice(1));
  if (ch === undefined) return undefined;
  const [r, g, b] = ch.values.map((v) => num(v, 1));
  const a = alphaOf(ch.alpha);
  if (r === undefined || g === undefined || b === undefined || a === undefined) return undefined;
  return fromSpace([r, g, b], COLOR_FUNCTION_SPACES[space.lower]!, a);
}

/**
 * `color-mix(in <space> [<method> hue], <color> [<percentage>], <color> [<percentage>])` (CSS Color 5
 * §2): the percentages default to what the other leaves of 100%, are scaled to add up to 100%, and
 * when they add up to less the mix is that much transparent. A mix with currentcolor is not
 * supported (it would have to wait for the element's colour).
 */
function parseColorMix(args: readonly CV[]): Color | undefined {
  const [method, first, second, ...rest] = splitOnComma(args);
  if (method === undefined || first === undefined || second === undefined || rest.length > 0) return undefined;
  if (method[0]?.type !== 'ident' || method[0].lower !== 'in') return undefined;
  const words = method.slice(1).map((w) => (w.type === 'ident' ? w.lower : ''));
  const interpolation = parseInterpolation(words);
  const a = mixPart(first);
  const b = mixPart(second);
  if (interpolation === undefined || a === undefined || b === undefined) return undefined;
  let p1 = a.percentage;
  let p2 = b.percentage;
  if (p1 === null && p2 === null) [p1, p2] = [50, 50];
  else if (p1 === null) p1 = 100 - p2!;
  else if (p2 === null) p2 = 100 - p1;
  const sum = p1 + p2!;
  if (p1 < 0 || p2! < 0 || p1 > 100 || p2! > 100 || sum <= 0) return undefined;
  return mixColors(a.color, p1 / sum, b.color, p2! / sum, interpolation, Math.min(1, sum / 100));
}

/** A colour of color-mix() and its percentage, in either order. */
function mixPart(part: readonly CV[]): { color: Color; percentage: number | null } | undefined {
  if (part.length === 0 || part.length > 2) return undefined;
  let color: ColorSpec | undefined;
  let percentage: number | null = null;
  for (const value of part) {
    if (value.type === 'percentage' && percentage === null) percentage = value.value;
    else if (color === undefined) color = parseColor(value);
    else return undefined;
  }
  return color === undefined || color === 'currentcolor' ? undefined : { color, percentage };
}

/** The colour of a spec, with currentcolor resolved to `current`. */
export function resolveColor(spec: ColorSpec, current: Color): Color {
  return spec === 'currentcolor' ? current : spec;
}
