// Out-of-flow boxes (floats, absolutely positioned boxes) among inline content: they stay where
// they occur in the inline formatting context instead of splitting it like blocks.
import type { Element } from 'domhandler';
import { isBlockLevel, type Box } from './types.js';

/** A float or an absolutely (or fixed) positioned box (blockified, so block-level; text keeps its parent's style). */
export function isOutOfFlowBox(box: Box): boolean {
  const style = box.style;
  return isBlockLevel(box) && (style.float !== 'none' || style.position === 'absolute' || style.position === 'fixed');
}

/** A block-level box in the normal flow: what splits inline content (CSS 2.1 §9.2.1.1). */
export function isInFlowBlock(box: Box): boolean {
  return isBlockLevel(box) && !isOutOfFlowBox(box);
}

/** Floats inside an inline link, by box: Chromium links each of them too (its own link annotation). */
const LINKED_FLOATS = new WeakMap<Box, Element>();

/** Records the floats among an inline link's content (at any inline depth) as linked by it. */
export function markLinkedFloats(link: Element, children: readonly Box[]): void {
  for (const child of children) {
    if (child.kind === 'inline') markLinkedFloats(link, child.children);
    else if (isOutOfFlowBox(child) && child.style.float !== 'none') LINKED_FLOATS.set(child, link);
  }
}

/** The inline link a float is in, if any. */
export function linkOf(box: Box): Element | undefined {
  return LINKED_FLOATS.get(box);
}
