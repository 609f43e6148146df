import { describe, expect, it } from 'vitest';
import { makeGif } from '../../testing/gif-fixtures.js';
import { jpegWithOrientation, pngHeaderOnly, solidPng, TINY_JPEG, truncatedPng } from '../../testing/image-fixtures.js';
import type { LoadedResource, ResourceLoader } from '../../resources/types.js';
import { loadImage, sniffImageFormat } from './load.js';
import { svgIntrinsicSize } from './svg-size.js';

function loader(files: Record<string, Uint8Array | string>): ResourceLoader & { kinds: string[] } {
  const kinds: string[] = [];
  return {
    documentBaseUrl: null,
    kinds,
    async load(url, kind): Promise<LoadedResource | null> {
      kinds.push(kind);
      const file = files[url];
      if (file === undefined) return null;
      return { url: `file:///images/${url}`, bytes: typeof file === 'string' ? new TextEncoder().encode(file) : file, mimeType: null };
    },
  };
}

describe('loadImage', () => {
  it('loads PNG and JPEG with their intrinsic size in CSS px', async () => {
    const files = loader({ 'a.png': solidPng(30, 20), 'b.jpg': TINY_JPEG });
    const png = await loadImage('a.png', files);
    expect(png).toMatchObject({ format: 'png', width: 30, height: 20, url: 'file:///images/a.png' });
    expect(await loadImage('b.jpg', files)).toMatchObject({ format: 'jpeg', width: 8, height: 4 });
    expect(files.kinds).toEqual(['image', 'image']);
  });

  it('loads the first frame of a GIF as a PNG, refusing it over the pixel limit', async () => {
    const files = loader({ 'a.gif': makeGif(30, 20, [{ width: 30, height: 20, pixels: 1 }]) });
    const gif = await loadImage('a.gif', files);
    expect(gif).toMatchObject({ format: 'png', width: 30, height: 20, url: 'file:///images/a.gif' });
    expect(sniffImageFormat(gif!.bytes)).toBe('png');
    expect(await loadImage('a.gif', files, undefined, { maxPixels: 599 })).toBeNull();
  });

  it('swaps width and height for EXIF orientations that rotate by 90°', async () => {
    expect(await loadImage('r.jpg', loader({ 'r.jpg': jpegWithOrientation(6) }))).toMatchObject({ width: 4, height: 8 });
    expect(await loadImage('r.jpg', loader({ 'r.jpg': jpegWithOrientation(3) }))).toMatchObject({ width: 8, height: 4 });
  });

  it('reads SVG size from width/height, completing it from the viewBox', async () => {
    const svg = (attrs: string) => `<?xml version="1.0"?>\n<!-- logo -->\n<svg xmlns="http://www.w3.org/2000/svg" ${attrs}><rect width="1" height="1"/></svg>`;
    const files = loader({
      px: svg('width="120" height="40px"'),
      pt: svg('width="72pt" height="36pt"'),
      mm: svg('width="25.4mm" height="10mm"'),
      ratio: svg('width="200" viewBox="0 0 100 50"'),
      box: svg('viewBox="0 0 64 32"'),
      percent: svg('width="100%" height="100%" viewBox="0,0,10,20"'),
      none: svg(''),
    });
    expect(await loadImage('px', files)).toMatchObject({ format: 'svg', width: 120, height: 40 });
    expect(await loadImage('pt', files)).toMatchObject({ width: 96, height: 48 });
    const mm = await loadImage('mm', files);
    expect(mm?.width).toBeCloseTo(96, 6);
    expect(mm?.height).toBeCloseTo(37.795, 3);
    expect(await loadImage('ratio', files)).toMatchObject({ width: 200, height: 100 });
    expect(await loadImage('box', files)).toMatchObject({ width: 64, height: 32 });
    expect(await loadImage('percent', files)).toMatchObject({ width: 10, height: 20 });
    expect(await loadImage('none', files)).toMatchObject({ width: 300, height: 150 });
  });

  it('refuses images over the pixel limit from the header alone', async () => {
    const huge = pngHeaderOnly(100_000, 100_000);
    expect(huge.length).toBeLessThan(200);
    const started = performance.now();
    expect(await loadImage('huge.png', loader({ 'huge.png': huge }))).toBeNull();
    expect(performance.now() - started).toBeLessThan(200);
    const small = loader({ 's.png': solidPng(100, 100) });
    expect(await loadImage('s.png', small, undefined, { maxPixels: 9_999 })).toBeNull();
    expect(await loadImage('s.png', small, undefined, { maxPixels: 10_000 })).not.toBeNull();
  });

  it('refuses files over the byte limit', async () => {
    const files = loader({ 's.png': solidPng(10, 10) });
    expect(await loadImage('s.png', files, undefined, { maxBytes: 20 })).toBeNull();
  });

  it('returns null for garbage, truncated data, unknown formats and missing files', async () => {
    const gif = new TextEncoder().encode('GIF89a\x01\x00\x01\x00');
    const files = loader({
      garbage: new Uint8Array([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]),
      empty: new Uint8Array(),
      text: 'hello, not an image',
      gif,
      'half.png': solidPng(10, 10).subarray(0, 40),
      'broken.png': truncatedPng(50, 50),
      'badsvg.svg': '<html><body>no</body></html>',
    });
    for (const name of ['garbage', 'empty', 'text', 'gif', 'half.png', 'broken.png', 'badsvg.svg', 'missing']) {
      expect(await loadImage(name, files), name).toBeNull();
    }
    const throwing: ResourceLoader = { documentBaseUrl: null, load: () => Promise.reject(new Error('boom')) };
    expect(await loadImage('x.png', throwing)).toBeNull();
  });
});

describe('sniffImageFormat and svgIntrinsicSize', () => {
  it('sniffs by magic bytes, SVG by its root element', () => {
    expect(sniffImageFormat(solidPng(1, 1))).toBe('png');
    expect(sniffImageFormat(TINY_JPEG)).toBe('jpeg');
    expect(sniffImageFormat(new TextEncoder().encode('\uFEFF  <svg/>'))).toBe('svg');
    expect(sniffImageFormat(new TextEncoder().encode('<svgx></svgx>'))).toBeNull();
  });

  it('parses lengths with units and ignores unusable ones', () => {
    expect(svgIntrinsicSize('<svg width="1in" height="2cm">')).toEqual({ width: 96, height: (2 * 96) / 2.54 });
    expect(svgIntrinsicSize("<svg width='auto' height='50'>")).toEqual({ width: 300, height: 50 });
    expect(svgIntrinsicSize('<svg width="-5" height="0">')).toEqual({ width: 300, height: 150 });
    expect(svgIntrinsicSize('<p>no svg</p>')).toBeNull();
  });
});
