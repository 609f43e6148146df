// The page image options: a width asked for is the width made, whatever the page's size.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PageImageOptionsError, PageImageTooLargeError } from '../errors.js';
import { MAX_PAGE_IMAGE_PIXELS, pageImageSettings, pixelSize } from './page-image-options.js';

describe('pageImageSettings', () => {
  it('makes an image exactly `width` pixels wide for any page, or says it is too large', () => {
    fc.assert(fc.property(
      fc.integer({ min: 1, max: 16_384 }),
      fc.double({ min: 1, max: 20_000, noNaN: true }),
      fc.double({ min: 1, max: 20_000, noNaN: true }),
      (width, pageWidth, pageHeight) => {
        const settings = pageImageSettings({ width });
        try {
          const k = settings.scaleFor(1, pageWidth, pageHeight);
          const [w, h] = pixelSize(pageWidth, pageHeight, k);
          expect(w).toBe(width);
          expect(w * h).toBeLessThanOrEqual(MAX_PAGE_IMAGE_PIXELS);
        } catch (error) {
          expect(error).toBeInstanceOf(PageImageTooLargeError);
          expect((error as PageImageTooLargeError).width * (error as PageImageTooLargeError).height).toBeGreaterThan(MAX_PAGE_IMAGE_PIXELS);
        }
      },
    ));
  });

  it('rounds a scaled page up to whole pixels, as pdftoppm does', () => {
    expect(pixelSize(559.375, 793.703125, 1)).toEqual([560, 794]);
    expect(pixelSize(600, 400, 1.5)).toEqual([900, 600]);
  });

  it('accepts in-range options and refuses the rest, naming each field', () => {
    fc.assert(fc.property(fc.double({ noNaN: false }), (scale) => {
      const valid = Number.isFinite(scale) && scale > 0 && scale <= 16;
      try {
        pageImageSettings({ scale });
        expect(valid).toBe(true);
      } catch (error) {
        expect(valid).toBe(false);
        expect((error as PageImageOptionsError).issues.map((i) => i.field)).toEqual(['scale']);
      }
    }), { examples: [[Number.NEGATIVE_INFINITY], [Number.POSITIVE_INFINITY], [Number.NaN], [0], [-0], [16], [16.000001]] });
  });
});
