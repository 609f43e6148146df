// Faces with CFF outlines (.otf, "OTTO") as Type 3 fonts, as Chromium's PDF backend (Skia) writes
// them: each glyph's outline a CharProc in font units with y pointing down (FontMatrix
// [1/upm 0 0 -1/upm 0 0]), single-byte codes, glyph ids split into fonts of 255 (code = glyph id
// less the font's first id, plus one; code 0 is .notdef). Text extractors (poppler) size and order
// Type 3 text by other rules than CID text, so the same structure makes the text layer read as
// Chromium's does.
import type { Font as FontkitFont } from 'fontkit';
import { descriptorFlags, PdfToken, subsetTag, toUnicodeCmap, utf16Code } from './embed-font.js';
import { cffStandInRegion, type CjkRegion } from '../fonts/cff-stand-ins.js';
import { num } from './number.js';
import type { DocumentInternals, EmbeddedFontInternals, PdfRef } from './pdfkit-internals.js';
import { chromiumGroup } from './type3-groups.js';

/** Glyph ids per Type 3 font (codes 1..255; 0 is .notdef). */
const GLYPHS_PER_FONT = 255;

/** Entries per beginbfchar block (the CMap limit). */
const BFCHAR_BLOCK = 100;

interface FontkitTables {
  readonly directory: { readonly tables: Record<string, unknown> };
}

interface FaceMetrics {
  readonly italicAngle: number;
  readonly capHeight: number;
  readonly xHeight: number;
  readonly ascent: number;
}

/** Whether the face's outlines are CFF (or CFF2) rather than TrueType glyf. */
export function hasCffOutlines(fk: FontkitFont): boolean {
  const tables = (fk as unknown as FontkitTables).directory?.tables ?? {};
  return tables['CFF '] !== undefined || tables['CFF2'] !== undefined;
}

/** Font keys past any group of Noto Sans CJK's 65 536 glyph ids: fonts of a stand-in's own ids. */
const GROUPS_OF_65536_IDS = 258;

/** What a full font's key grows by for the font that follows it. */
const OVERFLOW_KEY = 1000;

/** The code of `gid` in a font whose codes go in order of use, 1 to 255. */
function codeInOrderOfUse(font: Type3Font, gid: number): number {
  let code = font.codes.get(gid);
  if (code === undefined) font.codes.set(gid, (code = font.codes.size + 1));
  return code;
}

/** The first glyph id of the Type 3 font holding glyph `gid` (glyph 0 goes with the first). */
function firstGlyphOf(gid: number): number {
  return gid === 0 ? 1 : gid - ((gid - 1) % GLYPHS_PER_FONT);
}

/** Where a glyph is written: the page font resource holding it and its code as two hex digits. */
export interface Type3Glyph {
  readonly font: string;
  readonly code: string;
}

/** One Type 3 font object: the glyphs of one range of 255 ids a document uses. */
class Type3Font {
  dictionary: PdfRef | null = null;
  private embedded = false;
  /** Glyph ids used, by code. */
  readonly glyphs = new Map<number, number>();
  /** Codes by glyph id, for a font whose codes are given in order of use (grouped by Chromium's ids). */
  readonly codes = new Map<number, number>();
  /** Advances (font units) by code. */
  readonly widths = new Map<number, number>();
  /** Characters by code (first use that has them). */
  readonly unicode = new Map<number, readonly number[]>();

  constructor(
    private readonly face: Type3Face,
    readonly id: string,
    readonly first: number,
  ) {}

  ref(): PdfRef {
    return (this.dictionary ??= this.face.doc.ref());
  }

  /** Called by pdfkit's end() for every entry of _fontFamilies. */
  finalize(): void {
    if (this.embedded || this.dictionary === null) return;
    this.face.write(this, this.dictionary);
    this.embedded = true;
  }
}

/** A CFF face's Type 3 fonts in one document. */
export class Type3Face {
  private readonly fonts = new Map<number, Type3Font>();
  private descriptor: PdfRef | null = null;
  private readonly upm: number;
  private readonly procs = new Map<number, string>();

  /** The Noto Sans CJK region the face stands in for, whose glyph ids group its glyphs. */
  private readonly region: CjkRegion | undefined;
  /** The stroke (font units) that makes the outlines bold, 0 for the face's own outlines. */
  private readonly embolden: number;

