// Forced page breaks (CSS Fragmentation 3 §3.1): which break values force one, and, for the items
// of flex and grid containers (CSS Flexbox 1 §10), break-before and break-after propagated to their
// flex line or grid row band, and those of the first and last line or band to the container.
import type { Box } from '../boxes/types.js';
import type { ComputedStyle } from '../css/types.js';

const FORCED = new Set<ComputedStyle['breakBefore']>(['page', 'left', 'right', 'recto', 'verso']);

export function isForcedBreak(value: ComputedStyle['breakBefore']): boolean {
  return FORCED.has(value);
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
