// <canvas>: a replaced element as big as its width and height attributes say, blank when printed
// (no script ever draws on it), as Chromium prints a canvas no script has touched.
import type { Element } from 'domhandler';
import type { ImageResource } from '../images/types.js';

const DEFAULT_WIDTH = 300;
const DEFAULT_HEIGHT = 150;
const blanks = new Map<string, ImageResource>();

/** HTML's rules for parsing non-negative integers; the default when the attribute is missing or not one. */
function dimension(value: string | undefined, fallback: number): number {
  const match = /^[\t\n\f\r ]*\+?(\d+)/.exec(value ?? '');
  if (!match) return fallback;
  const parsed = Number(match[1]);
  return Number.isSafeInteger(parsed) ? parsed : fallback;
}

/** The blank picture a canvas prints as: transparent, of the canvas's intrinsic size. */
export function canvasImage(element: Element): ImageResource {
  const width = dimension(element.attribs.width, DEFAULT_WIDTH);
  const height = dimension(element.attribs.height, DEFAULT_HEIGHT);
  const key = `${width}x${height}`;
  let image = blanks.get(key);
  if (image === undefined) {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"/>`;
    image = { format: 'svg', bytes: new TextEncoder().encode(svg), width, height, url: `about:canvas/${key}` };
    if (blanks.size < 256) blanks.set(key, image);
  }
  return image;
}
