// Decoded PNG image data kept per process. pdfkit embeds a PNG with an alpha channel (or
// palette transparency, or interlacing) by inflating and unfiltering every pixel in JavaScript,
// splitting colour from alpha and deflating both again: a few milliseconds for an ordinary logo,
// as much as the rest of a one-page invoice, and the same work for the same logo on every render.
// png-js inflates asynchronously, so the image objects were also written whenever the thread
// pool finished; decoding here is synchronous, which keeps object order (and deterministic
// output) independent of timing and of whether the image was cached.
import { createHash } from 'node:crypto';
import { inflateSync } from 'node:zlib';

/** The parts of pdfkit's PNGImage (and png-js's PNG) this cache relies on (pdfkit 0.20). */
export interface PngInternals {
  readonly width: number;
  readonly height: number;
  readonly pixelBitlength: number;
  readonly imgData: Uint8Array;
  readonly hasAlphaChannel: boolean;
  readonly interlaceMethod: number;
  readonly transparency: { readonly indexed?: unknown };
  decodePixels(fn: (pixels: Uint8Array) => unknown): unknown;
}

export interface PngImageInternals {
  image: PngInternals | null;
  imgData: Uint8Array | null;
  alphaChannel?: Uint8Array;
  finalize(): unknown;
  splitAlphaChannel(): unknown;
  loadIndexedAlphaChannel(): unknown;
  decodeData(): unknown;
}

interface Decoded {
  /** The image XObject's stream (deflated). */
  readonly imgData: Uint8Array;
  /** The soft mask's stream (deflated), if any. */
  readonly alphaChannel: Uint8Array | null;
}

const MAX_ENTRIES = 32;
/** Total bytes of decoded (deflated) data kept. */
const MAX_BYTES = 16 * 1024 * 1024;
const decoded = new Map<string, Decoded>();
let cachedBytes = 0;

function sizeOf(d: Decoded): number {
  return d.imgData.byteLength + (d.alphaChannel?.byteLength ?? 0);
}

function remember(key: string, d: Decoded): void {
  const size = sizeOf(d);
  if (size > MAX_BYTES / 4) return;
  while (decoded.size > 0 && (decoded.size >= MAX_ENTRIES || cachedBytes + size > MAX_BYTES)) {
    const oldest = decoded.keys().next().value as string;
    cachedBytes -= sizeOf(decoded.get(oldest)!);
    decoded.delete(oldest);
  }
  decoded.set(key, d);
  cachedBytes += size;
}

/** Whether pdfkit decodes this PNG's pixels when embedding it (otherwise it copies the compressed data as is). */
function decodesPixels(image: NonNullable<PngImageInternals['image']>): boolean {
  return image.hasAlphaChannel || image.interlaceMethod === 1 || image.transparency.indexed !== undefined;
}

/**
 * Makes a PNGImage pdfkit opened from `bytes` reuse the streams a previous embedding of the same
 * bytes produced, or record them when it is the first. Call before the image is embedded.
 */
export function reuseDecodedPng(image: PngImageInternals, bytes: Uint8Array): void {
  if (image.image === null || !decodesPixels(image.image)) return;
  const key = createHash('sha256').update(bytes).digest('base64');
  const hit = decoded.get(key);
  if (hit !== undefined) {
    decoded.delete(key);
    decoded.set(key, hit);
    const use = (): unknown => {
      image.imgData = hit.imgData;
      if (hit.alphaChannel !== null) image.alphaChannel = hit.alphaChannel;
      return image.finalize();
    };
    image.splitAlphaChannel = use;
    image.loadIndexedAlphaChannel = use;
    image.decodeData = use;
    return;
  }
  const png = image.image;
  let failed = false;
  png.decodePixels = (fn) => {
    let pixels: Uint8Array;
    try {
      pixels = decodePixels(png);
    } catch {
      // Broken pixel data paints as zeros (png-js threw where nothing could catch it, leaving the document unfinished).
      pixels = new Uint8Array(png.width * png.height * (png.pixelBitlength / 8));
      failed = true;
    }
    return fn(pixels);
  };
  const finalize = image.finalize;
  image.finalize = function (this: PngImageInternals): unknown {
    if (this.imgData !== null && !failed) remember(key, { imgData: this.imgData, alphaChannel: this.alphaChannel ?? null });
    return finalize.call(this);
  };
}

