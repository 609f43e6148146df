// Grid layout: explicit and implicit tracks, item placement, track sizing (CSS Grid §11-12 in a
// practical form), alignment, and pagination between rows that no item spans.
import { anchoringStaticPositions } from './static-anchors.js';
import type { Box, GridBox } from '../boxes/types.js';
import type { ComputedStyle } from '../css/types.js';
import {
  holdingAbsolutes, intrinsicWidths, isForcedResume, layoutBlockLevel, registerAbsolute, UNPAGINATED, type BlockResult, type FlowSpace, type MarginState, type Resume, type SubgridTracks,
} from './block.js';
import { firstBaseline } from './atomic.js';
import { contentSize, marginValue, resolveLength, type LayoutContext } from './context.js';
import { forcedBreakBetween, forcesBreakAfter, forcesBreakBefore, pageBreaksPassedOver, takesPageBreak } from './breaks.js';
import { closeContainer, openContainer, pushWhole, ratioContentHeight, specifiedContentHeight } from './container-box.js';
import { hasPercentageHeightChild, relaidAt } from './flex.js';
import { translate, type BoxFragment, type Fragment } from './fragments.js';
import { keywordWidth, stretchableWidth } from './intrinsic-size.js';
import { placeItems, type Placement, type PlacementResult } from './grid-placement.js';
import { clampToSubgrid, isColumnSubgrid, isRowSubgrid, subgridEdges, subgridTracks, throughSubgrid, trackGap, type SubgridAxes, type TrackContribution } from './subgrid.js';
import {
  AUTO_TRACK, expandTracks, namesWithAreas, parseAreas, parseAutoTracks, parseTrackList, type Breadth, type TrackSize,
} from './grid-template.js';

interface Grid {
  readonly items: readonly Box[];
  readonly placement: PlacementResult;
  readonly columns: readonly TrackSize[];
  readonly rows: readonly TrackSize[];
  readonly colGap: number;
  /** Column indexes from `repeat(auto-fit, …)` (collapsed when no item is in them). */
  readonly autoFit: ReadonlySet<number>;
}

/** Rows between which no item spans: the unit of pagination. Fragments are placed relative to the band's top. */
interface Band {
  readonly fragments: BoxFragment[];
  readonly height: number;
  /** How to lay its items out again when the band is split across pages. */
  readonly items: readonly BandItem[];
  /** Whether an item has a forced page break inside (passed over while measured): the band then splits at it. */
  readonly forcedInside: boolean;
  /**
   * The fragments' tops from the band's top, taken when it is first placed: a page laid out again
   * (its container's end did not fit) places the same fragments again, from these.
   */
  tops?: readonly number[];
  /** The fragments' left edges when first placed, from the content box's left edge (bands are placed again at other x as at other y). */
  lefts?: readonly number[];
}

interface BandItem {
  readonly box: Box;
  /** The item's area: x, width, and top relative to the band. */
  readonly x: number;
  readonly width: number;
  readonly top: number;
  readonly forcedWidth: number | undefined;
  /** The border-box height it was stretched to, which it keeps, and splits, when laid out again against a page's end. */
  readonly forcedHeight: number | undefined;
  readonly shift: number;
  /** The parent's tracks it lays out on, when it is a subgrid. */
  readonly subgrid: SubgridAxes;
}

/** A band split across pages: per item, where it resumes (null when not started) or that it is done. */
type ItemState = { readonly done: true } | { readonly done: false; readonly token: Resume | null };

interface GridState {
  readonly bands: readonly Band[];
  readonly rowGap: number;
  readonly index: number;
  readonly split: readonly ItemState[] | null;
  /** The content height when it is not the rows' sum (percentage rows in an auto-height grid). */
  readonly height: number | null;
  /** Where align-content puts the first row, below the content box's top. */
  readonly offset?: number;
  /** How much of the last page's last row (and the gap after it) runs on at this page's top. */
  readonly carry?: number;
  /**
   * The content box's left edge the bands were laid out at: a layout going on from them (the next
   * page, or the same page again at another x, as a float is sized and then placed) moves them by
   * where its own content box is from there.
   */
  readonly contentX: number;
}

const NO_MARGINS: MarginState = { pos: 0, neg: 0 };

