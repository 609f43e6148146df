// Images through the ResourceLoader: sniff the format, read the size from the header, refuse
// oversized or broken images (null, never a throw) before anything is decoded.
import { createHash } from 'node:crypto';
import { imageSize } from 'image-size';
import type { ResourceLoader } from '../../resources/types.js';
import { decodeGif, isGif, type DecodedGif } from './gif.js';
import { checkPng } from './png-check.js';
import { svgIntrinsicSize } from './svg-size.js';
import type { ImageResource } from './types.js';

export interface ImageLimits {
  /** Largest accepted width × height in image pixels (default 50 megapixels). */
  readonly maxPixels?: number;
  /** Largest accepted file size in bytes (default 25 MB). */
  readonly maxBytes?: number;
}

const DEFAULT_MAX_PIXELS = 50_000_000;
const DEFAULT_MAX_BYTES = 25 * 1024 * 1024;

/** The image format from magic bytes (SVG: an `<svg` root near the start of a text file). */
export function sniffImageFormat(bytes: Uint8Array): ImageResource['format'] | null {
  if (bytes.length >= 8 && bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47 && bytes[4] === 0x0d && bytes[5] === 0x0a && bytes[6] === 0x1a && bytes[7] === 0x0a) return 'png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  const head = new TextDecoder('utf-8', { fatal: false }).decode(bytes.subarray(0, 4096)).replace(/^\uFEFF/, '').trimStart();
  if (head.startsWith('<') && /<svg[\s>/]/i.test(head)) return 'svg';
  return null;
}

async function sized(bytes: Uint8Array, format: ImageResource['format']): Promise<{ width: number; height: number } | null> {
  if (format === 'svg') return svgIntrinsicSize(new TextDecoder('utf-8').decode(bytes));
  const size = imageSize(bytes);
  let { width, height } = size;
  if (!(width > 0 && height > 0)) return null;
  // EXIF orientations 5..8 rotate by 90°; browsers (and pdfkit) honour them.
  if (format === 'jpeg' && (size.orientation ?? 1) > 4) [width, height] = [height, width];
  return { width, height };
}

/** checkPng verdicts by content (a template's logo is checked once per process, not on every render). */
const MAX_CHECKED = 256;
const checked = new Map<string, boolean>();

async function checkPngOnce(bytes: Uint8Array): Promise<boolean> {
  const key = createHash('sha256').update(bytes).digest('base64');
  let ok = checked.get(key);
  if (ok === undefined) {
    ok = await checkPng(bytes);
    if (checked.size >= MAX_CHECKED) checked.delete(checked.keys().next().value as string);
    checked.set(key, ok);
  }
  return ok;
}

/** Decoded GIFs by content and pixel limit (a template's GIF is decoded once per process, not on every render). */
const MAX_GIFS = 32;
const MAX_GIF_BYTES = 16 * 1024 * 1024;
const gifs = new Map<string, DecodedGif | null>();
let gifBytes = 0;

function decodeGifOnce(bytes: Uint8Array, maxPixels: number): DecodedGif | null {
  const key = `${createHash('sha256').update(bytes).digest('base64')}:${maxPixels}`;
  const hit = gifs.get(key);
  if (hit !== undefined) return hit;
  const decoded = decodeGif(bytes, maxPixels);
  const size = decoded?.png.byteLength ?? 0;
  if (size <= MAX_GIF_BYTES / 4) {
    while (gifs.size > 0 && (gifs.size >= MAX_GIFS || gifBytes + size > MAX_GIF_BYTES)) {
      const oldest = gifs.keys().next().value as string;
      gifBytes -= gifs.get(oldest)?.png.byteLength ?? 0;
      gifs.delete(oldest);
    }
    gifs.set(key, decoded);
    gifBytes += size;
  }
  return decoded;
}

/**
 * Load an image for painting. Null when the loader refuses it, the format is not PNG, JPEG,
 * GIF (its first frame, handed on as a PNG) or SVG, the file or its pixel count exceeds the
 * limits, or it is malformed.
 */
export async function loadImage(url: string, loader: ResourceLoader, baseUrl?: string, limits?: ImageLimits): Promise<ImageResource | null> {
  try {
    const resource = await loader.load(url, 'image', baseUrl ?? loader.documentBaseUrl ?? undefined);
    if (resource === null) return null;
    const bytes = resource.bytes;
    if (bytes.length === 0 || bytes.length > (limits?.maxBytes ?? DEFAULT_MAX_BYTES)) return null;
    if (isGif(bytes)) {
      const gif = decodeGifOnce(bytes, limits?.maxPixels ?? DEFAULT_MAX_PIXELS);
      return gif === null ? null : { format: 'png', bytes: gif.png, width: gif.width, height: gif.height, url: resource.url };
    }
    const format = sniffImageFormat(bytes);
    if (format === null) return null;
    const size = await sized(bytes, format);
    if (size === null) return null;
    if (format !== 'svg' && size.width * size.height > (limits?.maxPixels ?? DEFAULT_MAX_PIXELS)) return null;
    if (format === 'png' && !(await checkPngOnce(bytes))) return null;
    return { format, bytes, width: size.width, height: size.height, url: resource.url };
  } catch {
    return null;
  }
}
