// Flex layout, row direction: items sized from flex-basis, grown or shrunk to fill each flex line,
// lines spread by align-content, items aligned in their line; lines are the unit of pagination.
import { anchoringStaticPositions } from './static-anchors.js';
import type { Box, FlexBox } from '../boxes/types.js';
import type { ComputedStyle } from '../css/types.js';
import { firstBaseline } from './atomic.js';
import {
  backToMarks, contentIntrinsicWidths, holdingAbsolutes, intrinsicWidths, isForcedResume, layoutBlockLevel, layoutMarks, registerHeld, UNPAGINATED, type AbsoluteEntry, type BlockResult, type FlowSpace, type LayoutMarks, type MarginState, type Resume,
} from './block.js';
import { borderEdges, clamp, contentSize, marginValue, paddingEdges, resolveLength, type LayoutContext } from './context.js';
import { avoidedBreakBetween, forcedBreakBetween, forcesBreakAfter, forcesBreakBefore, pageBreaksPassedOver, takesPageBreak } from './breaks.js';
import { closeContainer, openContainer, pushWhole, ratioContentHeight, specifiedContentHeight } from './container-box.js';
import { alignSelf, alignStaticAreas, clampedBase, isOutOfFlow, isScrollContainer, justify, registerOutOfFlow, resolveFlexible, type FlexSizing } from './flex-common.js';
import { translate, type BoxFragment, type Fragment } from './fragments.js';
import { keywordWidth } from './intrinsic-size.js';
import { avoidsBreakInside } from './multicol.js';

interface FlexItem extends FlexSizing {
  readonly marginLeft: number;
  readonly marginRight: number;
  readonly marginTop: number;
  readonly marginBottom: number;
}

/** Whether a line's items all start below its top (by their margins or alignment), or align-content leaves room above it. */
function spaceAboveItems(line: FlexLine): boolean {
  return line.before > 0.01 || line.tops.every((top) => top > 0.01);
}

interface FlexLine {
  readonly fragments: BoxFragment[];
  readonly items: FlexItem[];
  /** The line's cross size (grown by align-content or a single line's definite height). */
  height: number;
  /** Space before the line from align-content (the row gap is added apart). */
  before: number;
  /** Whether an item has a forced page break inside (passed over while measured): the line then splits at it. */
  readonly forcedInside: boolean;
  /**
   * The items' tops from the line's top, once aligned. The fragments themselves move to where a
   * page places them, and a page laid out again (its container's end did not fit) places them
   * again: from these, not from where the last placing left them.
   */
  tops: number[];
  /** Which items alignment stretched to the line (align-self: stretch with an auto height), by index. */
  stretched: boolean[];
  /** The items' border-box heights once aligned, which a line resumed on a later page may grow from. */
  heights: number[];
  /** The container's definite content height, which the items' percentage heights resolve against. */
  readonly cbHeight: number | undefined;
  /**
   * The positioned boxes met in each item's fragment, registered where the fragment is placed (a
   * line placed on a later page than it was measured on); an item split over pages, laid out again
   * there, registers its own.
   */
  held: (readonly AbsoluteEntry[])[];
}

function itemSizes(box: Box, ctx: LayoutContext, containerWidth: number): FlexItem {
  const style = box.style;
  const marginLeft = marginValue(style.marginLeft, containerWidth);
  const marginRight = marginValue(style.marginRight, containerWidth);
  const intrinsic = intrinsicWidths(box, ctx);
  const margins = marginLeft + marginRight;
  const bpX = (style.borderLeft.width + style.borderRight.width)
    + resolveLength(style.paddingLeft, containerWidth) + resolveLength(style.paddingRight, containerWidth);
  const toBorderBox = (v: number): number => (style.boxSizing === 'border-box' ? v : v + bpX);
  let base: number;
  const basis = style.flexBasis;
  if (basis !== 'auto' && basis !== 'content') base = toBorderBox(resolveLength(basis, containerWidth));
  // flex-basis: content sizes the item by its max-content width, whatever its own width says.
  else if (basis === 'content') base = (style.width === 'auto' && style.widthKeyword === null ? intrinsic : contentIntrinsicWidths(box, ctx)).max - margins;
  else if (style.width !== 'auto') base = toBorderBox(resolveLength(style.width, containerWidth));
  else base = keywordWidth(style.widthKeyword ?? 'max-content', intrinsic, containerWidth) - margins;
  const max = style.maxWidth === 'none' ? Number.POSITIVE_INFINITY : toBorderBox(resolveLength(style.maxWidth, containerWidth));
  // The automatic minimum (CSS Flexbox §4.5): the min-content width, or the specified width when
  // smaller, never above max-width; the flex basis plays no part, so `flex: 1` cannot squeeze an
  // item below its longest word.
  const specified = style.width !== 'auto' ? toBorderBox(resolveLength(style.width, containerWidth))
    : style.widthKeyword !== null ? keywordWidth(style.widthKeyword, intrinsic, containerWidth) - margins : Number.POSITIVE_INFINITY;
  // A replaced item's content size suggestion is its natural width (clamped by max-width below), not
  // the nothing a percentage `max-width` makes its min-content contribution: Bootstrap's
  // `img-fluid` beside a paragraph keeps its width and the paragraph wraps.
  const contentSuggestion = box.kind === 'replaced' ? intrinsic.max - margins : contentMinWidth(box, ctx, intrinsic.min) - margins;
  const min = style.minWidth !== 'auto' ? toBorderBox(resolveLength(style.minWidth, containerWidth))
    : !isScrollContainer(style) ? Math.min(contentSuggestion, specified, max) : 0;
  return {
    box, marginLeft, marginRight, marginTop: marginValue(style.marginTop, containerWidth), marginBottom: marginValue(style.marginBottom, containerWidth),
    // A border box is never smaller than its borders and padding (box-sizing: border-box with a zero basis).
    mainMargins: margins, base: Math.max(base, bpX), min: Math.max(0, min, bpX), max: Math.max(max, bpX), main: base,
  };
}

