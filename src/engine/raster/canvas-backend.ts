// PaintBackend over a Skia canvas (@napi-rs/canvas): a page painted as pixels with the geometry the
// PDF writer (pdf/pdfkit-backend.ts) gives it, so an image shows what a viewer shows of the PDF.
import type { Color } from '../css/types.js';
import { colorGlyphTable, type SvgGlyphTable } from '../fonts/emoji-svg-glyphs.js';
import type { ImageResource } from '../images/types.js';
import type { BlendMode, LinkTarget, PaintBackend, PathCommand, SmoothGradient, StrokeStyle, TextRun } from '../paint/backend.js';
import { placeGlyphs } from '../pdf/color-glyphs.js';
import { SVG_CALL_BUDGET } from '../pdf/bounded-svg-document.js';
import { svgExpandedSize } from '../pdf/svg-expansion.js';
import { PAGE_SCALE_FACTOR } from '../pdf/page-scale.js';
import { pdfFontSize } from '../pdf/text.js';
import type { Canvas, CanvasContext, CanvasImage, CanvasModule, CanvasPath } from './canvas-module.js';
import { runsPath, type GlyphSnap } from './glyphs.js';
import { pixelSize } from './page-image-options.js';
import { svgPicture } from './svg-picture.js';
import { registerSvgTextFonts } from './svg-text-fonts.js';
import type { DecodedImages } from './decoded-images.js';

/** Stroke width of fake bold as a fraction of the font size, as the PDF writer strokes it. */
function fakeBoldWidth(size: number): number {
  const t = Math.max(0, Math.min(1, (size - 9) / 27));
  return size * (1 / 24 + (1 / 32 - 1 / 24) * t);
}

/** How a page is sized in pixels: device pixels per CSS px for a page `width` px wide, checked against the pixel cap. */
export interface RasterPageSizing {
  /** Device px per CSS px for a page of this size (CSS px); throws when the image would be too large. */
  scaleFor(width: number, height: number): number;
}

/** A group being painted: the layer taking what is painted until endGroup. */
interface Layer {
  readonly canvas: Canvas;
  readonly ctx: CanvasContext;
  readonly opacity: number;
  readonly blend: BlendMode;
  /** Saves open on the layer's context. */
  depth: number;
}

/**
 * Layers (CSS opacity groups) are whole-page canvases: past this many pixels of them open at once,
 * a group paints straight onto what is under it with its opacity (a hostile page of nested
 * groups would otherwise hold a page-sized canvas per level).
 */
const LAYER_PIXEL_BUDGET = 64e6;

export class CanvasBackend implements PaintBackend {
  private page: Canvas | null = null;
  private layers: Layer[] = [];
  /** Saves open on the page's own context. */
  private depth = 0;
  private deviceScale = 1;
  private layerPixels = 0;
  private readonly colors = new WeakMap<Color, string>();
  private readonly svgs = new Map<string, CanvasImage | null>();
  /** SVG images' markup by URL; null for one past the drawing budget. */
  private readonly svgTexts = new Map<string, string | null>();
  private readonly colorGlyphs = new Map<SvgGlyphTable, Map<string, CanvasImage | null>>();

  /** `decoded`: the PNG and JPEG images the page draws, decoded before it is painted. */
  constructor(private readonly canvas: CanvasModule, private readonly sizing: RasterPageSizing, private readonly decoded: Pick<DecodedImages, 'get'>) {}

  /** The page painted last, handed over: the backend holds it no longer. */
  takePage(): Canvas | null {
    this.endPage();
    const page = this.page;
    this.page = null;
    return page;
  }

  beginPage(width: number, height: number, scale = 1): void {
    this.endPage();
    const k = this.sizing.scaleFor(width, height);
    this.deviceScale = k;
    const [w, h] = pixelSize(width, height, k);
    this.page = this.canvas.createCanvas(w, h);
    const ctx = this.page.getContext('2d');
    // A PDF page shows on white, as pdftoppm draws it.
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(0, 0, this.page.width, this.page.height);
    // Scaled as our PDF's pages are (decision 0350), so an image agrees with the PDF rasterised.
    const s = k * scale * PAGE_SCALE_FACTOR;
    ctx.setTransform(s, 0, 0, s, 0, 0);
    this.depth = 0;
  }

