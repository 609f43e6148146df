// A box's decorations through a PaintBackend, independent of layout: box-shadow, background
// colour and layers, inset shadows, then borders, for one (possibly split) border box.
import { paintBorderImage } from './border-image.js';
import type { ComputedStyle, LengthPercentage } from '../css/types.js';
import type { ImageResource } from '../images/types.js';
import type { PaintBackend } from './backend.js';
import { boxAreas, paintBackgrounds, type ImageLookup, type TextClip } from './backgrounds.js';
import { paintBorders, paintedBorderWidths } from './borders.js';
import { paintInsetShadows, paintOuterShadows } from './shadows.js';
import { NO_RADII, resolveRadii, roundedRectPath, type Insets, type Rect, type Sides } from './shapes.js';

export { ALL_SIDES, resolveRadii, roundedRectPath, type Insets, type Radii, type Rect, type Sides } from './shapes.js';
export type { ImageLookup } from './backgrounds.js';

/** The border box, and its resolved padding when layout knows it (percentages need the containing block). */
export interface DecorationGeometry extends Rect {
  readonly padding?: Insets;
}

function resolvePadding(style: ComputedStyle, rect: Rect, sides: Sides): Insets {
  // Without layout's resolved padding, percentages fall back to the box's own width.
  const p = (v: LengthPercentage, present: boolean) => (present ? (typeof v === 'number' ? v : (v.percent / 100) * rect.width + (v.px ?? 0)) : 0);
  return {
    top: p(style.paddingTop, sides.top),
    right: p(style.paddingRight, sides.right),
    bottom: p(style.paddingBottom, sides.bottom),
    left: p(style.paddingLeft, sides.left),
  };
}

function visibleSide(side: ComputedStyle['borderTop'], present: boolean): boolean {
  return present && side.width > 0 && side.style !== 'none' && side.style !== 'hidden' && side.color.a > 0;
}

function hasVisibleBorder(style: ComputedStyle, sides: Sides): boolean {
  return visibleSide(style.borderTop, sides.top) || visibleSide(style.borderRight, sides.right) ||
    visibleSide(style.borderBottom, sides.bottom) || visibleSide(style.borderLeft, sides.left);
}

/**
 * Paints box-shadow, background and borders of the border box `geometry` in CSS order.
 * `sides` says which edges this fragment has (a box split across pages or lines lacks some:
 * no border there, square corners); `images` gives loaded images by URL (missing = not painted).
 */
export function paintBoxDecorations(
  backend: PaintBackend,
  geometry: DecorationGeometry,
  style: ComputedStyle,
  sides: Sides,
  images: ImageLookup | ReadonlyMap<string, ImageResource> = () => undefined,
  textClip?: TextClip,
): void {
  if (!(geometry.width >= 0 && geometry.height >= 0)) return;
  // Most boxes (rows, anonymous blocks, plain elements) paint nothing: leave before any geometry.
  if (style.boxShadow.length === 0 && style.backgroundLayers.length === 0 && !(style.backgroundColor.a > 0) && !hasVisibleBorder(style, sides) && style.borderImageSource === null) return;
  const rect: Rect = { x: geometry.x, y: geometry.y, width: geometry.width, height: geometry.height };
  const radii = resolveRadii(style, rect, sides);
  if (radii === NO_RADII && style.boxShadow.length === 0 && style.backgroundLayers.length === 0 && style.backgroundClip === 'border-box' && !hasVisibleBorder(style, sides) && style.borderImageSource === null) {
    // The commonest painted box (a table cell, a shaded block): a colour over its square border
    // box, what paintBackgrounds paints for it, without working out the padding and content areas.
    if (rect.width > 0 && rect.height > 0) backend.fillPath(roundedRectPath(rect, NO_RADII), style.backgroundColor);
    return;
  }
  const lookup: ImageLookup = typeof images === 'function' ? images : (url) => images.get(url);
  const borders = paintedBorderWidths(style, sides);
  const padding = geometry.padding
    ? { top: sides.top ? geometry.padding.top : 0, right: sides.right ? geometry.padding.right : 0, bottom: sides.bottom ? geometry.padding.bottom : 0, left: sides.left ? geometry.padding.left : 0 }
    : resolvePadding(style, rect, sides);
  const areas = boxAreas(rect, radii, borders, padding);
  if (style.boxShadow.length > 0) paintOuterShadows(backend, style.boxShadow, rect, radii);
  paintBackgrounds(backend, style, areas, lookup, textClip);
  if (style.boxShadow.length > 0) paintInsetShadows(backend, style.boxShadow, areas.padding.rect, areas.padding.radii);
  if (!paintBorderImage(backend, rect, style, sides, lookup)) paintBorders(backend, rect, style, sides, radii);
}