/**
 * The min-content width of an item's content (its margin box), whatever its own `width` says: an
 * empty item with `width: 2pt` has a content size suggestion of 0, not 2pt (CSS Flexbox §4.5).
 */
function contentMinWidth(box: Box, ctx: LayoutContext, contribution: number): number {
  if (typeof box.style.width !== 'number') return contribution;
  return intrinsicWidths({ ...box, style: { ...box.style, width: 'auto' } } as Box, ctx).min;
}

const isEnd = (align: string): boolean => align === 'flex-end' || align === 'end' || align === 'self-end';

/**
 * Builds the flex lines of a row container at content width `width`: main-axis positions and
 * natural cross sizes. `definiteCross` is the content height of a single-line container whose
 * height is definite: its stretched flex and grid items are laid out at the line's height at once
 * (CSS Flexbox §9.8.1 makes it definite for them), so that they align their own items in it, at
 * any depth, where laying them out again once stretched is allowed only one level deep.
 */
function flexLines(box: FlexBox, ctx: LayoutContext, x: number, width: number, definiteCross: number | null, cbHeight: number | undefined): FlexLine[] {
  const style = box.style;
  const gap = style.columnGap === 'normal' ? 0 : resolveLength(style.columnGap, width);
  const ordered = box.children.filter((c) => !isOutOfFlow(c)).sort((a, b) => a.style.order - b.style.order);
  const sized = ordered.map((child) => itemSizes(child, ctx, width));
  const groups: FlexItem[][] = [];
  if (style.flexWrap === 'nowrap') {
    groups.push(sized);
  } else {
    let current: FlexItem[] = [];
    let used = 0;
    for (const item of sized) {
      const outer = clampedBase(item) + item.mainMargins;
      if (current.length > 0 && used + gap + outer > width + 0.01) {
        groups.push(current);
        current = [];
        used = 0;
      }
      used += (current.length > 0 ? gap : 0) + outer;
      current.push(item);
    }
    if (current.length > 0) groups.push(current);
  }
  // Right to left, the main axis of a row starts on the right: laid out as a reversed row.
  const reverse = (style.flexDirection === 'row-reverse') !== (style.direction === 'rtl');
  return groups.map((items) => {
    resolveFlexible(items, width - gap * Math.max(0, items.length - 1));
    const breaksBefore = pageBreaksPassedOver(ctx);
    const held: (readonly AbsoluteEntry[])[] = [];
    const fragments = items.map((item) => {
      const forcedHeight = definiteCross === null || !isContainer(item.box) ? null : stretchedHeight(item, style, definiteCross, width);
      const measured = holdingAbsolutes(ctx, () => anchoringStaticPositions(ctx, () => layoutBlockLevel(item.box, ctx, {
        x: 0, y: 0, width, bottom: UNPAGINATED, atPageTop: true, forcedWidth: item.main, cbHeight: ownPercentageBase(item.box, cbHeight), ...(forcedHeight !== null && { forcedHeight }),
      }, null, { pos: 0, neg: 0 }, null, true)));
      held.push(measured.held);
      return measured.result.fragment!;
    });
    // Main axis: auto margins take the free space first, then justify-content distributes it.
    const used = items.reduce((s, i) => s + i.main + i.mainMargins, 0) + gap * Math.max(0, items.length - 1);
    let free = width - used;
    const autoCount = items.reduce((n, i) => n + (i.box.style.marginLeft === 'auto' ? 1 : 0) + (i.box.style.marginRight === 'auto' ? 1 : 0), 0);
    const perAuto = autoCount > 0 && free > 0 ? free / autoCount : 0;
    if (perAuto > 0) free = 0;
    const { offset, between } = justify(style.justifyContent, free, items.length, reverse);
    const order = reverse ? [...items.keys()].reverse() : [...items.keys()];
    let cursor = x + offset;
    for (const k of order) {
      const item = items[k];
      const ml = item.box.style.marginLeft === 'auto' ? perAuto : item.marginLeft;
      const mr = item.box.style.marginRight === 'auto' ? perAuto : item.marginRight;
      translate(fragments[k], cursor + ml - fragments[k].x, -fragments[k].y);
      cursor += ml + item.main + mr + between + gap;
    }
    return { fragments, items, height: naturalHeight(items, fragments, style), before: 0, forcedInside: pageBreaksPassedOver(ctx) !== breaksBefore, tops: [], stretched: [], heights: [], cbHeight, held };
  });
}

