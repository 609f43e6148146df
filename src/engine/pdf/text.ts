// Text runs as PDF text objects written directly (BT … TJ … ET), glyphs registered in the font
// subset; advances come from the same shaping as LoadedFont.measure, plus letter/word spacing.
import { glyphSize } from '../fonts/glyph-size.js';
import type { Font as FontkitFont } from 'fontkit';
import { shapeChunk, shapeText, shapeTextRightToLeft, spaceKerning, type ShapedText } from '../fonts/shape.js';
import type { TextRun } from '../paint/backend.js';
import { num } from './number.js';
import type { EmbeddedFontInternals } from './pdfkit-internals.js';
import type { Type3Glyph } from './type3-font.js';

/** Horizontal shear of fake italics: about 11°, close to Skia's fake-italic skew. */
export const SYNTHETIC_ITALIC_SKEW = 0.2;

const HEX4: string[] = [];

/** `n` (a glyph id, 0..0xffff) as four hex digits; memoized, as every painted glyph needs one. */
function hex4(n: number): string {
  let h = HEX4[n];
  if (h === undefined) {
    h = n < 0x10 ? `000${n.toString(16)}` : n < 0x100 ? `00${n.toString(16)}` : n < 0x1000 ? `0${n.toString(16)}` : n.toString(16);
    if (n >= 0 && n <= 0xffff) HEX4[n] = h;
  }
  return h;
}

/** Units per em by face: fontkit decodes its `head` table lookup on every read of `unitsPerEm`. */
const unitsPerEm = new WeakMap<FontkitFont, number>();

function upmOf(fk: FontkitFont): number {
  let upm = unitsPerEm.get(fk);
  if (upm === undefined) {
    upm = fk.unitsPerEm || 1000;
    unitsPerEm.set(fk, upm);
  }
  return upm;
}

/**
 * Per embedded font (so per document), the glyph hex of chunks already written: once a chunk's
 * glyphs are in the subset, the same chunk written again without spacing, kerning or mark
 * offsets is the same hex, so neither the subset nor the hex needs visiting again.
 */
const plainHex = new WeakMap<EmbeddedFontInternals, WeakMap<ShapedText, string>>();

/** Whether the chunk is written as its glyphs alone: no mark offsets, advances as in hmtx, no cluster spans. */
function isPlain(chunk: ShapedText): boolean {
  for (let i = 0; i < chunk.glyphIds.length; i++) {
    if (chunk.xOffsets[i] !== 0 || chunk.yOffsets[i] !== 0 || chunk.xAdvances[i] !== chunk.glyphAdvances[i] || i > 0 && isAttached(chunk, i)) return false;
  }
  return true;
}

/** A PDF text string in UTF-16BE with its byte order mark, as a hex string. */
export function utf16Hex(text: string): string {
  let hex = 'FEFF';
  for (let i = 0; i < text.length; i++) hex += text.charCodeAt(i).toString(16).padStart(4, '0').toUpperCase();
  return `<${hex}>`;
}

/**
 * Whether glyph `i` belongs to the cluster of the glyph before it: a mark (no advance of its own)
 * or a piece of a decomposed character (no code points, as the second glyph of Thai sara am).
 */
function isAttached(chunk: ShapedText, i: number): boolean {
  return chunk.xAdvances[i] === 0 || chunk.codePoints[i].length === 0;
}

/**
 * The last glyph of the cluster that glyph `i` starts, when marks or pieces follow it: that cluster
 * is written inside an ActualText span with its characters, as Chromium writes it, since
 * extractors place each mark by its own position and ToUnicode maps a decomposed piece to
 * whichever character first reached its glyph.
 */
function clusterEnd(chunk: ShapedText, i: number): number {
  let end = i;
  while (end + 1 < chunk.glyphIds.length && isAttached(chunk, end + 1)) end++;
  return end;
}

