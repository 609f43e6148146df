// Static positions that follow the fragment they were met in. A flex or grid item is laid out at a
// provisional place and its fragment moved into the line or track afterwards; an absolutely
// positioned or fixed box met inside it, whose containing block is outside it, keeps the static
// position it was registered with. Anchored to the item's fragment, that position moves by as much
// as the fragment has moved since.
import type { LayoutContext } from './context.js';
import type { BoxFragment } from './fragments.js';

interface Anchor {
  readonly fragment: BoxFragment;
  readonly x0: number;
  readonly y0: number;
}

/** A registered static position: mutable, so that the item laid out around it can anchor it. */
export interface AnchoredPosition {
  anchor?: Anchor;
}

/** Per layout context, the positions registered inside each item being laid out, innermost last. */
const collectors = new WeakMap<LayoutContext, AnchoredPosition[][]>();

/** Notes a static position just registered, for the item being laid out around it (if any). */
export function noteStaticPosition(ctx: LayoutContext, position: AnchoredPosition): void {
  const stack = collectors.get(ctx);
  if (stack !== undefined && stack.length > 0) stack[stack.length - 1].push(position);
}

/**
 * Lays out an item whose fragment is moved after: the static positions registered inside it are
 * anchored to that fragment (an inner item's anchor stands: its fragment moves with this one).
 * Without a fragment, they are left to the item around this one.
 */
export function anchoringStaticPositions<T extends { readonly fragment: BoxFragment | null }>(ctx: LayoutContext, layout: () => T): T {
  let stack = collectors.get(ctx);
  if (stack === undefined) collectors.set(ctx, (stack = []));
  const registered: AnchoredPosition[] = [];
  stack.push(registered);
  let result: T;
  try {
    result = layout();
  } finally {
    stack.pop();
  }
  const fragment = result.fragment;
  if (fragment !== null) {
    for (const position of registered) position.anchor ??= { fragment, x0: fragment.x, y0: fragment.y };
  } else if (stack.length > 0) {
    stack[stack.length - 1].push(...registered);
  }
  return result;
}

/** How far the fragment a static position was met in has moved since (0, 0 when not anchored). */
export function anchorShift(position: AnchoredPosition): { readonly dx: number; readonly dy: number } {
  const anchor = position.anchor;
  return anchor === undefined ? NO_SHIFT : { dx: anchor.fragment.x - anchor.x0, dy: anchor.fragment.y - anchor.y0 };
}

const NO_SHIFT = { dx: 0, dy: 0 } as const;
