// TrueType subsetting for embedded fonts, byte for byte what fontkit's TTFSubset writes, but with
// the work that does not depend on the document done once per face and glyph: fontkit decodes
// every glyph's outline and re-encodes the head/hhea/maxp/cvt/prep/fpgm tables field by field
// through restructure on every encode(), which was a quarter of a one-page render.
import type { Font as FontkitFont } from 'fontkit';

/** One glyph as the subset copies it: its glyf bytes, composite components, and hmtx metrics. */
interface GlyphData {
  readonly bytes: Uint8Array;
  /** Component glyph ids of a composite glyph and where in `bytes` each id is stored. */
  readonly components: readonly { readonly gid: number; readonly pos: number }[] | null;
  readonly advance: number;
  readonly bearing: number;
}

/** Per-face tables the subset copies unchanged (hhea and maxp get their glyph counts patched). */
interface FaceData {
  /** Table tags and bytes in fontkit's order; loca, glyf and hmtx are null placeholders. */
  readonly tables: readonly (readonly [tag: string, bytes: Uint8Array | null])[];
  readonly longLoca: boolean;
  readonly glyphs: Map<number, GlyphData>;
  /** The glyf table's bytes, read once (a WOFF font's are inflated). */
  glyf?: Uint8Array;
}

interface FontkitInternals {
  readonly directory: { readonly tables: Record<string, { readonly offset: number; readonly length: number } | undefined> };
  readonly loca: { readonly version: number; readonly offsets: ArrayLike<number> };
  /** The stream a table is read from, at its start: the file itself, or a WOFF table inflated. */
  _getTableStream(tag: string): { readonly buffer: Uint8Array; readonly pos: number } | null;
  readonly _variationProcessor?: unknown;
  readonly hmtx: unknown;
  getGlyph(gid: number): {
    readonly advanceWidth: number;
    _getMetrics(): { leftBearing: number };
    _getTableMetrics(table: unknown): { advance: number; bearing: number };
  };
  createSubset(): { includeGlyph(gid: number): number; encode(): Uint8Array };
}

/** The tables fontkit's TTFSubset writes, in its order. */
const TABLE_ORDER = ['head', 'hhea', 'loca', 'maxp', 'cvt ', 'prep', 'glyf', 'hmtx', 'fpgm'] as const;
const GENERATED = new Set(['loca', 'glyf', 'hmtx']);

const faces = new WeakMap<FontkitFont, FaceData | null>();

function u16(b: Uint8Array, at: number): number {
  return (b[at] << 8) | b[at + 1];
}

function u32(b: Uint8Array, at: number): number {
  return ((b[at] << 24) >>> 0) + ((b[at + 1] << 16) | (b[at + 2] << 8) | b[at + 3]);
}

/**
 * The constant tables of a face, taken from fontkit's own encoding of a one-glyph subset (so
 * they are exactly what fontkit writes), or null when the face is not plain static TrueType.
 */
function faceData(font: FontkitFont): FaceData | null {
  let data = faces.get(font);
  if (data !== undefined) return data;
  data = null;
  const f = font as unknown as FontkitInternals;
  try {
    if (f.directory.tables.glyf !== undefined && f.directory.tables['CFF '] === undefined && !f._variationProcessor) {
      const sample = f.createSubset().encode();
      const count = u16(sample, 4);
      const found = new Map<string, Uint8Array>();
      for (let i = 0; i < count; i++) {
        const at = 12 + i * 16;
        const tag = String.fromCharCode(sample[at], sample[at + 1], sample[at + 2], sample[at + 3]);
        const offset = u32(sample, at + 8);
        found.set(tag, sample.slice(offset, offset + u32(sample, at + 12)));
      }
      const tables = TABLE_ORDER.filter((tag) => GENERATED.has(tag) || found.has(tag)).map(
        (tag) => [tag, GENERATED.has(tag) ? null : found.get(tag)!] as const,
      );
      const hhea = found.get('hhea');
      const maxp = found.get('maxp');
      if (tables.length === count && hhea !== undefined && hhea.length >= 36 && maxp !== undefined && maxp.length >= 6) {
        data = { tables, longLoca: f.loca.version !== 0, glyphs: new Map() };
      }
    }
  } catch {
    data = null;
  }
  faces.set(font, data);
  return data;
}

