// A ruby column once laid out (boxes/ruby.ts makes it an inline-block holding the annotation's
// block and the base's): the narrower of the two spread over the column as `ruby-align` says, and
// how far the annotation may overhang the text beside the column (decision 0335). Measured against
// Chromium, whose rules these follow: a base or annotation with n expansion opportunities (between
// CJK characters, after spaces) and `space` px to fill gets an inset of space / (n + 1) split over
// its two ends (for an annotation at most two of its ems), the rest shared by the opportunities.
import type { Box } from '../boxes/types.js';
import type { ComputedStyle } from '../css/types.js';
import { isCjkCodePoint } from '../fonts/script-fallback.js';
import type { BoxFragment, Fragment, LineFragment, TextFragment } from './fragments.js';

/** How far a ruby column's annotation may reach over the text before and after it. */
export interface RubyOverhang {
  readonly start: number;
  readonly end: number;
  /** The ruby's font size (its base's), which Chromium compares with the neighbouring text's. */
  readonly rubySize: number;
}

/** One of a column's two parts, as laid out: its line's text and where the line may spread. */
interface Part {
  readonly style: ComputedStyle;
  readonly line: LineFragment;
  readonly texts: readonly TextFragment[];
  readonly left: number;
  readonly width: number;
  readonly natural: number;
  /** Whether its pieces may move apart: plain text only (inline boxes' decorations would not follow them). */
  readonly spreadable: boolean;
}

export function isRubyColumn(box: Box): boolean {
  return box.kind === 'block' && box.rubyReach !== undefined;
}

/** Spreads the narrower part of the ruby column `column` over it and gives the annotation's overhang. */
export function alignRubyColumn(column: BoxFragment): RubyOverhang | undefined {
  let annotation: Part | null = null;
  let base: Part | null = null;
  for (const child of column.children) {
    if (child.kind !== 'box') continue;
    const part = partOf(child);
    if (child.box.element?.name === 'rt') annotation = part;
    else base = part;
  }
  if (annotation !== null) spread(annotation, 'annotation');
  if (base !== null) spread(base, 'base');
  if (annotation === null || base === null) return undefined;
  return overhang(base, annotation, column.style.fontSize);
}

/**
 * The baseline of a column whose base is empty (an annotation with no base before it): where the
 * base's `line-height: normal` line would have it (Noto CJK's ascent, 1.16em, rounded), so the
 * annotation stands over the line as over a base. Null when the base has a line.
 */
export function emptyBaseBaseline(column: BoxFragment): number | null {
  const base = column.children.find((c): c is BoxFragment => c.kind === 'box' && c.box.element?.name !== 'rt');
  if (base === undefined || base.children.some((c) => c.kind === 'line')) return null;
  return base.y + Math.round(1.16 * column.style.fontSize);
}

function partOf(block: BoxFragment): Part | null {
  const lines = block.children.filter((c): c is LineFragment => c.kind === 'line');
  if (lines.length !== 1) return null;
  const line = lines[0];
  // Only plain text is spread: inline boxes and text shown differently from how it is written stay
  // centred (and measured); atomics leave the part alone.
  const texts = line.children.filter((c): c is TextFragment => c.kind === 'text').sort((a, b) => a.x - b.x);
  if (texts.length === 0 || line.children.some((c) => c.kind !== 'text' && c.kind !== 'inline')) return null;
  const first = texts[0].x;
  const end = Math.max(...texts.map((t) => t.x + t.width));
  const left = block.x + block.border.left + block.padding.left;
  const width = block.width - block.border.left - block.border.right - block.padding.left - block.padding.right;
  return { style: block.style, line, texts, left, width, natural: end - first, spreadable: line.children.every(isPlainText) };
}

function isPlainText(f: Fragment): f is TextFragment {
  return f.kind === 'text' && f.actualText === undefined && f.symbol === undefined && f.rightToLeft !== true && f.style.letterSpacing === 0;
}

/** Characters between which Chromium's justification (and so ruby spacing) adds space: CJK except Hangul. */
function isSpreadCjk(cp: number): boolean {
  const hangul = (cp >= 0x1100 && cp <= 0x11ff) || (cp >= 0x3130 && cp <= 0x318f) || (cp >= 0xa960 && cp <= 0xa97f) || (cp >= 0xac00 && cp <= 0xd7ff);
  return isCjkCodePoint(cp) && !hangul;
}

