// Column widths: each column's min- and max-content width from its cells, column elements and
// specified widths (auto layout), or from the first row and columns alone (table-layout: fixed),
// and how a table width is shared among the columns.
import type { BlockBox, TableBox } from '../boxes/types.js';
import { intrinsicWidths } from './block.js';
import { layoutUnits } from '../css/values/layout-units.js';
import { borderEdges, paddingEdges, resolveLength, type LayoutContext } from './context.js';
import { spacingOf, type Grid } from './table-grid.js';
import { tableModel } from './table-model.js';

export interface ColumnWidths {
  readonly min: number[];
  readonly max: number[];
  /** A px width from the column or its cells, else null. */
  readonly fixed: (number | null)[];
  /** A percentage of the table width from the column or its cells, else null. */
  readonly percent: (number | null)[];
}

/** Min/max-content and specified widths of every column (CSS 2.1 §17.5.2.2, as browsers do it). */
export function columnWidths(table: TableBox, grid: Grid, ctx: LayoutContext): ColumnWidths {
  const n = grid.columnCount;
  const min = new Array<number>(n).fill(0);
  const max = new Array<number>(n).fill(0);
  const fixed = new Array<number | null>(n).fill(null);
  const percent = new Array<number | null>(n).fill(null);
  for (let c = 0; c < n; c++) {
    const width = grid.columns[c]?.style.width;
    if (typeof width === 'number') fixed[c] = width;
    else if (width && width !== 'auto' && typeof width === 'object' && width.px === undefined) percent[c] = width.percent;
  }
  const sorted = [...grid.cells].sort((a, b) => a.cell.colspan - b.cell.colspan);
  const [hs] = spacingOf(table);
  for (const placed of sorted) {
    const { column } = placed;
    const specified = placed.cell.style.width;
    const w = cellIntrinsicWidths(placed.content, ctx);
    const cellMin = w.min;
    const cellMax = w.max;
    if (typeof specified === 'object' && placed.cell.colspan === 1) percent[column] = Math.max(percent[column] ?? 0, specified.percent);
    if (placed.cell.colspan === 1) {
      min[column] = Math.max(min[column], cellMin);
      max[column] = Math.max(max[column], cellMax);
      if (typeof specified === 'number') fixed[column] = Math.max(fixed[column] ?? 0, cellMax);
    } else {
      // As Chromium (DistributeColspanCellToColumnsAuto): the cell's min- and then max-content
      // widths, less the spacing inside it, shared among its columns the way a table width is,
      // each column keeping the larger of its own and its share.
      const span = Array.from({ length: placed.cell.colspan }, (_, i) => column + i).filter((c) => c < n);
      const spanSpacing = hs * (span.length - 1);
      const spanned = (): ColumnWidths => ({ min: span.map((c) => min[c]), max: span.map((c) => max[c]), fixed: span.map((c) => fixed[c]), percent: span.map((c) => percent[c]) });
      const mins = distribute(spanned(), Math.max(0, cellMin - spanSpacing));
      span.forEach((c, i) => (min[c] = Math.max(min[c], mins[i])));
      const maxes = distribute(spanned(), Math.max(0, cellMax - spanSpacing));
      span.forEach((c, i) => (max[c] = Math.max(min[c], max[c], maxes[i])));
    }
  }
  for (let c = 0; c < n; c++) {
    const f = fixed[c];
    if (f !== null) max[c] = Math.max(min[c], f);
    max[c] = Math.max(max[c], min[c]);
  }
  return { min, max, fixed, percent };
}

/**
 * A cell's min- and max-content widths, as Chromium takes them (CreateCellInlineConstraint): its
 * content's min-content width (a px `width` does not raise it, so such columns can be squeezed),
 * and its px `width` as its max.
 */
function cellIntrinsicWidths(cell: BlockBox, ctx: LayoutContext): { min: number; max: number } {
  const width = cell.style.width;
  if (typeof width !== 'number') return intrinsicWidths(cell, ctx);
  const content = intrinsicWidths({ ...cell, style: { ...cell.style, width: 'auto' } }, ctx);
  const outer = intrinsicWidths(cell, ctx).max;
  return { min: content.min, max: Math.max(content.min, outer) };
}

/**
 * The widest the columns want to be together: the sum of their max-content widths, or more where
 * percentage columns need room for their share (a 50% column of 80px asks for 160px), as Chromium
 * estimates it.
 */