/** The glyf table's bytes as a plain view; in a WOFF file a compressed table is inflated by fontkit. */
function glyfTable(f: FontkitInternals): Uint8Array {
  const length = f.directory.tables.glyf?.length ?? 0;
  const stream = f._getTableStream('glyf');
  if (stream === null) return new Uint8Array(0);
  const { buffer, pos } = stream;
  const available = Math.max(0, Math.min(length, buffer.length - pos));
  return new Uint8Array(buffer.buffer, buffer.byteOffset + pos, available);
}

const ARG_1_AND_2_ARE_WORDS = 0x0001;
const WE_HAVE_A_SCALE = 0x0008;
const MORE_COMPONENTS = 0x0020;
const WE_HAVE_AN_X_AND_Y_SCALE = 0x0040;
const WE_HAVE_A_TWO_BY_TWO = 0x0080;

function glyphData(font: FontkitFont, face: FaceData, gid: number): GlyphData {
  let g = face.glyphs.get(gid);
  if (g !== undefined) return g;
  const f = font as unknown as FontkitInternals;
  const glyf = (face.glyf ??= glyfTable(f));
  // Offsets past the table (a malformed loca) give an empty glyph rather than a read out of bounds.
  const start = Math.min(f.loca.offsets[gid] ?? 0, glyf.length);
  const end = Math.max(start, Math.min(f.loca.offsets[gid + 1] ?? start, glyf.length));
  // A plain Uint8Array view (a Buffer's slice() would not copy, and patching would corrupt the font).
  const bytes = new Uint8Array(glyf.buffer, glyf.byteOffset + start, end - start);
  let components: { gid: number; pos: number }[] | null = null;
  if (bytes.length >= 10 && (u16(bytes, 0) & 0x8000) !== 0) {
    components = [];
    let at = 10;
    let flags = MORE_COMPONENTS;
    while ((flags & MORE_COMPONENTS) !== 0 && at + 4 <= bytes.length) {
      flags = u16(bytes, at);
      components.push({ gid: u16(bytes, at + 2), pos: at + 2 });
      at += 4 + ((flags & ARG_1_AND_2_ARE_WORDS) !== 0 ? 4 : 2);
      if ((flags & WE_HAVE_A_SCALE) !== 0) at += 2;
      else if ((flags & WE_HAVE_AN_X_AND_Y_SCALE) !== 0) at += 4;
      else if ((flags & WE_HAVE_A_TWO_BY_TWO) !== 0) at += 8;
    }
  }
  const glyph = f.getGlyph(gid);
  let advance: number;
  let bearing: number;
  try {
    advance = glyph.advanceWidth;
    bearing = glyph._getMetrics().leftBearing;
  } catch {
    // fontkit reads the glyph header for metrics, past the table's end for an empty last glyph.
    ({ advance, bearing } = glyph._getTableMetrics(f.hmtx));
  }
  g = { bytes, components, advance, bearing };
  face.glyphs.set(gid, g);
  return g;
}

/** The subset pdfkit's EmbeddedFont drives: includeGlyph while writing text, encode when embedding. */
export class TrueTypeSubset {
  /** Always null: this subset is TrueType (pdfkit tests `subset.cff` to pick the font file type). */
  readonly cff = null;
  private readonly glyphs: number[] = [];
  private readonly mapping = new Map<number, number>();

  private constructor(
    private readonly font: FontkitFont,
    private readonly face: FaceData,
  ) {
    this.includeGlyph(0);
  }

