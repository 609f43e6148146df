// SVG documents drawn by Skia (@napi-rs/canvas's Image) at a size in device pixels, fitted into it
// as a browser fits an SVG image into its box.
import { svgIntrinsicSize, svgStretchesToBox } from '../images/svg-size.js';
import type { CanvasImage, CanvasModule } from './canvas-module.js';

const ROOT_TAG = /^<svg\b((?:[^>"']|"[^"]*"|'[^']*')*)>/i;
const SIZE_ATTRIBUTE = /\s(?:width|height|x|y)\s*=\s*(?:"[^"]*"|'[^']*')/gi;

/**
 * The document as the content of an outer `<svg>` of `width` × `height` px, its root nested there
 * to fill it: the root's viewBox and preserveAspectRatio fit the drawing into the box (a root
 * without a viewBox gets one of its intrinsic size, as the PDF writer scales it; one naming no
 * font-family gets serif). Skia's own
 * resizing of an SVG image stretches it, and draws nothing of a viewBox starting left of or above
 * 0; a nested root does neither. What precedes the root (a prolog, a DOCTYPE and its entities) is
 * left out. Null when there is no root to draw.
 */
export function svgInViewport(svg: string, width: number, height: number): string | null {
  const start = svg.search(/<svg[\s>/]/i);
  if (start < 0) return null;
  const rest = svg.slice(start);
  const tag = ROOT_TAG.exec(rest);
  if (tag === null || tag[1].trimEnd().endsWith('/')) return null;
  let attributes = tag[1].replace(SIZE_ATTRIBUTE, '');
  // Chromium's family for SVG text naming none, as the PDF writer draws it (decision 0215).
  if (!/\sfont-family\s*=/i.test(attributes)) attributes += ' font-family="serif"';
  if (!/\sviewBox\s*=/i.test(attributes)) {
    const size = svgIntrinsicSize(svg);
    if (size !== null) attributes += ` viewBox="0 0 ${size.width} ${size.height}"`;
    // Sized by its width and height, it is stretched to the box, as the PDF writer draws it.
    if (size !== null && svgStretchesToBox(svg)) attributes = `${attributes.replace(/\spreserveAspectRatio\s*=\s*(?:"[^"]*"|'[^']*')/i, '')} preserveAspectRatio="none"`;
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="${width}" height="${height}">` +
    `<svg${attributes} width="${width}" height="${height}">${rest.slice(tag[0].length)}</svg>`;
}

/** The SVG drawn at `width` × `height` device pixels; null when it cannot be read. */
export function svgPicture(canvas: CanvasModule, svg: string, width: number, height: number): CanvasImage | null {
  const fitted = svgInViewport(svg, width, height);
  if (fitted === null) return null;
  try {
    const picture = new canvas.Image();
    picture.onerror = () => undefined;
    picture.src = Buffer.from(fitted, 'utf8');
    return picture.width > 0 && picture.height > 0 ? picture : null;
  } catch {
    return null;
  }
}
