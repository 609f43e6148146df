// `transform` function lists, `translate`/`rotate`/`scale` and `transform-origin`: parsed once, each function a 2D matrix (3D ones flattened).
import type { CV } from '../syntax.js';
import { splitOnComma } from '../syntax.js';
import type { ComputedStyle, LengthPercentage, TransformFunction } from '../types.js';
import { type LengthContext, type LengthSpec, parseAngle, parseLength, parseNumber, percent, resolveLength } from './length.js';

/** A parsed transform function: its linear part, and a translation still to resolve per element. */
export interface TransformSpec {
  readonly a: number;
  readonly b: number;
  readonly c: number;
  readonly d: number;
  readonly e: LengthSpec;
  readonly f: LengthSpec;
}

const RAD = Math.PI / 180;

function linear(a: number, b: number, c: number, d: number): TransformSpec {
  return { a, b, c, d, e: 0, f: 0 };
}

function shift(e: LengthSpec, f: LengthSpec): TransformSpec {
  return { a: 1, b: 0, c: 0, d: 1, e, f };
}

const IDENTITY = linear(1, 0, 0, 1);

function rotation(degrees: number): TransformSpec {
  const t = degrees * RAD;
  return linear(Math.cos(t), Math.sin(t), -Math.sin(t), Math.cos(t));
}

/** A scale factor: a number, or a percentage (CSS Transforms 2). */
function factor(v: CV | undefined): number | undefined {
  if (v?.type === 'percentage') return v.value / 100;
  return parseNumber(v);
}

function translation(v: CV | undefined): LengthSpec | undefined {
  return parseLength(v, { percent: true, negative: true });
}

/** A 3D rotation about (x, y, z) seen from the front without perspective: its 2D part (CSS Transforms 2 §rotate3d). */
function rotation3d(x: number, y: number, z: number, degrees: number): TransformSpec | undefined {
  const length = Math.hypot(x, y, z);
  if (length === 0) return IDENTITY;
  [x, y, z] = [x / length, y / length, z / length];
  const half = (degrees * RAD) / 2;
  const sc = Math.sin(half) * Math.cos(half);
  const sq = Math.sin(half) ** 2;
  return linear(1 - 2 * (y * y + z * z) * sq, 2 * (x * y * sq + z * sc), 2 * (x * y * sq - z * sc), 1 - 2 * (x * x + z * z) * sq);
}

function numbers(args: readonly (CV | undefined)[], count: number): number[] | undefined {
  if (args.length !== count) return undefined;
  const out: number[] = [];
  for (const v of args) {
    const n = parseNumber(v);
    if (n === undefined) return undefined;
    out.push(n);
  }
  return out;
}

