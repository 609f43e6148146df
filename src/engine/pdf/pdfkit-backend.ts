// PaintBackend over a pdfkit document: page content is written as PDF operators directly
// (buffered, flushed before pdfkit writes anything itself), in a px user space, y down.
/// <reference path="./svg-to-pdfkit.d.ts" />
import type { Font as FontkitFont } from 'fontkit';
import SVGtoPDF from 'svg-to-pdfkit';
import type { Color } from '../css/types.js';
import { embeddedImageBytes } from '../images/embedded.js';
import type { ImageResource } from '../images/types.js';
import type { LinkTarget, OutlineEntry, PaintBackend, PathCommand, StrokeStyle, TextRun } from '../paint/backend.js';
import { num } from './number.js';
import { addOutline } from './outline.js';
import type { DocumentInternals, EmbeddedFontInternals, PdfImageInternals, PdfRef } from './pdfkit-internals.js';
import { textObject } from './text.js';

/** pt per CSS px. */
export const PT_PER_PX = 0.75;

interface GraphicsState {
  opacity: number;
  fill: string | null;
  fillAlpha: number;
  stroke: string | null;
  strokeAlpha: number;
  lineWidth: number | null;
  dash: string | null;
  cap: number | null;
}

const CAPS = { butt: 0, round: 1, square: 2 } as const;

function initialState(): GraphicsState {
  return { opacity: 1, fill: null, fillAlpha: 1, stroke: null, strokeAlpha: 1, lineWidth: null, dash: null, cap: null };
}

function rgb(color: Color): string {
  return `${num(color.r / 255, 4)} ${num(color.g / 255, 4)} ${num(color.b / 255, 4)}`;
}

function alpha(a: number): number {
  return Math.round(Math.max(0, Math.min(1, a)) * 1000) / 1000;
}

/** Path commands as PDF path construction operators. */
export function pathOperators(path: readonly PathCommand[]): string {
  const ops: string[] = [];
  for (const c of path) {
    switch (c.op) {
      case 'move': ops.push(`${num(c.x)} ${num(c.y)} m`); break;
      case 'line': ops.push(`${num(c.x)} ${num(c.y)} l`); break;
      case 'curve': ops.push(`${num(c.x1)} ${num(c.y1)} ${num(c.x2)} ${num(c.y2)} ${num(c.x)} ${num(c.y)} c`); break;
      case 'close': ops.push('h'); break;
    }
  }
  return ops.join('\n');
}

/** Stroke width of fake bold as a fraction of the font size (Skia: 1/24 at 9px down to 1/32 at 36px). */
function fakeBoldWidth(size: number): number {
  const t = Math.max(0, Math.min(1, (size - 9) / 27));
  return size * (1 / 24 + (1 / 32 - 1 / 24) * t);
}

const backends = new WeakMap<PDFKit.PDFDocument, PdfkitBackend>();

/** The backend painting into `doc`, if one was made for it. */
export function backendFor(doc: PDFKit.PDFDocument): PdfkitBackend | undefined {
  return backends.get(doc);
}

export class PdfkitBackend implements PaintBackend {
  /** The pdfkit document (for document-level features; page content goes through this backend). */
  readonly doc: PDFKit.PDFDocument;
  private readonly pdf: DocumentInternals;
  private pending: string[] = [];
  private state: GraphicsState = initialState();
  private pageScale = 1;
  private stack: GraphicsState[] = [];
  private readonly fonts = new Map<FontkitFont, EmbeddedFontInternals>();
  private readonly images = new Map<string, PdfImageInternals | null>();
  private readonly svgs = new Map<string, string>();
  private readonly gstates = new Map<string, { name: string; ref: PdfRef }>();
  private readonly destinations = new Set<string>();
  private pages = 0;

  constructor(doc: PDFKit.PDFDocument) {
    this.doc = doc;
    this.pdf = doc as unknown as DocumentInternals;
    backends.set(doc, this);
  }

  /** Number of pages begun so far. */
  get pageCount(): number {
    return this.pages;
  }

