// Backgrounds: the colour under the bottom layer's clip, then image and gradient layers bottom to
// top, each sized, positioned and tiled per CSS Backgrounds §3.
import type { BackgroundClip, BackgroundLayer, BackgroundRepeat, ComputedStyle, LengthPercentageAuto } from '../css/types.js';
import type { ImageResource } from '../images/types.js';
import type { PaintBackend } from './backend.js';
import { paintGradient } from './gradient.js';
import { insetRadii, insetRect, rectPath, roundedRectPath, type Insets, type Radii, type Rect } from './shapes.js';

export type ImageLookup = (url: string) => ImageResource | undefined;

/** Intersects the clip with the glyphs of a box's text (paint/text-clip.ts), for `background-clip: text`. */
export type TextClip = (backend: PaintBackend) => void;

/** The three boxes of a box (CSS areas), each with its corner radii. */
export interface BoxAreas {
  readonly border: { readonly rect: Rect; readonly radii: Radii };
  readonly padding: { readonly rect: Rect; readonly radii: Radii };
  readonly content: { readonly rect: Rect; readonly radii: Radii };
}

/** Most tiles one layer paints; a 1px image repeated over a page would otherwise mean a million draws. */
const MAX_TILES = 10_000;

export function boxAreas(rect: Rect, radii: Radii, borders: Insets, padding: Insets): BoxAreas {
  const inner: Insets = {
    top: borders.top + padding.top,
    right: borders.right + padding.right,
    bottom: borders.bottom + padding.bottom,
    left: borders.left + padding.left,
  };
  return {
    border: { rect, radii },
    padding: { rect: insetRect(rect, borders), radii: insetRadii(radii, borders) },
    content: { rect: insetRect(rect, inner), radii: insetRadii(radii, inner) },
  };
}

/** A clip's area; `text` paints over the border box, under the text clip. */
function area(areas: BoxAreas, which: BackgroundClip) {
  return which === 'border-box' || which === 'text' ? areas.border : which === 'padding-box' ? areas.padding : areas.content;
}

function sizeValue(v: LengthPercentageAuto, basis: number): number | null {
  return v === 'auto' ? null : typeof v === 'number' ? v : (v.percent / 100) * basis + (v.px ?? 0);
}

/** The tile size for a layer in a positioning area of w×h (intrinsic: the image's size, none for gradients). */
export function tileSize(size: BackgroundLayer['size'], w: number, h: number, intrinsic: { width: number; height: number } | null): { width: number; height: number } {
  if (size === 'cover' || size === 'contain') {
    if (intrinsic === null) return { width: w, height: h };
    const s = size === 'cover' ? Math.max(w / intrinsic.width, h / intrinsic.height) : Math.min(w / intrinsic.width, h / intrinsic.height);
    return { width: intrinsic.width * s, height: intrinsic.height * s };
  }
  const sw = sizeValue(size[0], w);
  const sh = sizeValue(size[1], h);
  if (sw !== null && sh !== null) return { width: sw, height: sh };
  if (intrinsic === null) return { width: sw ?? w, height: sh ?? h };
  const ratio = intrinsic.width / intrinsic.height;
  if (sw !== null) return { width: sw, height: sw / ratio };
  if (sh !== null) return { width: sh * ratio, height: sh };
  return { width: intrinsic.width, height: intrinsic.height };
}

/** Tile origins along one axis covering [clipStart, clipEnd). */
export function tilePositions(repeat: BackgroundRepeat, areaStart: number, areaSize: number, tile: number, offset: number, clipStart: number, clipEnd: number): { starts: number[]; size: number } {
  if (tile <= 0) return { starts: [], size: tile };
  let size = tile;
  let step = tile;
  let origin = areaStart + offset;
  if (repeat === 'round') {
    const n = Math.max(1, Math.round(areaSize / tile));
    size = areaSize / n;
    step = size;
    origin = areaStart + offset * (size / tile);
  } else if (repeat === 'space') {
    const n = Math.floor(areaSize / tile);
    if (n <= 1) return { starts: [origin], size };
    step = tile + (areaSize - n * tile) / (n - 1);
    origin = areaStart;
  } else if (repeat === 'no-repeat') {
    return { starts: [origin], size };
  }
  const starts: number[] = [];
  const first = origin - Math.ceil((origin - clipStart) / step) * step;
  for (let s = first; s < clipEnd && starts.length <= MAX_TILES; s += step) if (s + size > clipStart) starts.push(s);
  return { starts, size };
}

