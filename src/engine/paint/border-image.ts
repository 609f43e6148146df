// `border-image` (CSS Backgrounds 3 §6.5): the source image, or a gradient drawn at the size of the
// border image area, cut into nine by the slice offsets; corners scaled into the corners of the
// border widths, edges stretched or tiled along the sides, the middle only with `fill` (decision 0399).
import type { BorderImageRepeat, BorderImageWidth, ComputedStyle } from '../css/types.js';
import type { PaintBackend } from './backend.js';
import type { ImageLookup } from './backgrounds.js';
import { paintedBorderWidths } from './borders.js';
import { paintGradient } from './gradient.js';
import { rectPath, type Insets, type Rect, type Sides } from './shapes.js';

type BorderImageStyle = Pick<ComputedStyle, 'borderTop' | 'borderRight' | 'borderBottom' | 'borderLeft' | 'borderImageSource' | 'borderImageSlice' | 'borderImageWidth' | 'borderImageOutset' | 'borderImageRepeat'>;

/** At most this many tiles along one side: a 1px slice repeated along a long box stays bounded. */
const MAX_TILES = 2000;
/** At most this many tiles in one of the nine cells; past it the cell's piece is stretched once (a hostile 1px slice repeated over a page). */
const MAX_CELL_TILES = 1024;

/**
 * Paints the box's border image in place of its border styles; false when there is none to paint
 * (no source, or an image that did not load: the border styles are painted instead, as in CSS).
 */
export function paintBorderImage(backend: PaintBackend, rect: Rect, style: BorderImageStyle, sides: Sides, images: ImageLookup): boolean {
  const source = style.borderImageSource;
  if (source === null) return false;
  const image = source.kind === 'url' ? images(source.url) : null;
  if (image === undefined) return false;
  const borders = paintedBorderWidths(style, sides);
  const outset = sideValues(style.borderImageOutset, borders, (value) => (typeof value === 'number' ? value : 0));
  const area: Rect = {
    x: rect.x - outset.left, y: rect.y - outset.top,
    width: rect.width + outset.left + outset.right, height: rect.height + outset.top + outset.bottom,
  };
  if (!(area.width > 0 && area.height > 0)) return true;
  // A gradient has no size of its own: it is drawn at the area's.
  const size = image === null ? { width: area.width, height: area.height } : { width: image.width, height: image.height };
  if (!(size.width > 0 && size.height > 0)) return true;
  const [sliceTop, sliceRight, sliceBottom, sliceLeft] = style.borderImageSlice.offsets.map((offset, i) => {
    const basis = i % 2 === 0 ? size.height : size.width;
    return Math.min(basis, typeof offset === 'number' ? offset : (offset.percent / 100) * basis);
  }) as [number, number, number, number];
  const slices: Insets = { top: sliceTop, right: sliceRight, bottom: sliceBottom, left: sliceLeft };
  const widths = sideValues(style.borderImageWidth, borders, (value, side) => {
    if (value === 'auto') return slices[side];
    if (typeof value === 'number') return value;
    const basis = side === 'top' || side === 'bottom' ? area.height : area.width;
    return (value.percent / 100) * basis + (value.px ?? 0);
  });
  // Widths that together pass the area are all scaled down by the same factor.
  const fit = Math.min(1, area.width / (widths.left + widths.right || 1), area.height / (widths.top + widths.bottom || 1));
  const w: Insets = { top: widths.top * fit, right: widths.right * fit, bottom: widths.bottom * fit, left: widths.left * fit };

  const destX = [area.x, area.x + w.left, area.x + area.width - w.right, area.x + area.width];
  const destY = [area.y, area.y + w.top, area.y + area.height - w.bottom, area.y + area.height];
  const srcX = [0, slices.left, size.width - slices.right, size.width];
  const srcY = [0, slices.top, size.height - slices.bottom, size.height];
  const [repeatX, repeatY] = style.borderImageRepeat;
  // The scale of the edges' tiles: across a side, the side's width over its slice.
  const scaleOf = (dest: number, src: number): number | null => (src > 0 && dest > 0 ? dest / src : null);
  const topScale = scaleOf(w.top, slices.top) ?? scaleOf(w.bottom, slices.bottom);
  const leftScale = scaleOf(w.left, slices.left) ?? scaleOf(w.right, slices.right);

  const draw = (tile: Rect, src: Rect, cell: Rect): void => {
    const kx = tile.width / src.width;
    const ky = tile.height / src.height;
    backend.save();
    backend.clip(rectPath(intersect(tile, cell)));
    // The image at its own size, scaled as a picture is (an SVG's aspect ratio is not kept).
    backend.transform([kx, 0, 0, ky, tile.x - src.x * kx, tile.y - src.y * ky]);
    if (image !== null) backend.image(image, 0, 0, size.width, size.height);
    else if (source.kind !== 'url') paintGradient(backend, source, { x: 0, y: 0, width: size.width, height: size.height });
    backend.restore();
  };

  for (let row = 0; row < 3; row++) {
    for (let col = 0; col < 3; col++) {
      if (row === 1 && col === 1 && !style.borderImageSlice.fill) continue;
      const cell: Rect = { x: destX[col], y: destY[row], width: destX[col + 1] - destX[col], height: destY[row + 1] - destY[row] };
      const src: Rect = { x: srcX[col], y: srcY[row], width: srcX[col + 1] - srcX[col], height: srcY[row + 1] - srcY[row] };
      if (!(cell.width > 0 && cell.height > 0 && src.width > 0 && src.height > 0)) continue;
      // Corners are stretched into place; edges and the middle run along their axis as repeated.
      const tileWidth = col === 1 ? src.width * ((row === 1 ? topScale : cell.height / src.height) ?? 1) : cell.width;
      const tileHeight = row === 1 ? src.height * ((col === 1 ? leftScale : cell.width / src.width) ?? 1) : cell.height;
      let xs = col === 1 ? tiles(repeatX, cell.x, cell.width, tileWidth) : { starts: [cell.x], size: cell.width };
      let ys = row === 1 ? tiles(repeatY, cell.y, cell.height, tileHeight) : { starts: [cell.y], size: cell.height };
      if (xs.starts.length * ys.starts.length > MAX_CELL_TILES) {
        xs = { starts: [cell.x], size: cell.width };
        ys = { starts: [cell.y], size: cell.height };
      }
      for (const y of ys.starts) for (const x of xs.starts) draw({ x, y, width: xs.size, height: ys.size }, src, cell);
    }
  }
  return true;
}

