// Test GIFs made in code with omggif's writer: any size, palette, transparency, frame offset,
// several frames, interlaced rows; and broken ones (truncated, crafted LZW codes).
import { GifWriter } from 'omggif';

export interface GifFrameSpec {
  readonly x?: number;
  readonly y?: number;
  readonly width: number;
  readonly height: number;
  /** Palette index of each pixel, row by row (or one index for every pixel). */
  readonly pixels: readonly number[] | number;
  readonly transparent?: number;
  /** A local palette for this frame. */
  readonly palette?: number[];
}

/** Red, green, blue, white: indices 0..3. */
export const RGBW = [0xff0000, 0x00ff00, 0x0000ff, 0xffffff];

/** A GIF with a logical screen of `width`×`height`, a global palette and the given frames. */
export function makeGif(width: number, height: number, frames: readonly GifFrameSpec[], palette: number[] = RGBW): Uint8Array {
  const buf = new Uint8Array(1024 + frames.reduce((n, f) => n + f.width * f.height * 2, 0));
  const writer = new GifWriter(buf, width, height, { palette, loop: frames.length > 1 ? 0 : undefined });
  for (const f of frames) {
    const pixels = typeof f.pixels === 'number' ? new Array<number>(f.width * f.height).fill(f.pixels) : f.pixels;
    writer.addFrame(f.x ?? 0, f.y ?? 0, f.width, f.height, pixels, { palette: f.palette, transparent: f.transparent, delay: frames.length > 1 ? 10 : 0 });
  }
  return buf.slice(0, writer.end());
}

/** A one-frame GIF whose rows are `rows` (palette indices), stored interlaced (GIF89a's four passes). */
export function interlacedGif(rows: readonly (readonly number[])[], palette: number[] = RGBW): Uint8Array {
  const order: number[] = [];
  for (const [start, step] of [[0, 8], [4, 8], [2, 4], [1, 2]]) for (let r = start; r < rows.length; r += step) order.push(r);
  const width = rows[0].length;
  const gif = makeGif(width, rows.length, [{ width, height: rows.length, pixels: order.flatMap((r) => rows[r]) }], palette);
  // The image descriptor's packed byte (after 0x2c and four 16-bit fields) gets the interlace flag.
  const descriptor = gif.indexOf(0x2c, 13 + palette.length * 3);
  gif[descriptor + 9] |= 0x40;
  return gif;
}

/** LZW codes packed least significant bit first, as GIF stores them: [code, bit width] pairs. */
function packCodes(codes: readonly (readonly [number, number])[]): number[] {
  let cur = 0;
  let bits = 0;
  const out: number[] = [];
  for (const [code, width] of codes) {
    cur |= code << bits;
    bits += width;
    while (bits >= 8) {
      out.push(cur & 0xff);
      cur >>= 8;
      bits -= 8;
    }
  }
  if (bits > 0) out.push(cur & 0xff);
  return out;
}

/**
 * A `size`×`size` GIF (4-colour palette, minimum code size 2) whose pixel data is the given LZW
 * codes, in one sub-block.
 */
export function gifWithCodes(size: number, codes: readonly (readonly [number, number])[]): Uint8Array {
  const data = packCodes(codes);
  return new Uint8Array([
    0x47, 0x49, 0x46, 0x38, 0x39, 0x61, size, 0, size, 0, 0x81, 0, 0,
    0, 0, 0, 255, 255, 255, 255, 0, 0, 0, 255, 0,
    0x2c, 0, 0, 0, 0, size, 0, size, 0, 0,
    2, data.length, ...data, 0, 0x3b,
  ]);
}

/**
 * Codes that send an unguarded decoder round a cycle in its code table forever: after invalid
 * codes (beyond the next free one), entries 6 and 7 point at each other.
 */
export const CYCLING_CODES: readonly (readonly [number, number])[] = [[7, 3], [6, 3], [7, 3], [6, 4], [5, 4]];
