// Images embedded in an SVG as data: URIs, checked synchronously (svg-to-pdfkit asks for them
// mid-drawing): PNG or JPEG within a pixel limit, PNG streams intact; GIF as its first frame.
import { imageSize } from 'image-size';
import { decodeGif, isGif } from './gif.js';
import { sniffImageFormat } from './load.js';
import { checkPngSync } from './png-check.js';

/** Pixel limit for images inside SVGs (they are checked synchronously, so kept smaller). */
export const EMBEDDED_MAX_PIXELS = 16_000_000;

/** The bytes of a `data:image/png|jpeg|gif;base64,` URI that are safe to hand to pdfkit (a GIF's as a PNG), else null. */
export function embeddedImageBytes(uri: string, maxPixels = EMBEDDED_MAX_PIXELS): Buffer | null {
  const m = /^\s*data:image\/(?:png|jpe?g|gif)\s*;\s*base64\s*,([\s\S]*)$/i.exec(uri);
  if (!m) return null;
  try {
    const bytes = Buffer.from(m[1].replace(/\s+/g, ''), 'base64');
    if (isGif(bytes)) {
      const gif = decodeGif(bytes, maxPixels);
      return gif === null ? null : Buffer.from(gif.png.buffer, gif.png.byteOffset, gif.png.byteLength);
    }
    const format = sniffImageFormat(bytes);
    if (format !== 'png' && format !== 'jpeg') return null;
    const { width, height } = imageSize(bytes);
    if (!(width > 0 && height > 0) || width * height > maxPixels) return null;
    if (format === 'png' && !checkPngSync(bytes)) return null;
    return bytes;
  } catch {
    return null;
  }
}