/** Adds a glyph to the document's subset of the font and returns its id there (as pdfkit's encode does). */
export function includeGlyph(font: EmbeddedFontInternals, id: number, codePoints: readonly number[], advance: number): number {
  const gid = font.subset.includeGlyph(id);
  if (font.widths[gid] == null) font.widths[gid] = advance * font.scale;
  // A glyph reached without characters (inside a cluster written with ActualText) waits for a use that has them.
  if (font.unicode[gid] == null && codePoints.length > 0) font.unicode[gid] = codePoints;
  return gid;
}

/** An ink-less, zero-width glyph (the space written as `code`) at the text matrix `at`, after which the matrix is back at the pen. */
function spanAnchor(code: string, at: string): string {
  return `\n${at}\n0 Tz\n[<${code}>] TJ\n100 Tz`;
}

/** The glyphs of a face written as Type 3 fonts: where each glyph goes (see type3-font.ts). */
export interface Type3Glyphs {
  include(gid: number, codePoints: readonly number[], advance: number): Type3Glyph;
}

export function countCodePoints(text: string): { chars: number; spaces: number } {
  let chars = 0;
  let spaces = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0xdc00 && c <= 0xdfff && i > 0) {
      const prev = text.charCodeAt(i - 1);
      if (prev >= 0xd800 && prev <= 0xdbff) continue;
    }
    chars++;
    if (c === 0x20) spaces++;
  }
  return { chars, spaces };
}

/**
 * The operators selecting the run's font and size: Tf at the run's size, as Chromium writes it, and a
 * horizontal scale (Tz) bringing glyph advances to the size cut to 1/64 px (glyphSize), so the pen
 * moves glyph by glyph as Chromium places them while text extractors read the size Chromium's PDF
 * gives (decision 0348, refining 0347). Tz is always written: it is text state and outlives BT/ET.
 */
export function fontOperator(run: TextRun, font: EmbeddedFontInternals): string {
  // One string per font and size: every run asks, and the painter compares it with the current one.
  let bySize = fontOperators.get(font);
  if (bySize === undefined) {
    bySize = new Map();
    fontOperators.set(font, bySize);
  }
  let operator = bySize.get(run.size);
  if (operator === undefined) {
    operator = `/${font.id} ${num(run.size, 5)} Tf\n${advanceScaleOperator(run.size)}`;
    bySize.set(run.size, operator);
  }
  return operator;
}

const fontOperators = new WeakMap<EmbeddedFontInternals, Map<number, string>>();

/** The size a run's glyphs advance by: cut to 1/64 px (see fontOperator). */
export function pdfFontSize(size: number): number {
  return glyphSize(size);
}

/** The Tz operator scaling advances at Tf `size` to those at its 1/64 px cut (100 for whole and 1/64 sizes). */
export function advanceScaleOperator(size: number): string {
  return size > 0 ? `${num((glyphSize(size) / size) * 100, 5)} Tz` : '100 Tz';
}

/**
 * The text object of a run whose chunks were all written before as plain glyphs (most text in a
 * document after its first page): what textObject writes for it, from the chunks' hex alone.
 * Null when the run has spacing, a clip, right-to-left text, a chunk not yet written or kerning
 * after a space.
 */
function plainTextObject(run: TextRun, font: EmbeddedFontInternals, setFont: boolean): string | null {
  if (run.letterSpacing !== 0 || run.wordSpacing !== 0 || run.visible !== undefined || run.rightToLeft) return null;
  const known = plainHex.get(font);
  if (known === undefined) return null;
  const fk = run.font.fontkit;
  const features = run.font.features ?? null;
  const text = run.text;
  let hex = '';
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c !== 0x20 && c !== 0x09) continue;
    const cached = known.get(shapeChunk(fk, text.slice(start, i + 1), false, features));
    if (cached === undefined) return null;
    hex += cached;
    start = i + 1;
    if (c === 0x20 && start < text.length && spaceKerning(fk, text, start, features) !== 0) return null;
  }
  if (start < text.length) {
    const cached = known.get(shapeChunk(fk, start === 0 ? text : text.slice(start), false, features));
    if (cached === undefined) return null;
    hex += cached;
  }
  const skew = run.font.syntheticItalic ? SYNTHETIC_ITALIC_SKEW : 0;
  const matrix = `1 0 ${skew} -1 ${num(run.x)} ${num(run.y)} Tm`;
  const head = setFont ? `BT\n${fontOperator(run, font)}\n${matrix}` : `BT\n${matrix}`;
  return hex === '' ? `${head}\nET` : `${head}\n[<${hex}>] TJ\nET`;
}

