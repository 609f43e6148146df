// GIF images as Chromium prints them: the first frame, its transparent index kept as alpha,
// decoded by omggif and handed on as a PNG. Sizes are checked before anything is decoded, and the
// LZW stream is checked first too (omggif trusts it: a crafted one can loop it forever).
import { GifReader, type GifFrameInfo } from 'omggif';
import { encodePng } from './png-encode.js';

export interface DecodedGif {
  /** The first frame on its canvas, as a PNG file. */
  readonly png: Uint8Array;
  /** Intrinsic size in image pixels. */
  readonly width: number;
  readonly height: number;
}

/** Whether `bytes` start like a GIF (87a or 89a). */
export function isGif(bytes: Uint8Array): boolean {
  return bytes.length >= 6 && bytes[0] === 0x47 && bytes[1] === 0x49 && bytes[2] === 0x46 && bytes[3] === 0x38 && (bytes[4] === 0x37 || bytes[4] === 0x39) && bytes[5] === 0x61;
}

interface FirstFrame {
  readonly reader: GifReader;
  readonly frame: GifFrameInfo;
  /** The canvas: the logical screen, grown to hold the first frame (as Chromium does). */
  readonly width: number;
  readonly height: number;
}

/** The header walk (no pixels decoded): the first frame and the canvas size, or null when malformed. */
function firstFrame(bytes: Uint8Array): FirstFrame | null {
  let reader: GifReader;
  try {
    reader = new GifReader(bytes);
  } catch {
    return null;
  }
  if (reader.numFrames() === 0) return null;
  const frame = reader.frameInfo(0);
  if (!(frame.width > 0 && frame.height > 0) || frame.palette_offset === null || frame.palette_size === null) return null;
  if (frame.palette_offset + frame.palette_size * 3 > bytes.length) return null;
  return { reader, frame, width: Math.max(reader.width, frame.x + frame.width), height: Math.max(reader.height, frame.y + frame.height) };
}

/** The intrinsic size of a GIF from its headers alone, or null when it is malformed. */
export function gifSize(bytes: Uint8Array): { width: number; height: number } | null {
  const first = firstFrame(bytes);
  return first === null ? null : { width: first.width, height: first.height };
}

/** What an LZW stream decodes to, found without decoding it. */
export interface LzwSummary {
  /** How many pixel indices. */
  readonly pixels: number;
  /** The largest index among them (-1 for none). */
  readonly maxIndex: number;
}

/**
 * How many pixel indices the LZW stream at `offset` (code size byte, then sub-blocks) decodes to,
 * and the largest, following omggif's decoder step for step; null when a code is invalid, the
 * sub-blocks run past the data, or the stream would overflow `limit` (omggif would then log to
 * the console). Every index is a literal code the stream holds, so the largest is the largest literal.
 */
export function lzwSummary(bytes: Uint8Array, offset: number, limit: number): LzwSummary | null {
  let p = offset;
  const minCodeSize = bytes[p++];
  if (!(minCodeSize >= 1 && minCodeSize <= 8)) return null;
  const clear = 1 << minCodeSize;
  const eoi = clear + 1;
  let next = eoi + 1;
  let codeSize = minCodeSize + 1;
  let mask = (1 << codeSize) - 1;
  const lengths = new Uint16Array(4096);
  const length = (code: number): number => (code < clear ? 1 : lengths[code]);
  let block = bytes[p++];
  let cur = 0;
  let shift = 0;
  let prev = -1;
  let out = 0;
  let maxIndex = -1;
  for (;;) {
    while (shift < 16 && block !== 0) {
      if (block === undefined || p >= bytes.length) return null;
      cur |= bytes[p++] << shift;
      shift += 8;
      if (--block === 0) block = bytes[p++];
    }
    if (shift < codeSize) break;
    const code = cur & mask;
    cur >>= codeSize;
    shift -= codeSize;
    if (code === clear) {
      next = eoi + 1;
      codeSize = minCodeSize + 1;
      mask = (1 << codeSize) - 1;
      prev = -1;
      continue;
    }
    if (code === eoi) break;
    let emitted: number;
    if (code < clear) maxIndex = Math.max(maxIndex, code);
    if (prev === -1) {
      if (code >= clear) return null;
      emitted = 1;
    } else if (code < next) {
      emitted = length(code);
    } else if (code === next) {
      emitted = length(prev) + 1;
    } else {
      return null;
    }
    out += emitted;
    if (out > limit) return null;
    if (prev !== -1 && next < 4096) {
      lengths[next++] = length(prev) + 1;
      if (next >= mask + 1 && codeSize < 12) {
        codeSize++;
        mask = (mask << 1) | 1;
      }
    }
    prev = code;
  }
  return { pixels: out, maxIndex };
}

