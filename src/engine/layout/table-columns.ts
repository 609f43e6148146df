// Column widths: each column's min- and max-content width from its cells, column elements and
// specified widths (auto layout), or from the first row and columns alone (table-layout: fixed),
// and how a table width is shared among the columns.
import type { TableBox } from '../boxes/types.js';
import { intrinsicWidths } from './block.js';
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
    const w = intrinsicWidths(placed.content, ctx);
    const cellMin = w.min;
    const cellMax = w.max;
    const specified = placed.cell.style.width;
    if (typeof specified === 'object' && placed.cell.colspan === 1) percent[column] = Math.max(percent[column] ?? 0, specified.percent);
    if (placed.cell.colspan === 1) {
      min[column] = Math.max(min[column], cellMin);
      max[column] = Math.max(max[column], cellMax);
      if (typeof specified === 'number') fixed[column] = Math.max(fixed[column] ?? 0, cellMax);
    } else {
      const span = Array.from({ length: placed.cell.colspan }, (_, i) => column + i).filter((c) => c < n);
      const spanSpacing = hs * (span.length - 1);
      const curMin = span.reduce((s, c) => s + min[c], 0) + spanSpacing;
      const curMax = span.reduce((s, c) => s + max[c], 0) + spanSpacing;
      if (cellMin > curMin) for (const c of span) min[c] += (cellMin - curMin) / span.length;
      if (cellMax > curMax) {
        const total = span.reduce((s, c) => s + max[c], 0);
        for (const c of span) max[c] += total > 0 ? ((cellMax - curMax) * max[c]) / total : (cellMax - curMax) / span.length;
      }
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
  return Math.max(sum, estimate);
}

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
  return { min: columns.min.reduce((a, b) => a + b, 0) + extra, max: columnsMaxWidth(columns) + extra };
}

/**
 * Column widths for a table content width `target`: percentage columns take their share,
 * fixed columns their width, auto columns the rest (between their min- and max-content, in
 * proportion to how much they can grow); extra space goes to auto columns first, as browsers do.
 */
export function distribute(cols: ColumnWidths, target: number): number[] {
  const { min, max, fixed, percent } = cols;
  const n = min.length;
  const widths = new Array<number>(n).fill(0);
  const autos: number[] = [];
  let taken = 0;
  for (let c = 0; c < n; c++) {
    const p = percent[c];
    const f = fixed[c];
    if (p !== null) widths[c] = Math.max(min[c], (p / 100) * target);
    else if (f !== null) widths[c] = Math.max(min[c], f);
    else {
      autos.push(c);
      continue;
    }
    taken += widths[c];
  }
  const rest = target - taken;
  const autoMin = autos.reduce((s, c) => s + min[c], 0);
  const autoMax = autos.reduce((s, c) => s + max[c], 0);
  if (autos.length > 0 && rest >= autoMax) {
    const extra = rest - autoMax;
    for (const c of autos) widths[c] = max[c] + (autoMax > 0 ? (extra * max[c]) / autoMax : extra / autos.length);
  } else if (autos.length > 0 && rest > autoMin) {
    const range = autoMax - autoMin;
    for (const c of autos) widths[c] = min[c] + (range > 0 ? ((rest - autoMin) * (max[c] - min[c])) / range : 0);
  } else {
    for (const c of autos) widths[c] = min[c];
    const sum = widths.reduce((a, b) => a + b, 0);
    if (autos.length === 0 && sum < target && sum > 0) {
      // Only fixed and percentage columns: they share what is left in proportion.
      for (let c = 0; c < n; c++) widths[c] += ((target - sum) * widths[c]) / sum;
    }
  }
  return widths;
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
  for (let c = 0; c < n; c++) {
    const width = grid.columns[c]?.style.width;
    if (width !== undefined && width !== 'auto') widths[c] = resolveLength(width, target);
  }
  const [hs] = spacingOf(table);
  for (const placed of grid.cellsByRow[0] ?? []) {
    const specified = placed.cell.style.width;
    if (specified === 'auto') continue;
    const span = Array.from({ length: placed.cell.colspan }, (_, i) => placed.column + i).filter((c) => c < n && widths[c] === null);
    if (span.length === 0) continue;
    const outer = outerWidth(resolveLength(specified, target), placed.content.style, target) - hs * (span.length - 1);
    for (const c of span) widths[c] = Math.max(0, outer / span.length);
  }
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
