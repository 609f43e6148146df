// Inline formatting context: a block container's inline content broken into line boxes
// (UAX #14 break opportunities, greedy filling), aligned, with inline box edges and vertical-align.
import { breaksAll } from './line-break-all.js';
import LineBreaker from 'linebreak';
import type { BlockBox, Box, InlineBox, ReplacedBox, SymbolKind, TextBox, TextDecoration } from '../boxes/types.js';
import { layoutUnits, layoutUnitsUp } from '../css/values/layout-units.js';
import type { ComputedStyle } from '../css/types.js';
import { fontFeatures } from '../fonts/features.js';
import type { FontQuery, LoadedFont } from '../fonts/types.js';
import {
  borderEdges, cacheSlot, checkAborted, documentCache, lineHeightOf, marginValue, paddingEdges, resolveLength, type LayoutContext,
} from './context.js';
import type { BoxFragment, Edges, Fragment, InlineFragment, LineFragment, ReplacedFragment, TextFragment } from './fragments.js';
import { edgesWith, translate } from './fragments.js';
import { atomicIntrinsicWidth, isCompressibleReplaced, layoutAtomicInline, type AtomicLayout } from './atomic.js';
import { annotationReach, isRubyColumn, roomBeside, withRubyOverhangs } from './ruby-column.js';
import { intrinsicWidths } from './block.js';
import { keywordWidth } from './intrinsic-size.js';
import { isOutOfFlowBox } from '../boxes/out-of-flow.js';
import { SYMBOLS } from '../boxes/inside-marker.js';
import { fullSizeStyle } from '../boxes/small-caps.js';
import { leaderCopies } from './leader.js';
import { relativeOffset, type Offset } from './relative.js';
import { asciiBreaks, eachAsciiBreak, isPrintableAscii, tailorAsciiBreaks } from './line-break-ascii.js';
import { tailorScriptBreaks } from './line-break-scripts.js';
import { graphemeEnds } from './text-segments.js';
import { onlyWhiteSpace } from '../boxes/white-space.js';
import { embeddingLevels, firstStrongDirection, levelRuns, visualOrder, visualText, type BidiSpan } from './bidi.js';

type Item =
  | { readonly kind: 'text'; readonly box: TextBox; readonly start: number; readonly end: number; readonly parents: readonly InlineBox[] }
  | { readonly kind: 'leader'; readonly box: TextBox; readonly start: number; readonly end: number; readonly parents: readonly InlineBox[] }
  | { readonly kind: 'atomic'; readonly box: Box; readonly start: number; readonly end: number; readonly parents: readonly InlineBox[] }
  | { readonly kind: 'break'; readonly box: Box; readonly start: number; readonly end: number; readonly parents: readonly InlineBox[] }
  | { readonly kind: 'open' | 'close'; readonly box: InlineBox; readonly start: number; readonly end: number; readonly parents: readonly InlineBox[] }
  // Floats and absolutely positioned boxes take no room in the text: they sit between its characters.
  | { readonly kind: 'float' | 'absolute'; readonly box: Box; readonly start: number; readonly end: number; readonly parents: readonly InlineBox[] };

interface Paragraph {
  readonly text: string;
  readonly items: Item[];
  /** The items that hold text, for styleIndex (found on first use). */
  spans?: Item[];
  /** Whether any inline box opens in it (found on first use). */
  inlines?: boolean;
  /** Its bidi embedding levels; null when it is all left to right (found on first use: undefined before). */
  levels: Uint8Array | null | undefined;
  /** With `unicode-bidi: plaintext`, the direction of its first strong character (found on first use). */
  plaintextDirection?: 'ltr' | 'rtl';
  /** The inline boxes open before where the last line built started (see inlinesOpenAt). */
  openCursor?: { readonly index: number; readonly start: number; readonly open: Map<InlineBox, true> };
}

/**
 * The inline boxes that opened before `start` and did not close by it, in the order they opened.
 * Lines are mostly built in order, so the walk goes on from where the paragraph's last line
 * started: a paragraph's lines together walk its items once, not once a line.
 */
function inlinesOpenAt(paragraph: Paragraph, start: number): InlineBox[] {
  let cursor = paragraph.openCursor;
  if (cursor === undefined || cursor.start > start) cursor = { index: 0, start: 0, open: new Map() };
  const { items } = paragraph;
  const open = cursor.open;
  let i = cursor.index;
  for (; i < items.length && items[i].start < start; i++) {
    const item = items[i];
    if (item.kind === 'open') open.set(item.box, true);
    else if (item.kind === 'close') open.delete(item.box);
  }
  paragraph.openCursor = { index: i, start, open };
  let closing: Set<Box> | null = null;
  for (; i < items.length && items[i].start === start; i++) if (items[i].kind === 'close') (closing ??= new Set()).add(items[i].box);
  const boxes: InlineBox[] = [];
  for (const box of open.keys()) if (closing === null || !closing.has(box)) boxes.push(box);
  return boxes;
}

/**
 * The index of the first of `items` for which `reaches` holds, by bisection. Items are in text
 * order and hold disjoint text, so their ends never decrease, and a test of an item's end against
 * a position holds from some item on.
 */
function firstItemWhere(items: readonly Item[], reaches: (item: Item) => boolean): number {
  let lo = 0;
  let hi = items.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (reaches(items[mid])) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/** A piece between two break opportunities, measured. */
interface Segment {
  readonly start: number;
  readonly end: number;
  /** Width without trailing collapsible/hanging spaces. */
  readonly width: number;
  readonly trailingSpace: number;
  readonly forcedBreakAfter: boolean;
}

export interface InlineLayoutResult {
  /** Lines positioned with their top at y = 0 and the container's content left at x = 0. */
  readonly lines: LineFragment[];
  /** Where the first line ends in the paragraph's text. */
  readonly firstLineEnd?: number;
  /** How many of the paragraph's floats the lines met (laid out alone, a first line may meet one starting after it). */
  readonly floatsMet?: number;
}

/** Where lines laid out again go on from: an offset in the paragraph's text, the y below the lines before. */
export interface LinesFrom {
  readonly offset: number;
  readonly y: number;
  /** Floats of the paragraph the lines before met already (else those starting before `offset`). */
  readonly floatsMet?: number;
}

/** Each style's font query: made once, as text is measured and laid out many times per style. */
const FONT_QUERIES = new WeakMap<ComputedStyle, FontQuery>();

export function fontQuery(style: ComputedStyle): FontQuery {
  let query = FONT_QUERIES.get(style);
  if (query === undefined) {
    const features = fontFeatures(style.fontKerning, style.fontVariantLigatures, style.fontFeatureSettings, style.fontVariantNumeric);
    query = { families: style.fontFamily, weight: style.fontWeight, style: style.fontStyle, lang: style.lang, ...(features !== null && { features }) };
    FONT_QUERIES.set(style, query);
  }
  return query;
}

function collectItems(children: readonly Box[], parents: readonly InlineBox[], out: Item[], text: string[], from = 0): number {
  let offset = from;
  const push = (s: string): number => {
    text.push(s);
    const start = offset;
    offset += s.length;
    return start;
  };
  for (const child of children) {
    switch (child.kind) {
      case 'text': {
        if (child.leader) {
          // A word joiner keeps the leader on the line of the words before and after it.
          const start = push('\u2060');
          out.push({ kind: 'leader', box: child, start, end: start + 1, parents });
          break;
        }
        const start = push(child.text);
        out.push({ kind: 'text', box: child, start, end: start + child.text.length, parents });
        break;
      }
      case 'line-break': {
        const start = push('\n');
        out.push({ kind: 'break', box: child, start, end: start + 1, parents });
        break;
      }
      case 'inline': {
        out.push({ kind: 'open', box: child, start: offset, end: offset, parents });
        offset = collectItems(child.children, [...parents, child], out, text, offset);
        out.push({ kind: 'close', box: child, start: offset, end: offset, parents });
        break;
      }
      default: {
        if (isOutOfFlowBox(child)) {
          out.push({ kind: child.style.float !== 'none' ? 'float' : 'absolute', box: child, start: offset, end: offset, parents });
          break;
        }
        const start = push('\uFFFC');
        out.push({ kind: 'atomic', box: child, start, end: start + 1, parents });
      }
    }
  }
  return offset;
}

const NO_PARENTS: readonly InlineBox[] = [];
const NO_ITEMS: readonly Item[] = [];

function paragraphOf(container: BlockBox, marker: Box | null): Paragraph {
  if (container.children.length === 1 && marker === null) {
    // The commonest paragraph, a table cell's or a short block's: one run of text.
    const only = container.children[0];
    if (only.kind === 'text' && !only.leader) {
      return { text: only.text, items: [{ kind: 'text', box: only, start: 0, end: only.text.length, parents: NO_PARENTS }], levels: undefined };
    }
  }
  const items: Item[] = [];
  const text: string[] = [];
  collectItems(marker ? [...container.children] : container.children, [], items, text);
  return { text: text.join(''), items, levels: undefined };
}

/** The paragraph's floats, in order (most paragraphs have none: they share one empty list). */
function floatsOf(paragraph: Paragraph): readonly Item[] {
  for (const item of paragraph.items) if (item.kind === 'float') return paragraph.items.filter((i) => i.kind === 'float');
  return NO_ITEMS;
}

function noWrap(style: ComputedStyle): boolean {
  return style.whiteSpace === 'nowrap' || style.whiteSpace === 'pre';
}

function hangingSpaces(style: ComputedStyle): boolean {
  return style.whiteSpace !== 'break-spaces' && style.whiteSpace !== 'pre';
}

/** The break opportunities of a paragraph: positions before which a line may end. */
function breakOpportunities(paragraph: Paragraph, containerStyle: ComputedStyle): Map<number, boolean> {
  const breaks = new Map<number, boolean>();
  const text = paragraph.text;
  const ascii = isPrintableAscii(text);
  if (ascii) {
    // Most text: Chromium's ASCII table decides every break, and UAX #14 need not be run.
    asciiBreaks(text, breaks);
  } else {
    const breaker = new LineBreaker(text);
    let bk = breaker.nextBreak();
    while (bk) {
      breaks.set(bk.position, bk.required);
      bk = breaker.nextBreak();
    }
    // ICU (and so Chromium) tailors UAX #14 LB25: a hyphen between a letter or digit and a digit
    // ("1.0.0-0.3.7") may break after it; only a hyphen starting a number ("-5") keeps to it.
    for (let p = text.indexOf('-', 1); p !== -1 && p < text.length - 1; p = text.indexOf('-', p + 1)) {
      if (/[\p{L}\p{N}]/u.test(text[p - 1]) && /\d/.test(text[p + 1]) && !breaks.has(p + 1)) breaks.set(p + 1, false);
    }
    // Between two printable ASCII characters Chromium follows its own table, not UAX #14.
    tailorAsciiBreaks(text, breaks);
  }
  // Suppress soft opportunities inside nowrap/pre text, and add the ones overflow-wrap/word-break allow.
  const styleAt = styleIndex(paragraph);
  tailorScriptBreaks(text, breaks, textStyles(paragraph), styleAt, !ascii);
  if (paragraph.items.some((i) => i.end > i.start && noWrap(i.box.style))) {
    const itemAt = itemIndex(paragraph);
    for (const [position, required] of [...breaks]) {
      if (required || position >= paragraph.text.length) continue;
      // After an atomic inline (an inline-block), the box it sits in decides, not its own style.
      const item = itemAt(position - 1);
      const before = item === null ? null : item.kind === 'atomic' ? item.parents.at(-1)?.style ?? containerStyle : item.box.style;
      if (before && noWrap(before)) breaks.delete(position);
    }
  }
  // hyphens: none keeps words whole even at soft hyphens.
  for (let p = text.indexOf('\u00AD'); p !== -1; p = text.indexOf('\u00AD', p + 1)) {
    const style = styleAt(p);
    if (style && style.hyphens === 'none' && breaks.get(p + 1) === false) breaks.delete(p + 1);
  }
  for (const item of paragraph.items) {
    if (item.kind === 'text' && item.box.style.wordBreak === 'break-all') {
      for (let p = item.start + 1; p < item.end; p++) if (!breaks.has(p) && breaksAll(text, p)) breaks.set(p, false);
    }
  }
  breaks.set(paragraph.text.length, true);
  return breaks;
}

/** The styles of the paragraph's text, each once (most paragraphs have one). */
function textStyles(paragraph: Paragraph): ComputedStyle[] {
  const styles: ComputedStyle[] = [];
  for (const item of paragraph.items) if (item.kind === 'text' && !styles.includes(item.box.style)) styles.push(item.box.style);
  return styles;
}


function styleIndex(paragraph: Paragraph): (position: number) => ComputedStyle | null {
  const itemAt = itemIndex(paragraph);
  return (position: number) => itemAt(position)?.box.style ?? null;
}

/** The item holding the character at a position, found by bisection. */
function itemIndex(paragraph: Paragraph): (position: number) => Item | null {
  return (position: number) => {
    const spans = (paragraph.spans ??= paragraph.items.filter((i) => i.end > i.start));
    let lo = 0;
    let hi = spans.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const item = spans[mid];
      if (position < item.start) hi = mid - 1;
      else if (position >= item.end) lo = mid + 1;
      else return item;
    }
    return null;
  };
}