/** The explicit grid from the templates, the items placed on it, and the implicit tracks around it. */
function buildGrid(box: GridBox, availableWidth: number | null, subgrid: SubgridAxes = {}): Grid {
  const style = box.style;
  const areas = parseAreas(style.gridTemplateAreas);
  const colGap = trackGap(style.columnGap, subgrid.columns, availableWidth ?? 0);
  const colList = subgrid.columns ? subgridTracks(style, 'column', subgrid.columns, colGap) : expandTracks(parseTrackList(style.gridTemplateColumns), availableWidth, colGap);
  const rowList = subgrid.rows ? subgridTracks(style, 'row', subgrid.rows, trackGap(style.rowGap, subgrid.rows, 0)) : expandTracks(parseTrackList(style.gridTemplateRows), null, 0);
  // A subgridded axis has exactly the parent's tracks it spans.
  const colCount = subgrid.columns ? colList.tracks.length : Math.max(colList.tracks.length, areas?.columns ?? 0);
  const rowCount = subgrid.rows ? rowList.tracks.length : Math.max(rowList.tracks.length, areas?.rows ?? 0);
  const items = box.children.filter((c) => !isOutOfFlow(c)).sort((a, b) => a.style.order - b.style.order);
  const placement = clampToSubgrid(placeItems(
    items.map((item) => ({
      rowStart: item.style.gridRowStart, rowEnd: item.style.gridRowEnd, colStart: item.style.gridColumnStart, colEnd: item.style.gridColumnEnd,
    })),
    { count: rowCount, names: namesWithAreas(rowList.names, areas, 'row', rowCount + 1) },
    { count: colCount, names: namesWithAreas(colList.names, areas, 'column', colCount + 1) },
    style.gridAutoFlow,
  ), subgrid.rows ? rowCount : null, subgrid.columns ? colCount : null);
  const autoCols = parseAutoTracks(style.gridAutoColumns);
  const autoRows = parseAutoTracks(style.gridAutoRows);
  const trackAt = (explicit: readonly TrackSize[], count: number, auto: readonly TrackSize[], offset: number, k: number): TrackSize => {
    const e = k - offset;
    if (e >= 0 && e < count) return explicit[e] ?? AUTO_TRACK;
    const i = e >= count ? e - count : e;
    return auto[((i % auto.length) + auto.length) % auto.length];
  };
  const columns = Array.from({ length: placement.columns }, (_, k) => trackAt(colList.tracks, colCount, autoCols, placement.colOffset, k));
  const rows = Array.from({ length: placement.rows }, (_, k) => trackAt(rowList.tracks, rowCount, autoRows, placement.rowOffset, k));
  const autoFit = new Set([...colList.autoFit].map((k) => k + placement.colOffset).filter((k) => !placement.placements.some((p) => p.col <= k && k < p.col + p.colSpan)));
  return { items, placement, columns, rows, colGap, autoFit };
}

function isOutOfFlow(box: Box): boolean {
  return box.style.position === 'absolute' || box.style.position === 'fixed';
}

function definite(b: Breadth, basis: number | null): number | null {
  if (b.kind !== 'length') return null;
  if (typeof b.value === 'number') return b.value;
  return basis === null ? null : (b.value.percent / 100) * basis + (b.value.px ?? 0);
}

const isIntrinsic = (b: Breadth): boolean => b.kind === 'auto' || b.kind === 'min-content' || b.kind === 'max-content';

/** Spreads `extra` equally over `targets`, each growing at most to its cap (a water fill). */
function distribute(sizes: number[], caps: readonly number[], targets: readonly number[], extra: number): void {
  let open = targets.filter((k) => sizes[k] < caps[k]);
  let left = extra;
  while (left > 1e-9 && open.length > 0) {
    const share = left / open.length;
    const next: number[] = [];
    for (const k of open) {
      const grow = Math.min(share, caps[k] - sizes[k]);
      sizes[k] += grow;
      left -= grow;
      if (sizes[k] < caps[k] - 1e-9) next.push(k);
    }
    if (next.length === open.length) break;
    open = next;
  }
}

type Contribution = TrackContribution;

/**
 * Sizes tracks from item contributions (CSS Grid §12.3-12.8, simplified): fixed sizes, then
 * intrinsic sizes from min/max-content contributions, then free space up to growth limits, then
 * `fr` tracks share what is left; `available` null sizes for max-content (or min-content with `useMin`).
 */