/** A copy of the GIF whose palette for `frame` (global or local) is padded with black to 256 colours. */
function withFullPalette(bytes: Uint8Array, frame: GifFrameInfo): Uint8Array {
  const start = frame.palette_offset!;
  const end = start + frame.palette_size! * 3;
  // The packed byte giving the table's size: the logical screen's (global) or the image descriptor's, just before a local table.
  const packed = frame.has_local_palette ? start - 1 : 10;
  const out = new Uint8Array(bytes.length + (256 - frame.palette_size!) * 3);
  out.set(bytes.subarray(0, end));
  out[packed] |= 0x07;
  out.set(bytes.subarray(end), start + 256 * 3);
  return out;
}

/** Rows of an interlaced frame (stored in pass order: every 8th from 0, every 8th from 4, every 4th from 2, every 2nd from 1) put in place. */
function deinterlace(pixels: Uint8Array, canvasWidth: number, frame: GifFrameInfo): void {
  const rowBytes = frame.width * 4;
  const stored = new Uint8Array(rowBytes * frame.height);
  const at = (row: number): number => ((frame.y + row) * canvasWidth + frame.x) * 4;
  for (let row = 0; row < frame.height; row++) stored.set(pixels.subarray(at(row), at(row) + rowBytes), row * rowBytes);
  let source = 0;
  for (const [start, step] of [[0, 8], [4, 8], [2, 4], [1, 2]]) {
    for (let row = start; row < frame.height; row += step, source++) pixels.set(stored.subarray(source * rowBytes, (source + 1) * rowBytes), at(row));
  }
}

/**
 * The first frame of a GIF as a PNG, or null when it is malformed, truncated or has more than
 * `maxPixels` pixels (checked from the headers, before decoding).
 */
export function decodeGif(bytes: Uint8Array, maxPixels: number): DecodedGif | null {
  const first = firstFrame(bytes);
  if (first === null) return null;
  const { width, height } = first;
  if (width * height > maxPixels || width > 0xffff || height > 0xffff) return null;
  let { reader, frame } = first;
  const stream = lzwSummary(bytes, frame.data_offset, frame.width * frame.height);
  if (stream === null || stream.pixels !== frame.width * frame.height) return null;
  let data = bytes;
  // Indices past a short palette paint opaque black, as in Chromium (omggif would read the bytes after it).
  if (stream.maxIndex >= frame.palette_size!) data = withFullPalette(data, frame);
  if (width !== reader.width || height !== reader.height) {
    // omggif blits rows at the logical screen's width: give it the grown canvas's.
    if (data === bytes) data = new Uint8Array(bytes);
    data[6] = width & 0xff;
    data[7] = width >> 8;
    data[8] = height & 0xff;
    data[9] = height >> 8;
  }
  if (data !== bytes) {
    reader = new GifReader(data);
    frame = reader.frameInfo(0);
  }
  const pixels = new Uint8Array(width * height * 4);
  // omggif's own de-interlacing writes outside the frame when a pass has no rows (frames under 5 rows).
  const interlaced = frame.interlaced;
  frame.interlaced = false;
  try {
    reader.decodeAndBlitFrameRGBA(0, pixels);
  } catch {
    return null;
  } finally {
    frame.interlaced = interlaced;
  }
  if (interlaced) deinterlace(pixels, width, frame);
  return { png: encodePng(pixels, width, height), width, height };
}
