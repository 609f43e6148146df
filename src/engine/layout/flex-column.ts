// Flex layout, column direction: items sized along the height (grown or shrunk when the container's
// height is known), aligned across the width; pages break between items and inside an item.
import { anchoringStaticPositions } from './static-anchors.js';
import type { Box, FlexBox } from '../boxes/types.js';
import {
  backToMarks, holdingAbsolutes, inFlowBottom, intrinsicWidths, isForcedResume, isLayingOutAgain, layingOutAgain, layoutBlockLevel, layoutMarks, registerHeld, type AbsoluteEntry, UNPAGINATED, type BlockResult, type FlowSpace, type MarginState, type Resume,
} from './block.js';
import { clamp, contentSize, marginValue, resolveLength, type LayoutContext } from './context.js';
import { forcedBreakBetween, forcesBreakAfter, forcesBreakBefore, pageBreaksPassedOver, takesPageBreak } from './breaks.js';
import { closeContainer, openContainer, pushWhole, ratioContentHeight } from './container-box.js';
import { alignSelf, alignStaticAreas, clampedBase, isOutOfFlow, isScrollContainer, justify, registerOutOfFlow, resolveFlexible, type FlexSizing } from './flex-common.js';
import { translate, type BoxFragment, type Fragment } from './fragments.js';
import { keywordWidth, stretchableWidth } from './intrinsic-size.js';

/** An item placed in the column: cross position and width, space before it, its fragment laid out whole. */
interface ColumnItem {
  readonly box: Box;
  readonly x: number;
  readonly width: number;
  /** Used border-box height when flexing changed it, else undefined. */
  readonly forcedHeight: number | undefined;
  /** Space between the previous item's bottom margin edge (or the content top) and this item's top margin edge. */
  readonly before: number;
  /** The part of `before` that justify-content put there (not the gap, not the top margin). */
  readonly justified: number;
  readonly marginTop: number;
  readonly marginBottom: number;
  readonly fragment: BoxFragment;
  /** Whether it has a forced page break inside (passed over while measured): it then splits at it. */
  readonly forcedInside?: boolean;
  /** In a wrapping container: the item's fixed offset from the content top (laid out whole, not split). */
  readonly top?: number;
  /**
   * The positioned boxes met in `fragment`, registered where it is placed: a container split over
   * pages places it on a later page than the one it was measured on, or lays the item out again there.
   */
  readonly held: readonly AbsoluteEntry[];
}

/** Lays an item out unpaginated, the positioned boxes it meets held for where its fragment goes. */
function layoutHeld(child: Box, ctx: LayoutContext, space: FlowSpace): { fragment: BoxFragment; held: readonly AbsoluteEntry[] } {
  const { result, held } = holdingAbsolutes(ctx, () => anchoringStaticPositions(ctx, () => layoutBlockLevel(child, ctx, space, null, NO_MARGINS, null, true)));
  return { fragment: result.fragment!, held };
}

const NO_MARGINS: MarginState = { pos: 0, neg: 0 };

function toBorderBox(box: Box, value: number, bp: number): number {
  return box.style.boxSizing === 'border-box' ? value : value + bp;
}

/** The cross size (border-box width) of an item, or undefined when its own width decides. */
function crossSize(box: Box, ctx: LayoutContext, width: number, container: FlexBox, stretch = true): number | undefined {
  const style = box.style;
  const ml = marginValue(style.marginLeft, width);
  const mr = marginValue(style.marginRight, width);
  if (style.width !== 'auto') return undefined;
  const bpX = style.borderLeft.width + style.borderRight.width + resolveLength(style.paddingLeft, width) + resolveLength(style.paddingRight, width);
  const min = style.minWidth === 'auto' ? 0 : toBorderBox(box, resolveLength(style.minWidth, width), bpX);
  const max = style.maxWidth === 'none' ? null : toBorderBox(box, resolveLength(style.maxWidth, width), bpX);
  const autoMargins = style.marginLeft === 'auto' || style.marginRight === 'auto';
  if (stretch && alignSelf(style, container.style) === 'stretch' && !autoMargins && stretchableWidth(style)) return clamp(width - ml - mr, min, max);
  // Otherwise fit-content: the available width, but no wider than the max-content width nor
  // narrower than min-content (or what an intrinsic width keyword says).
  const intrinsic = intrinsicWidths(box, ctx);
  const fit = keywordWidth(style.widthKeyword ?? 'fit-content', intrinsic, width) - ml - mr;
  return clamp(fit, min, max);
}

