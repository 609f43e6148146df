// Pagination: the root box laid out page after page, each page resuming where the last stopped.
import type { BlockBox, Box } from '../boxes/types.js';
import type { ComputedStyle } from '../css/types.js';
import { isForcedResume, layoutBlockLevel, type Resume } from './block.js';
import { checkAborted, type LayoutContext } from './context.js';
import type { Edges, PageFragment } from './fragments.js';

export interface PageSetup {
  readonly width: number;
  readonly height: number;
  readonly margins: Edges;
}

export interface PaginateOptions {
  /** The page box for a page (0-based index); `first` and `blank` selectors are for engine part 2. */
  readonly pageSetup: (index: number) => PageSetup;
  readonly maxPages: number;
}

export class PageLimitError extends Error {
  constructor(readonly limit: number) {
    super(`The document needs more than ${limit} pages`);
    this.name = 'PageLimitError';
  }
}

function hasBackground(style: ComputedStyle): boolean {
  return style.backgroundColor.a > 0 || style.backgroundLayers.length > 0;
}

/** The style whose background paints the whole page: the root's, else the body's (CSS 2.1 §14.2). */
export function canvasStyle(root: BlockBox): ComputedStyle | null {
  if (hasBackground(root.style)) return root.style;
  const body = root.children.find((c: Box) => c.element?.name === 'body');
  if (body && hasBackground(body.style)) return body.style;
  return null;
}

export function paginate(root: BlockBox, ctx: LayoutContext, options: PaginateOptions): PageFragment[] {
  const pages: PageFragment[] = [];
  const canvas = canvasStyle(root);
  let resume: Resume | null = null;
  do {
    checkAborted(ctx);
    if (pages.length >= options.maxPages) throw new PageLimitError(options.maxPages);
    const setup = options.pageSetup(pages.length);
    const { margins } = setup;
    const result = layoutBlockLevel(root, ctx, {
      x: margins.left, y: margins.top, width: Math.max(0, setup.width - margins.left - margins.right),
      bottom: setup.height - margins.bottom, atPageTop: true,
      truncateTopMargin: pages.length > 0 && !isForcedResume(resume),
    }, resume, { pos: 0, neg: 0 }, null, true);
    pages.push({ width: setup.width, height: setup.height, margins, root: result.fragment, canvas, paintCanvas: canvas === root.style });
    if (result.next !== null && sameToken(result.next, resume)) break; // no progress: stop rather than loop
    resume = result.next;
  } while (resume !== null);
  return pages;
}

function sameToken(a: Resume, b: Resume | null): boolean {
  return b !== null && JSON.stringify(tokenPath(a)) === JSON.stringify(tokenPath(b));
}

function tokenPath(token: Resume | null): unknown {
  if (token === null) return null;
  if (token.kind === 'children') return [token.index, tokenPath(token.child)];
  if (token.kind === 'lines') return ['lines', token.index, token.lines.length];
  if (token.kind === 'flex') return ['flex', token.index, token.lines.length];
  const state = token.state as { row?: number; split?: Map<unknown, Resume> } | null;
  return ['table', state?.row ?? null, state?.split ? [...state.split.values()].map(tokenPath) : null];
}