  /**
   * The face's Type 3 fonts; with `emboldened`, its outlines made bold as Skia makes them for
   * synthetic bold (stroked and filled, a thirty-second of the em wide, mitred), in fonts of
   * their own.
   */
  constructor(
    readonly doc: DocumentInternals,
    private readonly embedded: EmbeddedFontInternals,
    emboldened = false,
  ) {
    this.upm = embedded.font.unitsPerEm || 1000;
    this.region = cffStandInRegion(embedded.font);
    this.embolden = emboldened ? this.upm / 32 : 0;
  }

  /** Includes glyph `gid` (its characters and advance in font units) and registers its font on the current page. */
  include(gid: number, codePoints: readonly number[], advance: number): Type3Glyph {
    const font = this.fontFor(gid, codePoints);
    const code = gid === 0 ? 0 : this.region === undefined ? gid - font.first + 1 : codeInOrderOfUse(font, gid);
    if (!font.glyphs.has(code)) {
      font.glyphs.set(code, gid);
      font.widths.set(code, gid === 0 ? this.embedded.font.getGlyph(0).advanceWidth : advance);
    }
    if (!font.unicode.has(code) && codePoints.length > 0) font.unicode.set(code, codePoints);
    const page = this.doc.page!;
    if (page.fonts[font.id] == null) page.fonts[font.id] = font.ref();
    return { font: font.id, code: code < 0x10 ? `0${code.toString(16)}` : code.toString(16) };
  }

  /**
   * The font holding glyph `gid`: that of its range of 255 ids; for a stand-in for Noto Sans CJK,
   * that of the range its character's glyph has in Noto Sans CJK (decision 0376), glyphs the table
   * does not know in fonts of their own ids' ranges after those, and a font that is full followed
   * by another of its group.
   */
  private fontFor(gid: number, codePoints: readonly number[]): Type3Font {
    const known = this.region === undefined || gid === 0 ? null : this.chromiumGroup(gid, codePoints);
    const ownGroup = (firstGlyphOf(gid) - 1) / GLYPHS_PER_FONT;
    let key = known ?? (this.region === undefined ? ownGroup : GROUPS_OF_65536_IDS + ownGroup);
    for (;;) {
      let font = this.fonts.get(key);
      if (font === undefined) {
        font = new Type3Font(this, `${this.embedded.id}${this.embolden > 0 ? 'B' : 'T'}${key}`, this.region === undefined ? firstGlyphOf(gid) : 1);
        this.fonts.set(key, font);
        // pdfkit's end() finalizes every font it has filed.
        (this.doc._fontFamilies as Record<string, unknown>)[font.id] = font;
      }
      if (this.region === undefined || gid === 0 || font.codes.has(gid) || font.codes.size < GLYPHS_PER_FONT) return font;
      key += OVERFLOW_KEY;
    }
  }

  /** The group of `gid`'s character in Noto Sans CJK: its plain glyph's, or its vertical form's. */
  private chromiumGroup(gid: number, codePoints: readonly number[]): number | null {
    if (codePoints.length !== 1) return null;
    const plain = this.embedded.font.glyphForCodePoint(codePoints[0]).id;
    return chromiumGroup(this.region!, codePoints[0], plain !== gid);
  }

  /** The glyph's CharProc: its advance and ink box (d1), then its outline, y flipped. */
  private proc(gid: number, width: number): string {
    let text = this.procs.get(gid);
    if (text !== undefined) return text;
    const glyph = this.embedded.font.getGlyph(gid);
    const box = glyph.bbox;
    const ops: string[] = [];
    const inked = box.maxX > box.minX && box.maxY > box.minY;
    const out = this.embolden / 2;
    ops.push(inked ? `${num(width)} 0 ${num(box.minX - out)} ${num(-box.maxY - out)} ${num(box.maxX + out)} ${num(-box.minY + out)} d1` : `${num(width)} 0 0 0 0 0 d1`);
    if (inked && this.embolden > 0) ops.push(`0 j 4 M ${num(this.embolden)} w`);
    if (inked) {
      const point = (x: number, y: number): string => `${num(x)} ${num(-y)}`;
      let x = 0;
      let y = 0;
      for (const { command, args } of glyph.path.commands) {
        if (command === 'moveTo' || command === 'lineTo') ops.push(`${point(args[0], args[1])} ${command === 'moveTo' ? 'm' : 'l'}`);
        else if (command === 'bezierCurveTo') ops.push(`${point(args[0], args[1])} ${point(args[2], args[3])} ${point(args[4], args[5])} c`);
        else if (command === 'quadraticCurveTo') {
          // The cubic with the same curve: control points two thirds of the way to the quadratic's.
          const [qx, qy, ex, ey] = args;
          ops.push(`${point(x + (2 / 3) * (qx - x), y + (2 / 3) * (qy - y))} ${point(ex + (2 / 3) * (qx - ex), ey + (2 / 3) * (qy - ey))} ${point(ex, ey)} c`);
        } else if (command === 'closePath') ops.push('h');
        if (args.length >= 2) [x, y] = args.slice(-2);
      }
      ops.push(this.embolden > 0 ? 'B' : 'f');
    }
    text = ops.join('\n');
    this.procs.set(gid, text);
    return text;
  }