function isContainer(box: Box): boolean {
  return box.kind === 'flex' || box.kind === 'grid';
}

/**
 * The height of a flex or grid item laid out with `height: auto`: its content's height. Laid out at
 * its own height, its items stretch to fill it, so its children say nothing of its content (a
 * `height: 100%` row in a column of fixed height shrinks to its content, not to nothing past it).
 */
function autoHeightOf(child: Box, ctx: LayoutContext, width: number, forcedWidth: number | undefined): number {
  const auto = { ...child, style: { ...child.style, height: 'auto' as const } } as Box;
  // A measure only: the positioned boxes it meets are not registered (its fragment is dropped).
  return holdingAbsolutes(ctx, () => layoutBlockLevel(auto, ctx, {
    x: 0, y: 0, width, bottom: UNPAGINATED, atPageTop: true, forcedWidth,
  }, null, NO_MARGINS, null, true)).result.fragment?.height ?? 0;
}

/** Lays an item out at its cross size, unpaginated: its fragment and main-axis sizes (CSS Flexbox §9.2–9.3). */
function measureItem(
  child: Box, ctx: LayoutContext, width: number, forcedWidth: number | undefined, height: number | null,
): { sizing: FlexSizing; fragment: BoxFragment; held: readonly AbsoluteEntry[]; forcedWidth: number | undefined } {
  const cs = child.style;
  const { fragment, held } = layoutHeld(child, ctx, { x: 0, y: 0, width, bottom: UNPAGINATED, atPageTop: true, forcedWidth, cbHeight: height ?? undefined });
  const bpY = fragment.border.top + fragment.border.bottom + fragment.padding.top + fragment.padding.bottom;
  const basis = cs.flexBasis;
  const contentEnd = Math.max(fragment.y + fragment.border.top + fragment.padding.top, ...fragment.children.map((c) => ('height' in c ? c.y + c.height : 0)))
    + fragment.padding.bottom + fragment.border.bottom - fragment.y;
  let base: number;
  if (basis !== 'auto' && basis !== 'content' && (typeof basis === 'number' || height !== null)) base = toBorderBox(child, resolveLength(basis, height ?? 0), bpY);
  // flex-basis: content is the content's height, whatever the item's own height says.
  else if (basis === 'content' && cs.height !== 'auto') base = contentEnd;
  else base = fragment.height;
  // Automatic minimum (CSS Flexbox §4.5): the content's height, capped by a specified height but
  // not by the flex basis: `flex: 1 1 0` items do not shrink below their content.
  const autoMin = isScrollContainer(cs) ? 0 : cs.height === 'auto' ? fragment.height
    : Math.min(fragment.height, isContainer(child) ? autoHeightOf(child, ctx, width, forcedWidth) : contentEnd);
  const min = typeof cs.minHeight === 'number' ? toBorderBox(child, cs.minHeight, bpY) : autoMin;
  const max = typeof cs.maxHeight === 'number' ? toBorderBox(child, cs.maxHeight, bpY) : Number.POSITIVE_INFINITY;
  const sizing: FlexSizing = {
    box: child, mainMargins: marginValue(cs.marginTop, width) + marginValue(cs.marginBottom, width),
    base: Math.max(base, bpY), min: Math.max(0, min, bpY), max: Math.max(max, bpY), main: base,
  };
  return { sizing, fragment, held, forcedWidth };
}

/**
 * A wrapping column container with a height limit: items break into columns by height, the columns
 * are as wide as their widest item and share the free width (align-content), then flex per column.
 */
