// Rectangles, corner radii (resolved and scaled per CSS Backgrounds §5.5) and rounded-rectangle paths.
import type { ComputedStyle, LengthPercentage } from '../css/types.js';
import type { PathCommand } from './backend.js';

export interface Rect {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

export interface Insets {
  readonly top: number;
  readonly right: number;
  readonly bottom: number;
  readonly left: number;
}

/** Horizontal and vertical radius of one corner, in px. */
export type Corner = readonly [number, number];

export interface Radii {
  readonly topLeft: Corner;
  readonly topRight: Corner;
  readonly bottomRight: Corner;
  readonly bottomLeft: Corner;
}

/** Which edges of the box this fragment has; a missing edge has no border and square corners. */
export interface Sides {
  readonly top: boolean;
  readonly right: boolean;
  readonly bottom: boolean;
  readonly left: boolean;
}

export const ALL_SIDES: Sides = { top: true, right: true, bottom: true, left: true };
export const NO_RADII: Radii = { topLeft: [0, 0], topRight: [0, 0], bottomRight: [0, 0], bottomLeft: [0, 0] };

// Bézier control distance for a quarter ellipse.
const KAPPA = 0.5522847498;

function length(value: LengthPercentage, basis: number): number {
  return typeof value === 'number' ? value : (value.percent / 100) * basis + (value.px ?? 0);
}

export function hasRadii(r: Radii): boolean {
  return r.topLeft[0] > 0 || r.topLeft[1] > 0 || r.topRight[0] > 0 || r.topRight[1] > 0 ||
    r.bottomRight[0] > 0 || r.bottomRight[1] > 0 || r.bottomLeft[0] > 0 || r.bottomLeft[1] > 0;
}

/** Radii scaled down together so adjacent ones never overlap (CSS Backgrounds §5.5). */
export function fitRadii(r: Radii, width: number, height: number): Radii {
  const ratio = (len: number, a: number, b: number) => (a + b > len ? len / (a + b) : 1);
  const f = Math.min(
    ratio(width, r.topLeft[0], r.topRight[0]),
    ratio(width, r.bottomLeft[0], r.bottomRight[0]),
    ratio(height, r.topLeft[1], r.bottomLeft[1]),
    ratio(height, r.topRight[1], r.bottomRight[1]),
  );
  if (f >= 1) return r;
  const s = (c: Corner): Corner => [c[0] * f, c[1] * f];
  return { topLeft: s(r.topLeft), topRight: s(r.topRight), bottomRight: s(r.bottomRight), bottomLeft: s(r.bottomLeft) };
}

/** The border-box corner radii in px: percentages of the box's width/height, missing sides squared off, then fitted. */
export function resolveRadii(style: Pick<ComputedStyle, 'borderTopLeftRadius' | 'borderTopRightRadius' | 'borderBottomRightRadius' | 'borderBottomLeftRadius'>, rect: Rect, sides: Sides = ALL_SIDES): Radii {
  // Most boxes have square corners: no per-box allocation for them.
  if (isZero(style.borderTopLeftRadius) && isZero(style.borderTopRightRadius) && isZero(style.borderBottomRightRadius) && isZero(style.borderBottomLeftRadius)) return NO_RADII;
  const corner = (value: ComputedStyle['borderTopLeftRadius'], a: boolean, b: boolean): Corner => {
    if (!a || !b) return [0, 0];
    const rx = Math.max(0, length(value[0], rect.width));
    const ry = Math.max(0, length(value[1], rect.height));
    return rx > 0 && ry > 0 ? [rx, ry] : [0, 0];
  };
  return fitRadii(
    {
      topLeft: corner(style.borderTopLeftRadius, sides.top, sides.left),
      topRight: corner(style.borderTopRightRadius, sides.top, sides.right),
      bottomRight: corner(style.borderBottomRightRadius, sides.bottom, sides.right),
      bottomLeft: corner(style.borderBottomLeftRadius, sides.bottom, sides.left),
    },
    rect.width,
    rect.height,
  );
}

function isZero(value: ComputedStyle['borderTopLeftRadius']): boolean {
  return value[0] === 0 || value[1] === 0;
}

/** `rect` shrunk by `insets` (never below zero size). */
export function insetRect(rect: Rect, insets: Insets): Rect {
  const width = Math.max(0, rect.width - insets.left - insets.right);
  const height = Math.max(0, rect.height - insets.top - insets.bottom);
  return { x: rect.x + insets.left, y: rect.y + insets.top, width, height };
}

/** Radii of a rectangle inset from one with `radii`: each reduced by the inset on its axis (CSS inner border radius). */
export function insetRadii(radii: Radii, insets: Insets): Radii {
  if (radii === NO_RADII) return NO_RADII;
  const c = (r: Corner, dx: number, dy: number): Corner => {
    const rx = Math.max(0, r[0] - dx);
    const ry = Math.max(0, r[1] - dy);
    return rx > 0 && ry > 0 ? [rx, ry] : [0, 0];
  };
  return {
    topLeft: c(radii.topLeft, insets.left, insets.top),
    topRight: c(radii.topRight, insets.right, insets.top),
    bottomRight: c(radii.bottomRight, insets.right, insets.bottom),
    bottomLeft: c(radii.bottomLeft, insets.left, insets.bottom),
  };
}

export function rectPath(rect: Rect, reverse = false): PathCommand[] {
  const { x, y, width: w, height: h } = rect;
  return reverse
    ? [{ op: 'move', x, y }, { op: 'line', x, y: y + h }, { op: 'line', x: x + w, y: y + h }, { op: 'line', x: x + w, y }, { op: 'close' }]
    : [{ op: 'move', x, y }, { op: 'line', x: x + w, y }, { op: 'line', x: x + w, y: y + h }, { op: 'line', x, y: y + h }, { op: 'close' }];
}

/** A closed rounded-rectangle path, clockwise on screen (counter-clockwise with `reverse`, to cut holes under nonzero winding). */
export function roundedRectPath(rect: Rect, radii: Radii = NO_RADII, reverse = false): PathCommand[] {
  if (!hasRadii(radii)) return rectPath(rect, reverse);
  const r = fitRadii(radii, rect.width, rect.height);
  const { x, y } = rect;
  const right = x + rect.width;
  const bottom = y + rect.height;
  const [tlx, tly] = r.topLeft;
  const [trx, try_] = r.topRight;
  const [brx, bry] = r.bottomRight;
  const [blx, bly] = r.bottomLeft;
  const k = KAPPA;
  // Corners with a zero radius get no curve segment.
  const curve = (path: PathCommand[], rx: number, ry: number, x1: number, y1: number, x2: number, y2: number, x: number, y: number) => {
    if (rx > 0 && ry > 0) path.push({ op: 'curve', x1, y1, x2, y2, x, y });
  };
  const path: PathCommand[] = [];
  if (!reverse) {
    path.push({ op: 'move', x: x + tlx, y }, { op: 'line', x: right - trx, y });
    curve(path, trx, try_, right - trx + trx * k, y, right, y + try_ - try_ * k, right, y + try_);
    path.push({ op: 'line', x: right, y: bottom - bry });
    curve(path, brx, bry, right, bottom - bry + bry * k, right - brx + brx * k, bottom, right - brx, bottom);
    path.push({ op: 'line', x: x + blx, y: bottom });
    curve(path, blx, bly, x + blx - blx * k, bottom, x, bottom - bly + bly * k, x, bottom - bly);
    path.push({ op: 'line', x, y: y + tly });
    curve(path, tlx, tly, x, y + tly - tly * k, x + tlx - tlx * k, y, x + tlx, y);
  } else {
    path.push({ op: 'move', x: x + tlx, y });
    curve(path, tlx, tly, x + tlx - tlx * k, y, x, y + tly - tly * k, x, y + tly);
    path.push({ op: 'line', x, y: bottom - bly });
    curve(path, blx, bly, x, bottom - bly + bly * k, x + blx - blx * k, bottom, x + blx, bottom);
    path.push({ op: 'line', x: right - brx, y: bottom });
    curve(path, brx, bry, right - brx + brx * k, bottom, right, bottom - bry + bry * k, right, bottom - bry);
    path.push({ op: 'line', x: right, y: y + try_ });
    curve(path, trx, try_, right, y + try_ - try_ * k, right - trx + trx * k, y, right - trx, y);
  }
  path.push({ op: 'close' });
  return path;
}

/** The area between two nested rounded rectangles, as one path to fill with the nonzero rule. */
export function ringPath(outer: Rect, outerRadii: Radii, inner: Rect, innerRadii: Radii): PathCommand[] {
  const path = roundedRectPath(outer, outerRadii);
  if (inner.width > 0 && inner.height > 0) path.push(...roundedRectPath(inner, innerRadii, true));
  return path;
}
