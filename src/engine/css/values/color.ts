// Colours in every CSS syntax: hex, names, rgb(), hsl(), hwb(), lab()/lch(), oklab()/oklch(), color().
import type { CV } from '../syntax.js';
import type { Color } from '../types.js';
import { parseAngle, parseMathNumberOrPercentage } from './length.js';
import { namedColor } from './named-colors.js';

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

function parseColorFunction(name: string, args: readonly CV[]): Color | undefined {
  if (name === 'color') return parseColorSpace(args);
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
      const s = num(y, 100);
      const l = num(z, 100);
      if (h === undefined || s === undefined || l === undefined) return undefined;
      const [r, g, b] = hslToRgb(h, s / 100, l / 100);
      return rgba(r * 255, g * 255, b * 255, a);
    }
    case 'hwb': {
      const h = hue(x);
      const w = num(y, 100);
      const bl = num(z, 100);
      if (h === undefined || w === undefined || bl === undefined) return undefined;
      const wf = w / 100;
      const bf = bl / 100;
      if (wf + bf >= 1) {
        const gray = wf / (wf + bf);
        return rgba(gray * 255, gray * 255, gray * 255, a);
      }
      const [r, g, b] = hslToRgb(h, 1, 0.5).map((c) => c * (1 - wf - bf) + wf);
      return rgba(r * 255, g * 255, b * 255, a);
    }
    case 'lab':
    case 'lch': {
      const l = num(x, 100);
      const c1 = num(y, name === 'lab' ? 125 : 150);
      const c2 = name === 'lab' ? num(z, 125) : hue(z);
      if (l === undefined || c1 === undefined || c2 === undefined) return undefined;
      const [la, lb] = name === 'lab' ? [c1, c2] : polar(c1, c2);
      return fromLinear(labToLinearSrgb(l, la, lb), a);
    }
    case 'oklab':
    case 'oklch': {
      const l = num(x, 1);
      const c1 = num(y, name === 'oklab' ? 0.4 : 0.4);
      const c2 = name === 'oklab' ? num(z, 0.4) : hue(z);
      if (l === undefined || c1 === undefined || c2 === undefined) return undefined;
      const [la, lb] = name === 'oklab' ? [c1, c2] : polar(c1, c2);
      return fromLinear(oklabToLinearSrgb(l, la, lb), a);
    }
    default:
      return undefined;
  }
}

/** `color(srgb r g b / a)` and `color(srgb-linear …)`; other spaces are not supported. */
function parseColorSpace(args: readonly CV[]): Color | undefined {
  const space = args[0];
  if (space?.type !== 'ident' || (space.lower !== 'srgb' && space.lower !== 'srgb-linear')) return undefined;
  const ch = channels(args.slice(1));
  if (ch === undefined) return undefined;
  const [r, g, b] = ch.values.map((v) => num(v, 1));
  const a = alphaOf(ch.alpha);
  if (r === undefined || g === undefined || b === undefined || a === undefined) return undefined;
  if (space.lower === 'srgb-linear') return fromLinear([r, g, b], a);
  return rgba(r * 255, g * 255, b * 255, a);
}

function polar(c: number, h: number): [number, number] {
  const rad = (h * Math.PI) / 180;
  return [c * Math.cos(rad), c * Math.sin(rad)];
}

function hslToRgb(h: number, s: number, l: number): [number, number, number] {
  h = ((h % 360) + 360) % 360;
  s = clamp(s, 0, 1);
  l = clamp(l, 0, 1);
  const f = (n: number): number => {
    const k = (n + h / 30) % 12;
    const amp = s * Math.min(l, 1 - l);
    return l - amp * Math.max(-1, Math.min(k - 3, 9 - k, 1));
  };
  return [f(0), f(8), f(4)];
}

function gammaEncode(c: number): number {
  const abs = Math.abs(c);
  const v = abs > 0.0031308 ? 1.055 * Math.pow(abs, 1 / 2.4) - 0.055 : 12.92 * abs;
  return Math.sign(c) * v;
}

function fromLinear([r, g, b]: [number, number, number], a: number): Color {
  return rgba(gammaEncode(r) * 255, gammaEncode(g) * 255, gammaEncode(b) * 255, a);
}

function oklabToLinearSrgb(L: number, a: number, b: number): [number, number, number] {
  const l = (L + 0.3963377774 * a + 0.2158037573 * b) ** 3;
  const m = (L - 0.1055613458 * a - 0.0638541728 * b) ** 3;
  const s = (L - 0.0894841775 * a - 1.291485548 * b) ** 3;
  return [
    4.0767416621 * l - 3.3077115913 * m + 0.2309699292 * s,
    -1.2684380046 * l + 2.6097574011 * m - 0.3413193965 * s,
    -0.0041960863 * l - 0.7034186147 * m + 1.707614701 * s,
  ];
}

/** CIE Lab (D50) → linear sRGB (D65, Bradford-adapted). */
function labToLinearSrgb(L: number, a: number, b: number): [number, number, number] {
  const k = 24389 / 27;
  const e = 216 / 24389;
  const fy = (L + 16) / 116;
  const fx = a / 500 + fy;
  const fz = fy - b / 200;
  const x = (fx ** 3 > e ? fx ** 3 : (116 * fx - 16) / k) * 0.3457 / 0.3585;
  const y = L > k * e ? fy ** 3 : L / k;
  const z = (fz ** 3 > e ? fz ** 3 : (116 * fz - 16) / k) * (1 - 0.3457 - 0.3585) / 0.3585;
  return [
    3.1341359569958707 * x - 1.6173863321612538 * y - 0.4906619460083532 * z,
    -0.978795502912089 * x + 1.916254567259524 * y + 0.03344273116131949 * z,
    0.07195537988411677 * x - 0.2289768264158322 * y + 1.405386058324125 * z,
  ];
}

/** The colour of a spec, with currentcolor resolved to `current`. */
export function resolveColor(spec: ColorSpec, current: Color): Color {
  return spec === 'currentcolor' ? current : spec;
}
