// Flex layout, row direction: items sized from flex-basis, grown or shrunk to fill each flex line,
// aligned on both axes; lines are the unit of pagination. Column containers flow as blocks.
import type { Box, FlexBox } from '../boxes/types.js';
import type { ComputedStyle } from '../css/types.js';
import { firstBaseline } from './atomic.js';
import {
  horizontal, intrinsicWidths, layoutBlockLevel, UNPAGINATED, type BlockResult, type FlowSpace, type MarginState, type Resume,
} from './block.js';
import { clamp, contentSize, marginValue, resolveLength, type LayoutContext } from './context.js';
import { translate, type BoxFragment, type Fragment } from './fragments.js';

interface FlexItem {
  readonly box: Box;
  readonly marginLeft: number;
  readonly marginRight: number;
  readonly marginTop: number;
  readonly marginBottom: number;
  /** Border-box sizes. */
  readonly base: number;
  readonly min: number;
  readonly max: number;
  main: number;
}

interface FlexLine {
  readonly fragments: BoxFragment[];
  readonly items: FlexItem[];
  readonly height: number;
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
  else if (style.width !== 'auto') base = toBorderBox(resolveLength(style.width, containerWidth));
  else base = intrinsic.max - margins;
  const min = style.minWidth === 'auto' ? (style.overflow === 'visible' ? Math.min(intrinsic.min - margins, base) : 0) : toBorderBox(resolveLength(style.minWidth, containerWidth));
  const max = style.maxWidth === 'none' ? Number.POSITIVE_INFINITY : toBorderBox(resolveLength(style.maxWidth, containerWidth));
  return {
    box, marginLeft, marginRight, marginTop: marginValue(style.marginTop, containerWidth), marginBottom: marginValue(style.marginBottom, containerWidth),
    base, min: Math.max(0, min), max, main: base,
  };
}

/** Resolves flexible lengths (CSS Flexbox §9.7, simplified: one pass with clamping). */
function resolveFlexible(items: FlexItem[], available: number): void {
  const outer = (i: FlexItem, size: number): number => size + i.marginLeft + i.marginRight;
  let frozen = new Set<FlexItem>();
  for (let round = 0; round < 4; round++) {
    const used = items.reduce((s, i) => s + outer(i, frozen.has(i) ? i.main : i.base), 0);
    const free = available - used;
    const open = items.filter((i) => !frozen.has(i));
    if (open.length === 0) break;
    const growing = free > 0;
    const weights = open.map((i) => (growing ? i.box.style.flexGrow : i.box.style.flexShrink * i.base));
    const total = weights.reduce((a, b) => a + b, 0);
    const violations: FlexItem[] = [];
    open.forEach((item, k) => {
      const share = total > 0 ? (free * weights[k]) / (growing && total < 1 ? 1 : total) : 0;
      const target = item.base + (growing ? share : total > 0 ? share : 0);
      const clamped = clamp(target, item.min, item.max === Number.POSITIVE_INFINITY ? null : item.max);
      item.main = clamped;
      if (clamped !== target) violations.push(item);
    });
    if (violations.length === 0) break;
    frozen = new Set([...frozen, ...violations]);
  }
}

function alignSelf(style: ComputedStyle, container: ComputedStyle): string {
  const value = style.alignSelf === 'auto' || style.alignSelf === '' ? container.alignItems : style.alignSelf;
  return value === 'normal' ? 'stretch' : value;
}

