// Subgrids (CSS Grid 2 §9): a grid item whose columns or rows are the parent's tracks it spans. Its
// items take part in sizing those tracks; it creates no implicit tracks in a subgridded axis.
import type { Box, GridBox } from '../boxes/types.js';
import type { ComputedStyle } from '../css/types.js';
import type { SubgridTracks } from './block.js';
import { marginValue, resolveLength } from './context.js';
import type { Placement, PlacementResult } from './grid-placement.js';
import type { expandTracks, TrackSize } from './grid-template.js';

/** The parent's tracks a subgrid lays out on, per axis it subgrids. */
export interface SubgridAxes {
  readonly columns?: SubgridTracks | undefined;
  readonly rows?: SubgridTracks | undefined;
}

export type GridAxis = 'column' | 'row';

/** What an item asks of the tracks it spans, `start` and `span` in its grid's tracks. */
export interface TrackContribution {
  readonly start: number;
  readonly span: number;
  readonly min: number;
  readonly max: number;
  /** The minimum contribution to tracks with an `auto` minimum (less than `min` with `min-width` or `overflow`). */
  readonly autoMin?: number;
}

/** Whether a grid item's columns are its parent grid's (`grid-template-columns: subgrid`). */
export function isColumnSubgrid(box: Box): box is GridBox {
  return box.kind === 'grid' && /^\s*subgrid\b/i.test(box.style.gridTemplateColumns);
}

/** Whether a grid item's rows are its parent grid's (`grid-template-rows: subgrid`). */
export function isRowSubgrid(box: Box): box is GridBox {
  return box.kind === 'grid' && /^\s*subgrid\b/i.test(box.style.gridTemplateRows);
}

/** A grid's gap on an axis: its own, or on a subgridded axis left `normal`, its parent's. */
export function trackGap(value: ComputedStyle['rowGap'] | 'normal', parent: SubgridTracks | undefined, basis: number): number {
  if (value === 'normal') return parent ? parent.gap : 0;
  return Math.max(0, resolveLength(value, basis));
}

/**
 * A subgrid's margin, border and padding before its first and after its last track on an axis
 * (percentage margins count as 0: the parent's area is not known where they are needed).
 */
export function subgridEdges(style: ComputedStyle, axis: GridAxis): { readonly start: number; readonly end: number } {
  if (axis === 'column') {
    return {
      start: marginValue(style.marginLeft, 0) + style.borderLeft.width + resolveLength(style.paddingLeft, 0),
      end: marginValue(style.marginRight, 0) + style.borderRight.width + resolveLength(style.paddingRight, 0),
    };
  }
  return {
    start: marginValue(style.marginTop, 0) + style.borderTop.width + resolveLength(style.paddingTop, 0),
    end: marginValue(style.marginBottom, 0) + style.borderBottom.width + resolveLength(style.paddingBottom, 0),
  };
}

/**
 * A subgrid's tracks on an axis: the parent's it spans, fixed at their sizes, the first and last
 * less the subgrid's own edges, and each inner side less half of how much its own gap exceeds the
 * parent's (its gaps are centred on the parent's, as Chromium lays them).
 */
export function subgridTracks(style: ComputedStyle, axis: GridAxis, parent: SubgridTracks, ownGap: number): ReturnType<typeof expandTracks> {
  const edges = subgridEdges(style, axis);
  const half = (ownGap - parent.gap) / 2;
  const last = parent.sizes.length - 1;
  const sizes = parent.sizes.map((size, k) => Math.max(0, size - (k === 0 ? edges.start : half) - (k === last ? edges.end : half)));
  const tracks = sizes.map((size): TrackSize => ({ min: { kind: 'length', value: size }, max: { kind: 'length', value: size } }));
  return { tracks, names: sizes.map((): string[] => []).concat([[]]), autoFit: new Set() };
}

/** No implicit tracks in a subgridded axis: an item placed past its tracks is moved and cut to fit in them. */
export function clampToSubgrid(result: PlacementResult, rows: number | null, columns: number | null): PlacementResult {
  if (rows === null && columns === null) return result;
  const clamp = (start: number, span: number, offset: number, count: number | null): readonly [number, number] => {
    if (count === null) return [start, span];
    const first = Math.min(Math.max(0, start - offset), count - 1);
    return [first, Math.max(1, Math.min(span, count - first))];
  };
  const placements = result.placements.map((p): Placement => {
    const [row, rowSpan] = clamp(p.row, p.rowSpan, result.rowOffset, rows);
    const [col, colSpan] = clamp(p.col, p.colSpan, result.colOffset, columns);
    return { row, rowSpan, col, colSpan };
  });
  return {
    placements,
    rows: rows ?? result.rows,
    columns: columns ?? result.columns,
    rowOffset: rows === null ? result.rowOffset : 0,
    colOffset: columns === null ? result.colOffset : 0,
  };
}

/**
 * A subgrid's items' contributions as the parent's, on the `span` tracks from `start` it covers:
 * items at its first or last track carry its edges too, items elsewhere half of how much its gap
 * exceeds the parent's on each inner side; its edges alone also count, for edge tracks no item is in.
 */
export function throughSubgrid(
  inner: readonly TrackContribution[], start: number, span: number, edges: { readonly start: number; readonly end: number }, gapExcess: number,
): TrackContribution[] {
  const half = gapExcess / 2;
  const mapped = inner.map((c): TrackContribution => {
    const extra = (c.start === 0 ? edges.start : half) + (c.start + c.span >= span ? edges.end : half);
    const moved = { start: start + c.start, span: c.span, min: c.min + extra, max: c.max + extra };
    return c.autoMin === undefined ? moved : { ...moved, autoMin: c.autoMin + extra };
  });
  const alone = (at: number, size: number): TrackContribution => ({ start: at, span: 1, min: size, max: size });
  const edgeItems = span === 1 ? [alone(start, edges.start + edges.end)] : [alone(start, edges.start), alone(start + span - 1, edges.end)];
  return [...mapped, ...edgeItems];
}
