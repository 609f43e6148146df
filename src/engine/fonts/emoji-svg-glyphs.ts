// Colour glyphs from a face's OpenType `SVG ` table (the colour emoji face carries one beside its
// COLRv1 table): each glyph as a standalone SVG document in font units, y down from the baseline,
// for the PDF writer to draw as vectors. The table is read on the first colour glyph drawn.
import type { Font as FontkitFont } from 'fontkit';
import { gunzipSync } from 'node:zlib';

interface TableStream {
  readonly buffer: Uint8Array;
  readonly pos: number;
}

interface FontInternals {
  readonly directory: { readonly tables: Record<string, { readonly length: number; readonly origLength?: number } | undefined> };
  _getTableStream(tag: string): TableStream | null;
}

interface DocumentRecord {
  readonly first: number;
  readonly last: number;
  readonly offset: number;
  readonly length: number;
}

/** One SVG document of the table, its elements indexed by id on first use. */
interface SvgDocument {
  readonly text: string;
  readonly ids: Map<string, number>;
}

/** A glyph's drawing: an SVG document whose user space is font units, origin at the pen on the baseline. */
export interface ColorGlyph {
  readonly svg: string;
  /** The box it is drawn in (font units, y down): the advance and the face's ascent and descent, with a margin. */
  readonly box: readonly [x: number, y: number, width: number, height: number];
}

export class SvgGlyphTable {
  private records: DocumentRecord[] | null = null;
  private bytes: Uint8Array | null = null;
  private readonly documents = new Map<number, SvgDocument>();
  private readonly glyphs = new Map<number, ColorGlyph | null>();

  constructor(private readonly font: FontkitFont) {}

  /** The glyph's colour drawing, or null when the table has none for it. */
  glyph(id: number): ColorGlyph | null {
    let glyph = this.glyphs.get(id);
    if (glyph === undefined) {
      glyph = this.build(id);
      this.glyphs.set(id, glyph);
    }
    return glyph;
  }

  private build(id: number): ColorGlyph | null {
    const record = this.recordFor(id);
    if (record === null) return null;
    const doc = this.document(record);
    const start = doc.ids.get(`glyph${id}`);
    if (start === undefined) return null;
    const element = doc.text.slice(start, elementEnd(doc.text, start));
    const defs = referencedDefinitions(doc, element);
    const upm = this.font.unitsPerEm;
    const advance = this.font.getGlyph(id).advanceWidth;
    const margin = upm / 4;
    const ascent = this.font.ascent;
    const descent = -this.font.descent;
    const box = [-margin, -ascent - margin, advance + 2 * margin, ascent + descent + 2 * margin] as const;
    const svg =
      `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="${box.join(' ')}" width="${box[2]}" height="${box[3]}">` +
      `<defs>${defs}</defs>${element}</svg>`;
    return { svg, box };
  }

  private recordFor(id: number): DocumentRecord | null {
    if (this.records === null) {
      this.records = [];
      const internals = this.font as unknown as FontInternals;
      const entry = internals.directory.tables['SVG '];
      const stream = entry && internals._getTableStream('SVG ');
      if (!entry || !stream) return null;
      const length = Math.min(stream.buffer.length - stream.pos, entry.origLength ?? entry.length);
      const bytes = stream.buffer.subarray(stream.pos, stream.pos + length);
      const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      const list = view.getUint32(2);
      const count = view.getUint16(list);
      for (let i = 0; i < count; i++) {
        const at = list + 2 + i * 12;
        this.records.push({ first: view.getUint16(at), last: view.getUint16(at + 2), offset: list + view.getUint32(at + 4), length: view.getUint32(at + 8) });
      }
      this.bytes = bytes;
    }
    // Records are sorted by glyph id (OpenType SVG table).
    let lo = 0;
    let hi = this.records.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const r = this.records[mid];
      if (id < r.first) hi = mid - 1;
      else if (id > r.last) lo = mid + 1;
      else return r;
    }
    return null;
  }

  private document(record: DocumentRecord): SvgDocument {
    let doc = this.documents.get(record.offset);
    if (doc === undefined) {
      let bytes = this.bytes!.subarray(record.offset, record.offset + record.length);
      if (bytes[0] === 0x1f && bytes[1] === 0x8b) bytes = gunzipSync(bytes);
      const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8');
      // Each element's id, to its start (string searches: a regular expression over the 14 MB of
      // the emoji face's main document took several times as long).
      const ids = new Map<string, number>();
      for (let at = text.indexOf(' id="'); at >= 0; at = text.indexOf(' id="', at + 5)) {
        const end = text.indexOf('"', at + 5);
        if (end < 0) break;
        const id = text.slice(at + 5, end);
        if (!ids.has(id)) ids.set(id, text.lastIndexOf('<', at));
      }
      doc = { text, ids };
      this.documents.set(record.offset, doc);
    }
    return doc;
  }
}

/** The offset just past the element starting at `start` (its end tag, or the end of a self-closing tag). */
function elementEnd(text: string, start: number): number {
  const tagEnd = text.indexOf('>', start);
  if (tagEnd < 0) return text.length;
  if (text[tagEnd - 1] === '/') return tagEnd + 1;
  const name = /^<([^\s/>]+)/.exec(text.slice(start, start + 64))![1];
  const open = new RegExp(`<${name}[\\s/>]|</${name}>`, 'g');
  open.lastIndex = tagEnd + 1;
  let depth = 1;
  for (let m = open.exec(text); m !== null; m = open.exec(text)) {
    if (m[0].startsWith('</')) {
      if (--depth === 0) return m.index + m[0].length;
    } else {
      const end = text.indexOf('>', m.index);
      if (text[end - 1] !== '/') depth++;
    }
  }
  return text.length;
}

const REFERENCE = /(?:href="#|url\(#)([^")]+)/g;

/** The elements `element` refers to (uses, gradients, clip paths), and those they refer to, as markup. */
function referencedDefinitions(doc: SvgDocument, element: string): string {
  const seen = new Set<string>();
  const out: string[] = [];
  const visit = (markup: string): void => {
    for (const [, id] of markup.matchAll(REFERENCE)) {
      if (seen.has(id)) continue;
      seen.add(id);
      const start = doc.ids.get(id);
      if (start === undefined) continue;
      const definition = doc.text.slice(start, elementEnd(doc.text, start));
      visit(definition);
      out.push(definition);
    }
  };
  visit(element);
  return out.join('');
}

const tables = new WeakMap<FontkitFont, SvgGlyphTable>();

/**
 * Readies a parsed face for pagesmith: a face with an SVG table is drawn in colour from it; its
 * COLR table is hidden from fontkit, which reads only version 0 and fails on the COLRv1 the emoji
 * face also carries (its glyphs become plain outline glyphs, used for the text layer).
 */
export function prepareColorFont(font: FontkitFont): void {
  const internals = font as unknown as FontInternals;
  const tags = internals.directory.tables;
  if (tags['SVG '] === undefined) return;
  tables.set(font, new SvgGlyphTable(font));
  if (tags.COLR !== undefined) delete tags.COLR;
}

/** The face's colour glyphs, or null for a face drawn as plain text. */
export function colorGlyphTable(font: FontkitFont): SvgGlyphTable | null {
  return tables.get(font) ?? null;
}
