// Start and end page values (CSS Paged Media 3 §4.2.1): a box whose `page` is auto takes the page
// name its first (start) or last (end) in-flow descendant asks for, so that siblings are separated
// by a forced break where the name changes, however deep the first named box sits.
import type { Box } from '../boxes/types.js';
import { cacheSlot, documentCache, type DocumentCache, type LayoutContext } from './context.js';
import { childList, firstInFlow, lastInFlow } from './page-sides.js';

const STARTS = cacheSlot<Box, string | null>('start page names', { boxKeyed: true });
const ENDS = cacheSlot<Box, string | null>('end page names', { boxKeyed: true });

function edgeChild(box: Box, fromEnd: boolean): Box | undefined {
  const children = childList(box);
  return fromEnd ? lastInFlow(children) : firstInFlow(children);
}

/** The deepest `page` name on the way down the first (last) in-flow children: the others' are inherited by it. */
function edgeName(box: Box, cache: DocumentCache<Box, string | null>, fromEnd: boolean): string | null {
  // Walked without recursion, down as deep as the box tree goes.
  const chain: Box[] = [];
  let name: string | null = null;
  for (let b: Box | undefined = box; b; b = edgeChild(b, fromEnd)) {
    const known = cache.get(b);
    if (known !== undefined) {
      name = known;
      break;
    }
    chain.push(b);
  }
  for (let i = chain.length - 1; i >= 0; i--) {
    const page = chain[i].style.page;
    if (name === null && page !== 'auto') name = page;
    cache.set(chain[i], name);
  }
  return name;
}

/** The page name the content at the start of `box` is on; `inherited` where nothing on the way down names one. */
export function startPageName(ctx: LayoutContext, box: Box, inherited: string | null): string | null {
  return edgeName(box, documentCache(ctx, STARTS), false) ?? inherited;
}

/** The page name the content at the end of `box` is on; `inherited` where nothing on the way up from it names one. */
export function endPageName(ctx: LayoutContext, box: Box, inherited: string | null): string | null {
  return edgeName(box, documentCache(ctx, ENDS), true) ?? inherited;
}
