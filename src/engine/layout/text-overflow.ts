// `text-overflow: ellipsis` (and the ellipsis a line clamp ends with): a line whose content runs
// past its box's content edge is cut, whole grapheme clusters off its end (atomic inlines whole),
// so that an ellipsis in the box's own font fits after what is left, as Chromium's line truncator
// cuts it. Right-to-left lines are cut at their left.
import type { ComputedStyle } from '../css/types.js';
import type { Fragment, LineFragment, TextFragment } from './fragments.js';
import type { LayoutContext } from './context.js';
import { fontQuery } from './inline.js';
import { graphemeEnds } from './text-segments.js';

const ELLIPSIS = '\u2026';
const EPSILON = 0.01;
/** Made on first use: a segmenter loads its ICU data (~8 ms of a process's start). */

/** Cuts each line of a box with `text-overflow: ellipsis` that overflows the content box [left, right]. */
export function ellipsizeOverflowingLines(lines: readonly Fragment[], left: number, right: number, style: ComputedStyle, ctx: LayoutContext): void {
  for (const line of lines) {
    if (line.kind !== 'line' || line.children.length === 0) continue;
    const { start, end } = extent(line);
    const overflows = style.direction === 'rtl' ? start < left - EPSILON : end > right + EPSILON;
    if (overflows) endWithEllipsis(line, left, right, style, ctx);
  }
}

/**
 * Puts an ellipsis at the end of the line (its right, its left right to left), first cutting what
 * would not leave room for it inside [left, right]. Returns whether anything was cut.
 */
export function endWithEllipsis(line: LineFragment, left: number, right: number, style: ComputedStyle, ctx: LayoutContext): boolean {
  const ellipsis = ellipsisFragment(style, ctx, line.baseline);
  const rtl = style.direction === 'rtl';
  const limit = rtl ? left + ellipsis.width : right - ellipsis.width;
  let cut = false;
  const kept: Fragment[] = [];
  // Whether a character or an atomic inline is kept: the line's first one stays, clipped rather
  // than ellipsed (CSS Overflow 3 §3.2), as Chromium keeps it.
  let content = false;
  // From the line's start: its left, its right when right to left.
  for (const child of rtl ? [...line.children].reverse() : line.children) {
    const start = child.x;
    const end = start + child.width;
    const fits = rtl ? start >= limit - EPSILON : end <= limit + EPSILON;
    if (fits) {
      kept.push(child);
      content ||= child.kind !== 'inline';
      continue;
    }
    cut = true;
    const missed = rtl ? end <= limit + EPSILON : start >= limit - EPSILON;
    if (child.kind === 'inline') {
      // Its borders and background end where what is left of its content does.
      if (!missed) kept.push({ ...child, x: rtl ? limit : start, width: rtl ? end - limit : limit - start, hasEnd: false });
      continue;
    }
    if (content) {
      if (missed || child.kind !== 'text') continue;
    } else if (child.kind !== 'text') {
      kept.push(child);
      content = true;
      continue;
    }
    const piece = textUpTo(child, rtl ? end - limit : limit - start, rtl, !content);
    if (piece !== null) {
      kept.push(piece);
      content = true;
    }
  }
  if (rtl) kept.reverse();
  // The ellipsis goes right after what is left (a line ends where its content does).
  const { start, end } = extent({ children: kept.filter((f) => f.kind !== 'inline') });
  const empty = !Number.isFinite(start);
  ellipsis.x = rtl ? (empty ? right : start) - ellipsis.width : empty ? left : end;
  if (rtl && empty) ellipsis.x = Math.max(left, right - ellipsis.width);
  // Painted after the text, at its logical end, as Chromium paints it (text extractors read it apart from a right-to-left line's text).
  line.children.splice(0, line.children.length, ...kept, ellipsis);
  return cut;
}

/** The x range a line's content covers (its inline boxes' and atomic inlines' edges included). */
function extent(line: { readonly children: readonly Fragment[] }): { start: number; end: number } {
  let start = Infinity;
  let end = -Infinity;
  for (const child of line.children) {
    start = Math.min(start, child.x);
    end = Math.max(end, child.x + child.width);
  }
  return { start, end };
}

/** The ellipsis in the box's font (its first face with U+2026), on the line's baseline. */
function ellipsisFragment(style: ComputedStyle, ctx: LayoutContext, baseline: number): TextFragment & { x: number } {
  const font = ctx.fonts.runs(ELLIPSIS, fontQuery(style))[0]?.font ?? ctx.fonts.primary(fontQuery(style));
  const width = font.measure(ELLIPSIS, style.fontSize) + style.letterSpacing;
  return { kind: 'text', x: 0, baseline, width, text: ELLIPSIS, font, size: style.fontSize, style, wordSpacing: 0, decorations: [] };
}

/**
 * The widest part of a text fragment, in whole grapheme clusters, no wider than `room` (but one
 * cluster `atLeastOne`): from its visual left (its start, or its end when right to left), or from
 * its visual right when `fromRight`.
 */
function textUpTo(text: TextFragment, room: number, fromRight: boolean, atLeastOne: boolean): TextFragment | null {
  if (text.symbol || text.vertical) return null;
  const bounds = [0, ...graphemeEnds(text.text)];
  if (bounds.length === 1) bounds.push(0);
  // Logical start kept when the visual left is kept in left-to-right text, or the right in right-to-left text.
  const keepsStart = fromRight === (text.rightToLeft === true);
  const sliceOf = (n: number): string => (keepsStart ? text.text.slice(0, bounds[n]) : text.text.slice(bounds[bounds.length - 1 - n]));
  // The most clusters that fit (widths grow with the count).
  let lo = 0;
  let hi = bounds.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (widthOf(text, sliceOf(mid)) <= room + EPSILON) lo = mid;
    else hi = mid - 1;
  }
  if (lo === 0 && atLeastOne && bounds.length > 1) lo = 1;
  if (lo === 0) return null;
  const shown = sliceOf(lo);
  const width = widthOf(text, shown);
  const actualText = text.actualText !== undefined && text.actualText.length === text.text.length
    ? (keepsStart ? text.actualText.slice(0, shown.length) : text.actualText.slice(text.text.length - shown.length)) : undefined;
  return { ...text, text: shown, width, x: fromRight ? text.x + text.width - width : text.x, actualText };
}

function widthOf(text: TextFragment, shown: string): number {
  const { style } = text;
  let width = text.font.measure(shown, text.size);
  if (style.letterSpacing !== 0) width += style.letterSpacing * [...shown].length;
  if (text.wordSpacing !== 0) for (const c of shown) if (c === ' ') width += text.wordSpacing;
  return width;
}