/** The border-box height `item` stretches to in a line `lineHeight` high, or null when it does not stretch. */
function stretchedHeight(item: FlexItem, container: ComputedStyle, lineHeight: number, cbWidth: number): number | null {
  const cs = item.box.style;
  if (alignSelf(cs, container) !== 'stretch' || cs.height !== 'auto' || cs.marginTop === 'auto' || cs.marginBottom === 'auto') return null;
  const border = borderEdges(cs);
  const padding = paddingEdges(cs, cbWidth);
  const bpY = border.top + border.bottom + padding.top + padding.bottom;
  const toBorderBox = (v: number): number => (cs.boxSizing === 'border-box' ? v : v + bpY);
  const min = Math.max(bpY, typeof cs.minHeight === 'number' ? toBorderBox(cs.minHeight) : 0);
  const max = typeof cs.maxHeight === 'number' ? toBorderBox(cs.maxHeight) : null;
  return clamp(lineHeight - item.marginTop - item.marginBottom, min, max);
}

/** Offset of an item's margin box from its line's top for baseline alignment, or null when not baseline-aligned. */
function baselineOffsets(items: readonly FlexItem[], fragments: readonly BoxFragment[], style: ComputedStyle): (number | null)[] {
  const baselines = fragments.map((f, k) => (firstBaseline(f) ?? f.y + f.height) - f.y + items[k].marginTop);
  const aligned = items.map((i) => alignSelf(i.box.style, style) === 'baseline' && style.flexWrap !== 'wrap-reverse');
  const max = Math.max(0, ...baselines.filter((_, k) => aligned[k]));
  return items.map((_, k) => (aligned[k] ? max - baselines[k] : null));
}

/** A line's cross size from its items; only baseline-aligned items share a baseline. */
function naturalHeight(items: readonly FlexItem[], fragments: readonly BoxFragment[], style: ComputedStyle): number {
  const shifts = baselineOffsets(items, fragments, style);
  return Math.max(0, ...fragments.map((f, k) => (shifts[k] ?? 0) + f.height + items[k].marginTop + items[k].marginBottom));
}

/** Places the items of a line across it (auto margins, then align-self; stretch within min/max-height). */
function alignLine(line: FlexLine, style: ComputedStyle, ctx: LayoutContext, width: number): void {
  const reverse = style.flexWrap === 'wrap-reverse';
  const shifts = baselineOffsets(line.items, line.fragments, style);
  line.items.forEach((item, k) => {
    let fragment = line.fragments[k];
    const cs = item.box.style;
    const align = alignSelf(cs, style);
    const autoTop = cs.marginTop === 'auto';
    const autoBottom = cs.marginBottom === 'auto';
    const stretches = align === 'stretch' && cs.height === 'auto' && !autoTop && !autoBottom;
    line.stretched[k] = stretches;
    if (stretches) {
      const bpY = fragment.border.top + fragment.border.bottom + fragment.padding.top + fragment.padding.bottom;
      const toBorderBox = (v: number): number => (cs.boxSizing === 'border-box' ? v : v + bpY);
      const min = typeof cs.minHeight === 'number' ? toBorderBox(cs.minHeight) : 0;
      const max = typeof cs.maxHeight === 'number' ? toBorderBox(cs.maxHeight) : null;
      const stretched = Math.max(fragment.height, clamp(line.height - item.marginTop - item.marginBottom, min, max));
      // A stretched flex or grid container aligns its own content in its new height, and the
      // stretched height is definite for children's percentage heights (CSS Flexbox §9.8), even
      // where it is the height the item had: laid out again at it.
      if (stretched > fragment.height + 0.01 && isContainer(item.box) || hasPercentageHeightChild(item.box)) {
        const relaid = holdingAbsolutes(ctx, () => relaidAt(item.box, ctx, fragment, width, item.main, stretched));
        if (relaid.result !== fragment) line.held[k] = relaid.held;
        fragment = line.fragments[k] = relaid.result;
      }
      fragment.height = stretched;
    }
    const free = line.height - fragment.height - item.marginTop - item.marginBottom;
    let top = item.marginTop;
    if (autoTop && autoBottom) top += Math.max(0, free) / 2;
    else if (autoTop) top += Math.max(0, free);
    else if (autoBottom) top += 0;
    else if (align === 'center') top += free / 2;
    else if (align === 'baseline' && shifts[k] !== null) top += shifts[k]!;
    else if (isEnd(align) !== reverse && align !== 'stretch' && align !== 'baseline') top += free;
    else if (reverse && (align === 'stretch' || align === 'baseline')) top += free;
    translate(fragment, 0, top - fragment.y);
  });
}