  private endPage(): void {
    while (this.layers.length > 0) this.endGroup();
    while (this.depth > 0) this.restore();
  }

  private get ctx(): CanvasContext {
    const layer = this.layers[this.layers.length - 1];
    if (layer) return layer.ctx;
    if (this.page === null) throw new Error('CanvasBackend: painting before beginPage');
    return this.page.getContext('2d');
  }

  save(): void {
    this.ctx.save();
    const layer = this.layers[this.layers.length - 1];
    if (layer) layer.depth++;
    else this.depth++;
  }

  restore(): void {
    const layer = this.layers[this.layers.length - 1];
    if (layer ? layer.depth === 0 : this.depth === 0) return;
    this.ctx.restore();
    if (layer) layer.depth--;
    else this.depth--;
  }

  setOpacity(opacity: number): void {
    this.ctx.globalAlpha *= Math.max(0, Math.min(1, opacity));
  }

  beginGroup(opacity: number, blend: BlendMode = 'normal'): void {
    const page = this.page;
    if (page === null) return;
    const parent = this.ctx;
    const pixels = page.width * page.height;
    if (this.layerPixels + pixels > LAYER_PIXEL_BUDGET) {
      // Past the budget, the group is painted with its opacity on each thing drawn (it stays balanced: endGroup restores).
      this.save();
      this.setOpacity(opacity);
      this.layers.push({ canvas: page, ctx: parent, opacity: -1, blend, depth: 0 });
      return;
    }
    const canvas = this.canvas.createCanvas(page.width, page.height);
    const ctx = canvas.getContext('2d');
    ctx.setTransform(parent.getTransform());
    this.layerPixels += pixels;
    this.layers.push({ canvas, ctx, opacity, blend, depth: 0 });
  }

  endGroup(): void {
    const layer = this.layers.pop();
    if (layer === undefined) return;
    while (layer.depth > 0) {
      layer.ctx.restore();
      layer.depth--;
    }
    if (layer.opacity < 0) {
      this.restore();
      return;
    }
    this.layerPixels -= layer.canvas.width * layer.canvas.height;
    const parent = this.ctx;
    const alpha = parent.globalAlpha * layer.opacity;
    if (alpha <= 0) return;
    parent.save();
    parent.setTransform(1, 0, 0, 1, 0, 0);
    parent.globalAlpha = alpha;
    if (layer.blend !== 'normal') parent.globalCompositeOperation = layer.blend;
    parent.drawImage(layer.canvas, 0, 0);
    parent.restore();
  }

  transform(m: readonly [number, number, number, number, number, number]): void {
    this.ctx.transform(m[0], m[1], m[2], m[3], m[4], m[5]);
  }

  clip(path: readonly PathCommand[]): void {
    this.ctx.clip(this.path(path));
  }

  clipText(runs: readonly TextRun[]): void {
    this.ctx.clip(runsPath(this.canvas, runs));
  }

  fillPath(path: readonly PathCommand[], color: Color, rule: 'nonzero' | 'evenodd' = 'nonzero'): void {
    if (path.length === 0 || !(color.a > 0)) return;
    const ctx = this.ctx;
    ctx.fillStyle = this.css(color);
    ctx.fill(this.path(path), rule);
  }

  fillGradient(path: readonly PathCommand[], gradient: SmoothGradient): void {
    const first = gradient.stops[0];
    if (path.length === 0 || first === undefined || !gradient.stops.some((stop) => stop.color.a > 0)) return;
    const ctx = this.ctx;
    const outline = this.path(path);
    ctx.save();
    ctx.clip(outline);
    let area: readonly [number, number, number, number] = outline.getBounds();
    let paint: ReturnType<CanvasContext['createLinearGradient']>;
    if (gradient.kind === 'axial') {
      const [x0, y0, x1, y1] = gradient.coords;
      paint = ctx.createLinearGradient(x0, y0, x1, y1);
    } else {
      const m = gradient.matrix ?? [1, 0, 0, 1, 0, 0];
      const inverse = invert(m);
      if (inverse === null) {
        ctx.restore();
        return;
      }
      // The unit circle the matrix maps onto the ellipse; the area to fill, in its space.
      ctx.transform(m[0], m[1], m[2], m[3], m[4], m[5]);
      area = mappedBounds(inverse, area);
      paint = ctx.createRadialGradient(0, 0, 0, 0, 0, 1);
    }
    // Colour and alpha interpolate apart, as the PDF's shading of colours under a soft mask of alphas.
    for (const stop of gradient.stops) paint.addColorStop(Math.max(0, Math.min(1, stop.offset)), this.css(stop.color));
    ctx.fillStyle = paint;
    ctx.fillRect(area[0], area[1], area[2] - area[0], area[3] - area[1]);
    ctx.restore();
  }