export function columnsMaxWidth(cols: ColumnWidths): number {
  let sum = 0;
  let nonPercent = 0;
  let remaining = 100;
  let estimate = 0;
  cols.max.forEach((max, c) => {
    sum += max;
    const p = cols.percent[c];
    if (p === null) {
      nonPercent += max;
      return;
    }
    if (p > 0 && max > 0) estimate = Math.max(estimate, (max * 100) / p);
    remaining -= p;
  });
  if (remaining > 0 && nonPercent > 0 && remaining < 100) estimate = Math.max(estimate, (nonPercent * 100) / remaining);
  // Percentages that take it all beside columns that need room: no width is enough, and the table
  // takes all it can (Blink's auto table layout, which uses its largest table width then).
  if (remaining <= 0 && nonPercent > 0) return UNBOUNDED_TABLE_WIDTH;
  return Math.max(sum, estimate);
}

/** The max-content width of a table that no width satisfies: larger than any page. */
const UNBOUNDED_TABLE_WIDTH = 1e6;

/** The table's min- and max-content widths, border-box. */
export function tableIntrinsicWidths(table: TableBox, ctx: LayoutContext): { min: number; max: number } {
  const { grid, borders } = tableModel(table, ctx);
  const all = columnWidths(table, grid, ctx);
  // Collapsed columns take no room.
  const visible = <T>(values: T[]): T[] => values.filter((_, c) => !grid.collapsedColumns[c]);
  const columns = { min: visible(all.min), max: visible(all.max), fixed: visible(all.fixed), percent: visible(all.percent) };
  const [hs] = spacingOf(table);
  const border = borders ? borders.table : borderEdges(table.style);
  const padding = borders ? { left: 0, right: 0 } : paddingEdges(table.style, 0);
  const extra = hs * (columns.min.length + 1) + border.left + border.right + padding.left + padding.right;
  const captions = captionsMinWidth(table, ctx);
  return { min: Math.max(columns.min.reduce((a, b) => a + b, 0) + extra, captions), max: Math.max(columnsMaxWidth(columns) + extra, captions) };
}

/** The widest min-content width of the table's captions (margin boxes): the least the table's border box may be. */
export function captionsMinWidth(table: TableBox, ctx: LayoutContext): number {
  let widest = 0;
  for (const caption of table.captions) widest = Math.max(widest, intrinsicWidths(caption, ctx).min);
  return widest;
}

/**
 * Column widths for a table content width `target`, as Chromium shares it
 * (DistributeInlineSizeToComputedInlineSizeAuto, css-tables-3 §3.9.3): four guesses (every column
 * at its min; percentage columns at their share; px columns at their width too; auto columns at
 * their max content too), and the widths between the two guesses that bracket `target`,
 * interpolated in proportion to how much each column grows from one to the next. Past the last
 * guess the extra goes to auto columns (in proportion to their max), else to px columns, else to
 * percentage columns.
 */
export function distribute(cols: ColumnWidths, target: number): number[] {
  const { min, max, fixed, percent } = cols;
  const n = min.length;
  const kind = (c: number): 'percent' | 'fixed' | 'auto' => (percent[c] !== null ? 'percent' : fixed[c] !== null ? 'fixed' : 'auto');
  const share = (c: number): number => Math.max(min[c], layoutUnits(((percent[c] ?? 0) / 100) * target));
  // Each column's width at the four guesses.
  const guesses = [0, 1, 2, 3].map((g) => Array.from({ length: n }, (_, c) => {
    const k = kind(c);
    if (g === 0) return min[c];
    if (k === 'percent') return share(c);
    if (k === 'fixed') return g >= 2 ? max[c] : min[c];
    return g >= 3 ? max[c] : min[c];
  }));
  const totals = guesses.map((widths) => widths.reduce((a, b) => a + b, 0));
  if (target <= totals[0]) return [...guesses[0]];
  for (let g = 1; g < 4; g++) {
    if (target > totals[g]) continue;
    const from = guesses[g - 1];
    const to = guesses[g];
    const growing = g === 1 ? 'percent' : g === 2 ? 'fixed' : 'auto';
    // A table as wide as its columns' max-content takes them as they are (Blink: no rounding then).
    if (g === 3 && target === totals[3]) return [...to];
    return grown(from, target - totals[g - 1], columnsOf(n, kind, growing), (c) => to[c] - from[c]);
  }
  const extra = target - totals[3];
  for (const k of ['auto', 'fixed', 'percent'] as const) {
    const group = columnsOf(n, kind, k);
    if (group.length === 0) continue;
    return grown(guesses[3], extra, group, (c) => (k === 'percent' ? (percent[c] ?? 0) / 100 : max[c]));
  }
  return [...guesses[3]];
}

