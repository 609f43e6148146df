// PaintBackend over a pdfkit document: page content is written as PDF operators directly
// (buffered, flushed before pdfkit writes anything itself), in a px user space, y down.
/// <reference path="./svg-to-pdfkit.d.ts" />
import type { Font as FontkitFont } from 'fontkit';
import { createRequire } from 'node:module';
import { deflateSync } from 'node:zlib';
import type SVGtoPDFFunction from 'svg-to-pdfkit';
import type { Color } from '../css/types.js';
import { bundledFontSelector } from '../fonts/selector.js';
import type { FontSelector, LoadedFont } from '../fonts/types.js';
import { embeddedImageBytes } from '../images/embedded.js';
import type { ImageResource } from '../images/types.js';
import { svgAspectRatio } from '../images/svg-size.js';
import type { BlendMode, LinkTarget, OutlineEntry, PaintBackend, PathCommand, SmoothGradient, StrokeStyle, TextRun } from '../paint/backend.js';
import { num } from './number.js';
import { drawWithBudget, SVG_CALL_BUDGET, type SvgBudget } from './bounded-svg-document.js';
import { svgExpandedSize } from './svg-expansion.js';
import { addOutline } from './outline.js';
import type { DocumentInternals, EmbeddedFontInternals, PageInternals, PdfImageInternals, PdfRef, PdfStreamRef } from './pdfkit-internals.js';
import { fontOperator, pdfFontSize, perCharacterActualText, textObject, utf16Hex } from './text.js';
import { TrueTypeSubset } from './ttf-subset.js';
import { useTrueTypeSubset } from './embed-font.js';
import { isCffStandIn } from '../fonts/cff-stand-ins.js';
import { hasCffOutlines, Type3Face } from './type3-font.js';
import { reuseDecodedPng, type PngImageInternals } from './png-cache.js';
import { PAGE_SCALES } from './page-scale.js';
import { svgColor } from './svg-colors.js';
import { drawZeroWidthGlyphs } from './svg-marks.js';
import { SvgFonts } from './svg-fonts.js';
import { colorGlyphTable, type SvgGlyphTable } from '../fonts/emoji-svg-glyphs.js';
import { ColorGlyphForms, colorTextLayer, placeGlyphs } from './color-glyphs.js';

/** pt per CSS px. */
export const PT_PER_PX = 0.75;

interface GraphicsState {
  opacity: number;
  /** The current fill and stroke colours' components (`rgb()`'s text), null before any is set. */
  fill: string | null;
  fillAlpha: number;
  stroke: string | null;
  strokeAlpha: number;
  lineWidth: number | null;
  dash: string | null;
  cap: number | null;
  /** The current Tf operator (font and size). */
  font: string | null;
}

/** A transparency group being painted: the form XObject taking the page's content meanwhile. */
interface OpenGroup {
  readonly content: PdfStreamRef;
  readonly form: PdfStreamRef;
  readonly opacity: number;
  readonly blend: BlendMode;
  readonly state: GraphicsState;
  readonly depth: number;
}

const CAPS = { butt: 0, round: 1, square: 2 } as const;

/** PDF's names of the blend modes (a name object each, written as `/Multiply`). */
const PDF_BLEND_MODES: Readonly<Record<BlendMode, string>> = {
  normal: 'Normal', multiply: 'Multiply', screen: 'Screen', overlay: 'Overlay', darken: 'Darken', lighten: 'Lighten',
  'color-dodge': 'ColorDodge', 'color-burn': 'ColorBurn', 'hard-light': 'HardLight', 'soft-light': 'SoftLight',
  difference: 'Difference', exclusion: 'Exclusion', hue: 'Hue', saturation: 'Saturation', color: 'Color', luminosity: 'Luminosity',
};

function initialState(): GraphicsState {
  return { opacity: 1, fill: null, fillAlpha: 1, stroke: null, strokeAlpha: 1, lineWidth: null, dash: null, cap: null, font: null };
}

/** Colour operands by colour object (computed styles share them, and every fill and stroke sets one). */
const rgbText = new WeakMap<Color, string>();

