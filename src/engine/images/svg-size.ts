// The intrinsic size of an SVG document from its root element's width, height and viewBox.

const UNIT_PX: Record<string, number> = {
  '': 1,
  px: 1,
  pt: 96 / 72,
  pc: 16,
  in: 96,
  cm: 96 / 2.54,
  mm: 96 / 25.4,
  q: 96 / 101.6,
  em: 16,
  ex: 8,
};

const DEFAULT_WIDTH = 300;
const DEFAULT_HEIGHT = 150;

/** A length attribute in px; null for percentages, auto, or anything unparsable. */
function parseLength(value: string | undefined): number | null {
  if (value === undefined) return null;
  const m = /^\s*([+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?)\s*([a-z]*)\s*$/i.exec(value);
  if (!m) return null;
  const factor = UNIT_PX[m[2].toLowerCase()];
  const n = Number(m[1]) * (factor ?? NaN);
  return Number.isFinite(n) && n > 0 ? n : null;
}

function rootAttributes(svg: string): Map<string, string> | null {
  const start = svg.search(/<svg[\s>/]/i);
  if (start < 0) return null;
  const tag = /^<svg\b((?:[^>"']|"[^"]*"|'[^']*')*)>/i.exec(svg.slice(start));
  if (!tag) return null;
  const attrs = new Map<string, string>();
  const re = /([^\s=/]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;
  for (let m = re.exec(tag[1]); m !== null; m = re.exec(tag[1])) attrs.set(m[1].toLowerCase(), m[2] ?? m[3]);
  return attrs;
}

/** Intrinsic size in CSS px: width/height, completed by the viewBox's ratio, else the viewBox, else 300×150. */
export function svgIntrinsicSize(svg: string): { width: number; height: number } | null {
  const attrs = rootAttributes(svg);
  if (attrs === null) return null;
  let width = parseLength(attrs.get('width'));
  let height = parseLength(attrs.get('height'));
  const box = attrs.get('viewbox')?.trim().split(/[\s,]+/).map(Number);
  const ratio = box && box.length === 4 && box[2] > 0 && box[3] > 0 ? box[2] / box[3] : null;
  if (width !== null && height === null) height = ratio !== null ? width / ratio : DEFAULT_HEIGHT;
  else if (height !== null && width === null) width = ratio !== null ? height * ratio : DEFAULT_WIDTH;
  else if (width === null && height === null) {
    if (box && ratio !== null) [width, height] = [box[2], box[3]];
    else [width, height] = [DEFAULT_WIDTH, DEFAULT_HEIGHT];
  }
  return { width: width!, height: height! };
}

/**
 * The root's preserveAspectRatio (default `xMidYMid meet`): handed to svg-to-pdfkit, it makes the
 * drawing fill the box the image was laid out in, as browsers scale SVG images to their box. A root
 * sized by its width and height without a viewBox is stretched to the box, as Chromium draws it
 * (preserveAspectRatio applies only with a viewBox).
 */
export function svgAspectRatio(svg: string): string {
  const attrs = rootAttributes(svg);
  if (attrs !== null && stretchesToBox(attrs)) return 'none';
  return attrs?.get('preserveaspectratio')?.trim() || 'xMidYMid meet';
}

/** Whether an SVG image's drawing is stretched to its box: its root has a width and a height and no viewBox. */
export function svgStretchesToBox(svg: string): boolean {
  const attrs = rootAttributes(svg);
  return attrs !== null && stretchesToBox(attrs);
}

function stretchesToBox(attrs: ReadonlyMap<string, string>): boolean {
  return !attrs.has('viewbox') && parseLength(attrs.get('width')) !== null && parseLength(attrs.get('height')) !== null;
}