function sizeTracks(
  tracks: readonly TrackSize[], items: readonly Contribution[], available: number | null, gap: number,
  collapsed: ReadonlySet<number>, stretch: boolean, useMin = false,
): number[] {
  const n = tracks.length;
  const base = tracks.map((t, k) => (collapsed.has(k) ? 0 : definite(t.min, available) ?? 0));
  const limit = tracks.map((t, k) => (collapsed.has(k) ? 0 : t.max.kind === 'fr' ? -1 : definite(t.max, available) ?? -1));
  const isFr = tracks.map((t, k) => t.max.kind === 'fr' && !collapsed.has(k));
  const fitLimit = (t: TrackSize): number => (t.fitContent === undefined ? Number.POSITIVE_INFINITY : definite({ kind: 'length', value: t.fitContent }, available) ?? Number.POSITIVE_INFINITY);
  for (const item of items) {
    if (item.span !== 1 || collapsed.has(item.start)) continue;
    const k = item.start;
    const t = tracks[k];
    if (t.min.kind === 'auto') base[k] = Math.max(base[k], item.autoMin ?? item.min);
    else if (t.min.kind === 'min-content') base[k] = Math.max(base[k], item.min);
    else if (t.min.kind === 'max-content') base[k] = Math.max(base[k], item.max);
    if (t.max.kind === 'min-content') limit[k] = Math.max(limit[k], item.min);
    else if (t.max.kind === 'max-content' || t.max.kind === 'auto' || t.max.kind === 'fr') limit[k] = Math.max(limit[k], Math.min(item.max, fitLimit(t)));
  }
  for (let k = 0; k < n; k++) if (limit[k] < base[k]) limit[k] = base[k];
  // Items spanning several tracks (none of them flexible) add what their spanned tracks lack.
  for (const item of [...items].filter((i) => i.span > 1).sort((a, b) => a.span - b.span)) {
    const spanned = Array.from({ length: item.span }, (_, i) => item.start + i).filter((k) => k < n);
    // Items spanning flexible tracks do not grow them (Chromium, with a definite width).
    if (spanned.some((k) => isFr[k])) continue;
    const gaps = gap * (spanned.length - 1);
    const intrinsicMin = spanned.filter((k) => isIntrinsic(tracks[k].min));
    const extraMin = item.min - gaps - spanned.reduce((s, k) => s + base[k], 0);
    if (extraMin > 0 && intrinsicMin.length > 0) {
      for (const k of intrinsicMin) base[k] += extraMin / intrinsicMin.length;
    }
    for (let k = 0; k < n; k++) if (limit[k] < base[k]) limit[k] = base[k];
    const intrinsicMax = spanned.filter((k) => isIntrinsic(tracks[k].max));
    const extraMax = item.max - gaps - spanned.reduce((s, k) => s + limit[k], 0);
    if (extraMax > 0 && intrinsicMax.length > 0) {
      for (const k of intrinsicMax) limit[k] += extraMax / intrinsicMax.length;
    }
  }
  const open = [...Array(n).keys()].filter((k) => !collapsed.has(k));
  const gaps = gap * Math.max(0, open.length - 1);
  const sizes = [...base];
  const fixedTracks = open.filter((k) => !isFr[k]);
  const frTracks = open.filter((k) => isFr[k]);
  if (available === null) {
    if (useMin) return sizes;
    // Max-content: every track at its growth limit; fr tracks share the largest fraction.
    for (const k of fixedTracks) sizes[k] = limit[k];
    const fraction = Math.max(0, ...frTracks.map((k) => (limit[k] > 0 ? limit[k] / Math.max(1e-9, (tracks[k].max as { fr: number }).fr) : 0)));
    for (const k of frTracks) sizes[k] = Math.max(base[k], fraction * (tracks[k].max as { fr: number }).fr);
    return sizes;
  }
  const free = available - gaps - open.reduce((s, k) => s + sizes[k], 0);
  if (free > 0) distribute(sizes, limit, fixedTracks, free);
  if (frTracks.length > 0) {
    const leftover = available - gaps - fixedTracks.reduce((s, k) => s + sizes[k], 0);
    let flexible = [...frTracks];
    let fraction = 0;
    for (let round = 0; round < frTracks.length + 1; round++) {
      const inflexible = frTracks.filter((k) => !flexible.includes(k));
      const sum = flexible.reduce((s, k) => s + (tracks[k].max as { fr: number }).fr, 0);
      const space = leftover - inflexible.reduce((s, k) => s + base[k], 0);
      fraction = Math.max(0, space / Math.max(1, sum));
      const next = flexible.filter((k) => fraction * (tracks[k].max as { fr: number }).fr >= base[k]);
      if (next.length === flexible.length) break;
      flexible = next;
    }
    for (const k of frTracks) sizes[k] = Math.max(base[k], fraction * (tracks[k].max as { fr: number }).fr);
  } else if (stretch) {
    const left = available - gaps - open.reduce((s, k) => s + sizes[k], 0);
    const autos = open.filter((k) => tracks[k].max.kind === 'auto');
    if (left > 0 && autos.length > 0) for (const k of autos) sizes[k] += left / autos.length;
  }
  return sizes;
}

/** Start offsets of each track (gaps after collapsed tracks are dropped) and the grid's total size. */
function trackPositions(sizes: readonly number[], gap: number, collapsed: ReadonlySet<number>): { starts: number[]; total: number } {
  const starts: number[] = [];
  const open = sizes.map((_, k) => !collapsed.has(k));
  let pos = 0;
  let lastOpenEnd = 0;
  sizes.forEach((size, k) => {
    starts.push(pos);
    pos += size;
    if (open[k]) {
      lastOpenEnd = pos;
      if (open.slice(k + 1).some(Boolean)) pos += gap;
    }
  });
  return { starts, total: Math.max(lastOpenEnd, pos) };
}

function contentOffsets(free: number, count: number, mode: string): { offset: number; between: number } {
  if (free <= 0) return { offset: 0, between: 0 };
  switch (mode) {
    case 'center': return { offset: free / 2, between: 0 };
    case 'end': case 'flex-end': case 'right': return { offset: free, between: 0 };
    case 'space-between': return { offset: 0, between: count > 1 ? free / (count - 1) : 0 };
    case 'space-around': return { offset: free / count / 2, between: free / count };
    case 'space-evenly': return { offset: free / (count + 1), between: free / (count + 1) };
    default: return { offset: 0, between: 0 };
  }
}

/** The items' contributions to the columns; a column subgrid's items contribute to the columns they lie on. */
function widthContributions(grid: Grid, ctx: LayoutContext): Contribution[] {
  return grid.items.flatMap((item, i): Contribution[] => {
    const p = grid.placement.placements[i];
    if (isColumnSubgrid(item)) {
      const inner = buildGrid(item, null, { columns: { sizes: new Array<number>(p.colSpan).fill(0), gap: grid.colGap } });
      return throughSubgrid(widthContributions(inner, ctx), p.col, p.colSpan, subgridEdges(item.style, 'column'), inner.colGap - grid.colGap);
    }
    const w = intrinsicWidths(item, ctx);
    return [{ start: p.col, span: p.colSpan, min: w.min, max: w.max, autoMin: automaticMinimum(item, w.min) }];
  });
}