/** One transform function; 3D ones as their projection on the page (no perspective), `perspective()` as none. */
function parseFunction(name: string, args: readonly (CV | undefined)[]): TransformSpec | undefined {
  const [p, q, r] = args;
  const n = args.length;
  switch (name) {
    case 'matrix': {
      const m = numbers(args, 6);
      return m && { a: m[0], b: m[1], c: m[2], d: m[3], e: m[4], f: m[5] };
    }
    case 'matrix3d': {
      const m = numbers(args, 16);
      return m && { a: m[0], b: m[1], c: m[4], d: m[5], e: m[12], f: m[13] };
    }
    case 'translate': {
      const x = translation(p);
      const y = n === 1 ? 0 : n === 2 ? translation(q) : undefined;
      return x === undefined || y === undefined ? undefined : shift(x, y);
    }
    case 'translatex': {
      const x = n === 1 ? translation(p) : undefined;
      return x === undefined ? undefined : shift(x, 0);
    }
    case 'translatey': {
      const y = n === 1 ? translation(p) : undefined;
      return y === undefined ? undefined : shift(0, y);
    }
    case 'translate3d': {
      const x = translation(p);
      const y = translation(q);
      return n !== 3 || x === undefined || y === undefined || parseLength(r, { negative: true }) === undefined ? undefined : shift(x, y);
    }
    case 'translatez':
      return n === 1 && parseLength(p, { negative: true }) !== undefined ? IDENTITY : undefined;
    case 'scale': {
      const x = factor(p);
      const y = n === 1 ? x : n === 2 ? factor(q) : undefined;
      return x === undefined || y === undefined ? undefined : linear(x, 0, 0, y);
    }
    case 'scalex': {
      const x = n === 1 ? factor(p) : undefined;
      return x === undefined ? undefined : linear(x, 0, 0, 1);
    }
    case 'scaley': {
      const y = n === 1 ? factor(p) : undefined;
      return y === undefined ? undefined : linear(1, 0, 0, y);
    }
    case 'scale3d': {
      const [x, y, z] = [factor(p), factor(q), factor(r)];
      return n !== 3 || x === undefined || y === undefined || z === undefined ? undefined : linear(x, 0, 0, y);
    }
    case 'scalez':
      return n === 1 && factor(p) !== undefined ? IDENTITY : undefined;
    case 'rotate':
    case 'rotatez': {
      const t = n === 1 ? parseAngle(p) : undefined;
      return t === undefined ? undefined : rotation(t);
    }
    case 'rotatex':
    case 'rotatey': {
      const t = n === 1 ? parseAngle(p) : undefined;
      if (t === undefined) return undefined;
      const cos = Math.cos(t * RAD);
      return name === 'rotatex' ? linear(1, 0, 0, cos) : linear(cos, 0, 0, 1);
    }
    case 'rotate3d': {
      const axis = numbers(args.slice(0, 3), 3);
      const t = n === 4 ? parseAngle(args[3]) : undefined;
      return axis === undefined || t === undefined ? undefined : rotation3d(axis[0], axis[1], axis[2], t);
    }
    case 'skew': {
      const x = parseAngle(p);
      const y = n === 1 ? 0 : n === 2 ? parseAngle(q) : undefined;
      return x === undefined || y === undefined ? undefined : linear(1, Math.tan(y * RAD), Math.tan(x * RAD), 1);
    }
    case 'skewx': {
      const x = n === 1 ? parseAngle(p) : undefined;
      return x === undefined ? undefined : linear(1, 0, Math.tan(x * RAD), 1);
    }
    case 'skewy': {
      const y = n === 1 ? parseAngle(p) : undefined;
      return y === undefined ? undefined : linear(1, Math.tan(y * RAD), 0, 1);
    }
    case 'perspective':
      return n === 1 ? IDENTITY : undefined;
    default:
      return undefined;
  }
}

/** `none` (null) or a list of transform functions; undefined when invalid (the whole declaration is dropped). */
export function parseTransform(values: readonly CV[]): readonly TransformSpec[] | null | undefined {
  if (values.length === 0) return undefined;
  if (values.length === 1 && values[0].type === 'ident' && values[0].lower === 'none') return null;
  const out: TransformSpec[] = [];
  for (const v of values) {
    if (v.type !== 'function') return undefined;
    const args = v.args.length === 0 ? [] : splitOnComma(v.args).map((part) => (part.length === 1 ? part[0] : undefined));
    const spec = parseFunction(v.name.toLowerCase(), args);
    if (spec === undefined) return undefined;
    out.push(spec);
  }
  return out;
}

/** `translate: x [y [z]]` (CSS Transforms 2), z ignored; null for none. */
export function parseTranslate(values: readonly CV[]): TransformSpec | null | undefined {
  if (values.length === 1 && values[0].type === 'ident' && values[0].lower === 'none') return null;
  if (values.length < 1 || values.length > 3) return undefined;
  const x = translation(values[0]);
  const y = values.length > 1 ? translation(values[1]) : 0;
  if (values.length === 3 && parseLength(values[2], { negative: true }) === undefined) return undefined;
  return x === undefined || y === undefined ? undefined : shift(x, y);
}

const AXES: Readonly<Record<string, readonly [number, number, number]>> = { x: [1, 0, 0], y: [0, 1, 0], z: [0, 0, 1] };

