// Reading page images back for the page-image tests: their size, how much of them is painted, and how much in a strong red.
import { decodeImage } from '../../src/testing/image-agreement.js';

export interface PageImageReading {
  readonly width: number;
  readonly height: number;
  /** Share (0–1) of pixels that are not white. */
  readonly inked: number;
  /** Pixels of a strong red (text coloured rgb(200, 0, 0), say). */
  readonly red: number;
}

/** PNG, JPEG or WebP bytes, or a `data:` URL of them. */
export async function readPageImage(image: Uint8Array | string): Promise<PageImageReading> {
  const bytes = typeof image === 'string' ? new Uint8Array(Buffer.from(image.slice(image.indexOf(',') + 1), 'base64')) : image;
  const { width, height, data } = await decodeImage(bytes);
  let inked = 0;
  let red = 0;
  for (let at = 0; at < data.length; at += 4) {
    const [r, g, b] = [data[at]!, data[at + 1]!, data[at + 2]!];
    if (r < 245 || g < 245 || b < 245) inked += 1;
    if (r > 150 && g < 80 && b < 80) red += 1;
  }
  return { width, height, inked: inked / (width * height), red };
}