/**
 * An item's minimum contribution to an `auto`-minimum track: its min-content width, unless a
 * `min-width` or a non-visible `overflow` replaces the automatic minimum (CSS Grid §6.6).
 */
function automaticMinimum(item: Box, minContent: number): number {
  const s = item.style;
  if (typeof s.width === 'number' || s.minWidth === 'auto' && s.overflow === 'visible') return minContent;
  const bp = s.borderLeft.width + s.borderRight.width + resolveLength(s.paddingLeft, 0) + resolveLength(s.paddingRight, 0);
  const margins = marginValue(s.marginLeft, 0) + marginValue(s.marginRight, 0);
  const min = typeof s.minWidth === 'number' ? (s.boxSizing === 'border-box' ? Math.max(s.minWidth, bp) : s.minWidth + bp) : bp;
  return Math.min(minContent, min + margins);
}

/** Min-content and max-content content widths of a grid container: its columns summed. */
export function gridIntrinsicWidths(box: GridBox, ctx: LayoutContext): { min: number; max: number } {
  const grid = buildGrid(box, null);
  const gap = grid.colGap;
  const contributions = widthContributions(grid, ctx);
  const total = (sizes: number[]): number => trackPositions(sizes, gap, grid.autoFit).total;
  return {
    min: total(sizeTracks(grid.columns, contributions, null, gap, grid.autoFit, false, true)),
    max: total(sizeTracks(grid.columns, contributions, null, gap, grid.autoFit, false)),
  };
}

function selfAlignment(self: string, container: string): string {
  const value = self === 'auto' || self === '' ? container : self;
  const last = value.split(' ').pop() ?? 'normal';
  if (value === 'baseline' || value === 'first baseline') return 'baseline';
  if (last === 'flex-start' || last === 'self-start' || last === 'left' || last === 'baseline') return 'start';
  if (last === 'flex-end' || last === 'self-end' || last === 'right') return 'end';
  return last;
}

/** An item laid out at its area's width, unpaginated, at y 0. */
interface LaidItem {
  fragment: BoxFragment;
  readonly mt: number;
  readonly mb: number;
  readonly outer: number;
  readonly x: number;
  readonly width: number;
  readonly forcedWidth: number | undefined;
  readonly shift: number;
  readonly forcedInside: boolean;
  readonly subgrid: SubgridAxes;
}

/** A grid's columns sized and its items laid out on them; row subgrids wait for the rows they span. */
interface MeasuredItems {
  readonly grid: Grid;
  readonly colSizes: readonly number[];
  readonly colX: readonly number[];
  readonly rowGap: number;
  /** Null for a row subgrid: laid out by `layItem` once its rows are sized. */
  readonly laid: readonly (LaidItem | null)[];
  readonly layItem: (i: number, rows: SubgridTracks) => LaidItem;
  /** The items' first-baseline offsets, for baseline-aligned items of one row. */
  readonly baselines: readonly (number | null)[];
  readonly rowBaseline: ReadonlyMap<number, number>;
  readonly rowContributions: readonly Contribution[];
}

/**
 * Sizes a grid's columns and lays its items out on them, unpaginated, collecting what they ask of
 * the rows (a row subgrid's items asking for the rows they lie on).
 */