/** Measures pieces of text items, with font fallback runs, letter- and word-spacing. */
class TextMeasurer {
  constructor(private readonly ctx: LayoutContext) {}

  width(box: TextBox, text: string): number {
    if (text.length === 0) return 0;
    if (box.symbol !== undefined) return symbolGeometry(box.style, this.ctx, box.symbol).width;
    const style = box.style;
    const query = fontQuery(style);
    const sole = this.ctx.fonts.soleFace(text, query);
    let width = 0;
    if (sole !== null) width = sole.measure(text, style.fontSize);
    else for (const run of this.ctx.fonts.runs(text, query)) width += run.font.measure(run.text, style.fontSize);
    if (style.letterSpacing !== 0) width += style.letterSpacing * [...text].length;
    if (style.wordSpacing !== 0) width += style.wordSpacing * countSpaces(text);
    return width;
  }
}

function countSpaces(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 32) n++;
  return n;
}

const boxPositions = new WeakMap<Paragraph, Map<Box, { open: number; close: number }>>();

function positionsOf(paragraph: Paragraph, box: Box): { open: number; close: number } | undefined {
  let positions = boxPositions.get(paragraph);
  if (positions === undefined) {
    positions = new Map();
    for (const item of paragraph.items) {
      if (item.kind === 'open') positions.set(item.box, { open: item.start, close: item.start });
      else if (item.kind === 'close') {
        const known = positions.get(item.box);
        if (known) known.close = item.start;
      }
    }
    boxPositions.set(paragraph, positions);
  }
  return positions.get(box);
}

/** Whether inline box `box` opens at `position` of the paragraph's text. */
function opensAt(paragraph: Paragraph, box: Box, position: number): boolean {
  return positionsOf(paragraph, box)?.open === position;
}

/**
 * Whether `box` is empty and sits where a line breaks softly at `position`: it stays at the end of
 * the line before, as in Blink (an icon's `<i>` after a space does not start the next line), and
 * hangs there as the space does.
 */
function trailsLineAt(paragraph: Paragraph, box: Box, position: number): boolean {
  if (position <= 0 || position >= paragraph.text.length || paragraph.text[position - 1] === '\n') return false;
  const at = positionsOf(paragraph, box);
  return at !== undefined && at.open === position && at.close === position;
}

/** Start/end inline edges (margin + border + padding) of an inline box. */
function inlineEdges(box: InlineBox, cbWidth: number): { start: number; end: number } {
  const s = box.style;
  const padding = paddingEdges(s, cbWidth);
  return {
    start: marginValue(s.marginLeft, cbWidth) + s.borderLeft.width + padding.left,
    end: marginValue(s.marginRight, cbWidth) + s.borderRight.width + padding.right,
  };
}

/** Width of the paragraph range [start, end) as one run (kerning across words included), and its trailing hanging space. */
function measureRange(paragraph: Paragraph, start: number, end: number, measurer: TextMeasurer, atomics: Map<Box, AtomicLayout>, cbWidth: number, fromItem = 0): { width: number; trailing: number } {
  let width = 0;
  let trailing = 0;
  const items = paragraph.items;
  // Inline boxes opening where the paragraph's text ends (empty ones, as an icon's <i>) belong to
  // its last segment, or to its only one when it has no text: their padding and borders take room.
  const atEnd = end === paragraph.text.length;
  // Boxes opened in the range: an empty one at its start closes in it, one at its end does not.
  let opened: Set<Box> | undefined;
  for (let i = fromItem; i < items.length; i++) {
    const item = items[i];
    if (item.start >= end && !(item.start === end && (item.kind === 'close' || atEnd))) break;
    if (item.kind === 'open') {
      if (item.start >= start && (item.start < end || atEnd) && !(item.start === start && start < end && trailsLineAt(paragraph, item.box, start))) {
        width += trailing + inlineEdges(item.box, cbWidth).start;
        trailing = 0;
        if (item.start === start || item.start === end) (opened ??= new Set()).add(item.box);
      }
    } else if (item.kind === 'close') {
      const here = opened?.has(item.box) === true;
      const inRange = (item.start > start || (atEnd && start === end) || here) && item.start <= end;
      if (inRange && (here || item.start < end || atEnd || !opensAt(paragraph, item.box, end))) width += inlineEdges(item.box, cbWidth).end;
    } else if (item.kind === 'text') {
      const from = Math.max(start, item.start);
      const to = Math.min(end, item.end);
      if (to <= from) continue;
      const slice = item.box.text.slice(from - item.start, to - item.start);
      const hang = hangingSpaces(item.box.style) ? trailingSpaces(slice) : 0;
      const body = slice.slice(0, slice.length - hang);
      let bodyWidth = 0;
      if (body.length > 0) {
        bodyWidth = measurer.width(item.box, body);
        width += trailing + bodyWidth;
        trailing = 0;
      }
      // The spaces measured with the text before them, as it is shaped and painted: after text in a
      // fallback face they are in that face, and a kerning pair such as "A " narrows them (so the
      // words and spaces of a line measure the same apart as together).
      if (hang > 0) trailing += body.length > 0 ? measurer.width(item.box, slice) - bodyWidth : measurer.width(item.box, slice);
    } else if (item.kind === 'atomic') {
      if (item.start >= start && item.start < end) {
        width += trailing + (atomics.get(item.box)?.marginWidth ?? 0);
        trailing = 0;
      }
    } else if (item.kind === 'leader') {
      // A leader needs room for one copy of its string; it grows once the line is built.
      if (item.start >= start && item.start < end) {
        width += trailing + measurer.width(item.box, item.box.text);
        trailing = 0;
      }
    }
  }
  return { width, trailing };
}

/** The number of U+0020 at the end of `text`. */
function trailingSpaces(text: string): number {
  let n = 0;
  while (n < text.length && text.charCodeAt(text.length - 1 - n) === 0x20) n++;
  return n;
}

/** The first item that goes on past `position`, or that sits at it taking no room. */
function firstItemAt(paragraph: Paragraph, position: number): number {
  return firstItemWhere(paragraph.items, (item) => item.end > position || (item.start === position && item.end === position));
}

/** A paragraph's break opportunities and measured segments, when they depend on its text alone. */
interface TextAnalysis {
  readonly children: readonly Box[];
  readonly paragraph: Paragraph;
  readonly segments: Segment[];
}

/**
 * Analyses of plain-text containers that wrap or were laid out before: a box laid out more than
 * once (flex items, shrink-to-fit boxes) breaks its text the same way each time.
 */
const TEXT_ANALYSES = cacheSlot<BlockBox, TextAnalysis>('text analyses');

/** What the intrinsic-width pass learned of a plain-text container: its widths, and enough to lay it out as one line. */
interface PlainWidths {
  readonly children: readonly Box[];
  /** Its min- and max-content widths without text-indent, as the line filling sums its segments. */
  readonly min: number;
  readonly max: number;
  /** Whether its text has a forced break. */
  readonly forced: boolean;
}

/**
 * Tables measure every cell's text before laying any out, and most cells fit on one line: the
 * measuring keeps this much, so a document's analyses are not all alive at once (decision 0165),
 * and measuring the same box again needs no analysis.
 */
const PLAIN_WIDTHS = cacheSlot<BlockBox, PlainWidths>('plain-text widths', { boxKeyed: true });

export function plainTextChildren(children: readonly Box[]): boolean {
  for (const child of children) if (child.kind !== 'text' || child.leader) return false;
  return true;
}