  private stream(text: string): PdfRef {
    const ref = this.doc.ref({});
    ref.end(Buffer.from(text, 'latin1'));
    return ref;
  }

  private fontDescriptor(): PdfRef {
    if (this.descriptor !== null) return this.descriptor;
    const fk = this.embedded.font;
    const t = fk as unknown as FaceMetrics;
    this.descriptor = this.doc.ref({
      Type: 'FontDescriptor',
      FontName: `${subsetTag(this.embedded.id)}+${fk.postscriptName?.replaceAll(' ', '_')}`,
      Flags: descriptorFlags(fk),
      ItalicAngle: t.italicAngle,
      // In the glyph space's y-down units, as Skia writes it.
      CapHeight: -(t.capHeight || t.ascent),
      XHeight: t.xHeight || 0,
      StemV: 0,
    });
    this.descriptor.end();
    return this.descriptor;
  }

  /** Writes `font`'s dictionary, CharProcs and ToUnicode (at the document's end). */
  write(font: Type3Font, dictionary: PdfRef): void {
    if (!font.glyphs.has(0)) {
      font.glyphs.set(0, 0);
      font.widths.set(0, this.embedded.font.getGlyph(0).advanceWidth);
    }
    const codes = [...font.glyphs.keys()].sort((a, b) => a - b);
    const last = codes[codes.length - 1];
    const name = (gid: number): string => `g${gid.toString(16).toUpperCase()}`;
    const charProcs: Record<string, PdfRef> = {};
    let minX = Infinity;
    let minY = Infinity;
    let maxX = -Infinity;
    let maxY = -Infinity;
    for (const code of codes) {
      const gid = font.glyphs.get(code)!;
      charProcs[name(gid)] = this.stream(this.proc(gid, font.widths.get(code)!));
      const box = this.embedded.font.getGlyph(gid).bbox;
      if (!(box.maxX > box.minX && box.maxY > box.minY)) continue;
      const out = this.embolden / 2;
      minX = Math.min(minX, box.minX - out);
      minY = Math.min(minY, box.minY - out);
      maxX = Math.max(maxX, box.maxX + out);
      maxY = Math.max(maxY, box.maxY + out);
    }
    if (minX === Infinity) minX = minY = maxX = maxY = 0;
    const differences: (number | string)[] = [0];
    const widths: number[] = [];
    for (let code = 0; code <= last; code++) {
      const gid = font.glyphs.get(code);
      differences.push(name(gid ?? 0));
      widths.push(gid === undefined ? 0 : Math.round(font.widths.get(code)! * 1e6) / 1e6);
    }
    const scale = 1 / this.upm;
    dictionary.data = {
      Type: 'Font',
      Subtype: 'Type3',
      FontBBox: [minX, -minY, maxX, -maxY],
      FontMatrix: new PdfToken(`[${Number(Math.fround(scale).toPrecision(9))} 0 0 ${-Number(Math.fround(scale).toPrecision(9))} 0 0]`),
      CharProcs: charProcs,
      Encoding: { Type: 'Encoding', Differences: differences },
      FirstChar: 0,
      LastChar: last,
      Widths: widths,
      FontDescriptor: this.fontDescriptor(),
      ToUnicode: this.stream(type3ToUnicode(font.unicode)),
    };
    dictionary.end();
  }
}

/** The ToUnicode CMap of a single-byte font: one bfchar per code with characters. */
function type3ToUnicode(unicode: ReadonlyMap<number, readonly number[]>): string {
  const entries = [...unicode.entries()].sort((a, b) => a[0] - b[0]).map(([code, cps]) => `<${code.toString(16).padStart(2, '0')}> <${cps.map(utf16Code).join('')}>`);
  const blocks: string[] = [];
  for (let start = 0; start < entries.length; start += BFCHAR_BLOCK) {
    const block = entries.slice(start, start + BFCHAR_BLOCK);
    blocks.push(`${block.length} beginbfchar\n${block.join('\n')}\nendbfchar`);
  }
  return toUnicodeCmap('<00><ff>', blocks.join('\n'));
}