  beginPage(width: number, height: number, scale = 1): void {
    this.endPage();
    this.doc.addPage({ size: [width * PT_PER_PX, height * PT_PER_PX], margin: 0 });
    this.doc.scale(PT_PER_PX);
    if (scale !== 1) this.doc.scale(scale);
    this.pageScale = scale;
    this.state = initialState();
    this.stack = [];
    this.pages++;
  }

  /** Closes the current page's content: unbalanced saves are restored and buffered operators written. */
  endPage(): void {
    if (this.pdf.page === null) return;
    while (this.stack.length > 0) this.restore();
    this.flush();
  }

  save(): void {
    this.stack.push({ ...this.state });
    this.pending.push('q');
  }

  restore(): void {
    const previous = this.stack.pop();
    if (previous === undefined) return;
    this.state = previous;
    this.pending.push('Q');
  }

  setOpacity(opacity: number): void {
    this.state.opacity *= Math.max(0, Math.min(1, opacity));
  }

  clip(path: readonly PathCommand[]): void {
    this.pending.push(path.length === 0 ? '0 0 0 0 re W n' : `${pathOperators(path)}\nW n`);
  }

  fillPath(path: readonly PathCommand[], color: Color, rule: 'nonzero' | 'evenodd' = 'nonzero'): void {
    if (path.length === 0 || !this.useFill(color)) return;
    this.pending.push(`${pathOperators(path)}\n${rule === 'evenodd' ? 'f*' : 'f'}`);
  }

  strokePath(path: readonly PathCommand[], stroke: StrokeStyle): void {
    if (path.length === 0 || !(stroke.width > 0) || !this.useStroke(stroke.color)) return;
    const s = this.state;
    if (s.lineWidth !== stroke.width) {
      this.pending.push(`${num(stroke.width)} w`);
      s.lineWidth = stroke.width;
    }
    const visible = stroke.dash.some((d) => d > 0);
    const dash = visible ? `[${stroke.dash.map((d) => num(Math.max(0, d))).join(' ')}] 0 d` : '[] 0 d';
    if (s.dash !== dash) {
      this.pending.push(dash);
      s.dash = dash;
    }
    const cap = CAPS[stroke.lineCap];
    if (s.cap !== cap) {
      this.pending.push(`${cap} J`);
      s.cap = cap;
    }
    this.pending.push(`${pathOperators(path)}\nS`);
  }

  text(run: TextRun): void {
    if (run.text.length === 0 || !(run.size > 0) || !this.useFill(run.color)) return;
    const font = this.embeddedFont(run.font.fontkit);
    const page = this.pdf.page!;
    if (page.fonts[font.id] == null) page.fonts[font.id] = font.ref();
    if (run.font.syntheticBold) {
      const a = this.state.fillAlpha;
      this.save();
      this.pending.push(`${rgb(run.color)} RG`, `${num(fakeBoldWidth(run.size))} w`, '2 Tr');
      if (this.state.strokeAlpha !== a) this.pending.push(this.opacityOperator(null, a));
      this.pending.push(textObject(run, font));
      this.restore();
    } else {
      this.pending.push(textObject(run, font));
    }
  }

  image(image: ImageResource, x: number, y: number, width: number, height: number): void {
    if (!(width > 0 && height > 0)) return;
    const a = alpha(this.state.opacity);
    if (a <= 0) return;
    if (image.format === 'svg') {
      this.svgImage(image, x, y, width, height, a);
      return;
    }
    const xobject = this.rasterImage(image);
    if (xobject === null) return;
    this.save();
    if (a < 1) this.pending.push(this.opacityOperator(a, null));
    this.flush();
    this.doc.image(xobject as unknown as PDFKit.Mixins.ImageSrc, x, y, { width, height });
    this.restore();
  }

  link(x: number, y: number, width: number, height: number, target: LinkTarget): void {
    if (!(width > 0 && height > 0) || this.pdf.page === null) return;
    const url = target.url;
    if (target.destination !== undefined || url?.startsWith('#')) {
      const name = target.destination ?? decodeURIComponent(url!.slice(1));
      if (name !== '') this.doc.goTo(x, y, width, height, name);
    } else if (url !== undefined && !/^\s*javascript:/i.test(url)) {
      this.doc.link(x, y, width, height, url);
    }
  }

