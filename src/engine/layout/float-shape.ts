// A float's float area from `shape-outside` (CSS Shapes 1): the shape's horizontal extent over a
// line's band, as Blink measures it (rounded rectangles and ellipses grown by `shape-margin` in their
// radii; polygons by their vertices' circles and offset edges). Curves are followed as fine polygons.
import type { ComputedStyle, ShapeBox } from '../css/types.js';
import { type Radii, resolveRadii } from '../paint/shapes.js';
import { type Box, grow, inset, marginRect, outline, type Point } from './basic-shape.js';
import { marginValue, paddingEdges, resolveLength } from './context.js';

/**
 * The shape's extent over [top, bottom), both from the float's margin-box top, as x from its
 * margin-box left, within the margin box; null where the band misses the shape.
 */
export type FloatShape = (top: number, bottom: number) => { readonly left: number; readonly right: number } | null;

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
