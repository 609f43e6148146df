// Pagination: the root box laid out page after page, each page resuming where the last stopped.
import type { BlockBox, Box } from '../boxes/types.js';
import type { Color } from '../css/types.js';
import type { ComputedStyle } from '../css/types.js';
import { isForcedResume, layoutBlockLevel, layoutContinuation, sameToken, SEALED_PAGES, type BlockResult, type Resume } from './block.js';
import { enterPage, hasContinuations, queueContinuation, sealPage, startPaginating, stopPaginating, takeContinuations } from './absolute-pages.js';
import { verticalToPage, type VerticalArea } from './vertical-flow.js';
import { enterLogical, principalWritingMode, type WritingMode } from './vertical-styles.js';
import { markOrthogonalFlows } from './vertical-orthogonal.js';
import { checkAborted, documentCache, type LayoutContext } from './context.js';
import { trackFixedBoxes, untrackFixedBoxes } from './fixed.js';
import { forcedBreakSide, inFlow, sideOf } from './page-sides.js';
import { snapPageArea } from './page-setup.js';
import { overflowEnd } from './overflow-extent.js';
import type { BoxFragment, Edges, Fragment, PageFragment, PageFrame } from './fragments.js';
import { PageLimitError } from '../errors.js';

export interface PageSetup {
  readonly width: number;
  readonly height: number;
  readonly margins: Edges;
  /** What vw and vh resolve against, when not the page area (`width` less the margins): decision 0148. */
  readonly viewport?: readonly [number, number];
  /** The page size and margins as specified, before snapPageArea: a shrunk layout scales these and snaps again (decision 0161). */
  readonly exact?: { readonly size: readonly [number, number]; readonly margins: Edges };
  /** The page's name, from the `page` property of its first box. */
  readonly name?: string | null;
  /** `@page { background-color }`. */
  readonly background?: Color | null;
  /** The page box's style when `@page` gives it background images (painted over the whole sheet with its colour). */
  readonly backgroundImages?: ComputedStyle | null;
  /** `@page { border; padding }`: `margins` hold them, the page area being inside them. */
  readonly frame?: PageFrame;
}

export interface PaginateOptions {
  /** The page box for a page (0-based index), its name, and whether it is a blank page left by a left/right break. */
  readonly pageSetup: (index: number, name?: string | null, blank?: boolean) => PageSetup;
  readonly maxPages: number;
  /** Lay out shrunk by this factor rather than finding it (1: not shrunk). */
  readonly factor?: number;
  /** Takes each page as soon as it is laid out; the pages returned then hold no fragments. */
  readonly sink?: PageSink;
}

/**
 * Where pages go as they are laid out (a painter), so that a page's fragments can be dropped before
 * the next page is laid out. Pages whose fixed boxes are added at the end are given at the end.
 */