  destination(name: string, x: number, y: number): void {
    if (this.destinations.has(name) || this.pdf.page === null) return;
    this.destinations.add(name);
    this.pdf.addNamedDestination(name, 'XYZ', x * PT_PER_PX * this.pageScale, y * PT_PER_PX * this.pageScale, null);
  }

  /** Adds bookmarks to pages already begun (see addOutline). */
  outline(entries: readonly OutlineEntry[]): void {
    addOutline(this.doc, entries, PT_PER_PX);
  }

  /** Writes buffered operators to the page's content stream. */
  private flush(): void {
    if (this.pending.length === 0 || this.pdf.page === null) return;
    this.pdf.addContent(this.pending.join('\n'));
    this.pending = [];
  }

  /** Sets the fill colour and alpha; false when the result would be invisible. */
  private useFill(color: Color): boolean {
    const a = alpha(color.a * this.state.opacity);
    if (a <= 0) return false;
    const s = this.state;
    const op = `${rgb(color)} rg`;
    if (s.fill !== op) {
      this.pending.push(op);
      s.fill = op;
    }
    if (s.fillAlpha !== a) {
      this.pending.push(this.opacityOperator(a, null));
      s.fillAlpha = a;
    }
    return true;
  }

  private useStroke(color: Color): boolean {
    const a = alpha(color.a * this.state.opacity);
    if (a <= 0) return false;
    const s = this.state;
    const op = `${rgb(color)} RG`;
    if (s.stroke !== op) {
      this.pending.push(op);
      s.stroke = op;
    }
    if (s.strokeAlpha !== a) {
      this.pending.push(this.opacityOperator(null, a));
      s.strokeAlpha = a;
    }
    return true;
  }

  /** `/Name gs` for an ExtGState setting fill (ca) and/or stroke (CA) alpha, shared per document. */
  private opacityOperator(fill: number | null, stroke: number | null): string {
    const key = `${fill}_${stroke}`;
    let entry = this.gstates.get(key);
    if (entry === undefined) {
      const data: Record<string, unknown> = { Type: 'ExtGState' };
      if (fill !== null) data.ca = fill;
      if (stroke !== null) data.CA = stroke;
      const ref = this.pdf.ref(data);
      ref.end();
      entry = { name: `Ps${this.gstates.size + 1}`, ref };
      this.gstates.set(key, entry);
    }
    this.pdf.page!.ext_gstates[entry.name] = entry.ref;
    return `/${entry.name} gs`;
  }

  private embeddedFont(fontkit: FontkitFont): EmbeddedFontInternals {
    let font = this.fonts.get(fontkit);
    if (font === undefined) {
      this.pdf.font(fontkit, `pagesmith-font-${this.fonts.size + 1}`);
      font = this.pdf._font!;
      this.fonts.set(fontkit, font);
    }
    return font;
  }

  private rasterImage(image: ImageResource): PdfImageInternals | null {
    let xobject = this.images.get(image.url);
    if (xobject === undefined) {
      try {
        xobject = this.pdf.openImage(Buffer.from(image.bytes.buffer, image.bytes.byteOffset, image.bytes.byteLength));
      } catch {
        xobject = null;
      }
      this.images.set(image.url, xobject);
    }
    return xobject;
  }

  private svgImage(image: ImageResource, x: number, y: number, width: number, height: number, a: number): void {
    let svg = this.svgs.get(image.url);
    if (svg === undefined) {
      svg = new TextDecoder('utf-8').decode(image.bytes);
      this.svgs.set(image.url, svg);
    }
    this.save();
    // An SVG image is clipped to its box, as in browsers.
    this.pending.push(`${num(x)} ${num(y)} ${num(width)} ${num(height)} re W n`);
    if (a < 1) this.pending.push(this.opacityOperator(a, a));
    this.flush();
    try {
      SVGtoPDF(this.doc, svg, x, y, {
        width,
        height,
        assumePt: true,
        // Templates are untrusted: images inside the SVG only from checked data: URIs, never from files.
        imageCallback: (link: string) => embeddedImageBytes(link) ?? Buffer.alloc(0),
        warningCallback: () => undefined,
      });
    } catch {
      // A broken SVG paints nothing.
    }
    this.restore();
  }
}
