import { inflateSync } from 'node:zlib';
import { describe, expect, it, vi } from 'vitest';
import { CYCLING_CODES, gifWithCodes, interlacedGif, makeGif, RGBW } from '../../testing/gif-fixtures.js';
import { decodeGif, gifSize, isGif, lzwSummary } from './gif.js';

/** The RGBA pixels of a PNG made by encodePng (8-bit RGB or RGBA, filter 0 on every row). */
function pngPixels(png: Uint8Array): { width: number; height: number; rgba: number[] } {
  const view = Buffer.from(png);
  const width = view.readUInt32BE(16);
  const height = view.readUInt32BE(20);
  const channels = view[25] === 6 ? 4 : 3;
  const idat = view.indexOf('IDAT');
  const raw = inflateSync(view.subarray(idat + 4, idat + 4 + view.readUInt32BE(idat - 4)));
  const rgba: number[] = [];
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const at = y * (1 + width * channels) + 1 + x * channels;
      rgba.push(raw[at], raw[at + 1], raw[at + 2], channels === 4 ? raw[at + 3] : 255);
    }
  }
  return { width, height, rgba };
}

/** One letter per pixel: K R G B W for opaque palette colours, . for transparent. */
function letters(png: Uint8Array): string[] {
  const { width, height, rgba } = pngPixels(png);
  const name = (i: number): string => {
    if (rgba[i + 3] === 0) return '.';
    return ({ '0,0,0': 'K', '255,0,0': 'R', '0,255,0': 'G', '0,0,255': 'B', '255,255,255': 'W' } as Record<string, string>)[rgba.slice(i, i + 3).join()] ?? '?';
  };
  return Array.from({ length: height }, (_, y) => Array.from({ length: width }, (_, x) => name((y * width + x) * 4)).join(''));
}

