// Flex layout pieces shared by both directions: flexible lengths, self-alignment, justify-content.
import type { Box, FlexBox } from '../boxes/types.js';
import type { ComputedStyle } from '../css/types.js';
import { intrinsicWidths, registerAbsolute, type AbsoluteEntry, type StaticArea } from './block.js';
import { clamp, resolveLength, type LayoutContext } from './context.js';

/** One item's main-axis sizes (border-box) and its margins along the main axis. */
export interface FlexSizing {
  readonly box: Box;
  /** Sum of the item's two main-axis margins (auto counts as zero). */
  readonly mainMargins: number;
  readonly base: number;
  readonly min: number;
  readonly max: number;
  main: number;
}

/** Registers a flex container's positioned children at its content box's corner, to be aligned in it once its height is known (alignStaticAreas). */
export function registerOutOfFlow(box: FlexBox, ctx: LayoutContext, x: number, y: number): AbsoluteEntry[] {
  const entries: AbsoluteEntry[] = [];
  for (const child of box.children) {
    if (!isOutOfFlow(child)) continue;
    const entry = registerAbsolute(ctx, child, x, y);
    if (entry) entries.push(entry);
  }
  return entries;
}

/** Gives a flex container's positioned children its content box to be aligned in (soleItemArea). */
export function alignStaticAreas(entries: readonly AbsoluteEntry[], container: ComputedStyle, width: number, height: number): void {
  for (const entry of entries) entry.area = soleItemArea(entry.box, container, width, height);
}

/** Absolutely positioned and fixed children are not flex items. */
export function isOutOfFlow(box: Box): boolean {
  return box.style.position === 'absolute' || box.style.position === 'fixed';
}

/** The used size clamped by the item's min and max. */
export function clampedBase(item: FlexSizing): number {
  return clamp(item.base, item.min, item.max === Number.POSITIVE_INFINITY ? null : item.max);
}

/** Resolves flexible lengths (CSS Flexbox §9.7: free space shared, violations frozen, repeated). */
export function resolveFlexible(items: readonly FlexSizing[], available: number): void {
  const outer = (i: FlexSizing, size: number): number => size + i.mainMargins;
  const used0 = items.reduce((s, i) => s + outer(i, i.base), 0);
  const growing = available - used0 > 0;
  const frozen = new Set<FlexSizing>();
  // Items that cannot flex are frozen at their clamped base size first.
  for (const item of items) {
    const factor = growing ? item.box.style.flexGrow : item.box.style.flexShrink;
    if (factor === 0 || growing && item.base > item.max || !growing && item.base < item.min) {
      item.main = clampedBase(item);
      frozen.add(item);
    }
  }
  const initialFree = available - items.reduce((s, i) => s + outer(i, frozen.has(i) ? i.main : i.base), 0);
  for (let round = 0; round < 8; round++) {
    const open = items.filter((i) => !frozen.has(i));
    if (open.length === 0) break;
    const used = items.reduce((s, i) => s + outer(i, frozen.has(i) ? i.main : i.base), 0);
    let free = available - used;
    const weights = open.map((i) => (growing ? i.box.style.flexGrow : i.box.style.flexShrink * i.base));
    const total = weights.reduce((a, b) => a + b, 0);
    // A sum of grow factors below 1 distributes only that fraction of the free space.
    const factorSum = open.reduce((s, i) => s + (growing ? i.box.style.flexGrow : i.box.style.flexShrink), 0);
    if (factorSum < 1 && Math.abs(initialFree * factorSum) < Math.abs(free)) free = initialFree * factorSum;
    let violation = 0;
    const targets = open.map((item, k) => {
      const share = total > 0 ? (free * weights[k]) / total : 0;
      const target = item.base + share;
      const clamped = clamp(target, item.min, item.max === Number.POSITIVE_INFINITY ? null : item.max);
      violation += clamped - target;
      return { item, target, clamped };
    });
    for (const t of targets) t.item.main = t.clamped;
    if (Math.abs(violation) < 0.001) break;
    for (const t of targets) {
      if (violation > 0 && t.clamped > t.target || violation < 0 && t.clamped < t.target) frozen.add(t.item);
    }
  }
}

