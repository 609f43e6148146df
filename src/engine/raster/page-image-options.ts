// renderImages' options checked and settled: which pages, how many pixels, which encoding.
import * as v from 'valibot';
import { PageImageOptionsError, PageImageTooLargeError } from '../errors.js';
import type { PageImageFormat, PageImageOptions } from '../types.js';

/** Pixels a page image may have (40 megapixels: an A4 page at 8×, 768 dpi; 160 MB of RGBA while painted). */
export const MAX_PAGE_IMAGE_PIXELS = 40_000_000;
/** The largest scale asked for by itself (any page past the pixel cap fails anyway). */
export const MAX_PAGE_IMAGE_SCALE = 16;
/** The widest image asked for by width. */
export const MAX_PAGE_IMAGE_WIDTH = 16_384;
export const DEFAULT_PAGE_IMAGE_QUALITY = 90;

export const PAGE_IMAGE_MEDIA_TYPES: Readonly<Record<PageImageFormat, string>> = { png: 'image/png', jpeg: 'image/jpeg', webp: 'image/webp' };

const PageImageOptionsSchema = v.object({
  pages: v.optional(v.array(v.pipe(v.number(), v.integer('a page number is a whole number'), v.minValue(1, 'page numbers start at 1')))),
  scale: v.optional(v.pipe(v.number(), v.finite('scale is a number'), v.gtValue(0, 'scale is more than 0'), v.maxValue(MAX_PAGE_IMAGE_SCALE, `scale is at most ${MAX_PAGE_IMAGE_SCALE}`))),
  width: v.optional(v.pipe(v.number(), v.integer('width is a whole number of pixels'), v.minValue(1, 'width is at least 1'), v.maxValue(MAX_PAGE_IMAGE_WIDTH, `width is at most ${MAX_PAGE_IMAGE_WIDTH}`))),
  format: v.optional(v.picklist(['png', 'jpeg', 'webp'], 'format is png, jpeg or webp')),
  quality: v.optional(v.pipe(v.number(), v.finite('quality is a number'), v.minValue(0, 'quality is at least 0'), v.maxValue(100, 'quality is at most 100'))),
});

/** The options as painting uses them. */
export interface PageImageSettings {
  /** 1-based pages in the order asked, each once; null for every page. */
  readonly pages: readonly number[] | null;
  readonly format: PageImageFormat;
  readonly quality: number;
  /** Device px per CSS px for a page `width` × `height` CSS px; throws PageImageTooLargeError past the pixel cap. */
  scaleFor(page: number, width: number, height: number): number;
}

/** Checks the options (PageImageOptionsError lists what is wrong) and settles their defaults. */
export function pageImageSettings(options: PageImageOptions): PageImageSettings {
  const { pages, scale, width, format, quality } = options;
  const checked = v.safeParse(PageImageOptionsSchema, { pages, scale, width, format, quality }, { abortPipeEarly: true });
  if (!checked.success) {
    throw new PageImageOptionsError(checked.issues.map((issue) => ({
      field: v.getDotPath(issue) ?? '',
      message: issue.message,
      type: 'value_error',
    })));
  }
  if (scale !== undefined && width !== undefined) throw new PageImageOptionsError([{ field: 'width', message: 'give scale or width, not both', type: 'value_error' }]);
  return {
    pages: pages === undefined ? null : [...new Set(pages)],
    format: format ?? 'png',
    quality: quality ?? DEFAULT_PAGE_IMAGE_QUALITY,
    scaleFor(page: number, pageWidth: number, pageHeight: number): number {
      const k = width !== undefined ? width / pageWidth : scale ?? 1;
      const [w, h] = pixelSize(pageWidth, pageHeight, k);
      if (w * h > MAX_PAGE_IMAGE_PIXELS) throw new PageImageTooLargeError(page, w, h, MAX_PAGE_IMAGE_PIXELS, width !== undefined ? 'width' : 'scale');
      return k;
    },
  };
}

/** A page's image size in pixels at `k` device px per CSS px: rounded up, as pdftoppm sizes a page. */
export function pixelSize(width: number, height: number, k: number): [number, number] {
  return [Math.max(1, Math.ceil(width * k - 1e-4)), Math.max(1, Math.ceil(height * k - 1e-4))];
}
