// Outlines (CSS UI 4 §5): a line `outline-offset` outside the border box, following its rounded
// corners, painted after everything else of its stacking context (CSS 2.1 Appendix E, step 10).
import type { ComputedStyle } from '../css/types.js';
import type { PaintBackend } from './backend.js';
import { paintBorders } from './borders.js';
import { ALL_SIDES, NO_RADII, type Radii, type Rect, resolveRadii } from './shapes.js';

export function hasOutline(style: ComputedStyle): boolean {
  return style.outlineWidth > 0 && style.outlineStyle !== 'none' && style.outlineStyle !== 'hidden' && style.visibility === 'visible';
}

/** The outline of a box whose border box (pixel-snapped, as its borders are) is `borderBox`. */
export function paintOutline(backend: PaintBackend, borderBox: Rect, style: ComputedStyle): void {
  const d = style.outlineOffset + style.outlineWidth;
  const outer: Rect = { x: borderBox.x - d, y: borderBox.y - d, width: borderBox.width + 2 * d, height: borderBox.height + 2 * d };
  if (outer.width <= 0 || outer.height <= 0) return;
  const side = { width: style.outlineWidth, style: style.outlineStyle, color: style.outlineColor ?? style.color };
  paintBorders(backend, outer, { borderTop: side, borderRight: side, borderBottom: side, borderLeft: side }, ALL_SIDES, grown(resolveRadii(style, borderBox), d));
}

/** Rounded corners stay rounded, their radii grown by the outline's distance; square ones stay square. */
function grown(radii: Radii, d: number): Radii {
  const corner = ([h, v]: readonly [number, number]): [number, number] => (h > 0 && v > 0 ? [Math.max(0, h + d), Math.max(0, v + d)] : [0, 0]);
  if (radii === NO_RADII) return radii;
  return { topLeft: corner(radii.topLeft), topRight: corner(radii.topRight), bottomRight: corner(radii.bottomRight), bottomLeft: corner(radii.bottomLeft) };
}