  strokePath(path: readonly PathCommand[], stroke: StrokeStyle): void {
    if (path.length === 0 || !(stroke.width > 0) || !(stroke.color.a > 0)) return;
    const ctx = this.ctx;
    ctx.strokeStyle = this.css(stroke.color);
    ctx.lineWidth = stroke.width;
    ctx.lineCap = stroke.lineCap;
    ctx.lineJoin = 'miter';
    ctx.setLineDash(stroke.dash.some((d) => d > 0) ? stroke.dash.map((d) => Math.max(0, d)) : []);
    ctx.stroke(this.path(path));
  }

  text(run: TextRun): void {
    if (run.text.length === 0 || !(run.size > 0) || !(run.color.a > 0)) return;
    const table = colorGlyphTable(run.font.fontkit);
    if (table !== null) {
      this.colorText(run, table);
      return;
    }
    const ctx = this.ctx;
    const glyphs = runsPath(this.canvas, [run], this.glyphSnap(ctx));
    const color = this.css(run.color);
    ctx.fillStyle = color;
    ctx.fill(glyphs);
    if (run.font.syntheticBold) {
      ctx.strokeStyle = color;
      ctx.lineWidth = fakeBoldWidth(pdfFontSize(run.size));
      ctx.lineJoin = 'miter';
      ctx.lineCap = 'butt';
      ctx.setLineDash([]);
      ctx.stroke(glyphs);
    }
  }

  /**
   * While the transformation neither turns nor skews, glyph origins on a quarter of a device pixel
   * across and a whole pixel row down, as glyph rasterisers place them (pdftoppm's Splash, Skia's
   * glyph cache): stems and baselines fall on the pixels they fall on in a viewer.
   */
  private glyphSnap(ctx: CanvasContext): GlyphSnap | undefined {
    const m = ctx.getTransform();
    if (m.b !== 0 || m.c !== 0 || !(m.a > 0) || !(m.d > 0)) return undefined;
    return (x, y) => [(Math.floor((m.a * x + m.e) * 4 + 1e-6) / 4 - m.e) / m.a, (Math.floor(m.d * y + m.f + 1e-6) - m.f) / m.d];
  }

  image(image: ImageResource, x: number, y: number, width: number, height: number): void {
    if (!(width > 0 && height > 0)) return;
    const ctx = this.ctx;
    if (image.format === 'svg') {
      const drawn = this.svgImage(image, width, height);
      if (drawn === null) return;
      ctx.save();
      // An SVG image is clipped to its box, as in browsers.
      ctx.beginPath();
      ctx.rect(x, y, width, height);
      ctx.clip();
      ctx.drawImage(drawn, x, y, width, height);
      ctx.restore();
      return;
    }
    const decoded = this.decoded.get(image.url);
    if (decoded !== undefined) ctx.drawImage(decoded, x, y, width, height);
  }

  link(_x: number, _y: number, _width: number, _height: number, _target: LinkTarget): void {}

  destination(_name: string, _x: number, _y: number): void {}