describe('decodeGif', () => {
  it('decodes the first frame with its palette colours, an opaque one without alpha', () => {
    const gif = makeGif(3, 2, [{ width: 3, height: 2, pixels: [0, 1, 2, 3, 2, 1] }]);
    const decoded = decodeGif(gif, 1e6)!;
    expect([decoded.width, decoded.height]).toEqual([3, 2]);
    expect(decoded.png[25]).toBe(2); // RGB: pdfkit embeds it without a soft mask
    expect(letters(decoded.png)).toEqual(['RGB', 'WBG']);
  });

  it('keeps the transparent index as alpha', () => {
    const gif = makeGif(4, 1, [{ width: 4, height: 1, pixels: [0, 3, 3, 2], transparent: 3 }]);
    const decoded = decodeGif(gif, 1e6)!;
    expect(decoded.png[25]).toBe(6);
    expect(letters(decoded.png)).toEqual(['R..B']);
  });

  it('prints only the first frame of an animation', () => {
    const gif = makeGif(2, 2, [{ width: 2, height: 2, pixels: 0 }, { width: 2, height: 2, pixels: 2 }, { width: 1, height: 1, pixels: 1 }]);
    expect(letters(decodeGif(gif, 1e6)!.png)).toEqual(['RR', 'RR']);
  });

  it('places a smaller frame at its offset on a transparent canvas', () => {
    const gif = makeGif(4, 3, [{ x: 1, y: 1, width: 2, height: 1, pixels: 2 }]);
    expect(letters(decodeGif(gif, 1e6)!.png)).toEqual(['....', '.BB.', '....']);
  });

  it('grows the canvas to hold a first frame larger than the logical screen, as Chromium does', () => {
    const gif = makeGif(2, 2, [{ x: 1, y: 0, width: 3, height: 3, pixels: 1 }]);
    expect(gifSize(gif)).toEqual({ width: 4, height: 3 });
    expect(letters(decodeGif(gif, 1e6)!.png)).toEqual(['.GGG', '.GGG', '.GGG']);
  });

  it('puts interlaced rows in place, also in frames too short for every pass', () => {
    for (const height of [1, 2, 3, 4, 5, 9, 17]) {
      const rows = Array.from({ length: height }, (_, r) => [r % 4, (r + 1) % 4]);
      const expected = rows.map((row) => row.map((i) => 'RGBW'[i]).join(''));
      expect(letters(decodeGif(interlacedGif(rows), 1e6)!.png), `${height} rows`).toEqual(expected);
    }
  });

  it('decodes a frame of a local palette', () => {
    const gif = makeGif(2, 1, [{ width: 2, height: 1, pixels: [0, 1], palette: [0x0000ff, 0xff0000] }]);
    expect(letters(decodeGif(gif, 1e6)!.png)).toEqual(['BR']);
  });

  it('paints indices past a short palette opaque black, as Chromium does (global and local palettes)', () => {
    // Palettes of two colours; the writer's minimum code size 2 lets indices 2 and 3 through.
    const withShortPalette = (local: boolean): Uint8Array => {
      const gif = makeGif(4, 1, [{ width: 4, height: 1, pixels: [0, 1, 3, 2], palette: local ? RGBW : undefined }], RGBW);
      const start = local ? gif.indexOf(0x2c, 25) + 10 : 13;
      const packed = local ? start - 1 : 10;
      const out = new Uint8Array([...gif.subarray(0, start + 6), ...gif.subarray(start + 12)]);
      out[packed] = (out[packed] & 0xf8) | 0x00;
      return out;
    };
    for (const local of [false, true]) expect(letters(decodeGif(withShortPalette(local), 1e6)!.png), local ? 'local' : 'global').toEqual(['RGKK']);
  });

  it('checks the canvas size against the pixel limit before decoding', () => {
    const gif = makeGif(100, 50, [{ width: 10, height: 10, pixels: 0 }]);
    expect(decodeGif(gif, 4999)).toBeNull();
    expect(decodeGif(gif, 5000)).not.toBeNull();
    // A header claiming 65535×65535 with a tiny frame is refused at once.
    const huge = makeGif(0xffff, 0xffff, [{ width: 1, height: 1, pixels: 0 }]);
    const started = performance.now();
    expect(decodeGif(huge, 50_000_000)).toBeNull();
    expect(performance.now() - started).toBeLessThan(100);
  });

  it('refuses truncated GIFs, but not one whose trailer alone is missing', () => {
    const gif = makeGif(8, 8, [{ width: 8, height: 8, pixels: Array.from({ length: 64 }, (_, i) => i % 4) }]);
    expect(decodeGif(gif.subarray(0, gif.length - 1), 1e6)).not.toBeNull();
    for (let n = 0; n < gif.length - 1; n++) expect(decodeGif(gif.subarray(0, n), 1e6), `${n} bytes`).toBeNull();
  });

  it('refuses malformed GIFs: no frame, no palette, zero-sized frame, bad code size, garbage', () => {
    const header = [0x47, 0x49, 0x46, 0x38, 0x39, 0x61];
    const cases: Record<string, number[]> = {
      'no frame': [...header, 1, 0, 1, 0, 0x80, 0, 0, 0, 0, 0, 1, 1, 1, 0x3b],
      'no palette': [...header, 1, 0, 1, 0, 0x00, 0, 0, 0x2c, 0, 0, 0, 0, 1, 0, 1, 0, 0, 2, 2, 0x44, 0x01, 0, 0x3b],
      'zero-sized frame': [...header, 1, 0, 1, 0, 0x80, 0, 0, 0, 0, 0, 1, 1, 1, 0x2c, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 2, 0x44, 0x01, 0, 0x3b],
      'code size 12': [...header, 1, 0, 1, 0, 0x80, 0, 0, 0, 0, 0, 1, 1, 1, 0x2c, 0, 0, 0, 0, 1, 0, 1, 0, 0, 12, 2, 0x44, 0x01, 0, 0x3b],
      'unknown block': [...header, 1, 0, 1, 0, 0x80, 0, 0, 0, 0, 0, 1, 1, 1, 0x99],
    };
    for (const [name, bytes] of Object.entries(cases)) expect(decodeGif(new Uint8Array(bytes), 1e6), name).toBeNull();
  });

  it('refuses LZW streams that are short, overlong or use codes not yet defined', () => {
    // 2×2, minimum code size 2: clear 4, end 5, first free code 6, 3-bit codes until code 8 is next.
    expect(letters(decodeGif(gifWithCodes(2, [[4, 3], [0, 3], [1, 3], [2, 3], [3, 4], [5, 4]]), 1e6)!.png)).toEqual(['KW', 'RG']);
    expect(decodeGif(gifWithCodes(2, [[4, 3], [0, 3], [1, 3], [2, 3], [5, 4]]), 1e6)).toBeNull();
    expect(decodeGif(gifWithCodes(2, [[4, 3], [0, 3], [1, 3], [2, 3], [3, 4], [0, 4], [5, 4]]), 1e6)).toBeNull();
    expect(decodeGif(gifWithCodes(2, [[4, 3], [0, 3], [7, 3], [5, 3]]), 1e6)).toBeNull();
    expect(decodeGif(gifWithCodes(2, [[4, 3], [6, 3], [5, 3]]), 1e6)).toBeNull();
  });

  it('refuses a stream that would loop the decoder forever, at once', () => {
    const started = performance.now();
    expect(decodeGif(gifWithCodes(8, CYCLING_CODES), 1e6)).toBeNull();
    expect(performance.now() - started).toBeLessThan(100);
  });

  it('survives mutated GIFs: a decoded image or null, never a throw nor a console message', () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    const gif = makeGif(6, 5, [{ width: 6, height: 5, pixels: Array.from({ length: 30 }, (_, i) => (i * 7) % 4), transparent: 1 }, { width: 2, height: 2, pixels: 3 }]);
    let seed = 1;
    const random = (): number => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff);
    for (let round = 0; round < 500; round++) {
      const bytes = new Uint8Array(gif);
      for (let k = 0; k < 3; k++) bytes[6 + Math.floor(random() * (bytes.length - 6))] = Math.floor(random() * 256);
      const decoded = decodeGif(bytes, 10_000);
      if (decoded !== null) expect(pngPixels(decoded.png).rgba.length).toBe(decoded.width * decoded.height * 4);
    }
    expect(log).not.toHaveBeenCalled();
    log.mockRestore();
  });
});

describe('lzwSummary and isGif', () => {
  it('counts the pixels a stream decodes to, KwKwK codes included, and finds the largest index', () => {
    // 0, then 6 (= the next free code: "0" + "0"), then 6 again: 1 + 2 + 2 pixels.
    const gif = gifWithCodes(1, [[4, 3], [0, 3], [6, 3], [6, 3], [5, 3]]);
    expect(lzwSummary(gif, 35, 100)).toEqual({ pixels: 5, maxIndex: 0 });
    expect(lzwSummary(gif, 35, 4)).toBeNull();
    expect(lzwSummary(gifWithCodes(2, [[4, 3], [0, 3], [3, 3], [6, 3], [5, 4]]), 35, 100)).toEqual({ pixels: 4, maxIndex: 3 });
  });

  it('sniffs GIF87a and GIF89a', () => {
    expect(isGif(new TextEncoder().encode('GIF87a'))).toBe(true);
    expect(isGif(new TextEncoder().encode('GIF89a'))).toBe(true);
    expect(isGif(new TextEncoder().encode('GIF88a'))).toBe(false);
    expect(isGif(new TextEncoder().encode('GIF8'))).toBe(false);
  });
});
