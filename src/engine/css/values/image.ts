// <image> values: url() and linear, radial and conic gradients (repeating, and the -webkit- legacy forms).
import type { CV } from '../syntax.js';
import { splitOnComma } from '../syntax.js';
import type { Color, Image, LengthPercentage, RadialExtent } from '../types.js';
import { type ColorSpec, parseColor, resolveColor } from './color.js';
import { type Interpolation, parseInterpolation } from './color-mix.js';
import { type LengthContext, type LengthSpec, parseAngle, parseLength, percent, resolveLength } from './length.js';
import { parsePosition } from './position.js';

interface StopSpec {
  readonly color: ColorSpec;
  readonly position: LengthSpec | null;
}

/** A radial gradient's ending shape and centre, as written (CSS Images 3 §3.2.1). */
interface RadialSpec {
  readonly shape: 'circle' | 'ellipse';
  readonly size: RadialExtent | readonly [LengthSpec, LengthSpec];
  readonly position: readonly [LengthSpec, LengthSpec];
}

type GradientType = 'linear-gradient' | 'radial-gradient' | 'conic-gradient';

/** A specified image: final when it needs no context, else a gradient to resolve per element. */
export type ImageSpec =
  | Image
  | {
      readonly kind: 'gradient-spec';
      readonly type: GradientType;
      /** A linear gradient's direction; where a conic one's turn starts. */
      readonly angleDeg: number;
      readonly stops: readonly StopSpec[];
      readonly repeating: boolean;
      readonly radial: RadialSpec;
    };

const EXTENTS: Readonly<Record<string, RadialExtent>> = {
  'closest-side': 'closest-side',
  'closest-corner': 'closest-corner',
  'farthest-side': 'farthest-side',
  'farthest-corner': 'farthest-corner',
  // The -webkit- prefixed syntax's names.
  contain: 'closest-side',
  cover: 'farthest-corner',
};

const CENTRED: RadialSpec = { shape: 'ellipse', size: 'farthest-corner', position: [percent(50), percent(50)] };

/** `[<shape> || <size>] [at <position>]`; undefined when the part is not one (so it may be the first stop). */
function parseRadialPrelude(part: readonly CV[], legacy: boolean): RadialSpec | undefined {
  const at = part.findIndex((p) => p.type === 'ident' && p.lower === 'at');
  const words = at < 0 ? part : part.slice(0, at);
  let position = CENTRED.position;
  if (at >= 0) {
    const parsed = parsePosition(part.slice(at + 1));
    if (parsed === undefined) return undefined;
    position = parsed;
  }
  let shape: RadialSpec['shape'] | null = null;
  let extent: RadialExtent | null = null;
  const lengths: LengthSpec[] = [];
  for (const word of words) {
    if (word.type === 'ident') {
      if ((word.lower === 'circle' || word.lower === 'ellipse') && shape === null) shape = word.lower;
      else if (EXTENTS[word.lower] !== undefined && extent === null && lengths.length === 0 && (legacy || (word.lower !== 'contain' && word.lower !== 'cover'))) extent = EXTENTS[word.lower];
      else return undefined;
      continue;
    }
    const length = parseLength(word, { percent: true });
    if (length === undefined || extent !== null) return undefined;
    lengths.push(length);
  }
  if (words.length === 0 && at < 0) return undefined;
  if (lengths.length > 2) return undefined;
  const circle = shape === 'circle' || (shape === null && lengths.length === 1);
  if (lengths.length > 0) {
    if (circle ? lengths.length !== 1 || isPercent(lengths[0]) : lengths.length !== 2) return undefined;
    return { shape: circle ? 'circle' : 'ellipse', size: [lengths[0], lengths[lengths.length - 1]], position };
  }
  return { shape: circle ? 'circle' : 'ellipse', size: extent ?? 'farthest-corner', position };
}

function isPercent(spec: LengthSpec): boolean {
  return typeof spec === 'object' && 'percent' in spec;
}

/** The prefixed syntax's first argument: a position alone (`center`, `50% 20%`). */
function parseLegacyPosition(part: readonly CV[]): RadialSpec['position'] | undefined {
  if (part.length === 0 || parseColor(part[0]) !== undefined) return undefined;
  return parsePosition(part);
}

const SIDES: Record<string, number> = { top: 0, right: 90, bottom: 180, left: 270 };

