// Basic shapes (CSS Shapes 1 §3: inset(), circle(), ellipse(), polygon()) as polygons in their
// reference box, curves followed as fine polygons: the float areas of `shape-outside` and the clips
// of `clip-path` are drawn from them.
import type { BasicShape, LengthPercentage, ShapeRadius } from '../css/types.js';
import { type Corner, fitRadii, type Radii } from '../paint/shapes.js';
import { exactLength } from './context.js';

export interface Box {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

export type Point = readonly [number, number];

/** Segments per quarter of an ellipse: the polygon strays from the curve by under 0.001 of its radius. */
const ARC_STEPS = 24;

export function inset(box: Box, top: number, right: number, bottom: number, left: number): Box {
  return { x: box.x + left, y: box.y + top, width: Math.max(0, box.width - left - right), height: Math.max(0, box.height - top - bottom) };
}

export function grow(r: Radii, by: (c: Corner, i: number) => Corner): Radii {
  return { topLeft: by(r.topLeft, 0), topRight: by(r.topRight, 1), bottomRight: by(r.bottomRight, 2), bottomLeft: by(r.bottomLeft, 3) };
}

/** A rounded rectangle as a polygon, clockwise from the top-left corner's end. */
export function roundedRect(box: Box, r: Radii): Point[] {
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
  return Math.max(0, exactLength(r, percentBasis));
}

function at(box: Box, p: readonly [LengthPercentage, LengthPercentage]): Point {
  return [box.x + exactLength(p[0], box.width), box.y + exactLength(p[1], box.height)];
}

/** A basic shape in its reference box as a polygon, with `margin` added as Blink adds it to rounded shapes (polygons: null margin here). */
export function outline(shape: BasicShape, box: Box, margin: number): Point[] {
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
      const [t, r, b, l] = shape.insets.map((v, i) => exactLength(v, i % 2 === 0 ? box.height : box.width));
      const rect = inset(box, t, r, b, l);
      const corner = (i: number): Corner => [Math.max(0, exactLength(shape.radii[i][0], box.width)), Math.max(0, exactLength(shape.radii[i][1], box.height))];
      const radii = fitRadii({ topLeft: corner(0), topRight: corner(1), bottomRight: corner(2), bottomLeft: corner(3) }, rect.width, rect.height);
      return marginRect(rect, radii, margin);
    }
    case 'polygon':
      return shape.points.map((p) => at(box, p));
  }
}

/** A rounded rectangle grown by `margin`: its corners round by the margin more (CSS Shapes 1 §6.3). */
export function marginRect(box: Box, radii: Radii, margin: number): Point[] {
  if (margin <= 0) return roundedRect(box, radii);
  return roundedRect(inset(box, -margin, -margin, -margin, -margin), grow(radii, (c) => [c[0] + margin, c[1] + margin]));
}