/** A width or outset for each side: a factor of the side's border width, else what `other` makes of it. */
function sideValues(values: readonly BorderImageWidth[], borders: Insets, other: (value: Exclude<BorderImageWidth, { factor: number }>, side: keyof Insets) => number): Insets {
  const side = (i: number, name: keyof Insets): number => {
    const value = values[i];
    return typeof value === 'object' && 'factor' in value ? value.factor * borders[name] : other(value, name);
  };
  return { top: side(0, 'top'), right: side(1, 'right'), bottom: side(2, 'bottom'), left: side(3, 'left') };
}

/** Where the tiles of an edge go along `length` from `start`, and their size (CSS Backgrounds 3 §6.5.4). */
export function tiles(repeat: BorderImageRepeat, start: number, length: number, tile: number): { starts: number[]; size: number } {
  if (repeat === 'stretch' || !(tile > 0)) return { starts: [start], size: length };
  if (repeat === 'round') {
    const count = Math.max(1, Math.round(length / tile));
    const size = length / count;
    return { starts: Array.from({ length: Math.min(count, MAX_TILES) }, (_, i) => start + i * size), size };
  }
  if (repeat === 'space') {
    const count = Math.min(MAX_TILES, Math.floor(length / tile));
    if (count === 0) return { starts: [], size: tile };
    const gap = (length - count * tile) / (count + 1);
    return { starts: Array.from({ length: count }, (_, i) => start + gap + i * (tile + gap)), size: tile };
  }
  // repeat: one tile centred, the others on either side of it, cut at the ends.
  const first = start + (length - tile) / 2 - Math.ceil((length - tile) / 2 / tile) * tile;
  const count = Math.min(MAX_TILES, Math.ceil((start + length - first) / tile));
  return { starts: Array.from({ length: count }, (_, i) => first + i * tile), size: tile };
}

function intersect(a: Rect, b: Rect): Rect {
  const x = Math.max(a.x, b.x);
  const y = Math.max(a.y, b.y);
  return { x, y, width: Math.max(0, Math.min(a.x + a.width, b.x + b.width) - x), height: Math.max(0, Math.min(a.y + a.height, b.y + b.height) - y) };
}
