// Colour glyphs (the emoji face's SVG glyphs) in the PDF: each glyph a document uses is drawn once,
// by svg-to-pdfkit, into a form XObject in font units, and placed at every use scaled to the
// run's size. Gradients become PDF shadings; the text layer is the run's own invisible text.
import type SVGtoPDFFunction from 'svg-to-pdfkit';
import type { SvgGlyphTable } from '../fonts/emoji-svg-glyphs.js';
import { shapeText, shapeTextRightToLeft } from '../fonts/shape.js';
import type { TextRun } from '../paint/backend.js';
import { drawWithBudget, type SvgBudget } from './bounded-svg-document.js';
import { num } from './number.js';
import type { DocumentInternals, EmbeddedFontInternals, PdfRef, PdfStreamRef } from './pdfkit-internals.js';
import { includeGlyph, pdfFontSize, utf16Hex } from './text.js';

/** A glyph's pen position (px, y down, on the baseline). */
export interface PlacedGlyph {
  readonly id: number;
  readonly x: number;
  readonly y: number;
  /** The characters it shows (a sequence's glyph shows all of them). */
  readonly codePoints: readonly number[];
  /** Its own advance, in font units. */
  readonly advance: number;
}

/**
 * Where each glyph of `run` is drawn, advancing as the run's text object does: shaped advances,
 * letter-spacing per character and word-spacing per U+0020.
 */
export function placeGlyphs(run: TextRun): PlacedGlyph[] {
  const fk = run.font.fontkit;
  const px = pdfFontSize(run.size) / (fk.unitsPerEm || 1000);
  const placed: PlacedGlyph[] = [];
  let x = run.x;
  for (const chunk of (run.rightToLeft ? shapeTextRightToLeft : shapeText)(fk, run.text)) {
    for (let i = 0; i < chunk.glyphIds.length; i++) {
      placed.push({ id: chunk.glyphIds[i], x: x + chunk.xOffsets[i] * px, y: run.y - chunk.yOffsets[i] * px, codePoints: chunk.codePoints[i], advance: chunk.glyphAdvances[i] });
      let extra = 0;
      for (const cp of chunk.codePoints[i]) extra += run.letterSpacing + (cp === 0x20 ? run.wordSpacing : 0);
      x += chunk.xAdvances[i] * px + extra;
    }
  }
  return placed;
}

interface CtmInternals {
  _ctm: number[];
}

interface GlyphForm {
  readonly name: string;
  readonly ref: PdfRef;
}

/** One document's colour glyph forms, by face and glyph id. */
export class ColorGlyphForms {
  private readonly forms = new Map<SvgGlyphTable, Map<number, GlyphForm | null>>();
  private count = 0;

  constructor(
    private readonly doc: PDFKit.PDFDocument,
    private readonly svgToPdf: () => typeof SVGtoPDFFunction,
    private readonly budget: SvgBudget,
  ) {}

  /** The form drawing glyph `id` of `table` in font units (origin on the baseline), registered on the current page; null when it has no colour drawing. */
  form(table: SvgGlyphTable, id: number): string | null {
    let byId = this.forms.get(table);
    if (byId === undefined) {
      byId = new Map();
      this.forms.set(table, byId);
    }
    let form = byId.get(id);
    if (form === undefined) {
      form = this.draw(table, id);
      byId.set(id, form);
    }
    if (form === null) return null;
    const pdf = this.doc as unknown as DocumentInternals;
    pdf.page!.xobjects[form.name] = form.ref;
    return form.name;
  }

  private draw(table: SvgGlyphTable, id: number): GlyphForm | null {
    const glyph = table.glyph(id);
    const pdf = this.doc as unknown as DocumentInternals;
    const page = pdf.page;
    if (glyph === null || page === null) return null;
    const [x, y, width, height] = glyph.box;
    // A transparency group, so that an alpha set where it is placed fades it as a whole (its own
    // ExtGStates set absolute alphas).
    const ref = pdf.ref({
      Type: 'XObject', Subtype: 'Form', BBox: [x, y, x + width, y + height], Resources: page.resources,
      Group: { Type: 'Group', S: 'Transparency' },
    }) as PdfStreamRef;
    // svg-to-pdfkit writes to the page's content stream, and sets shading matrices from pdfkit's
    // idea of the current transformation: in the form both start from its own space.
    const content = page.content;
    const ctm = this.doc as unknown as CtmInternals;
    const saved = ctm._ctm;
    page.content = ref;
    ctm._ctm = [1, 0, 0, 1, 0, 0];
    try {
      drawWithBudget(this.doc, this.budget, (doc) => this.svgToPdf()(doc, glyph.svg, x, y, { width, height, assumePt: true, preserveAspectRatio: 'none', warningCallback: () => undefined }));
    } catch {
      // Past the document's SVG budget: the glyph stays as drawn so far.
    } finally {
      page.content = content;
      ctm._ctm = saved;
    }
    if (ref.buffer.length === 0) ref.write(Buffer.from('q Q', 'latin1'));
    ref.end();
    return { name: `Cg${++this.count}`, ref };
  }
}

/**
 * The ascent and descent (thousandths of an em) a colour face's invisible text declares, and the
 * size it is written at: text extractors read Chromium's emoji, Type 3 fonts without either, with
 * poppler's defaults (0.95 and 0.35 em) at a size scaled by the first glyph's advance over half an
 * em (2.49 times the text's for Noto Color Emoji). They group words into lines and blocks by those
 * sizes and boxes, so the text layer written the same way reads in the order Chromium's does
 * (decision 0287); a horizontal scaling undoes the size for the advances.
 */
export const COLOR_TEXT_EXTENT = { Ascent: 950, Descent: -350 } as const;

/**
 * The invisible text of a colour run, glyph by glyph at the positions drawn, each inside an
 * ActualText span with its characters (one glyph stands for a whole emoji sequence).
 */
export function colorTextLayer(run: TextRun, font: EmbeddedFontInternals, placed: readonly PlacedGlyph[]): string {
  const upm = run.font.fontkit.unitsPerEm || 1000;
  let out = '';
  for (const glyph of placed) {
    if (glyph.codePoints.length === 0) continue;
    const gid = includeGlyph(font, glyph.id, glyph.codePoints, glyph.advance);
    const factor = glyph.advance > 0 ? glyph.advance / upm / 0.5 : 1;
    out +=
      `/Span <</ActualText ${utf16Hex(String.fromCodePoint(...glyph.codePoints))}>> BDC\n` +
      `BT\n3 Tr\n${num(100 / factor, 3)} Tz\n/${font.id} ${num(pdfFontSize(run.size) * factor, 2)} Tf\n1 0 0 -1 ${num(glyph.x)} ${num(glyph.y)} Tm\n` +
      `<${gid.toString(16).padStart(4, '0')}> Tj\nET\nEMC\n`;
  }
  return out.slice(0, -1);
}
