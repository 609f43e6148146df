// `clip: rect(top, right, bottom, left)` (CSS 2.1 §11.1.2): the region of an absolutely positioned
// box that is painted, as offsets from its border box's top-left corner; `auto` sides keep its edge.
import type { CV } from '../syntax.js';
import type { ClipRect } from '../types.js';
import { type LengthContext, type LengthSpec, parseLength, resolvePx } from './length.js';

type ClipSpec = readonly (LengthSpec | 'auto')[];

/** `auto` (null) or the four sides of `rect()`, separated by commas or, in the legacy form, spaces. */
export function parseClip(values: readonly CV[]): ClipSpec | null | undefined {
  if (values.length !== 1) return undefined;
  const [v] = values;
  if (v.type === 'ident' && v.lower === 'auto') return null;
  if (v.type !== 'function' || v.name.toLowerCase() !== 'rect') return undefined;
  const args = v.args.filter((a) => a.type !== 'comma');
  if (args.length !== 4) return undefined;
  const sides = args.map((a) => (a.type === 'ident' && a.lower === 'auto' ? 'auto' : parseLength(a, { negative: true })));
  return sides.every((s) => s !== undefined) ? (sides as ClipSpec) : undefined;
}

export function computeClip(spec: ClipSpec | null, ctx: LengthContext): ClipRect | null {
  if (spec === null) return null;
  const [top, right, bottom, left] = spec.map((s) => (s === 'auto' ? null : resolvePx(s, ctx)));
  return { top, right, bottom, left };
}

/** The painted region of a box at (x, y) sized width × height, or null when it is empty. */
export function clipRegion(clip: ClipRect, x: number, y: number, width: number, height: number): { x: number; y: number; width: number; height: number } | null {
  const left = clip.left ?? 0;
  const top = clip.top ?? 0;
  const right = clip.right ?? width;
  const bottom = clip.bottom ?? height;
  if (right <= left || bottom <= top) return null;
  return { x: x + left, y: y + top, width: right - left, height: bottom - top };
}