/** What is left of a run's letter- and word-spacing to give out, glyph by glyph: code points and U+0020s. */
export interface SpacingLeft {
  chars: number;
  spaces: number;
}

/**
 * The spacing (px) after the glyph carrying `codePoints`, taken from `left`: spacing goes on the
 * glyph carrying the character, and the last glyph takes what ligatures or decomposition leave unassigned.
 */
export function takeSpacing(run: TextRun, left: SpacingLeft, codePoints: readonly number[], last: boolean): number {
  const c = last ? left.chars : Math.min(codePoints.length, left.chars);
  let s = 0;
  if (last) s = left.spaces;
  else for (const cp of codePoints) if (cp === 0x20 && s < left.spaces) s++;
  left.chars -= c;
  left.spaces -= s;
  return run.letterSpacing * c + run.wordSpacing * s;
}

/** What each spacing adjustment in a TJ array is made smaller by, in 1/1000 em (see textObject). */
const SPACING_BIAS = 0.01;

/**
 * The written text's code points when it stands character for character for the text shown
 * (synthesized small capitals: "ec" shown as "EC"), so that each cluster shown otherwise gets its
 * own ActualText span, as Chromium writes them and extractors then separate letters as far apart
 * as letter spacing puts them; null when the text is written as shown, right to left, or not
 * character for character (a face's own small capitals), which is spanned as a whole.
 */
export function perCharacterActualText(run: TextRun): number[] | null {
  if (run.actualText === undefined || run.actualText === run.text || run.rightToLeft) return null;
  const written = Array.from(run.actualText, (char) => char.codePointAt(0) as number);
  let shown = 0;
  for (const _ of run.text) shown++;
  return written.length === shown ? written : null;
}

/** Whether a glyph's ink on the baseline `y` lies wholly above or below the visible rows (a run crossing a clip's top or bottom). */
export function outsideRows(fk: FontkitFont, glyphId: number, y: number, px: number, visible: NonNullable<TextRun['visible']>): boolean {
  if (visible.top === undefined || visible.bottom === undefined) return false;
  const { minY, maxY } = fk.getGlyph(glyphId).bbox;
  // Font units run up from the baseline; the page's y runs down. A glyph without ink is kept.
  return maxY > minY && (y - minY * px <= visible.top || y - maxY * px >= visible.bottom);
}

/**
 * The text object for a run, in the page's px user space (y down). The pen advances by each
 * glyph's shaped advance, plus letterSpacing per code point and wordSpacing per U+0020, so the
 * whole run spans font.measure(text) + letterSpacing × chars + wordSpacing × spaces.
 * Without `setFont` the Tf operator is left out (the font and size are already current: text
 * state is part of the graphics state and outlives BT/ET).
 */
