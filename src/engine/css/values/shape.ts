// `shape-outside: none | <basic-shape> || <shape-box> | <shape-box>` (CSS Shapes 1 §6.1) with the basic
// shapes circle(), ellipse(), inset() and polygon(); url() images are not supported (the float keeps its box).
import type { CV } from '../syntax.js';
import { splitOnSlash } from '../syntax.js';
import type { BasicShape, CornerRadius, LengthPercentage, ShapeBox, ShapeOutside, ShapeRadius } from '../types.js';
import { type LengthContext, type LengthSpec, parseLength, percent, resolveLength } from './length.js';
import { parsePosition } from './position.js';

type Pair = readonly [LengthSpec, LengthSpec];
type RadiusSpec = LengthSpec | 'closest-side' | 'farthest-side';

type ShapeSpec =
  | { readonly kind: 'circle'; readonly radius: RadiusSpec; readonly at: Pair }
  | { readonly kind: 'ellipse'; readonly rx: RadiusSpec; readonly ry: RadiusSpec; readonly at: Pair }
  | { readonly kind: 'inset'; readonly insets: readonly LengthSpec[]; readonly radii: readonly Pair[] }
  | { readonly kind: 'polygon'; readonly fill: 'nonzero' | 'evenodd'; readonly points: readonly Pair[] };

export interface ShapeOutsideSpec {
  readonly shape: ShapeSpec | null;
  readonly box: ShapeBox;
}

const BOXES = new Set<string>(['margin-box', 'border-box', 'padding-box', 'content-box']);
const CENTER: Pair = [percent(50), percent(50)];

function lengthPercentage(v: CV | undefined, negative = false): LengthSpec | undefined {
  return v === undefined ? undefined : parseLength(v, { percent: true, negative });
}

function shapeRadius(v: CV | undefined): RadiusSpec | undefined {
  if (v?.type === 'ident') return v.lower === 'closest-side' || v.lower === 'farthest-side' ? v.lower : undefined;
  return lengthPercentage(v);
}

/** `[<radius>]{0,count} [at <position>]?`, radii defaulting to closest-side. */
function radiiAt(args: readonly CV[], count: number): { radii: RadiusSpec[]; at: Pair } | undefined {
  const atIndex = args.findIndex((a) => a.type === 'ident' && a.lower === 'at');
  const radiusArgs = atIndex < 0 ? args : args.slice(0, atIndex);
  if (radiusArgs.length !== 0 && radiusArgs.length !== count) return undefined;
  const radii = radiusArgs.map(shapeRadius);
  if (radii.some((r) => r === undefined)) return undefined;
  const at = atIndex < 0 ? CENTER : parsePosition(args.slice(atIndex + 1));
  if (at === undefined) return undefined;
  return { radii: radii.length > 0 ? (radii as RadiusSpec[]) : new Array<RadiusSpec>(count).fill('closest-side'), at };
}

/** One to four values spread over four sides or corners as margin and border-radius spread them. */
function spreadFour<T>(values: readonly T[]): T[] | undefined {
  if (values.length < 1 || values.length > 4) return undefined;
  const [a, b = a, c = a, d = b] = values;
  return [a, b, c, d];
}

function parseInset(args: readonly CV[]): ShapeSpec | undefined {
  const roundIndex = args.findIndex((a) => a.type === 'ident' && a.lower === 'round');
  const insets = spreadFour((roundIndex < 0 ? args : args.slice(0, roundIndex)).map((a) => lengthPercentage(a, true)));
  if (insets === undefined || insets.some((i) => i === undefined)) return undefined;
  let radii: Pair[] = new Array<Pair>(4).fill([0, 0]);
  if (roundIndex >= 0) {
    const halves = splitOnSlash(args.slice(roundIndex + 1));
    if (halves.length > 2) return undefined;
    const h = spreadFour(halves[0].map((a) => lengthPercentage(a)));
    const v = halves.length === 2 ? spreadFour(halves[1].map((a) => lengthPercentage(a))) : h;
    if (h === undefined || v === undefined || [...h, ...v].some((r) => r === undefined)) return undefined;
    radii = h.map((x, i) => [x!, v[i]!] as const);
  }
  return { kind: 'inset', insets: insets as LengthSpec[], radii };
}

function parsePolygon(args: readonly CV[]): ShapeSpec | undefined {
  const groups: CV[][] = [[]];
  for (const a of args) {
    if (a.type === 'comma') groups.push([]);
    else groups[groups.length - 1].push(a);
  }
  let fill: 'nonzero' | 'evenodd' = 'nonzero';
  const first = groups[0];
  if (first.length === 1 && first[0].type === 'ident') {
    if (first[0].lower !== 'nonzero' && first[0].lower !== 'evenodd') return undefined;
    fill = first[0].lower;
    groups.shift();
  }
  const points: Pair[] = [];
  for (const g of groups) {
    const x = lengthPercentage(g[0], true);
    const y = lengthPercentage(g[1], true);
    if (g.length !== 2 || x === undefined || y === undefined) return undefined;
    points.push([x, y]);
  }
  return points.length > 0 ? { kind: 'polygon', fill, points } : undefined;
}