function isContainer(box: Box): boolean {
  return box.kind === 'flex' || box.kind === 'grid';
}

/**
 * What an item's own percentage height, min-height and max-height resolve against: the container's
 * definite content height. An item of auto height is not given it, so that in quirks mode its
 * children's percentages do not resolve through it to the container (Chromium leaves them auto until
 * the item is stretched).
 */
function ownPercentageBase(box: Box, cbHeight: number | undefined): number | undefined {
  const style = box.style;
  return typeof style.height === 'object' || typeof style.minHeight === 'object' || typeof style.maxHeight === 'object' ? cbHeight : undefined;
}

/** Whether an in-flow child of a block container has a percentage height (or min-height), which its stretched height resolves. */
export function hasPercentageHeightChild(box: Box): boolean {
  if (box.kind !== 'block') return false;
  return box.children.some((child) => typeof child.style.height === 'object' || typeof child.style.minHeight === 'object');
}

/**
 * A stretched container inside one being laid out again is only made taller, not laid out again
 * itself: each level of such nesting multiplies the work of the levels inside it (forty nested
 * stretched flex rows took minutes with three levels allowed; with one the time grows as the
 * square of the nesting).
 */
const MAX_NESTED_RELAYOUTS = 1;
const relayoutDepths = new WeakMap<LayoutContext, number>();

/** An item laid out again, unpaginated, at a height forced on it, where its first layout was. */
export function relaidAt(
  box: Box, ctx: LayoutContext, was: BoxFragment, width: number, forcedWidth: number, forcedHeight: number,
  subgrid: Pick<FlowSpace, 'subgridColumns' | 'subgridRows'> = {},
): BoxFragment {
  const depth = relayoutDepths.get(ctx) ?? 0;
  if (depth >= MAX_NESTED_RELAYOUTS) return was;
  relayoutDepths.set(ctx, depth + 1);
  let result;
  try {
    result = anchoringStaticPositions(ctx, () => layoutBlockLevel(box, ctx, { x: 0, y: 0, width, bottom: UNPAGINATED, atPageTop: true, forcedWidth, forcedHeight, ...subgrid }, null, { pos: 0, neg: 0 }, null, true));
  } finally {
    relayoutDepths.set(ctx, depth);
  }
  const fragment = result.fragment ?? was;
  translate(fragment, was.x - fragment.x, was.y - fragment.y);
  return fragment;
}

/** Grows or spreads the lines over a definite cross size (align-content; a single line takes it all). */
function spreadLines(lines: FlexLine[], style: ComputedStyle, height: number | null, rowGap: number): void {
  if (height === null || lines.length === 0) return;
  if (style.flexWrap === 'nowrap') {
    lines[0].height = height;
    return;
  }
  const free = height - lines.reduce((s, l) => s + l.height, 0) - rowGap * (lines.length - 1);
  const mode = style.alignContent.split(' ').pop() ?? 'normal';
  if (mode === 'normal' || mode === 'stretch') {
    if (free > 0) for (const line of lines) line.height += free / lines.length;
    return;
  }
  const reverse = style.flexWrap === 'wrap-reverse';
  const flipped = mode === 'flex-start' ? 'flex-end' : mode === 'flex-end' ? 'flex-start' : mode;
  const { offset, between } = justify(reverse ? flipped : mode, free, lines.length, false);
  lines.forEach((line, k) => { line.before = k === 0 ? offset : between; });
}

/** Where each item of a line split across pages resumes: its token (null when not started), or done. */
type ItemState = { readonly done: true } | { readonly done: false; readonly token: Resume | null };

/**
 * Lays out the items of a line from `y` down to the page's end (fresh, or resuming a split line),
 * each splitting inside itself: the fragments, how many were placed, and the states of a further split.
 */
