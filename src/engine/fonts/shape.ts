// Text shaping shared by measuring and painting: fontkit layout per space-terminated chunk,
// the way pdfkit's EmbeddedFont lays text out, cached per font, features and chunk. Chunks of
// Indic, Khmer and Myanmar text go to HarfBuzz once it is loaded (decision 0280).
import type { Font as FontkitFont, GlyphRun } from 'fontkit';
import { hasRightToLeft, mirrored } from '../layout/bidi.js';
import type { FontFeatures } from './features.js';
import { harfBuzzLoaded, needsHarfBuzz, shapeWithHarfBuzz } from './harfbuzz-shaper.js';
import { classOf, type ClassDef } from './opentype-tables.js';
import { shapeSimply } from './simple-shaper.js';
import { fallbackSpace } from './space-fallback.js';

/** One shaped chunk; all lengths in font units. */
export interface ShapedText {
  readonly glyphIds: readonly number[];
  readonly codePoints: readonly (readonly number[])[];
  /** The glyphs' own advances (hmtx), which the PDF /W array holds. */
  readonly glyphAdvances: readonly number[];
  /** Advances after shaping (kerning), and mark offsets. */
  readonly xAdvances: readonly number[];
  readonly xOffsets: readonly number[];
  readonly yOffsets: readonly number[];
  readonly advance: number;
  /**
   * Each glyph's own characters for the PDF's ToUnicode map, where they differ from `codePoints`
   * (which give a cluster's characters to its first glyph, in logical order, for ActualText).
   */
  readonly toUnicode?: readonly (readonly number[])[];
}

// A table's text is measured, laid out and painted in three passes over the whole table: a
// document with more distinct chunks than this shapes each of them three times (decision 0385).
const MAX_CHUNKS_PER_FONT = 32768;
const caches = new WeakMap<FontkitFont, Map<string, ShapedText>>();
const rightToLeftCaches = new WeakMap<FontkitFont, Map<string, ShapedText>>();

/** The chunks pdfkit lays out separately: each ends after a space or tab (or at the end). */
export function splitChunks(text: string): string[] {
  const chunks: string[] = [];
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x20 || c === 0x09) {
      chunks.push(text.slice(start, i + 1));
      start = i + 1;
    }
  }
  if (start < text.length) chunks.push(text.slice(start));
  return chunks;
}

/**
 * Shape one chunk (no inner spaces), from the per-font cache when possible. Right to left, its
 * glyphs come in visual order (what fontkit also does for a chunk of a right-to-left script).
 * `features` (null for the defaults) are the style's OpenType feature settings.
 */
export function shapeChunk(font: FontkitFont, chunk: string, rightToLeft = false, features: FontFeatures | null = null): ShapedText {
  const store = rightToLeft ? rightToLeftCaches : caches;
  let cache = store.get(font);
  if (cache === undefined) {
    cache = new Map();
    store.set(font, cache);
  }
  const key = features === null ? chunk : `${features.key}\u0000${chunk}`;
  const hit = cache.get(key);
  if (hit !== undefined) return hit;
  // Soft hyphens are left out: they are invisible unless layout breaks there.
  const text = chunk.includes('\u00AD') ? chunk.replace(/\u00AD/g, '') : chunk;
  const complex = !rightToLeft && needsHarfBuzz(text);
  const shaped = (complex ? shapeWithHarfBuzz(font, text, features) : null) ?? shapeWithFontkit(font, text, rightToLeft, features);
  // Shaped by fontkit only because HarfBuzz is not loaded yet (text the document scan missed): not
  // kept, so that documents after HarfBuzz loads shape it with HarfBuzz.
  if (complex && !harfBuzzLoaded()) return shaped;
  if (cache.size >= MAX_CHUNKS_PER_FONT) {
    // Drop the oldest eighth; insertion order makes this FIFO.
    let drop = MAX_CHUNKS_PER_FONT >> 3;
    for (const old of cache.keys()) {
      cache.delete(old);
      if (--drop === 0) break;
    }
  }
  cache.set(key, shaped);
  return shaped;
}