  /** A run in a colour font: each glyph's SVG drawing, placed as the PDF places its forms. */
  private colorText(run: TextRun, table: SvgGlyphTable): void {
    const ctx = this.ctx;
    const px = pdfFontSize(run.size) / (run.font.fontkit.unitsPerEm || 1000);
    ctx.save();
    // The text colour's alpha fades colour glyphs too, as in Chromium.
    ctx.globalAlpha *= run.color.a;
    for (const glyph of placeGlyphs(run)) {
      const drawing = table.glyph(glyph.id);
      if (drawing === null) continue;
      const [bx, by, bw, bh] = drawing.box;
      const [w, h] = [bw * px, bh * px];
      const [dw, dh] = this.devicePixels(w, h);
      let byKey = this.colorGlyphs.get(table);
      if (byKey === undefined) {
        byKey = new Map();
        this.colorGlyphs.set(table, byKey);
      }
      const key = `${glyph.id}:${dw}x${dh}`;
      let picture = byKey.get(key);
      if (picture === undefined) {
        picture = svgPicture(this.canvas, drawing.svg, dw, dh);
        byKey.set(key, picture);
      }
      if (picture !== null) ctx.drawImage(picture, glyph.x + bx * px, glyph.y + by * px, w, h);
    }
    ctx.restore();
  }

  /** The pixels a box of `width` x `height` px covers on the page at the current transformation, bounded by the page's own. */
  private devicePixels(width: number, height: number): [number, number] {
    const m = this.ctx.getTransform();
    const sx = Math.hypot(m.a, m.b);
    const sy = Math.hypot(m.c, m.d);
    let w = Math.max(1, Math.ceil(width * sx));
    let h = Math.max(1, Math.ceil(height * sy));
    const page = this.page!;
    const most = 4 * page.width * page.height;
    if (w * h > most) {
      const shrink = Math.sqrt(most / (w * h));
      w = Math.max(1, Math.floor(w * shrink));
      h = Math.max(1, Math.floor(h * shrink));
    }
    return [w, h];
  }

  private svgImage(image: ImageResource, width: number, height: number): CanvasImage | null {
    let text = this.svgTexts.get(image.url);
    if (text === undefined) {
      text = new TextDecoder('utf-8').decode(image.bytes);
      // What the PDF leaves out as past its drawing budget (a <use> bomb) is left out here too.
      const size = svgExpandedSize(text, SVG_CALL_BUDGET);
      if (size === null || size > SVG_CALL_BUDGET) text = null;
      else if (text.includes('<text')) registerSvgTextFonts(this.canvas);
      this.svgTexts.set(image.url, text);
    }
    if (text === null) return null;
    const [dw, dh] = this.devicePixels(width, height);
    const key = `${image.url}\u0000${dw}x${dh}`;
    let picture = this.svgs.get(key);
    if (picture === undefined) {
      picture = svgPicture(this.canvas, text, dw, dh);
      this.svgs.set(key, picture);
    }
    return picture;
  }

  private path(commands: readonly PathCommand[]): CanvasPath {
    const path = new this.canvas.Path2D();
    for (const c of commands) {
      switch (c.op) {
        case 'move': path.moveTo(c.x, c.y); break;
        case 'line': path.lineTo(c.x, c.y); break;
        case 'curve': path.bezierCurveTo(c.x1, c.y1, c.x2, c.y2, c.x, c.y); break;
        case 'close': path.closePath(); break;
      }
    }
    return path;
  }

  private css(color: Color): string {
    let text = this.colors.get(color);
    if (text === undefined) {
      text = `rgba(${color.r},${color.g},${color.b},${Math.max(0, Math.min(1, color.a))})`;
      this.colors.set(color, text);
    }
    return text;
  }
}

type Matrix = readonly [number, number, number, number, number, number];

function invert(m: Matrix): Matrix | null {
  const det = m[0] * m[3] - m[1] * m[2];
  if (!(Math.abs(det) > 1e-12)) return null;
  return [m[3] / det, -m[1] / det, -m[2] / det, m[0] / det, (m[2] * m[5] - m[3] * m[4]) / det, (m[1] * m[4] - m[0] * m[5]) / det];
}

/** The bounds of a rectangle [left, top, right, bottom] mapped through `m`. */
function mappedBounds(m: Matrix, [l, t, r, b]: readonly [number, number, number, number]): [number, number, number, number] {
  const xs: number[] = [];
  const ys: number[] = [];
  for (const [x, y] of [[l, t], [r, t], [r, b], [l, b]] as const) {
    xs.push(m[0] * x + m[2] * y + m[4]);
    ys.push(m[1] * x + m[3] * y + m[5]);
  }
  return [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
}