const JOINED = /^[\p{M}\u200c\u200d\ufe00-\ufe0f]/u;

/** A run of characters between two expansion opportunities (or fragment ends), in one text fragment. */
interface Piece {
  readonly fragment: TextFragment;
  readonly from: number;
  readonly to: number;
  /** Expansion opportunities before it in the part. */
  readonly gaps: number;
}

/** The part's text cut at its expansion opportunities: between two characters where either is CJK, and after a space. */
function pieces(texts: readonly TextFragment[]): Piece[] {
  const out: Piece[] = [];
  let gaps = 0;
  let previous: number | null = null;
  for (const fragment of texts) {
    let from = 0;
    for (let i = 0; i < fragment.text.length;) {
      const cp = fragment.text.codePointAt(i)!;
      const size = cp > 0xffff ? 2 : 1;
      const opportunity = previous !== null && !JOINED.test(fragment.text.slice(i, i + size))
        && (previous === 0x20 || isSpreadCjk(previous) || isSpreadCjk(cp));
      if (opportunity) {
        if (i > from) out.push({ fragment, from, to: i, gaps });
        from = i;
        gaps++;
      }
      previous = cp;
      i += size;
    }
    if (fragment.text.length > from) out.push({ fragment, from, to: fragment.text.length, gaps });
  }
  return out;
}

/** Where a part's content starts in its free space and what each opportunity adds, per `ruby-align`. */
/** What a column's width, in layout units rounded up (decision 0395), may exceed its text's by and still be its width. */
const ROUNDING = 1 / 64;

function spacing(space: number, opportunities: number, align: ComputedStyle['rubyAlign'], role: 'base' | 'annotation', size: number): { offset: number; gap: number } {
  if (align === 'start') return { offset: 0, gap: 0 };
  if (align === 'center' || opportunities === 0) return { offset: space / 2, gap: 0 };
  if (align === 'space-between') return { offset: 0, gap: space / opportunities };
  const inset = role === 'annotation' ? Math.min(2 * size, space / (opportunities + 1)) : space / (opportunities + 1);
  return { offset: inset / 2, gap: (space - inset) / opportunities };
}

function spread(part: Part | null, role: 'base' | 'annotation'): void {
  if (part === null || !part.spreadable) return;
  const space = part.width - part.natural;
  if (space <= ROUNDING) return;
  const cut = pieces(part.texts);
  const opportunities = cut.length === 0 ? 0 : cut[cut.length - 1].gaps;
  const { offset, gap } = spacing(space, opportunities, part.style.rubyAlign, role, part.style.fontSize);
  const naturalLeft = part.texts[0].x;
  const children: Fragment[] = [];
  for (const piece of cut) {
    const f = piece.fragment;
    const whole = piece.from === 0 && piece.to === f.text.length;
    const text = f.text.slice(piece.from, piece.to);
    const before = piece.from === 0 ? 0 : f.font.measure(f.text.slice(0, piece.from), f.size);
    const x = part.left + offset + (f.x - naturalLeft) + before + piece.gaps * gap;
    children.push(whole ? { ...f, x } : { ...f, text, x, width: f.font.measure(text, f.size) });
  }
  part.line.children.splice(0, part.line.children.length, ...children);
}

/**
 * How far the annotation of a column wider than its base reaches past the base's spread-out ends:
 * what Chromium lets it overhang the text beside the column by, at most half the annotation's em.
 */
function overhang(base: Part, annotation: Part, rubySize: number): RubyOverhang | undefined {
  const space = base.width - base.natural;
  if (space <= ROUNDING || annotation.natural < annotation.width - ROUNDING) return undefined;
  const half = annotation.style.fontSize / 2;
  const align = base.style.rubyAlign;
  if (align === 'space-between') return undefined;
  if (align === 'start') return { start: 0, end: Math.min(space, half), rubySize };
  const opportunities = pieces(base.texts).at(-1)?.gaps ?? 0;
  const inset = opportunities === 0 ? space / 2 : space / (opportunities + 1) / 2;
  const reach = Math.min(inset, half);
  return { start: reach, end: reach, rubySize };
}