function rgb(color: Color): string {
  let text = rgbText.get(color);
  if (text === undefined) {
    text = `${num(color.r / 255, 4)} ${num(color.g / 255, 4)} ${num(color.b / 255, 4)}`;
    rgbText.set(color, text);
  }
  return text;
}

function rgbComponents(color: Color): number[] {
  return [color.r, color.g, color.b].map((c) => Math.round((c / 255) * 10000) / 10000);
}

function alpha(a: number): number {
  return Math.round(Math.max(0, Math.min(1, a)) * 1000) / 1000;
}

/** `v` rounded as `num` writes it (3 decimals). */
function round3(v: number): number {
  return Math.round(v * 1000) / 1000;
}

/**
 * The `re` operator for a closed axis-aligned four-sided path, or null. `x y w h re` is the path
 * (x,y) → (x+w,y) → (x+w,y+h) → (x,y+h) → close, so a rectangle whose first edge is horizontal
 * is the same path; one whose first edge is vertical is the same closed outline, same winding,
 * started at its second corner (`rotate`: only for fills and clips, where the start is irrelevant).
 * Width and height are differences of the rounded corners, so viewers land on the same corners.
 */
function rectOperator(path: readonly PathCommand[], start: number, rotate: boolean): string | null {
  const a = path[start];
  const b = path[start + 1];
  const c = path[start + 2];
  const d = path[start + 3];
  const e = path[start + 4];
  if (a.op !== 'move' || b.op !== 'line' || c.op !== 'line' || d.op !== 'line' || e.op !== 'close') return null;
  const x0 = round3(a.x);
  const y0 = round3(a.y);
  const x1 = round3(b.x);
  const y1 = round3(b.y);
  const x2 = round3(c.x);
  const y2 = round3(c.y);
  const x3 = round3(d.x);
  const y3 = round3(d.y);
  if (y1 === y0 && x2 === x1 && y3 === y2 && x3 === x0) return `${num(x0)} ${num(y0)} ${num(x1 - x0)} ${num(y2 - y0)} re`;
  if (rotate && x1 === x0 && y2 === y1 && x3 === x2 && y3 === y0) return `${num(x1)} ${num(y1)} ${num(x2 - x1)} ${num(y0 - y1)} re`;
  return null;
}

/**
 * Path commands as PDF path construction operators; closed axis-aligned rectangles (most of
 * what pages draw: backgrounds, borders, cell rules) become one `re` each. `anyStart` allows a
 * rectangle to be written from another corner (fills and clips; not strokes, whose dashes start
 * at the first point).
 */
export function pathOperators(path: readonly PathCommand[], anyStart = false): string {
  let out = '';
  for (let i = 0; i < path.length; i++) {
    const c = path[i];
    if (out !== '') out += '\n';
    if (c.op === 'move' && i + 4 < path.length) {
      const re = rectOperator(path, i, anyStart);
      if (re !== null) {
        out += re;
        i += 4;
        continue;
      }
    }
    switch (c.op) {
      case 'move': out += `${num(c.x)} ${num(c.y)} m`; break;
      case 'line': out += `${num(c.x)} ${num(c.y)} l`; break;
      case 'curve': out += `${num(c.x1)} ${num(c.y1)} ${num(c.x2)} ${num(c.y2)} ${num(c.x)} ${num(c.y)} c`; break;
      case 'close': out += 'h'; break;
    }
  }
  return out;
}

/** Stroke width of fake bold as a fraction of the font size (Skia: 1/24 at 9px down to 1/32 at 36px). */
function fakeBoldWidth(size: number): number {
  const t = Math.max(0, Math.min(1, (size - 9) / 27));
  return size * (1 / 24 + (1 / 32 - 1 / 24) * t);
}

/**
 * zlib level for page content: level 6 (pdfkit's, zlib's default) spends twice the time of
 * level 4 on content streams for 3–8% fewer bytes.
 */
export const CONTENT_DEFLATE_LEVEL = 4;