function layoutLinePart(
  line: FlexLine, ctx: LayoutContext, y: number, bottom: number, atPageTop: boolean, width: number, states: readonly ItemState[] | null, lift: number | null,
  stretchContainers: boolean,
): { fragments: BoxFragment[]; placed: number; bottom: number; states: ItemState[] | null; unbreakable: boolean } {
  const fragments: BoxFragment[] = [];
  const out: ItemState[] = [];
  let placed = 0;
  let unbreakable = false;
  let end = y;
  let more = false;
  line.items.forEach((item, k) => {
    const state = states?.[k];
    if (state?.done) {
      out.push(state);
      return;
    }
    const whole = line.fragments[k];
    const token = state ? state.token : null;
    // The item's fragment sits below its top margin, which laying it out again adds itself.
    const at = lift === null ? line.tops[k] : Math.max(0, line.tops[k] - lift);
    const result = anchoringStaticPositions(ctx, () => layoutBlockLevel(item.box, ctx, {
      x: 0, y: states ? y : y + at - item.marginTop, width, bottom, atPageTop: atPageTop || token !== null, forcedWidth: whole.width, cbHeight: ownPercentageBase(item.box, line.cbHeight),
      // A stretched item whose children's heights are percentages keeps the line's height for
      // them to resolve against (a dashboard's `height: 100%` rows), wherever it splits; so does a
      // stretched flex or grid container when asked, which grows its own items into it.
      ...(line.stretched[k] && ((stretchContainers && isContainer(item.box)) || hasPercentageHeightChild(item.box)) && { forcedHeight: whole.height }),
      // An item that had not started when the line split starts on this page after an unforced
      // break: its top margin is truncated, as Chromium truncates it.
      truncateTopMargin: token !== null ? !isForcedResume(token) : states !== null,
    }, token, { pos: 0, neg: 0 }, null, true));
    if (!result.fragment) {
      // Nothing of a fresh item fits and no top margin sets it off from the line's top (a break
      // may fall in a margin, not in a border or padding): Chromium breaks before the line.
      if (states === null && item.marginTop <= 0) unbreakable = true;
      out.push({ done: false, token });
      more = true;
      return;
    }
    translate(result.fragment, whole.x - result.fragment.x, 0);
    fragments.push(result.fragment);
    placed++;
    end = Math.max(end, result.bottom + (result.next ? 0 : item.marginBottom));
    if (result.next) more = true;
    out.push(result.next ? { done: false, token: result.next } : { done: true });
  });
  if (more) end = Math.max(end, bottom);
  return { fragments, placed, bottom: end, states: more ? out : null, unbreakable };
}

/**
 * Whether an item reaches past the page's end though its line fits: an item taller than the line a
 * container of fixed height sets (`height: 100vh` around more than a page of text), or content
 * overflowing an item that fits (a child taller than its fixed-height item). Chromium carries it on
 * to the next page, so the items are split against the page's end as for a line that does not fit
 * (an item ending on the page carries its overflowing content over, decision 0163).
 */
function itemRunsPast(line: FlexLine, y: number, tops: readonly number[], bottom: number): boolean {
  return line.fragments.some((f, k) => y + tops[k] + (reachBelow(f, f.y) ?? f.height) > bottom + 0.01);
}

/**
 * How far below `top` a fragment's in-flow content reaches, its own box or what overflows it
 * visibly; null when it reaches no further than its own height (the common case, answered without
 * walking far: only boxes whose content overflows them are entered).
 */
function reachBelow(fragment: Fragment, top: number): number | null {
  if (fragment.kind !== 'box' && fragment.kind !== 'line') return null;
  if (fragment.kind === 'box' && (fragment.style.overflow !== 'visible' || isPositioned(fragment))) return null;
  const own = fragment.y + fragment.height - top;
  let reach = own;
  for (const child of fragment.children) {
    if (child.kind !== 'box' && child.kind !== 'line') continue;
    if (child.kind === 'box' && isPositioned(child)) continue;
    reach = Math.max(reach, child.y + child.height - top, reachBelow(child, top) ?? -Infinity);
  }
  return reach > own + 0.01 ? reach : null;
}

function isPositioned(fragment: BoxFragment): boolean {
  return fragment.style.position === 'absolute' || fragment.style.position === 'fixed';
}

/**
 * Where the items of a line go when lifted by `lift` px (at most to the line's top) and the
 * height they then take, their bottom margins included. A stretched item whose top margin ran on
 * past the last page's end (it starts below this page's top) grows by as much as it starts below,
 * and the line with it: Chromium stretches an item resuming after a break before it to the line's
 * size less the room consumed before it on the last page, which is negative there (probed in
 * Chromium 156: an item starting 14px below the page's top is 28px taller, the next line 14px lower).
 */