/**
 * `widths` with `extra` shared among `group` in proportion to `weight`, as Blink shares it
 * (DistributeInlineSizeToComputedInlineSizeAuto): in whole layout units, each share truncated
 * (LayoutUnit::MulDiv), what that leaves given to the group's last column. A 300px table shared
 * 1:3 by max-content widths of 48.02 and 144.03 has columns of 75 and 225, not 75.006 and 224.994
 * (decision 0395).
 */
function grown(widths: readonly number[], extra: number, group: readonly number[], weight: (c: number) => number): number[] {
  const out = [...widths];
  if (group.length === 0) return out;
  const units = (px: number): number => Math.round(px * 64);
  const extraUnits = units(extra);
  const weights = group.map((c) => Math.max(0, weight(c)));
  const total = weights.reduce((a, b) => a + b, 0);
  let left = extraUnits;
  group.forEach((c, i) => {
    const share = total > 0 ? Math.trunc((extraUnits * weights[i]!) / total) : Math.trunc(extraUnits / group.length);
    out[c]! += share / 64;
    left -= share;
  });
  out[group[group.length - 1]!]! += left / 64;
  return out;
}

function columnsOf<K>(n: number, kind: (c: number) => K, wanted: K): number[] {
  return Array.from({ length: n }, (_, c) => c).filter((c) => kind(c) === wanted);
}

function outerWidth(specified: number, style: TableBox['style'], basis: number): number {
  if (style.boxSizing === 'border-box') return specified;
  const border = borderEdges(style);
  const padding = paddingEdges(style, basis);
  return specified + border.left + border.right + padding.left + padding.right;
}

/**
 * `table-layout: fixed` (CSS 2.1 §17.5.2.1): widths from the column elements, then from the
 * cells of the first row; the other columns share what is left equally. Cell content is not
 * looked at. With no auto column left, the columns grow in proportion to fill `target`.
 */
export function fixedColumnWidths(table: TableBox, grid: Grid, target: number): number[] {
  const n = grid.columnCount;
  const widths = new Array<number | null>(n).fill(null);
  const percent = new Array<boolean>(n).fill(false);
  for (let c = 0; c < n; c++) {
    const width = grid.columns[c]?.style.width;
    if (width !== undefined && width !== 'auto') widths[c] = resolveLength(width, target);
    percent[c] = typeof width === 'object';
  }
  const [hs] = spacingOf(table);
  for (const placed of grid.cellsByRow[0] ?? []) {
    const specified = placed.cell.style.width;
    if (specified === 'auto') continue;
    const span = Array.from({ length: placed.cell.colspan }, (_, i) => placed.column + i).filter((c) => c < n && widths[c] === null);
    if (span.length === 0) continue;
    const outer = outerWidth(resolveLength(specified, target), placed.content.style, target) - hs * (span.length - 1);
    for (const c of span) {
      widths[c] = Math.max(0, outer / span.length);
      percent[c] = typeof specified === 'object';
    }
  }
  // Percentage columns share what the px columns leave, scaled down together when they ask for
  // more (as Chromium: px columns widen the table, percentages never do).
  const pxTaken = widths.reduce<number>((s, w, c) => s + (w !== null && !percent[c] ? w : 0), 0);
  const percentTaken = widths.reduce<number>((s, w, c) => s + (w !== null && percent[c] ? w : 0), 0);
  const room = Math.max(0, target - pxTaken);
  if (percentTaken > room) for (let c = 0; c < n; c++) if (percent[c] && widths[c] !== null) widths[c] = room > 0 ? (widths[c]! * room) / percentTaken : 0;
  const autos = widths.filter((w) => w === null).length;
  const taken = widths.reduce<number>((s, w) => s + (w ?? 0), 0);
  if (autos > 0) {
    const share = Math.max(0, target - taken) / autos;
    return widths.map((w) => w ?? share);
  }
  const fixed = widths as number[];
  if (taken < target && taken > 0) return fixed.map((w) => w + ((target - taken) * w) / taken);
  if (taken < target) return fixed.map(() => target / n);
  return fixed;
}