function shapeWithFontkit(font: FontkitFont, text: string, rightToLeft: boolean, features: FontFeatures | null): ShapedText {
  const run = (rightToLeft || features !== null ? null : shapeSimply(font, text)) ?? layoutWithoutIdleMarkPositioning(font, text, rightToLeft, features);
  const n = run.glyphs.length;
  const glyphIds = new Array<number>(n);
  const codePoints = new Array<readonly number[]>(n);
  const glyphAdvances = new Array<number>(n);
  const xAdvances = new Array<number>(n);
  const xOffsets = new Array<number>(n);
  const yOffsets = new Array<number>(n);
  let advance = 0;
  for (let i = 0; i < n; i++) {
    const glyph = run.glyphs[i];
    const pos = run.positions[i];
    const space = glyph.id === 0 && glyph.codePoints.length === 1 ? fallbackSpace(font, glyph.codePoints[0]) : null;
    glyphIds[i] = space?.glyphId ?? glyph.id;
    // The space glyph reads back as the space it is.
    codePoints[i] = space !== null ? [0x20] : rightToLeft ? glyph.codePoints.map(mirroredCodePoint) : glyph.codePoints;
    glyphAdvances[i] = space?.glyphAdvance ?? glyph.advanceWidth;
    xAdvances[i] = space?.advance ?? pos.xAdvance;
    xOffsets[i] = pos.xOffset;
    yOffsets[i] = pos.yOffset;
    advance += xAdvances[i];
  }
  if (CJK_PUNCTUATION.test(text)) advance += trimAdjacentPunctuation(font, codePoints, xAdvances, xOffsets);
  return { glyphIds, codePoints, glyphAdvances, xAdvances, xOffsets, yOffsets, advance };
}

/**
 * fontkit's layout of `text`, with mark positioning (`mark`, `mkmk`) left out when it has nothing
 * to position: no character of the text is a combining mark and no glyph shaping made is one by
 * the face's GDEF classes. Those lookups attach marks to bases and to marks only, and decoding them
 * is most of a face's first layout (38 of Arimo's 45 ms) and a pass over every later run. A face
 * without GDEF glyph classes, or features that name either, is shaped as asked (decision 0371).
 */
function layoutWithoutIdleMarkPositioning(font: FontkitFont, text: string, rightToLeft: boolean, features: FontFeatures | null): GlyphRun {
  const classes = markClasses(font);
  const skip = classes !== null && !COMBINING_MARK.test(text) && !(features !== null && ('mark' in features.fontkit || 'mkmk' in features.fontkit));
  if (skip) {
    const run = layoutAsked(font, text, rightToLeft, { mark: false, mkmk: false, ...features?.fontkit });
    if (!run.glyphs.some((glyph) => classOf(glyph.id, classes) === MARK_CLASS)) return run;
  }
  return layoutAsked(font, text, rightToLeft, features === null ? null : features.fontkit);
}

function layoutAsked(font: FontkitFont, text: string, rightToLeft: boolean, settings: Readonly<Record<string, boolean>> | null): GlyphRun {
  // A copy: fontkit adds the features it applies to the object it is given.
  const asked = settings === null ? [] : { ...settings };
  // Right to left, brackets and the like show mirrored (UAX #9 L4); their glyphs keep the characters of the text.
  // Left to right, a right-to-left script's text is shaped left to right too (overridden by
  // `unicode-bidi`), where fontkit would take the script's direction and reverse it.
  return rightToLeft ? font.layout(mirrored(text), asked, undefined, undefined, 'rtl')
    : hasRightToLeft(text) ? font.layout(text, asked, undefined, undefined, 'ltr') : settings === null ? font.layout(text) : font.layout(text, asked);
}

/** Unicode's combining marks (Mn, Mc, Me). */
const COMBINING_MARK = /\p{M}/u;
/** GDEF's glyph class of marks. */
const MARK_CLASS = 3;

const markClassesByFont = new WeakMap<FontkitFont, ClassDef | null>();

function markClasses(font: FontkitFont): ClassDef | null {
  let classes = markClassesByFont.get(font);
  if (classes === undefined) {
    const gdef = (font as unknown as { GDEF?: { glyphClassDef?: ClassDef | null } }).GDEF;
    const found = gdef?.glyphClassDef;
    classes = found && (found.version === 1 || found.version === 2) ? found : null;
    markClassesByFont.set(font, classes);
  }
  return classes;
}