function wrappedColumns(
  box: FlexBox, ctx: LayoutContext, ordered: readonly Box[], contentX: number, width: number, limit: number, gap: number, autoMin: number | null,
): { items: ColumnItem[]; height: number; flexes: boolean } {
  const style = box.style;
  const reverse = style.flexDirection === 'column-reverse';
  const columnGap = style.columnGap === 'normal' ? 0 : resolveLength(style.columnGap, width);
  const measured = ordered.map((child) => measureItem(child, ctx, width, crossSize(child, ctx, width, box, false), limit));
  const lines: (typeof measured)[] = [];
  let current: typeof measured = [];
  let used = 0;
  for (const m of measured) {
    const outer = clampedBase(m.sizing) + m.sizing.mainMargins;
    if (current.length > 0 && used + gap + outer > limit + 0.01) {
      lines.push(current);
      current = [];
      used = 0;
    }
    used += (current.length > 0 ? gap : 0) + outer;
    current.push(m);
  }
  if (current.length > 0) lines.push(current);
  const outerWidth = (m: (typeof measured)[number]): number => m.fragment.width + marginValue(m.sizing.box.style.marginLeft, width) + marginValue(m.sizing.box.style.marginRight, width);
  const crossSizes = lines.map((line) => Math.max(0, ...line.map(outerWidth)));
  const free = width - crossSizes.reduce((a, b) => a + b, 0) - columnGap * (lines.length - 1);
  const mode = style.alignContent.split(' ').pop() ?? 'normal';
  let offset = 0;
  let between = 0;
  if (mode === 'normal' || mode === 'stretch') {
    if (free > 0) for (let k = 0; k < crossSizes.length; k++) crossSizes[k] += free / lines.length;
  } else {
    ({ offset, between } = justify(mode, free, lines.length, false));
  }
  const items: ColumnItem[] = [];
  // Under a max-height only, the container is as tall as its tallest column.
  const mainSize = autoMin === null ? limit
    : Math.max(autoMin, ...lines.map((line) => line.reduce((s, m) => s + clampedBase(m.sizing) + m.sizing.mainMargins, 0) + gap * Math.max(0, line.length - 1)));
  let x = offset;
  const order = style.flexWrap === 'wrap-reverse' ? [...lines.keys()].reverse() : [...lines.keys()];
  for (const k of order) {
    const line = lines[k];
    const lineWidth = crossSizes[k];
    const gaps = gap * Math.max(0, line.length - 1);
    resolveFlexible(line.map((m) => m.sizing), mainSize - gaps);
    const usedMain = line.reduce((s, m) => s + m.sizing.main + m.sizing.mainMargins, 0) + gaps;
    const j = justify(style.justifyContent, mainSize - usedMain, line.length, reverse);
    let y = j.offset;
    for (const m of line) {
      const cs = m.sizing.box.style;
      const ml = marginValue(cs.marginLeft, width);
      const mr = marginValue(cs.marginRight, width);
      const align = alignSelf(cs, style);
      const stretch = align === 'stretch' && stretchableWidth(cs) && cs.marginLeft !== 'auto' && cs.marginRight !== 'auto';
      const forcedWidth = stretch ? lineWidth - ml - mr : m.forcedWidth;
      const forcedHeight = Math.abs(m.sizing.main - m.fragment.height) > 0.01 ? m.sizing.main : undefined;
      let { fragment, held } = m;
      if (stretch || forcedHeight !== undefined) {
        ({ fragment, held } = layoutHeld(m.sizing.box, ctx, { x: 0, y: 0, width: lineWidth, bottom: UNPAGINATED, atPageTop: true, forcedWidth, forcedHeight }));
        fragment.height = m.sizing.main;
      }
      const crossFree = lineWidth - fragment.width - ml - mr;
      let dx = ml;
      if (align === 'center') dx += crossFree / 2;
      else if (align === 'flex-end' || align === 'end' || align === 'self-end') dx += crossFree;
      const marginTop = marginValue(cs.marginTop, width);
      translate(fragment, contentX + x + dx - fragment.x, -fragment.y);
      items.push({
        box: m.sizing.box, x: contentX + x + dx, width: fragment.width, forcedHeight, before: 0, justified: 0, marginTop,
        marginBottom: marginValue(cs.marginBottom, width), fragment, held, top: y + marginTop,
      });
      y += marginTop + m.sizing.main + marginValue(cs.marginBottom, width) + gap + j.between;
    }
    x += lineWidth + columnGap + between;
  }
  return { items, height: mainSize, flexes: true };
}

