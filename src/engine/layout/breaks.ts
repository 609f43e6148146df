// Forced page breaks (CSS Fragmentation 3 §3.1): which break values force one, and, for the items
// of flex and grid containers (CSS Flexbox 1 §10), break-before and break-after propagated to their
// flex line or grid row band, and those of the first and last line or band to the container.
import { isInFlowBlock } from '../boxes/out-of-flow.js';
import type { Box } from '../boxes/types.js';
import type { ComputedStyle } from '../css/types.js';
import type { LayoutContext } from './context.js';

const FORCED = new Set<ComputedStyle['breakBefore']>(['page', 'left', 'right', 'recto', 'verso']);

export function isForcedBreak(value: ComputedStyle['breakBefore']): boolean {
  return FORCED.has(value);
}

/** Whether a break-before or break-after value asks not to break there (in pages; `avoid-column` only in columns, where it is checked apart). */
export function isAvoidedBreak(value: ComputedStyle['breakBefore']): boolean {
  return value === 'avoid' || value === 'avoid-page';
}

/**
 * Whether a break after `box` is avoided: by its own break-after, or by that of its last in-flow
 * child, propagated to it (CSS Fragmentation 3 §3.1), down through block containers (a heading
 * wrapped in a `<header>` keeps its `break-after: avoid` at the header's end, as in Chromium).
 */
export function avoidsBreakAfter(box: Box): boolean {
  for (let current: Box | undefined = box; current !== undefined; current = edgeChild(current, 'last')) {
    if (isAvoidedBreak(current.style.breakAfter)) return true;
    if (isForcedBreak(current.style.breakAfter)) return false;
  }
  return false;
}

/** Whether a break before `box` is avoided: by its own break-before or, propagated, its first in-flow child's. */
export function avoidsBreakBefore(box: Box): boolean {
  for (let current: Box | undefined = box; current !== undefined; current = edgeChild(current, 'first')) {
    if (isAvoidedBreak(current.style.breakBefore)) return true;
    if (isForcedBreak(current.style.breakBefore)) return false;
  }
  return false;
}

/** A block container's first or last in-flow block-level child, whose break values it takes on. */
function edgeChild(box: Box, edge: 'first' | 'last'): Box | undefined {
  if (box.kind !== 'block' || box.inlineContent) return undefined;
  const children = box.children;
  for (let i = 0; i < children.length; i++) {
    const child = children[edge === 'first' ? i : children.length - 1 - i];
    if (isInFlowBlock(child)) return child;
  }
  return undefined;
}

/** Whether any of the items forces a break before itself. */
export function forcesBreakBefore(items: readonly { readonly box: Box }[]): boolean {
  return items.some((item) => FORCED.has(item.box.style.breakBefore));
}

/** Whether any of the items forces a break after itself. */
export function forcesBreakAfter(items: readonly { readonly box: Box }[]): boolean {
  return items.some((item) => FORCED.has(item.box.style.breakAfter));
}

/** A forced break between two lines or bands of items: break-after in the first, break-before in the second. */
export function forcedBreakBetween(before: readonly { readonly box: Box }[], after: readonly { readonly box: Box }[]): boolean {
  return forcesBreakAfter(before) || forcesBreakBefore(after);
}

/** Whether a break between two lines or bands of items is avoided (break-after in the first, break-before in the second) and none is forced. */
export function avoidedBreakBetween(before: readonly { readonly box: Box }[], after: readonly { readonly box: Box }[]): boolean {
  return !forcedBreakBetween(before, after)
    && (before.some((item) => isAvoidedBreak(item.box.style.breakAfter)) || after.some((item) => isAvoidedBreak(item.box.style.breakBefore)));
}

/** Forced page breaks passed over per layout (see takesPageBreak). */
const passedOver = new WeakMap<LayoutContext, number>();

/**
 * Whether a forced page break found in a flow laid out toward `bottom` is taken. A flow laid out
 * with no page end (a float, a table cell or a flex item being measured, an inline-block, an
 * absolutely positioned box, a margin box) has no page to break to: its content goes on there
 * (decision 0191). Each break passed over is counted, so a caller that measured a box that way can
 * tell that it has one and lay it out again against the page.
 */
export function takesPageBreak(ctx: LayoutContext, bottom: number): boolean {
  if (bottom !== Number.POSITIVE_INFINITY) return true;
  passedOver.set(ctx, (passedOver.get(ctx) ?? 0) + 1);
  return false;
}

/** How many forced page breaks layouts with no page end have passed over so far. */
export function pageBreaksPassedOver(ctx: LayoutContext): number {
  return passedOver.get(ctx) ?? 0;
}