export interface PageSink {
  /** Page `index`, laid out for good unless `restart` follows. */
  page(page: PageFragment, index: number): void;
  /** The pages given so far are void: the document is laid out again from its first page. */
  restart(): void;
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

/** Chromium shrinks content wider than the page to fit, by at most this factor (measured: decision 0161). */
const MAX_SHRINK = 1.5;

/**
 * Lays the document out page by page. Content wider than its page area (a `width: 21cm` body on an
 * A4 page with margins, a nowrap line) is laid out again on proportionally larger pages and scaled
 * down to fit, as Chromium prints it (decision 0161).
 */
export function paginate(root: BlockBox, ctx: LayoutContext, options: PaginateOptions): PageFragment[] {
  // A zoomed root or body is laid out on pages shrunk by its zoom and scaled back up (decision 0398).
  const zoomed = 1 / pageZoom(root);
  let factor = options.factor ?? zoomed;
  let result = paginateAt(root, ctx, options, factor, options.factor === undefined);
  if (options.factor === undefined && result.factor !== 1) {
    factor = zoomed * result.factor;
    options.sink?.restart();
    result = paginateAt(root, ctx, options, factor, false);
  }
  if (!result.late || !options.sink) return result.pages;
  // A page the sink had already taken was added to: laid out again, and given to the sink whole at the end.
  const { sink } = options;
  sink.restart();
  const pages = paginateAt(root, ctx, { ...options, sink: undefined }, factor, false).pages;
  pages.forEach((page, index) => sink.page(page, index));
  return pages;
}

/**
 * How much Chromium shrinks a document for one page laid out at scale 1: the ratio of how far its
 * lines' direction the page's content reaches (right from the page area's left edge; down from its
 * top edge on a vertical page) to the page area's width (height), at most MAX_SHRINK; 1 when
 * everything fits. Content beyond the block-start side (right of a vertical-rl page) is not
 * counted, as in Chromium. The document's factor is its pages' largest.
 */
function pageShrinkFactor(page: PageFragment, mode: WritingMode): number {
  if (!page.root) return 1;
  const { left, right, top, bottom } = page.margins;
  const horizontal = mode === 'horizontal-tb';
  // The paper in the layout's own units (a zoomed layout's pages are scaled: page.scale).
  const area = horizontal ? page.width / page.scale - left - right : page.height / page.scale - top - bottom;
  const reach = overflowEnd(page.root, horizontal ? 'x' : 'y') - (horizontal ? left : top);
  return area > 0 && reach > area + 0.05 ? Math.min(MAX_SHRINK, reach / area) : 1;
}

/**
 * The zoom Chromium prints the whole page area at: the root's `zoom` times the body's. CSS zoom
 * multiplies every length of the zoomed element and its descendants (viewport units included) and
 * leaves percentages and the page box alone, so laying out on pages divided by it and scaling
 * them back up prints the same (decision 0398).
 */
export function pageZoom(root: BlockBox): number {
  const body = root.children.find((c: Box) => c.element?.name === 'body' && !c.anonymous);
  return (body ?? root).style.printZoom;
}

/**
 * The page box with its margins zoomed by the root's `zoom`: Chromium zooms the page's margins
 * with the root element (not with the body), and its viewport units then resolve against the
 * smaller page area (decision 0398). The page area is snapped on the paper, as at zoom 1.
 */
export function withRootZoom(setup: PageSetup, zoom: number): PageSetup {
  if (zoom === 1) return setup;
  const scaled = (e: Edges): Edges => ({ top: e.top * zoom, right: e.right * zoom, bottom: e.bottom * zoom, left: e.left * zoom });
  if (!setup.exact) return { ...setup, margins: scaled(setup.margins) };
  const [width, height, margins, viewport] = snapPageArea(setup.exact.size, scaled(setup.exact.margins));
  // Without `exact`, a layout scaled by the zoom keeps this snapped area rather than snapping its own.
  const { exact: _exact, ...rest } = setup;
  return { ...rest, width, height, margins, viewport };
}

/** The pages laid out at `factor`, and (when `measure`) the shrink factor these pages ask for. */
function paginateAt(root: BlockBox, ctx: LayoutContext, options: PaginateOptions, factor: number, measure: boolean): { pages: PageFragment[]; factor: number; late: boolean } {
  const pages: PageFragment[] = [];
  const canvas = canvasStyle(root);
  let resume: Resume | null = null;
  const fixed = trackFixedBoxes(ctx, root);
  let shrink = 1;
  // Fixed boxes are added to every page at the end: pages go to the sink then.
  const sink = fixed ? null : options.sink;
  const seals: { late: boolean }[] = [];
  const mode = principalWritingMode(root);
  if (mode === 'horizontal-tb') markOrthogonalFlows(root);
  if (mode === 'horizontal-tb') startPaginating(ctx, root);
  // Pages given to the sink by index: a continuation placed on one later marks the run late.
  const sealed = new Map<number, { late: boolean }>();
  const done = (): void => {
    const index = pages.length - 1;
    const page = pages[index];
    if (measure) shrink = Math.max(shrink, pageShrinkFactor(page, mode));
    if (!sink) return;
    sink.page(page, index);
    if (!page.root) return;
    const seal = { late: false };
    seals.push(seal);
    sealed.set(index, seal);
    sealPage(ctx, index, seal);
    documentCache(ctx, SEALED_PAGES).set(page.root, seal);
    pages[index] = { ...page, root: null };
  };
  do {
    checkAborted(ctx);
    fixed?.startPage(pages.length);
    if (pages.length >= options.maxPages) throw new PageLimitError(options.maxPages);
    const name = pageNameAt(root, resume);
    // A left or right break that lands on the other side leaves a blank page (decision 0154).
    const side = resume === null ? null : forcedBreakSide(root, resume);
    if (side !== null && side !== sideOf(pages.length)) {
      const blank = withRootZoom(options.pageSetup(pages.length, name, true), root.style.zoom);
      const { margins } = factor === 1 ? blank : scaleSetup(blank, factor);
      pages.push({ ...pageBox(blank, factor, margins, canvas, root.style.zoom), root: null, blank: true });
      done();
      continue;
    }
    const real = withRootZoom(options.pageSetup(pages.length, name), root.style.zoom);
    const setup = factor === 1 ? real : scaleSetup(real, factor);
    const { margins } = setup;
    const area = { x: margins.left, y: margins.top, width: Math.max(0, setup.width - margins.left - margins.right), height: setup.height - margins.top - margins.bottom };
    const truncateTopMargin: boolean = pages.length > 0 && !isForcedResume(resume);
    enterPage(ctx, pages.length);
    const result: BlockResult = mode === 'horizontal-tb'
      ? layoutBlockLevel(root, ctx, {
        x: area.x, y: area.y, width: area.width, bottom: setup.height - margins.bottom, atPageTop: true, truncateTopMargin, cbHeight: area.height,
        ...(setup.viewport ? { initialSize: setup.viewport } : {}),
      }, resume, { pos: 0, neg: 0 }, null, true)
      : layoutVerticalPage(root, ctx, { ...area, mode }, resume, truncateTopMargin);
    pages.push({ ...pageBox(real, factor, margins, canvas, root.style.zoom), root: result.fragment });
    placeContinuations(pages, sealed, ctx);
    done();
    if (result.next !== null && sameToken(result.next, resume)) break; // no progress: stop rather than loop
    resume = result.next;
  } while (resume !== null);
  // Absolutely positioned boxes reaching past the flow's last page go on over pages of their own.
  while (hasContinuations(ctx)) {
    checkAborted(ctx);
    if (pages.length >= options.maxPages) throw new PageLimitError(options.maxPages);
    fixed?.startPage(pages.length);
    const real = withRootZoom(options.pageSetup(pages.length, pageNameAt(root, null)), root.style.zoom);
    const setup = factor === 1 ? real : scaleSetup(real, factor);
    const { margins } = setup;
    pages.push({ ...pageBox(real, factor, margins, canvas, root.style.zoom), root: emptyRoot(root, margins, setup.width) });
    placeContinuations(pages, sealed, ctx);
    done();
  }
  if (mode === 'horizontal-tb') stopPaginating(ctx);
  fixed?.finish(pages);
  untrackFixedBoxes(ctx);
  if (fixed && options.sink) pages.forEach((page, index) => options.sink!.page(page, index));
  return { pages, factor: shrink, late: seals.some((seal) => seal.late) };
}

/**
 * A page of a vertical root (decision 0290): laid out as horizontal lines in the page area turned a
 * quarter (its height the lines' length, its width the block direction pages break in), then turned
 * back onto the page, so that pages fill right to left (vertical-rl) as Chromium prints them.
 */
function layoutVerticalPage(root: BlockBox, ctx: LayoutContext, area: VerticalArea, resume: Resume | null, truncateTopMargin: boolean): BlockResult {
  const restore = enterLogical(root, area.mode);
  try {
    const result = layoutBlockLevel(root, ctx, {
      x: 0, y: 0, width: area.height, bottom: area.width, atPageTop: true, truncateTopMargin, cbHeight: area.width,
    }, resume, { pos: 0, neg: 0 }, null, true);
    return result.fragment === null ? result : { ...result, fragment: verticalToPage(result.fragment, area) };
  } finally {
    restore();
  }
}

/**
 * Lays out the continuations of absolutely positioned boxes due on the pages so far (decision
 * 0415), each on its page's root; a page already given to the sink is marked late (the document is
 * then laid out again without one).
 */
function placeContinuations(pages: PageFragment[], sealed: ReadonlyMap<number, { late: boolean }>, ctx: LayoutContext): void {
  const last = pages.length - 1;
  // A piece laid out may queue more (boxes inside it): taken until none is due.
  for (let due = takeContinuations(ctx, last); due.length > 0; due = takeContinuations(ctx, last)) {
    for (const c of due) {
      let done = false;
      while (!done && c.page <= last) {
        const page = pages[c.page];
        if (page.root === null) {
          const seal = sealed.get(c.page);
          // Laid out again whole, without a sink: this run's pages are dropped.
          if (seal) {
            seal.late = true;
            done = true;
          }
          // A blank page (a left or right break) holds none of it.
          c.page++;
          continue;
        }
        // In the layout's units: a shrunk page's paper over its scale, its margins already scaled.
        const top = page.margins.top;
        const bottom = page.height / page.scale - page.margins.bottom;
        const piece = layoutContinuation(c, ctx, top, bottom);
        if (piece.fragment) page.root.children.push(piece.fragment);
        done = piece.done;
      }
      if (!done) queueContinuation(ctx, c);
    }
  }
}

/** A page root holding nothing: a page added for absolutely positioned boxes alone. */
function emptyRoot(root: BlockBox, margins: Edges, width: number): BoxFragment {
  const none = { top: 0, right: 0, bottom: 0, left: 0 };
  return {
    kind: 'box', box: root, style: root.style, x: margins.left, y: margins.top, width: Math.max(0, width - margins.left - margins.right), height: 0,
    border: none, padding: none, hasTop: false, hasBottom: true, children: [],
  };
}

/** A page's own box: its size, margins, canvas, name and background, without its content. */
function pageBox(setup: PageSetup, factor: number, margins: Edges, canvas: ComputedStyle | null, rootZoom: number): Omit<PageFragment, 'root'> {
  return {
    width: setup.width, height: setup.height, scale: 1 / factor, margins, ...(factor === 1 ? {} : { paperMargins: setup.margins }), canvas,
    ...(rootZoom !== 1 && { marginZoom: rootZoom }),
    marginBoxes: [], name: setup.name ?? null, background: setup.background ?? null, backgroundImages: setup.backgroundImages ?? null,
    ...(setup.frame && { frame: setup.frame }),
  };
}

/** The page name of the box a page starts with: the last `page` value on the way down to it. */
function pageNameAt(root: BlockBox, token: Resume | null): string | null {
  let box: Box = root;
  let name: string | null = root.style.page === 'auto' ? null : root.style.page;
  let current: Resume | null = token;
  for (let guard = 0; guard < 1000; guard++) {
    const children: readonly Box[] = box.kind === 'block' && !box.inlineContent ? box.children : [];
    let next: Box | undefined;
    // Out-of-flow boxes and running elements' placeholders (layout/anchors.ts) take no page.
    if (current && current.kind === 'children') {
      next = children[current.index];
      if (next?.running) next = children.slice(current.index).find(inFlow);
      current = current.child;
    } else if (current === null) {
      next = children.find(inFlow);
    }
    if (!next) break;
    box = next;
    if (box.style.page !== 'auto') name = box.style.page;
  }
  return name;
}

/**
 * The page box a layout shrunk by `factor` runs on: as Blink scales it (decision 0161), the page
 * size (in layout units) and the margins are scaled and the page area snapped again as at scale 1
 * (snapPageArea), so it is a whole number of pixels; its corner stays where the unscaled page
 * area's is on the paper.
 */
function scaleSetup(setup: PageSetup, factor: number): PageSetup {
  const m = setup.margins;
  const [left, top] = [m.left * factor, m.top * factor];
  if (!setup.exact) {
    const viewport = setup.viewport && ([setup.viewport[0] * factor, setup.viewport[1] * factor] as const);
    return { ...setup, width: setup.width * factor, height: setup.height * factor, margins: { top, right: m.right * factor, bottom: m.bottom * factor, left }, viewport };
  }
  const { size, margins: e } = setup.exact;
  const layoutUnits = (px: number): number => Math.floor(Math.round(px * 64) * factor + 1e-6) / 64;
  const [width, height, snapped, viewport] = snapPageArea([layoutUnits(size[0]), layoutUnits(size[1])], {
    top: e.top * factor, right: e.right * factor, bottom: e.bottom * factor, left: e.left * factor,
  });
  const [areaWidth, areaHeight] = [width - snapped.left - snapped.right, height - snapped.top - snapped.bottom];
  // The paper, scaled: what the page fragment's margins are measured from when painted.
  const [paperWidth, paperHeight] = [setup.width * factor, setup.height * factor];
  return { ...setup, width: paperWidth, height: paperHeight, margins: { top, left, right: paperWidth - left - areaWidth, bottom: paperHeight - top - areaHeight }, viewport };
}