function measureItems(box: GridBox, ctx: LayoutContext, contentX: number, width: number, rowGap: number, subgrid: SubgridAxes): MeasuredItems {
  const style = box.style;
  const grid = buildGrid(box, width, subgrid);
  const { colGap } = grid;
  const stretchCols = style.justifyContent === 'normal' || style.justifyContent === 'stretch';
  const colSizes = sizeTracks(grid.columns, widthContributions(grid, ctx), width, colGap, grid.autoFit, stretchCols);
  const cols = trackPositions(colSizes, colGap, grid.autoFit);
  const openCols = colSizes.filter((_, k) => !grid.autoFit.has(k)).length;
  const justify = contentOffsets(width - cols.total, openCols, style.justifyContent);
  const colX = cols.starts.map((s, k) => contentX + justify.offset + s + justify.between * k);
  const placements = grid.placement.placements;
  const areaWidth = (p: Placement): number => colX[p.col + p.colSpan - 1] + colSizes[p.col + p.colSpan - 1] - colX[p.col];
  // Right to left, the first column is the rightmost: an area's left edge is its last column's, mirrored.
  const rtl = style.direction === 'rtl';
  const areaLeft = (p: Placement): number => (rtl ? 2 * contentX + width - colX[p.col] - areaWidth(p) : colX[p.col]);
  const subgridColumns = (item: Box, p: Placement): SubgridTracks | undefined => (isColumnSubgrid(item) ? { sizes: colSizes.slice(p.col, p.col + p.colSpan), gap: colGap } : undefined);
  // Lay out each item at its area's width, unpaginated.
  const layItem = (i: number, rows?: SubgridTracks): LaidItem => {
    const item = grid.items[i];
    const p = placements[i];
    const s = item.style;
    const w = areaWidth(p);
    const ml = marginValue(s.marginLeft, w);
    const mr = marginValue(s.marginRight, w);
    const justifySelf = selfAlignment(s.justifySelf, style.justifyItems);
    const stretch = (justifySelf === 'normal' || justifySelf === 'stretch') && item.kind !== 'replaced' && s.marginLeft !== 'auto' && s.marginRight !== 'auto';
    let forcedWidth: number | undefined;
    if (s.width === 'auto' && item.kind !== 'replaced') {
      if (stretch && stretchableWidth(s)) forcedWidth = Math.max(0, w - ml - mr);
      else forcedWidth = Math.max(0, keywordWidth(s.widthKeyword ?? 'fit-content', intrinsicWidths(item, ctx), w) - ml - mr);
    }
    const left = areaLeft(p);
    const breaksBefore = pageBreaksPassedOver(ctx);
    const itemSubgrid: SubgridAxes = { columns: subgridColumns(item, p), rows };
    const result = anchoringStaticPositions(ctx, () => layoutBlockLevel(item, ctx, {
      x: left, y: 0, width: w, bottom: UNPAGINATED, atPageTop: true, forcedWidth, subgridColumns: itemSubgrid.columns, subgridRows: rows,
    }, null, NO_MARGINS, null, true));
    const forcedInside = pageBreaksPassedOver(ctx) !== breaksBefore;
    const fragment = result.fragment!;
    const mt = marginValue(s.marginTop, w);
    const mb = marginValue(s.marginBottom, w);
    const used = fragment.width + ml + mr;
    let shift = 0;
    if (!stretch) {
      // Auto margins absorb the free space before justify-self does.
      const free = w - used;
      if (s.marginLeft === 'auto') shift = s.marginRight === 'auto' ? free / 2 : free;
      else if (s.marginRight !== 'auto') shift = justifySelf === 'center' ? free / 2 : (justifySelf === 'end') !== rtl ? free : 0;
      translate(fragment, left + ml + shift - fragment.x, 0);
    }
    return { fragment, mt, mb, outer: fragment.height + mt + mb, x: left, width: w, forcedWidth, shift, forcedInside, subgrid: itemSubgrid };
  };
  const laid = grid.items.map((item, i) => (isRowSubgrid(item) ? null : layItem(i)));
  // Baseline-aligned items of a row share their first baselines: the row grows by their offsets.
  const baselines = laid.map((l, i) => {
    const baselined = l !== null && placements[i].rowSpan === 1 && selfAlignment(grid.items[i].style.alignSelf, style.alignItems) === 'baseline';
    return baselined ? (firstBaseline(l.fragment) ?? l.fragment.y + l.fragment.height) - l.fragment.y + l.mt : null;
  });
  const rowBaseline = new Map<number, number>();
  baselines.forEach((b, i) => {
    if (b !== null) rowBaseline.set(placements[i].row, Math.max(rowBaseline.get(placements[i].row) ?? 0, b));
  });
  const rowContributions = laid.flatMap((l, i): Contribution[] => {
    const p = placements[i];
    const item = grid.items[i];
    if (l === null && isRowSubgrid(item)) return subgridRowContributions(item, p, ctx, areaWidth(p), subgridColumns(item, p), rowGap);
    const outer = l!.outer + (baselines[i] === null ? 0 : rowBaseline.get(p.row)! - baselines[i]!);
    return [{ start: p.row, span: p.rowSpan, min: outer, max: outer }];
  });
  return { grid, colSizes, colX, rowGap, laid, layItem, baselines, rowBaseline, rowContributions };
}

/**
 * A row subgrid's items' contributions to the parent's rows it spans (`p`), from its items laid out
 * on its columns in the parent's area of `areaWidth`.
 */
function subgridRowContributions(item: GridBox, p: Placement, ctx: LayoutContext, areaWidth: number, columns: SubgridTracks | undefined, parentGap: number): Contribution[] {
  const s = item.style;
  const horizontal = subgridEdges(s, 'column');
  const width = Math.max(0, areaWidth - horizontal.start - horizontal.end);
  const rows: SubgridTracks = { sizes: new Array<number>(p.rowSpan).fill(0), gap: parentGap };
  const ownGap = trackGap(s.rowGap, rows, 0);
  // Laid out to be measured only: the positioned boxes met inside are registered by the subgrid's own layout.
  const inner = holdingAbsolutes(ctx, () => measureItems(item, ctx, 0, width, ownGap, { columns, rows })).result;
  return throughSubgrid(inner.rowContributions, p.row, p.rowSpan, subgridEdges(s, 'row'), ownGap - parentGap);
}

