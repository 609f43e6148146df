// Embedding a TrueType face subset: the same objects pdfkit's EmbeddedFont.embed writes (Type0
// font, CIDFontType2, descriptor, FontFile2, ToUnicode), with the deflated font program and
// ToUnicode CMap kept per process: the same template's fonts come out byte-identical
// document after document, and deflating them again was most of what embedding cost.
import type { Font as FontkitFont } from 'fontkit';
import { deflateSync } from 'node:zlib';
import type { EmbeddedFontInternals, PdfRef, PdfStreamRef } from './pdfkit-internals.js';
import type { TrueTypeSubset } from './ttf-subset.js';
import { colorGlyphTable } from '../fonts/emoji-svg-glyphs.js';
import { COLOR_TEXT_EXTENT } from './color-glyphs.js';

interface DocumentLike {
  readonly compress: boolean;
  readonly subset?: unknown;
  ref(data?: Record<string, unknown>): PdfRef;
}

interface EmbeddingFont extends EmbeddedFontInternals {
  readonly document: DocumentLike;
  readonly ascender: number;
  readonly descender: number;
  dictionary: PdfRef | null;
  embed(): void;
}

interface FontTables {
  readonly 'OS/2'?: { readonly sFamilyClass?: number };
  readonly post: { readonly isFixedPitch?: number | boolean };
  readonly head: { readonly macStyle: { readonly italic?: boolean } };
  readonly bbox: { readonly minX: number; readonly minY: number; readonly maxX: number; readonly maxY: number };
  readonly italicAngle: number;
  readonly capHeight: number;
  readonly xHeight: number;
  readonly ascent: number;
}

/** What embedding one face's subset produces that depends only on the face and the subset's glyph list. */
interface SubsetEntry {
  /** The deflated font program. */
  program?: Uint8Array;
  /** The /W array as pdfkit writes it. */
  widths?: PdfToken;
  /** The ToUnicode CMap for the code points it was made from (which the glyph list alone does not fix). */
  cmap?: { readonly unicode: readonly (readonly number[] | undefined)[]; readonly text: string; deflated?: Uint8Array };
}

/** Entries per face by glyph list (most recent last). */
const MAX_SUBSETS_PER_FACE = 16;
const subsets = new WeakMap<FontkitFont, Map<string, SubsetEntry>>();

function remember<K, V>(map: Map<K, V>, key: K, value: V, max: number): V {
  if (map.size >= max) map.delete(map.keys().next().value as K);
  map.set(key, value);
  return value;
}

/** The cache entry for the subset as it stands (before encode() adds composite glyphs' components, which follow from the list). */
function subsetEntry(font: FontkitFont, subset: TrueTypeSubset): SubsetEntry {
  let byList = subsets.get(font);
  if (byList === undefined) {
    byList = new Map();
    subsets.set(font, byList);
  }
  const key = subset.glyphList();
  const hit = byList.get(key);
  if (hit !== undefined) {
    byList.delete(key);
    byList.set(key, hit);
    return hit;
  }
  return remember(byList, key, {}, MAX_SUBSETS_PER_FACE);
}

/**
 * Text pdfkit writes as it is: PDFObject.convert writes an object that is neither a string,
 * number, array, dictionary nor one of its own types through `${object}`.
 */
export class PdfToken {
  readonly [Symbol.toStringTag] = 'PdfToken';
  constructor(private readonly text: string) {}
  toString(): string {
    return this.text;
  }
}

/** pdfkit's rounding of numbers in objects (PDFObject.number). */
function pdfNumber(n: number): number {
  return Math.round(n * 1e6) / 1e6;
}

/** `[0, widths]` as pdfkit converts it (holes as null). */
function widthsToken(widths: readonly (number | undefined)[]): PdfToken {
  let items = '';
  for (let i = 0; i < widths.length; i++) {
    const w = widths[i];
    if (i > 0) items += ' ';
    items += w === undefined || w === null ? 'null' : `${pdfNumber(w)}`;
  }
  return new PdfToken(`[0 [${items}]]`);
}

/** A stream object holding `bytes`, deflated (through `deflated`, which may come from a cache) when the document compresses. */
function streamRef(doc: DocumentLike, data: Record<string, unknown>, raw: () => Uint8Array, deflated: () => Uint8Array): PdfRef {
  if (!doc.compress) {
    const ref = doc.ref(data);
    ref.end(raw());
    return ref;
  }
  // Written as pdfkit writes a stream it deflates itself (same dictionary order), without deflating again.
  const ref = doc.ref(data) as PdfStreamRef;
  ref.compress = false;
  ref.write(deflated());
  ref.data.Filter = 'FlateDecode';
  ref.end();
  return ref;
}

function sameCodePoints(a: readonly (readonly number[] | undefined)[], b: readonly (readonly number[] | undefined)[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const x = a[i];
    const y = b[i];
    if (x === y) continue;
    if (x === undefined || y === undefined || x.length !== y.length) return false;
    for (let j = 0; j < x.length; j++) if (x[j] !== y[j]) return false;
  }
  return true;
}

function hex4(n: number): string {
  return n < 0x10 ? `000${n.toString(16)}` : n < 0x100 ? `00${n.toString(16)}` : n < 0x1000 ? `0${n.toString(16)}` : n.toString(16);
}

