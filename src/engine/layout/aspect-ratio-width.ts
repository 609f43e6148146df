// The width `aspect-ratio` gives a box whose width is auto and whose height is definite (CSS Sizing 4
// §5.1): the ratio runs from the height to the width, as Chromium sizes blocks, flex items,
// floats and inline-blocks.
import type { ComputedStyle } from '../css/types.js';
import { borderEdges, contentSize, paddingEdges, resolveLength } from './context.js';

/**
 * The border-box width of a non-replaced box with `aspect-ratio`, an auto width and a definite
 * height (a length, or a percentage of a definite `cbHeight`), else null. The ratio holds between
 * the border boxes with `box-sizing: border-box` (unless the ratio says `auto`), else the content boxes.
 */
export function aspectRatioWidth(style: ComputedStyle, cbWidth: number, cbHeight: number | undefined): number | null {
  const ratio = style.aspectRatio;
  if (ratio === null || !(ratio.ratio > 0) || style.width !== 'auto' || style.widthKeyword !== null) return null;
  const height = typeof style.height === 'number' ? style.height
    : typeof style.height === 'object' && cbHeight !== undefined ? resolveLength(style.height, cbHeight) : null;
  if (height === null) return null;
  const border = borderEdges(style);
  const padding = paddingEdges(style, cbWidth);
  const bpX = border.left + border.right + padding.left + padding.right;
  const bpY = border.top + border.bottom + padding.top + padding.bottom;
  if (style.boxSizing === 'border-box' && !ratio.auto) return Math.max(bpX, Math.max(height, bpY) * ratio.ratio);
  return contentSize(height, style, bpY) * ratio.ratio + bpX;
}