/** `rotate: <angle>`, or an axis (`x`, `y`, `z` or three numbers) and an angle in either order; null for none. */
export function parseRotate(values: readonly CV[]): TransformSpec | null | undefined {
  if (values.length === 1 && values[0].type === 'ident' && values[0].lower === 'none') return null;
  if (values.length === 1) {
    const t = parseAngle(values[0]);
    return t === undefined ? undefined : rotation(t);
  }
  // The angle ends the value unless it starts it (`0 0 1 90deg` has a unitless 0 first).
  const angleLast = parseAngle(values[values.length - 1]);
  const rest = angleLast === undefined ? values.slice(1) : values.slice(0, -1);
  const angle = angleLast ?? parseAngle(values[0]);
  if (angle === undefined) return undefined;
  let axis: readonly number[] | undefined;
  if (rest.length === 1 && rest[0].type === 'ident') axis = AXES[rest[0].lower];
  else if (rest.length === 3) axis = numbers(rest, 3);
  return axis === undefined ? undefined : rotation3d(axis[0], axis[1], axis[2], angle);
}

/** `scale: x [y [z]]` as numbers or percentages, z ignored; null for none. */
export function parseScale(values: readonly CV[]): TransformSpec | null | undefined {
  if (values.length === 1 && values[0].type === 'ident' && values[0].lower === 'none') return null;
  if (values.length < 1 || values.length > 3) return undefined;
  const f = values.map(factor);
  if (f.some((v) => v === undefined)) return undefined;
  return linear(f[0]!, 0, 0, f[1] ?? f[0]!);
}

export function computeTransformFunction(spec: TransformSpec | null, ctx: LengthContext): TransformFunction | null {
  return spec === null ? null : { a: spec.a, b: spec.b, c: spec.c, d: spec.d, e: resolveLength(spec.e, ctx), f: resolveLength(spec.f, ctx) };
}

export function computeTransform(specs: readonly TransformSpec[] | null, ctx: LengthContext): readonly TransformFunction[] | null {
  if (specs === null) return null;
  return specs.map((s) => ({ a: s.a, b: s.b, c: s.c, d: s.d, e: resolveLength(s.e, ctx), f: resolveLength(s.f, ctx) }));
}

const X_KEYWORDS: Readonly<Record<string, number>> = { left: 0, center: 50, right: 100 };
const Y_KEYWORDS: Readonly<Record<string, number>> = { top: 0, center: 50, bottom: 100 };

/**
 * `transform-origin`: one value (a keyword of either axis or a length), or an x and a y (keywords
 * in either order when both are keywords), then an optional z length, ignored as 3D is flattened.
 */
export function parseTransformOrigin(values: readonly CV[]): readonly [LengthSpec, LengthSpec] | undefined {
  if (values.length < 1 || values.length > 3) return undefined;
  if (values.length === 3 && parseLength(values[2], { negative: true }) === undefined) return undefined;
  const CENTER = percent(50);
  const [first, second] = values;
  const keyword = (v: CV | undefined): string | undefined => (v?.type === 'ident' ? v.lower : undefined);
  if (values.length === 1) {
    const k = keyword(first);
    if (k === undefined) {
      const x = translation(first);
      return x === undefined ? undefined : [x, CENTER];
    }
    if (k in X_KEYWORDS) return [percent(X_KEYWORDS[k]), CENTER];
    if (k in Y_KEYWORDS) return [CENTER, percent(Y_KEYWORDS[k])];
    return undefined;
  }
  const [k1, k2] = [keyword(first), keyword(second)];
  // Two keywords may come y first (`top left`).
  if (k1 !== undefined && k2 !== undefined && k1 in Y_KEYWORDS && k2 in X_KEYWORDS && !(k1 === 'center' && k2 === 'center')) {
    return [percent(X_KEYWORDS[k2]), percent(Y_KEYWORDS[k1])];
  }
  const x = k1 === undefined ? translation(first) : k1 in X_KEYWORDS ? percent(X_KEYWORDS[k1]) : undefined;
  const y = k2 === undefined ? translation(second) : k2 in Y_KEYWORDS ? percent(Y_KEYWORDS[k2]) : undefined;
  return x === undefined || y === undefined ? undefined : [x, y];
}

export function computeTransformOrigin(spec: readonly [LengthSpec, LengthSpec], ctx: LengthContext): readonly [LengthPercentage, LengthPercentage] {
  return [resolveLength(spec[0], ctx), resolveLength(spec[1], ctx)];
}

/** Whether a box is transformed: by `transform` or by one of `translate`, `rotate`, `scale`. */
export function hasTransform(style: ComputedStyle): boolean {
  return style.transform !== null || style.translate !== null || style.rotate !== null || style.scale !== null;
}