function liftedLine(line: FlexLine, lift: number): { tops: number[]; height: number } {
  let height = line.height - lift;
  const tops = line.fragments.map((f, k) => {
    const top = Math.max(0, line.tops[k] - lift);
    const grown = line.stretched[k] ? line.heights[k] + top : f.height;
    // Chromium then stretches it once more by as much to the line it grew: its box overflows the line.
    if (line.stretched[k]) f.height = grown + top;
    height = Math.max(height, top + grown + line.items[k].marginBottom);
    return top;
  });
  return { tops, height: Math.max(0, height) };
}

/** Lays out a row flex container; a line that does not fit splits inside its items, or moves to the next page. */
export function layoutFlexRow(box: FlexBox, ctx: LayoutContext, space: FlowSpace, resume: Resume | null, incoming: MarginState): BlockResult {
  const style = box.style;
  const frame = openContainer(box, ctx, space, resume, incoming);
  const { h, continuing, cb, top, border, padding, contentX, contentWidth, bpY } = frame;
  const rowGap = style.rowGap === 'normal' ? 0 : resolveLength(style.rowGap, contentWidth);
  const minHeight = Math.max(typeof style.minHeight === 'number' ? contentSize(style.minHeight, style, bpY) : 0, ratioContentHeight(style, space, frame));
  const maxHeight = typeof style.maxHeight === 'number' ? contentSize(style.maxHeight, style, bpY) : null;
  const definite = specifiedContentHeight(style, space, bpY);
  const lines = resume?.kind === 'flex' ? (resume.lines as FlexLine[]) : (() => {
    const built = flexLines(box, ctx, contentX, contentWidth, style.flexWrap === 'nowrap' && definite !== null ? clamp(definite, minHeight, maxHeight) : null, definite ?? undefined);
    // Without a definite height, the lines' sum clamped by min/max-height is the size the lines share.
    const natural = built.reduce((s, l) => s + l.height, 0) + rowGap * Math.max(0, built.length - 1);
    const clamped = clamp(natural, minHeight, maxHeight);
    spreadLines(built, style, definite ?? (Math.abs(clamped - natural) > 0.01 ? clamped : null), rowGap);
    if (style.flexWrap === 'wrap-reverse') built.reverse();
    for (const line of built) {
      alignLine(line, style, ctx, contentWidth);
      line.tops = line.fragments.map((f) => f.y);
      line.heights = line.fragments.map((f) => f.height);
    }
    return built;
  })();
  const startIndex = resume?.kind === 'flex' ? resume.index : 0;
  let y = top + border.top + padding.top;
  const outOfFlow = continuing ? [] : registerOutOfFlow(box, ctx, contentX, y);
  const children: Fragment[] = [];
  let index = startIndex;
  let split = resume?.kind === 'flex' ? (resume.split as ItemState[] | undefined) ?? null : null;
  let next: Resume | null = null;
  // A forced break before the first line's items is a break before the container.
  if (!continuing && !space.atPageTop && lines.length > 0 && forcesBreakBefore(lines[0].items) && takesPageBreak(ctx, space.bottom)) return pushWhole(space, incoming);
  // After an unforced break the first line's items sit where they would have, less the room the
  // page before had left below its last line: a top margin or gap runs on across the break, as
  // Chromium fragments flex containers.
  const roomLeft = resume?.kind === 'flex' && split === null ? resume.roomLeft : undefined;
  // The bottom margins of the last page's last line that ran past its end go on here: a line's
  // cross size is its items' margin boxes, which Chromium does not truncate at a break (a row gap
  // it does).
  if (resume?.kind === 'flex' && split === null) y += resume.overrun ?? 0;
  let unplacedFrom: number | null = null;
  let lastLineEnd: number | null = null;
  // A fresh container below the page's top may yet move whole after placing a line: what placing
  // it registered (positioned boxes, floats) is then forgotten.
  const startMarks = !continuing && !space.atPageTop && space.bottom !== UNPAGINATED ? layoutMarks(ctx) : null;
  const pushed = (): BlockResult => {
    if (startMarks !== null) backToMarks(ctx, startMarks);
    return pushWhole(space, incoming);
  };
  // Where the last line started on this page began, to break before it for the container's end edge (below).
  const breaksEarly = space.bottom !== UNPAGINATED && definite === null && minHeight === 0 && space.forcedHeight === undefined
    && style.boxDecorationBreak !== 'clone' && padding.bottom + border.bottom > 0;
  let lastFresh: { readonly index: number; readonly children: number; readonly marks: LayoutMarks } | null = null;
  let freshLines = 0;
  for (; index < lines.length; index++) {
    const line = lines[index];
    const first = index === startIndex;
    // Forced breaks on items are forced breaks between their lines.
    if (!first && split === null && children.length > 0 && forcedBreakBetween(lines[index - 1].items, line.items) && takesPageBreak(ctx, space.bottom)) break;
    if (breaksEarly && split === null) {
      lastFresh = { index, children: children.length, marks: layoutMarks(ctx) };
      freshLines++;
    }
    const lift = first && roomLeft !== undefined ? roomLeft - line.before : null;
    const lineTop = y;
    if (!first || !continuing) y += line.before;
    const lifted = lift === null ? null : liftedLine(line, lift);
    const height = lifted?.height ?? line.height;
    if (split === null && !(line.forcedInside && space.bottom !== UNPAGINATED) && y + height <= space.bottom + 0.01
      && !(space.bottom !== UNPAGINATED && itemRunsPast(line, y, lifted?.tops ?? line.tops, space.bottom))) {
      line.fragments.forEach((f, k) => translate(f, 0, y + (lifted ? lifted.tops[k] : line.tops[k]) - f.y));
      children.push(...line.fragments);
      for (const held of line.held) registerHeld(ctx, held);
      y += height;
      lastLineEnd = y;
      if (index + 1 < lines.length) y += rowGap;
      continue;
    }
    // Looking for an earlier break for an ancestor's end edge, the line moves on whole, as Chromium
    // records no break inside a row's items for it.
    if (split === null && space.earlierBreak === true && !(space.atPageTop && first)) {
      unplacedFrom = lineTop;
      break;
    }
    // The line does not fit (or continues from the previous page): its items split against the page's end.
    const atTop = space.atPageTop && first && children.length === 0;
    const marks = layoutMarks(ctx);
    let part = layoutLinePart(line, ctx, y, space.bottom, atTop, contentWidth, split, lift, split !== null);
    // Stretched flex and grid items split at the line's height, their own items grown into it
    // (Bulma's tiles: a column of tiles beside a tall one), once the line is known to break inside
    // at all: laid out at that height, a container always has a first fragment, even where none of
    // its content fits and Chromium moves the line on whole.
    if (split === null && part.placed > 0 && !part.unbreakable && line.stretched.some((stretched, k) => stretched && isContainer(line.items[k].box))) {
      // What the first pass registered (positioned descendants, floats) is registered again.
      backToMarks(ctx, marks);
      part = layoutLinePart(line, ctx, y, space.bottom, atTop, contentWidth, split, lift, true);
    }
    if ((part.placed === 0 || part.unbreakable) && !(space.atPageTop && first)) {
      // Its first line placed and a break avoided after it (a heading's `break-after: avoid`):
      // Chromium breaks before the container instead, which moves whole.
      if (startMarks !== null && split === null && index === 1 && avoidedBreakBetween(lines[0].items, line.items)) {
        return pushed();
      }
      unplacedFrom = lineTop;
      break;
    }
    // Every item of the line fits but for a bottom margin that runs past the page's end: Chromium
    // moves the whole container to the next page rather than truncate an item's margin or break
    // between its lines (decision 0358).
    if (!part.states && !continuing && !space.atPageTop && split === null && part.bottom > space.bottom + 0.01 && part.fragments.every((f) => f.y + f.height <= space.bottom + 0.01)) {
      return pushed();
    }
    children.push(...part.fragments);
    // What of the line's height its earlier pages have not taken: the next line starts no higher
    // than the line's end as if unbroken, as Chromium places lines after one split across pages
    // (an item's margins truncated at a break do not lift the lines below it).
    const heightLeft = split !== null && resume?.kind === 'flex' ? resume.lineLeft ?? 0 : line.height - (lift ?? 0);
    if (part.states) {
      next = { kind: 'flex', lines, index, split: part.states, lineLeft: heightLeft - Math.max(0, space.bottom - y) };
      y = Math.max(y, part.bottom);
      break;
    }
    y = Math.max(part.bottom, y + heightLeft);
    lastLineEnd = y;
    if (index + 1 < lines.length) y += rowGap;
    split = null;
  }
  const contentTop = top + border.top + padding.top;
  // Its lines all placed but its bottom padding and border running past the page's end: Chromium
  // breaks before its last line, which goes on with them (CSS Fragmentation 3 §4.1, the break
  // between lines being the last one it has; decisions 0185 and 0432 for blocks and columns).
  if (breaksEarly && !next && index === lines.length && lastFresh !== null && freshLines >= 2 && lastLineEnd !== null
    && lastLineEnd <= space.bottom + 0.01 && lastLineEnd + padding.bottom + border.bottom > space.bottom + 0.01) {
    backToMarks(ctx, lastFresh.marks);
    children.length = lastFresh.children;
    index = lastFresh.index;
    next = { kind: 'flex', lines, index };
    y = space.bottom;
  }
  // Nothing of its first line fits here: the container keeps the room left on this page (its top
  // border and padding end it) and its items go on on the next, less that room, as Chromium
  // fragments it (decision 0332), whether they start below the page's end or on this page.
  // Only where there is room between the content edge and the line's items (their top margins,
  // align-content's space): a class C break point (CSS Fragmentation 3 §4.1). Items flush with the
  // content edge leave none, and the container moves to the next page whole, as in Chromium.
  const keepsRoom = !continuing && unplacedFrom !== null && contentTop < space.bottom && space.earlierBreak !== true
    && index < lines.length && spaceAboveItems(lines[index]);
  if (children.length === 0 && index < lines.length && !space.atPageTop && !keepsRoom) {
    return pushWhole(space, incoming);
  }
  const overrun = space.bottom === UNPAGINATED || lastLineEnd === null ? 0 : Math.max(0, lastLineEnd - space.bottom);
  if (!next && index < lines.length) {
    next = unplacedFrom === null ? { kind: 'flex', lines, index } : { kind: 'flex', lines, index, roomLeft: Math.max(0, space.bottom - unplacedFrom), ...(overrun > 0.01 && { overrun }) };
    if (unplacedFrom !== null) y = Math.max(y, space.bottom);
  }
  // Every line placed but the last one's margins running past the page's end: the container goes
  // on to the next page for the rest of them (a blank page if nothing follows, as Chromium prints).
  if (!next && overrun > 0.01 && index === lines.length && definite === null && space.forcedHeight === undefined) {
    next = { kind: 'flex', lines, index, overrun };
    y = space.bottom;
  }
  let contentHeight = y - (top + border.top + padding.top);
  // A container split across pages counts its earlier fragments against max-height and
  // min-height (as Chromium does): what is left of them applies here.
  const usedBefore = resume?.kind === 'flex' ? resume.consumed ?? 0 : 0;
  const maxLeft = maxHeight === null ? null : Math.max(0, maxHeight - usedBefore);
  if (next && maxLeft !== null && style.overflow !== 'visible' && space.bottom !== UNPAGINATED && contentHeight >= maxLeft - 0.01) next = null;
  if (!next && definite !== null && space.forcedHeight === undefined) contentHeight = Math.max(0, definite - usedBefore);
  // A fixed height runs on across pages as a block's does (decision 0386), and so does the height a
  // stretched item was given: with every line placed, what of it the page has no room for is the
  // next page's, an empty fragment of the container.
  if (!next && definite !== null && space.bottom !== UNPAGINATED && !avoidsBreakInside(style, ctx)
    && contentTop + contentHeight + padding.bottom + border.bottom > space.bottom + 0.01 && space.bottom - contentTop > 0.01) {
    contentHeight = space.bottom - contentTop;
    next = { kind: 'flex', lines, index: lines.length };
  }
  // Its one line placed but its bottom padding and border running past the page's end: as a
  // block's (layoutFlow), the container breaks at its last break opportunity, before that line,
  // and so moves to the next page whole (chota's `.card.is-center` near a page's end, Chromium 156).
  if (!next && !continuing && !space.atPageTop && space.bottom !== UNPAGINATED && definite === null && lines.length === 1 && padding.bottom + border.bottom > 0
    && contentTop + contentHeight + padding.bottom + border.bottom > space.bottom + 0.01) {
    return pushWhole(space, incoming);
  }
  if (!next && maxLeft !== null) contentHeight = Math.min(contentHeight, maxLeft);
  if (!next) contentHeight = Math.max(contentHeight, minHeight - usedBefore);
  // What a fragment takes of the height, min-height and max-height the next one has that much less of.
  if (next?.kind === 'flex' && (maxHeight !== null || minHeight > 0 || definite !== null)) {
    const taken = space.bottom === UNPAGINATED ? contentHeight : Math.max(contentHeight, space.bottom - contentTop);
    next = { ...next, consumed: usedBefore + taken };
  }
  // A forced height (a stretched item split across pages) is shared among the fragments as a fixed one is.
  if (space.forcedHeight !== undefined && !next) contentHeight = Math.max(contentHeight, space.forcedHeight - bpY - usedBefore);
  // Split over pages, the positioned children align in the whole height, which the pages carry on.
  const wholeHeight = next === null ? contentHeight
    : definite ?? clamp(lines.reduce((sum, line) => sum + line.before + line.height, 0) + rowGap * Math.max(0, lines.length - 1), minHeight, maxHeight);
  alignStaticAreas(outOfFlow, style, contentWidth, wholeHeight);
  return closeContainer(box, frame, space, contentHeight, children, next, !next && lines.length > 0 && forcesBreakAfter(lines[lines.length - 1].items));
}