/** Fullwidth CJK brackets, quotes, commas, stops, colons and the middle dot: what `text-spacing-trim` may trim. */
const CJK_PUNCTUATION = /[\u3001\u3002\u3008-\u3011\u3014-\u301f\u30fb\uff08\uff09\uff0c\uff0e\uff1a\uff1b\uff3b\uff3d\uff5b\uff5d\u2018\u2019\u201c\u201d]/;

/** Where a punctuation glyph's ink sits in its em, read from the face's `halt` (half-width) adjustment. */
type PunctuationKind = 'open' | 'close' | 'middle' | null;

interface Trim {
  readonly kind: PunctuationKind;
  /** The `halt` advance and offset (font units). */
  readonly advance: number;
  readonly offset: number;
}

const trims = new WeakMap<FontkitFont, Map<number, Trim | null>>();

const haltFaces = new WeakMap<FontkitFont, boolean>();

function hasHalt(font: FontkitFont): boolean {
  let has = haltFaces.get(font);
  if (has === undefined) {
    const gpos = (font as unknown as { GPOS?: { featureList?: readonly { tag: string }[] } }).GPOS;
    has = gpos?.featureList?.some((f) => f.tag === 'halt') ?? false;
    haltFaces.set(font, has);
  }
  return has;
}

/** The face's half-width form of a punctuation character, and which side of the em its ink is on; null when it has none. */
function trimOf(font: FontkitFont, codePoint: number): Trim | null {
  let known = trims.get(font);
  if (known === undefined) {
    known = new Map();
    trims.set(font, known);
  }
  let trim = known.get(codePoint);
  if (trim === undefined) {
    trim = null;
    const char = String.fromCodePoint(codePoint);
    if (CJK_PUNCTUATION.test(char) && hasHalt(font) && font.hasGlyphForCodePoint(codePoint)) {
      const full = font.layout(char).positions[0];
      const half = font.layout(char, ['halt']).positions[0];
      if (full && half && half.xAdvance < full.xAdvance) {
        const shift = -half.xOffset / (full.xAdvance - half.xAdvance);
        const kind: PunctuationKind = shift > 0.75 ? 'open' : shift < 0.25 ? 'close' : 'middle';
        trim = { kind, advance: half.xAdvance, offset: half.xOffset };
      }
    }
    known.set(codePoint, trim);
  }
  return trim;
}

/**
 * CSS Text 4 `text-spacing-trim: normal` between adjacent fullwidth punctuation, as Chromium
 * applies it with the face's `halt` forms: an opening bracket after an opening, closing or middle
 * one loses its start half; a closing one (。、 in Japanese and Chinese faces) before a closing or
 * middle one loses its end half. Changes the glyphs' advances and offsets in place; returns the
 * change of the chunk's advance.
 */
function trimAdjacentPunctuation(font: FontkitFont, codePoints: readonly (readonly number[])[], xAdvances: number[], xOffsets: number[]): number {
  const kinds = codePoints.map((cps) => (cps.length === 1 ? trimOf(font, cps[0]) : null));
  let change = 0;
  for (let i = 0; i < kinds.length; i++) {
    const trim = kinds[i];
    if (trim === null) continue;
    const before = i > 0 ? kinds[i - 1]?.kind : null;
    const after = i + 1 < kinds.length ? kinds[i + 1]?.kind : null;
    const trimmed = trim.kind === 'open' ? before === 'open' || before === 'close' || before === 'middle'
      : trim.kind === 'close' && (after === 'close' || after === 'middle');
    if (!trimmed) continue;
    change += trim.advance - xAdvances[i];
    xAdvances[i] = trim.advance;
    xOffsets[i] += trim.offset;
  }
  return change;
}

function mirroredCodePoint(codePoint: number): number {
  return mirrored(String.fromCodePoint(codePoint)).codePointAt(0)!;
}

