// Relative positioning (CSS 2.1 §9.4.3): a box is laid out where it would be, then painted offset
// by `left`/`right` and `top`/`bottom`; percentages of the height count as 0, as Chromium prints them.
import type { ComputedStyle } from '../css/types.js';
import { resolveAuto } from './context.js';

export interface Offset {
  readonly dx: number;
  readonly dy: number;
}

/** A relatively positioned box's offset, or undefined when it is not one or does not move. */
export function relativeOffset(style: ComputedStyle, cbWidth: number): Offset | undefined {
  if (style.position !== 'relative') return undefined;
  const left = resolveAuto(style.left, cbWidth);
  const right = resolveAuto(style.right, cbWidth);
  const top = resolveAuto(style.top, 0);
  const bottom = resolveAuto(style.bottom, 0);
  const dx = left !== 'auto' ? left : right !== 'auto' ? -right : 0;
  const dy = top !== 'auto' ? top : bottom !== 'auto' ? -bottom : 0;
  return dx === 0 && dy === 0 ? undefined : { dx, dy };
}