export function parseImage(v: CV | undefined): ImageSpec | undefined {
  if (v === undefined) return undefined;
  if (v.type === 'url') return { kind: 'url', url: v.value };
  if (v.type !== 'function') return undefined;
  let name = v.name;
  const legacy = name.startsWith('-webkit-');
  if (legacy) name = name.slice(8);
  const repeating = name.startsWith('repeating-');
  if (repeating) name = name.slice(10);
  if (name !== 'linear-gradient' && name !== 'radial-gradient' && !(name === 'conic-gradient' && !legacy)) return undefined;
  const parts = splitOnComma(v.args);
  // `in <colorspace> [<method> hue]` beside the direction or shape (CSS Images 4 §3.1), as Tailwind 4
  // writes its gradients. Chromium 156 prints every such gradient interpolated in sRGB (probed in
  // nine spaces, decision 0387), and so does this.
  if (!legacy && takeInterpolation(parts) === undefined) return undefined;
  let angleDeg = 180;
  let first = 0;
  if (name === 'linear-gradient') {
    const dir = parseDirection(parts[0], legacy);
    if (dir !== null) {
      if (dir === undefined) return undefined;
      angleDeg = dir;
      first = 1;
    }
  }
  let radial = CENTRED;
  if (name === 'radial-gradient') {
    const legacyPosition = legacy ? parseLegacyPosition(parts[0]) : undefined;
    if (legacyPosition !== undefined) {
      first = 1;
      const shapeAndSize = parts.length > 1 ? parseRadialPrelude(parts[1], true) : undefined;
      if (shapeAndSize !== undefined) first = 2;
      radial = { ...(shapeAndSize ?? CENTRED), position: legacyPosition };
    } else if (parts[0].length > 0 && parseColor(parts[0][0]) === undefined) {
      const prelude = parseRadialPrelude(parts[0], legacy);
      if (prelude === undefined) return undefined;
      radial = prelude;
      first = 1;
    }
  }
  if (name === 'conic-gradient' && parts[0] !== undefined && parts[0].length > 0 && parseColor(parts[0][0]) === undefined) {
    const prelude = parseConicPrelude(parts[0]);
    if (prelude === undefined) return undefined;
    angleDeg = prelude.fromDeg;
    radial = { ...CENTRED, position: prelude.position };
    first = 1;
  } else if (name === 'conic-gradient') {
    angleDeg = 0;
  }
  const stops: StopSpec[] = [];
  for (const part of parts.slice(first)) {
    const s = parseStop(part, name === 'conic-gradient');
    if (s === undefined) return undefined;
    stops.push(...s);
  }
  if (stops.length < 2) return undefined;
  return finish(name, angleDeg, stops, repeating, radial);
}

/**
 * Removes a colour interpolation method from the gradient's first argument (dropping the argument
 * when that was all of it): the method, null when there is none, undefined when it is not valid.
 */
function takeInterpolation(parts: CV[][]): Interpolation | null | undefined {
  const first = parts[0];
  if (first === undefined) return null;
  const at = first.findIndex((p) => p.type === 'ident' && p.lower === 'in');
  if (at < 0) return null;
  const words = first.slice(at + 1).map((p) => (p.type === 'ident' ? p.lower : ''));
  const length = words[2] === 'hue' ? 3 : 1;
  const interpolation = parseInterpolation(words.slice(0, length));
  if (interpolation === undefined) return undefined;
  const rest = [...first.slice(0, at), ...first.slice(at + 1 + length)];
  if (rest.length === 0) parts.shift();
  else parts[0] = rest;
  return interpolation;
}


/** The gradient angle, null when the first argument is not a direction, undefined when invalid. */
function parseDirection(part: readonly CV[], legacy: boolean): number | null | undefined {
  if (part.length === 0) return undefined;
  const angle = parseAngle(part[0]);
  if (angle !== undefined && part.length === 1) return legacy ? 90 - angle : angle;
  const words = part.map((p) => (p.type === 'ident' ? p.lower : ''));
  const hasTo = words[0] === 'to';
  if (!hasTo && !(legacy && words[0] in SIDES)) return null;
  const sides = hasTo ? words.slice(1) : words;
  if (sides.length === 0 || sides.length > 2 || !sides.every((s) => s in SIDES)) return undefined;
  let deg: number;
  if (sides.length === 1) deg = SIDES[sides[0]];
  else {
    // Corners depend on the box's aspect ratio; without layout they are taken as square.
    const v = sides.includes('top') ? 'top' : 'bottom';
    const h = sides.includes('left') ? 'left' : 'right';
    deg = v === 'top' ? (h === 'right' ? 45 : 315) : h === 'right' ? 135 : 225;
  }
  return legacy && !hasTo ? (deg + 180) % 360 : deg;
}

