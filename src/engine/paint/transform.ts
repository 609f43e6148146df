// 2D affine matrices: a box's `transform` about its `transform-origin`, composed and applied to points and rectangles.
import type { ComputedStyle } from '../css/types.js';
import { hasTransform } from '../css/values/transform.js';
import { exactLength } from '../layout/context.js';

/** [a, b, c, d, e, f]: (x, y) → (a·x + c·y + e, b·x + d·y + f), as CSS `matrix()` and PDF `cm` read it. */
export type Matrix = readonly [number, number, number, number, number, number];

export const IDENTITY: Matrix = [1, 0, 0, 1, 0, 0];

/** `m` after `n`: the matrix applying `n` first, then `m`. */
export function multiply(m: Matrix, n: Matrix): Matrix {
  return [
    m[0] * n[0] + m[2] * n[1],
    m[1] * n[0] + m[3] * n[1],
    m[0] * n[2] + m[2] * n[3],
    m[1] * n[2] + m[3] * n[3],
    m[0] * n[4] + m[2] * n[5] + m[4],
    m[1] * n[4] + m[3] * n[5] + m[5],
  ];
}

export function isIdentity(m: Matrix): boolean {
  return m[0] === 1 && m[1] === 0 && m[2] === 0 && m[3] === 1 && m[4] === 0 && m[5] === 0;
}

export function applyToPoint(m: Matrix, x: number, y: number): [number, number] {
  return [m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]];
}

/** The axis-aligned rectangle around a transformed rectangle (what a link annotation can cover). */
export function boundingRect(m: Matrix, x: number, y: number, width: number, height: number): { x: number; y: number; width: number; height: number } {
  const corners = [applyToPoint(m, x, y), applyToPoint(m, x + width, y), applyToPoint(m, x, y + height), applyToPoint(m, x + width, y + height)];
  const xs = corners.map((p) => p[0]);
  const ys = corners.map((p) => p[1]);
  const left = Math.min(...xs);
  const top = Math.min(...ys);
  return { x: left, y: top, width: Math.max(...xs) - left, height: Math.max(...ys) - top };
}

/**
 * The matrix of a box's `transform` (and `translate`, `rotate`, `scale`) on its border box `rect`: translated to the origin, each
 * function in order (percentages of translations against the border box), translated back.
 * Null without a transform.
 */
export function boxTransform(style: ComputedStyle, rect: { x: number; y: number; width: number; height: number }): Matrix | null {
  if (!hasTransform(style)) return null;
  const ox = rect.x + exactLength(style.transformOrigin[0], rect.width);
  const oy = rect.y + exactLength(style.transformOrigin[1], rect.height);
  let m: Matrix = [1, 0, 0, 1, ox, oy];
  // translate, rotate and scale first, then transform's functions (CSS Transforms 2 §6).
  for (const f of [style.translate, style.rotate, style.scale, ...(style.transform ?? [])]) {
    if (f !== null) m = multiply(m, [f.a, f.b, f.c, f.d, exactLength(f.e, rect.width), exactLength(f.f, rect.height)]);
  }
  return multiply(m, [1, 0, 0, 1, -ox, -oy]);
}