function parseBasicShape(v: CV): ShapeSpec | undefined {
  if (v.type !== 'function') return undefined;
  switch (v.name.toLowerCase()) {
    case 'circle': {
      const r = radiiAt(v.args, 1);
      return r && { kind: 'circle', radius: r.radii[0], at: r.at };
    }
    case 'ellipse': {
      const r = radiiAt(v.args, 2);
      return r && { kind: 'ellipse', rx: r.radii[0], ry: r.radii[1], at: r.at };
    }
    case 'inset':
      return parseInset(v.args);
    case 'polygon':
      return parsePolygon(v.args);
    default:
      return undefined;
  }
}

/** `none` (null), or a basic shape and/or reference box; undefined when invalid (url() included). */
export function parseShapeOutside(values: readonly CV[]): ShapeOutsideSpec | null | undefined {
  if (values.length === 1 && values[0].type === 'ident' && values[0].lower === 'none') return null;
  if (values.length < 1 || values.length > 2) return undefined;
  let shape: ShapeSpec | null = null;
  let box: ShapeBox | null = null;
  for (const v of values) {
    if (v.type === 'ident' && BOXES.has(v.lower) && box === null) box = v.lower as ShapeBox;
    else if (shape === null && (shape = parseBasicShape(v) ?? null) !== null) continue;
    else return undefined;
  }
  return { shape, box: box ?? 'margin-box' };
}

/** SVG's reference boxes, which a CSS box takes as its border box (CSS Masking 1 §8). */
const SVG_BOXES = new Set<string>(['fill-box', 'stroke-box', 'view-box']);

/**
 * `clip-path: none | <basic-shape> || <geometry-box>`, the box border-box unless named; null for
 * none and for a `url()` reference (SVG clip paths are not supported: nothing is clipped, rather
 * than everything).
 */
export function parseClipPath(values: readonly CV[]): ShapeOutsideSpec | null | undefined {
  if (values.length === 1 && (values[0].type === 'url' || values[0].type === 'ident' && values[0].lower === 'none')) return null;
  if (values.length < 1 || values.length > 2) return undefined;
  let shape: ShapeSpec | null = null;
  let box: ShapeBox | null = null;
  for (const v of values) {
    if (v.type === 'ident' && (BOXES.has(v.lower) || SVG_BOXES.has(v.lower)) && box === null) box = BOXES.has(v.lower) ? v.lower as ShapeBox : 'border-box';
    else if (shape === null && (shape = parseBasicShape(v) ?? null) !== null) continue;
    else return undefined;
  }
  return { shape, box: box ?? 'border-box' };
}

/** `shape-margin: <length-percentage [0,inf]>`. */
export function parseShapeMargin(values: readonly CV[]): LengthSpec | undefined {
  return values.length === 1 ? lengthPercentage(values[0]) : undefined;
}

function computeRadius(r: RadiusSpec, ctx: LengthContext): ShapeRadius {
  return typeof r === 'string' ? r : resolveLength(r, ctx);
}

function computePair(p: Pair, ctx: LengthContext): readonly [LengthPercentage, LengthPercentage] {
  return [resolveLength(p[0], ctx), resolveLength(p[1], ctx)];
}

function computeShape(s: ShapeSpec, ctx: LengthContext): BasicShape {
  switch (s.kind) {
    case 'circle':
      return { kind: 'circle', radius: computeRadius(s.radius, ctx), at: computePair(s.at, ctx) };
    case 'ellipse':
      return { kind: 'ellipse', rx: computeRadius(s.rx, ctx), ry: computeRadius(s.ry, ctx), at: computePair(s.at, ctx) };
    case 'inset': {
      const [t, r, b, l] = s.insets.map((i) => resolveLength(i, ctx));
      const [tl, tr, br, bl] = s.radii.map((c): CornerRadius => computePair(c, ctx));
      return { kind: 'inset', insets: [t, r, b, l], radii: [tl, tr, br, bl] };
    }
    case 'polygon':
      return { kind: 'polygon', fill: s.fill, points: s.points.map((p) => computePair(p, ctx)) };
  }
}

export function computeShapeOutside(spec: ShapeOutsideSpec | null, ctx: LengthContext): ShapeOutside | null {
  return spec === null ? null : { shape: spec.shape && computeShape(spec.shape, ctx), box: spec.box };
}