/** One character as UTF-16 code units in hex (a surrogate pair as two units, space-separated). */
export function utf16Code(value: number): string {
  if (value <= 0xffff) return hex4(value);
  value -= 0x10000;
  return `${hex4(((value >>> 10) & 0x3ff) | 0xd800)} ${hex4(0xdc00 | (value & 0x3ff))}`;
}

/** pdfkit's ToUnicode CMap text for the subset's code points. */
function cidToUnicodeCmap(unicode: readonly (readonly number[] | undefined)[]): string {
  const entries: string[] = [];
  for (const codePoints of unicode) entries.push(`<${(codePoints ?? []).map(utf16Code).join(' ')}>`);
  const ranges: string[] = [];
  for (let start = 0; start < entries.length; start += 256) {
    const end = Math.min(start + 256, entries.length);
    ranges.push(`<${hex4(start)}> <${hex4(end - 1)}> [${entries.slice(start, end).join(' ')}]`);
  }
  return toUnicodeCmap('<0000><ffff>', `${ranges.length} beginbfrange\n${ranges.join('\n')}\nendbfrange`);
}

/** A ToUnicode CMap with the codespace range `codespace` and the mappings `body`, in pdfkit's layout. */
export function toUnicodeCmap(codespace: string, body: string): string {
  return `/CIDInit /ProcSet findresource begin
12 dict begin
begincmap
/CIDSystemInfo <<
  /Registry (Adobe)
  /Ordering (UCS)
  /Supplement 0
>> def
/CMapName /Adobe-Identity-UCS def
/CMapType 2 def
1 begincodespacerange
${codespace}
endcodespacerange
${body}
endcmap
CMapName currentdict /CMap defineresource pop
end
end
`;
}

/** The FontDescriptor flags pdfkit gives a face. */
export function descriptorFlags(fk: FontkitFont): number {
  const t = fk as unknown as FontTables;
  const familyClass = (t['OS/2']?.sFamilyClass ?? 0) >> 8;
  let flags = 0;
  if (t.post.isFixedPitch) flags |= 1 << 0;
  if (familyClass >= 1 && familyClass <= 7) flags |= 1 << 1;
  flags |= 1 << 2;
  if (familyClass === 10) flags |= 1 << 3;
  if (t.head.macStyle.italic) flags |= 1 << 6;
  return flags;
}

/** pdfkit's six-letter subset tag for the font with id `id` (F1 gives BZZZZZ). */
export function subsetTag(id: string): string {
  return [1, 2, 3, 4, 5, 6].map((i) => String.fromCharCode((id.charCodeAt(i) || 73) + 17)).join('');
}

function embed(font: EmbeddingFont, subset: TrueTypeSubset): void {
  const doc = font.document;
  const fk = font.font;
  const t = fk as unknown as FontTables;
  const entry = subsetEntry(fk, subset);
  const fontFile = streamRef(doc, {}, () => subset.encode(), () => (entry.program ??= deflateSync(subset.encode())));

  const flags = descriptorFlags(fk);
  const name = `${subsetTag(font.id)}+${fk.postscriptName?.replaceAll(' ', '_')}`;
  const { bbox } = t;
  const scale = font.scale;
  const descriptor = doc.ref({
    Type: 'FontDescriptor',
    FontName: name,
    Flags: flags,
    FontBBox: [bbox.minX * scale, bbox.minY * scale, bbox.maxX * scale, bbox.maxY * scale],
    ItalicAngle: t.italicAngle,
    ...(colorGlyphTable(fk) === null ? { Ascent: font.ascender, Descent: font.descender } : COLOR_TEXT_EXTENT),
    CapHeight: (t.capHeight || t.ascent) * scale,
    XHeight: (t.xHeight || 0) * scale,
    StemV: 0,
    FontFile2: fontFile,
  });
  descriptor.end();

  const descendant = doc.ref({
    Type: 'Font',
    Subtype: 'CIDFontType2',
    BaseFont: name,
    // pdfkit writes String objects as PDF strings.
    CIDSystemInfo: { Registry: new String('Adobe'), Ordering: new String('Identity'), Supplement: 0 },
    FontDescriptor: descriptor,
    W: (entry.widths ??= widthsToken(font.widths)),
    CIDToGIDMap: 'Identity',
  });
  descendant.end();

  if (entry.cmap === undefined || !sameCodePoints(entry.cmap.unicode, font.unicode)) {
    entry.cmap = { unicode: font.unicode.map((cps) => cps && [...cps]), text: cidToUnicodeCmap(font.unicode) };
  }
  const toUnicode = entry.cmap;
  const cmap = streamRef(
    doc,
    {},
    () => Buffer.from(toUnicode.text, 'latin1'),
    () => (toUnicode.deflated ??= deflateSync(Buffer.from(toUnicode.text, 'latin1'))),
  );

  const dictionary = font.dictionary!;
  dictionary.data = {
    Type: 'Font',
    Subtype: 'Type0',
    BaseFont: name,
    Encoding: 'Identity-H',
    DescendantFonts: [descendant],
    ToUnicode: cmap,
  };
  dictionary.end();
}

/**
 * Makes pdfkit's EmbeddedFont write its subset through `subset` and this module's embedding.
 * PDF/A documents (which need a CIDSet) keep pdfkit's own embedding.
 */
export function useTrueTypeSubset(font: EmbeddedFontInternals, subset: TrueTypeSubset): void {
  const f = font as EmbeddingFont;
  f.subset = subset;
  if (f.document.subset) return;
  f.embed = () => embed(f, subset);
}
