// Running-element placeholders in block flow (GCPM 3): they take no space, leave an empty fragment
// where the element sits (the page it lands on decides which margin boxes show it), and move to
// the next page with the content that follows them when a break comes right after them.
import type { Box } from '../boxes/types.js';
import { NO_EDGES, type BoxFragment, type Fragment } from './fragments.js';

/** Whether a box is a running element's placeholder (boxes/paged-media.ts). */
export function isAnchor(box: Box): boolean {
  return box.running !== undefined;
}

/** The empty fragment a placeholder leaves at (x, y). */
export function anchorFragment(box: Box, x: number, y: number): BoxFragment {
  return { kind: 'box', box, style: box.style, x, y, width: 0, height: 0, border: NO_EDGES, padding: NO_EDGES, hasTop: true, hasBottom: true, children: [] };
}

/**
 * Where a page break before child `index` really falls: placeholders placed just before it go to
 * the next page with it (their fragments are taken off this page). Returns the new index.
 */
export function breakBeforeAnchors(siblings: readonly Box[], index: number, placed: Fragment[]): number {
  let at = index;
  while (at > 0 && isAnchor(siblings[at - 1])) {
    const last = placed[placed.length - 1];
    // Never leave the page without content: the break must still make progress.
    if (last?.kind !== 'box' || last.box !== siblings[at - 1] || placed.length === 1) break;
    placed.pop();
    at--;
  }
  return at;
}