/**
 * png-js's PNG#decodePixels, synchronously: inflate, undo the scanline filters, de-interlace
 * (Adam7). Ported from png-js 1.0 (MIT), keeping its arithmetic so the pixels are the same.
 */
export function decodePixels(png: PngInternals): Uint8Array {
  const data = inflateSync(png.imgData);
  const { width, height } = png;
  const pixelBytes = png.pixelBitlength / 8;
  const pixels = new Uint8Array(width * height * pixelBytes);
  const length = data.length;
  let pos = 0;

  const pass = (x0: number, y0: number, dx: number, dy: number, singlePass = false): void => {
    const w = Math.ceil((width - x0) / dx);
    const h = Math.ceil((height - y0) / dy);
    const scanlineLength = pixelBytes * w;
    const buffer = singlePass ? pixels : new Uint8Array(scanlineLength * h);
    let row = 0;
    let c = 0;
    while (row < h && pos < length) {
      const filter = data[pos++];
      // The byte above in the previous scanline (0 on the first), as png-js indexes it.
      const above = (i: number): number => {
        const col = (i - (i % pixelBytes)) / pixelBytes;
        return row === 0 ? 0 : buffer[(row - 1) * scanlineLength + col * pixelBytes + (i % pixelBytes)];
      };
      switch (filter) {
        case 0:
          for (let i = 0; i < scanlineLength; i++) buffer[c++] = data[pos++];
          break;
        case 1:
          for (let i = 0; i < scanlineLength; i++) {
            const left = i < pixelBytes ? 0 : buffer[c - pixelBytes];
            buffer[c++] = (data[pos++] + left) % 256;
          }
          break;
        case 2:
          for (let i = 0; i < scanlineLength; i++) buffer[c++] = (above(i) + data[pos++]) % 256;
          break;
        case 3:
          for (let i = 0; i < scanlineLength; i++) {
            const byte = data[pos++];
            const left = i < pixelBytes ? 0 : buffer[c - pixelBytes];
            buffer[c++] = (byte + Math.floor((left + above(i)) / 2)) % 256;
          }
          break;
        case 4:
          for (let i = 0; i < scanlineLength; i++) {
            const byte = data[pos++];
            const col = (i - (i % pixelBytes)) / pixelBytes;
            const left = i < pixelBytes ? 0 : buffer[c - pixelBytes];
            let upper = 0;
            let upperLeft = 0;
            if (row !== 0) {
              upper = buffer[(row - 1) * scanlineLength + col * pixelBytes + (i % pixelBytes)];
              upperLeft = col === 0 ? 0 : buffer[(row - 1) * scanlineLength + (col - 1) * pixelBytes + (i % pixelBytes)];
            }
            const p = left + upper - upperLeft;
            const pa = Math.abs(p - left);
            const pb = Math.abs(p - upper);
            const pc = Math.abs(p - upperLeft);
            const paeth = pa <= pb && pa <= pc ? left : pb <= pc ? upper : upperLeft;
            buffer[c++] = (byte + paeth) % 256;
          }
          break;
        default:
          throw new Error(`Invalid filter algorithm: ${filter}`);
      }
      if (!singlePass) {
        let pixelsPos = ((y0 + row * dy) * width + x0) * pixelBytes;
        let bufferPos = row * scanlineLength;
        for (let i = 0; i < w; i++) {
          for (let j = 0; j < pixelBytes; j++) pixels[pixelsPos++] = buffer[bufferPos++];
          pixelsPos += (dx - 1) * pixelBytes;
        }
      }
      row++;
    }
  };

  if (png.interlaceMethod === 1) {
    pass(0, 0, 8, 8);
    pass(4, 0, 8, 8);
    pass(0, 4, 4, 8);
    pass(2, 0, 4, 4);
    pass(0, 2, 2, 4);
    pass(1, 0, 2, 2);
    pass(0, 1, 1, 2);
  } else {
    pass(0, 0, 1, 1, true);
  }
  return pixels;
}
