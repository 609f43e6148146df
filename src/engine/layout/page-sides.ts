// Left and right pages (CSS Paged Media 3 §4.3.2, CSS Fragmentation 3 §3.1): which side a page
// falls on, and which side a forced left/right/recto/verso break asks the next page to be on.
import type { Box } from '../boxes/types.js';
import type { ComputedStyle } from '../css/types.js';
import type { Resume } from './block.js';

export type PageSide = 'left' | 'right';

/** The side of the page at `index` (0-based): a left-to-right document starts on a right page. */
export function sideOf(index: number): PageSide {
  return index % 2 === 0 ? 'right' : 'left';
}

/** The side a break value asks for: recto and verso are right and left in a left-to-right document. */
function sideOfBreak(value: ComputedStyle['breakBefore']): PageSide | null {
  if (value === 'right' || value === 'recto') return 'right';
  if (value === 'left' || value === 'verso') return 'left';
  return null;
}

/** Whether a box takes part in the flow: not out of it (absolute, fixed, float) nor a running element's placeholder. */
export function inFlow(box: Box): boolean {
  return box.style.position !== 'absolute' && box.style.position !== 'fixed' && box.style.float === 'none' && !box.running;
}

/** The boxes a resume token's `children` index counts (block containers' block-level children, flex and grid items). */
export function childList(box: Box): readonly Box[] {
  return box.kind === 'block' && !box.inlineContent || box.kind === 'flex' || box.kind === 'grid' ? box.children : [];
}

/** The first in-flow box of `boxes` at `from` or after it. */
export function firstInFlow(boxes: readonly Box[], from = 0): Box | undefined {
  for (let i = from; i < boxes.length; i++) if (inFlow(boxes[i])) return boxes[i];
  return undefined;
}

/** The last in-flow box of `boxes` before `end`. */
export function lastInFlow(boxes: readonly Box[], end = boxes.length): Box | undefined {
  for (let i = end - 1; i >= 0; i--) if (inFlow(boxes[i])) return boxes[i];
  return undefined;
}

// (Found by walking from the break: every page asks, and filtering whole child lists made a long
// document's pagination quadratic in its children.)

/** A box and its first descendants, outermost first: their break-before values all apply before it. */
function startChain(box: Box | undefined): Box[] {
  const chain: Box[] = [];
  for (let b = box; b; b = firstInFlow(childList(b))) chain.push(b);
  return chain;
}

/** A box and its last descendants, outermost first: their break-after values all apply after it. */
function endChain(box: Box | undefined): Box[] {
  const chain: Box[] = [];
  for (let b = box; b; b = lastInFlow(childList(b))) chain.push(b);
  return chain;
}

/**
 * The side the page after a forced break must be on, or null when the break does not ask for one.
 * The values at the break point are taken in the order the flow meets them (break-after of the
 * content before it, innermost first, then break-before of the content after it, outermost first),
 * and the last left or right value wins.
 */
export function forcedBreakSide(root: Box, token: Resume | null): PageSide | null {
  let box = root;
  let current = token;
  while (current && current.kind === 'children') {
    const children = childList(box);
    // The break point, forced there or pushed there by a forced break inside what follows it.
    if (current.child === null) {
      const after = firstInFlow(children, current.index);
      const before = lastInFlow(children, current.index);
      const values = [
        ...endChain(before).reverse().map((b) => b.style.breakAfter),
        ...startChain(after).map((b) => b.style.breakBefore),
      ];
      let side: PageSide | null = null;
      for (const value of values) side = sideOfBreak(value) ?? side;
      return side;
    }
    const next = children[current.index];
    if (!next) return null;
    box = next;
    current = current.child;
  }
  return null;
}