/** Sizes and positions the items of a column container whose content box is `width` wide. */
function columnItems(box: FlexBox, ctx: LayoutContext, contentX: number, width: number, height: number | null, minHeight: number, maxHeight: number | null): { items: ColumnItem[]; height: number; flexes: boolean } {
  const style = box.style;
  const gap = style.rowGap === 'normal' ? 0 : resolveLength(style.rowGap, width);
  const reverse = style.flexDirection === 'column-reverse';
  const ordered = box.children.filter((c) => !isOutOfFlow(c)).sort((a, b) => a.style.order - b.style.order);
  if (reverse) ordered.reverse();
  if (style.flexWrap !== 'nowrap' && (height ?? maxHeight) !== null) return wrappedColumns(box, ctx, ordered, contentX, width, (height ?? maxHeight)!, gap, height === null ? minHeight : null);
  const forcedInside: boolean[] = [];
  const measured = ordered.map((child) => {
    const breaksBefore = pageBreaksPassedOver(ctx);
    const item = measureItem(child, ctx, width, crossSize(child, ctx, width, box), height);
    forcedInside.push(pageBreaksPassedOver(ctx) !== breaksBefore);
    return item;
  });
  const sizings = measured.map((m) => m.sizing);
  const gaps = gap * Math.max(0, measured.length - 1);
  const hypothetical = sizings.reduce((s, i) => s + clamp(i.base, i.min, i.max === Number.POSITIVE_INFINITY ? null : i.max) + i.mainMargins, 0) + gaps;
  const mainSize = height ?? clamp(hypothetical, minHeight, maxHeight);
  // Items flex when the container's height is known, or when its min/max height moves it off the items' sum.
  const flexes = height !== null || Math.abs(mainSize - hypothetical) > 0.01;
  if (flexes) resolveFlexible(sizings, mainSize - gaps);
  else for (const s of sizings) s.main = clamp(s.base, s.min, s.max === Number.POSITIVE_INFINITY ? null : s.max);
  const used = sizings.reduce((s, i) => s + i.main + i.mainMargins, 0) + gaps;
  let free = mainSize - used;
  // Auto margins along the column take the free space first; justify-content then has none left.
  const autoCount = ordered.reduce((n, c) => n + (c.style.marginTop === 'auto' ? 1 : 0) + (c.style.marginBottom === 'auto' ? 1 : 0), 0);
  const perAuto = autoCount > 0 && free > 0 ? free / autoCount : 0;
  if (autoCount > 0 && free > 0) free = 0;
  const { offset, between } = justify(style.justifyContent, free, measured.length, reverse);
  const items: ColumnItem[] = measured.map(({ sizing, fragment: first, held: firstHeld, forcedWidth }, k) => {
    const child = sizing.box;
    const cs = child.style;
    let fragment = first;
    let held = firstHeld;
    let forcedHeight: number | undefined;
    if (Math.abs(sizing.main - first.height) > 0.01) {
      forcedHeight = sizing.main;
      ({ fragment, held } = layoutHeld(child, ctx, { x: 0, y: 0, width, bottom: UNPAGINATED, atPageTop: true, forcedWidth, forcedHeight }));
      fragment.height = sizing.main;
    }
    const marginTop = cs.marginTop === 'auto' ? perAuto : marginValue(cs.marginTop, width);
    const marginBottom = cs.marginBottom === 'auto' ? perAuto : marginValue(cs.marginBottom, width);
    // Cross axis: auto margins, then align-self.
    const ml = marginValue(cs.marginLeft, width);
    const mr = marginValue(cs.marginRight, width);
    const crossFree = width - fragment.width - ml - mr;
    let x = ml;
    if (cs.marginLeft === 'auto' && cs.marginRight === 'auto') x = ml + Math.max(0, crossFree) / 2;
    else if (cs.marginLeft === 'auto') x = ml + Math.max(0, crossFree);
    else if (cs.marginRight !== 'auto') {
      const align = alignSelf(cs, style);
      if (align === 'center') x = ml + crossFree / 2;
      else if (align === 'flex-end' || align === 'end' || align === 'self-end' || align === 'right') x = ml + crossFree;
    }
    translate(fragment, contentX + x - fragment.x, -fragment.y);
    return {
      box: child, x: contentX + x, width: fragment.width, forcedHeight, before: (k === 0 ? offset : between + gap) + marginTop, justified: k === 0 ? offset : between,
      marginTop, marginBottom, fragment, held, forcedInside: forcedInside[k],
    };
  });
  return { items, height: mainSize, flexes };
}