/** Builds the flex lines of a row container at content width `width`. */
function flexLines(box: FlexBox, ctx: LayoutContext, x: number, width: number): FlexLine[] {
  const style = box.style;
  const gap = style.columnGap === 'normal' ? 0 : resolveLength(style.columnGap, width);
  const ordered = [...box.children].sort((a, b) => a.style.order - b.style.order);
  const sized = ordered.map((child) => itemSizes(child, ctx, width));
  const groups: FlexItem[][] = [];
  if (style.flexWrap === 'nowrap') {
    groups.push(sized);
  } else {
    let current: FlexItem[] = [];
    let used = 0;
    for (const item of sized) {
      const outer = clamp(item.base, item.min, item.max === Number.POSITIVE_INFINITY ? null : item.max) + item.marginLeft + item.marginRight;
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
  const reverse = style.flexDirection === 'row-reverse';
  return groups.map((items) => {
    resolveFlexible(items, width - gap * Math.max(0, items.length - 1));
    const fragments = items.map((item) => {
      const result = layoutBlockLevel(item.box, ctx, {
        x: 0, y: 0, width, bottom: UNPAGINATED, atPageTop: true, forcedWidth: item.main,
      }, null, { pos: 0, neg: 0 }, null, true);
      return result.fragment!;
    });
    const crossSizes = fragments.map((f, k) => f.height + items[k].marginTop + items[k].marginBottom);
    const baselines = fragments.map((f, k) => (firstBaseline(f) ?? f.y + f.height) - f.y + items[k].marginTop);
    // Only baseline-aligned items share a baseline; the others add just their own cross size.
    const byBaseline = items.map((item) => alignSelf(item.box.style, style) === 'baseline');
    const maxBaseline = Math.max(0, ...baselines.filter((_, k) => byBaseline[k]));
    let height = Math.max(0, ...crossSizes);
    height = Math.max(height, ...fragments.map((f, k) => (byBaseline[k] ? maxBaseline - baselines[k] + crossSizes[k] : 0)));
    // Main axis: justify-content distributes what is left after the items.
    const used = items.reduce((s, i) => s + i.main + i.marginLeft + i.marginRight, 0) + gap * Math.max(0, items.length - 1);
    const free = Math.max(0, width - used);
    let offset = 0;
    let between = gap;
    const n = items.length;
    switch (style.justifyContent) {
      case 'flex-end': case 'end': case 'right': offset = reverse ? 0 : free; break;
      case 'center': offset = free / 2; break;
      case 'space-between': between += n > 1 ? free / (n - 1) : 0; break;
      case 'space-around': offset = free / n / 2; between += free / n; break;
      case 'space-evenly': offset = free / (n + 1); between += free / (n + 1); break;
      default: offset = reverse ? free : 0;
    }
    const order = reverse ? [...items.keys()].reverse() : [...items.keys()];
    let cursor = x + offset;
    for (const k of order) {
      const item = items[k];
      const fragment = fragments[k];
      const align = alignSelf(item.box.style, style);
      let top = item.marginTop;
      if (align === 'center') top = (height - crossSizes[k]) / 2 + item.marginTop;
      else if (align === 'flex-end' || align === 'end') top = height - crossSizes[k] + item.marginTop;
      else if (align === 'baseline') top = maxBaseline - baselines[k] + item.marginTop;
      else if (align === 'stretch' && item.box.style.height === 'auto') fragment.height = Math.max(fragment.height, height - item.marginTop - item.marginBottom);
      translate(fragment, cursor + item.marginLeft - fragment.x, top - fragment.y);
      cursor += item.marginLeft + item.main + item.marginRight + between;
    }
    return { fragments, items, height };
  });
}

/** Lays out a row flex container; lines that do not fit move to the next page. */
export function layoutFlexRow(box: FlexBox, ctx: LayoutContext, space: FlowSpace, resume: Resume | null, incoming: MarginState): BlockResult {
  const style = box.style;
  const h = horizontal(style, space);
  const continuing = resume !== null;
  const cb = space.width;
  const marginTop = continuing || space.atPageTop && space.truncateTopMargin ? 0 : marginValue(style.marginTop, cb);
  const pos = Math.max(incoming.pos, marginTop > 0 ? marginTop : 0);
  const neg = Math.min(incoming.neg, marginTop < 0 ? marginTop : 0);
  const top = space.y + (continuing ? 0 : pos + neg);
  const border = continuing ? { ...h.border, top: 0 } : h.border;
  const padding = continuing ? { ...h.padding, top: 0 } : h.padding;
  const contentX = h.x + border.left + padding.left;
  const contentWidth = Math.max(0, h.width - border.left - border.right - padding.left - padding.right);
  const lines = resume?.kind === 'flex' ? (resume.lines as FlexLine[]) : flexLines(box, ctx, contentX, contentWidth);
  const startIndex = resume?.kind === 'flex' ? resume.index : 0;
  const rowGap = resolveLength(style.rowGap, contentWidth);
  let y = top + border.top + padding.top;
  const children: Fragment[] = [];
  let index = startIndex;
  for (; index < lines.length; index++) {
    const line = lines[index];
    if (y + line.height > space.bottom + 0.01 && !(space.atPageTop && index === startIndex)) break;
    for (const f of line.fragments) translate(f, 0, y);
    children.push(...line.fragments);
    y += line.height + (index + 1 < lines.length ? rowGap : 0);
  }
  if (index === startIndex && lines.length > 0 && !space.atPageTop) {
    return { fragment: null, next: null, margins: incoming, bottom: space.y, resolvedTop: null, breakAfter: false };
  }
  const next: Resume | null = index < lines.length ? { kind: 'flex', lines, index } : null;
  let contentHeight = y - (top + border.top + padding.top);
  const bpY = border.top + border.bottom + padding.top + padding.bottom;
  if (!next && typeof style.height === 'number') contentHeight = contentSize(style.height, style, bpY);
  if (!next && typeof style.minHeight === 'number') contentHeight = Math.max(contentHeight, contentSize(style.minHeight, style, bpY));
  if (space.forcedHeight !== undefined) contentHeight = Math.max(contentHeight, space.forcedHeight - bpY);
  const bottomBorder = next ? 0 : border.bottom;
  const bottomPadding = next ? 0 : padding.bottom;
  let height = border.top + padding.top + contentHeight + bottomPadding + bottomBorder;
  if (next && space.bottom !== UNPAGINATED) height = Math.max(height, space.bottom - top);
  const fragment: BoxFragment = {
    kind: 'box', box, style, x: h.x, y: top, width: h.width, height,
    border: { ...border, bottom: bottomBorder }, padding: { ...padding, bottom: bottomPadding },
    hasTop: !continuing, hasBottom: next === null, children,
  };
  const marginBottom = marginValue(style.marginBottom, cb);
  return {
    fragment, next, margins: next ? { pos: 0, neg: 0 } : { pos: Math.max(0, marginBottom), neg: Math.min(0, marginBottom) },
    bottom: top + height, resolvedTop: top, breakAfter: false,
  };
}