/** Lays out every item in its grid area and cuts the rows into bands at the breakable row boundaries. */
function gridBands(
  box: GridBox, ctx: LayoutContext, contentX: number, width: number, definiteHeight: number | null, minHeight: number | null = null, subgrid: SubgridAxes = {},
): { bands: Band[]; rowGap: number; height: number | null; offset: number } {
  const style = box.style;
  const rowGap = trackGap(style.rowGap, subgrid.rows, definiteHeight ?? 0);
  const measured = measureItems(box, ctx, contentX, width, rowGap, subgrid);
  const { grid, rowContributions } = measured;
  const placements = grid.placement.placements;
  const baselineShift = (i: number): number => (measured.baselines[i] === null ? 0 : measured.rowBaseline.get(placements[i].row)! - measured.baselines[i]!);
  // Rows: sized from the laid-out heights.
  let { sizes: rowSizes, height: autoHeight } = sizeRows(grid.rows, rowContributions, definiteHeight, rowGap, style);
  let rows = trackPositions(rowSizes, rowGap, new Set());
  // An indefinite height with a definite min-height larger than the rows: the rows are sized (auto
  // rows stretched, fr rows shared) and aligned in the min-height (CSS Grid 1 §12.1, §12.7).
  const fillHeight = definiteHeight ?? (minHeight !== null && minHeight > rows.total + 0.01 ? minHeight : null);
  if (definiteHeight === null && fillHeight !== null) {
    rowSizes = sizeTracks(grid.rows, rowContributions, fillHeight, rowGap, new Set(), style.alignContent === 'normal' || style.alignContent === 'stretch');
    autoHeight = null;
    rows = trackPositions(rowSizes, rowGap, new Set());
  }
  const alignContent = fillHeight === null ? { offset: 0, between: 0 } : contentOffsets(fillHeight - rows.total, rowSizes.length, style.alignContent);
  const rowY = rows.starts.map((s, k) => alignContent.offset + s + alignContent.between * k);
  // Row subgrids are laid out on the rows they span, now sized.
  const laid = measured.laid.map((l, i) => l ?? measured.layItem(i, {
    sizes: rowSizes.slice(placements[i].row, placements[i].row + placements[i].rowSpan), gap: rowGap + alignContent.between,
  }));
  // Place each item in its area on the block axis.
  const stretchedHeights: (number | undefined)[] = [];
  laid.forEach((l, i) => {
    const p = placements[i];
    const item = grid.items[i];
    const areaH = rowY[p.row + p.rowSpan - 1] + rowSizes[p.row + p.rowSpan - 1] - rowY[p.row];
    // A subgrid is stretched over the rows it spans.
    const align = isRowSubgrid(item) ? 'stretch' : selfAlignment(item.style.alignSelf, style.alignItems);
    let f = l.fragment;
    const subgrid = { subgridColumns: l.subgrid.columns, subgridRows: l.subgrid.rows };
    // A percentage height resolves against the grid area, known once the rows are sized.
    const percentHeight = typeof item.style.height === 'object' && item.kind !== 'replaced' ? percentageBorderBox(item.style, f, areaH) : null;
    if (percentHeight !== null) {
      f = l.fragment = relaidAt(item, ctx, f, l.width, l.forcedWidth ?? f.width, percentHeight, subgrid);
      f.height = percentHeight;
      stretchedHeights[i] = percentHeight;
    }
    const outer = percentHeight === null ? l.outer : percentHeight + l.mt + l.mb;
    let top = rowY[p.row] + l.mt;
    const autoTop = item.style.marginTop === 'auto';
    if (autoTop || item.style.marginBottom === 'auto') top += autoTop && item.style.marginBottom === 'auto' ? (areaH - outer) / 2 : autoTop ? areaH - outer : 0;
    else if (align === 'baseline') top += baselineShift(i);
    else if (align === 'center') top += (areaH - outer) / 2;
    else if (align === 'end') top += areaH - outer;
    else if ((align === 'normal' || align === 'stretch') && item.style.height === 'auto' && item.kind !== 'replaced') {
      const stretched = Math.max(f.height, areaH - l.mt - l.mb);
      // A stretched flex or grid container aligns its own content in its new height, and the
      // stretched height is definite for the percentage heights of a block's children: laid out again at it.
      if (stretched > f.height + 0.01 && (item.kind === 'flex' || item.kind === 'grid' || hasPercentageHeightChild(item))) f = l.fragment = relaidAt(item, ctx, f, l.width, l.forcedWidth ?? f.width, stretched, subgrid);
      f.height = stretched;
      stretchedHeights[i] = stretched;
    }
    translate(f, 0, top - f.y);
  });
  // Bands: cut between rows that no item spans across.
  const bands: Band[] = [];
  let start = 0;
  for (let r = 0; r < rowSizes.length; r++) {
    const crossed = placements.some((p) => p.row <= r && r + 1 < p.row + p.rowSpan);
    if (crossed && r + 1 < rowSizes.length) continue;
    const top = rowY[start];
    const inBand = laid.map((l, i) => ({ l, i })).filter(({ i }) => placements[i].row >= start && placements[i].row <= r);
    const fragments = inBand.map(({ l }) => l.fragment);
    for (const f of fragments) translate(f, 0, -top);
    const items = inBand.map(({ l, i }) => ({
      box: grid.items[i], x: l.x, width: l.width, top: rowY[placements[i].row] - top, forcedWidth: l.forcedWidth, forcedHeight: stretchedHeights[i], shift: l.shift, subgrid: l.subgrid,
    }));
    bands.push({ fragments, height: rowY[r] + rowSizes[r] - top, items, forcedInside: inBand.some(({ l }) => l.forcedInside) });
    start = r + 1;
  }
  return { bands, rowGap: rowGap + alignContent.between, height: autoHeight, offset: alignContent.offset };
}