function sameChildren(a: readonly Box[], b: readonly Box[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** Plain text lays out no atomic inlines: its analyses share this (never written to). */
const NO_ATOMICS: Map<Box, AtomicLayout> = new Map();

type Analysis = { paragraph: Paragraph; segments: readonly Segment[]; atomics: Map<Box, AtomicLayout> };

/**
 * Paragraph and segments of `container`; `atomicsFor` lays out its atomic inlines (for the widths
 * of their segments). `measuring`: for intrinsic widths, whose plain-text analyses are not kept.
 */
function analyze(container: BlockBox, ctx: LayoutContext, measurer: TextMeasurer, cbWidth: number, atomicsFor: (paragraph: Paragraph) => Map<Box, AtomicLayout>, measuring = false): Analysis {
  const plain = plainTextChildren(container.children);
  if (plain) {
    const known = documentCache(ctx, TEXT_ANALYSES).get(container);
    if (known !== undefined && sameChildren(known.children, container.children)) {
      return { paragraph: known.paragraph, segments: known.segments, atomics: NO_ATOMICS };
    }
  }
  const paragraph = paragraphOf(container, null);
  const atomics = atomicsFor(paragraph);
  const segments = measureSegments(paragraph, breakOpportunities(paragraph, container.style), measurer, atomics, cbWidth);
  if (plain && !measuring) documentCache(ctx, TEXT_ANALYSES).set(container, { children: [...container.children], paragraph, segments });
  return { paragraph, segments, atomics };
}

/**
 * The plain-text `container`'s paragraph, when the intrinsic-width pass found that it fits in
 * `available` px: the line filling would put every segment on the first line, so its break
 * opportunities need not be found again.
 */
function oneLine(container: BlockBox, ctx: LayoutContext, available: number): Paragraph | null {
  const known = documentCache(ctx, PLAIN_WIDTHS).get(container);
  if (known === undefined || known.children !== container.children || known.forced || known.max > available + 0.01) return null;
  return paragraphOf(container, null);
}

function measureSegments(paragraph: Paragraph, breaks: Map<number, boolean>, measurer: TextMeasurer, atomics: Map<Box, AtomicLayout>, cbWidth: number): Segment[] {
  const positions = [...breaks.keys()];
  // Mostly found in order already: sorted only when not.
  for (let i = 1; i < positions.length; i++) {
    if (positions[i] < positions[i - 1]) {
      positions.sort((a, b) => a - b);
      break;
    }
  }
  const segments: Segment[] = [];
  let start = 0;
  for (const end of positions) {
    if (end <= start && !(end === start && end === paragraph.text.length && segments.length === 0)) continue;
    const { width, trailing } = measureRange(paragraph, start, end, measurer, atomics, cbWidth, firstItemAt(paragraph, start));
    const forced = breaks.get(end) === true && end < paragraph.text.length ? true : paragraph.text[end - 1] === '\n';
    segments.push({ start, end, width, trailingSpace: trailing, forcedBreakAfter: forced });
    start = end;
  }
  return segments;
}

/**
 * Splits an overlong segment into pieces that fit, at grapheme boundaries (overflow-wrap), across
 * the inline boxes and the text after them that the unbreakable run spans (a `<code>` with padding
 * and the full stop after it): a piece holds the start edges of the boxes opening in it and the end
 * edges of those closing in it or where it ends, as its line will.
 */
function splitSegment(segment: Segment, paragraph: Paragraph, measurer: TextMeasurer, available: number, atomics: Map<Box, AtomicLayout>, cbWidth: number): Segment[] {
  const { items } = paragraph;
  const first = firstItemAt(paragraph, segment.start);
  // The end edges of the boxes closing at each position inside the segment.
  const closing = new Map<number, number>();
  for (let i = first; i < items.length && items[i].start <= segment.end; i++) {
    const item = items[i];
    if (item.kind === 'close' && item.start > segment.start) closing.set(item.start, (closing.get(item.start) ?? 0) + inlineEdges(item.box, cbWidth).end);
  }
  const pieces: Segment[] = [];
  let from = segment.start;
  let width = 0;
  // Start edges of boxes opening before the next grapheme: they go to the line it goes to.
  let lead = 0;
  const place = (start: number, end: number, advance: number): void => {
    const needed = lead + advance + (closing.get(end) ?? 0);
    if (start > from && width + needed > available && allowsOverflowWrap(paragraph, start - 1)) {
      pieces.push({ start: from, end: start, width: measureRange(paragraph, from, start, measurer, atomics, cbWidth, firstItemAt(paragraph, from)).width, trailingSpace: 0, forcedBreakAfter: false });
      from = start;
      width = 0;
    }
    width += lead + advance + (closing.get(end) ?? 0);
    lead = 0;
  };
  for (let i = first; i < items.length && items[i].start < segment.end; i++) {
    const item = items[i];
    if (item.kind === 'open' && item.start >= segment.start) lead += inlineEdges(item.box, cbWidth).start;
    else if (item.kind === 'atomic' && item.start >= segment.start) place(item.start, item.end, atomics.get(item.box)?.marginWidth ?? 0);
    else if (item.kind === 'leader' && item.start >= segment.start) place(item.start, item.end, measurer.width(item.box, item.box.text));
    else if (item.kind === 'text') {
      let at = Math.max(segment.start, item.start);
      const to = Math.min(segment.end, item.end);
      for (const end of graphemeEnds(item.box.text, at - item.start, to - item.start)) {
        place(at, item.start + end, measurer.width(item.box, item.box.text.slice(at - item.start, end)));
        at = item.start + end;
      }
    }
  }
  if (pieces.length === 0) return [segment];
  const last = measureRange(paragraph, from, segment.end, measurer, atomics, cbWidth, firstItemAt(paragraph, from));
  pieces.push({ start: from, end: segment.end, width: last.width, trailingSpace: segment.trailingSpace, forcedBreakAfter: segment.forcedBreakAfter });
  return pieces;
}

function allowsOverflowWrap(paragraph: Paragraph, position: number): boolean {
  const style = styleIndex(paragraph)(position);
  // Text that does not wrap (white-space: pre, nowrap) has no break opportunities for overflow-wrap to add.
  return !!style && (style.overflowWrap !== 'normal' || style.wordBreak === 'break-word') && !noWrap(style);
}

/** The horizontal band lines may use at a content-relative y (floats narrow it), and where the first float narrowing it ends. */
export type LineBand = (y: number, height: number) => { readonly offset: number; readonly width: number; readonly below?: number };

/** A float of the inline content, laid out: its margin-box width, and where it goes once known. */
export interface LineFloat {
  readonly width: number;
  /** Places it in the float area no higher than the content-relative `y`; its fragment in content-relative coordinates. */
  place(y: number): BoxFragment;
}

/** The float area of the block formatting context the lines are in. */
export interface LineFloats {
  readonly band: LineBand;
  /** Lays out a float met among the lines at `start` in the paragraph's text (shrink-to-fit), not yet placed; null leaves it out. */
  layout(box: Box, start: number): LineFloat | null;
  /** The content-relative y below the floats on the cleared side(s), for a <br> with `clear`. */
  clearance(clear: 'left' | 'right' | 'both'): number;
}

/** Lines that carry only floats or absolutely positioned boxes, not a line box of their own (no height, no content). */
const CARRIERS = new WeakSet<LineFragment>();

/** Where each line filled from a paragraph's segments starts in its text (for lines laid out again from there). */
const LINE_STARTS = cacheSlot<LineFragment, number>('line starts');

/**
 * Where in its paragraph's text `line` (one of the lines laid out for it) starts, to lay the rest of
 * the paragraph out again from there: a paragraph going on on a page of another width (`@page
 * :first` with other margins) is broken anew there, as Chromium breaks it. Undefined when not known.
 */
export function lineStart(line: LineFragment, ctx: LayoutContext): number | undefined {
  return documentCache(ctx, LINE_STARTS).get(line);
}

/** Whether a line only carries floats or absolutely positioned boxes (it resolves no margins). */
export function isCarrierLine(line: LineFragment): boolean {
  return CARRIERS.has(line);
}

/**
 * Lays out the inline content of `container` in lines of `width` px. A float met among the
 * content goes beside the line it occurs in when it fits there (the line shortened around it,
 * CSS 2.1 §9.5.1), else under that line; floats are children of the line they were placed with.
 */
export function layoutLines(
  container: BlockBox, ctx: LayoutContext, width: number, marker: Box | null, band?: LineBand, floats?: LineFloats,
  startAt?: LinesFrom,
  /** Stop after the first line with content (with the floats met before it ends). */
  firstLineOnly = false,
): InlineLayoutResult {
  checkAborted(ctx);
  if (startAt === undefined && container.firstLine !== undefined) {
    const styled = withFirstLine(container, container.firstLine, ctx, width, marker, band, floats);
    if (styled !== null) return styled;
  }
  const measurer = new TextMeasurer(ctx);
  const style = container.style;
  const indent = resolveLength(style.textIndent, width);
  const single = marker === null && band === undefined && startAt === undefined ? oneLine(container, ctx, width - indent) : null;
  if (single !== null) return plainLine(container, ctx, single, measurer, width, indent);
  const filled = fillLines(container, ctx, width, marker, band, floats, startAt, measurer, indent, 0, firstLineOnly);
  // `floats` is only where floats would go: balancedLines takes no paragraph that holds one.
  if (style.textWrapStyle !== 'balance' || marker !== null || band !== undefined || startAt !== undefined || firstLineOnly) return filled;
  return balancedLines(container, ctx, width, measurer, indent, filled);
}

/** Chromium balances paragraphs of up to this many lines (probed: 6 are balanced, 7 and more are not). */
const MAX_BALANCED_LINES = 6;

/**
 * `text-wrap: balance`: the lines broken at the narrowest width that needs no more lines than the
 * full width does, each still aligned in the full width, as Chromium balances them. Only a
 * paragraph of text and inline boxes (no atomic inlines, floats or positioned boxes, which a
 * layout places as it goes) of 2 to 6 lines.
 */
function balancedLines(container: BlockBox, ctx: LayoutContext, width: number, measurer: TextMeasurer, indent: number, filled: InlineLayoutResult): InlineLayoutResult {
  const count = filled.lines.length;
  if (count < 2 || count > MAX_BALANCED_LINES || !onlyTextAndInlines(container.children)) return filled;
  // Bisected between the full width and the text's average line (its one-line width over the count), never narrower than its longest unbreakable piece.
  const intrinsic = inlineIntrinsicWidths(container, ctx);
  let keeps = 0;
  let loses = Math.max(0, width - Math.max(intrinsic.min, intrinsic.max / count));
  let best = filled;
  while (loses - keeps > 0.5) {
    const shrink = (keeps + loses) / 2;
    const attempt = fillLines(container, ctx, width, null, undefined, undefined, undefined, measurer, indent, shrink);
    if (attempt.lines.length <= count) {
      keeps = shrink;
      best = attempt;
    } else {
      loses = shrink;
    }
  }
  return best;
}

function onlyTextAndInlines(children: readonly Box[]): boolean {
  for (const child of children) {
    if (child.kind === 'text' || child.kind === 'line-break') continue;
    if (child.kind !== 'inline' || child.style.position !== 'static' && child.style.position !== 'relative' || !onlyTextAndInlines(child.children)) return false;
  }
  return true;
}

/** Lines filled segment by segment, around floats (layoutLines without its one-line shortcut). */
function fillLines(
  container: BlockBox, ctx: LayoutContext, width: number, marker: Box | null, band: LineBand | undefined, floats: LineFloats | undefined,
  startAt: LinesFrom | undefined, measurer: TextMeasurer, indent: number,
  /** How much narrower than its line box each line is broken (text-wrap: balance). */
  breakShrink = 0,
  firstLineOnly = false,
): InlineLayoutResult {
  const style = container.style;
  // Whether the paragraph holds ruby columns, whose annotations may overhang and grow lines.
  let ruby = false;
  const { paragraph, segments, atomics } = analyze(container, ctx, measurer, width, (p) => {
    const laid = new Map<Box, AtomicLayout>();
    for (const item of p.items) {
      if (item.kind !== 'atomic') continue;
      const atomic = layoutAtomicInline(item.box, ctx, width);
      laid.set(item.box, atomic);
      ruby ||= isRubyColumn(item.box);
    }
    if (ruby) withRubyOverhangs(p.items, laid, textItemWidth(measurer));
    return laid;
  });
  const floatItems = floats ? floatsOf(paragraph) : NO_ITEMS;
  let ascii: boolean | undefined;
  const lineBand = floats && floatItems.length > 0 ? floats.band : band;
  // The container's strut, the same for each of its lines.
  const rootStrut = strut(style, ctx);
  const strutHeight = lineBand ? rootStrut.ascent + rootStrut.descent : 0;

  const lines: LineFragment[] = [];
  // Going on after a first line laid out apart (::first-line): from its end, below it.
  let y = startAt?.y ?? 0;
  let lineCount = startAt === undefined ? 0 : 1;
  let firstLineEnd: number | undefined;
  let current: Segment[] = [];
  let stopped = false;
  let used = 0;
  const full = { offset: 0, width };
  let area: ReturnType<LineBand> = lineBand ? lineBand(y, strutHeight) : full;
  let available = area.width - (lineCount === 0 ? indent : 0) - breakShrink;
  // Floats placed beside the line being filled, and those waiting to go under it. Going on from
  // `startAt`, the floats before it went with the lines before it.
  let nextFloat = 0;
  if (startAt !== undefined) {
    nextFloat = Math.min(startAt.floatsMet ?? 0, floatItems.length);
    while (nextFloat < floatItems.length && floatItems[nextFloat].start < startAt.offset) nextFloat++;
  }
  let beside: BoxFragment[] = [];
  let under: LineFloat[] = [];
  // Floats met before `before`, the next piece starting at `from`: beside the line when they fit
  // after the content before them on it, or when none comes before them.
  const meetFloats = (before: number, from: number): void => {
    while (nextFloat < floatItems.length && floatItems[nextFloat].start < before) {
      const at = floatItems[nextFloat].start;
      const laid = floats?.layout(floatItems[nextFloat++].box, at);
      if (!laid) continue;
      const lineStart = current.length > 0 ? current[0].start : from;
      const content = at > lineStart ? measureRange(paragraph, lineStart, at, measurer, atomics, width, firstItemAt(paragraph, lineStart)).width : 0;
      if (under.length > 0 || content > 0 && content + laid.width > available + 0.01) {
        under.push(laid);
        continue;
      }
      beside.push(laid.place(y));
      area = lineBand ? lineBand(y, strutHeight) : full;
      available = area.width - (lineCount === 0 ? indent : 0) - breakShrink;
    }
  };
  // A line whose first piece does not fit beside the floats goes down past them until it does
  // (CSS 2.1 §9.5): the space above it is a line of no content, carrying the floats placed so far.
  // One that fits nowhere goes below the floats around it, to the full width (Blink finds no layout
  // opportunity for it beside them), unless it placed a float of its own beside it (a nowrap line
  // holding a float keeps its place).
  const moveDownToFit = (needed: number): void => {
    const fitsNowhere = needed > width - (lineCount === 0 ? indent : 0) + 0.01;
    if (fitsNowhere && beside.length > 0) return;
    let top = y;
    while ((fitsNowhere ? area.width < width - 0.01 : needed > available + 0.01) && area.below !== undefined && area.below > top + 0.01) {
      top = area.below;
      area = lineBand!(top, strutHeight);
      available = area.width - (lineCount === 0 ? indent : 0) - breakShrink;
    }
    if (top === y) return;
    const spacer: LineFragment = { kind: 'line', x: 0, y, width, height: top - y, baseline: y, children: beside };
    beside = [];
    lines.push(spacer);
    y = top;
  };
  const carry = (line: LineFragment | null): void => {
    const carrier: LineFragment = line ? { ...line, height: 0, children: [] } : { kind: 'line', x: 0, y, width, height: 0, baseline: y, children: [] };
    carrier.children.push(...beside);
    CARRIERS.add(carrier);
    lines.push(carrier);
  };
  // Lines are built as they are filled, so each knows its y and so the band floats leave it.
  const newLine = (forced: boolean, last: boolean): void => {
    const first = lineCount === 0;
    const start = current[0]?.start ?? 0;
    const end = current[current.length - 1]?.end ?? 0;
    const options: LineOptions = {
      ctx, measurer, atomics, container, width: area.offset + area.width, indent: area.offset + (first ? indent : 0), y, strut: rootStrut,
      justify: (style.textAlign === 'justify' && !forced && !last) || (last && style.textAlignLast === 'justify'),
      marker: first ? marker : null,
      isLast: last,
    };
    let line = buildLine(paragraph, start, end, options);
    // Annotations reaching over a line after the first, or under the line before it, take what the
    // other line leaves beside its text, and the line moves down by the rest, after a line of no
    // content (the first line's reach is a margin: boxes/ruby.ts).
    const before = lines.at(-1);
    if (!first && ruby && before !== undefined && !CARRIERS.has(before)) {
      const growth = Math.max(
        annotationReach(line, 'over') - roomBeside(before, style, 'under'),
        annotationReach(before, 'under') - roomBeside(line, style, 'over'),
      );
      if (growth > 0.01) {
        lines.push({ kind: 'line', x: 0, y, width, height: growth, baseline: y, children: [] });
        y += growth;
        line = buildLine(paragraph, start, end, { ...options, y });
      }
    }
    lineCount++;
    current = [];
    used = 0;
    // A line holding only collapsible space and empty inlines has no height (CSS 2.1 §9.4.2).
    if (!(first && marker) && isPhantomLine(line, paragraph, start, end)) {
      if (first) lineCount = 0;
      if (beside.length > 0 || line.absolutes) carry(line);
    } else {
      // Floats paint under the line's content.
      line.children.unshift(...beside);
      lines.push(line);
      documentCache(ctx, LINE_STARTS).set(line, start);
      y += line.height;
      firstLineEnd ??= end;
      stopped = firstLineOnly;
      // The last line's annotations under it take room in the block.
      const reachBelow = last && ruby ? annotationReach(line, 'under') : 0;
      if (reachBelow > 0.01) {
        lines.push({ kind: 'line', x: 0, y, width, height: reachBelow, baseline: y, children: [] });
        y += reachBelow;
      }
    }
    // A <br> with `clear` (or `clear` attribute) ends its line, and the next starts below the floats it clears.
    if (forced && floats) {
      const clear = clearOfBreakAt(paragraph, end);
      const below = clear === 'none' ? y : floats.clearance(clear);
      if (below > y + 0.01) {
        // The room it skips is a line of no content, as the space a line moves down past floats is.
        lines.push({ kind: 'line', x: 0, y, width, height: below - y, baseline: y, children: [] });
        y = below;
      }
    }
    beside = under.map((f) => f.place(y));
    under = [];
    area = lineBand ? lineBand(y, strutHeight) : full;
    available = area.width - (lineCount === 0 ? indent : 0) - breakShrink;
  };
  // Read in place (the segments may be cached); replaced by a new array when a segment is split.
  let queue: readonly Segment[] = segments;
  let next = 0;
  while (next < queue.length && !stopped) {
    const segment = queue[next++];
    if (startAt !== undefined && segment.start < startAt.offset) continue;
    if (nextFloat < floatItems.length) meetFloats(segment.end, segment.start);
    // Summed widths can fall short of the line's only where shaping across the pieces adds room
    // (a Korean face's wider space between Hangul words): outside ASCII, lines close to full are measured whole.
    const summed = used + segment.width;
    if (current.length > 0 && (summed > available + 0.01 || summed > available - Math.max(1, available * 0.02) && !(ascii ??= isPrintableAscii(paragraph.text)))) {
      // Summed word widths miss kerning across word boundaries: measure the candidate line whole.
      const lineStart = current[0].start;
      const exact = measureRange(paragraph, lineStart, segment.end, measurer, atomics, width, firstItemAt(paragraph, lineStart)).width;
      if (exact > available + 1 / 64) newLine(false, false);
    }
    if (current.length === 0 && lineBand) moveDownToFit(segment.width);
    if (current.length === 0 && segment.width > available + 0.01 && allowsOverflowWrap(paragraph, segment.start)) {
      const pieces = splitSegment(segment, paragraph, measurer, available, atomics, width);
      if (pieces.length > 1) {
        queue = [...pieces, ...queue.slice(next)];
        next = 0;
        continue;
      }
    }
    current.push(segment);
    used += segment.width + segment.trailingSpace;
    if (segment.forcedBreakAfter) newLine(true, next === queue.length);
  }
  if (!stopped) {
    meetFloats(Infinity, paragraph.text.length);
    if (current.length > 0 || lines.length === 0 && lineCount === 0) newLine(true, true);
  }
  if (under.length > 0) beside.push(...under.map((f) => f.place(y)));
  if (beside.length > 0) carry(null);
  return { lines, firstLineEnd, floatsMet: nextFloat };
}

/**
 * Plain text known to fit on one line (most table cells): the one line the filling below would
 * build, without its float and break bookkeeping.
 */
function plainLine(container: BlockBox, ctx: LayoutContext, paragraph: Paragraph, measurer: TextMeasurer, width: number, indent: number): InlineLayoutResult {
  const style = container.style;
  const end = paragraph.text.length;
  const options: LineOptions = {
    ctx, measurer, atomics: NO_ATOMICS, container, width, indent, y: 0, strut: strut(style, ctx),
    justify: style.textAlignLast === 'justify', marker: null, isLast: true,
  };
  const line = singleRunLine(paragraph, options) ?? buildLine(paragraph, 0, end, options);
  // A line holding only collapsible space has no height (CSS 2.1 §9.4.2).
  return isPhantomLine(line, paragraph, 0, end) ? { lines: [], firstLineEnd: undefined } : { lines: [line], firstLineEnd: end };
}

/**
 * The whole paragraph as one line, when it is one run of left-to-right text in one face that is
 * not justified (most table cells): the line buildLine makes of it, without its bookkeeping for
 * inline boxes, bidi, markers, leaders and justification. Undefined for any other paragraph.
 */
function singleRunLine(paragraph: Paragraph, o: LineOptions): LineFragment | undefined {
  if (paragraph.items.length !== 1 || o.marker !== null) return undefined;
  const item = paragraph.items[0];
  if (item.kind !== 'text' || item.parents.length > 0 || item.box.symbol !== undefined || item.box.actualText !== undefined) return undefined;
  const { ctx, container, width } = o;
  const containerStyle = container.style;
  if (containerStyle.unicodeBidi === 'plaintext') return undefined;
  const align = effectiveAlign(containerStyle, o.isLast, o.justify);
  if (align === 'justify') return undefined;
  const levels = paragraph.levels === undefined ? (paragraph.levels = embeddingLevels(paragraph.text, containerStyle.direction, bidiSpansOf(paragraph, containerStyle))) : paragraph.levels;
  if (levels !== null) return undefined;
  const style = item.box.style;
  // Without a trailing newline and hanging spaces, as buildLine trims the line.
  let end = paragraph.text.length;
  if (end > 0 && paragraph.text[end - 1] === '\n') end--;
  while (end > 0 && paragraph.text[end - 1] === ' ' && hangingSpaces(style)) end--;
  if (end === 0) return undefined;
  const text = item.box.text.slice(0, end);
  const font = ctx.fonts.soleFace(text, fontQuery(style));
  if (font === null) return undefined;
  const textWidth = o.measurer.width(item.box, text);
  const extent = runExtent(style, font, ctx);
  // The text holds more than collapsible space whenever the line-height quirk would apply, so the strut always counts.
  const ascent = Math.max(o.strut.ascent, extent.ascent);
  const descent = Math.max(o.strut.descent, extent.descent);
  const height = ascent + descent;
  const baseline = o.y + ascent;
  const free = width - layoutUnitsUp(o.indent + textWidth);
  let offset = 0;
  if ((align === 'right' || align === 'center') && (free >= 0 || containerStyle.direction === 'rtl')) offset = alignOffset(align, free);
  if (containerStyle.direction === 'rtl' && align === 'left') offset = 0;
  const fragment: TextFragment = {
    kind: 'text', x: o.indent + offset, baseline, width: textWidth, text, font, size: style.fontSize, style,
    wordSpacing: style.wordSpacing, decorations: item.box.decorations, actualText: undefined,
  };
  return { kind: 'line', x: 0, y: o.y, width, height, baseline, children: [fragment] };
}

/** Variants of blocks with a ::first-line rule: the block with its first-line boxes as its children. */
const FIRST_LINE_VARIANTS = cacheSlot<BlockBox, BlockBox>('first-line variants');

/**
 * Lines of a block with a ::first-line rule: the first laid out from its first-line boxes, the rest
 * from its own boxes after where the first ended; null when the two do not line up.
 */
function withFirstLine(container: BlockBox, firstLine: Box[], ctx: LayoutContext, width: number, marker: Box | null, band?: LineBand, floats?: LineFloats): InlineLayoutResult | null {
  const variants = documentCache(ctx, FIRST_LINE_VARIANTS);
  let variant = variants.get(container);
  if (variant === undefined) {
    variant = { ...container, children: firstLine, firstLine: undefined };
    variants.set(container, variant);
  }
  if (paragraphOf(variant, null).text.length !== paragraphOf(container, null).text.length) return null;
  const styled = layoutLines(variant, ctx, width, marker, band, floats, undefined, true);
  if (styled.lines.length === 0 || styled.firstLineEnd === undefined) return null;
  // Below the first line, and any floats that went under it.
  let y = 0;
  for (const line of styled.lines) y = Math.max(y, line.y + line.height);
  const rest = layoutLines(container, ctx, width, null, band, floats, { offset: styled.firstLineEnd, y, floatsMet: styled.floatsMet });
  return { lines: [...styled.lines, ...rest.lines], firstLineEnd: styled.firstLineEnd };
}

/** The `clear` of the line break (a <br>) that ends at `end` in the paragraph's text, or 'none'. */
function clearOfBreakAt(paragraph: Paragraph, end: number): ComputedStyle['clear'] {
  for (const item of paragraph.items) {
    if (item.start >= end) break;
    if (item.kind === 'break' && item.end === end) return item.box.style.clear;
  }
  return 'none';
}

/**
 * Whether the line of the paragraph's [start, end) has no height (CSS 2.1 §9.4.2): it holds only
 * collapsible white space and empty inlines. Preserved white space counts as content, also the
 * spaces that hang at its end and so are not among its fragments ("}\n    " in a pre-wrap block
 * ends with a line of them).
 */
function isPhantomLine(line: LineFragment, paragraph: Paragraph, start: number, end: number): boolean {
  const newline = paragraph.text.indexOf('\n', start);
  if (newline !== -1 && newline < end) return false;
  return line.children.every((f) =>
    f.kind === 'text' ? onlyWhiteSpace(f.text) && !preservesSpaces(f.style)
      : f.kind === 'inline' ? f.border.left + f.border.right + f.padding.left + f.padding.right === 0 && f.width === 0
        : false) && !holdsPreservedSpace(paragraph, start, end);
}

function preservesSpaces(style: ComputedStyle): boolean {
  return style.whiteSpace === 'pre' || style.whiteSpace === 'pre-wrap' || style.whiteSpace === 'break-spaces';
}

function holdsPreservedSpace(paragraph: Paragraph, start: number, end: number): boolean {
  const styleAt = styleIndex(paragraph);
  for (let i = start; i < end; i++) {
    const code = paragraph.text.charCodeAt(i);
    if (code !== 32 && code !== 9) continue;
    const style = styleAt(i);
    if (style !== null && preservesSpaces(style)) return true;
  }
  return false;
}

interface LineOptions {
  readonly ctx: LayoutContext;
  readonly measurer: TextMeasurer;
  readonly atomics: Map<Box, AtomicLayout>;
  readonly container: BlockBox;
  readonly width: number;
  readonly indent: number;
  readonly y: number;
  readonly justify: boolean;
  readonly marker: Box | null;
  readonly isLast: boolean;
  /** The container's strut. */
  readonly strut: Extent;
  /** The space a line's first leader() takes beyond one copy of its string. */
  readonly leaderExtra?: number;
}

/** Vertical extent of something on the line, relative to the line's baseline (ascent up, descent down). */
interface Extent {
  ascent: number;
  descent: number;
}

/** Each style's strut with the document's fonts: table cells and list items share a handful of styles. */
const STRUTS = cacheSlot<ComputedStyle, Extent & { font: LoadedFont }>('struts');

function strut(style: ComputedStyle, ctx: LayoutContext): Extent & { font: LoadedFont } {
  const struts = documentCache(ctx, STRUTS);
  const known = struts.get(style);
  if (known !== undefined) return known;
  const font = ctx.fonts.primary(fontQuery(style));
  const result = { ...textExtent(style, font), font };
  struts.set(style, result);
  return result;
}

/**
 * A text run's extent: its style's strut when the run is in that style's primary font (most runs).
 * A run in a fallback face adds that face's ascent and descent only with `line-height: normal`, as
 * in Blink (its used fonts count then); a fixed line height places every run as the primary font.
 */
function runExtent(style: ComputedStyle, font: LoadedFont, ctx: LayoutContext): Extent {
  // Synthesized small capitals measure the line as the text's own size does (boxes/small-caps.ts).
  const own = fullSizeStyle(style);
  const known = strut(own, ctx);
  return known.font === font || own.lineHeight !== 'normal' ? known : textExtent(own, font);
}

function textExtent(style: ComputedStyle, font: LoadedFont): Extent {
  const size = style.fontSize;
  const zoom = style.printZoom;
  // As Chromium does: ascent and descent rounded to whole pixels (of the zoomed page), the leading
  // split with the odd pixel below the baseline.
  const ascent = zoomedRound(font.ascent * size, zoom);
  const descent = zoomedRound(font.descent * size, zoom);
  // (At font-size 0 the normal line height is 0, not 0 / 0.)
  const normal = size > 0 ? (ascent + descent + zoomedRound(font.lineGap * size, zoom)) / size : 0;
  const lineHeight = style.lineHeight === 'normal' ? lineHeightOf(style, normal) : fixedLineHeight(style.lineHeight, style.fontSize, zoom);
  // (The epsilon: a normal line height comes back from normal × size a hair short, as 14.999999 for 13.333px.)
  const above = Math.floor(((lineHeight - ascent - descent) / 2) * zoom + 1e-6) / zoom;
  return { ascent: ascent + above, descent: lineHeight - ascent - above };
}

/** `px` rounded to a whole pixel of the page printed at `zoom` (decision 0398). */
function zoomedRound(px: number, zoom: number): number {
  return zoom === 1 ? Math.round(px) : Math.round(px * zoom) / zoom;
}

/**
 * A line height that is not `normal`, as Blink computes it (ComputedLineHeightAsFixed): in layout
 * units (1/64 px), a length rounded to the nearest (19.89px is 19.890625px), a number times the
 * font size rounded to layout units, truncated (a 1.3 line height of a 9.333px font is 12.125px,
 * not 12.133px; 1.6 of 14.667px is 23.46875px, 14.671875 × 1.6). Lines would otherwise drift from Chromium's a little on every line, and their
 * baselines, rounded to whole pixels when painted, fall on the other pixel further down the page
 * (decisions 0341, 0395).
 */
function fixedLineHeight(lineHeight: Exclude<ComputedStyle['lineHeight'], 'normal'>, fontSize: number, zoom = 1): number {
  if (zoom !== 1) return fixedLineHeight(zoomedLineHeight(lineHeight, zoom), fontSize * zoom) / zoom;
  return 'px' in lineHeight ? Math.round(lineHeight.px * 64) / 64 : layoutUnitsDown((Math.round(fontSize * 64) / 64) * lineHeight.factor);
}

function zoomedLineHeight(lineHeight: Exclude<ComputedStyle['lineHeight'], 'normal'>, zoom: number): Exclude<ComputedStyle['lineHeight'], 'normal'> {
  return 'px' in lineHeight ? { ...lineHeight, px: lineHeight.px * zoom } : lineHeight;
}

function layoutUnitsDown(px: number): number {
  return Math.floor(px * 64 + 1e-6) / 64;
}

/**
 * How far above its baseline an inline box with a top border or padding starts (TextFragment.boxTop):
 * its font's ascent rounded as Blink rounds it, then border and padding. Undefined without either.
 */
function paddedBoxTop(box: InlineBox, ctx: LayoutContext, cbWidth: number): number | undefined {
  const edge = borderEdges(box.style).top + paddingEdges(box.style, cbWidth).top;
  if (edge === 0) return undefined;
  return zoomedRound(ctx.fonts.primary(fontQuery(box.style)).ascent * box.style.fontSize, box.style.printZoom) + edge;
}

/** Baseline shift of an inline-level box relative to its parent's baseline (positive = down). */
function baselineShift(style: ComputedStyle, parent: ComputedStyle, ctx: LayoutContext, own: Extent): number {
  const va = style.verticalAlign;
  if (typeof va === 'number') return -va;
  if (typeof va === 'object') return -resolveLength(va, lineHeightOf(style, 1.15));
  switch (va) {
    // Blink's shifts (inline_box_state.cc): a fifth of the parent's font size plus 1px down, a third plus 1px up.
    case 'sub': return parent.fontSize / 5 + 1;
    case 'super': return -(parent.fontSize / 3 + 1);
    case 'middle': {
      const parentFont = ctx.fonts.primary(fontQuery(parent));
      const mid = (own.ascent - own.descent) / 2;
      return -(parentFont.xHeight * parent.fontSize) / 2 + mid;
    }
    // The parent's ascent and descent rounded to whole pixels, as Blink's font metrics give them.
    case 'text-top': {
      const parentFont = ctx.fonts.primary(fontQuery(parent));
      return -zoomedRound(parentFont.ascent * parent.fontSize, parent.printZoom) + own.ascent;
    }
    case 'text-bottom': {
      const parentFont = ctx.fonts.primary(fontQuery(parent));
      return zoomedRound(parentFont.descent * parent.fontSize, parent.printZoom) - own.descent;
    }
    default: return 0;
  }
}

interface Placed {
  readonly fragment: Fragment;
  /** Shift of its baseline from the line's baseline. */
  readonly shift: number;
  readonly extent: Extent;
  readonly align: 'top' | 'bottom' | null;
  /** The offsets of `position: relative` inline boxes around it (and its own, for an atomic one): painted there, laid out as if not. */
  readonly rel?: Offset;
  /** The inline boxes around it with an opacity below 1 (fragments.ts `Faded`). */
  readonly faded: readonly InlineBox[] | undefined;
}

/** An inline box open on the line being built: where it starts, and what its fragment takes from the boxes around it. */
interface OpenInline {
  readonly x: number;
  readonly shift: number;
  readonly rel?: Offset;
  readonly faded: readonly InlineBox[] | undefined;
  readonly hasStart: boolean;
  /** How many pieces of content were placed on the line when the box opened (none for one open at the line's start). */
  readonly index?: number;
  /** How many inline boxes had closed at that point of the content when it opened. */
  readonly closedBefore: number;
}

/** An inline box's fragment, waiting to go before the content it wraps (see placeDecorations). */
interface Decoration {
  /** The pieces of content placed on the line when the box opened. */
  readonly at: number;
  /** The boxes at the same point that had closed when this one opened. */
  readonly after: number;
  readonly placed: Placed;
}

/**
 * Puts inline boxes' fragments (given in the order the boxes closed) before the content they wrap:
 * each before the content placed after its box opened; among boxes that opened at the same point,
 * after those that had closed when it opened and before those still open then, as inserting each
 * where its box opened, as it closes, would put them.
 */
function placeDecorations(placed: Placed[], decorations: readonly Decoration[]): void {
  const byPoint = new Map<number, Placed[]>();
  for (const d of decorations) {
    let group = byPoint.get(d.at);
    if (group === undefined) byPoint.set(d.at, (group = []));
    group.splice(d.after, 0, d.placed);
  }
  const content = placed.splice(0);
  for (let i = 0; i <= content.length; i++) {
    const group = byPoint.get(i);
    if (group !== undefined) for (const d of group) placed.push(d);
    if (i < content.length) placed.push(content[i]);
  }
}

const NO_INLINE_STARTS: Map<InlineBox, OpenInline> = new Map();
const NO_DIRECT_TEXT: Set<InlineBox> = new Set();
const NO_SHIFTS: Map<InlineBox, number> = new Map();
const NO_JUSTIFIED: Map<Fragment, number> = new Map();

function buildLine(paragraph: Paragraph, start: number, end: number, o: LineOptions): LineFragment {
  const { ctx, measurer, container, width } = o;
  const containerStyle = container.style;
  const rootStrut = o.strut;
  const placed: Placed[] = [];
  // Without inline boxes nothing is ever added to these: lines of plain text share empty ones.
  const inlines = (paragraph.inlines ??= paragraph.items.some((i) => i.kind === 'open'));
  const inlineStarts: Map<InlineBox, OpenInline> = inlines ? new Map() : NO_INLINE_STARTS;
  const shifts: Map<InlineBox, number> = inlines ? new Map() : NO_SHIFTS;
  let x = o.indent;
  let leaders = 0;
  // Whether the root inline box itself holds text on this line (text not inside an inline box).
  let rootText = false;
  // The inline boxes holding text (or a <br>) of their own on this line, not only in boxes inside
  // them (only text in inline boxes adds to it: lines of plain text share an empty one).
  const directText: Set<InlineBox> = inlines ? new Set() : NO_DIRECT_TEXT;
  const levels = paragraph.levels === undefined ? (paragraph.levels = embeddingLevels(paragraph.text, containerStyle.unicodeBidi === 'plaintext' ? 'auto' : containerStyle.direction, bidiSpansOf(paragraph, containerStyle))) : paragraph.levels;
  // Where each piece of a bidirectional line went in logical order, and its embedding level.
  const spans: Map<Fragment, LogicalSpan> | null = levels ? new Map() : null;
  // Absolutely positioned boxes on the line and the inline position where each occurs.
  const statics: { box: Box; x: number; after: boolean; cb?: InlineBox }[] = [];
  // Inline boxes' own fragments as their boxes close, and how many have closed at each point of the content.
  const decorations: Decoration[] = [];
  const closedAt = new Map<number, number>();

  const shiftOf = (parents: readonly InlineBox[]): number => {
    let total = 0;
    let parentStyle = containerStyle;
    for (const p of parents) {
      let s = shifts.get(p);
      if (s === undefined) {
        const font = ctx.fonts.primary(fontQuery(p.style));
        s = baselineShift(p.style, parentStyle, ctx, textExtent(p.style, font));
        shifts.set(p, s);
      }
      total += s;
      parentStyle = p.style;
    }
    return total;
  };
  /** The summed offsets of the relatively positioned boxes among `boxes`, or undefined. */
  const relOf = (boxes: readonly Box[]): Offset | undefined => {
    let dx = 0;
    let dy = 0;
    for (const b of boxes) {
      const r = relativeOffset(b.style, width);
      if (r) {
        dx += r.dx;
        dy += r.dy;
      }
    }
    return dx === 0 && dy === 0 ? undefined : { dx, dy };
  };

  // Inline boxes already open at the line start continue without their start edge.
  if (inlines && start > 0) {
    for (const box of inlinesOpenAt(paragraph, start)) {
      const chain = [...parentsOf(paragraph, box), box];
      inlineStarts.set(box, { x, shift: shiftOf(chain), rel: relOf(chain), faded: fadedOf(chain), hasStart: false, closedBefore: 0 });
    }
  }

  const closeInline = (box: InlineBox, hasEnd: boolean): void => {
    const open = inlineStarts.get(box);
    if (!open) return;
    inlineStarts.delete(box);
    const s = box.style;
    const padding = paddingEdges(s, width);
    const border = borderEdges(s);
    const font = ctx.fonts.primary(fontQuery(s));
    const marginLeft = open.hasStart ? marginValue(s.marginLeft, width) : 0;
    const marginRight = hasEnd ? marginValue(s.marginRight, width) : 0;
    const left = open.x + marginLeft;
    const right = x - marginRight;
    // The inline box's background covers its content area (font ascent/descent) plus padding.
    const top = -font.ascent * s.fontSize - padding.top - border.top;
    const bottom = font.descent * s.fontSize + padding.bottom + border.bottom;
    const fragment: InlineFragment = {
      kind: 'inline', box, x: left, y: top, width: Math.max(0, right - left), height: bottom - top,
      border: edgesWith(border, { left: open.hasStart ? border.left : 0, right: hasEnd ? border.right : 0 }),
      padding: edgesWith(padding, { left: open.hasStart ? padding.left : 0, right: hasEnd ? padding.right : 0 }),
      hasStart: open.hasStart, hasEnd,
    };
    // Decorations are painted before (below) the content they wrap: put in place once the line's
    // content is all placed (splicing each in as it closed was quadratic in the boxes on a line).
    const at = open.index ?? 0;
    decorations.push({ at, after: open.closedBefore, placed: { fragment, shift: open.shift, extent: textExtent(s, font), align: null, rel: open.rel, faded: open.faded } });
    closedAt.set(at, (closedAt.get(at) ?? 0) + 1);
  };

  let lineEndTrim = end;
  if (lineEndTrim > start && paragraph.text[lineEndTrim - 1] === '\n') lineEndTrim--;
  // Trailing hanging spaces (also before a forced break) are not part of the line's content.
  while (lineEndTrim > start && paragraph.text[lineEndTrim - 1] === ' ') {
    const style = styleIndex(paragraph)(lineEndTrim - 1);
    if (!style || !hangingSpaces(style)) break;
    lineEndTrim--;
  }

  const items = paragraph.items;
  for (let i = firstItemWhere(items, (item) => item.end >= start); i < items.length; i++) {
    const item = items[i];
    if (item.start > end) break;
    if (item.end < start) continue;
    if (item.kind === 'open') {
      const trails = start < end && (item.start === start || item.start === end) && trailsLineAt(paragraph, item.box, item.start);
      if (trails && item.start === start) continue;
      const endsParagraph = item.start === end && end === paragraph.text.length && (start === end || paragraph.text[end - 1] !== '\n');
      if (!trails && (item.start < start || item.start >= end && !endsParagraph)) {
        if (!(item.start >= start && item.start < end)) continue;
      }
      const edges = inlineEdges(item.box, width);
      const chain = [...item.parents, item.box];
      const entry = { x, shift: shiftOf(chain), rel: relOf(chain), faded: fadedOf(chain), hasStart: true, index: placed.length, closedBefore: closedAt.get(placed.length) ?? 0 };
      inlineStarts.set(item.box, entry);
      x += edges.start;
    } else if (item.kind === 'close') {
      // A box closing where the line starts ended on the line before, unless it opened here too
      // (an empty icon `<i>` starting the line keeps its end margin); one not open on this line (an
      // empty box where the line breaks) goes whole onto the next line.
      const open = inlineStarts.get(item.box);
      if (open === undefined) continue;
      if (item.start <= start && start !== end && !open.hasStart) continue;
      if (item.start > end) continue;
      x += inlineEdges(item.box, width).end;
      closeInline(item.box, true);
    } else if (item.kind === 'text') {
      const from = Math.max(start, item.start);
      const to = Math.min(lineEndTrim, item.end);
      if (to <= from) continue;
      const text = item.box.text.slice(from - item.start, to - item.start);
      const style = item.box.style;
      const owner = item.parents.length === 0 ? null : item.parents[item.parents.length - 1];
      if (owner === null ? !rootText : !directText.has(owner)) {
        const holdsText = /[^ \t\n\r\f]/.test(text) || style.whiteSpace === 'pre' || style.whiteSpace === 'pre-wrap' || style.whiteSpace === 'break-spaces';
        if (owner === null) rootText = holdsText;
        else if (holdsText) directText.add(owner);
      }
      const shift = shiftOf(item.parents);
      const rel = relOf(item.parents);
      const faded = fadedOf(item.parents);
      const boxTop = owner === null ? undefined : paddedBoxTop(owner, ctx, width);
      if (item.box.symbol !== undefined) {
        const symbol = symbolGeometry(style, ctx, item.box.symbol);
        const fragment: TextFragment = {
          kind: 'text', x, baseline: 0, width: symbol.width, text, font: symbol.font, size: style.fontSize, style,
          wordSpacing: 0, decorations: item.box.decorations,
          symbol: { kind: item.box.symbol, dx: symbol.dx, dy: symbol.dy, size: symbol.size },
        };
        placed.push({ fragment, shift, extent: textExtent(style, symbol.font), align: null, rel, faded });
        spans?.set(fragment, { start: x, end: x + symbol.width, level: levels![from] });
        x += symbol.width;
        continue;
      }
      // A line broken at a soft hyphen shows a hyphen (hyphens: manual and auto).
      const hyphenated = to === end && end < paragraph.text.length && paragraph.text[end - 1] === '\u00AD' && style.hyphens !== 'none';
      // Small caps show capitals: each fragment keeps the text as written beside them.
      const actual = item.box.actualText;
      let at = from - item.start;
      if (levels === null) {
        const shown = hyphenated ? `${text}-` : text;
        const query = fontQuery(style);
        // Most text is one run in the first face: found without making the list of runs.
        const sole = ctx.fonts.soleFace(shown, query);
        const runs = sole === null ? ctx.fonts.runs(shown, query) : null;
        for (let r = 0; r < (runs === null ? 1 : runs.length); r++) {
          const runText = runs === null ? shown : runs[r].text;
          const runFont = runs === null ? sole! : runs[r].font;
          const w = measurer.width(item.box, runText);
          // Characters no face has show as .notdef boxes and read back as written.
          const written = actual === undefined ? (runs !== null && runs[r].missing ? runText : undefined) : writtenAs(actual, at, runText);
          at += runText.length;
          const fragment: TextFragment = {
            kind: 'text', x, baseline: 0, width: w, text: runText, font: runFont, size: style.fontSize, style,
            wordSpacing: style.wordSpacing, decorations: item.box.decorations, actualText: written, ...(boxTop !== undefined && { boxTop }),
          };
          placed.push({ fragment, shift, extent: runExtent(style, runFont, ctx), align: null, rel, faded });
          x += w;
        }
        continue;
      }
      // Bidirectional text: a fragment per run of one embedding level.
      const pieces = levelRuns(levels, from, to);
      for (const piece of pieces) {
        const last = piece === pieces[pieces.length - 1];
        const slice = item.box.text.slice(piece.start - item.start, piece.end - item.start);
        at = piece.start - item.start;
        for (const run of ctx.fonts.runs(hyphenated && last ? `${slice}-` : slice, fontQuery(style))) {
          const w = measurer.width(item.box, run.text);
          const rtl = piece.level % 2 === 1;
          const written = actual === undefined ? (run.missing ? run.text : undefined) : writtenAs(actual, at, run.text);
          at += run.text.length;
          const fragment: TextFragment = {
            kind: 'text', x, baseline: 0, width: w, text: run.text, font: run.font, size: style.fontSize, style,
            wordSpacing: style.wordSpacing, decorations: item.box.decorations, ...(rtl && { rightToLeft: true }), actualText: written,
            ...(boxTop !== undefined && { boxTop }),
          };
          placed.push({ fragment, shift, extent: runExtent(style, run.font, ctx), align: null, rel, faded });
          spans!.set(fragment, { start: x, end: x + w, level: piece.level });
          x += w;
        }
      }
    } else if (item.kind === 'break') {
      // For the line-height quirk a <br> is text of the inline box it is in, as in Chromium.
      if (item.start >= start && item.start < end && item.parents.length > 0) directText.add(item.parents[item.parents.length - 1]);
    } else if (item.kind === 'leader') {
      if (item.start < start || item.start >= end) continue;
      const style = item.box.style;
      const pattern = measurer.width(item.box, item.box.text);
      const span = pattern + (leaders === 0 ? o.leaderExtra ?? 0 : 0);
      leaders++;
      const { x: first, count } = leaderCopies(pattern, width, x, span);
      let at = first;
      for (const run of count > 0 ? ctx.fonts.runs(item.box.text.repeat(count), fontQuery(style)) : []) {
        const w = measurer.width(item.box, run.text);
        const fragment: TextFragment = {
          kind: 'text', x: at, baseline: 0, width: w, text: run.text, font: run.font, size: style.fontSize, style,
          wordSpacing: style.wordSpacing, decorations: item.box.decorations,
        };
        placed.push({ fragment, shift: shiftOf(item.parents), extent: textExtent(style, run.font), align: null, rel: relOf(item.parents), faded: fadedOf(item.parents) });
        spans?.set(fragment, { start: at, end: at + w, level: levels![item.start] });
        at += w;
      }
      x += span;
    } else if (item.kind === 'absolute') {
      // One at the line's end belongs to the next line, unless this is the last.
      if (item.start < start || item.start === end && end < paragraph.text.length && start < end) continue;
      // A positioned inline around it is its containing block.
      let cb: InlineBox | undefined;
      for (const p of item.parents) if (p.style.position !== 'static') cb = p;
      statics.push({ box: item.box, x, after: placed.length + decorations.length > 0, ...(cb ? { cb } : {}) });
    } else if (item.kind === 'atomic') {
      if (item.start < start || item.start >= end) continue;
      const atomic = o.atomics.get(item.box);
      if (!atomic) continue;
      const parentStyle = item.parents.length > 0 ? item.parents[item.parents.length - 1].style : containerStyle;
      const extent = { ascent: atomic.baseline, descent: atomic.marginHeight - atomic.baseline };
      const va = item.box.style.verticalAlign;
      const align = va === 'top' || va === 'bottom' ? va : null;
      const shift = shiftOf(item.parents) + (align ? 0 : baselineShift(item.box.style, parentStyle, ctx, extent));
      // A ruby column starting its line has nothing to overhang there.
      if (atomic.overhang !== undefined && placed.length === 0) x += atomic.overhang.start;
      // Atomic fragments are positioned by their margin-box top-left at (x, -ascent).
      translate(atomic.fragment, x + atomic.marginLeft - atomic.fragment.x, -extent.ascent + atomic.marginTop - atomic.fragment.y);
      placed.push({ fragment: atomic.fragment, shift, extent, align, rel: relOf([...item.parents, item.box]), faded: fadedOf(item.parents) });
      spans?.set(atomic.fragment, { start: x, end: x + atomic.marginWidth, level: levels![item.start] });
      x += atomic.marginWidth;
      // Nor one ending it.
      if (atomic.overhang !== undefined && atomic.overhang.end > 0 && endsLine(items, i, lineEndTrim)) x += atomic.overhang.end;
    }
  }
  if (inlineStarts.size > 0) for (const [box] of [...inlineStarts]) closeInline(box, false);
  if (decorations.length > 0) placeDecorations(placed, decorations);
  if (spans) inVisualOrder(placed, spans);
  // A leader takes the space left on its line (GCPM 3 §leaders): built again with it.
  if (leaders > 0 && o.leaderExtra === undefined && width - x > 0.01) return buildLine(paragraph, start, end, { ...o, leaderExtra: width - x });

  // Outside list marker: hangs left of the content edge, on the first line's baseline.
  // Right to left, it hangs right of the content edge instead, where the line's alignment does not move it.
  let hanging: Set<Fragment> | null = null;
  let markerPlaced: readonly Placed[] = [];
  if (o.marker) {
    markerPlaced = placeMarker(o.marker, ctx, containerStyle);
    placed.push(...markerPlaced);
    if (containerStyle.direction === 'rtl') {
      hanging = new Set();
      for (const { fragment: f } of markerPlaced) {
        // Mirrored about the content box: [left, right] becomes [width - right, width - left].
        const left = fragX(f);
        const dx = width - 2 * left - (f as { width: number }).width;
        if (f.kind === 'text') f.x += dx;
        else translate(f, dx, 0);
        hanging.add(f);
      }
    }
  }

  // Line height from the strut and every item's extent, shifted by vertical-align. With the
  // line-height quirk (quirks.spec.whatwg.org §3.3) the root box and inline boxes holding no text
  // of their own and no horizontal borders or padding take no height: a line of only an image is
  // its height, and one whose text is all in a <small> (or a <code> in a <span>) is the <small>'s.
  // As in Chromium, a line holding neither an atomic inline (an image, an inline-block) nor text
  // keeps its height: a line of only a <br> is a full line.
  // Not in a list item's own lines (with or without a marker), as Chromium lays them out.
  const quirk = containerStyle.quirksMode !== 'no-quirks' && containerStyle.display !== 'list-item'
    && (directText.size > 0 || placed.some((q) => (q.fragment.kind === 'text' ? hasText(q.fragment) : q.fragment.kind !== 'inline')));
  const noStrut = quirk && !rootText;
  let ascent = noStrut ? 0 : rootStrut.ascent;
  let descent = noStrut ? 0 : rootStrut.descent;
  for (const p of placed) {
    if (p.align || p.fragment.kind === 'inline') continue;
    ascent = Math.max(ascent, p.extent.ascent - p.shift);
    // An outside marker taller than the line pushes it down but does not deepen it, as in Chromium.
    if (!markerPlaced.includes(p)) descent = Math.max(descent, p.extent.descent + p.shift);
  }
  for (const p of placed) {
    const f = p.fragment;
    if (quirk && f.kind === 'inline' && f.border.left + f.border.right + f.padding.left + f.padding.right === 0 && !directText.has(f.box)) continue;
    if (p.fragment.kind === 'inline') {
      // Inline boxes with vertical-align contribute their strut-like extent too.
      ascent = Math.max(ascent, p.extent.ascent - p.shift);
      descent = Math.max(descent, p.extent.descent + p.shift);
    }
  }
  for (const p of placed) {
    if (!p.align) continue;
    const h = p.extent.ascent + p.extent.descent;
    if (h > ascent + descent) {
      if (p.align === 'top') descent = h - ascent;
      else ascent = h - descent;
    }
  }
  const height = ascent + descent;
  const baseline = o.y + ascent;

  // Horizontal alignment and justification.
  const contentWidth = x;
  let offset = 0;
  let extraPerSpace = 0;
  // With `unicode-bidi: plaintext` the paragraph's own direction decides where start is.
  const alignStyle = containerStyle.unicodeBidi === 'plaintext' ? plaintextStyle(paragraph, containerStyle) : containerStyle;
  const align = effectiveAlign(alignStyle, o.isLast, o.justify);
  const free = width - contentWidth;
  if (align === 'justify') {
    const spaces = placed.reduce((n, p) => n + (p.fragment.kind === 'text' ? countSpaces(p.fragment.text) : 0), 0);
    if (spaces > 0 && free > 0) extraPerSpace = free / spaces;
  } else if (align === 'right' || align === 'center') {
    // Content wider than the line is start-aligned and overflows the end edge (CSS Text 3 §6.1), as in Chromium.
    const room = width - layoutUnitsUp(contentWidth);
    const fits = room >= 0 || alignStyle.direction === 'rtl';
    offset = !fits ? 0 : alignOffset(align, room);
  }
  if (alignStyle.direction === 'rtl' && align === 'left') offset = 0;

  const children: Fragment[] = [];
  let justifyShift = 0;
  const justified: Map<Fragment, number> = extraPerSpace > 0 ? new Map() : NO_JUSTIFIED;
  if (extraPerSpace > 0) {
    const ordered = placed.filter((p) => p.fragment.kind !== 'inline' && !(p.fragment.kind === 'text' && p.fragment.x < 0)).sort((a, b) => fragX(a.fragment) - fragX(b.fragment));
    for (const p of ordered) {
      justified.set(p.fragment, justifyShift);
      if (p.fragment.kind === 'text') justifyShift += countSpaces(p.fragment.text) * extraPerSpace;
    }
  }
  // The text fragments were made for this line: without justification or inline boxes (which
  // read the other fragments' first positions) they are moved where they are.
  const inPlace = extraPerSpace === 0 && inlineStarts === NO_INLINE_STARTS;
  // Positions as laid out, before the loop below moves the pieces.
  const spread = extraPerSpace > 0 ? new JustificationSpread(placed, justified) : undefined;
  for (const p of placed) {
    const f = p.fragment;
    const dx = (hanging !== null && hanging.has(f) ? 0 : offset) + (justified.get(f) ?? 0) + (p.rel?.dx ?? 0);
    let y: number;
    if (p.align === 'top') y = o.y + p.extent.ascent;
    else if (p.align === 'bottom') y = o.y + height - p.extent.descent;
    else y = baseline + p.shift;
    y += p.rel?.dy ?? 0;
    let child: Fragment;
    if (f.kind === 'text' && inPlace) {
      f.x += dx;
      f.baseline = y;
      child = f;
    } else if (f.kind === 'text') {
      const spaces = countSpaces(f.text);
      const wordSpacing = f.wordSpacing + extraPerSpace;
      const width = f.width + spaces * extraPerSpace;
      child = { ...f, x: f.x + dx, baseline: y, wordSpacing, width };
    } else if (f.kind === 'inline') {
      // Inline decorations stretch over the justification added inside them.
      let extra = 0;
      let startShift = 0;
      if (spread !== undefined) {
        extra = spread.spacesWithin(f.x, f.x + f.width) * extraPerSpace;
        startShift = spread.shiftAt(f.x);
      }
      child = { ...f, x: f.x + offset + startShift + (p.rel?.dx ?? 0), y: f.y + y, width: f.width + extra };
    } else {
      translate(f, dx, y);
      child = f;
    }
    if (p.faded) (child as { faded?: readonly InlineBox[] }).faded = p.faded;
    children.push(child);
  }
  // Their static position (CSS 2.1 §10.3.7): an inline-level one where it occurs on the line, at
  // its top; a block-level one at the start of the next line when content comes before it (as Blink).
  const absolutes = statics.map((a) => ({
    box: a.box, ...(a.cb ? { cb: a.cb } : {}),
    ...a.box.style.originallyInline
      ? { dx: a.x + offset + (spread?.shiftAt(a.x) ?? 0), dy: 0 }
      : { dx: 0, dy: a.after ? height : 0 },
  }));
  return absolutes.length > 0 ? { kind: 'line', x: 0, y: o.y, width, height, baseline, children, absolutes } : { kind: 'line', x: 0, y: o.y, width, height, baseline, children };
}

/** The width of a text item's whole text (0 for other items): how far a ruby annotation may overhang it. */
function textItemWidth(measurer: TextMeasurer): (item: Item) => number {
  return (item) => item.kind === 'text' ? measurer.width(item.box, item.box.text) : 0;
}

/** Whether nothing but inline box edges follows item `i` on a line ending at `end`. */
function endsLine(items: readonly Item[], i: number, end: number): boolean {
  let next = i + 1;
  while (next < items.length && (items[next].kind === 'open' || items[next].kind === 'close')) next++;
  return next >= items.length || items[next].start >= end;
}

/** Whether a text fragment holds text for the line-height quirk: more than collapsible white space. */
function hasText(f: TextFragment): boolean {
  return /[^ \t\n\r\f]/.test(f.text) || f.style.whiteSpace === 'pre' || f.style.whiteSpace === 'pre-wrap' || f.style.whiteSpace === 'break-spaces';
}

function fragX(f: Fragment): number {
  return f.kind === 'text' ? f.x : (f as { x: number }).x;
}

/**
 * Where a justified line's added space went, for the inline boxes on it: the spaces in its text
 * fragments by position, and the shifts justification gave its pieces. Sorted once a line, so
 * each inline box asks in logarithmic time (asking every fragment was quadratic in a line's boxes).
 */
class JustificationSpread {
  /** Text fragments' positions, ascending, and the spaces in the fragments before each index. */
  private readonly textX: number[] = [];
  private readonly spacesBefore: number[] = [0];
  /** Shifted pieces' positions, ascending, and the largest shift up to each index. */
  private readonly shiftX: number[] = [];
  private readonly maxShift: number[] = [];

  constructor(placed: readonly Placed[], justified: ReadonlyMap<Fragment, number>) {
    const texts = placed.flatMap((p) => (p.fragment.kind === 'text' ? [p.fragment] : [])).sort((a, b) => a.x - b.x);
    for (const t of texts) {
      this.textX.push(t.x);
      this.spacesBefore.push(this.spacesBefore[this.spacesBefore.length - 1] + countSpaces(t.text));
    }
    const shifted = placed.flatMap((p) => {
      const shift = justified.get(p.fragment);
      return shift === undefined ? [] : [{ x: fragX(p.fragment), shift }];
    }).sort((a, b) => a.x - b.x);
    let best = 0;
    for (const { x, shift } of shifted) {
      best = Math.max(best, shift);
      this.shiftX.push(x);
      this.maxShift.push(best);
    }
  }

  /** Spaces in the text fragments that start in [from, to). */
  spacesWithin(from: number, to: number): number {
    return this.spacesBefore[firstAtLeast(this.textX, to)] - this.spacesBefore[firstAtLeast(this.textX, from)];
  }

  /** The largest shift of a piece starting at or before `x`. */
  shiftAt(x: number): number {
    const n = firstAtLeast(this.shiftX, x + 0.01, true);
    return n === 0 ? 0 : this.maxShift[n - 1];
  }
}

/** The index of the first value ≥ `x` (> `x` with `strict`) in ascending `values`. */
function firstAtLeast(values: readonly number[], x: number, strict = false): number {
  let lo = 0;
  let hi = values.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (strict ? values[mid] > x : values[mid] >= x) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/** The text as written behind `shown`, which starts at `at` in a small-caps box's text (a hyphen added at a break kept). */
function writtenAs(actual: string, at: number, shown: string): string {
  const written = actual.slice(at, at + shown.length);
  return written + shown.slice(written.length);
}

/** The container's style in the direction of the paragraph's first strong character. */
function plaintextStyle(paragraph: Paragraph, style: ComputedStyle): ComputedStyle {
  const direction = (paragraph.plaintextDirection ??= firstStrongDirection(paragraph.text));
  return direction === style.direction ? style : { ...style, direction };
}

/**
 * Where a right- or centre-aligned line starts, given the room its content leaves. As in Blink, the
 * content's width is in layout units rounded up (`room` is measured from it) and half the room is
 * truncated to layout units: "ab" in 16px Liberation Mono, centred in 200px, starts at 90.390625,
 * not 90.3984 (decision 0395).
 */
function alignOffset(align: 'right' | 'center', room: number): number {
  return align === 'right' ? room : layoutUnits(room / 2);
}

function effectiveAlign(style: ComputedStyle, isLast: boolean, justify: boolean): 'left' | 'right' | 'center' | 'justify' {
  let align: string = style.textAlign.replace('-webkit-', '');
  if (isLast && style.textAlignLast !== 'auto') align = style.textAlignLast;
  if (align === 'justify') return justify ? 'justify' : style.direction === 'rtl' ? 'right' : 'left';
  if (align === 'start') return style.direction === 'rtl' ? 'right' : 'left';
  if (align === 'end') return style.direction === 'rtl' ? 'left' : 'right';
  return align as 'left' | 'right' | 'center';
}

/**
 * What `unicode-bidi` sets apart in a paragraph: its inline boxes with a value other than normal,
 * and the whole paragraph when its container overrides.
 */
function bidiSpansOf(paragraph: Paragraph, container: ComputedStyle): BidiSpan[] {
  let spans: BidiSpan[] | null = null;
  const override = container.unicodeBidi === 'bidi-override' || container.unicodeBidi === 'isolate-override';
  if (override) spans = [{ start: 0, end: paragraph.text.length, kind: 'bidi-override', direction: container.direction }];
  if (paragraph.inlines === false) return spans ?? NO_SPANS;
  for (const item of paragraph.items) {
    if (item.kind !== 'open' || item.box.style.unicodeBidi === 'normal') continue;
    const close = paragraph.items.find((i) => i.kind === 'close' && i.box === item.box);
    (spans ??= []).push({ start: item.start, end: close ? close.start : paragraph.text.length, kind: item.box.style.unicodeBidi, direction: spanDirection(item.box) });
  }
  return spans ?? NO_SPANS;
}

/** An inline box's direction, or auto for `dir=auto` and a `<bdi>` without a direction of its own (HTML §3.2.6.4). */
function spanDirection(box: InlineBox): 'ltr' | 'rtl' | 'auto' {
  const element = box.element;
  const dir = element?.attribs.dir?.trim().toLowerCase();
  if (dir === 'auto' || element?.name === 'bdi' && dir !== 'ltr' && dir !== 'rtl') return 'auto';
  return box.style.direction;
}

const NO_SPANS: BidiSpan[] = [];

/** A piece of a bidirectional line: where it was placed in logical order, and its embedding level. */
interface LogicalSpan {
  readonly start: number;
  readonly end: number;
  readonly level: number;
}

/**
 * Moves the pieces of a bidirectional line to their visual order (UAX #9 L2), keeping the gaps
 * between them (inline box edges) before each piece; an inline box's fragment follows its pieces.
 */
function inVisualOrder(placed: readonly Placed[], spans: ReadonlyMap<Fragment, LogicalSpan>): void {
  const pieces = placed.filter((p) => spans.has(p.fragment)).map((p) => ({ fragment: p.fragment, span: spans.get(p.fragment)! }));
  if (pieces.length === 0) return;
  const order = visualOrder(pieces.map((p) => p.span.level));
  if (order.every((v, i) => v === i)) return;
  const moved = new Map<Fragment, number>();
  let cursor = pieces[0].span.start;
  for (const i of order) {
    const { fragment, span } = pieces[i];
    cursor += i === 0 ? 0 : span.start - pieces[i - 1].span.end;
    const dx = cursor - span.start;
    if (fragment.kind === 'text') fragment.x += dx;
    else translate(fragment, dx, 0);
    moved.set(fragment, dx);
    cursor += span.end - span.start;
  }
  for (const p of placed) {
    const f = p.fragment;
    if (f.kind !== 'inline') continue;
    let left = Infinity;
    let dxLeft = 0;
    for (const { fragment, span } of pieces) {
      if (span.start < f.x - 0.01 || span.end > f.x + f.width + 0.01) continue;
      const dx = moved.get(fragment) ?? 0;
      if (span.start + dx < left) [left, dxLeft] = [span.start + dx, dx];
    }
    if (left !== Infinity) f.x += dxLeft;
  }
}

/** The boxes of `chain` (outermost first) with an opacity below 1, or undefined when none has one. */
function fadedOf(chain: readonly InlineBox[]): readonly InlineBox[] | undefined {
  let faded: InlineBox[] | undefined;
  for (let i = 0; i < chain.length; i++) if (chain[i].style.opacity < 1) (faded ??= []).push(chain[i]);
  return faded;
}

function parentsOf(paragraph: Paragraph, box: InlineBox): readonly InlineBox[] {
  const open = paragraph.items.find((i) => i.kind === 'open' && i.box === box);
  return open ? open.parents : [];
}

/** The outside marker's fragments, placed so that they end at x = 0 (the content edge). */
function placeMarker(marker: Box, ctx: LayoutContext, containerStyle: ComputedStyle): Placed[] {
  if (marker.kind === 'replaced') {
    const atomic = layoutAtomicInline(marker, ctx, 0);
    const extent = { ascent: atomic.baseline, descent: atomic.marginHeight - atomic.baseline };
    translate(atomic.fragment, -atomic.marginWidth - atomic.fragment.x, -extent.ascent - atomic.fragment.y);
    return [{ fragment: atomic.fragment, shift: 0, extent, align: null, faded: undefined }];
  }
  if (marker.kind !== 'inline') return [];
  const texts = marker.children.filter((c): c is TextBox => c.kind === 'text');
  const style = marker.style;
  const symbol = symbolMarker(marker, texts, ctx);
  if (symbol) return [symbol];
  // The marker's text shows in its visual order ("1. " as " .1" right to left, a Hebrew number reversed left to right).
  const markerText = (t: TextBox): string => visualText(t.text, containerStyle.direction);
  const runs = texts.flatMap((t) => ctx.fonts.runs(markerText(t), fontQuery(style)));
  const widths = runs.map((r) => r.font.measure(r.text, style.fontSize));
  const total = widths.reduce((a, b) => a + b, 0);
  let x = -total;
  return runs.map((run, i) => {
    const fragment: TextFragment = {
      kind: 'text', x, baseline: 0, width: widths[i], text: run.text, font: run.font, size: style.fontSize, style,
      wordSpacing: 0, decorations: [] as readonly TextDecoration[],
    };
    x += widths[i];
    return { fragment, shift: 0, extent: textExtent(style, run.font), align: null, faded: undefined };
  });
}

/**
 * An outside disc, circle or square marker as Chromium lays it out and paints it (Blink's
 * list_marker.cc): a square of ((2/3 ascent) + 1) / 2 px, from the primary font's rounded
 * ascent, in a box of that size + 2 that starts 2/3 ascent + 8px before the content edge, the
 * square 1px into it and 3/2 (ascent - 2/3 ascent) below the top of the text. A disclosure
 * triangle's box ends 8px before the content edge.
 */
function symbolMarker(marker: InlineBox, texts: readonly TextBox[], ctx: LayoutContext): Placed | null {
  const style = marker.style;
  const type = style.listStyleType;
  if (marker.pseudo !== 'marker' || Array.isArray(style.content) || typeof type !== 'string' || !SYMBOLS.has(type)) return null;
  if (texts.length !== 1 || style.fontSize <= 0) return null;
  const symbol = symbolGeometry(style, ctx, type as SymbolKind);
  const fragment: TextFragment = {
    kind: 'text', x: -symbol.offset - 8, baseline: 0, width: symbol.width, text: texts[0].text, font: symbol.font, size: style.fontSize, style,
    wordSpacing: 0, decorations: [] as readonly TextDecoration[],
    symbol: { kind: type as SymbolKind, dx: symbol.dx, dy: symbol.dy, size: symbol.size },
  };
  return { fragment, shift: 0, extent: textExtent(style, symbol.font), align: null, faded: undefined };
}

/**
 * A symbol marker's geometry from its style's primary font, as Blink computes it (list_marker.cc):
 * the square's side ((2/3 ascent) + 1) / 2 from the rounded ascent, the marker's width that + 2,
 * and the square's top 3/2 (ascent - 2/3 ascent) below the top of the text (`dy`, from the baseline).
 */
function symbolGeometry(style: ComputedStyle, ctx: LayoutContext, kind: SymbolKind): { font: LoadedFont; offset: number; size: number; width: number; dx: number; dy: number } {
  const font = ctx.fonts.primary(fontQuery(style));
  if (kind === 'disclosure-open' || kind === 'disclosure-closed') {
    // A disclosure triangle's box: 0.66em (in 1/64px, as Blink's LayoutUnit floors it), standing on the baseline.
    const box = Math.floor(style.fontSize * 0.66 * 64) / 64;
    return { font, offset: box, size: box, width: box, dx: 0, dy: -box };
  }
  const ascent = Math.round(font.ascent * style.fontSize);
  const offset = Math.floor((ascent * 2) / 3);
  const size = Math.floor((offset + 1) / 2);
  return { font, offset, size, width: size + 2, dx: 1, dy: -ascent + Math.floor((3 * (ascent - offset)) / 2) };
}

/**
 * An inline-block (or inline table, flex, grid) whose width comes from its content when measured:
 * an auto width, or a percentage, which counts as auto in intrinsic sizes (css-sizing-3 §5.2.1).
 */
function shrinksToContent(box: Box): boolean {
  return box.kind !== 'replaced' && (box.style.width === 'auto' || typeof box.style.width === 'object') && box.intrinsicWidth === undefined;
}

/**
 * The min- and max-content widths (without text-indent) of a paragraph that is one run of
 * printable ASCII text that may wrap (most table cells): its segments measured as
 * measureSegments measures them, summed as inlineIntrinsicWidths sums them, without building the
 * map of break opportunities and the list of segments. Null for any other paragraph.
 */
function singleRunWidths(container: BlockBox, measurer: TextMeasurer): { min: number; max: number } | null {
  if (container.children.length !== 1) return null;
  const paragraph = paragraphOf(container, null);
  const item = paragraph.items[0];
  if (paragraph.items.length !== 1 || item.kind !== 'text') return null;
  const style = item.box.style;
  const text = paragraph.text;
  if (text.length === 0 || noWrap(style) || style.wordBreak === 'break-all' || style.lineBreak === 'anywhere' || breaksAnywhere(style) || !isPrintableAscii(text)) return null;
  let min = 0;
  let max = 0;
  let line = 0;
  let start = 0;
  const segmentTo = (end: number): void => {
    const { width, trailing } = measureRange(paragraph, start, end, measurer, NO_ATOMICS, 0);
    min = Math.max(min, width);
    line += width + trailing;
    max = Math.max(max, line - trailing);
    start = end;
  };
  eachAsciiBreak(text, segmentTo);
  segmentTo(text.length);
  return { min, max };
}

/**
 * `overflow-wrap: anywhere` (and `word-break: break-word`, which means it) lets min-content break a
 * word between any two characters, unlike `overflow-wrap: break-word` (CSS Text 3 §5.5): a table
 * column of long words then shrinks as Chromium's does.
 */
function breaksAnywhere(style: ComputedStyle): boolean {
  return (style.overflowWrap === 'anywhere' || style.wordBreak === 'break-word') && !noWrap(style);
}

/** A segment's min-content width when all its text may break anywhere: its widest character. Null otherwise. */
function widestPieceAnywhere(paragraph: Paragraph, segment: Segment, measurer: TextMeasurer): number | null {
  let widest: number | null = null;
  for (const item of paragraph.items) {
    if (item.end <= segment.start || item.start >= segment.end) continue;
    if (item.kind !== 'text' || !breaksAnywhere(item.box.style)) return null;
    const text = paragraph.text.slice(Math.max(item.start, segment.start), Math.min(item.end, segment.end)).trimEnd();
    for (const character of text) widest = Math.max(widest ?? 0, measurer.width(item.box, character));
  }
  return widest;
}

/** Min-content and max-content widths of a block container's inline content. */
/** Measuring segments reads an atomic inline's margin width alone. */
const NO_FRAGMENT = { kind: 'box', x: 0, y: 0, width: 0, height: 0 } as unknown as BoxFragment;
function widthOnly(marginWidth: number): AtomicLayout {
  return { fragment: NO_FRAGMENT, marginWidth, marginHeight: 0, marginLeft: 0, marginTop: 0, baseline: 0 };
}

export function inlineIntrinsicWidths(container: BlockBox, ctx: LayoutContext): { min: number; max: number } {
  const indent = resolveLength(container.style.textIndent, 0);
  const plain = plainTextChildren(container.children);
  const known = plain ? documentCache(ctx, PLAIN_WIDTHS).get(container) : undefined;
  if (known !== undefined && known.children === container.children) return { min: known.min + Math.max(0, indent), max: known.max + indent };
  const measurer = new TextMeasurer(ctx);
  if (plain) {
    const single = singleRunWidths(container, measurer);
    if (single !== null) {
      documentCache(ctx, PLAIN_WIDTHS).set(container, { children: container.children, min: single.min, max: single.max, forced: false });
      return { min: single.min + Math.max(0, indent), max: single.max + indent };
    }
  }
  // Whether an atomic inline is narrower at min-content than at max-content: a percentage-sized
  // image (nothing), an inline-block whose width comes from its content (its own min-content).
  let narrower = false;
  const { paragraph, segments } = analyze(container, ctx, measurer, 0, (p) => {
    const laid = new Map<Box, AtomicLayout>();
    let ruby = false;
    for (const item of p.items) {
      if (item.kind !== 'atomic') continue;
      // A ruby column is laid out to know how far its annotation overhangs the text beside it.
      const column = isRubyColumn(item.box);
      laid.set(item.box, column ? layoutAtomicInline(item.box, ctx, 0, true) : widthOnly(atomicIntrinsicWidth(item.box, ctx)));
      ruby ||= column;
      narrower ||= isCompressibleReplaced(item.box) || shrinksToContent(item.box);
    }
    if (ruby) withRubyOverhangs(p.items, laid, textItemWidth(measurer));
    return laid;
  }, true);
  let min = 0;
  let max = 0;
  let line = 0;
  // Floats add their widths to their line's max-content (Blink's ComputeMinMaxSizes).
  const floatItems = floatsOf(paragraph);
  let nextFloat = 0;
  let floatMin = 0;
  const addFloats = (before: number): void => {
    for (; nextFloat < floatItems.length && floatItems[nextFloat].start < before; nextFloat++) {
      const w = intrinsicWidths(floatItems[nextFloat].box, ctx);
      floatMin = Math.max(floatMin, w.min);
      line += w.max;
      max = Math.max(max, line);
    }
  };
  let forced = false;
  for (const s of segments) {
    if (nextFloat < floatItems.length) addFloats(s.end);
    min = Math.max(min, widestPieceAnywhere(paragraph, s, measurer) ?? s.width);
    line += s.width + s.trailingSpace;
    max = Math.max(max, line - s.trailingSpace);
    if (s.forcedBreakAfter) {
      line = 0;
      forced = true;
    }
  }
  addFloats(Infinity);
  if (plain) documentCache(ctx, PLAIN_WIDTHS).set(container, { children: container.children, min, max, forced });
  if (narrower) {
    // At min-content, percentage-sized images add nothing and inline-blocks their min-content width.
    const narrow = analyze(container, ctx, measurer, 0, (p) => {
      const laid = new Map<Box, AtomicLayout>();
      for (const item of p.items) {
        if (item.kind !== 'atomic') continue;
        if (isCompressibleReplaced(item.box)) laid.set(item.box, widthOnly(0));
        else if (shrinksToContent(item.box)) laid.set(item.box, widthOnly(keywordWidth(item.box.style.widthKeyword ?? 'fit-content', intrinsicWidths(item.box, ctx), 0)));
        else laid.set(item.box, widthOnly(atomicIntrinsicWidth(item.box, ctx)));
      }
      return laid;
    });
    min = 0;
    for (const s of narrow.segments) min = Math.max(min, s.width);
  }
  min = Math.max(min, floatMin);
  return { min: min + Math.max(0, indent), max: max + indent };
}

export type { BoxFragment, Edges, ReplacedBox, ReplacedFragment };