/** What withRubyOverhangs reads of a paragraph's items. */
interface ParagraphItem {
  readonly kind: string;
  readonly box: Box;
}

/** How withRubyOverhangs reads and changes an atomic inline's layout. */
interface Overhung {
  readonly marginLeft: number;
  readonly marginWidth: number;
  readonly overhang?: RubyOverhang;
}

/**
 * The ruby columns of a paragraph narrowed by their annotations' overhangs, where Chromium lets
 * the annotation reach over the text next to the column: text (not another column or an atomic
 * inline) no larger than the ruby's, by at most that text's width. `overhang` then says what was
 * taken; a line starting with the column gives its start back (buildLine).
 */
export function withRubyOverhangs<T extends ParagraphItem, A extends Overhung>(items: readonly T[], laid: Map<Box, A>, textWidth: (item: T) => number): void {
  const neighbour = (from: number, step: 1 | -1): T | undefined => {
    let i = from + step;
    while (i >= 0 && i < items.length && (items[i].kind === 'open' || items[i].kind === 'close')) i += step;
    return items[i];
  };
  const reach = (wanted: number, next: T | undefined, rubySize: number): number =>
    wanted > 0 && next?.kind === 'text' && next.box.style.fontSize <= rubySize ? Math.min(wanted, textWidth(next)) : 0;
  for (let i = 0; i < items.length; i++) {
    const atomic = items[i].kind === 'atomic' ? laid.get(items[i].box) : undefined;
    if (atomic?.overhang === undefined) continue;
    const { rubySize } = atomic.overhang;
    const start = reach(atomic.overhang.start, neighbour(i, -1), rubySize);
    const end = reach(atomic.overhang.end, neighbour(i, 1), rubySize);
    laid.set(items[i].box, {
      ...atomic, marginLeft: atomic.marginLeft - start, marginWidth: atomic.marginWidth - start - end, overhang: { start, end, rubySize },
    });
  }
}

/** The over part of an em box as Chromium rounds it for ruby (boxes/ruby.ts): Noto CJK's 0.88em, or half the em in vertical lines. */
function emOver(size: number, vertical: boolean): number {
  return Math.ceil(vertical ? 0.5 * size : 0.88 * size);
}

/** Where the em box of a line's text starts (`over`) or ends: from its baseline, or around the middle of a vertical line. */
function emEdge(line: LineFragment, size: number, vertical: boolean, side: 'over' | 'under'): number {
  if (vertical) return line.y + line.height / 2 + (side === 'over' ? -1 : 1) * Math.ceil(size / 2);
  return side === 'over' ? line.baseline - emOver(size, false) : line.baseline + Math.ceil(0.12 * size);
}

/**
 * How far the annotations of the ruby columns on `line` reach over its top (`over`) or under its
 * bottom (`under`), 0 when they do not.
 */
export function annotationReach(line: LineFragment, side: 'over' | 'under'): number {
  let reach = 0;
  for (const child of line.children) {
    if (child.kind !== 'box' || !isRubyColumn(child.box)) continue;
    const vertical = child.style.writingMode !== 'horizontal-tb';
    for (const part of child.children) {
      if (part.kind !== 'box' || part.box.element?.name !== 'rt' || (part.style.rubyPosition === 'under') !== (side === 'under')) continue;
      for (const annotationLine of part.children) {
        if (annotationLine.kind !== 'line') continue;
        const edge = emEdge(annotationLine, part.style.fontSize, vertical, side);
        reach = Math.max(reach, side === 'over' ? line.y - edge : edge - line.y - line.height);
      }
    }
  }
  return reach;
}

/**
 * The room between a line's edge and the em boxes of its text (of `style`) that annotations of
 * the line next to it may take: under the line (`under`) or over it.
 */
export function roomBeside(line: LineFragment, style: ComputedStyle, side: 'over' | 'under'): number {
  const edge = emEdge(line, style.fontSize, style.writingMode !== 'horizontal-tb', side);
  return Math.max(0, side === 'under' ? line.y + line.height - edge : edge - line.y);
}
