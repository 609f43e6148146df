// The cross-reference loop: page numbers are known only after pagination, so a document that
// uses target-counter()/target-text() is built and laid out again until the printed values settle.
import type { Element } from 'domhandler';
import type { BlockBox } from '../boxes/types.js';
import type { TargetPages, TargetResolver } from '../boxes/targets.js';
import type { Fragment, PageFragment } from './fragments.js';

/** Layouts per document at most: a number's width can move a break, which can move a number. */
export const MAX_TARGET_LAYOUTS = 4;

/** The page each element with an id starts on (1-based, the page counter's value). */
export function targetPages(pages: readonly PageFragment[]): TargetPages {
  const pageOf = new Map<Element, number>();
  const visit = (fragment: Fragment, page: number): void => {
    if (fragment.kind === 'box' || fragment.kind === 'inline' || fragment.kind === 'replaced') {
      const element = fragment.box.element;
      if (element && fragment.box.pseudo === null && element.attribs.id !== undefined && !pageOf.has(element)) pageOf.set(element, page);
    }
    if (fragment.kind === 'box' || fragment.kind === 'line') for (const child of fragment.children) visit(child, page);
  };
  pages.forEach((page, index) => {
    if (page.root) visit(page.root, index + 1);
  });
  return { pageOf, count: pages.length };
}

/**
 * Given the first build and its pages: when the document refers to targets, builds with the
 * recorded values and lays out again until two builds print the same values (or the layout
 * budget is spent); otherwise returns what it was given, at no cost.
 */
export function settleTargets(
  targets: TargetResolver, first: { root: BlockBox; pages: PageFragment[] },
  build: () => BlockBox, layout: (root: BlockBox) => PageFragment[],
): { root: BlockBox; pages: PageFragment[] } {
  if (!targets.used) return first;
  targets.recording = true;
  let current = first;
  for (let layouts = 1; layouts < MAX_TARGET_LAYOUTS; layouts++) {
    targets.setPages(targetPages(current.pages));
    targets.startPass();
    const root = build();
    // The first recording build reads counters the detecting build did not record: never final.
    if (layouts > 1 && targets.settled()) return current;
    current = { root, pages: layout(root) };
  }
  return current;
}
