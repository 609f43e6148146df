// Block formatting context: block-level boxes stacked vertically with margin collapsing,
// split across pages by resume tokens (the token says where the next page continues).
import { aspectRatioWidth } from './aspect-ratio-width.js';
import type { BlockBox, Box, FlexBox, GridBox, ReplacedBox, TableBox } from '../boxes/types.js';
import type { ComputedStyle, IntrinsicSizeKeyword, LengthPercentageAuto } from '../css/types.js';
import { layoutUnitsUp } from '../css/values/layout-units.js';
import { firstBaseline, isCompressibleReplaced, layoutAtomicInline, layoutReplaced, replacedSize } from './atomic.js';
import {
  borderEdges, cacheSlot, checkAborted, clamp, contentSize, documentCache, enterBox, leaveBox, marginValue, paddingEdges, resolveAuto, resolveLength, type LayoutContext,
} from './context.js';
import { cloneFragment, edgesWith, translate, type BoxFragment, type Fragment, type InlineFragment, type LineFragment } from './fragments.js';
import { relativeOffset } from './relative.js';
import { autoWidth, clampByKeywords, hasWidthKeyword, keywordWidth, type IntrinsicWidths } from './intrinsic-size.js';
import { avoidsBreakAfter, avoidsBreakBefore, isAvoidedBreak, isForcedBreak, pageBreaksPassedOver, takesPageBreak } from './breaks.js';
import { inlineIntrinsicWidths, isCarrierLine, layoutLines, lineStart, plainTextChildren, type LineFloats } from './inline.js';
import { ellipsizeOverflowingLines } from './text-overflow.js';
import { clampLines } from './line-clamp.js';
import { anchorFragment, breakBeforeAnchors, isAnchor } from './anchors.js';
import { FloatContext } from './float.js';
import { noteUnsettledFloat, openUnsettledFloats, settleUnsettledFloats, type UnsettledFloats } from './unsettled-floats.js';
import { floatShape } from './float-shape.js';
import { hasTransform } from '../css/values/transform.js';
import { anchorShift, noteStaticPosition, type AnchoredPosition } from './static-anchors.js';
import { fixedBoxesOf } from './fixed.js';
import { layoutFlexRow } from './flex.js';
import { layoutFlexColumn } from './flex-column.js';
import { flexIntrinsicWidths } from './flex-common.js';
import { gridIntrinsicWidths, layoutGrid } from './grid.js';
import { layoutTable, tableIntrinsicWidths } from './table.js';
import { avoidsBreakInside, inColumns, isColumnBreak, isMulticol, layoutMulticol, multicolIntrinsicWidths } from './multicol.js';
import { isOrthogonal, layoutOrthogonal } from './vertical-orthogonal.js';
import { endPageName, startPageName } from './page-names.js';
import { inFlow } from './page-sides.js';
import { clippedOnTheWay, currentPage, pageSeal, queueContinuation, type AbsoluteContinuation } from './absolute-pages.js';
import { overflowEnd } from './overflow-extent.js';
import { holdsMarker, markerBaseline, markerGoesInside } from './list-marker.js';
import { containsLayout } from '../css/values/containment.js';

export const UNPAGINATED = Number.POSITIVE_INFINITY;

/** Where a block box is laid out: its containing block's content edge and width, and the page's end. */
export interface FlowSpace {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  /** The y past which nothing may be placed on this page (Infinity when unpaginated). */
  readonly bottom: number;
  /** Nothing has been placed on this page yet above this point: a box that doesn't fit is placed anyway. */
  readonly atPageTop: boolean;
  /** The container takes floats that go on at the next page from a box that ends here (BlockResult.floats). */
  readonly takesFloats?: boolean;
  /** The container's top edge is still open: floats placed before the margins settle go where they do. */
  readonly openTop?: UnsettledFloats;
  /** At the top of a page after an unforced break, adjoining top margins are truncated to zero. */
  readonly truncateTopMargin?: boolean;
  /** The used page name of the containing block (`page` property), or null. */
  readonly pageName?: string | null;
  /** The containing block's height when it is definite (percentage heights resolve against it). */
  readonly cbHeight?: number;
  /** On a page's root: the initial containing block's size, when not the page area's (PageSetup.viewport; decision 0340). */
  readonly initialSize?: readonly [number, number];
  /** A used border-box width decided by the caller (shrink-to-fit, table cells). */
  readonly forcedWidth?: number;
  /** What percentages of the box's padding resolve against when not the containing block's width: a table cell's, its table's width (as Chromium resolves them). */
  readonly paddingBasis?: number;
  /** A used border-box height decided by the caller (table rows stretch cells). */
  readonly forcedHeight?: number;
  /** The caller carries the box's bottom padding and border onto the next page when they do not fit (table cells, decision 0178). */
  readonly carriesEndEdge?: boolean;
  /**
   * The box is laid out again to end above `bottom` so that an ancestor's bottom padding and border
   * go to the next page with it: as Chromium looks for such an earlier break, a row flex container
   * breaks before a line, never inside its items.
   */
  readonly earlierBreak?: boolean;
  /** With `earlierBreak`: nothing of the box whose end edge is moved comes before this box on the page, so no break before it is inside that box. */
  readonly earlierBreakAtStart?: boolean;
  /** The containing block's `text-align`, for the legacy alignment of block-level children (legacyAlignShift). */
  readonly containerAlign?: ComputedStyle['textAlign'];
  /** The containing block's `direction`: right to left, an over-constrained box gives way on the left (else the box's own). */
  readonly containerDirection?: ComputedStyle['direction'];
  /** For a grid item with `grid-template-columns: subgrid`: the parent's columns it spans, and their gap. */
  readonly subgridColumns?: SubgridTracks;
  /** For a grid item with `grid-template-rows: subgrid`: the parent's rows it spans, and their gap. */
  readonly subgridRows?: SubgridTracks;
}

/** The parent grid's tracks a subgrid lays its columns or rows on (CSS Grid 2 §9). */
export interface SubgridTracks {
  readonly sizes: readonly number[];
  readonly gap: number;
}

/**
 * How far right a block-level box narrower than its container goes when neither of its margins is
 * auto and the container's `text-align` is `-webkit-center` or `-webkit-right` (`<center>`, HTML
 * `align`): Chromium centres or right-aligns it, as it does a `<table>` in `<td align=center>`.
 */
export function legacyAlignShift(style: ComputedStyle, free: number, align: ComputedStyle['textAlign'] | undefined): number {
  if (free <= 0 || style.marginLeft === 'auto' || style.marginRight === 'auto') return 0;
  return align === '-webkit-center' ? free / 2 : align === '-webkit-right' ? free : 0;
}

/** Adjoining margins not yet resolved: the largest positive and the most negative. */
export interface MarginState {
  readonly pos: number;
  readonly neg: number;
  /** The largest quirky UA margin (quirks mode), kept apart: the end of a quirky container drops it. */
  readonly quirky?: number;
  /** At the start of a quirky container (a table cell or the body in quirks mode): quirky margins are dropped. */
  readonly quirkyStart?: boolean;
}

const NO_MARGINS: MarginState = { pos: 0, neg: 0 };

// Built field by field and returned unchanged when the margin changes nothing: this runs for every
// box edge, and object spreads here cost the 1000-row bench report 10% of its time.
function addMargin(state: MarginState, margin: number, quirky = false): MarginState {
  if (quirky && margin >= 0) {
    if (state.quirkyStart || margin <= (state.quirky ?? 0)) return state;
    return { pos: state.pos, neg: state.neg, quirky: margin, quirkyStart: state.quirkyStart };
  }
  if (margin >= 0 ? margin <= state.pos : margin >= state.neg) return state;
  return margin >= 0
    ? { pos: margin, neg: state.neg, quirky: state.quirky, quirkyStart: state.quirkyStart }
    : { pos: state.pos, neg: margin, quirky: state.quirky, quirkyStart: state.quirkyStart };
}

function collapsed(state: MarginState): number {
  return Math.max(state.pos, state.quirky ?? 0) + state.neg;
}

/**
 * Whether quirky margins are ignored at this box's start and end (Blink's IsQuirkyContainer): table
 * cells and the body. Only quirks-mode styles have quirky margins, so no mode test is needed.
 */
function isQuirkyContainer(box: BlockBox): boolean {
  return box.style.display === 'table-cell' || box.element?.name === 'body' && box.pseudo === null && !box.anonymous;
}

/**
 * A float that goes on at the top of the next page, and where it resumes (null: from its start).
 * `key` tells floats apart in the pagination's progress check: `c` and its index among its
 * block's children, or `t` and where it is in its paragraph's text.
 */
export interface PendingFloat {
  readonly box: Box;
  readonly key: string;
  readonly resume: Resume | null;
  /**
   * The content box (left edge and width) of the block the float belongs to, once that block has
   * ended and handed it to a container: it goes on in its own block's width, not the container's.
   */
  readonly area?: { readonly left: number; readonly width: number };
}

export type Resume =
  // `consumed`: how much of a fixed height earlier pages took (px of the content box, or of the border
  // box for border-box sizing with cloned edges), as its fragments run on.
  // `floats`: the rest of floats cut at the end of the page before, placed first on the next page.
  | { readonly kind: 'children'; readonly index: number; readonly child: Resume | null; readonly forced?: boolean; readonly consumed?: number; readonly floats?: readonly PendingFloat[] }
  // `sliced`: how much of line `index`, a line of images taller than a page, the pages before showed.
  // `floats`: floats of these lines cut at the end of the page before or moved from it, placed first on the next page;
  // `placedFloats`: the floats of these lines placed on the pages before (lines broken again do not place them again).
  | {
    readonly kind: 'lines'; readonly lines: LineFragment[]; readonly index: number; readonly consumed?: number; readonly width?: number; readonly sliced?: number;
    readonly floats?: readonly PendingFloat[]; readonly placedFloats?: ReadonlySet<Box>;
  }
  | { readonly kind: 'table'; readonly state: unknown }
  | { readonly kind: 'flex'; readonly lines: readonly unknown[]; readonly index: number; readonly child?: Resume | null; readonly split?: readonly unknown[]; readonly roomLeft?: number; readonly overrun?: number; readonly forced?: boolean; readonly consumed?: number; readonly total?: number; readonly carried?: number; readonly lineLeft?: number }
  | { readonly kind: 'grid'; readonly state: unknown }
  | { readonly kind: 'multicol'; readonly state: unknown }
  // The rest of a table cell's bottom padding and border, all its content placed on the page before.
  | { readonly kind: 'edge'; readonly remaining: number }
  // A replaced element taller than a page goes on on the next: `consumed` px of it were on the pages before.
  | { readonly kind: 'slice'; readonly consumed: number };

export interface BlockResult {
  /** Null when the box must move whole to the next page. */
  readonly fragment: BoxFragment | null;
  /** Where the next page resumes inside this box, or null when it is finished. */
  readonly next: Resume | null;
  /** Bottom margins still to collapse with what follows. */
  readonly margins: MarginState;
  /** y of the bottom of the placed fragment, without its pending margins. */
  readonly bottom: number;
  /** The y where this box resolved the margins it was handed (its border-box top), if it did. */
  readonly resolvedTop: number | null;
  /**
   * The last part of a replaced element sliced across pages ended here: what follows it is laid out
   * as at the top of the page, below it (its top margin truncated), as Chromium lays it out.
   */
  readonly endsSlice?: boolean;
  /** A forced break requested after this box (break-after: page). */
  readonly breakAfter: boolean;
  /** Pushed whole to the next page by a forced break before its first child: the margins there are kept, as after any forced break. */
  readonly forcedPush?: boolean;
  /** Floats of its content that go on at the top of the next page, in its container's flow (the box itself ended here). */
  readonly floats?: readonly PendingFloat[];
}

/** The top of a fragment's last line in flow (its last break opportunity inside), or its bottom when it has none. */
function lastLineTop(fragment: BoxFragment): number {
  for (let i = fragment.children.length - 1; i >= 0; i--) {
    const child = fragment.children[i]!;
    if (child.kind === 'line') return child.y;
    if (child.kind === 'box' && !isOutOfFlow(child.box.style)) return lastLineTop(child);
  }
  return fragment.y + fragment.height;
}

function avoidsBreakBetween(before: Box, after: Box): boolean {
  return avoidsBreakAfter(before) || avoidsBreakBefore(after);
}

/** Lays out one block-level box (block container, replaced, table, flex/grid as flow for now). */
// ---- absolutely positioned boxes: laid out against their containing block once it is placed ----

export interface AbsoluteEntry extends AnchoredPosition {
  readonly box: Box;
  readonly staticX: number;
  readonly staticY: number;
  /** Where the static position is an area the box is aligned in (a flex container's content box), not a point. */
  area?: StaticArea;
}

/**
 * An area from the static position, and where in it a box of a given free space starts along
 * each axis (a flex container's child placed as its sole item, CSS Flexbox §4.1).
 */
export interface StaticArea {
  readonly width: number;
  readonly height: number;
  readonly x: (free: number) => number;
  readonly y: (free: number) => number;
}

/** An entry's static position where the fragment it was met in is now (layout/static-anchors.ts). */
export function staticPositionOf(entry: AbsoluteEntry): { readonly x: number; readonly y: number } {
  const { dx, dy } = anchorShift(entry);
  return { x: entry.staticX + dx, y: entry.staticY + dy };
}