/** Advance of `text` in font units, summed over its chunks. */
export function advanceOf(font: FontkitFont, text: string, features: FontFeatures | null = null): number {
  let total = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x20 || c === 0x09) {
      total += shapeChunk(font, text.slice(start, i + 1), false, features).advance;
      start = i + 1;
      if (c === 0x20 && start < text.length) total += spaceKerning(font, text, start, features);
    }
  }
  if (start < text.length) total += shapeChunk(font, start === 0 ? text : text.slice(start), false, features).advance;
  return total;
}

const spaceKerns = new WeakMap<FontkitFont, Map<number, number>>();
/** The same under feature settings, by the settings' key and then the code point. */
const featuredSpaceKerns = new WeakMap<FontkitFont, Map<string, Map<number, number>>>();

function spaceKernsOf(font: FontkitFont, features: FontFeatures | null): Map<number, number> {
  if (features === null) {
    let kerns = spaceKerns.get(font);
    if (kerns === undefined) {
      kerns = new Map();
      spaceKerns.set(font, kerns);
    }
    return kerns;
  }
  let byKey = featuredSpaceKerns.get(font);
  if (byKey === undefined) {
    byKey = new Map();
    featuredSpaceKerns.set(font, byKey);
  }
  let kerns = byKey.get(features.key);
  if (kerns === undefined) {
    kerns = new Map();
    byKey.set(features.key, kerns);
  }
  return kerns;
}

/**
 * The kerning between a space and the character at `index` of `text`, which follows it (font
 * units). Chunks end after a space, so their shaping leaves it out; HarfBuzz in Chromium shapes
 * the run whole and applies it (Arial-like faces kern a space before A, T and Y).
 */
export function spaceKerning(font: FontkitFont, text: string, index: number, features: FontFeatures | null = null): number {
  const codePoint = text.codePointAt(index)!;
  const kerns = spaceKernsOf(font, features);
  let kern = kerns.get(codePoint);
  if (kern === undefined) {
    const next = String.fromCodePoint(codePoint);
    const shaped = (chunk: string): number => shapeChunk(font, chunk, false, features).advance;
    kern = next === ' ' || next === '\t' ? 0 : shaped(` ${next}`) - shaped(' ') - shaped(next);
    kerns.set(codePoint, kern);
  }
  if (isHangul(codePoint) && index >= 2 && hangulRun(text, index - 1)) kern += hangulSpace(font);
  return kern;
}

/** Whether the space at `space` is in a run of Hangul text: the last letter before it (punctuation and digits are of no script) is Hangul. */
function hangulRun(text: string, space: number): boolean {
  for (let i = space - 1; i >= 0 && i >= space - 16; i--) {
    const c = text.charCodeAt(i);
    if (isHangul(c)) return true;
    if (c >= 0x41 && c <= 0x5a || c >= 0x61 && c <= 0x7a || c >= 0xc0 && LETTER.test(text[i])) return false;
  }
  return false;
}

const LETTER = /\p{L}/u;

function isHangul(cp: number): boolean {
  return cp >= 0xac00 && cp <= 0xd7a3 || cp >= 0x1100 && cp <= 0x11ff || cp >= 0x3130 && cp <= 0x318f;
}

const hangulSpaces = new WeakMap<FontkitFont, number>();

/**
 * What a space between two Hangul syllables gains over a plain one: Korean faces (Noto Sans KR)
 * substitute a wider space there in context, which chunks ending after their space never show.
 */
function hangulSpace(font: FontkitFont): number {
  let extra = hangulSpaces.get(font);
  if (extra === undefined) {
    extra = font.hasGlyphForCodePoint(0xac00) ? font.layout('\uac00 \uac00').advanceWidth - shapeChunk(font, '\uac00 ').advance - shapeChunk(font, '\uac00').advance : 0;
    hangulSpaces.set(font, extra);
  }
  return extra;
}

/** Shape `text` as pdfkit would: the concatenation of its chunks. */
export function shapeText(font: FontkitFont, text: string, features: FontFeatures | null = null): ShapedText[] {
  return splitChunks(text).map((chunk) => shapeChunk(font, chunk, false, features));
}

/** Shape right-to-left `text` (logical order) into its chunks in visual order, left to right. */
export function shapeTextRightToLeft(font: FontkitFont, text: string, features: FontFeatures | null = null): ShapedText[] {
  return splitChunks(text).reverse().map((chunk) => shapeChunk(font, chunk, true, features));
}
