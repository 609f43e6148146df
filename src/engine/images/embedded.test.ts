import { describe, expect, it } from 'vitest';
import { pngHeaderOnly, solidPng, TINY_JPEG, truncatedPng } from '../../testing/image-fixtures.js';
import { imageSize } from 'image-size';
import { makeGif } from '../../testing/gif-fixtures.js';
import { embeddedImageBytes } from './embedded.js';
import { sniffImageFormat } from './load.js';
import { checkPng, checkPngSync } from './png-check.js';

const uri = (mime: string, bytes: Uint8Array) => `data:${mime};base64,${Buffer.from(bytes).toString('base64')}`;

describe('embeddedImageBytes', () => {
  it('accepts intact PNG and JPEG data URIs', () => {
    expect(embeddedImageBytes(uri('image/png', solidPng(3, 3, [1, 2, 3, 100])))?.length).toBeGreaterThan(0);
    expect(embeddedImageBytes(uri('image/jpeg', TINY_JPEG))?.length).toBe(TINY_JPEG.length);
  });

  it('refuses file paths, other formats, oversized and broken images', () => {
    expect(embeddedImageBytes('/etc/passwd')).toBeNull();
    expect(embeddedImageBytes('file:///etc/passwd')).toBeNull();
    expect(embeddedImageBytes(uri('image/gif', new TextEncoder().encode('GIF89a......')))).toBeNull();
    expect(embeddedImageBytes(uri('image/png', pngHeaderOnly(100_000, 100_000)))).toBeNull();
    expect(embeddedImageBytes(uri('image/png', truncatedPng(20, 20)))).toBeNull();
    expect(embeddedImageBytes(uri('image/png', TINY_JPEG.subarray(0, 100)))).toBeNull();
  });
});

describe('embeddedImageBytes with GIFs', () => {
  it('hands on a GIF\'s first frame as a PNG, within the pixel limit', () => {
    const gif = makeGif(6, 4, [{ width: 6, height: 4, pixels: 2 }]);
    const png = embeddedImageBytes(uri('image/gif', gif))!;
    expect(sniffImageFormat(png)).toBe('png');
    expect(imageSize(png)).toMatchObject({ width: 6, height: 4 });
    expect(embeddedImageBytes(uri('image/gif', gif), 23)).toBeNull();
    expect(embeddedImageBytes(uri('image/gif', gif.subarray(0, 30)))).toBeNull();
  });
});

describe('checkPng', () => {
  it('agrees sync and async on good and broken streams', async () => {
    for (const [bytes, ok] of [[solidPng(7, 5), true], [solidPng(7, 5, [0, 0, 0, 10]), true], [truncatedPng(9, 9), false], [pngHeaderOnly(50, 50), false]] as const) {
      expect(await checkPng(bytes)).toBe(ok);
      expect(checkPngSync(bytes)).toBe(ok);
    }
  });
});