/** Deflates the page's content stream when pdfkit ends the page, at CONTENT_DEFLATE_LEVEL instead of pdfkit's default. */
function compressOnEnd(page: PageInternals): void {
  const end = page.end;
  page.end = () => {
    const content = page.content;
    if (content.compress && content.buffer.length > 0) {
      content.buffer = [deflateSync(Buffer.concat(content.buffer), { level: CONTENT_DEFLATE_LEVEL })];
      content.compress = false;
      content.data.Filter = 'FlateDecode';
    }
    end.call(page);
  };
}

/**
 * svg-to-pdfkit, loaded the first time an SVG image is drawn: most documents have none, and a
 * render thread that never loads it is about a megabyte smaller.
 */
let svgToPdfModule: typeof SVGtoPDFFunction | null = null;

function svgToPdf(): typeof SVGtoPDFFunction {
  // import.meta.url in ESM; tsup's CommonJS build leaves import.meta empty and has __filename.
  svgToPdfModule ??= createRequire(import.meta.url ?? __filename)('svg-to-pdfkit') as typeof SVGtoPDFFunction;
  return svgToPdfModule;
}

const backends = new WeakMap<PDFKit.PDFDocument, PdfkitBackend>();

/**
 * The backend painting into `doc`, if one was made for it, forgotten as the document ends: an
 * entry left in this module-level map would keep the whole document through V8's young-generation
 * collections until its next full one (decision 0140).
 */
export function takeBackendFor(doc: PDFKit.PDFDocument): PdfkitBackend | undefined {
  const backend = backends.get(doc);
  backends.delete(doc);
  return backend;
}

export interface PdfkitBackendOptions {
  /**
   * The document's font selection (bundled faces and its @font-face faces), which text inside SVG
   * images is drawn with, as HTML text is; without it, the bundled faces alone.
   */
  readonly fonts?: FontSelector;
}

export class PdfkitBackend implements PaintBackend {
  /** The pdfkit document (for document-level features; page content goes through this backend). */
  readonly doc: PDFKit.PDFDocument;
  private readonly pdf: DocumentInternals;
  private pending: string[] = [];
  /** Shadings by their dictionary, shared by the pages that paint them. */
  private readonly shadings = new Map<string, PdfRef>();
  private readonly shadingNames = new Map<PdfRef, string>();
  private alphaMasks = 0;
  private state: GraphicsState = initialState();
  private pageScale = 1;
  private stack: GraphicsState[] = [];
  private readonly fonts = new Map<FontkitFont, EmbeddedFontInternals>();
  /** The names pdfkit's `doc.font()` knows the embedded fonts by. */
  private readonly fontNames = new Map<FontkitFont, string>();
  /** The embedded fonts given a subset (several fontkit objects of one file share one). */
  private readonly subsetted = new Set<EmbeddedFontInternals>();
  /** The CFF faces written as Type 3 fonts, by embedded font (null: a face written as a CID font). */
  private readonly type3Faces = new Map<EmbeddedFontInternals, Type3Face | null>();
  private readonly emboldenedFaces = new Map<EmbeddedFontInternals, Type3Face | null>();
  private readonly fontSelector: FontSelector | undefined;
  private svgFonts: SvgFonts | null = null;
  private colorGlyphs: ColorGlyphForms | null = null;
  private readonly images = new Map<string, PdfImageInternals | null>();
  private readonly svgs = new Map<string, string>();
  private readonly gstates = new Map<string, { name: string; ref: PdfRef }>();
  private readonly destinations = new Set<string>();
  private readonly groups: OpenGroup[] = [];
  private readonly svgBudget: SvgBudget = { remaining: SVG_CALL_BUDGET };
  /** Elements each SVG image draws with its <use> references followed (null: unreadable). */
  private readonly svgSizes = new Map<string, number | null>();
  private groupCount = 0;
  private pages = 0;

  constructor(doc: PDFKit.PDFDocument, options: PdfkitBackendOptions = {}) {
    this.doc = doc;
    this.pdf = doc as unknown as DocumentInternals;
    this.fontSelector = options.fonts;
    backends.set(doc, this);
  }

  /** Number of pages begun so far. */
  get pageCount(): number {
    return this.pages;
  }