/**
 * Whether a box is a scroll container, whose automatic minimum size is 0 (CSS Flexbox §4.5):
 * `overflow: clip` (the user-agent style of images) does not make one.
 */
export function isScrollContainer(style: ComputedStyle): boolean {
  return style.overflow !== 'visible' && style.overflow !== 'clip';
}

/** The used align-self of an item (normal and auto resolve to the container's align-items, then stretch). */
export function alignSelf(style: ComputedStyle, container: ComputedStyle): string {
  const value = style.alignSelf === 'auto' || style.alignSelf === '' ? container.alignItems : style.alignSelf;
  const last = value.split(' ').pop() ?? value;
  return last === 'normal' ? 'stretch' : last;
}

/**
 * The area an absolutely positioned child of a flex container is placed in by its static position:
 * the container's content box, the child aligned in it as if it were the sole flex item (CSS
 * Flexbox §4.1), by justify-content along the main axis and its align-self across.
 */
export function soleItemArea(child: Box, container: ComputedStyle, width: number, height: number): StaticArea {
  const row = !container.flexDirection.startsWith('column');
  const mainReverse = row ? (container.flexDirection === 'row-reverse') !== (container.direction === 'rtl') : container.flexDirection === 'column-reverse';
  const main = (free: number): number => justify(container.justifyContent, free, 1, mainReverse).offset;
  const align = alignSelf(child.style, container);
  const crossReverse = container.flexWrap === 'wrap-reverse';
  const cross = (free: number): number => {
    if (align === 'center') return free / 2;
    if (align === 'flex-end') return crossReverse ? 0 : free;
    if (align === 'flex-start') return crossReverse ? free : 0;
    return align === 'end' || align === 'self-end' ? free : 0;
  };
  return row ? { width, height, x: main, y: cross } : { width, height, x: cross, y: main };
}

/** Offset of the first item and extra space between items for justify-content (`reverse` flips start and end). */
export function justify(mode: string, free: number, count: number, reverse: boolean): { offset: number; between: number } {
  const last = mode.split(' ').pop() ?? mode;
  // Overflowing content is aligned as any other (unsafe, the default); `safe` puts it at the start.
  if (free < 0 && mode.startsWith('safe ')) return { offset: reverse ? free : 0, between: 0 };
  if (free < 0 && last.startsWith('space-')) return { offset: last === 'space-between' ? 0 : free / 2, between: 0 };
  switch (last) {
    case 'flex-end': return { offset: reverse ? 0 : free, between: 0 };
    case 'end': case 'right': return { offset: free, between: 0 };
    case 'start': case 'left': return { offset: 0, between: 0 };
    case 'center': return { offset: free / 2, between: 0 };
    case 'space-between': return { offset: 0, between: count > 1 ? free / (count - 1) : 0 };
    case 'space-around': return { offset: free / count / 2, between: free / count };
    case 'space-evenly': return { offset: free / (count + 1), between: free / (count + 1) };
    default: return { offset: reverse ? free : 0, between: 0 };
  }
}

/**
 * Intrinsic content widths of a flex container (CSS Flexbox §9.9.1, as Chromium): a column takes the
 * widest item; a row adds its items' widths and gaps (min-content too when it does not wrap).
 */
export function flexIntrinsicWidths(box: FlexBox, ctx: LayoutContext): { min: number; max: number } {
  const items = box.children.filter((c) => !isOutOfFlow(c)).map((c) => intrinsicWidths(c, ctx));
  if (box.style.flexDirection.startsWith('column')) {
    return { min: Math.max(0, ...items.map((i) => i.min)), max: Math.max(0, ...items.map((i) => i.max)) };
  }
  const gap = box.style.columnGap === 'normal' ? 0 : resolveLength(box.style.columnGap, 0);
  const gaps = gap * Math.max(0, items.length - 1);
  const max = items.reduce((s, i) => s + i.max, 0) + gaps;
  const min = box.style.flexWrap === 'nowrap' ? items.reduce((s, i) => s + i.min, 0) + gaps : Math.max(0, ...items.map((i) => i.min));
  return { min, max };
}
