// A float's float area from `shape-outside` (CSS Shapes 1): the shape's horizontal extent over a
// line's band, as Blink measures it (rounded rectangles and ellipses grown by `shape-margin` in their
// radii; polygons by their vertices' circles and offset edges). Curves are followed as fine polygons.
import type { BasicShape, ComputedStyle, LengthPercentage, ShapeBox, ShapeRadius } from '../css/types.js';
import { type Corner, fitRadii, type Radii, resolveRadii } from '../paint/shapes.js';
import { marginValue, paddingEdges, resolveLength } from './context.js';

/**
 * The shape's extent over [top, bottom), both from the float's margin-box top, as x from its
 * margin-box left, within the margin box; null where the band misses the shape.
 */
export type FloatShape = (top: number, bottom: number) => { readonly left: number; readonly right: number } | null;

interface Box {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

type Point = readonly [number, number];

/** Segments per quarter of an ellipse: the polygon strays from the curve by under 0.001 of its radius. */
const ARC_STEPS = 24;

function inset(box: Box, top: number, right: number, bottom: number, left: number): Box {
  return { x: box.x + left, y: box.y + top, width: Math.max(0, box.width - left - right), height: Math.max(0, box.height - top - bottom) };
}

function grow(r: Radii, by: (c: Corner, i: number) => Corner): Radii {
  return { topLeft: by(r.topLeft, 0), topRight: by(r.topRight, 1), bottomRight: by(r.bottomRight, 2), bottomLeft: by(r.bottomLeft, 3) };
}

/** The reference box and the border-radius corners it takes (CSS Shapes 1 §4.1), relative to the margin box. */
function referenceBox(style: ComputedStyle, border: Box, margins: readonly number[], which: ShapeBox, cbWidth: number): { box: Box; radii: Radii } {
  const radii = resolveRadii(style, border);
  const [mt, mr, mb, ml] = margins;
  if (which === 'margin-box') {
    // Each corner grows by the margin beside it (Backgrounds 3 §5.6 shapes the margin edge the same way).
    const sides = [[ml, mt], [mr, mt], [mr, mb], [ml, mb]];
    return { box: inset(border, -mt, -mr, -mb, -ml), radii: grow(radii, (c, i) => c[0] > 0 && c[1] > 0 ? [c[0] + sides[i][0], c[1] + sides[i][1]] : c) };
  }
  if (which === 'border-box') return { box: border, radii };
  const b = [style.borderTop.width, style.borderRight.width, style.borderBottom.width, style.borderLeft.width];
  const padding = paddingEdges(style, cbWidth);
  const p = which === 'content-box' ? [padding.top, padding.right, padding.bottom, padding.left] : [0, 0, 0, 0];
  const [t, r, bo, l] = b.map((w, i) => w + p[i]);
  const sides = [[l, t], [r, t], [r, bo], [l, bo]];
  return { box: inset(border, t, r, bo, l), radii: grow(radii, (c, i) => [Math.max(0, c[0] - sides[i][0]), Math.max(0, c[1] - sides[i][1])]) };
}

/** A rounded rectangle as a polygon, clockwise from the top-left corner's end. */
function roundedRect(box: Box, r: Radii): Point[] {
  const out: Point[] = [];
  const corner = (cx: number, cy: number, c: Corner, from: number): void => {
    for (let i = 0; i <= ARC_STEPS; i++) {
      const a = from + (i / ARC_STEPS) * (Math.PI / 2);
      out.push([cx + c[0] * Math.cos(a), cy + c[1] * Math.sin(a)]);
    }
  };
  const { x, y, width: w, height: h } = box;
  corner(x + w - r.topRight[0], y + r.topRight[1], r.topRight, -Math.PI / 2);
  corner(x + w - r.bottomRight[0], y + h - r.bottomRight[1], r.bottomRight, 0);
  corner(x + r.bottomLeft[0], y + h - r.bottomLeft[1], r.bottomLeft, Math.PI / 2);
  corner(x + r.topLeft[0], y + r.topLeft[1], r.topLeft, Math.PI);
  return out;
}

function radius(r: ShapeRadius, centre: number, start: number, end: number, percentBasis: number): number {
  if (r === 'closest-side') return Math.min(Math.abs(centre - start), Math.abs(end - centre));
  if (r === 'farthest-side') return Math.max(Math.abs(centre - start), Math.abs(end - centre));
  return Math.max(0, resolveLength(r, percentBasis));
}

function at(box: Box, p: readonly [LengthPercentage, LengthPercentage]): Point {
  return [box.x + resolveLength(p[0], box.width), box.y + resolveLength(p[1], box.height)];
}

/** A basic shape in its reference box as a polygon, with `margin` added as Blink adds it to rounded shapes (polygons: null margin here). */
function outline(shape: BasicShape, box: Box, margin: number): Point[] {
  switch (shape.kind) {
    case 'circle':
    case 'ellipse': {
      const [cx, cy] = at(box, shape.at);
      const diagonal = Math.sqrt((box.width ** 2 + box.height ** 2) / 2);
      const rx = shape.kind === 'circle'
        ? radius(shape.radius, cx, box.x, box.x + box.width, diagonal) : radius(shape.rx, cx, box.x, box.x + box.width, box.width);
      const ry = shape.kind === 'circle'
        ? (typeof shape.radius === 'string' ? radius(shape.radius, cy, box.y, box.y + box.height, 0) : rx) : radius(shape.ry, cy, box.y, box.y + box.height, box.height);
      // A keyword circle takes the closest (farthest) side of all four.
      const r = shape.kind === 'circle' ? [shape.radius === 'farthest-side' ? Math.max(rx, ry) : Math.min(rx, ry)] : [rx, ry];
      const [ex, ey = ex] = r.map((v) => v + margin);
      const c: Corner = [ex, ey];
      return roundedRect({ x: cx - ex, y: cy - ey, width: 2 * ex, height: 2 * ey }, { topLeft: c, topRight: c, bottomRight: c, bottomLeft: c });
    }
    case 'inset': {
      const [t, r, b, l] = shape.insets.map((v, i) => resolveLength(v, i % 2 === 0 ? box.height : box.width));
      const rect = inset(box, t, r, b, l);
      const corner = (i: number): Corner => [Math.max(0, resolveLength(shape.radii[i][0], box.width)), Math.max(0, resolveLength(shape.radii[i][1], box.height))];
      const radii = fitRadii({ topLeft: corner(0), topRight: corner(1), bottomRight: corner(2), bottomLeft: corner(3) }, rect.width, rect.height);
      return marginRect(rect, radii, margin);
    }
    case 'polygon':
      return shape.points.map((p) => at(box, p));
  }
}

/** A rounded rectangle grown by `margin`: its corners round by the margin more (CSS Shapes 1 §6.3). */
function marginRect(box: Box, radii: Radii, margin: number): Point[] {
  if (margin <= 0) return roundedRect(box, radii);
  return roundedRect(inset(box, -margin, -margin, -margin, -margin), grow(radii, (c) => [c[0] + margin, c[1] + margin]));
}

/** The x range a point set's edges reach over [top, bottom] (inclusive), or null. */
function edgesExtent(points: readonly Point[], top: number, bottom: number, margin: number): { left: number; right: number } | null {
  let left = Infinity;
  let right = -Infinity;
  const take = (x: number): void => {
    left = Math.min(left, x);
    right = Math.max(right, x);
  };
  const edge = (p: Point, q: Point): void => {
    const lo = Math.max(top, Math.min(p[1], q[1]));
    const hi = Math.min(bottom, Math.max(p[1], q[1]));
    if (lo > hi) return;
    if (p[1] === q[1]) {
      take(p[0]);
      take(q[0]);
      return;
    }
    for (const y of [lo, hi]) take(p[0] + ((y - p[1]) / (q[1] - p[1])) * (q[0] - p[0]));
  };
  for (let i = 0; i < points.length; i++) {
    const p = points[i];
    const q = points[(i + 1) % points.length];
    if (margin <= 0) {
      edge(p, q);
      continue;
    }
    // Grown by `margin`: the circle about each vertex and the edge moved out (either way) by it.
    const dy = p[1] < top ? top - p[1] : p[1] > bottom ? p[1] - bottom : 0;
    if (dy < margin) {
      const half = Math.sqrt(margin * margin - dy * dy);
      take(p[0] - half);
      take(p[0] + half);
    }
    const length = Math.hypot(q[0] - p[0], q[1] - p[1]);
    if (length === 0) continue;
    const nx = (-(q[1] - p[1]) / length) * margin;
    const ny = ((q[0] - p[0]) / length) * margin;
    edge([p[0] + nx, p[1] + ny], [q[0] + nx, q[1] + ny]);
    edge([p[0] - nx, p[1] - ny], [q[0] - nx, q[1] - ny]);
  }
  return left <= right ? { left, right } : null;
}

/**
 * The float area `style`'s `shape-outside` makes of a float whose border box is `width` by `height`,
 * in a containing block `cbWidth` wide; null when it has none (the margin box is the float area).
 * Images (`url()`) are not supported and leave the margin box.
 */
export function floatShape(style: ComputedStyle, width: number, height: number, cbWidth: number): FloatShape | null {
  const shapeOutside = style.shapeOutside;
  if (shapeOutside === null) return null;
  const margins = [style.marginTop, style.marginRight, style.marginBottom, style.marginLeft].map((m) => marginValue(m, cbWidth));
  const [mt, mr, mb, ml] = margins;
  const marginBox = { width: ml + width + mr, height: mt + height + mb };
  const border: Box = { x: ml, y: mt, width, height };
  const ref = referenceBox(style, border, margins, shapeOutside.box, cbWidth);
  const margin = Math.max(0, resolveLength(style.shapeMargin, cbWidth));
  const polygon = shapeOutside.shape?.kind === 'polygon';
  const points = shapeOutside.shape ? outline(shapeOutside.shape, ref.box, polygon ? 0 : margin) : marginRect(ref.box, ref.radii, margin);
  const edgeMargin = polygon ? margin : 0;
  const ys = points.map((p) => p[1]);
  const shapeTop = Math.max(0, Math.min(...ys) - edgeMargin);
  const shapeBottom = Math.min(marginBox.height, Math.max(...ys) + edgeMargin);
  return (top, bottom) => {
    // The band counts where it overlaps the shape within the margin box, not where it only touches it.
    const from = Math.max(top, shapeTop);
    const to = Math.min(bottom, shapeBottom);
    if (to <= from) return null;
    const extent = edgesExtent(points, from, to, edgeMargin);
    if (extent === null) return null;
    const left = Math.max(0, extent.left);
    const right = Math.min(marginBox.width, extent.right);
    return left <= right ? { left, right } : null;
  };
}