  beginPage(width: number, height: number, scale = 1): void {
    this.endPage();
    this.doc.addPage({ size: [width * PT_PER_PX, height * PT_PER_PX], margin: 0 });
    compressOnEnd(this.pdf.page!);
    this.scalePage();
    if (scale !== 1) this.doc.scale(scale);
    this.pageScale = scale;
    this.state = initialState();
    this.stack = [];
    this.pages++;
  }

  /** Scales the page from pt to px by PAGE_SCALES, keeping pdfkit's own matrix (which places links) in step. */
  private scalePage(): void {
    const ctm = (this.doc as unknown as { _ctm: number[] })._ctm;
    for (const written of PAGE_SCALES) {
      const s = Number(written);
      for (let i = 0; i < 4; i++) ctm[i] *= s;
      this.pdf.addContent(`${written} 0 0 ${written} 0 0 cm`);
    }
  }

  /** Closes the current page's content: unbalanced saves are restored and buffered operators written. */
  endPage(): void {
    if (this.pdf.page === null) return;
    while (this.groups.length > 0) this.endGroup();
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

  beginGroup(opacity: number, blend: BlendMode = 'normal'): void {
    const page = this.pdf.page;
    if (page === null) return;
    this.flush();
    // User space at the Do is the page's, in px and y-down; the box covers what the page can show.
    const w = page.width / PT_PER_PX / this.pageScale;
    const h = page.height / PT_PER_PX / this.pageScale;
    const form = this.pdf.ref({
      Type: 'XObject', Subtype: 'Form', BBox: [-w, -h, 2 * w, 2 * h],
      Group: { Type: 'Group', S: 'Transparency' }, Resources: page.resources,
    }) as PdfStreamRef;
    this.groups.push({ content: page.content, form, opacity, blend, state: this.state, depth: this.stack.length });
    page.content = form;
    // A transparency group starts with its alpha constants reset to 1 (ISO 32000-1 §11.6.6).
    this.state = { ...this.state, opacity: 1, fillAlpha: 1, strokeAlpha: 1 };
  }

  endGroup(): void {
    const page = this.pdf.page;
    const group = this.groups.pop();
    if (page === null || group === undefined) return;
    while (this.stack.length > group.depth) this.restore();
    this.flush();
    page.content = group.content;
    this.state = group.state;
    if (group.form.buffer.length === 0) {
      // Nothing was painted in it (an empty inline box): a form still needs a stream to be valid.
      group.form.write(Buffer.from('q Q', 'latin1'));
      group.form.end();
      return;
    }
    group.form.end();
    const name = `Gr${++this.groupCount}`;
    page.xobjects[name] = group.form;
    const a = alpha(group.opacity * this.state.opacity);
    if (a > 0) this.pending.push('q', this.opacityOperator(a, a, group.blend), `/${name} Do`, 'Q');
  }

  transform(m: readonly [number, number, number, number, number, number]): void {
    this.pending.push(`${num(m[0], 5)} ${num(m[1], 5)} ${num(m[2], 5)} ${num(m[3], 5)} ${num(m[4])} ${num(m[5])} cm`);
  }

  clip(path: readonly PathCommand[]): void {
    this.pending.push(path.length === 0 ? '0 0 0 0 re W n' : `${pathOperators(path, true)}\nW n`);
  }

  clipText(runs: readonly TextRun[]): void {
    // One text object: in render mode 7 its glyph outlines add up to one clip, applied at ET
    // (ISO 32000-1 §9.3.6); clips of separate text objects would intersect each other instead.
    const parts: string[] = [];
    for (const run of runs) {
      if (run.text.length === 0 || !(run.size > 0)) continue;
      const font = this.embeddedFont(run.font.fontkit);
      const page = this.pdf.page!;
      if (page.fonts[font.id] == null) page.fonts[font.id] = font.ref();
      const spanned = run.actualText !== undefined && perCharacterActualText(run) === null;
      const glyphs = textObject(spanned ? { ...run, actualText: undefined } : run, font, true).slice('BT\n'.length, -'\nET'.length);
      parts.push(spanned ? `/Span <</ActualText ${utf16Hex(run.actualText as string)}>> BDC\n${glyphs}\nEMC` : glyphs);
    }
    if (parts.length === 0) {
      this.pending.push('0 0 0 0 re W n');
      return;
    }
    this.state.font = null;
    this.pending.push(`BT\n7 Tr\n${parts.join('\n')}\n0 Tr\nET`);
  }

  fillPath(path: readonly PathCommand[], color: Color, rule: 'nonzero' | 'evenodd' = 'nonzero'): void {
    if (path.length === 0 || !this.useFill(color)) return;
    this.pending.push(`${pathOperators(path, true)}\n${rule === 'evenodd' ? 'f*' : 'f'}`);
  }

  fillGradient(path: readonly PathCommand[], gradient: SmoothGradient): void {
    const first = gradient.stops[0];
    if (path.length === 0 || first === undefined) return;
    const varying = gradient.stops.some((stop) => Math.abs(stop.color.a - first.color.a) > 0.001);
    const a = alpha((varying ? 1 : first.color.a) * this.state.opacity);
    if (a <= 0) return;
    const name = this.shadingName(gradient, 'DeviceRGB', (color) => rgbComponents(color));
    const ops = ['q', `${pathOperators(path, true)}\nW n`];
    if (varying) ops.push(this.alphaMaskOperator(path, gradient, a));
    else if (this.state.fillAlpha !== a) ops.push(this.opacityOperator(a, null));
    if (gradient.matrix) ops.push(`${gradient.matrix.map((v) => num(v, 4)).join(' ')} cm`);
    ops.push(`/${name} sh`, 'Q');
    this.pending.push(ops.join('\n'));
  }

  /**
   * A soft mask of the gradient's alphas (the same geometry, in grey, as luminosity), for a
   * gradient whose stops differ in alpha: a PDF shading has no alpha of its own.
   */
  private alphaMaskOperator(path: readonly PathCommand[], gradient: SmoothGradient, opacity: number): string {
    const shading = this.shadingRef(gradient, 'DeviceGray', (color) => [round3(color.a)]);
    const xs: number[] = [];
    const ys: number[] = [];
    for (const command of path) {
      if (command.op === 'close') continue;
      xs.push(command.x);
      ys.push(command.y);
      if (command.op === 'curve') xs.push(command.x1, command.x2), ys.push(command.y1, command.y2);
    }
    const bbox = [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)].map(round3);
    const form = this.pdf.ref({
      Type: 'XObject', Subtype: 'Form', BBox: bbox,
      Group: { Type: 'Group', S: 'Transparency', CS: 'DeviceGray' }, Resources: { Shading: { M: shading } },
    }) as PdfStreamRef;
    const matrix = gradient.matrix ? `${gradient.matrix.map((v) => num(v, 4)).join(' ')} cm ` : '';
    form.write(Buffer.from(`q ${matrix}/M sh Q`, 'latin1'));
    form.end();
    const data: Record<string, unknown> = { Type: 'ExtGState', SMask: { Type: 'Mask', S: 'Luminosity', G: form } };
    // Always set: a translucent fill drawn before (a border) may have left the constant alpha below 1.
    data.ca = opacity;
    const ref = this.pdf.ref(data);
    ref.end();
    const name = `Am${++this.alphaMasks}`;
    this.pdf.page!.ext_gstates[name] = ref;
    return `/${name} gs`;
  }