export function textObject(run: TextRun, font: EmbeddedFontInternals, setFont = true, type3?: Type3Glyphs): string {
  const actual = perCharacterActualText(run);
  const plain = type3 === undefined && actual === null ? plainTextObject(run, font, setFont) : null;
  if (plain !== null) return plain;
  const fk = run.font.fontkit;
  const features = run.font.features ?? null;
  const upm = upmOf(fk);
  const px = pdfFontSize(run.size) / upm;
  const skew = run.font.syntheticItalic ? SYNTHETIC_ITALIC_SKEW : 0;
  const matrix = (x: number, y: number) => `1 0 ${skew} -1 ${num(x)} ${num(y)} Tm`;
  // Built as one string (this runs for every piece of text on every page).
  // A Type 3 face selects its fonts as glyphs need them.
  let out = setFont && type3 === undefined ? `BT\n${fontOperator(run, font)}\n${matrix(run.x, run.y)}`
    : type3 === undefined ? `BT\n${matrix(run.x, run.y)}` : `BT\n${advanceScaleOperator(run.size)}\n${matrix(run.x, run.y)}`;

  // Spacing goes on the glyph carrying the character; what ligatures or decomposition leave unassigned goes on the last glyph.
  const spaced = run.letterSpacing !== 0 || run.wordSpacing !== 0;
  const { chars, spaces } = spaced ? countCodePoints(run.text) : { chars: 0, spaces: 0 };
  let glyphCount = 0;
  if (chars > 0) for (const chunk of (run.rightToLeft ? shapeTextRightToLeft : shapeText)(fk, run.text, features)) glyphCount += chunk.glyphIds.length;
  const left: SpacingLeft = { chars, spaces };

  let penX = run.x;
  // How many of the written text's code points the clusters before have stood for.
  let writtenAt = 0;
  let tj = ''; // the pending TJ array's items, space-separated
  let hex = '';
  let moved = false; // the text matrix was moved for a mark offset and must return to the pen
  const flush = () => {
    if (hex !== '') tj = tj === '' ? `<${hex}>` : `${tj} <${hex}>`;
    hex = '';
    if (tj !== '') out += `\n[${tj}] TJ`;
    tj = '';
  };
  // The Type 3 font selected, and the Tf size.
  let selected: string | null = null;
  const size = type3 === undefined ? '' : num(run.size, 5);
  /** Includes the glyph and gives its code, selecting its Type 3 font first when that is not the current one. */
  const code = (id: number, codePoints: readonly number[], advance: number): string => {
    if (type3 === undefined) return hex4(includeGlyph(font, id, codePoints, advance));
    const glyph = type3.include(id, codePoints, advance);
    if (glyph.font !== selected) {
      flush();
      out += `\n/${glyph.font} ${size} Tf`;
      selected = glyph.font;
    }
    return glyph.code;
  };

  let index = 0;
  let written = plainHex.get(font);
  if (written === undefined) {
    written = new WeakMap();
    plainHex.set(font, written);
  }
  const known = written;
  const visible = run.visible;
  // The pen moved by `advance` font units without a glyph (one left out for a clip, kerning after a space).
  const skip = (advance: number): void => {
    // A TJ needs a font: .notdef's selects the first Type 3 font.
    if (type3 !== undefined && selected === null) code(0, [], 0);
    const item = `${hex === '' ? '' : `<${hex}> `}${num((-advance * 1000) / upm, 2)}`;
    tj = tj === '' ? item : `${tj} ${item}`;
    hex = '';
  };
  const write = (chunk: ShapedText): void => {
    if (chars === 0 && !moved && visible === undefined && type3 === undefined && actual === null) {
      const cached = known.get(chunk);
      if (cached !== undefined) {
        hex += cached;
        // The pen moves glyph by glyph, as below, so later positions come out the same.
        for (let i = 0; i < chunk.glyphIds.length; i++, index++) penX += chunk.xAdvances[i] * px;
        return;
      }
    }
    const start = hex.length;
    const wasMoved = moved;
    // The last glyph of the cluster being written inside an ActualText span, or -1.
    let spanEnd = -1;
    for (let i = 0; i < chunk.glyphIds.length; i++, index++) {
      const cps = chunk.codePoints[i];
      if (actual !== null && spanEnd < 0 && cps.length > 0) {
        // A cluster shown as other characters than those written (a synthesized small capital) is
        // written inside its own span of the written ones, as Chromium writes it.
        const end = clusterEnd(chunk, i);
        let shown = '';
        for (let g = i; g <= end; g++) shown += String.fromCodePoint(...chunk.codePoints[g]);
        const count = [...shown].length;
        const written = String.fromCodePoint(...actual.slice(writtenAt, writtenAt + count));
        writtenAt += count;
        if (written !== shown || end > i) {
          flush();
          out += `\n/Span <</ActualText ${utf16Hex(written)}>> BDC`;
          spanEnd = end;
        }
      } else if (spanEnd < 0 && !run.rightToLeft && cps.length > 0) {
        const end = clusterEnd(chunk, i);
        if (end > i) {
          let text = '';
          for (let g = i; g <= end; g++) text += String.fromCodePoint(...chunk.codePoints[g]);
          flush();
          out += `\n/Span <</ActualText ${utf16Hex(text)}>> BDC`;
          spanEnd = end;
        }
      }
      const extraPx = chars > 0 ? takeSpacing(run, left, cps, index === glyphCount - 1) : 0;
      const natural = chunk.glyphAdvances[i];
      const advance = chunk.xAdvances[i] + extraPx / px;
      const dx = chunk.xOffsets[i];
      const dy = chunk.yOffsets[i];
      if (visible !== undefined && !moved && dx === 0 && dy === 0 && (penX + natural * px <= visible.left || penX >= visible.right || outsideRows(fk, chunk.glyphIds[i], run.y, px, visible))) {
        skip(advance);
        penX += advance * px;
        continue;
      }
      const glyph = code(chunk.glyphIds[i], chunk.toUnicode?.[i] ?? cps, natural);
      if (dx !== 0 || dy !== 0) {
        flush();
        out += `\n${matrix(penX + dx * px + skew * dy * px, run.y - dy * px)}\n[<${glyph}>] TJ`;
        moved = true;
      } else {
        if (moved) {
          flush();
          out += `\n${matrix(penX, run.y)}`;
          moved = false;
        }
        hex += glyph;
        if (advance !== natural) {
          // A hundred-thousandth of an em less than the spacing (nothing a page shows): extractors
          // break words at gaps wider than 0.1em (pdftotext), and 0.1em is common letter spacing
          // (Bulma's labels, Tailwind's tracking-widest), which the adjustment's rounding put a
          // hair over it, cutting "GENERAL" into "G E NE RAL".
          const item = `<${hex}> ${num(((natural - advance) * 1000) / upm + (chars > 0 ? SPACING_BIAS : 0), 2)}`;
          tj = tj === '' ? item : `${tj} ${item}`;
          hex = '';
        }
      }
      const inkEnd = penX + (dx + natural) * px;
      penX += advance * px;
      if (i === spanEnd) {
        // Extractors measure a span to its last glyph's end: when that is a mark placed left of the
        // pen (Bengali ya-phala), a space glyph scaled to no width at the pen ends the span there.
        if (moved && inkEnd < penX - run.size * 0.05) {
          const space = fk.glyphForCodePoint(0x20);
          // Its code first: selecting its Type 3 font writes to `out`, as flushing does.
          const anchor = code(space.id, [0x20], space.advanceWidth);
          flush();
          out += spanAnchor(anchor, matrix(penX, run.y));
          moved = false;
        }
        flush();
        out += '\nEMC';
        spanEnd = -1;
      }
    }
    if (chars === 0 && !wasMoved && visible === undefined && type3 === undefined && actual === null && isPlain(chunk)) known.set(chunk, hex.slice(start));
  };
  // The chunks shapeText gives, without building the list.
  const text = run.text;
  // Kerning between a space ending one chunk and the glyph starting the next: an adjustment in the
  // TJ array, as advanceOf measures it.
  const kernAfterSpace = (index: number): void => {
    const kern = spaceKerning(fk, text, index, features);
    if (kern === 0) return;
    skip(kern);
    penX += kern * px;
  };
  if (run.rightToLeft) {
    // Right-to-left text: its chunks from the last to the first, each in visual order.
    for (const chunk of shapeTextRightToLeft(fk, text, features)) write(chunk);
    flush();
    return `${out}\nET`;
  }
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x20 || c === 0x09) {
      write(shapeChunk(fk, text.slice(start, i + 1), false, features));
      start = i + 1;
      if (c === 0x20 && start < text.length) kernAfterSpace(start);
    }
  }
  if (start < text.length) write(shapeChunk(fk, start === 0 ? text : text.slice(start), false, features));
  flush();
  return `${out}\nET`;
}