/** Row sizes: fixed, or from the items' laid-out heights; fr rows share a definite height, else match the largest fraction. */
function sizeRows(tracks: readonly TrackSize[], items: readonly Contribution[], height: number | null, gap: number, style: ComputedStyle): { sizes: number[]; height: number | null } {
  const stretch = style.alignContent === 'normal' || style.alignContent === 'stretch';
  if (height !== null) return { sizes: sizeTracks(tracks, items, height, gap, new Set(), stretch), height: null };
  // Indefinite height: sized under a max-content constraint, every track at its growth limit;
  // percentages count as auto, then resolve against the height that gives (as Chromium does).
  const isPercent = (b: Breadth): boolean => b.kind === 'length' && typeof b.value !== 'number';
  const asAuto = tracks.map((t) => (isPercent(t.min) || isPercent(t.max) ? AUTO_TRACK : t));
  const sizes = sizeTracks(asAuto, items, null, gap, new Set(), false);
  if (asAuto.every((t, k) => t === tracks[k])) return { sizes, height: null };
  const total = trackPositions(sizes, gap, new Set()).total;
  return { sizes: sizeTracks(tracks, items, total, gap, new Set(), false), height: total };
}

/**
 * Lays out the items of a band from `y` down to the page's end `bottom` (fresh, or resuming a split
 * band), returning their fragments, how many were placed, and the states of a further split.
 */
function layoutBandPart(
  band: Band, ctx: LayoutContext, dx: number, y: number, bottom: number, atPageTop: boolean, states: readonly ItemState[] | null,
): { fragments: BoxFragment[]; placed: number; bottom: number; states: ItemState[] | null; pushed: boolean } {
  const fragments: BoxFragment[] = [];
  const out: ItemState[] = [];
  let placed = 0;
  // An item starting in this band of which nothing fits here (its first lines would be orphans).
  let pushed = false;
  let end = y;
  let more = false;
  band.items.forEach((item, k) => {
    const state = states?.[k];
    if (state?.done) {
      out.push(state);
      return;
    }
    const token = state ? state.token : null;
    const itemTop = states ? y : y + item.top;
    const result = anchoringStaticPositions(ctx, () => layoutBlockLevel(item.box, ctx, {
      x: item.x + dx, y: itemTop, width: item.width, bottom, atPageTop: atPageTop || token !== null, forcedWidth: item.forcedWidth, forcedHeight: item.forcedHeight,
      truncateTopMargin: token !== null && !isForcedResume(token), subgridColumns: item.subgrid.columns, subgridRows: item.subgrid.rows,
    }, token, NO_MARGINS, null, true));
    if (!result.fragment) {
      out.push({ done: false, token });
      more = true;
      if (token === null) pushed = true;
      return;
    }
    if (item.shift !== 0) translate(result.fragment, item.shift, 0);
    fragments.push(result.fragment);
    placed++;
    end = Math.max(end, result.bottom + (result.next ? 0 : Math.max(0, result.margins.pos + result.margins.neg)));
    if (result.next) more = true;
    out.push(result.next ? { done: false, token: result.next } : { done: true });
  });
  if (more) end = Math.max(end, bottom);
  return { fragments, placed, bottom: end, states: more ? out : null, pushed };
}