  /** A subset of `font`, or null when it is not a static TrueType face (fontkit's own subsetter handles those). */
  static for(font: FontkitFont): TrueTypeSubset | null {
    const face = faceData(font);
    return face === null ? null : new TrueTypeSubset(font, face);
  }

  /** The glyph's id in the subset, adding it on first use. */
  includeGlyph(gid: number): number {
    let id = this.mapping.get(gid);
    if (id === undefined) {
      id = this.glyphs.length;
      this.glyphs.push(gid);
      this.mapping.set(gid, id);
    }
    return id;
  }

  /** The glyph ids included so far, in subset order, as a string (a cache key). */
  glyphList(): string {
    return this.glyphs.join(',');
  }

  /** The subset font file. */
  encode(): Uint8Array {
    const { face, font } = this;
    const glyphs: GlyphData[] = [];
    const glyf: Uint8Array[] = [];
    // Composite glyphs add their components as they go, so the list grows while it is walked.
    for (let i = 0; i < this.glyphs.length; i++) {
      const g = glyphData(font, face, this.glyphs[i]);
      let bytes = g.bytes;
      if (g.components !== null) {
        bytes = bytes.slice();
        for (const c of g.components) {
          const id = this.includeGlyph(c.gid);
          bytes[c.pos] = id >> 8;
          bytes[c.pos + 1] = id & 0xff;
        }
      }
      glyphs.push(g);
      glyf.push(bytes);
    }
    const n = glyphs.length;
    let glyfLength = 0;
    for (const b of glyf) glyfLength += b.length;
    const locaLength = (n + 1) * (face.longLoca ? 4 : 2);
    const hmtxLength = n * 4;
    const lengthOf = (tag: string, bytes: Uint8Array | null): number =>
      bytes !== null ? bytes.length : tag === 'loca' ? locaLength : tag === 'glyf' ? glyfLength : hmtxLength;

    const numTables = face.tables.length;
    let total = 12 + 16 * numTables;
    for (const [tag, bytes] of face.tables) total += lengthOf(tag, bytes);
    const out = new Uint8Array(total);
    const view = new DataView(out.buffer);
    // Offset table, as fontkit's Directory.preEncode computes it.
    const maxPowerOf2 = 2 ** Math.floor(Math.log2(numTables));
    out.set([0x74, 0x72, 0x75, 0x65]); // 'true'
    view.setUint16(4, numTables);
    view.setUint16(6, maxPowerOf2 * 16);
    view.setUint16(8, Math.log2(maxPowerOf2));
    view.setUint16(10, numTables * 16 - maxPowerOf2 * 16);
    let offset = 12 + 16 * numTables;
    for (let t = 0; t < numTables; t++) {
      const [tag, bytes] = face.tables[t];
      const length = lengthOf(tag, bytes);
      const entry = 12 + 16 * t;
      for (let i = 0; i < 4; i++) out[entry + i] = tag.charCodeAt(i);
      // checkSum stays 0, as fontkit writes it.
      view.setUint32(entry + 8, offset);
      view.setUint32(entry + 12, length);
      if (bytes !== null) {
        out.set(bytes, offset);
        if (tag === 'hhea') view.setUint16(offset + 34, n); // numberOfMetrics
        else if (tag === 'maxp') view.setUint16(offset + 4, n); // numGlyphs
      } else if (tag === 'loca') {
        let at = 0;
        for (let i = 0; i <= n; i++) {
          if (face.longLoca) view.setUint32(offset + i * 4, at);
          else view.setUint16(offset + i * 2, at >>> 1);
          if (i < n) at += glyf[i].length;
        }
      } else if (tag === 'glyf') {
        let at = offset;
        for (const b of glyf) {
          out.set(b, at);
          at += b.length;
        }
      } else {
        for (let i = 0; i < n; i++) {
          view.setUint16(offset + i * 4, glyphs[i].advance);
          view.setInt16(offset + i * 4 + 2, glyphs[i].bearing);
        }
      }
      offset += length;
    }
    return out;
  }
}