interface ColumnState {
  readonly items: readonly ColumnItem[];
  readonly height: number | null;
  /** Whether the items were flexed against a height (not only stacked at their own sizes). */
  readonly flexes: boolean;
}

/**
 * Lays out a column flex container; items that do not fit split or move to the next page. One whose
 * items fit on the page but whose bottom padding and border do not is laid out again with its items
 * ending above where they ended, so that it breaks at its last break opportunity, before or inside
 * its last item, as a block does (decisions 0185 and 0428) and as Chromium breaks a Bootstrap card.
 */
export function layoutFlexColumn(box: FlexBox, ctx: LayoutContext, space: FlowSpace, resume: Resume | null, incoming: MarginState): BlockResult {
  const style = box.style;
  const edge = style.borderBottom.width + (typeof style.paddingBottom === 'number' ? style.paddingBottom : 1);
  const marks = space.bottom !== UNPAGINATED && edge > 0 && style.height === 'auto' && space.forcedHeight === undefined && style.boxDecorationBreak !== 'clone' && !space.carriesEndEdge && !isLayingOutAgain(ctx) ? layoutMarks(ctx) : null;
  const first = layoutColumn(box, ctx, space, resume, incoming, null);
  if (marks === null || first.next !== null || first.fragment === null || first.bottom <= space.bottom + 0.01) return first;
  const lastBottom = inFlowBottom(first.fragment.children);
  if (lastBottom === null || lastBottom > space.bottom + 0.01) return first;
  backToMarks(ctx, marks);
  const again = layingOutAgain(ctx, () => layoutColumn(box, ctx, space, resume, incoming, lastBottom - 0.05));
  // Only its top border and padding left here is a break Chromium takes too (a card's items all go
  // on), but not at a page's top, where it would make no progress.
  if (again.fragment === null ? !space.atPageTop : again.next !== null && (!space.atPageTop || inFlowBottom(again.fragment.children) !== null)) return again;
  backToMarks(ctx, marks);
  return layingOutAgain(ctx, () => layoutColumn(box, ctx, space, resume, incoming, null));
}

