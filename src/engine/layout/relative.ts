// Relative positioning (CSS 2.1 §9.4.3): a box is laid out where it would be, then painted offset
// by `left`/`right` and `top`/`bottom`. Percentages of the height refer to the containing block's
// height when it is definite, else they are auto (as Chromium prints them).
import type { ComputedStyle, LengthPercentageAuto } from '../css/types.js';
import { resolveAuto } from './context.js';
import { translate, type Fragment } from './fragments.js';

export interface Offset {
  readonly dx: number;
  readonly dy: number;
}

/** A relatively positioned box's offset, or undefined when it is not one or does not move. */
export function relativeOffset(style: ComputedStyle, cbWidth: number, cbHeight?: number): Offset | undefined {
  if (style.position !== 'relative') return undefined;
  const left = resolveAuto(style.left, cbWidth);
  const right = resolveAuto(style.right, cbWidth);
  const top = vertical(style.top, cbHeight);
  const bottom = vertical(style.bottom, cbHeight);
  const dx = left !== 'auto' ? left : right !== 'auto' ? -right : 0;
  const dy = top !== 'auto' ? top : bottom !== 'auto' ? -bottom : 0;
  return dx === 0 && dy === 0 ? undefined : { dx, dy };
}

/** Moves `fragment` by its relative offset, when `style` gives it one (percentages of `cbWidth`; of the height, none). */
export function offsetRelative(fragment: Fragment, style: ComputedStyle, cbWidth: number): void {
  const offset = relativeOffset(style, cbWidth);
  if (offset) translate(fragment, offset.dx, offset.dy);
}

function vertical(value: LengthPercentageAuto, cbHeight: number | undefined): number | 'auto' {
  if (cbHeight === undefined && typeof value === 'object') return 'auto';
  return resolveAuto(value, cbHeight ?? 0);
}