function offsetValue(v: BackgroundLayer['position'][number], free: number): number {
  return typeof v === 'number' ? v : (v.percent / 100) * free + (v.px ?? 0);
}

function paintLayer(backend: PaintBackend, layer: BackgroundLayer, areas: BoxAreas, images: ImageLookup, textClip: TextClip | undefined): void {
  // Clipped to text and no text to clip to: nothing shows.
  if (layer.clip === 'text' && textClip === undefined) return;
  const image = layer.image.kind === 'url' ? images(layer.image.url) : null;
  if (image === undefined) return;
  const clip = area(areas, layer.clip);
  const origin = area(areas, layer.origin).rect;
  if (clip.rect.width <= 0 || clip.rect.height <= 0) return;
  const intrinsic = image === null ? null : { width: image.width, height: image.height };
  let tile = tileSize(layer.size, origin.width, origin.height, intrinsic);
  if (!(tile.width > 0 && tile.height > 0)) return;
  const [repeatX, repeatY] = layer.repeat;
  // round on one axis with an auto size on the other keeps the image's ratio (CSS Backgrounds §3.9).
  if (Array.isArray(layer.size)) {
    if (repeatX === 'round' && repeatY !== 'round' && layer.size[1] === 'auto') {
      const n = Math.max(1, Math.round(origin.width / tile.width));
      tile = { width: origin.width / n, height: tile.height * (origin.width / n / tile.width) };
    } else if (repeatY === 'round' && repeatX !== 'round' && layer.size[0] === 'auto') {
      const n = Math.max(1, Math.round(origin.height / tile.height));
      tile = { width: tile.width * (origin.height / n / tile.height), height: origin.height / n };
    }
  }
  const ox = offsetValue(layer.position[0], origin.width - tile.width);
  const oy = offsetValue(layer.position[1], origin.height - tile.height);
  const c = clip.rect;
  const xs = tilePositions(repeatX, origin.x, origin.width, tile.width, ox, c.x, c.x + c.width);
  const ys = tilePositions(repeatY, origin.y, origin.height, tile.height, oy, c.y, c.y + c.height);
  if (xs.starts.length === 0 || ys.starts.length === 0) return;
  backend.save();
  backend.clip(roundedRectPath(clip.rect, clip.radii));
  if (layer.clip === 'text') textClip!(backend);
  let count = 0;
  outer: for (const y of ys.starts) {
    for (const x of xs.starts) {
      if (++count > MAX_TILES) break outer;
      const rect = { x, y, width: xs.size, height: ys.size };
      if (image !== null) {
        backend.image(image, x, y, rect.width, rect.height);
      } else if (layer.image.kind !== 'url') {
        // Bands run past the tile; clip to it unless the tile covers the whole clip area anyway.
        const covers = x <= c.x && y <= c.y && x + rect.width >= c.x + c.width && y + rect.height >= c.y + c.height;
        if (!covers) {
          backend.save();
          backend.clip(rectPath(rect));
        }
        paintGradient(backend, layer.image, rect);
        if (!covers) backend.restore();
      }
    }
  }
  backend.restore();
}

/** Paints the background colour and layers of a box. */
export function paintBackgrounds(backend: PaintBackend, style: Pick<ComputedStyle, 'backgroundColor' | 'backgroundLayers' | 'backgroundClip'>, areas: BoxAreas, images: ImageLookup, textClip?: TextClip): void {
  const layers = style.backgroundLayers;
  const color = style.backgroundColor;
  if (color.a > 0) {
    // The colour is clipped like the bottom layer, which exists even when its image is none (and
    // is then not among `layers`: backgroundClip is its clip).
    const which = style.backgroundClip;
    const clip = area(areas, which);
    if (clip.rect.width > 0 && clip.rect.height > 0 && (which !== 'text' || textClip !== undefined)) {
      if (which === 'text') {
        backend.save();
        textClip!(backend);
      }
      backend.fillPath(roundedRectPath(clip.rect, clip.radii), color);
      if (which === 'text') backend.restore();
    }
  }
  for (let i = layers.length - 1; i >= 0; i--) paintLayer(backend, layers[i], areas, images, textClip);
}