/** `[from <angle>] [at <position>]`, the first argument of a conic gradient. */
function parseConicPrelude(part: readonly CV[]): { fromDeg: number; position: RadialSpec['position'] } | undefined {
  let fromDeg = 0;
  let rest = part;
  if (rest[0]?.type === 'ident' && rest[0].lower === 'from') {
    const angle = parseAngle(rest[1]);
    if (angle === undefined) return undefined;
    fromDeg = angle;
    rest = rest.slice(2);
  }
  if (rest.length === 0) return part.length > 0 ? { fromDeg, position: CENTRED.position } : undefined;
  if (rest[0]?.type !== 'ident' || rest[0].lower !== 'at') return undefined;
  const position = parsePosition(rest.slice(1));
  return position === undefined ? undefined : { fromDeg, position };
}

/** A colour stop; a conic gradient's positions are angles or percentages, held as percentages of the turn. */
function parseStop(part: readonly CV[], conic = false): StopSpec[] | undefined {
  let color: ColorSpec | undefined;
  const positions: LengthSpec[] = [];
  for (const p of part) {
    const c = color === undefined ? parseColor(p) : undefined;
    if (c !== undefined) {
      color = c;
      continue;
    }
    const angle = conic ? parseAngle(p) : undefined;
    if (angle !== undefined) {
      positions.push(percent(angle / 3.6));
      continue;
    }
    const len = conic ? (p.type === 'percentage' ? percent(p.value) : undefined) : parseLength(p, { percent: true, negative: true });
    if (len === undefined) return undefined;
    positions.push(len);
  }
  if (color === undefined) return positions.length === 1 ? [] : undefined; // a colour hint is skipped
  if (positions.length > 2) return undefined;
  if (positions.length === 0) return [{ color, position: null }];
  return positions.map((position) => ({ color: color!, position }));
}

function finish(
  type: GradientType,
  angleDeg: number,
  stops: readonly StopSpec[],
  repeating: boolean,
  radial: RadialSpec,
): ImageSpec {
  const lengths = [...radial.position, ...(typeof radial.size === 'string' ? [] : radial.size)];
  const final = stops.every((s) => s.color !== 'currentcolor' && (s.position === null || isFinal(s.position))) && lengths.every(isFinal);
  if (!final) return { kind: 'gradient-spec', type, angleDeg, stops, repeating, radial };
  const resolved = stops.map((s) => ({ color: s.color as Color, position: s.position as LengthPercentage | null }));
  if (type === 'linear-gradient') return { kind: 'linear-gradient', angleDeg, stops: resolved, repeating };
  if (type === 'conic-gradient') return { kind: 'conic-gradient', fromDeg: angleDeg, stops: resolved, repeating, position: radial.position as readonly [LengthPercentage, LengthPercentage] };
  const asResolved = (pair: readonly [LengthSpec, LengthSpec]) => pair as readonly [LengthPercentage, LengthPercentage];
  return { kind: 'radial-gradient', stops: resolved, repeating, shape: radial.shape, size: typeof radial.size === 'string' ? radial.size : asResolved(radial.size), position: asResolved(radial.position) };
}

/** A length that needs no element to resolve: px, or a percentage alone. */
function isFinal(spec: LengthSpec): boolean {
  return typeof spec === 'number' || 'percent' in spec;
}

export function resolveImage(spec: ImageSpec, color: Color, ctx: LengthContext): Image {
  if (spec.kind !== 'gradient-spec') return spec;
  const stops = spec.stops.map((s) => ({
    color: resolveColor(s.color, color),
    position: s.position === null ? null : resolveLength(s.position, ctx),
  }));
  if (spec.type === 'linear-gradient') return { kind: 'linear-gradient', angleDeg: spec.angleDeg, stops, repeating: spec.repeating };
  const pair = (lengths: readonly [LengthSpec, LengthSpec]): readonly [LengthPercentage, LengthPercentage] => [resolveLength(lengths[0], ctx), resolveLength(lengths[1], ctx)];
  const { shape, size, position } = spec.radial;
  if (spec.type === 'conic-gradient') return { kind: 'conic-gradient', fromDeg: spec.angleDeg, stops, repeating: spec.repeating, position: pair(position) };
  return { kind: 'radial-gradient', stops, repeating: spec.repeating, shape, size: typeof size === 'string' ? size : pair(size), position: pair(position) };
}