/** `endLimit`: where the items must end above, laid out again for the container's end edge; null on a first layout. */
function layoutColumn(box: FlexBox, ctx: LayoutContext, space: FlowSpace, resume: Resume | null, incoming: MarginState, endLimit: number | null): BlockResult {
  const style = box.style;
  const frame = openContainer(box, ctx, space, resume, incoming);
  const { h, continuing, cb, top, border, padding, contentX, contentWidth, bpY } = frame;
  const specified = typeof style.height === 'number' ? style.height
    : typeof style.height === 'object' && space.cbHeight !== undefined ? resolveLength(style.height, space.cbHeight) : null;
  const minHeight = Math.max(typeof style.minHeight === 'number' ? contentSize(style.minHeight, style, bpY) : 0, ratioContentHeight(style, space, frame));
  const maxHeight = typeof style.maxHeight === 'number' ? contentSize(style.maxHeight, style, bpY) : null;
  const definite = space.forcedHeight !== undefined ? Math.max(0, space.forcedHeight - bpY)
    : specified !== null ? clamp(contentSize(specified, style, bpY), minHeight, maxHeight) : null;
  const state: ColumnState = resume?.kind === 'flex'
    ? { items: resume.lines as ColumnItem[], height: null, flexes: false }
    : (() => {
      const built = columnItems(box, ctx, contentX, contentWidth, definite, minHeight, maxHeight);
      return { items: built.items, height: built.height, flexes: built.flexes };
    })();
  const startIndex = resume?.kind === 'flex' ? resume.index : 0;
  // A container whose items grew keeps the height flexing gave it across pages, as Chromium
  // fragments it: each fragment takes the room its page has, the last one what is left, and items
  // pushed on by a break overflow it rather than make it taller (decision 0359). Items that could
  // grow but had no height to grow into (a Bootstrap card of auto height) leave it growing with them.
  // A container of specified height keeps it too, whatever its items did (one stretched to its
  // line's height grows with what a break pushes on, as the items' own height would).
  const total = resume?.kind === 'flex' ? resume.total
    : state.height !== null && (specified !== null && space.forcedHeight === undefined || state.flexes && state.items.some((item) => item.box.style.flexGrow > 0)) ? state.height : undefined;
  const consumedBefore = resume?.kind === 'flex' ? resume.consumed ?? 0 : 0;
  let token: Resume | null = resume?.kind === 'flex' ? resume.child ?? null : null;
  const contentTop = top + border.top + padding.top;
  // A forced break before the first item is a break before the container.
  if (!continuing && !space.atPageTop && state.items.length > 0 && forcesBreakBefore(state.items.slice(0, 1)) && takesPageBreak(ctx, space.bottom)) return pushWhole(space, incoming);
  // A fresh container below the page's top may yet move whole after placing items: what placing
  // them registered (positioned boxes) is then forgotten.
  // Only in a block's flow (probed there): not as a flex or grid item, which breaks beside its
  // siblings in their line or row.
  const startMarks = !continuing && !space.atPageTop && space.bottom !== UNPAGINATED && endLimit === null && space.forcedWidth === undefined
    ? layoutMarks(ctx) : null;
  const outOfFlow = continuing ? [] : registerOutOfFlow(box, ctx, contentX, contentTop);
  const children: Fragment[] = [];
  let y = contentTop;
  let index = startIndex;
  let next: Resume | null = null;
  for (; index < state.items.length; index++) {
    const item = state.items[index];
    // The items' fragments are laid out once and placed again on each attempt at this page (a
    // retry for an ancestor's end edge moves the tree they were placed in): placed at their x too.
    if (item.top !== undefined) {
      translate(item.fragment, item.x - item.fragment.x, contentTop + item.top - item.fragment.y);
      children.push(item.fragment);
      registerHeld(ctx, item.held);
      y = Math.max(y, contentTop + item.top + item.fragment.height);
      continue;
    }
    const first = children.length === 0;
    // Forced breaks between items (break-before on this one, break-after on the previous one).
    if (!first && token === null && forcedBreakBetween([state.items[index - 1]], [item]) && takesPageBreak(ctx, space.bottom)) {
      next = { kind: 'flex', lines: state.items, index, child: null, forced: true };
      break;
    }
    // After a break the item starts at the page's top (the gap before it dropped), below what of the
    // space justify-content put before it went past the page's end.
    const resumed = continuing && index === startIndex && token === null;
    const carried = resumed && resume?.kind === 'flex' ? resume.carried ?? 0 : 0;
    const justified = resumed ? carried : item.justified;
    // After an unforced break its top margin is truncated, as Chromium truncates it (kept after a forced one).
    const truncatesMargin = resumed && carried === 0 && space.atPageTop && space.truncateTopMargin === true;
    const itemTop = token !== null ? y : y + justified + (resumed && carried === 0 ? (truncatesMargin ? 0 : item.marginTop) : item.before - item.justified);
    // An item that starts past the page's end, put there by justify-content, goes on to the next page
    // as far below its top as it was below this page's end (as Chromium fragments the container).
    if (token === null && space.bottom !== UNPAGINATED && itemTop >= space.bottom - 0.01 && y + justified > space.bottom + 0.01) {
      next = { kind: 'flex', lines: state.items, index, child: null, carried: y + justified - space.bottom };
      y = space.bottom;
      break;
    }
    // Laid out again for the end edge, items must end above the limit; one going on from the page
    // before is laid out as it was (decision 0428).
    const limit = endLimit !== null && token === null ? endLimit : space.bottom;
    if (token === null && !(item.forcedInside === true && space.bottom !== UNPAGINATED) && itemTop + item.fragment.height <= limit + 0.01) {
      translate(item.fragment, item.x - item.fragment.x, itemTop - item.fragment.y);
      children.push(item.fragment);
      registerHeld(ctx, item.held);
      y = itemTop + item.fragment.height + item.marginBottom;
      // An item that fits but for its bottom margin, which runs past the page's end: Chromium moves
      // the whole container to the next page rather than break after the item or truncate its
      // margin (as for a row's line, decision 0358).
      if (startMarks !== null && item.marginBottom > 0 && y > space.bottom + 0.01) {
        backToMarks(ctx, startMarks);
        return pushWhole(space, incoming);
      }
      continue;
    }
    const result = anchoringStaticPositions(ctx, () => layoutBlockLevel(item.box, ctx, {
      // A fresh item's own top margin is laid out with it: it starts at its margin's top.
      x: item.x, y: token === null && !truncatesMargin ? itemTop - item.marginTop : itemTop, width: contentWidth, bottom: limit, atPageTop: space.atPageTop && first,
      forcedWidth: item.width, forcedHeight: item.forcedHeight, truncateTopMargin: token !== null ? !isForcedResume(token) : truncatesMargin, ...(limit < space.bottom && { earlierBreak: true }),
    }, token, NO_MARGINS, null, true));
    if (!result.fragment) break;
    translate(result.fragment, item.x - result.fragment.x, 0);
    children.push(result.fragment);
    if (result.next) {
      next = { kind: 'flex', lines: state.items, index, child: result.next };
      y = space.bottom;
      break;
    }
    token = null;
    y = result.bottom + item.marginBottom;
  }
  if (!next && index < state.items.length) next = { kind: 'flex', lines: state.items, index, child: null };
  if (next?.kind === 'flex' && total !== undefined) next = { ...next, total, consumed: consumedBefore + Math.max(0, Math.max(y, space.bottom) - contentTop) };
  // When no item fits, the break goes before the first one, inside the container, if its top
  // border and padding fit here (as Chromium breaks a column flex container); else before it.
  // Without a top border or padding, or room above the first item (its top margin, justify-content's
  // space), there is no break point between the container's top and that item (CSS Fragmentation 3
  // §4.1, class C): the container moves whole, as Chromium moves a borderless Bootstrap card.
  const roomAbove = border.top + padding.top > 0 || (state.items[index]?.before ?? 0) > 0.01;
  if (children.length === 0 && next && !space.atPageTop && (continuing || contentTop >= space.bottom - 0.01 || !roomAbove)) {
    return pushWhole(space, incoming);
  }
  let contentHeight = y - contentTop;
  if (!next && continuing && total !== undefined) contentHeight = Math.max(0, total - consumedBefore);
  else if (!next && !continuing && state.height !== null) contentHeight = state.height;
  else if (!next) contentHeight = clamp(contentHeight, continuing ? 0 : minHeight, maxHeight);
  // Split over pages, the positioned children align in the whole height, which the pages carry on.
  alignStaticAreas(outOfFlow, style, contentWidth, next === null ? contentHeight : state.height ?? contentHeight);
  return closeContainer(box, frame, space, contentHeight, children, next, !next && forcesBreakAfter(state.items.slice(-1)));
}
