// Absolutely positioned boxes that reach past the end of their page go on over the next pages, as
// Chromium prints them (decision 0415): a box placed below the page's end starts on the page its
// offset reaches, and one crossing the end is broken there like the flow (its lines, its children)
// and goes on at the top of the next page; pages are added after the flow's last for them.
import type { Box } from '../boxes/types.js';
import type { FlowSpace, Resume } from './block.js';
import { cacheSlot, documentCache, type LayoutContext } from './context.js';
import { hasTransform } from '../css/values/transform.js';

/** What is left of an absolutely positioned box for later pages. */
export interface AbsoluteContinuation {
  readonly box: Box;
  /** The space it was laid out in (unpaginated), in whose coordinates its pieces are laid out. */
  readonly space: FlowSpace;
  readonly isRoot: boolean;
  /** How far its pieces move across from where that layout puts them. */
  readonly dx: number;
  /** Where in that layout its next piece starts: its border box's top for a box not begun, the space's top for one going on. */
  layoutTop: number;
  /** The page its next piece goes on. */
  page: number;
  /** How far below that page area's top the piece starts. */
  offset: number;
  resume: Resume | null;
}

interface Paginating {
  readonly root: Box;
  /** The page being laid out. */
  page: number;
  readonly pending: AbsoluteContinuation[];
  /** Pages already given to a page sink, by index: one added to later marks the run late. */
  readonly seals: Map<number, { late: boolean }>;
}

const PAGINATING = cacheSlot<object, Paginating>('absolute boxes over pages');
/** The one key of a document's pagination state. */
const DOCUMENT = {};

/** Starts following a document's pages (horizontal pages only: vertical pages keep boxes on their page). */
export function startPaginating(ctx: LayoutContext, root: Box): void {
  documentCache(ctx, PAGINATING).set(DOCUMENT, { root, page: 0, pending: [], seals: new Map() });
}

/** Notes a page given to the sink: adding to it later (pageSeal) has the document laid out again. */
export function sealPage(ctx: LayoutContext, index: number, seal: { late: boolean }): void {
  documentCache(ctx, PAGINATING).get(DOCUMENT)?.seals.set(index, seal);
}

export function pageSeal(ctx: LayoutContext, index: number): { late: boolean } | undefined {
  return documentCache(ctx, PAGINATING).get(DOCUMENT)?.seals.get(index);
}

export function stopPaginating(ctx: LayoutContext): void {
  documentCache(ctx, PAGINATING).delete(DOCUMENT);
}

/** Notes the page about to be laid out. */
export function enterPage(ctx: LayoutContext, page: number): void {
  const state = documentCache(ctx, PAGINATING).get(DOCUMENT);
  if (state) state.page = page;
}

/** The page being laid out, or null when boxes are not followed over pages (unpaginated, vertical). */
export function currentPage(ctx: LayoutContext): number | null {
  return documentCache(ctx, PAGINATING).get(DOCUMENT)?.page ?? null;
}

/**
 * Whether a box above `target` clips it (overflow other than visible; the root's and the body's go
 * to the page): then what reaches past the page stays clipped there, and it is not carried over.
 * An absolutely positioned box escapes the clips of boxes between it and its containing block.
 */
export function clippedOnTheWay(ctx: LayoutContext, target: Box): boolean {
  const root = documentCache(ctx, PAGINATING).get(DOCUMENT)?.root;
  if (root === undefined) return true;
  const path = pathTo(root, target);
  if (path === null) return true;
  let escaping = outOfFlow(target);
  for (let i = path.length - 2; i > 0; i--) {
    const box = path[i];
    const contains = box.style.position !== 'static' || hasTransform(box.style);
    if (escaping && !contains) continue;
    if (box.style.overflow !== 'visible' && box.element?.name !== 'body') return true;
    escaping = outOfFlow(box);
  }
  return false;
}

function outOfFlow(box: Box): boolean {
  return box.style.position === 'absolute' || box.style.position === 'fixed';
}

/** The boxes from `from` down to `target`, or null when `target` is not under it. */
function pathTo(from: Box, target: Box): Box[] | null {
  const path: Box[] = [];
  const visit = (box: Box): boolean => {
    path.push(box);
    if (box === target) return true;
    for (const child of childBoxes(box)) if (visit(child)) return true;
    path.pop();
    return false;
  };
  return visit(from) ? path : null;
}

function childBoxes(box: Box): readonly Box[] {
  switch (box.kind) {
    case 'table': return [...box.captions, ...box.rowGroups];
    case 'table-row-group': return box.rows;
    case 'table-row': return box.cells;
    case 'table-cell': return [box.content];
    default: return 'children' in box ? box.children : [];
  }
}

export function queueContinuation(ctx: LayoutContext, continuation: AbsoluteContinuation): void {
  documentCache(ctx, PAGINATING).get(DOCUMENT)?.pending.push(continuation);
}

/** The continuations waiting for a page, in the order they were queued (taken off the queue). */
export function takeContinuations(ctx: LayoutContext, upTo: number): AbsoluteContinuation[] {
  const state = documentCache(ctx, PAGINATING).get(DOCUMENT);
  if (!state) return [];
  const due = state.pending.filter((c) => c.page <= upTo);
  if (due.length > 0) {
    const left = state.pending.filter((c) => c.page > upTo);
    state.pending.length = 0;
    state.pending.push(...left);
  }
  return due;
}

export function hasContinuations(ctx: LayoutContext): boolean {
  return (documentCache(ctx, PAGINATING).get(DOCUMENT)?.pending.length ?? 0) > 0;
}
