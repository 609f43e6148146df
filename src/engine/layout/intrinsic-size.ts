// Widths given as intrinsic keywords (`width: fit-content`, `min-width: max-content`, CSS Sizing 3
// §3.2): resolved at layout from the box's min- and max-content widths.
import { isButtonFitContent } from '../boxes/form-controls.js';
import type { ComputedStyle, IntrinsicSizeKeyword } from '../css/types.js';

export interface IntrinsicWidths {
  readonly min: number;
  readonly max: number;
}

/**
 * The width `keyword` gives, in the units of `widths` and `available` (both margin boxes, or both
 * border boxes): fit-content is the shrink-to-fit width, max(min-content, min(max-content, available)).
 */
export function keywordWidth(keyword: IntrinsicSizeKeyword, widths: IntrinsicWidths, available: number): number {
  switch (keyword) {
    case 'min-content': return widths.min;
    case 'max-content': return widths.max;
    case 'fit-content': return Math.max(widths.min, Math.min(widths.max, available));
  }
}

/** Whether `width` is auto and not an intrinsic keyword: the box fills (or stretches to) the room it has. */
export function autoWidth(style: ComputedStyle): boolean {
  return style.width === 'auto' && style.widthKeyword === null;
}

/** Whether a grid or flex item of this style stretches: its width is auto (a button's fit-content counts). */
export function stretchableWidth(style: ComputedStyle): boolean {
  return autoWidth(style) || isButtonFitContent(style);
}

/** Whether any of the box's widths is an intrinsic keyword. */
export function hasWidthKeyword(style: ComputedStyle): boolean {
  return style.widthKeyword !== null || style.minWidthKeyword !== null || style.maxWidthKeyword !== null;
}

/**
 * A border-box width clamped by `min-width` and `max-width` given as keywords (lengths are
 * clamped by the caller): `widths` and `available` are border boxes.
 */
export function clampByKeywords(style: ComputedStyle, borderBox: number, widths: IntrinsicWidths, available: number): number {
  let width = borderBox;
  if (style.maxWidthKeyword !== null) width = Math.min(width, keywordWidth(style.maxWidthKeyword, widths, available));
  if (style.minWidthKeyword !== null) width = Math.max(width, keywordWidth(style.minWidthKeyword, widths, available));
  return width;
}
