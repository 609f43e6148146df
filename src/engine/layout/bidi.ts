// The Unicode Bidirectional Algorithm (UAX #9) for lines: a paragraph's embedding levels
// (bidi-js), the level runs a piece of its text splits into, and the visual order of a line.
import bidiModule, { type Bidi } from 'bidi-js';

// A UMD package: Node's CommonJS loading gives the factory itself, an ES bundle its default export.
const bidiFactory = ((bidiModule as unknown as { default?: () => Bidi }).default ?? bidiModule) as unknown as () => Bidi;
let api: Bidi | null = null;

function bidi(): Bidi {
  return (api ??= bidiFactory());
}

/** Hebrew, Arabic, Syriac, Thaana, NKo… and their presentation forms, and the right-to-left marks, embeddings and isolates. */
const RIGHT_TO_LEFT = /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF\u200F\u202B\u202E\u2067]|\uD802[\uDC00-\uDFFF]|\uD803[\uDC00-\uDCFF]|\uD83A[\uDC00-\uDFFF]/;

/**
 * A stretch of a paragraph that `unicode-bidi` sets apart from the text around it (an inline
 * element with `dir`, `<bdi>`, `<bdo>`…): [start, end), how, and in which direction.
 */
export interface BidiSpan {
  readonly start: number;
  readonly end: number;
  readonly kind: 'embed' | 'isolate' | 'bidi-override' | 'isolate-override' | 'plaintext';
  /** `auto` (HTML's `dir=auto`) takes the direction of the span's first strong character; it only isolates. */
  readonly direction: 'ltr' | 'rtl' | 'auto';
}

// The explicit formatting characters each kind of span stands for (CSS Writing Modes §2.4.2).
const EMBED = { ltr: '\u202A', rtl: '\u202B' } as const;
const OVERRIDE = { ltr: '\u202D', rtl: '\u202E' } as const;
const POP_FORMATTING = '\u202C';
const ISOLATE = { ltr: '\u2066', rtl: '\u2067', auto: '\u2068' } as const;
const POP_ISOLATE = '\u2069';

function marksOf({ kind, direction }: BidiSpan): [open: string, close: string] {
  const strong = direction === 'auto' ? null : direction;
  switch (kind) {
    case 'isolate': return [ISOLATE[direction], POP_ISOLATE];
    case 'plaintext': return [ISOLATE.auto, POP_ISOLATE];
    case 'embed': return strong ? [EMBED[strong], POP_FORMATTING] : [ISOLATE.auto, POP_ISOLATE];
    case 'bidi-override': return strong ? [OVERRIDE[strong], POP_FORMATTING] : [ISOLATE.auto, POP_ISOLATE];
    case 'isolate-override': return strong ? [ISOLATE[strong] + OVERRIDE[strong], POP_FORMATTING + POP_ISOLATE] : [ISOLATE.auto, POP_ISOLATE];
  }
}

/**
 * The embedding level of each code unit of a paragraph laid out in `direction` (`auto`: the
 * direction of its first strong character, for `unicode-bidi: plaintext`), or null when the
 * paragraph is all left to right (no right-to-left character, and no span that is right to left
 * or overrides), the commonest case, which needs no reordering. Spans are analysed as the
 * explicit embeddings, overrides and isolates they stand for (UAX #9 X1–X10).
 */
export function embeddingLevels(text: string, direction: 'ltr' | 'rtl' | 'auto', spans: readonly BidiSpan[] = []): Uint8Array | null {
  if (direction !== 'rtl' && !RIGHT_TO_LEFT.test(text) && !spans.some((s) => s.direction === 'rtl')) return null;
  if (spans.length === 0) return bidi().getEmbeddingLevels(text, direction).levels;
  // The text with the spans' marks inserted, and where each of its code units went.
  const marks = new Map<number, string>();
  for (const span of spans) {
    const [open, close] = marksOf(span);
    marks.set(span.start, (marks.get(span.start) ?? '') + open);
    marks.set(span.end, close + (marks.get(span.end) ?? ''));
  }
  let marked = '';
  const at: number[] = [];
  for (let i = 0; i <= text.length; i++) {
    marked += marks.get(i) ?? '';
    if (i < text.length) {
      at.push(marked.length);
      marked += text[i];
    }
  }
  const levels = bidi().getEmbeddingLevels(marked, direction).levels;
  return Uint8Array.from(at, (j) => levels[j]);
}

/** Whether `text` has a right-to-left character (or mark, embedding or isolate). */
export function hasRightToLeft(text: string): boolean {
  return RIGHT_TO_LEFT.test(text);
}

/** The direction of a paragraph's first strong character (UAX #9 P2–P3): left to right when it has none. */
export function firstStrongDirection(text: string): 'ltr' | 'rtl' {
  return firstStrong(text) ?? 'ltr';
}

/** The direction of the first strong character of `text`, or null when it has none. */
export function firstStrong(text: string): 'ltr' | 'rtl' | null {
  for (const char of text) {
    if (char.charCodeAt(0) < 0x80) {
      if (/[A-Za-z]/.test(char)) return 'ltr';
      continue;
    }
    const type = bidi().getBidiCharTypeName(char);
    if (type === 'L') return 'ltr';
    if (type === 'R' || type === 'AL') return 'rtl';
  }
  return null;
}

/** [start, end) pieces of text[from, to) that each have one embedding level, in order. */
export function levelRuns(levels: Uint8Array, from: number, to: number): { start: number; end: number; level: number }[] {
  const runs: { start: number; end: number; level: number }[] = [];
  let start = from;
  for (let i = from + 1; i <= to; i++) {
    if (i === to || levels[i] !== levels[start]) {
      runs.push({ start, end: i, level: levels[start] });
      start = i;
    }
  }
  return runs;
}

/** `text` with the characters that have a mirrored form (brackets, quotes, ≤…) mirrored, as shown right to left. */
export function mirrored(text: string): string {
  let out = '';
  for (const char of text) out += bidi().getMirroredCharacter(char) ?? char;
  return out;
}

/**
 * The visual order (left to right) of a line's pieces given their levels in logical order (UAX #9
 * L2): from the highest level down to the lowest odd one, every run of pieces at that level or
 * higher is reversed.
 */
export function visualOrder(levels: readonly number[]): number[] {
  const order = levels.map((_, i) => i);
  let highest = 0;
  let lowestOdd = Infinity;
  for (const level of levels) {
    highest = Math.max(highest, level);
    if (level % 2 === 1) lowestOdd = Math.min(lowestOdd, level);
  }
  for (let level = highest; level >= lowestOdd; level--) {
    for (let i = 0; i < order.length; i++) {
      if (levels[order[i]] < level) continue;
      let j = i;
      while (j + 1 < order.length && levels[order[j + 1]] >= level) j++;
      order.splice(i, j - i + 1, ...order.slice(i, j + 1).reverse());
      i = j;
    }
  }
  return order;
}

/** A short string laid out in a `direction` paragraph, as its characters show left to right (a list marker's "1. " right to left is " .1"). */
export function visualText(text: string, direction: 'ltr' | 'rtl'): string {
  if (direction === 'ltr' && !RIGHT_TO_LEFT.test(text)) return text;
  return bidi().getReorderedString(text, bidi().getEmbeddingLevels(text, direction));
}