interface Rect {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

const absoluteStacks = new WeakMap<LayoutContext, AbsoluteEntry[][]>();

function absoluteStack(ctx: LayoutContext): AbsoluteEntry[][] {
  let stack = absoluteStacks.get(ctx);
  if (!stack) {
    stack = [];
    absoluteStacks.set(ctx, stack);
  }
  return stack;
}

const floatStacks = new WeakMap<LayoutContext, FloatContext[]>();

/** Floats handed to a container from a block that ended: each keeps the content box of the innermost block it came from. */
function inArea(floats: readonly PendingFloat[], left: number, width: number): PendingFloat[] {
  return floats.map((float) => (float.area ? float : { ...float, area: { left, width } }));
}

function floatStack(ctx: LayoutContext): FloatContext[] {
  let stack = floatStacks.get(ctx);
  if (!stack) {
    stack = [];
    floatStacks.set(ctx, stack);
  }
  return stack;
}

function currentFloats(ctx: LayoutContext): FloatContext | null {
  const stack = floatStack(ctx);
  return stack.length > 0 ? stack[stack.length - 1] : null;
}

/**
 * A float among a block's children in a flow that may be paginated (CSS Fragmentation 3 §4.1:
 * floats fragment like other boxes). Placed as if unpaginated; when it runs past `bottom`, laid out
 * again where it was placed, up to the page's end, and `next` is its rest, for the top of the next
 * page. `push` when it should move to the next page whole: nothing of it fits, or it cannot split.
 */
function layoutFloatInFlow(
  child: Box, ctx: LayoutContext, floats: FloatContext, left: number, width: number, y: number, cbHeight: number | undefined,
  bottom: number, resume: Resume | null, mayPush: boolean,
): { fragment: BoxFragment | null; next: Resume | null; push: boolean; placeAgain?: (y: number) => BoxFragment } {
  const breaksBefore = pageBreaksPassedOver(ctx);
  const sized = sizeFloat(child, ctx, floats, left, width, cbHeight, resume);
  const whole = sized?.place(y) ?? null;
  if (!whole) return { fragment: null, next: null, push: false };
  if (bottom === UNPAGINATED) return { fragment: whole, next: null, push: false, placeAgain: sized!.place };
  // A forced break inside the float (passed over while it was sized) breaks it here too, as in Chromium.
  const forcedInside = pageBreaksPassedOver(ctx) !== breaksBefore;
  const style = child.style;
  const mt = marginValue(style.marginTop, width);
  const mb = marginValue(style.marginBottom, width);
  const marginTop = whole.y - mt;
  if (!forcedInside && whole.y + whole.height + mb <= bottom + 0.01) return { fragment: whole, next: null, push: false, placeAgain: sized!.place };
  if (marginTop >= bottom - 0.01 && !mayPush) return { fragment: whole, next: null, push: false };
  // A replaced element cannot be cut, but one that cannot move on either is sliced (decision 0409).
  const splittable = (child.kind !== 'replaced' || !mayPush) && !avoidsBreakInside(style, ctx);
  const part = splittable && marginTop < bottom - 0.01
    ? layoutBlockLevel(child, ctx, {
      x: 0, y: marginTop, width, bottom, atPageTop: !mayPush, forcedWidth: whole.width, cbHeight, truncateTopMargin: !mayPush && resume !== null && !isForcedResume(resume),
    }, resume, NO_MARGINS, null, true)
    : null;
  // One that would end here, but whose bottom margin runs past the page's end, moves whole to the
  // next page as Chromium prints it (a block's margin is cut at a break; a float's is not). One
  // whose own box runs past it with nothing left to break (the trailing margin of its last child)
  // stays: Chromium breaks it in that empty space.
  const partEnd = part?.fragment == null ? 0 : part.fragment.y + part.fragment.height;
  const endsPastPage = part?.fragment != null && part.next === null && partEnd <= bottom + 0.01 && partEnd + mb > bottom + 0.01;
  if (!part?.fragment || endsPastPage && mayPush) {
    if (!mayPush) return { fragment: whole, next: null, push: false };
    floats.removeLast();
    return { fragment: null, next: null, push: true };
  }
  // Cut at the page's end, it keeps the rest of the page beside it.
  const fragment = part.fragment;
  translate(fragment, whole.x - fragment.x, 0);
  const ml = marginValue(style.marginLeft, width);
  const mr = marginValue(style.marginRight, width);
  floats.removeLast();
  floats.add(style.float === 'right' ? 'right' : 'left', whole.x - ml, whole.x + whole.width + mr, marginTop, part.next ? bottom : Math.min(bottom, fragment.y + fragment.height + mb),
    floatShape(style, whole.width, whole.height, width));
  return { fragment, next: part.next, push: false };
}

/** Lays out a float shrink-to-fit: its margin-box width, and `place`, which puts it in the float area no higher than `y`. */
function sizeFloat(child: Box, ctx: LayoutContext, floats: FloatContext, left: number, width: number, cbHeight?: number, resume: Resume | null = null): { readonly width: number; place(y: number): BoxFragment } | null {
  const style = child.style;
  const ml = marginValue(style.marginLeft, width);
  const mr = marginValue(style.marginRight, width);
  const mt = marginValue(style.marginTop, width);
  const mb = marginValue(style.marginBottom, width);
  let forcedWidth: number | undefined;
  if (style.width === 'auto' && child.kind !== 'replaced') forcedWidth = shrinkToFitWidth(child, ctx, width - ml - mr, ml, mr, width);
  // A float going on at a page's top truncates the margin of what it resumes with, unless a forced break put it there.
  const truncateTopMargin = resume !== null && !isForcedResume(resume);
  const result = layoutBlockLevel(child, ctx, { x: 0, y: 0, width, bottom: UNPAGINATED, atPageTop: true, forcedWidth, cbHeight, truncateTopMargin }, resume, NO_MARGINS, null, true);
  const fragment = result.fragment;
  if (!fragment) return null;
  const side = style.float === 'right' ? 'right' : 'left';
  return {
    width: fragment.width + ml + mr,
    place: (y) => {
      // A float with `clear` goes below the earlier floats it clears (CSS 2.1 §9.5.2).
      const top = style.clear === 'none' ? y : Math.max(y, floats.clearance(style.clear));
      const at = floats.place(side, fragment.width + ml + mr, fragment.height + mt + mb, top, left, left + width, floatShape(style, fragment.width, fragment.height, width));
      translate(fragment, at.x + ml - fragment.x, at.y + mt - fragment.y);
      return fragment;
    },
  };
}

/**
 * What the start (left or top) auto margin of an absolutely positioned box takes of `free`, the room
 * its insets, size and other margins leave: half each when both are auto (none when that would be
 * negative and the box is not right to left), all of it when only the start one is.
 */
function autoMarginShares(start: LengthPercentageAuto, end: LengthPercentageAuto, free: number, rtl: boolean): number {
  if (start === 'auto' && end === 'auto') return free >= 0 ? free / 2 : rtl ? free : 0;
  return start === 'auto' ? free : 0;
}

/**
 * A float's or absolutely positioned box's border-box width from its content: shrink-to-fit, or
 * what its intrinsic width keyword says, in `room` (a border box) and within its min and max widths.
 */
function shrinkToFitWidth(box: Box, ctx: LayoutContext, room: number, marginLeft: number, marginRight: number, cbWidth: number): number {
  const { min, max } = intrinsicWidths(box, ctx);
  const widths = { min: min - marginLeft - marginRight, max: max - marginLeft - marginRight };
  const width = Math.max(0, keywordWidth(box.style.widthKeyword ?? 'fit-content', widths, room));
  return clampByKeywords(box.style, minMaxWidth(box.style, width, cbWidth), widths, room);
}

/**
 * A shrink-to-fit border-box width within `min-width` and `max-width` (CSS 2.1 §10.4), percentages
 * of the containing block included (intrinsic widths leave them out).
 */
function minMaxWidth(style: ComputedStyle, borderBox: number, cbWidth: number): number {
  const border = borderEdges(style);
  const padding = paddingEdges(style, cbWidth);
  const bp = border.left + border.right + padding.left + padding.right;
  const max = style.maxWidth === 'none' ? null : contentSize(resolveLength(style.maxWidth, cbWidth), style, bp) + bp;
  const min = style.minWidth === 'auto' ? 0 : contentSize(resolveLength(style.minWidth, cbWidth), style, bp) + bp;
  return clamp(borderBox, min, max);
}

/**
 * Lays out inline content in lines beside the floats of its formatting context; floats met among
 * the lines are placed as the lines are filled (relative to the first line's top-left).
 */
/** The lines of `box`, from its start or from `startAt` in its text. */
function linesAmongFloats(
  box: BlockBox, ctx: LayoutContext, floats: FloatContext | null, contentX: number, contentWidth: number, firstLineTop: number,
  marker: Box | null, cbHeight: number | undefined, startAt?: { readonly offset: number; readonly y: number }, leaveOut?: LeaveOut,
): LineFragment[] {
  // Plain text meets no floats of its own, and none are around it: the lines need no float area.
  if ((floats === null || floats.empty) && plainTextChildren(box.children)) return layoutLines(box, ctx, contentWidth, marker, undefined, undefined, startAt).lines;
  return linesInFloatArea(box, ctx, floats, contentX, contentWidth, firstLineTop, marker, cbHeight, startAt, leaveOut);
}

/** Whether the lines leave out a float of theirs (met at `start` in the text): one moved to the next page. */
type LeaveOut = (float: Box, start: number) => boolean;

function linesInFloatArea(
  box: BlockBox, ctx: LayoutContext, floats: FloatContext | null, contentX: number, contentWidth: number, firstLineTop: number,
  marker: Box | null, cbHeight: number | undefined, startAt?: { readonly offset: number; readonly y: number }, leaveOut?: LeaveOut,
): LineFragment[] {
  const bandOf = (area: FloatContext) => (y: number, height: number) => {
    const b = area.band(firstLineTop + y, height, contentX, contentX + contentWidth, true);
    return { offset: b.left - contentX, width: b.right - b.left, ...(b.below !== undefined ? { below: b.below - firstLineTop } : {}) };
  };
  // Made when the first float is met: most lines meet none.
  let area = floats;
  const lineFloats: LineFloats = {
    band: (y, height) => bandOf(area ??= new FloatContext())(y, height),
    layout: (child, start) => {
      if (leaveOut?.(child, start)) return null;
      const laid = sizeFloat(child, ctx, area ??= new FloatContext(), contentX, contentWidth, cbHeight);
      return laid && { width: laid.width, place: (y) => {
        const f = laid.place(firstLineTop + y);
        translate(f, -contentX, -firstLineTop);
        return f;
      } };
    },
    clearance: (clear) => (area === null ? Number.NEGATIVE_INFINITY : area.clearance(clear) - firstLineTop),
  };
  return layoutLines(box, ctx, contentWidth, marker, floats && !floats.empty ? bandOf(floats) : undefined, lineFloats, startAt).lines;
}

/**
 * A positioned inline's padding boxes as a containing block (CSS 2.1 §10.1): from the start of its
 * first fragment on these lines to the end of its last (the other way round when that is negative, as Blink).
 */
function inlineContainingBlock(lines: readonly LineFragment[], box: InlineFragment['box']): Rect | null {
  let first: InlineFragment | null = null;
  let last: InlineFragment | null = null;
  for (const line of lines) {
    for (const f of line.children) {
      if (f.kind !== 'inline' || f.box !== box) continue;
      first ??= f;
      last = f;
    }
  }
  if (!first || !last) return null;
  const start = first.x + first.border.left;
  const end = last.x + last.width - last.border.right;
  const top = first.y + first.border.top;
  return { x: Math.min(start, end), y: top, width: Math.abs(end - start), height: Math.max(0, last.y + last.height - last.border.bottom - top) };
}

/**
 * Absolutely positioned boxes on placed lines take their static positions from them; floats on
 * lines carried onto a new page join its float area (`floats`) where they now are.
 */
function placeLinesOutOfFlow(lines: readonly LineFragment[], ctx: LayoutContext, floats: FloatContext | null, width: number): void {
  for (const line of lines) {
    for (const a of line.absolutes ?? []) {
      const cb = a.cb && a.box.style.position === 'absolute' ? inlineContainingBlock(lines, a.cb) : null;
      if (!cb) {
        registerAbsolute(ctx, a.box, line.x + a.dx, line.y + a.dy);
        continue;
      }
      const placed = layoutAbsolute({ box: a.box, staticX: line.x + a.dx, staticY: line.y + a.dy }, cb, ctx);
      if (placed) line.children.push(placed);
    }
    if (!floats) continue;
    for (const f of line.children) {
      if (f.kind !== 'box' || f.style.float === 'none') continue;
      const s = f.style;
      floats.add(s.float === 'right' ? 'right' : 'left', f.x - marginValue(s.marginLeft, width), f.x + f.width + marginValue(s.marginRight, width),
        f.y - marginValue(s.marginTop, width), f.y + f.height + marginValue(s.marginBottom, width), floatShape(s, f.width, f.height, width));
    }
  }
}

/** An empty set of boxes for paragraphs laid out from their start (nothing adds to it then). */
const NO_BOXES: Set<Box> = new Set();
const NO_PENDING_FLOATS: readonly PendingFloat[] = [];

interface CarriedFloats {
  readonly fragments: readonly BoxFragment[];
  readonly pending: readonly PendingFloat[];
}

const NO_CARRIED_FLOATS: CarriedFloats = { fragments: [], pending: [] };
/** Lines laid out again from the paragraph's start. */
const FROM_START: { readonly at: undefined } = { at: undefined };

/** Floats of a paragraph going on from the page before, placed at this page's top in `floats`: their fragments, and those going on further. */
function placeCarriedFloats(
  carried: readonly PendingFloat[], ctx: LayoutContext, floats: FloatContext | null, contentX: number, contentWidth: number, top: number,
  cbHeight: number | undefined, bottom: number,
): CarriedFloats {
  if (floats === null || carried.length === 0) return NO_CARRIED_FLOATS;
  const fragments: BoxFragment[] = [];
  const pending: PendingFloat[] = [];
  for (const float of carried) {
    const placed = layoutFloatInFlow(float.box, ctx, floats, contentX, contentWidth, top, cbHeight, bottom, float.resume, false);
    if (placed.fragment) fragments.push(placed.fragment);
    if (placed.next) pending.push({ ...float, resume: placed.next });
  }
  return { fragments, pending };
}

/** The floats a line carries (beside it, or under the line before). */
function* lineFloats(line: LineFragment): Generator<{ readonly fragment: BoxFragment; readonly at: number }> {
  for (let at = 0; at < line.children.length; at++) {
    const child = line.children[at] as Fragment;
    if (child.kind === 'box' && child.style.float !== 'none') yield { fragment: child, at };
  }
}

/** Whether a float's margin box runs past the page's end at `bottom`. */
function runsPast(float: BoxFragment, bottom: number, cbWidth: number): boolean {
  return float.y + float.height + marginValue(float.style.marginBottom, cbWidth) > bottom + 0.01;
}

/**
 * The first float on `lines` (placed on this page) that runs past its end and cannot be cut there:
 * a replaced element, one that avoids breaks inside, or one of which nothing fits. Chromium moves
 * it whole to the next page. Not one on the page's first line when nothing is above it there
 * (`mayMoveFirst` false): it would move on forever.
 */
function floatToMove(
  lines: readonly LineFragment[], ctx: LayoutContext, bottom: number, cbWidth: number, cbHeight: number | undefined, mayMoveFirst: boolean,
): Box | null {
  for (let i = 0; i < lines.length; i++) {
    if (i === 0 && !mayMoveFirst) continue;
    for (const { fragment } of lineFloats(lines[i] as LineFragment)) {
      if (!runsPast(fragment, bottom, cbWidth)) continue;
      if (fragment.box.kind === 'replaced' || avoidsBreakInside(fragment.style, ctx) || cutAtPageEnd(fragment, ctx, bottom, cbWidth, cbHeight).fragment === null) return fragment.box;
    }
  }
  return null;
}

/** A float laid out again where it is placed, up to the page's end at `bottom`: what of it fits there (null: nothing), and its rest. */
function cutAtPageEnd(float: BoxFragment, ctx: LayoutContext, bottom: number, cbWidth: number, cbHeight: number | undefined, atPageTop = false): BlockResult {
  const marginTop = float.y - marginValue(float.style.marginTop, cbWidth);
  if (marginTop >= bottom - 0.01) return pushWhole(NO_MARGINS, { x: 0, y: marginTop, width: cbWidth, bottom, atPageTop });
  return layoutBlockLevel(float.box, ctx, { x: 0, y: marginTop, width: cbWidth, bottom, atPageTop, forcedWidth: float.width, cbHeight }, null, NO_MARGINS, null, true);
}

/**
 * Floats on `lines` that run past the page's end at `bottom` and can be cut there, laid out again up
 * to it (CSS Fragmentation 3 §4.1); their rests go on at the next page's top.
 */
function cutFloatsAtPageEnd(
  lines: LineFragment[], ctx: LayoutContext, bottom: number, cbWidth: number, cbHeight: number | undefined, mayMoveFirst: boolean,
): PendingFloat[] {
  const rests: PendingFloat[] = [];
  if (bottom === UNPAGINATED) return rests;
  for (const [index, line] of lines.entries()) {
    // An image on the page's first line with nothing above it, which cannot move on, is sliced there (decision 0409).
    const atPageTop = index === 0 && !mayMoveFirst;
    for (const { fragment, at } of lineFloats(line)) {
      if (!runsPast(fragment, bottom, cbWidth) || fragment.box.kind === 'replaced' && !atPageTop || avoidsBreakInside(fragment.style, ctx)) continue;
      const part = cutAtPageEnd(fragment, ctx, bottom, cbWidth, cbHeight, atPageTop);
      if (!part.fragment || !part.next) continue;
      translate(part.fragment, fragment.x - part.fragment.x, 0);
      // A copy of the line: the laid-out lines may be placed again (columns are balanced by trying heights).
      lines[index] = { ...(lines[index] as LineFragment), children: (lines[index] as LineFragment).children.map((child, k) => (k === at ? part.fragment! : child)) };
      rests.push({ box: fragment.box, key: `l${index}.${at}`, resume: part.next });
    }
  }
  return rests;
}

function isOutOfFlow(style: ComputedStyle): boolean {
  return style.position === 'absolute' || style.position === 'fixed';
}

/** Runs `layout` with the absolutely positioned boxes it meets held apart, to be registered once (multicol lays content out several times). */
export function holdingAbsolutes<T>(ctx: LayoutContext, layout: () => T): { readonly result: T; readonly held: readonly AbsoluteEntry[] } {
  const stack = absoluteStack(ctx);
  const held: AbsoluteEntry[] = [];
  stack.push(held);
  try {
    return { result: layout(), held };
  } finally {
    stack.pop();
  }
}

/** Registers held entries (holdingAbsolutes) where the fragment they were met in now is. */
export function registerHeld(ctx: LayoutContext, held: readonly AbsoluteEntry[]): void {
  for (const entry of held) {
    const at = staticPositionOf(entry);
    const again = registerAbsolute(ctx, entry.box, at.x, at.y);
    if (again && entry.area) again.area = entry.area;
  }
}

/** Registers a box with its containing block: the entry, or null for a fixed box the pages place. */
export function registerAbsolute(ctx: LayoutContext, box: Box, staticX: number, staticY: number): AbsoluteEntry | null {
  // While paginating, fixed boxes are placed by the page (layout/fixed.ts), on every page.
  const fixed = box.style.position === 'fixed' ? fixedBoxesOf(ctx) : null;
  if (fixed?.tracks(box)) {
    noteStaticPosition(ctx, fixed.occurs(box, staticX, staticY));
    return null;
  }
  const stack = absoluteStack(ctx);
  // Fixed boxes belong to the page (the root's entry) unless a transformed ancestor holds them; absolute ones to the nearest positioned ancestor.
  const entries = box.style.position === 'fixed' ? fixedContainer(stack) : stack[stack.length - 1];
  const entry: AbsoluteEntry = { box, staticX, staticY };
  entries?.push(entry);
  noteStaticPosition(ctx, entry);
  return entry;
}

/**
 * Each box's last registration: an item laid out again (stretched, flexed, split) registers the
 * positioned boxes inside it again, and the last layout is the one whose fragment is kept.
 */
export function lastRegistrations(entries: readonly AbsoluteEntry[]): readonly AbsoluteEntry[] {
  if (entries.length < 2) return entries;
  const last = new Map<Box, AbsoluteEntry>();
  for (const entry of entries) last.set(entry.box, entry);
  return last.size === entries.length ? entries : entries.filter((entry) => last.get(entry.box) === entry);
}

/** The entries of the innermost transformed box holding a fixed box, else the page's (the root's). */
function fixedContainer(stack: readonly AbsoluteEntry[][]): AbsoluteEntry[] | undefined {
  for (let i = stack.length - 1; i > 0; i--) {
    if (transformedContainers.has(stack[i])) return stack[i];
  }
  return stack[0];
}

/** The absolute entries of transformed boxes, which contain fixed descendants too (decision 0155). */
const transformedContainers = new WeakSet<AbsoluteEntry[]>();

function offsetRelative(fragment: BoxFragment, style: ComputedStyle, cbWidth: number, cbHeight: number | undefined): void {
  const offset = relativeOffset(style, cbWidth, cbHeight);
  if (offset) translate(fragment, offset.dx, offset.dy);
}

function layoutAbsolute(entry: AbsoluteEntry, cb: Rect, ctx: LayoutContext): BoxFragment | null {
  const style = entry.box.style;
  const left = resolveAuto(style.left, cb.width);
  const right = resolveAuto(style.right, cb.width);
  const top = resolveAuto(style.top, cb.height);
  const bottom = resolveAuto(style.bottom, cb.height);
  const marginLeft = marginValue(style.marginLeft, cb.width);
  const marginRight = marginValue(style.marginRight, cb.width);
  const marginTop = marginValue(style.marginTop, cb.width);
  const marginBottom = marginValue(style.marginBottom, cb.width);
  let forcedWidth: number | undefined;
  if (style.width === 'auto' && entry.box.kind !== 'replaced') {
    const available = cb.width - (left === 'auto' ? 0 : left) - (right === 'auto' ? 0 : right) - marginLeft - marginRight;
    if (left !== 'auto' && right !== 'auto' && autoWidth(style)) forcedWidth = Math.max(0, available);
    else forcedWidth = shrinkToFitWidth(entry.box, ctx, available, marginLeft, marginRight, cb.width);
  }
  let forcedHeight: number | undefined;
  if (style.height === 'auto' && top !== 'auto' && bottom !== 'auto') forcedHeight = Math.max(0, cb.height - top - bottom - marginTop - marginBottom);
  // The containing block is laid out by now: its height is definite for percentage heights (CSS 2.1 section 10.5).
  const space: FlowSpace = { x: 0, y: 0, width: cb.width, cbHeight: cb.height, bottom: UNPAGINATED, atPageTop: true, forcedWidth, forcedHeight };
  const isRoot = entry.box.kind === 'block';
  const result = layoutBlockLevel(entry.box, ctx, space, null, NO_MARGINS, null, isRoot);
  const fragment = result.fragment;
  if (!fragment) return null;
  // With both insets and a width (or height) of its own, auto margins share what is left (CSS 2.1 §10.3.7, §10.6.4).
  const shareX = left !== 'auto' && right !== 'auto' && !autoWidth(style)
    ? autoMarginShares(style.marginLeft, style.marginRight, cb.width - left - right - marginLeft - marginRight - fragment.width, style.direction === 'rtl') : 0;
  const shareY = top !== 'auto' && bottom !== 'auto' && style.height !== 'auto'
    ? autoMarginShares(style.marginTop, style.marginBottom, cb.height - top - bottom - marginTop - marginBottom - fragment.height, false) : 0;
  const at = staticPositionOf(entry);
  const area = entry.area;
  const x = left !== 'auto' ? cb.x + left + marginLeft + shareX
    : right !== 'auto' ? cb.x + cb.width - right - marginRight - fragment.width
      : at.x + marginLeft + (area ? area.x(area.width - marginLeft - fragment.width - marginRight) : 0);
  const y = top !== 'auto' ? cb.y + top + marginTop + shareY
    : bottom !== 'auto' ? cb.y + cb.height - bottom - marginBottom - fragment.height
      : at.y + marginTop + (area ? area.y(area.height - marginTop - fragment.height - marginBottom) : 0);
  documentCache(ctx, PLACEMENTS).set(fragment, { space, isRoot, dx: x - fragment.x, dy: y - fragment.y });
  translate(fragment, x - fragment.x, y - fragment.y);
  return fragment;
}

/** How layoutAbsolute laid a box out: the space, and how far it moved the fragment from where that put it. */
interface AbsolutePlacement {
  readonly space: FlowSpace;
  readonly isRoot: boolean;
  readonly dx: number;
  readonly dy: number;
}

const PLACEMENTS = cacheSlot<BoxFragment, AbsolutePlacement>('absolute placements');

/**
 * An absolutely positioned box laid out whole (`placed`) on the page `page`, whose area ends at
 * `pageBottom`: as it is when it ends on the page; else what of it the page holds (null when it
 * starts below the page's end), the rest queued for the next pages (decision 0415).
 */
function breakAbsolute(box: Box, placed: BoxFragment, page: number, pageBottom: number, ctx: LayoutContext): BoxFragment | null {
  const placement = documentCache(ctx, PLACEMENTS).get(placed);
  if (placement === undefined || overflowEnd(placed, 'y') <= pageBottom + 0.5 || box.kind === 'replaced' || clippedOnTheWay(ctx, box)) return placed;
  const { space, isRoot, dx, dy } = placement;
  if (placed.y >= pageBottom - 0.5) {
    queueContinuation(ctx, { box, space, isRoot, dx, layoutTop: placed.y - dy, page: page + 1, offset: placed.y - pageBottom, resume: null });
    return null;
  }
  const bottom = pageBottom - dy;
  let result = layoutBlockLevel(box, ctx, { ...space, bottom, atPageTop: false }, null, NO_MARGINS, null, isRoot);
  // Its start is no place to break: what fits of its first lines stays even against orphans, as
  // Chromium breaks it; when not even a line fits, all of it goes to the next page's top.
  if (result.fragment === null && result.next === null) {
    const relaxed = layoutBlockLevel(box, ctx, { ...space, bottom, atPageTop: true }, null, NO_MARGINS, null, isRoot);
    if (relaxed.fragment !== null && relaxed.next !== null && overflowEnd(relaxed.fragment, 'y') <= bottom + 0.5) result = relaxed;
  }
  if (result.fragment === null && result.next === null) {
    queueContinuation(ctx, { box, space, isRoot, dx, layoutTop: placed.y - dy, page: page + 1, offset: 0, resume: null });
    return null;
  }
  if (result.next !== null) queueContinuation(ctx, { box, space, isRoot, dx, layoutTop: space.y, page: page + 1, offset: 0, resume: result.next });
  if (result.fragment) translate(result.fragment, dx, dy);
  return result.fragment;
}

/**
 * The piece of an absolutely positioned box going on over pages that a page (its area from
 * `pageTop` to `pageBottom`) holds, or null; the continuation is updated for the page after when
 * some is left, and `done` is true when none is.
 */
export function layoutContinuation(c: AbsoluteContinuation, ctx: LayoutContext, pageTop: number, pageBottom: number): { fragment: BoxFragment | null; done: boolean } {
  const top = pageTop + c.offset;
  if (top >= pageBottom - 0.5) {
    c.offset -= pageBottom - pageTop;
    c.page++;
    return { fragment: null, done: false };
  }
  const shift = top - c.layoutTop;
  const result = layoutBlockLevel(c.box, ctx, { ...c.space, bottom: pageBottom - shift, atPageTop: c.offset === 0 }, c.resume, NO_MARGINS, null, c.isRoot);
  if (result.fragment === null && result.next === null && c.offset > 0) {
    c.offset = 0;
    c.page++;
    return { fragment: null, done: false };
  }
  if (result.fragment) translate(result.fragment, c.dx, shift);
  if (result.next === null || sameToken(result.next, c.resume)) return { fragment: result.fragment, done: true };
  c.resume = result.next;
  c.layoutTop = c.space.y;
  c.offset = 0;
  c.page++;
  return { fragment: result.fragment, done: false };
}

/** Whether two resume tokens stand for the same place (no progress between them). */
export function sameToken(a: Resume, b: Resume | null): boolean {
  return b !== null && JSON.stringify(tokenPath(a)) === JSON.stringify(tokenPath(b));
}

function tokenPath(token: Resume | null): unknown {
  if (token === null) return null;
  if (token.kind === 'children') {
    // Floats going on from page to page are progress too, while the flow itself stays put.
    const floats = token.floats?.map((f) => [f.key, tokenPath(f.resume)]) ?? null;
    return [token.index, tokenPath(token.child), token.consumed ?? 0, floats];
  }
  // A paragraph broken again at another page's width (decision 0402) starts its lines afresh: the
  // same index into other lines is progress; so is more of a sliced line (decision 0409).
  if (token.kind === 'lines') {
    const floats = token.floats?.map((f) => [f.key, tokenPath(f.resume)]) ?? null;
    return ['lines', token.index, token.lines.length, token.consumed ?? 0, token.width ?? null, token.sliced ?? 0, floats];
  }
  if (token.kind === 'flex') {
    const split = (token.split as readonly ({ done: boolean; token?: Resume | null })[] | undefined)?.map((s) => (s.done ? 'done' : tokenPath(s.token ?? null)));
    return ['flex', token.index, token.lines.length, tokenPath(token.child ?? null), split ?? null, token.consumed ?? 0, token.carried ?? 0];
  }
  if (token.kind === 'grid') {
    const grid = token.state as { index: number; split: readonly ({ done: boolean; token?: Resume | null })[] | null; carry?: number };
    return ['grid', grid.index, grid.split?.map((s) => (s.done ? 'done' : tokenPath(s.token ?? null))) ?? null, grid.carry ?? 0];
  }
  if (token.kind === 'multicol') {
    const multicol = token.state as { segment: number; inner: Resume | null };
    return ['multicol', multicol.segment, tokenPath(multicol.inner)];
  }
  if (token.kind === 'edge') return ['edge', token.remaining];
  if (token.kind === 'slice') return ['slice', token.consumed];
  const state = token.state as { row?: number; split?: Map<unknown, Resume>; spanning?: Map<unknown, Resume | null | 'done'> } | null;
  const spanning = state?.spanning ? [...state.spanning.values()].map((t) => (t === 'done' ? 'done' : tokenPath(t))) : null;
  return ['table', state?.row ?? null, state?.split ? [...state.split.values()].map(tokenPath) : null, spanning];
}

/**
 * A box's top margin collapsed with those of its first in-flow children that adjoin it (no top
 * border or padding between, no formatting context of its own): the margin that sits above its
 * border edge, which clearance places at the floats' bottom (CSS 2.1 §8.3.1, §9.5.2). Walked
 * without recursion; percentages of `cbWidth` throughout.
 */
function topMarginThrough(box: Box, cbWidth: number): MarginState {
  let margins = addMargin(NO_MARGINS, marginValue(box.style.marginTop, cbWidth));
  for (let b: Box | undefined = box; b && b.kind === 'block' && !b.inlineContent && !establishesOwnContext(b);) {
    if (borderEdges(b.style).top !== 0 || resolveLength(b.style.paddingTop, cbWidth) !== 0) break;
    const first: Box | undefined = b.children.find((c) => c.style.position !== 'absolute' && c.style.position !== 'fixed' && c.style.float === 'none');
    if (!first || first.kind !== 'block' && first.kind !== 'table' || first.style.clear !== 'none') break;
    margins = addMargin(margins, marginValue(first.style.marginTop, cbWidth));
    b = first;
  }
  return margins;
}

function joinMargins(a: MarginState, b: MarginState): MarginState {
  return addMargin(addMargin(a, b.pos), b.neg);
}

function establishesOwnContext(box: Box): boolean {
  return box.kind === 'block' ? box.newFormattingContext || isMulticol(box) : box.kind === 'table' || box.kind === 'flex' || box.kind === 'grid' || box.kind === 'replaced';
}

/** The margin-box width a box's own `width` asks for, in a containing block `cbWidth` wide; null when it depends on the room. */
function definiteOuterWidth(style: ComputedStyle, cbWidth: number): number | null {
  if (typeof style.width !== 'number' && (typeof style.width !== 'object' || style.width === null)) return null;
  const width = resolveLength(style.width, cbWidth);
  const border = borderEdges(style);
  const padding = paddingEdges(style, cbWidth);
  const edges = style.boxSizing === 'border-box' ? 0 : border.left + border.right + padding.left + padding.right;
  return width + edges + marginValue(style.marginLeft, cbWidth) + marginValue(style.marginRight, cbWidth);
}

/**
 * A block-level replaced element's margin-box width in its containing block: its used width (an
 * auto width from its image, within its min and max widths) does not shrink beside floats; it moves
 * down past them when it does not fit there (CSS 2.1 §9.5), as Chromium places it.
 */
function replacedOuterWidth(box: ReplacedBox, cbWidth: number, cbHeight: number | undefined): number {
  const style = box.style;
  const border = borderEdges(style);
  const padding = paddingEdges(style, cbWidth);
  return replacedSize(box, cbWidth, cbHeight ?? null).width + border.left + border.right + padding.left + padding.right
    + marginValue(style.marginLeft, cbWidth) + marginValue(style.marginRight, cbWidth);
}

/** Whether a break value forces a page break here: not inside columns, where Chromium ignores page breaks. */
function forcesPageBreak(ctx: LayoutContext, value: ComputedStyle['breakBefore']): boolean {
  return isForcedBreak(value) && !inColumns(ctx);
}

/** Whether a resume token comes from a forced break (margins after it are kept). */
export function isForcedResume(token: Resume | null): boolean {
  if (token?.kind === 'flex') return token.forced === true;
  if (token === null || token.kind !== 'children') return false;
  return token.forced === true || isForcedResume(token.child);
}

export function layoutBlockLevel(
  box: Box, ctx: LayoutContext, space: FlowSpace, resume: Resume | null, margins: MarginState,
  marker: Box | null = null, isRoot = false,
): BlockResult {
  enterBox(ctx);
  try {
    return layoutBlockLevelBox(box, ctx, space, resume, margins, marker, isRoot);
  } finally {
    leaveBox(ctx);
  }
}

function layoutBlockLevelBox(box: Box, ctx: LayoutContext, space: FlowSpace, resume: Resume | null, margins: MarginState, marker: Box | null, isRoot: boolean): BlockResult {
  checkAborted(ctx);
  if (isFormControl(box) && space.bottom !== UNPAGINATED && resume === null && !space.atPageTop) return layoutMonolithic(box, ctx, space, margins, marker, isRoot);
  if (!isRoot && isOrthogonal(box)) return layoutOrthogonal(box, space, margins, (b, s, m) => layoutBlockLevel(b, ctx, s, null, m));
  if (box.kind === 'replaced') return layoutReplacedBlock(box, space, margins, resume);
  if (box.kind === 'table') return containingAbsolutes(box, ctx, space, isRoot, resume === null, () => layoutTableBlock(box, ctx, space, resume, margins));
  if (box.kind === 'flex' && !box.style.flexDirection.startsWith('column')) return containingAbsolutes(box, ctx, space, isRoot, resume === null, () => layoutFlexRow(box, ctx, space, resume, margins));
  if (box.kind === 'flex') return containingAbsolutes(box, ctx, space, isRoot, resume === null, () => layoutFlexColumn(box, ctx, space, resume, margins));
  if (box.kind === 'grid') return containingAbsolutes(box, ctx, space, isRoot, resume === null, () => layoutGrid(box, ctx, space, resume, margins));
  // A flex or grid root (`html { display: flex }`, centring the body on the page) is built as the
  // root block; laid out as what its display says.
  const rootView = isRoot && box.kind === 'block' ? flexOrGridRoot(box, ctx) : null;
  if (rootView) return layoutBlockLevelBox(rootView, ctx, space, resume, margins, marker, isRoot);
  const container: BlockBox = box.kind === 'block' ? box : asBlock(box);
  return layoutBlockContainer(container, ctx, space, resume, margins, marker, isRoot);
}

const ROOT_VIEWS = cacheSlot<BlockBox, FlexBox | GridBox | null>('flex or grid roots');

/** The root block as the flex or grid container its display makes it (one view per box, so caches keyed by box hold). */
function flexOrGridRoot(root: BlockBox, ctx: LayoutContext): FlexBox | GridBox | null {
  const rootViews = documentCache(ctx, ROOT_VIEWS);
  const known = rootViews.get(root);
  if (known !== undefined) return known;
  const display = root.style.display;
  const base = { level: 'block', style: root.style, element: root.element, pseudo: root.pseudo, anonymous: root.anonymous, children: root.children } as const;
  const view: FlexBox | GridBox | null = display === 'flex' || display === 'inline-flex' ? { kind: 'flex', ...base }
    : display === 'grid' || display === 'inline-grid' ? { kind: 'grid', ...base } : null;
  rootViews.set(root, view);
  return view;
}

/** Flex and grid containers are laid out as block flow until their own layout lands (engine part 3). */
function asBlock(box: Box): BlockBox {
  const children = 'children' in box ? box.children : [];
  return {
    kind: 'block', level: 'block', style: box.style, element: box.element, pseudo: box.pseudo, anonymous: box.anonymous,
    children, inlineContent: false, marker: null, newFormattingContext: true,
  };
}

/** The direction a block-level box's margins are resolved in: its containing block's (CSS 2.1 §10.3.3), else its own. */
export function flowDirection(style: ComputedStyle, space: FlowSpace): ComputedStyle['direction'] {
  return space.containerDirection ?? style.direction;
}

/**
 * A block-level box's border-box width and used margins in `space`. `intrinsic` gives the box's
 * min- and max-content widths (as `intrinsicWidths`) for widths given as intrinsic keywords.
 */
export function horizontal(style: ComputedStyle, space: FlowSpace, intrinsic?: () => IntrinsicWidths): { x: number; width: number; border: ReturnType<typeof borderEdges>; padding: ReturnType<typeof paddingEdges>; marginLeft: number; marginRight: number } {
  const cb = space.width;
  const border = borderEdges(style);
  const padding = paddingEdges(style, space.paddingBasis ?? cb);
  const bp = border.left + border.right + padding.left + padding.right;
  let marginLeft = marginValue(style.marginLeft, cb);
  let marginRight = marginValue(style.marginRight, cb);
  let borderBox: number;
  if (space.forcedWidth !== undefined) {
    borderBox = space.forcedWidth;
  } else {
    const specified = resolveAuto(style.width, cb);
    // Keywords size the border box from the content: margin boxes less the margins they counted.
    const keywords = intrinsic !== undefined && hasWidthKeyword(style) ? borderBoxWidths(style, intrinsic()) : null;
    const available = cb - marginLeft - marginRight;
    const keyword = keywordContent(style.widthKeyword, keywords, available, bp);
    const fromRatio = specified === 'auto' && keyword === null ? aspectRatioWidth(style, cb, space.cbHeight) : null;
    // The ratio's width never goes below the content's min-content while the content shows (min-width: auto).
    const ratioFloor = fromRatio !== null && intrinsic !== undefined && style.overflow === 'visible' ? borderBoxWidths(style, intrinsic()).min : 0;
    let content = keyword ?? (fromRatio !== null ? Math.max(fromRatio, ratioFloor) - bp : specified === 'auto' ? available - bp : contentSize(specified, style, bp));
    const min = keywordContent(style.minWidthKeyword, keywords, available, bp) ?? (style.minWidth === 'auto' ? 0 : contentSize(resolveLength(style.minWidth, cb), style, bp));
    const max = keywordContent(style.maxWidthKeyword, keywords, available, bp) ?? (style.maxWidth === 'none' ? null : contentSize(resolveLength(style.maxWidth, cb), style, bp));
    content = clamp(content, min, max);
    borderBox = content + bp;
    if (specified !== 'auto' || keyword !== null || fromRatio !== null || max !== null && content === max || min > 0 && content === min) {
      const free = cb - borderBox - marginLeft - marginRight;
      if (free < 0) {
        // Over-constrained (CSS 2.1 §10.3.3): auto margins are zero and the end margin gives way
        // (the left one right to left: the box overflows on the left).
        if (flowDirection(style, space) === 'rtl') marginLeft = free + marginLeft;
        else marginRight = free + marginRight;
      } else if (legacyAlignShift(style, free, space.containerAlign) > 0) {
        const shift = legacyAlignShift(style, free, space.containerAlign);
        marginLeft += shift;
        marginRight += free - shift;
      } else if (style.marginLeft === 'auto' && style.marginRight === 'auto') {
        marginLeft = marginRight = free / 2;
      } else if (style.marginLeft === 'auto') {
        marginLeft = free + marginLeft;
      } else if (style.marginRight === 'auto' || flowDirection(style, space) === 'ltr') {
        marginRight = free + marginRight;
      } else {
        marginLeft = free + marginLeft;
      }
    }
  }
  return { x: space.x + marginLeft, width: borderBox, border, padding, marginLeft, marginRight };
}

function layoutBlockContainer(
  box: BlockBox, ctx: LayoutContext, space: FlowSpace, resume: Resume | null, incoming: MarginState,
  marker: Box | null, isRoot: boolean,
): BlockResult {
  const floatRoot = box.newFormattingContext || isRoot || isMulticol(box);
  if (!floatRoot) return layoutPositioned(box, ctx, space, resume, incoming, marker, isRoot);
  const floats = floatStack(ctx);
  floats.push(new FloatContext());
  try {
    return layoutPositioned(box, ctx, space, resume, incoming, marker, isRoot);
  } finally {
    floats.pop();
  }
}

function layoutPositioned(
  box: BlockBox, ctx: LayoutContext, space: FlowSpace, resume: Resume | null, incoming: MarginState,
  marker: Box | null, isRoot: boolean,
): BlockResult {
  // Most boxes contain no absolutely positioned boxes: straight to the flow, two stack frames fewer
  // for each level of nesting (the builder allows 512).
  if (!containsAbsolutes(box, ctx, isRoot)) return layoutFlow(box, ctx, space, resume, incoming, marker, isRoot);
  return containingAbsolutes(box, ctx, space, isRoot, resume === null, () => layoutFlow(box, ctx, space, resume, incoming, marker, isRoot));
}

/** Whether a box is the containing block of the absolutely positioned boxes inside it. */
function containsAbsolutes(box: Box, ctx: LayoutContext, isRoot: boolean): boolean {
  // The root's entry stands for the initial containing block (it also collects fixed boxes).
  const initial = isRoot && absoluteStack(ctx).length === 0;
  // A transformed box contains absolutely positioned descendants too (CSS Transforms 1 §2; decision 0155).
  return box.style.position !== 'static' || hasTransform(box.style) || containsLayout(box.style.contain) || initial;
}

/** Runs `layout`; a positioned box (or the root) then places the absolutely positioned boxes it contains, whatever its display. */
/** The root's first fragment and the first page's area: Chromium prints the initial containing block as the first page's area. */
const FIRST_PAGES = cacheSlot<Box, { readonly fragment: BoxFragment; readonly page: Rect; readonly bottom: number }>('first pages');

/**
 * The first fragment of a positioned box split over pages, and the page it is on: Chromium places
 * the boxes it contains by `top` against its first fragment, wherever in it they are met.
 */
const FIRST_FRAGMENTS = cacheSlot<Box, { readonly fragment: BoxFragment; readonly page: number; readonly bottom: number }>('first fragments');

/**
 * Page roots already given to a page sink (painted): a box added to one later (an absolutely
 * positioned box the first page takes) marks it late, and the document is laid out again whole.
 */
export const SEALED_PAGES = cacheSlot<BoxFragment, { late: boolean }>('sealed pages');

function containingAbsolutes(box: Box, ctx: LayoutContext, space: FlowSpace, isRoot: boolean, first: boolean, layout: () => BlockResult): BlockResult {
  if (!containsAbsolutes(box, ctx, isRoot)) return layout();
  const initial = isRoot && absoluteStack(ctx).length === 0;
  const stack = absoluteStack(ctx);
  const entries: AbsoluteEntry[] = [];
  if (hasTransform(box.style) || containsLayout(box.style.contain)) transformedContainers.add(entries);
  stack.push(entries);
  let result: BlockResult;
  try {
    result = layout();
  } finally {
    stack.pop();
  }
  const fixed = fixedBoxesOf(ctx);
  if (fixed && box === fixed.root) entries.push(...fixed.entries(space));
  if (result.fragment && initial && first) {
    const f = result.fragment;
    documentCache(ctx, FIRST_PAGES).set(box, { fragment: f, page: initialBlock(space, f), bottom: space.bottom });
  }
  const pageNow = currentPage(ctx);
  if (result.fragment && first && !initial && result.next !== null && pageNow !== null && space.bottom !== UNPAGINATED && !inColumns(ctx)) {
    documentCache(ctx, FIRST_FRAGMENTS).set(box, { fragment: result.fragment, page: pageNow, bottom: space.bottom });
  }
  if (result.fragment && entries.length > 0) {
    const f = result.fragment;
    const page = initialBlock(space, f);
    const padding = paddingRect(f);
    for (const entry of lastRegistrations(entries)) {
      // Chromium prints boxes whose containing block is the initial one against the first page's area;
      // one placed by `top` or `bottom` lands on the first page, wherever it is in the flow (decision 0125).
      const againstPage = initial && (entry.box.style.position === 'fixed' || box.style.position === 'static');
      const onFirst = againstPage && entry.box.style.position === 'absolute' && (entry.box.style.top !== 'auto' || entry.box.style.bottom !== 'auto') ? documentCache(ctx, FIRST_PAGES).get(box) : undefined;
      // Met in a later fragment of a box split over pages, a box placed by `top` goes against its first.
      const early = !first && !initial && entry.box.style.position === 'absolute' && entry.box.style.top !== 'auto' ? documentCache(ctx, FIRST_FRAGMENTS).get(box) : undefined;
      const target = onFirst?.fragment ?? early?.fragment ?? f;
      const laidOut = layoutAbsolute(entry, onFirst?.page ?? (againstPage ? page : early ? paddingRect(early.fragment) : padding), ctx);
      const tracked = fixed?.tracks(entry.box) === true;
      const placedPage = tracked || entry.box.style.position !== 'absolute' ? null : onFirst ? 0 : early?.page ?? pageNow;
      const placed = laidOut && tracked ? fixed!.printed(entry.box, laidOut)
        : laidOut && placedPage !== null && space.bottom !== UNPAGINATED && !inColumns(ctx) ? breakAbsolute(entry.box, laidOut, placedPage, onFirst?.bottom ?? early?.bottom ?? space.bottom, ctx)
          : laidOut;
      // Painted in z-index order by paint/stacking.ts, wherever they sit among the children.
      if (placed) target.children.push(placed);
      const sealed = placed && onFirst ? documentCache(ctx, SEALED_PAGES).get(target) : placed && early ? pageSeal(ctx, early.page) : undefined;
      if (sealed) sealed.late = true;
    }
  }
  return result;
}

function paddingRect(f: BoxFragment): Rect {
  return { x: f.x + f.border.left, y: f.y + f.border.top, width: f.width - f.border.left - f.border.right, height: f.height - f.border.top - f.border.bottom };
}

/**
 * The initial containing block on a page: at the page area's corner, as large as the viewport
 * Chromium prints with (the space between the margins rounded down, where the page area is
 * rounded up; decisions 0148, 0340), or the page area where no viewport is given.
 */
function initialBlock(space: FlowSpace, root: BoxFragment): Rect {
  const [width, height] = space.initialSize ?? [space.width, space.bottom === UNPAGINATED ? root.height : space.bottom - space.y];
  return { x: space.x, y: space.y, width, height };
}

/**
 * What a box's layout adds to the context around it (floats placed in the formatting context it
 * is in, absolutely positioned boxes registered with their containing blocks), as marks to go
 * back to before laying the box out again.
 */
export interface LayoutMarks {
  readonly floats: number;
  readonly absolutes: readonly number[];
}

/** Contexts laying a box out a second time (its end edge did not fit, or it clips its content). */
const relayingOut = new WeakSet<LayoutContext>();

/** Whether a box is being laid out a second time: boxes inside it are not laid out again themselves. */
export function isLayingOutAgain(ctx: LayoutContext): boolean {
  return relayingOut.has(ctx);
}

export function layingOutAgain(ctx: LayoutContext, layout: () => BlockResult): BlockResult {
  if (relayingOut.has(ctx)) return layout();
  relayingOut.add(ctx);
  try {
    return layout();
  } finally {
    relayingOut.delete(ctx);
  }
}

export function layoutMarks(ctx: LayoutContext): LayoutMarks {
  return { floats: currentFloats(ctx)?.count ?? 0, absolutes: absoluteStack(ctx).map((entries) => entries.length) };
}

export function backToMarks(ctx: LayoutContext, marks: LayoutMarks): void {
  currentFloats(ctx)?.truncate(marks.floats);
  const stack = absoluteStack(ctx);
  for (let i = 0; i < stack.length && i < marks.absolutes.length; i++) stack[i].length = Math.min(stack[i].length, marks.absolutes[i]);
}

/**
 * `endLimit`: null on a first layout; when the box is laid out again because its bottom padding and
 * border did not fit, the y its content must end above (Infinity: as first laid out, no retry).
 * `edgeOnNext`: its content all placed, its bottom padding and border go on to the next page.
 */
function layoutFlow(
  box: BlockBox, ctx: LayoutContext, space: FlowSpace, resume: Resume | null, incoming: MarginState,
  marker: Box | null, isRoot: boolean, endLimit: number | null = null, edgeOnNext = false,
): BlockResult {
  if (isMulticol(box)) return layoutMulticol(box, ctx, space, resume, incoming);
  const style = box.style;
  const h = horizontal(style, space, hasWidthKeyword(style) || style.aspectRatio !== null ? () => contentIntrinsicWidths(box, ctx) : undefined);
  const continuing = resume !== null;
  // Whether floats of its content still to go on at the next page go to its container's flow, which
  // takes them (a block's children do), rather than in its own resume token: not when they are its
  // own, in a formatting context it is the root of.
  const handsFloatsUp = space.takesFloats === true && !box.newFormattingContext && !isRoot;
  // Floats of this box's content that go on at the next page's top, in its container's flow (decision 0410).
  let handedUp: readonly PendingFloat[] | null = null;
  const border = continuing && style.boxDecorationBreak !== 'clone' ? edgesWith(h.border, { top: 0 }) : h.border;
  const padding = continuing && style.boxDecorationBreak !== 'clone' ? edgesWith(h.padding, { top: 0 }) : h.padding;
  const contentX = h.x + border.left + padding.left;
  const contentWidth = Math.max(0, h.width - border.left - border.right - padding.left - padding.right);
  const cb = space.width;
  // A box whose end edge may not fit on this page may be laid out again (below): where to go back to.
  const clipsFixedHeight = style.overflow !== 'visible' && typeof style.height === 'number';
  // Boxes laid out inside such a second layout are not laid out again themselves: the time stays
  // linear in the nesting, where retries within retries would double it at every level.
  const marks = endLimit === null && space.bottom !== UNPAGINATED && !relayingOut.has(ctx)
    && (padding.bottom + border.bottom > 0 && style.boxDecorationBreak !== 'clone' && !space.carriesEndEdge || clipsFixedHeight)
    ? layoutMarks(ctx) : null;

  const truncated = space.atPageTop && space.truncateTopMargin === true;
  let margins = continuing || truncated ? NO_MARGINS : addMargin(incoming, marginValue(style.marginTop, cb), (style.marginQuirk & 1) !== 0);
  const separatedTop = border.top > 0 || padding.top > 0 || box.newFormattingContext || isRoot || continuing;
  let top: number | null = null;
  let cursor = space.y;
  if (separatedTop) {
    top = space.y + collapsed(margins);
    margins = NO_MARGINS;
    cursor = top + border.top + padding.top;
    if (space.openTop) settleUnsettledFloats(space.openTop, top, space.bottom);
  }
  const quirkyContainer = isQuirkyContainer(box);
  if (quirkyContainer && !continuing) margins = { pos: margins.pos, neg: margins.neg, quirky: margins.quirky, quirkyStart: true };
  // A percentage height needs a definite containing block height, else it behaves as auto.
  const heightFromStyle = space.forcedHeight !== undefined ? null
    : typeof style.height === 'object' && space.cbHeight === undefined ? 'auto' : resolveAuto(style.height, space.cbHeight ?? 0);
  // `aspect-ratio` with an auto height: the height the width gives (in box-sizing terms). A box that
  // clips keeps it; one whose content overflows grows to hold it (min-height: auto, CSS Sizing 4 §5).
  const ratioHeight = heightFromStyle === 'auto' && style.aspectRatio !== null
    ? (style.boxSizing === 'border-box' ? h.width : contentWidth) / style.aspectRatio.ratio : null;
  const specifiedHeight = ratioHeight !== null && style.overflow !== 'visible' ? ratioHeight : heightFromStyle;
  const heightIsFixed = typeof specifiedHeight === 'number' || space.forcedHeight !== undefined;
  const bpYOwn = h.border.top + h.border.bottom + h.padding.top + h.padding.bottom;
  const definiteHeight = space.forcedHeight !== undefined ? Math.max(0, space.forcedHeight - bpYOwn)
    : typeof specifiedHeight === 'number' ? contentSize(specifiedHeight, style, bpYOwn) : undefined;
  // What the children's percentage heights resolve against.
  const ratioContentHeight = ratioHeight === null ? undefined : contentSize(ratioHeight, style, bpYOwn);
  const childCbHeight = definiteHeight ?? ratioContentHeight ?? quirkyPercentageBase(box, style, space, isRoot, bpYOwn);
  // A fixed height runs on across pages as Chromium fragments it: each fragment takes what room
  // the page has, the next page the rest (decision 0163).
  // So does a height the box is given (a flexed column item's, decision 0386).
  const splitsHeight = heightIsFixed && space.bottom !== UNPAGINATED && !avoidsBreakInside(style, ctx);
  const consumedBefore = resume?.kind === 'children' || resume?.kind === 'lines' ? resume.consumed ?? 0 : 0;
  const clonedBorderBox = style.boxSizing === 'border-box' && style.boxDecorationBreak === 'clone';
  let laidLines: LineFragment[] | null = null;

  const children: Fragment[] = [];
  let next: Resume | null = null;
  let placedSomething = false;
  // The last thing placed was the end of a line or replaced element sliced across pages (decision 0409).
  let endedSlice = false;
  // A forced break after the last in-flow child is one after this box (CSS Fragmentation 3 §3.1).
  let lastBreakAfter = false;
  let resolvedTop: number | null = top;
  const atTop = (): boolean => space.atPageTop && !placedSomething;
  // Floats placed while this box's top edge is open (its own chain, or its container's it shares).
  let ownUnsettled: UnsettledFloats | null = null;
  const unsettled = (): UnsettledFloats | null => {
    const floats = top === null ? currentFloats(ctx) : null;
    if (!floats) return null;
    if (space.openTop?.floats === floats) return space.openTop;
    return ownUnsettled ??= openUnsettledFloats(floats);
  };
  const settle = (y: number, final = true): void => {
    const chain = space.openTop ?? ownUnsettled;
    if (chain) settleUnsettledFloats(chain, y, pageBottom, final);
  };
  // With box-decoration-break: clone every fragment keeps its bottom edge: reserve room for it.
  const pageBottom = style.boxDecorationBreak === 'clone' && space.bottom !== UNPAGINATED
    ? space.bottom - border.bottom - padding.bottom : space.bottom;
  const contentBottom = endLimit === null ? pageBottom : Math.min(pageBottom, endLimit);

  if (box.inlineContent) {
    // Where the first line goes: the content top (below a top border and padding), else past the margins.
    const firstLineTop = top === null ? cursor + collapsed(margins) : cursor;
    // Lines holding only floats leave the margins open; others settle them where they start.
    if (top === null) settle(firstLineTop, false);
    const linesResume = resume?.kind === 'lines' ? resume : null;
    const sliced = linesResume?.sliced ?? 0;
    const restLine = linesResume !== null && sliced === 0 ? linesResume.lines[linesResume.index] : undefined;
    const restLineStart = restLine === undefined ? undefined : lineStart(restLine, ctx);
    // Floats placed already, on the lines before (a float beside a line's end starts where the next
    // line does) or on the pages before: the lines broken again here do not place them again.
    const placedBefore = linesResume === null ? NO_BOXES : new Set<Box>(linesResume.placedFloats);
    for (let i = 0; linesResume !== null && i < linesResume.index; i++) for (const { fragment } of lineFloats(linesResume.lines[i] as LineFragment)) placedBefore.add(fragment.box);
    // Floats of the lines cut at the end of the page before or moved from it, and those under the
    // last line placed there (they start before this page's first line), go on first, at this
    // page's top (decision 0410).
    const under = restLine === undefined || restLineStart === undefined ? NO_PENDING_FLOATS
      : [...lineFloats(restLine)].filter(({ fragment }) => !placedBefore.has(fragment.box)).map(({ fragment }): PendingFloat => ({ box: fragment.box, key: 'u', resume: null }));
    const carriedIn = linesResume === null ? NO_PENDING_FLOATS : [...linesResume.floats ?? [], ...under];
    for (const float of carriedIn) placedBefore.add(float.box);
    const floats = currentFloats(ctx) ?? (carriedIn.length > 0 ? new FloatContext() : null);
    const carried = placeCarriedFloats(carriedIn, ctx, floats, contentX, contentWidth, firstLineTop, childCbHeight, contentBottom);
    // Going on on a page of another width, or beside floats already on this page, the rest of the
    // paragraph is broken again here.
    const restStart = restLine !== undefined && (linesResume!.width !== undefined && Math.abs(linesResume!.width - contentWidth) > 0.01 || floats !== null && !floats.empty)
      ? restLineStart : undefined;
    const floatMark = floats?.count ?? 0;
    // Floats moved whole to the next page (the first that did not fit, and those after it), with
    // where each is in the text: the lines are laid out again without them.
    // (Made when a float first moves: most paragraphs meet none.)
    let moved: Set<Box> | null = null;
    let pushed: Map<Box, number> | null = null;
    // Whether the lines carry floats: laid out here, they do when they met one; resumed, they may.
    let withFloats = linesResume !== null;
    const layOut = (from: number | undefined): LineFragment[] => {
      pushed?.clear();
      let met = false;
      const leaveOut: LeaveOut = (float, at) => {
        withFloats = true;
        if (placedBefore.has(float)) return true;
        met ||= moved?.has(float) === true;
        if (met) (pushed ??= new Map()).set(float, at);
        return met;
      };
      return from === undefined
        ? linesAmongFloats(box, ctx, floats, contentX, contentWidth, firstLineTop, box.marker ?? marker, childCbHeight, undefined, leaveOut)
        : linesAmongFloats(box, ctx, floats, contentX, contentWidth, firstLineTop, null, childCbHeight, { offset: from, y: 0 }, leaveOut);
    };
    // Where lines laid out again start in the text (undefined: at its start); null when they cannot be.
    let relayFrom: { readonly at: number | undefined } | null;
    let lines: LineFragment[];
    let startIndex = 0;
    if (restStart !== undefined) {
      lines = layOut(restStart);
      relayFrom = { at: restStart };
    } else if (linesResume !== null) {
      lines = linesResume.lines;
      startIndex = linesResume.index;
      const at = sliced === 0 && startIndex < lines.length ? lineStart(lines[startIndex] as LineFragment, ctx) : undefined;
      relayFrom = at === undefined ? null : { at };
    } else {
      lines = layOut(undefined);
      relayFrom = FROM_START;
    }
    // Where the lines start, their margins resolved: the lines laid out again start there too.
    let linesTop: number | null = null;
    const cursorMark = cursor;
    const placedMark = placedSomething;
    const mayMoveFirst = !(space.atPageTop && !placedMark);
    for (;;) {
      laidLines = lines;
      if (lines.length > 0 && startIndex === 0 && lines.every(isCarrierLine)) {
        // Only floats or absolutely positioned boxes, no line box: the margins collapse on through.
        for (const line of lines) {
          translate(line, contentX - line.x, firstLineTop);
          children.push(line);
        }
      } else if (lines.length > 0) {
        if (top === null) {
          top = cursor + collapsed(margins);
          resolvedTop = top;
          margins = NO_MARGINS;
          cursor = top;
          settle(top);
        }
        linesTop ??= cursor;
        let index = startIndex;
        let slicedHere = false;
        for (; index < lines.length; index++) {
          // The rest of a line sliced at the end of the page before: a copy of it (the original is on that page), as much higher as that page showed of it.
          const line = index === startIndex && sliced > 0 ? cloneFragment(lines[index] as LineFragment) as LineFragment : lines[index] as LineFragment;
          const lineTop = index === startIndex ? cursor - sliced : cursor;
          if (lineTop + line.height > contentBottom + 0.01 && !(atTop() && index === startIndex)) break;
          translate(line, contentX - line.x, lineTop - line.y);
          children.push(line);
          cursor = lineTop + line.height;
          placedSomething = true;
          // A line of images taller than the page goes on at the top of the next, as Chromium prints it (decision 0409).
          if (cursor > contentBottom + 0.01 && contentBottom !== UNPAGINATED && !holdsText(line)) {
            next = { kind: 'lines', lines, index, width: contentWidth, sliced: contentBottom - lineTop };
            cursor = contentBottom;
            slicedHere = true;
            break;
          }
        }
        endedSlice = sliced > 0 && !slicedHere && index === lines.length && startIndex === lines.length - 1;
        if (index < lines.length && !slicedHere) {
          // Orphans and widows: move the break up so that both sides keep enough lines.
          // Widows move the break up, but never below `orphans` lines (Chromium keeps the orphans
          // and lets the widow go where it cannot have both).
          let split = index;
          if (((endLimit !== null && endLimit < pageBottom) || space.earlierBreakAtStart === true) && index > startIndex) {
            // Laid out again for its own end edge (its lines fit, its bottom padding and border do
            // not), or for an ancestor's with nothing of the ancestor before it (no break before the
            // paragraph inside the box whose edge is moved): Chromium breaks at the last place
            // between its lines that keeps both orphans and widows, or, with none, before the last
            // line that fits; the paragraph is not pushed whole (decision 0455).
            split = lastBreakKeeping(startIndex, index, lines.length, style) ?? index;
          } else {
            if (lines.length - split < style.widows) split = Math.min(index, Math.max(startIndex + style.orphans, lines.length - style.widows));
            if (split - startIndex < style.orphans) split = startIndex;
            // Looking for an earlier break for an ancestor's end edge, Chromium takes the break before
            // the paragraph over one inside it that gives up its widows (its early-break search
            // prefers the break that violates nothing).
            if (space.earlierBreak === true && lines.length - split < style.widows && startIndex === 0) split = startIndex;
          }
          if (split <= startIndex) {
            if (!space.atPageTop) return pushWhole(incoming, space);
            split = Math.max(index, startIndex + 1);
          }
          children.splice(split - startIndex);
          const last = children[children.length - 1] as LineFragment;
          cursor = last.y + last.height;
          next = { kind: 'lines', lines, index: split, width: contentWidth };
        }
      }
      // A float of these lines that cannot be cut at the page's end moves whole to the next page,
      // and the lines are laid out again without it, as Chromium prints it (decision 0410).
      const slicing = sliced > 0 || next?.kind === 'lines' && next.sliced !== undefined;
      const moving = withFloats && relayFrom !== null && !slicing && contentBottom !== UNPAGINATED && !inColumns(ctx)
        ? floatToMove(children as LineFragment[], ctx, contentBottom, contentWidth, childCbHeight, mayMoveFirst) : null;
      if (moving === null || relayFrom === null || moved?.has(moving)) break;
      (moved ??= new Set()).add(moving);
      children.length = 0;
      cursor = linesTop ?? cursorMark;
      placedSomething = placedMark;
      next = null;
      floats?.truncate(floatMark);
      lines = layOut(relayFrom.at);
      startIndex = 0;
    }
    if (style.textOverflow === 'ellipsis' && style.overflow !== 'visible') ellipsizeOverflowingLines(children, contentX, contentX + contentWidth, style, ctx);
    placeLinesOutOfFlow(children as LineFragment[], ctx, startIndex > 0 ? floats : null, contentWidth);
    const restAt = next?.kind === 'lines' && next.index < lines.length ? lineStart(lines[next.index] as LineFragment, ctx) ?? Infinity : Infinity;
    const goingOn = !withFloats && carried.pending.length === 0 ? NO_PENDING_FLOATS : [
      ...carried.pending,
      ...(inColumns(ctx) ? [] : cutFloatsAtPageEnd(children as LineFragment[], ctx, contentBottom, contentWidth, childCbHeight, mayMoveFirst)),
      ...[...(pushed as Map<Box, number> | null) ?? []].filter(([, at]) => at < restAt).map(([float, at]): PendingFloat => ({ box: float, key: `t${at}`, resume: null })),
    ];
    if (carried.fragments.length > 0) children.unshift(...carried.fragments);
    if (next?.kind === 'lines' && (withFloats || placedBefore.size > 0)) {
      const placed = new Set(placedBefore);
      for (const line of children) if (line.kind === 'line') for (const { fragment } of lineFloats(line)) placed.add(fragment.box);
      if (placed.size > 0) next = { ...next, placedFloats: placed };
    }
    if (goingOn.length > 0) {
      if (next?.kind === 'lines') next = { ...next, floats: goingOn };
      // A paragraph that ends here hands them to its container, whose flow goes on beside them;
      // one that is its own formatting context goes on to the next page for them.
      else if (handsFloatsUp) handedUp = inArea(goingOn, contentX, contentWidth);
      else next = { kind: 'lines', lines, index: lines.length, width: contentWidth, floats: goingOn };
    }
  } else {
    const childResume = resume?.kind === 'children' ? resume : null;
    let index = childResume ? childResume.index : 0;
    let innerResume: Resume | null = childResume ? childResume.child : null;
    // A list item's marker goes with its first line, on the page the item starts on, never again where it goes on.
    let pendingMarker: Box | null = childResume ? null : box.marker ?? marker;
    const placedChildren: { index: number; fragment: BoxFragment; cursor: number; margins: MarginState; space: FlowSpace }[] = [];
    // Floats cut at this page's end, or moved whole to the next page: the content after them goes
    // on here (what clears a moved float goes with it), they go on at the top of the next page.
    const pendingFloats: PendingFloat[] = [];
    const movedSides = new Set<'left' | 'right'>();
    const floatsHere = currentFloats(ctx);
    // Whether floats went on here from the page before: what clears them may then go to the next page.
    let resumedFloats = false;
    for (const pending of childResume?.floats ?? []) {
      if (!floatsHere) break;
      const placed = layoutFloatInFlow(pending.box, ctx, floatsHere, pending.area?.left ?? contentX, pending.area?.width ?? contentWidth, cursor + collapsed(margins), childCbHeight, contentBottom, pending.resume, false);
      if (placed.fragment) {
        children.push(placed.fragment);
        resumedFloats = true;
      }
      if (placed.next) pendingFloats.push({ ...pending, resume: placed.next });
    }
    const ownPage = style.page === 'auto' ? space.pageName ?? null : style.page;
    // The page name the content placed so far ends on (undefined: nothing placed yet).
    let previousPage: string | null | undefined;
    for (; index < box.children.length; index++) {
      const child = box.children[index];
      if (isAnchor(child) && innerResume === null) {
        children.push(anchorFragment(child, contentX, cursor + collapsed(margins)));
        continue;
      }
      // Siblings on differently named pages are separated by a forced break.
      const childPage = child.style.page === 'auto' ? ownPage : child.style.page;
      if (inFlow(child)) {
        if (previousPage !== undefined && startPageName(ctx, child, childPage) !== previousPage && placedSomething && innerResume === null && takesPageBreak(ctx, space.bottom)) {
          next = { kind: 'children', index: breakBeforeAnchors(box.children, index, children), child: null, forced: true };
          break;
        }
        previousPage = endPageName(ctx, child, childPage);
      }
      if (isOutOfFlow(child.style) && innerResume === null) {
        registerAbsolute(ctx, child, contentX, cursor + collapsed(margins));
        continue;
      }
      const floats = currentFloats(ctx);
      if (child.style.float !== 'none' && floats) {
        const side = child.style.float === 'right' ? 'right' : 'left';
        const chain = innerResume === null ? unsettled() : null;
        // Floats keep their order: one after a float moved to the next page goes there too.
        const placed = movedSides.size > 0 && innerResume === null ? { fragment: null, next: null, push: true }
          : layoutFloatInFlow(child, ctx, floats, contentX, contentWidth, cursor + collapsed(margins), childCbHeight, contentBottom, innerResume, placedSomething || !space.atPageTop);
        innerResume = null;
        if (chain) noteUnsettledFloat(chain, placed.fragment && !placed.next ? 'placeAgain' in placed ? placed.placeAgain : undefined : undefined, cursor + collapsed(margins));
        if (placed.push) {
          if (!placedSomething && children.length === 0) return pushWhole(incoming, space);
          pendingFloats.push({ box: child, key: `c${index}`, resume: null });
          movedSides.add(side);
          continue;
        }
        if (placed.fragment) children.push(placed.fragment);
        if (placed.next) pendingFloats.push({ box: child, key: `c${index}`, resume: placed.next });
        continue;
      }
      if (movedSides.size > 0 && innerResume === null && (child.style.clear === 'both' || movedSides.has(child.style.clear as 'left' | 'right'))) {
        next = { kind: 'children', index: breakBeforeAnchors(box.children, index, children), child: null };
        break;
      }
      if (innerResume === null && (forcesPageBreak(ctx, child.style.breakBefore) || isColumnBreak(ctx, child.style.breakBefore)) && takesPageBreak(ctx, space.bottom)) {
        if (placedSomething) {
          next = { kind: 'children', index: breakBeforeAnchors(box.children, index, children), child: null, forced: true };
          break;
        }
        // A forced break before the first child is a break before this box.
        if (!space.atPageTop && !continuing) return { ...pushWhole(incoming, space), forcedPush: true };
      }
      // Moved down by clearance below floats that went on from the page before, a child is not at the
      // page's top: its margin is not truncated, and it may go on to the next page.
      let cleared = false;
      if (floats && !floats.empty && child.style.clear !== 'none' && innerResume === null) {
        // Clearance (CSS 2.1 §9.5.2): only when the child's hypothetical top border edge, its
        // own top margin collapsed in, is not past the floats; it then puts that edge at their
        // bottom, the child's margin included rather than added below them.
        const below = floats.clearance(child.style.clear);
        // Floats cut at this page's end go on at the next page's top: what clears them goes there too.
        if (pendingFloats.length > 0 && below >= contentBottom - 0.01 && contentBottom !== UNPAGINATED) {
          next = { kind: 'children', index: breakBeforeAnchors(box.children, index, children), child: null };
          break;
        }
        const y0 = cursor + collapsed(margins);
        const own = topMarginThrough(child, contentWidth);
        if (below > cursor + collapsed(joinMargins(margins, own))) {
          if (top === null) {
            top = y0;
            resolvedTop = top;
            settle(top);
          }
          cursor = below - collapsed(own);
          margins = NO_MARGINS;
          cleared = true;
        }
      }
      let childX = contentX;
      let childWidth = contentWidth;
      if (floats && !floats.empty && establishesOwnContext(child)) {
        // Formatting-context roots sit beside floats rather than under them; one whose width does
        // not fit beside them goes down past them until it does (CSS 2.1 §9.5), as clearance moves a box.
        let b = floats.band(cursor + collapsed(margins), 1, contentX, contentX + contentWidth);
        const needed = child.kind === 'replaced' ? replacedOuterWidth(child, contentWidth, childCbHeight) : definiteOuterWidth(child.style, contentWidth);
        while (needed !== null && needed > b.right - b.left + 0.01 && b.below !== undefined && Number.isFinite(b.below)) {
          const own = marginValue(child.style.marginTop, contentWidth);
          if (top === null) {
            top = cursor + collapsed(margins);
            resolvedTop = top;
            settle(top);
          }
          cursor = b.below - own;
          margins = NO_MARGINS;
          b = floats.band(b.below, 1, contentX, contentX + contentWidth);
        }
        childX = b.left;
        childWidth = b.right - b.left;
      }
      // Looking for an earlier break, a child going on from the page before is laid out as it was:
      // Chromium takes no break inside it for this box's end edge (decision 0428).
      const searched = !(innerResume !== null && (endLimit !== null || space.earlierBreak === true));
      const openTop = innerResume === null ? unsettled() : null;
      const childSpace: FlowSpace = {
        x: childX, y: cursor, width: childWidth, bottom: searched ? contentBottom : pageBottom, atPageTop: atTop() && !(cleared && resumedFloats), takesFloats: true,
        ...(searched && (space.earlierBreak === true || (endLimit !== null && endLimit < pageBottom)) && { earlierBreak: true }),
        // Nothing of the box whose end edge is moved comes before this child: no break before it there.
        ...(searched && !placedSomething && children.length === 0 && (space.earlierBreakAtStart === true || (endLimit !== null && endLimit < pageBottom)) && { earlierBreakAtStart: true }),
        // A top border or padding stands between the children's margins and the break above, and
        // so does the start of an independent formatting context: Chromium keeps the top margin of
        // the first child of a flow-root, overflow or contained box starting at a page's top (one
        // going on from the page before truncates as others do; decision 0460).
        truncateTopMargin: space.truncateTopMargin && border.top === 0 && padding.top === 0 && (!box.newFormattingContext || isRoot || continuing),
        pageName: childPage,
        cbHeight: childCbHeight,
        containerAlign: style.textAlign,
        containerDirection: style.direction,
        ...(openTop && { openTop }),
      };
      const markerInside = pendingMarker !== null && markerGoesInside(child);
      let markerShift = 0;
      const result = layoutBlockLevel(child, ctx, childSpace, innerResume, margins, markerInside ? pendingMarker : null);
      innerResume = null;
      if (!result.fragment) {
        if (!placedSomething && !space.atPageTop) return result.forcedPush ? { ...pushWhole(incoming, space), forcedPush: true } : pushWhole(incoming, space);
        // break-after/-before: avoid: take the earlier opportunity, before the previous sibling.
        const previous = placedChildren[placedChildren.length - 1];
        // With only that sibling placed here, the earlier opportunity is before this box: it moves whole.
        if (previous && previous.index === index - 1 && placedChildren.length === 1 && children.length === 1 && !space.atPageTop && !continuing
          && avoidsBreakBetween(box.children[index - 1], child)) {
          // Unless that sibling breaks inside, at its last opportunity (a heading's block ::before
          // stays, its text goes on): Chromium takes the last break that is not avoided.
          const sibling = box.children[previous.index]!;
          const limit = lastLineTop(previous.fragment) + 0.01;
          const split = sibling.kind === 'block' && limit > previous.cursor ? layoutBlockLevel(sibling, ctx, { ...previous.space, bottom: limit }, null, previous.margins, null) : null;
          if (split?.fragment && split.next !== null && !split.breakAfter && split.fragment.y + split.fragment.height <= limit) {
            if (sibling.style.position === 'relative') offsetRelative(split.fragment, sibling.style, contentWidth, definiteHeight);
            children.splice(0, 1, split.fragment);
            placedChildren.splice(0, 1, { ...previous, fragment: split.fragment });
            cursor = split.bottom;
            margins = split.margins;
            next = { kind: 'children', index: previous.index, child: split.next };
            break;
          }
          return pushWhole(incoming, space);
        }
        if (previous && previous.index === index - 1 && placedChildren.length > 1 && avoidsBreakBetween(box.children[index - 1], child)) {
          // Back past a chain of avoided breaks too (a heading, its subheading, then the text), as
          // Chromium takes the last opportunity that is not avoided; the first child placed stays.
          let k = placedChildren.length - 1;
          while (k > 1 && placedChildren[k - 1]!.index === placedChildren[k]!.index - 1
            && avoidsBreakBetween(box.children[placedChildren[k]!.index - 1]!, box.children[placedChildren[k]!.index]!)) k--;
          const first = placedChildren[k]!;
          for (const moved of placedChildren.splice(k)) children.splice(children.indexOf(moved.fragment), 1);
          cursor = first.cursor;
          margins = first.margins;
          next = { kind: 'children', index: first.index, child: null };
          break;
        }
        next = { kind: 'children', index: breakBeforeAnchors(box.children, index, children), child: null, ...(result.forcedPush && { forced: true }) };
        break;
      }
      placedChildren.push({ index, fragment: result.fragment, cursor, margins, space: childSpace });
      if (top === null && result.resolvedTop !== null) {
        // An empty child that collapsed through resolved nothing: the margins travel on.
        top = result.resolvedTop;
        resolvedTop = top;
        settle(top);
      }
      if (child.style.position === 'relative') offsetRelative(result.fragment, child.style, contentWidth, definiteHeight);
      children.push(result.fragment);
      if (pendingMarker !== null) {
        if (markerInside && holdsMarker(result.fragment, pendingMarker)) {
          pendingMarker = null;
        } else {
          // A child with a baseline takes the marker: the list item places it beside the child, on
          // that baseline; a block between them hands it back up to the list item (a nested list
          // item keeps its own marker for its first line, so the outer one goes beside it).
          const baseline = markerInside ? firstBaseline(result.fragment) : markerBaseline(result.fragment);
          if (baseline !== null && pendingMarker === box.marker) {
            // Above the content box's top, the marker pushes the content down (as in Blink).
            const contentTop = resolvedTop === null ? null : resolvedTop + border.top + padding.top;
            const line = markerLine(box, ctx, contentWidth, pendingMarker, contentX, baseline);
            const above = contentTop === null || continuing ? 0 : contentTop - line.y;
            if (above > 0) {
              for (const placed of children) translate(placed, 0, above);
              translate(line, 0, above);
              markerShift = above;
            }
            children.push(line);
          }
          if (baseline !== null) pendingMarker = null;
        }
      }
      for (const float of result.floats ?? []) {
        pendingFloats.push(float);
        if (float.resume === null) movedSides.add(float.box.style.float === 'right' ? 'right' : 'left');
      }
      // After the last part of a sliced replaced element, the page is as good as empty.
      endedSlice = result.endsSlice === true;
      placedSomething = !endedSlice;
      cursor = result.bottom + markerShift;
      margins = result.margins;
      if (result.next) {
        next = { kind: 'children', index, child: result.next };
        break;
      }
      lastBreakAfter = (result.breakAfter || isForcedBreak(child.style.breakAfter)) && !inColumns(ctx);
      if (index + 1 < box.children.length && (lastBreakAfter || isColumnBreak(ctx, child.style.breakAfter)) && takesPageBreak(ctx, space.bottom)) {
        next = { kind: 'children', index: index + 1, child: null, forced: true };
        margins = NO_MARGINS;
        break;
      }
    }
    if (pendingFloats.length > 0 && next === null && handsFloatsUp) {
      // Its children all fit on this page: its container's flow goes on beside them (decision 0410).
      handedUp = inArea(pendingFloats, contentX, contentWidth);
    } else if (pendingFloats.length > 0) {
      // The block goes on to the next page for them, even when its children all fit on this one.
      next = next?.kind === 'children' ? { ...next, floats: pendingFloats } : { kind: 'children', index: box.children.length, child: null, floats: pendingFloats };
    }
    if (pendingMarker && box.marker && !continuing && next === null) {
      // A list item with no baseline at all still shows its marker, on a line of its own height at
      // its content's top, which grows to hold it (as in Chromium).
      if (top === null) {
        top = cursor + collapsed(margins);
        resolvedTop = top;
        margins = NO_MARGINS;
        cursor = top;
        settle(top);
      }
      const contentTop = top + border.top + padding.top;
      const line = markerLine(box, ctx, contentWidth, pendingMarker, contentX, null);
      translate(line, 0, contentTop - line.y);
      children.push(line);
      cursor = Math.max(cursor, contentTop + line.height);
    }
  }

  // A formatting-context root grows to contain its floats: to the lower of its floats' bottom and
  // its last child's bottom margin edge (that margin, which does not collapse through it, then
  // ends where the floats do rather than below them).
  if (box.newFormattingContext || isRoot) {
    const floats = currentFloats(ctx);
    if (floats && !floats.empty && !next) {
      const floatBottom = floats.bottom();
      if (floatBottom > cursor) {
        if (top === null) {
          top = cursor + collapsed(margins);
          resolvedTop = top;
          margins = NO_MARGINS;
          settle(top);
        }
        if (floatBottom > cursor + collapsed(margins)) {
          cursor = floatBottom;
          margins = NO_MARGINS;
        }
      }
    }
  }

  // Bottom edge.
  let bottomBorder = next && style.boxDecorationBreak !== 'clone' ? 0 : border.bottom;
  let bottomPadding = next && style.boxDecorationBreak !== 'clone' ? 0 : padding.bottom;
  const separatedBottom = bottomBorder > 0 || bottomPadding > 0 || box.newFormattingContext || isRoot || heightIsFixed || next !== null;
  if (top === null) {
    // Nothing resolved the incoming margins: the box is empty and its margins collapse through
    // unless something separates them.
    if (separatedBottom || specifiedHeight !== 'auto' && specifiedHeight !== null && specifiedHeight > 0 || (heightLimit(style.minHeight, space.cbHeight) ?? 0) > 0 || (ratioContentHeight ?? 0) > 0) {
      top = cursor + collapsed(margins);
      margins = NO_MARGINS;
      cursor = top + border.top + padding.top;
      resolvedTop = top;
      settle(top);
    } else {
      // A box that owns its chain sits where its own margins end: as if it had a bottom border.
      if (ownUnsettled) settleUnsettledFloats(ownUnsettled, cursor + collapsed(margins), pageBottom);
      const through = addMargin(margins, marginValue(style.marginBottom, cb), (style.marginQuirk & 2) !== 0);
      // A collapsed-through box sits where its top margin ends (CSS 2.1 §8.3.1).
      const fragment = emptyFragment(box, style, h.x, cursor + collapsed(margins), h.width, border, padding, continuing, children);
      return { fragment, next: null, margins: through, bottom: cursor, resolvedTop: null, breakAfter: isForcedBreak(style.breakAfter) || lastBreakAfter, ...(handedUp !== null && { floats: handedUp }) };
    }
  }
  const contentTop = top + border.top + padding.top;
  if (separatedBottom) {
    // A quirky container's end drops the quirky margins of its last children.
    if (!next) cursor += quirkyContainer ? margins.pos + margins.neg : collapsed(margins);
    margins = NO_MARGINS;
  }
  if (style.lineClamp !== null) cursor = clampLines(children, style.lineClamp, style, ctx) ?? cursor;
  let contentHeight = Math.max(0, cursor - contentTop);
  const naturalContentHeight = contentHeight;
  const bpY = border.top + border.bottom + padding.top + padding.bottom;
  if (space.forcedHeight !== undefined) {
    contentHeight = Math.max(contentHeight, space.forcedHeight - bpY - consumedBefore);
  } else if (typeof specifiedHeight === 'number' && (!continuing || splitsHeight || space.bottom === UNPAGINATED && consumedBefore > 0)) {
    // (Unpaginated, the rest of a split box, as a float's is measured before it is placed.)
    // What is shared out is the box box-sizing names: with cloned edges and border-box sizing, the
    // fragments' border boxes add up to the height (each repeats its edges inside it), as in Chromium.
    contentHeight = clonedBorderBox ? Math.max(0, specifiedHeight - consumedBefore - bpY) : Math.max(0, contentSize(specifiedHeight, style, bpYOwn) - consumedBefore);
  }
  const endsHere = contentTop + contentHeight + padding.bottom + border.bottom <= space.bottom + 0.01;
  // A box that ends on this page and clips its content holds it whole, as Chromium prints it: laid
  // out unbroken, what runs past the box is clipped away.
  if (splitsHeight && next !== null && endsHere && style.overflow !== 'visible') {
    if (marks) {
      backToMarks(ctx, marks);
      return layingOutAgain(ctx, () => layoutFlow(box, ctx, { ...space, bottom: UNPAGINATED }, resume, incoming, marker, isRoot, Infinity));
    }
    next = null;
    bottomBorder = border.bottom;
    bottomPadding = padding.bottom;
  }
  // Where a box whose content is all placed resumes when its height runs on to the next page.
  const allPlaced = (): Resume => {
    const floatsOn = handedUp !== null ? { floats: handedUp } : {};
    return laidLines ? { kind: 'lines', lines: laidLines, index: laidLines.length, width: contentWidth, ...floatsOn } : { kind: 'children', index: box.children.length, child: null, ...floatsOn };
  };
  if (splitsHeight && (next !== null || !endsHere)) {
    // With box-decoration-break: clone the bottom edge repeats on this page too (contentBottom keeps room for it).
    const room = Math.max(0, contentBottom - contentTop);
    const used = Math.min(room, contentHeight);
    // A height with all its content placed is no place for the earlier break an ancestor's end edge looks for.
    if (next === null && space.earlierBreak === true) return pushWhole(incoming, space);
    if (next === null && used <= 0.01) {
      // Not even the top of it fits: it starts on the next page.
      if (!space.atPageTop) return pushWhole(incoming, space);
    } else {
      contentHeight = used;
      next = { ...(next ?? allPlaced()), consumed: consumedBefore + used + (clonedBorderBox ? bpY : 0) } as Resume;
      bottomBorder = style.boxDecorationBreak !== 'clone' ? 0 : border.bottom;
      bottomPadding = style.boxDecorationBreak !== 'clone' ? 0 : padding.bottom;
    }
  }
  const minPx = heightLimit(style.minHeight, space.cbHeight);
  const maxPx = heightLimit(style.maxHeight, space.cbHeight);
  // A box split across pages counts its earlier fragments against min-height and max-height, as
  // Chromium does: what is left of them applies to this fragment.
  const limitEdges = continuing ? bpYOwn : bpY;
  const maxLeft = maxPx === null ? null : Math.max(0, contentSize(maxPx, style, limitEdges) - consumedBefore);
  if (next && maxLeft !== null && !splitsHeight && style.overflow !== 'visible' && space.bottom !== UNPAGINATED && contentBottom - contentTop >= maxLeft - 0.01) {
    // Its max-height ends it on this page: the rest of its content is clipped away.
    next = null;
    bottomBorder = border.bottom;
    bottomPadding = padding.bottom;
  }
  if (!next) {
    const min = Math.max(minPx === null ? 0 : contentSize(minPx, style, limitEdges), ratioContentHeight ?? 0) - consumedBefore;
    const grown = clamp(contentHeight, Math.max(0, min), maxLeft);
    // A min-height that takes the box past the page's end runs on across pages as a fixed height
    // does (Chromium 156: `body { min-height: 100vh }` with its margin prints a second page).
    if (grown > contentHeight + 0.01 && !splitsHeight && space.bottom !== UNPAGINATED && contentTop + grown + padding.bottom + border.bottom > space.bottom + 0.01 && !avoidsBreakInside(style, ctx)) {
      const room = Math.min(grown, Math.max(0, contentBottom - contentTop));
      if (room <= 0.01 && !space.atPageTop && !placedSomething) return pushWhole(incoming, space);
      next = { ...allPlaced(), consumed: consumedBefore + room } as Resume;
      contentHeight = room;
      bottomBorder = style.boxDecorationBreak !== 'clone' ? 0 : border.bottom;
      bottomPadding = style.boxDecorationBreak !== 'clone' ? 0 : padding.bottom;
    } else {
      contentHeight = grown;
    }
  } else if (!splitsHeight && (minPx !== null || maxPx !== null) && space.bottom !== UNPAGINATED) {
    // The fragment fills the page down to the break: that much of the limits is used.
    next = { ...next, consumed: consumedBefore + Math.max(0, contentBottom - contentTop) } as Resume;
  }
  if (edgeOnNext && next === null && space.bottom !== UNPAGINATED) {
    next = allPlaced();
    bottomBorder = 0;
    bottomPadding = 0;
  }
  // align-content on a block container moves its content down in a taller box (CSS Align 3, section 5.1).
  const alignShift = !next && !continuing && style.display !== 'table-cell' ? blockContentShift(style.alignContent, contentHeight - naturalContentHeight) : 0;
  if (alignShift > 0) for (const child of children) translate(child, 0, alignShift);
  let height = contentHeight + border.top + padding.top + bottomPadding + bottomBorder;
  if (next && space.bottom !== UNPAGINATED && !splitsHeight) {
    // A box split by a page break fills the page down to the break (one of fixed height takes what it has left).
    height = Math.max(height, space.bottom - top);
  }
  const fragment: BoxFragment = {
    kind: 'box', box, style, x: h.x, y: top, width: h.width, height, border: edgesWith(border, { bottom: bottomBorder }),
    padding: edgesWith(padding, { bottom: bottomPadding }), hasTop: !continuing || style.boxDecorationBreak === 'clone', hasBottom: next === null || style.boxDecorationBreak === 'clone', children,
  };
  const boxBottom = top + height;
  // A box that cannot break inside (a fixed height, break-inside: avoid, or nothing in flow to
  // break between, as an <hr>) goes to the next page whole when its border box does not fit.
  if (!next && boxBottom > space.bottom + 0.01 && !space.atPageTop && (heightIsFixed || avoidsBreakInside(style, ctx) || inFlowBottom(children) === null)) {
    return pushWhole(incoming, space);
  }
  if (next && avoidsBreakInside(style, ctx) && !space.atPageTop) {
    return pushWhole(incoming, space);
  }
  const lastBottom = marks && !next && !heightIsFixed && boxBottom > space.bottom + 0.01 ? inFlowBottom(children) : null;
  if (lastBottom !== null && lastBottom <= space.bottom + 0.01) {
    // The content fits and the bottom padding and border do not: as Chromium fragments, the box
    // breaks at its last break opportunity instead, so that the content after it goes on with
    // them to the next page (or the box goes there whole).
    backToMarks(ctx, marks!);
    const again = layingOutAgain(ctx, () => layoutFlow(box, ctx, space, resume, incoming, marker, isRoot, lastBottom - 0.05));
    if (again.fragment === null ? !space.atPageTop : again.next !== null && inFlowBottom(again.fragment.children) !== null) return again;
    // No earlier break: the content stays as it was and the end edge goes on alone to the next page
    // (decision 0428).
    backToMarks(ctx, marks!);
    return layingOutAgain(ctx, () => layoutFlow(box, ctx, space, resume, incoming, marker, isRoot, Infinity, true));
  }
  const outMargins = separatedBottom || next ? NO_MARGINS : margins;
  // Ending with the end of a slice, nothing between it and what follows: that is laid out as at the page's top, its bottom margin gone.
  const endsSlice = endedSlice && next === null && bottomPadding === 0 && bottomBorder === 0;
  const finalMargins = next || endsSlice ? NO_MARGINS : addMargin(outMargins, marginValue(style.marginBottom, cb), (style.marginQuirk & 2) !== 0);
  return {
    fragment, next, margins: finalMargins, bottom: boxBottom, resolvedTop, breakAfter: isForcedBreak(style.breakAfter) || next === null && lastBreakAfter,
    ...(endsSlice && { endsSlice }), ...(handedUp !== null && next === null && { floats: handedUp }),
  };
}

/** The last break between lines `from` and `to` (a split index in (from, to]) that leaves `orphans` lines before it and `widows` after it, of `count`. */
function lastBreakKeeping(from: number, to: number, count: number, style: ComputedStyle): number | null {
  for (let split = to; split > from; split--) if (split - from >= style.orphans && count - split >= style.widows) return split;
  return null;
}

/**
 * How far `align-content` moves a block container's content down into `free` px below it: centred
 * (space-around and space-evenly fall back to it), or to the end; never up when the content
 * overflows (the safe alignment Chromium applies to blocks). Normal, start, stretch and
 * space-between keep the content at the top.
 */
function blockContentShift(alignContent: string, free: number): number {
  if (!(free > 0.01)) return 0;
  const value = alignContent.replace(/^(safe|unsafe) /, '');
  if (value === 'center' || value === 'space-around' || value === 'space-evenly') return free / 2;
  if (value === 'end' || value === 'flex-end') return free;
  return 0;
}

/**
 * A min-height or max-height in px: a length, or a percentage of the containing block's height when
 * that is definite; null for `auto`, `none`, or a percentage of an indefinite height (CSS 2.1 §10.7).
 */
function heightLimit(value: ComputedStyle['minHeight'] | ComputedStyle['maxHeight'], cbHeight: number | undefined): number | null {
  if (value === 'auto' || value === 'none') return null;
  if (typeof value === 'number') return value;
  return cbHeight === undefined ? null : resolveLength(value, cbHeight);
}

/**
 * In quirks mode, what the children of a block of auto height resolve percentage heights against
 * (quirks.spec.whatwg.org §3.5, as Blink does it): such a block is skipped, so they resolve against
 * the nearest ancestor of definite height, and the root and the body, which fill the page area in
 * quirks mode, give what the page area leaves inside their margins, borders and padding. Positioned
 * blocks are not skipped; table cells, flex and grid containers are not laid out here.
 */
function quirkyPercentageBase(box: BlockBox, style: ComputedStyle, space: FlowSpace, isRoot: boolean, bpY: number): number | undefined {
  if (style.quirksMode !== 'quirks' || style.height !== 'auto' || space.cbHeight === undefined) return undefined;
  if (style.position === 'absolute' || style.position === 'fixed') return undefined;
  if (!isRoot && !isBodyBox(box)) return space.cbHeight;
  const margins = marginValue(style.marginTop, space.width) + marginValue(style.marginBottom, space.width);
  return Math.max(0, space.cbHeight - margins - bpY);
}

function isBodyBox(box: BlockBox): boolean {
  const element = box.element;
  return element !== null && box.pseudo === null && element.name === 'body' && element.parent !== null && 'name' in element.parent && element.parent.name === 'html';
}

/** A line holding only a list item's marker, at its content's left, on `baseline` (or at y 0). */
function markerLine(box: BlockBox, ctx: LayoutContext, contentWidth: number, marker: Box, contentX: number, baseline: number | null): LineFragment {
  const line = layoutLines({ ...box, children: [], inlineContent: true }, ctx, contentWidth, marker).lines[0]!;
  translate(line, contentX - line.x, baseline === null ? -line.y : baseline - line.baseline);
  return line;
}

/**
 * The bottom of the last in-flow piece of content among a box's fragments, as deep as it goes
 * (the last line of the last paragraph, a table's last row), null when none.
 */
export function inFlowBottom(children: readonly Fragment[]): number | null {
  for (let i = children.length - 1; i >= 0; i--) {
    const child = children[i];
    if (child.kind === 'line') return child.y + child.height;
    if (child.kind === 'box' && child.style.float === 'none' && child.style.position !== 'absolute' && child.style.position !== 'fixed') {
      // A table breaks between its rows: its last row is its last piece.
      if (child.box.kind === 'table-row') return child.y + child.height;
      const inner = inFlowBottom(child.children);
      if (inner === null) return child.y + child.height;
      // Content a box clips (a list box's rows past its height) ends at most at its border box.
      return child.style.overflow !== 'visible' ? Math.min(inner, child.y + child.height) : inner;
    }
  }
  return null;
}

function emptyFragment(box: Box, style: ComputedStyle, x: number, y: number, width: number, border: BoxFragment['border'], padding: BoxFragment['padding'], continuing: boolean, children: Fragment[]): BoxFragment {
  // Empty children keep their zero-height fragments (link targets, ids).
  return { kind: 'box', box, style, x, y, width, height: 0, border, padding, hasTop: !continuing, hasBottom: true, children };
}

/** A form control (a field, a text area, a select): monolithic, as Chromium prints them (CSS Fragmentation 3 §4.1). */
function isFormControl(box: Box): boolean {
  return box.kind !== 'text' && box.intrinsicWidth !== undefined;
}

/**
 * A monolithic box below a page's top laid out whole: on this page, or on the next when its border
 * box does not fit, never split between its lines or its height. (At a page's top, one taller than
 * the page is sliced over pages, as Chromium slices it: the usual layout.)
 */
function layoutMonolithic(box: Box, ctx: LayoutContext, space: FlowSpace, margins: MarginState, marker: Box | null, isRoot: boolean): BlockResult {
  const whole = layoutBlockLevelBox(box, ctx, { ...space, bottom: UNPAGINATED, earlierBreak: false }, null, margins, marker, isRoot);
  return whole.fragment !== null && whole.bottom > space.bottom + 0.01 ? pushWhole(margins, space) : whole;
}

function pushWhole(incoming: MarginState, space: FlowSpace): BlockResult {
  return { fragment: null, next: null, margins: incoming, bottom: space.y, resolvedTop: null, breakAfter: false };
}

/** Whether a line shows any text, in inline-blocks too (a copy on the next page would put it in the text layer twice). */
function holdsText(fragment: Fragment): boolean {
  if (fragment.kind === 'text') return fragment.text.trim() !== '';
  return 'children' in fragment && (fragment.children as readonly Fragment[]).some(holdsText);
}

/**
 * A block-level replaced element. One taller than a whole page is sliced as Chromium prints it: it
 * starts at the top of a page, goes on at the top of the next with the part the page before could
 * not hold (the page area clips each part), and what follows it comes after its end there.
 */
function layoutReplacedBlock(box: Extract<Box, { kind: 'replaced' }>, space: FlowSpace, incoming: MarginState, resume: Resume | null): BlockResult {
  const style = box.style;
  const cb = space.width;
  const consumed = resume?.kind === 'slice' ? resume.consumed : 0;
  const margins = consumed > 0 || space.atPageTop && space.truncateTopMargin ? NO_MARGINS : addMargin(incoming, marginValue(style.marginTop, cb));
  const top = space.y + collapsed(margins) - consumed;
  // A percentage height resolves against a definite containing block height (an absolutely
  // positioned image's `height: 100%` in an aspect-ratio box's padding, Bulma's `.image.is-16by9`).
  const cbHeight = space.cbHeight ?? null;
  const probe = layoutReplaced(box, cb, 0, 0, cbHeight);
  let marginLeft = marginValue(style.marginLeft, cb);
  const free = cb - probe.width - marginLeft - marginValue(style.marginRight, cb);
  // Over-constrained (free < 0, CSS 2.1 §10.3.3): auto margins are zero.
  if (free > 0 && style.marginLeft === 'auto' && style.marginRight === 'auto') marginLeft = free / 2;
  else if (free > 0 && style.marginLeft === 'auto') marginLeft += free;
  else if (flowDirection(style, space) === 'rtl' && (free < 0 || style.marginRight !== 'auto')) marginLeft += free;
  else marginLeft += legacyAlignShift(style, free, space.containerAlign);
  const fragment = layoutReplaced(box, cb, space.x + marginLeft, top, cbHeight);
  const runsPast = space.bottom !== UNPAGINATED && top + fragment.height > space.bottom + 0.01;
  if (runsPast && !space.atPageTop && consumed === 0) return pushWhole(incoming, space);
  const wrapper: BoxFragment = {
    kind: 'box', box, style, x: fragment.x, y: top, width: fragment.width, height: fragment.height,
    border: { top: 0, right: 0, bottom: 0, left: 0 }, padding: { top: 0, right: 0, bottom: 0, left: 0 }, hasTop: consumed === 0, hasBottom: !runsPast, children: [fragment],
  };
  if (runsPast) return { fragment: wrapper, next: { kind: 'slice', consumed: space.bottom - top }, margins: NO_MARGINS, bottom: space.bottom, resolvedTop: top + consumed, breakAfter: false };
  return {
    fragment: wrapper, next: null, margins: consumed > 0 ? NO_MARGINS : addMargin(NO_MARGINS, marginValue(style.marginBottom, cb)),
    bottom: top + fragment.height, resolvedTop: top + consumed, breakAfter: isForcedBreak(style.breakAfter), ...(consumed > 0 && { endsSlice: true }),
  };
}

function layoutTableBlock(box: TableBox, ctx: LayoutContext, space: FlowSpace, resume: Resume | null, incoming: MarginState): BlockResult {
  const style = box.style;
  const cb = space.width;
  const margins = resume || space.atPageTop && space.truncateTopMargin ? NO_MARGINS : addMargin(incoming, marginValue(style.marginTop, cb));
  const top = space.y + collapsed(margins);
  const result = layoutTable(box, ctx, { ...space, y: top }, resume?.kind === 'table' ? resume.state : null);
  if (!result.fragment) return pushWhole(incoming, space);
  return {
    fragment: result.fragment,
    next: result.next === null ? null : { kind: 'table', state: result.next },
    margins: result.next ? NO_MARGINS : addMargin(NO_MARGINS, marginValue(style.marginBottom, cb)),
    bottom: result.fragment.y + result.fragment.height,
    resolvedTop: top,
    breakAfter: isForcedBreak(style.breakAfter),
  };
}

/** The content width an intrinsic keyword gives in `available` px (border boxes), or null without one. */
function keywordContent(keyword: IntrinsicSizeKeyword | null, widths: IntrinsicWidths | null, available: number, bp: number): number | null {
  return keyword === null || widths === null ? null : keywordWidth(keyword, widths, available) - bp;
}

/** `intrinsicWidths` (margin boxes) as border boxes: less the margins they counted. */
function borderBoxWidths(style: ComputedStyle, widths: IntrinsicWidths): IntrinsicWidths {
  const margins = marginValue(style.marginLeft, 0) + marginValue(style.marginRight, 0);
  return { min: widths.min - margins, max: widths.max - margins };
}

/** Min-content and max-content widths of a box's margin box (for shrink-to-fit and tables). */
export function intrinsicWidths(box: Box, ctx: LayoutContext): { min: number; max: number } {
  return boxIntrinsicWidths(box, ctx, false);
}

/**
 * The min- and max-content widths of a box's margin box from its content alone, whatever its own
 * width, min-width and max-width say: what intrinsic width keywords on the box refer to.
 */
export function contentIntrinsicWidths(box: Box, ctx: LayoutContext): { min: number; max: number } {
  return boxIntrinsicWidths(box, ctx, true);
}

/**
 * Intrinsic widths by box, per document (one entry per kind: of the box, of its content alone),
 * valid while the box keeps its children. Measuring a box measures its whole subtree, and shrink-
 * to-fit layout at every level of nested inline-blocks or inline tables asks again: without them
 * each level measured the next two or more times, exponential in the depth.
 */
const INTRINSIC_WIDTHS = cacheSlot<Box, { readonly children: readonly Box[] | undefined; box?: IntrinsicWidths; content?: IntrinsicWidths }>('intrinsic widths', { boxKeyed: true });

function boxIntrinsicWidths(box: Box, ctx: LayoutContext, contentOnly: boolean): { min: number; max: number } {
  const cache = documentCache(ctx, INTRINSIC_WIDTHS);
  let entry = cache.get(box);
  const children = 'children' in box ? box.children : undefined;
  if (entry === undefined || entry.children !== children) {
    entry = { children };
    cache.set(box, entry);
  }
  const known = contentOnly ? entry.content : entry.box;
  if (known !== undefined) return known;
  enterBox(ctx);
  try {
    // In layout units, rounded up as Blink rounds text's widths up: a box as wide as its content
    // then has room for it, and a percentage of that width loses nothing (decision 0395).
    const exact = measureIntrinsicWidths(box, ctx, contentOnly);
    const measured = { min: layoutUnitsUp(exact.min), max: layoutUnitsUp(exact.max) };
    if (contentOnly) entry.content = measured;
    else entry.box = measured;
    return measured;
  } finally {
    leaveBox(ctx);
  }
}

function measureIntrinsicWidths(box: Box, ctx: LayoutContext, contentOnly: boolean): { min: number; max: number } {
  const style = box.style;
  const border = borderEdges(style);
  const padding = paddingEdges(style, 0);
  const bp = border.left + border.right + padding.left + padding.right;
  const margins = marginValue(style.marginLeft, 0) + marginValue(style.marginRight, 0);
  if (typeof style.width === 'number' && !contentOnly) {
    const w = contentSize(style.width, style, bp) + bp + margins;
    return { min: w, max: w };
  }
  // An auto width that aspect-ratio gives from a definite height, never below the content's min-content.
  const fromRatio = contentOnly || box.kind === 'replaced' ? null : aspectRatioWidth(style, 0, undefined);
  if (fromRatio !== null) {
    const w = Math.max(fromRatio, contentIntrinsicWidths(box, ctx).min - margins) + margins;
    return { min: w, max: w };
  }
  // A form control sized by its attributes, with a percentage width (CSS Sizing 3 §5.2.2).
  if (box.intrinsicWidth !== undefined) return { min: bp + margins, max: box.intrinsicWidth + bp + margins };
  // A query container is sized as if empty in the inline axis (inline-size containment, CSS Contain 2 §3.1).
  if (style.containerType !== 'normal' && !contentOnly) return { min: bp + margins, max: bp + margins };
  let inner: { min: number; max: number };
  switch (box.kind) {
    case 'replaced': {
      if (isCompressibleReplaced(box)) {
        // Percentage-sized: nothing at min-content, its size without the percentages at max-content.
        const f = layoutAtomicInline(box, ctx, 0, true).fragment;
        inner = { min: 0, max: f.width - bp };
        break;
      }
      const f = layoutReplaced(box, 0, 0, 0);
      inner = { min: f.width - bp, max: f.width - bp };
      break;
    }
    case 'table': {
      inner = tableIntrinsicWidths(box, ctx);
      const keyword = contentOnly ? null : style.widthKeyword;
      if (keyword === 'min-content') inner = { min: inner.min, max: inner.min };
      else if (keyword === 'max-content') inner = { min: inner.max, max: inner.max };
      return { min: inner.min + margins, max: inner.max + margins };
    }
    case 'block':
      if (box.inlineContent) {
        inner = inlineIntrinsicWidths(box, ctx);
      } else {
        inner = { min: 0, max: 0 };
        // Floats share a line with what follows them: their widths add to its max-content, as in
        // Blink's ComputeMinMaxSizes (a floated icon before text, a float beside a block).
        let floats = 0;
        for (const child of box.children) {
          // Absolutely positioned children take no part (CSS Sizing 3 §5.2, as in Blink).
          if (isOutOfFlow(child.style)) continue;
          const c = intrinsicWidths(child, ctx);
          if (child.style.clear !== 'none') floats = 0;
          // (A float pulled out by a negative margin takes no room from what follows it.)
          inner = { min: Math.max(inner.min, c.min), max: Math.max(inner.max, Math.max(0, floats) + c.max) };
          floats = child.style.float !== 'none' && !isOutOfFlow(child.style) ? floats + c.max : 0;
        }
      }
      if (isMulticol(box)) inner = multicolIntrinsicWidths(box, ctx, inner);
      break;
    case 'grid':
      inner = gridIntrinsicWidths(box, ctx);
      break;
    case 'flex':
      inner = flexIntrinsicWidths(box, ctx);
      break;
    default:
      inner = { min: 0, max: 0 };
  }
  if (contentOnly) return { min: inner.min + bp + margins, max: inner.max + bp + margins };
  // A min-content width (or max-width) contributes its min-content width at max-content too, a
  // max-content width (or min-width) its max-content width at min-content.
  if (style.widthKeyword === 'min-content' || style.maxWidthKeyword === 'min-content') inner = { min: inner.min, max: inner.min };
  else if (style.widthKeyword === 'max-content' || style.minWidthKeyword === 'max-content') inner = { min: inner.max, max: inner.max };
  // min-width and max-width of the content box (box-sizing: border-box ones include border and padding).
  if (typeof style.minWidth === 'number') {
    const min = contentSize(style.minWidth, style, bp);
    inner = { min: Math.max(inner.min, min), max: Math.max(inner.max, min) };
  }
  if (typeof style.maxWidth === 'number') {
    const max = contentSize(style.maxWidth, style, bp);
    inner = { min: Math.min(inner.min, max), max: Math.min(inner.max, max) };
  }
  return { min: inner.min + bp + margins, max: inner.max + bp + margins };
}