  /** The page resource name of a shading, one object per distinct gradient in the document. */
  private shadingName(gradient: SmoothGradient, space: 'DeviceRGB' | 'DeviceGray', components: (color: Color) => number[]): string {
    const ref = this.shadingRef(gradient, space, components);
    let name = this.shadingNames.get(ref);
    if (name === undefined) {
      name = `Sh${this.shadingNames.size + 1}`;
      this.shadingNames.set(ref, name);
    }
    const resources = this.pdf.page!.resources.data;
    const shadings = (resources.Shading ??= {}) as Record<string, PdfRef>;
    shadings[name] = ref;
    return name;
  }

  private shadingRef(gradient: SmoothGradient, space: 'DeviceRGB' | 'DeviceGray', components: (color: Color) => number[]): PdfRef {
    const stops = gradient.stops;
    const functions = stops.slice(1).map((stop, i) => ({
      FunctionType: 2, Domain: [0, 1], N: 1,
      C0: components(stops[i]!.color), C1: components(stop.color),
    }));
    const fn = functions.length === 1 ? functions[0]
      : { FunctionType: 3, Domain: [0, 1], Functions: functions, Bounds: stops.slice(1, -1).map((s) => round3(s.offset)), Encode: functions.flatMap(() => [0, 1]) };
    const coords = gradient.kind === 'axial' ? gradient.coords.map(round3) : [0, 0, 0, 0, 0, 1];
    const data = { ShadingType: gradient.kind === 'axial' ? 2 : 3, ColorSpace: space, Coords: coords, Function: fn, Extend: [true, true] };
    const key = JSON.stringify(data);
    let ref = this.shadings.get(key);
    if (ref === undefined) {
      ref = this.pdf.ref(data);
      ref.end();
      this.shadings.set(key, ref);
    }
    return ref;
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
    if (run.text.length === 0 || !(run.size > 0) || !(this.useFill(run.color) || this.useTransparentFill(run.color))) return;
    if (run.actualText !== undefined && perCharacterActualText(run) === null) {
      // Readers extract the text as written (PDF 32000 §14.9.4), not the capitals shown; text
      // written character for character gets a span per character from textObject instead.
      this.pending.push(`/Span <</ActualText ${utf16Hex(run.actualText)}>> BDC`);
      this.text({ ...run, actualText: undefined });
      this.pending.push('EMC');
      return;
    }
    const font = this.embeddedFont(run.font.fontkit);
    const colorGlyphs = colorGlyphTable(run.font.fontkit);
    const bold = run.font.syntheticBold;
    // Synthetic bold as Skia prints it: Type 3 glyphs of the outlines made bold (decision 0381).
    const type3 = colorGlyphs !== null ? null : bold ? this.emboldenedFace(font) : this.type3Face(font);
    if (type3 === null) {
      const page = this.pdf.page!;
      if (page.fonts[font.id] == null) page.fonts[font.id] = font.ref();
      if (colorGlyphs !== null) return this.colorText(run, font, colorGlyphs);
    } else {
      this.state.font = null;
    }
    const write = (): string => (type3 === null ? this.textObject(run, font) : textObject(run, font, true, type3));
    if (!bold) {
      this.pending.push(write());
      return;
    }
    // Synthetic bold strokes the glyphs as well as filling them, in the text colour: the Type 3
    // outlines draw their own stroke; a CID font (PDF/A) is drawn in render mode 2.
    const a = this.state.fillAlpha;
    this.save();
    this.pending.push(`${rgb(run.color)} RG`);
    if (type3 === null) this.pending.push(`${num(fakeBoldWidth(pdfFontSize(run.size)))} w`, '2 Tr');
    if (this.state.strokeAlpha !== a) this.pending.push(this.opacityOperator(null, a));
    this.pending.push(write());
    this.restore();
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
    // The constant alpha applies to images too: set it whatever a translucent fill before left it at.
    if (this.state.fillAlpha !== a) this.pending.push(this.opacityOperator(a, null));
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

  /** A run in a colour font: its text invisible (for copying and search), its glyphs drawn in colour over it. */
  private colorText(run: TextRun, font: EmbeddedFontInternals, table: SvgGlyphTable): void {
    const placed = placeGlyphs(run);
    this.save();
    this.pending.push(colorTextLayer(run, font, placed));
    this.restore();
    // The text colour's alpha fades colour glyphs too, as in Chromium.
    const a = alpha(this.state.opacity * run.color.a);
    const px = pdfFontSize(run.size) / (run.font.fontkit.unitsPerEm || 1000);
    this.colorGlyphs ??= new ColorGlyphForms(this.doc, svgToPdf, this.svgBudget);
    for (const glyph of placed) {
      const form = this.colorGlyphs.form(table, glyph.id);
      if (form === null) continue;
      this.pending.push('q');
      if (this.state.fillAlpha !== a || this.state.strokeAlpha !== a) this.pending.push(this.opacityOperator(a, a));
      this.pending.push(`${num(px, 5)} 0 0 ${num(px, 5)} ${num(glyph.x)} ${num(glyph.y)} cm /${form} Do Q`);
    }
  }

  /** The run's text object, selecting its font only when that is not already current. */
  private textObject(run: TextRun, font: EmbeddedFontInternals): string {
    const op = fontOperator(run, font);
    if (this.state.font === op) return textObject(run, font, false);
    this.state.font = op;
    return textObject(run, font, true);
  }

  /** Writes buffered operators to the page's content stream. */
  private flush(): void {
    if (this.pending.length === 0 || this.pdf.page === null) return;
    // As bytes (pdfkit would convert the string one character at a time), without a second string for the last newline.
    const text = this.pending.join('\n');
    const bytes = Buffer.allocUnsafe(text.length + 1);
    bytes.write(text, 0, 'latin1');
    bytes[text.length] = 0x0a;
    this.pdf.page.content.write(bytes);
    this.pending = [];
  }

  /** Sets the fill colour and alpha; false when the result would be invisible. */
  private useFill(color: Color): boolean {
    const a = alpha(color.a * this.state.opacity);
    if (a <= 0) return false;
    const s = this.state;
    // The colour's components, one string per Color object: mostly the same object as before, compared by identity.
    const components = rgb(color);
    if (s.fill !== components) {
      this.pending.push(`${components} rg`);
      s.fill = components;
    }
    if (s.fillAlpha !== a) {
      this.pending.push(this.opacityOperator(a, null));
      s.fillAlpha = a;
    }
    return true;
  }

  /**
   * A colour of alpha 0 (`color: transparent`) in a visible box: drawn at fill alpha 0, unseen but in
   * the text layer, as Chromium prints it. False inside a box of opacity 0, which prints nothing.
   */
  private useTransparentFill(color: Color): boolean {
    if (color.a !== 0 || !(alpha(this.state.opacity) > 0)) return false;
    if (this.state.fillAlpha !== 0) {
      this.pending.push(this.opacityOperator(0, null));
      this.state.fillAlpha = 0;
    }
    return true;
  }

  private useStroke(color: Color): boolean {
    const a = alpha(color.a * this.state.opacity);
    if (a <= 0) return false;
    const s = this.state;
    const components = rgb(color);
    if (s.stroke !== components) {
      this.pending.push(`${components} RG`);
      s.stroke = components;
    }
    if (s.strokeAlpha !== a) {
      this.pending.push(this.opacityOperator(null, a));
      s.strokeAlpha = a;
    }
    return true;
  }

  /** `/Name gs` for an ExtGState setting fill (ca) and/or stroke (CA) alpha, and a blend mode, shared per document. */
  private opacityOperator(fill: number | null, stroke: number | null, blend: BlendMode = 'normal'): string {
    const key = `${fill}_${stroke}_${blend}`;
    let entry = this.gstates.get(key);
    if (entry === undefined) {
      const data: Record<string, unknown> = { Type: 'ExtGState' };
      if (fill !== null) data.ca = fill;
      if (stroke !== null) data.CA = stroke;
      if (blend !== 'normal') data.BM = PDF_BLEND_MODES[blend];
      const ref = this.pdf.ref(data);
      ref.end();
      entry = { name: `Ps${this.gstates.size + 1}`, ref };
      this.gstates.set(key, entry);
    }
    this.pdf.page!.ext_gstates[entry.name] = entry.ref;
    return `/${entry.name} gs`;
  }

  /**
   * The Type 3 fonts of a face with CFF outlines, or standing in for one, as Chromium writes such
   * faces; null for other faces and in PDF/A documents (kept as CID fonts).
   */
  /** The face's outlines made bold, as Type 3 fonts (none where fonts are subset otherwise: PDF/A). */
  private emboldenedFace(font: EmbeddedFontInternals): Type3Face | null {
    let face = this.emboldenedFaces.get(font);
    if (face === undefined) {
      face = (this.pdf as unknown as { subset?: unknown }).subset ? null : new Type3Face(this.pdf, font, true);
      this.emboldenedFaces.set(font, face);
    }
    return face;
  }

  private type3Face(font: EmbeddedFontInternals): Type3Face | null {
    let face = this.type3Faces.get(font);
    if (face === undefined) {
      face = (hasCffOutlines(font.font) || isCffStandIn(font.font)) && !(this.pdf as unknown as { subset?: unknown }).subset ? new Type3Face(this.pdf, font) : null;
      this.type3Faces.set(font, face);
    }
    return face;
  }

  private embeddedFont(fontkit: FontkitFont): EmbeddedFontInternals {
    let font = this.fonts.get(fontkit);
    if (font === undefined) {
      const name = `pagesmith-font-${this.fonts.size + 1}`;
      this.pdf.font(fontkit, name);
      font = this.pdf._font!;
      // pdfkit gives a face it already has (the same file, from another fontkit object: a bundled
      // face and an @font-face copy of it) without filing it under the new name. Its subset is
      // kept: a fresh one would number glyphs again under the text already written with it.
      this.pdf._fontFamilies[name] ??= font;
      if (!this.subsetted.has(font)) {
        this.subsetted.add(font);
        const subset = TrueTypeSubset.for(fontkit);
        if (subset !== null) useTrueTypeSubset(font, subset);
      }
      this.fonts.set(fontkit, font);
      this.fontNames.set(fontkit, name);
    }
    return font;
  }

  /** The name `doc.font()` selects the face's embedded font by (svg-to-pdfkit's fontCallback answers with it). */
  private embeddedFontName(face: LoadedFont): string {
    drawZeroWidthGlyphs(this.embeddedFont(face.fontkit));
    return this.fontNames.get(face.fontkit)!;
  }

  private rasterImage(image: ImageResource): PdfImageInternals | null {
    let xobject = this.images.get(image.url);
    if (xobject === undefined) {
      try {
        xobject = this.pdf.openImage(Buffer.from(image.bytes.buffer, image.bytes.byteOffset, image.bytes.byteLength));
        if (image.format === 'png') reuseDecodedPng(xobject as unknown as PngImageInternals, image.bytes);
      } catch {
        xobject = null;
      }
      this.images.set(image.url, xobject);
    }
    return xobject;
  }

  private svgImage(image: ImageResource, x: number, y: number, width: number, height: number, a: number): void {
    const fonts = (this.svgFonts ??= new SvgFonts(() => this.fontSelector ?? bundledFontSelector(), (face) => this.embeddedFontName(face)));
    let svg = this.svgs.get(image.url);
    if (svg === undefined) {
      svg = new TextDecoder('utf-8').decode(image.bytes);
      try {
        svg = fonts.prepare(svg);
      } catch {
        // Markup nested past what can be read is drawn as it is (svg-to-pdfkit gives up on it too).
      }
      this.svgs.set(image.url, svg);
    }
    // What would spend more than the document's drawing budget is left out before it is built.
    const size = this.svgSizes.get(image.url) ?? svgExpandedSize(svg, SVG_CALL_BUDGET);
    this.svgSizes.set(image.url, size);
    if (size === null || size > this.svgBudget.remaining) return;
    this.save();
    // An SVG image is clipped to its box, as in browsers.
    this.pending.push(`${num(x)} ${num(y)} ${num(width)} ${num(height)} re W n`);
    if (this.state.fillAlpha !== a || this.state.strokeAlpha !== a) this.pending.push(this.opacityOperator(a, a));
    this.flush();
    try {
      drawWithBudget(this.doc, this.svgBudget, (doc) => svgToPdf()(doc, svg, x, y, {
        width,
        height,
        preserveAspectRatio: svgAspectRatio(svg),
        assumePt: true,
        // Templates are untrusted: images inside the SVG only from checked data: URIs, never from files.
        imageCallback: (link: string) => embeddedImageBytes(link) ?? Buffer.alloc(0),
        fontCallback: fonts.fontCallback,
        colorCallback: svgColor,
        warningCallback: () => undefined,
      }));
    } catch {
      // A broken SVG, or one past its drawing budget, stops where it is.
    }
    this.restore();
  }
}