/** Lays out a grid container; bands of rows that do not fit move to the next page. */
export function layoutGrid(box: GridBox, ctx: LayoutContext, space: FlowSpace, resume: Resume | null, incoming: MarginState): BlockResult {
  const style = box.style;
  const frame = openContainer(box, ctx, space, resume, incoming);
  const { h, continuing, cb, top, border, padding, contentX, contentWidth, bpY } = frame;
  const definiteHeight = specifiedContentHeight(style, space, bpY);
  const state = resume?.kind === 'grid' ? (resume.state as GridState) : null;
  const minHeight = typeof style.minHeight === 'number' ? style.minHeight
    : typeof style.minHeight === 'object' && space.cbHeight !== undefined ? resolveLength(style.minHeight, space.cbHeight) : null;
  const fromRatio = ratioContentHeight(style, space, frame);
  const minContentHeight = minHeight === null ? (fromRatio > 0 ? fromRatio : null) : Math.max(contentSize(minHeight, style, bpY), fromRatio);
  const built: GridState = state ?? { ...gridBands(box, ctx, contentX, contentWidth, definiteHeight, minContentHeight, {
    columns: isColumnSubgrid(box) ? space.subgridColumns : undefined, rows: isRowSubgrid(box) ? space.subgridRows : undefined,
  }), index: 0, split: null, contentX };
  const { bands, rowGap } = built;
  const startIndex = built.index;
  let y = top + border.top + padding.top;
  // Absolutely positioned children are not grid items: placed from the grid's content-box corner.
  if (!continuing) for (const child of box.children) if (isOutOfFlow(child)) registerAbsolute(ctx, child, contentX, y);
  if (!continuing) y += built.offset ?? 0;
  const carried = continuing ? built.carry ?? 0 : 0;
  if (carried > 0 && space.bottom !== UNPAGINATED && y + carried > space.bottom + 0.01) {
    // A row taller than a page: this page holds nothing but more of it.
    const room = Math.max(0, space.bottom - y);
    return closeContainer(box, frame, space, room, [], { kind: 'grid', state: { ...built, carry: carried - room } satisfies GridState });
  }
  y += carried;
  const children: Fragment[] = [];
  let index = startIndex;
  let split = built.split;
  let next: Resume | null = null;
  // A forced break before the first row's items is a break before the grid.
  if (!continuing && !space.atPageTop && bands.length > 0 && forcesBreakBefore(bands[0].items) && takesPageBreak(ctx, space.bottom)) return pushWhole(space, incoming);
  for (; index < bands.length; index++) {
    const band = bands[index];
    const first = index === startIndex;
    if (!first && split === null && children.length > 0 && forcedBreakBetween(bands[index - 1].items, band.items) && takesPageBreak(ctx, space.bottom)) break;
    if (split === null && !(band.forcedInside && space.bottom !== UNPAGINATED) && y + band.height <= space.bottom + 0.01) {
      const tops = (band.tops ??= band.fragments.map((f) => f.y));
      const lefts = (band.lefts ??= band.fragments.map((f) => f.x - built.contentX));
      band.fragments.forEach((f, k) => translate(f, contentX + lefts[k] - f.x, y + tops[k] - f.y));
      children.push(...band.fragments);
      y += band.height + (index + 1 < bands.length ? rowGap : 0);
      continue;
    }
    // The band does not fit (or continues from the previous page): its items are laid out again against the page's end.
    const part = layoutBandPart(band, ctx, contentX - built.contentX, y, space.bottom, space.atPageTop && first, split);
    // A row one of whose items cannot start here moves to the next page whole, as Chromium
    // fragments grid rows: its other items do not start without it.
    if ((part.placed === 0 || part.pushed && split === null) && !(space.atPageTop && first)) break;
    children.push(...part.fragments);
    // Every item placed but the row's own size runs past the page's end: the row runs on at the next
    // page's top, as Chromium fragments grid rows (decision 0386).
    if (!part.states && split === null && space.bottom !== UNPAGINATED && y + band.height > space.bottom + 0.01) {
      const carry = y + band.height - space.bottom + (index + 1 < bands.length ? rowGap : 0);
      next = { kind: 'grid', state: { bands, rowGap, index: index + 1, split: null, height: null, carry, contentX: built.contentX } satisfies GridState };
      y = space.bottom;
      index++;
      break;
    }
    if (part.states) {
      split = part.states;
      next = { kind: 'grid', state: { bands, rowGap, index, split, height: null, contentX: built.contentX } satisfies GridState };
      y = Math.max(y, part.bottom);
      break;
    }
    y = (split === null ? Math.max(part.bottom, y + band.height) : part.bottom) + (index + 1 < bands.length ? rowGap : 0);
    split = null;
  }
  // When no row fits, the break goes before the first one, inside the grid, if its top border and
  // padding fit here (as Chromium breaks a grid); else before the grid.
  if (index === startIndex && children.length === 0 && bands.length > 0 && !space.atPageTop
    && (continuing || top + border.top + padding.top >= space.bottom - 0.01)) {
    return pushWhole(space, incoming);
  }
  if (!next && index < bands.length) next = { kind: 'grid', state: { bands, rowGap, index, split: null, height: null, contentX: built.contentX } satisfies GridState };
  if (next && !continuing && !space.atPageTop && (style.breakInside === 'avoid' || style.breakInside === 'avoid-page')) {
    return pushWhole(space, incoming);
  }
  let contentHeight = y - (top + border.top + padding.top);
  if (!next && definiteHeight !== null && !continuing) contentHeight = definiteHeight;
  else if (!next && built.height !== null && !continuing) contentHeight = built.height;
  if (!next && minContentHeight !== null) contentHeight = Math.max(contentHeight, minContentHeight);
  if (!next && typeof style.maxHeight === 'number') contentHeight = Math.min(contentHeight, contentSize(style.maxHeight, style, bpY));
  return closeContainer(box, frame, space, contentHeight, children, next, !next && bands.length > 0 && forcesBreakAfter(bands[bands.length - 1].items));
}

/** The border-box height a percentage `height` gives in a grid area `areaH` high, within min-height and max-height. */
function percentageBorderBox(style: ComputedStyle, fragment: BoxFragment, areaH: number): number {
  const bpY = fragment.border.top + fragment.border.bottom + fragment.padding.top + fragment.padding.bottom;
  const toBorderBox = (v: number): number => (style.boxSizing === 'border-box' ? Math.max(v, bpY) : v + bpY);
  const resolve = (v: ComputedStyle['height']): number | null => (v === 'auto' ? null : toBorderBox(resolveLength(v, areaH)));
  const min = typeof style.minHeight === 'number' || typeof style.minHeight === 'object' ? resolve(style.minHeight) ?? 0 : 0;
  const max = typeof style.maxHeight === 'number' || typeof style.maxHeight === 'object' ? resolve(style.maxHeight) : null;
  return Math.max(min, Math.min(resolve(style.height) ?? fragment.height, max ?? Number.POSITIVE_INFINITY));
}
