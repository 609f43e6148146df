// Table layout: a grid of slots from rows and spans, automatic column widths from the cells'
// min/max-content widths, rows stacked and paginated between rows with the header repeated.
import type { TableBox, TableCellBox, TableRowBox } from '../boxes/types.js';
import { firstBaseline, lastBaseline } from './atomic.js';
import { intrinsicWidths, layoutBlockLevel, UNPAGINATED, type FlowSpace, type Resume } from './block.js';
import { borderEdges, contentSize, marginValue, paddingEdges, resolveAuto, resolveLength, type LayoutContext } from './context.js';
import { translate, type BoxFragment, type Edges, type Fragment } from './fragments.js';

interface PlacedCell {
  readonly cell: TableCellBox;
  readonly row: number;
  readonly column: number;
}

interface Grid {
  readonly rows: TableRowBox[];
  readonly headerRows: number;
  readonly footerRows: number;
  readonly cells: PlacedCell[];
  readonly columnCount: number;
}

/** Column widths and laid-out rows, computed once per table and carried from page to page. */
interface TableLayout {
  readonly grid: Grid;
  readonly rows: RowLayout[];
  readonly x: number;
  readonly tableWidth: number;
  readonly contentX: number;
  /** Where each cell sits horizontally, for laying a row out again when it is split across pages. */
  readonly slots: Map<PlacedCell, { x: number; width: number }>;
}

interface TableState {
  readonly row: number;
  readonly layout: TableLayout;
  /** When row `row` was split: where each unfinished cell resumes. */
  readonly split?: Map<PlacedCell, Resume>;
}

function buildGrid(table: TableBox): Grid {
  const header = table.rowGroups.filter((g) => g.role === 'header').slice(0, 1);
  const footer = table.rowGroups.filter((g) => g.role === 'footer').slice(0, 1);
  const bodies = table.rowGroups.filter((g) => !header.includes(g) && !footer.includes(g));
  const groups = [...header, ...bodies, ...footer];
  const rows = groups.flatMap((g) => g.rows);
  const occupied: boolean[][] = [];
  const cells: PlacedCell[] = [];
  let columnCount = 0;
  rows.forEach((row, r) => {
    occupied[r] ??= [];
    let c = 0;
    for (const cell of row.cells) {
      while (occupied[r][c]) c++;
      const rowspan = Math.min(cell.rowspan, rows.length - r);
      for (let dr = 0; dr < rowspan; dr++) {
        occupied[r + dr] ??= [];
        for (let dc = 0; dc < cell.colspan; dc++) occupied[r + dr][c + dc] = true;
      }
      cells.push({ cell, row: r, column: c });
      c += cell.colspan;
      columnCount = Math.max(columnCount, c);
    }
  });
  return {
    rows,
    headerRows: header.reduce((n, g) => n + g.rows.length, 0),
    footerRows: footer.reduce((n, g) => n + g.rows.length, 0),
    cells,
    columnCount,
  };
}

function spacingOf(table: TableBox): [number, number] {
  return table.style.borderCollapse === 'collapse' ? [0, 0] : [table.style.borderSpacing[0], table.style.borderSpacing[1]];
}

interface ColumnWidths {
  readonly min: number[];
  readonly max: number[];
  /** A px width from the column or its cells, else null. */
  readonly fixed: (number | null)[];
  /** A percentage of the table width from the column's cells, else null. */
  readonly percent: (number | null)[];
}

function columnWidths(table: TableBox, grid: Grid, ctx: LayoutContext, available: number | null): ColumnWidths {
  const n = grid.columnCount;
  const min = new Array<number>(n).fill(0);
  const max = new Array<number>(n).fill(0);
  const fixed = new Array<number | null>(n).fill(null);
  const percent = new Array<number | null>(n).fill(null);
  // Column elements with widths.
  let col = 0;
  for (const column of table.columns) {
    for (let s = 0; s < column.span; s++, col++) {
      if (col < n && typeof column.style.width === 'number') fixed[col] = column.style.width;
    }
  }
  const sorted = [...grid.cells].sort((a, b) => a.cell.colspan - b.cell.colspan);
  const [hs] = spacingOf(table);
  for (const { cell, column } of sorted) {
    const w = intrinsicWidths(cell.content, ctx);
    let cellMin = w.min;
    let cellMax = w.max;
    const specified = cell.style.width;
    if (typeof specified === 'object') {
      if (cell.colspan === 1) percent[column] = Math.max(percent[column] ?? 0, specified.percent);
      if (available !== null) cellMax = Math.max(cellMin, resolveLength(specified, available));
    }
    if (cell.colspan === 1) {
      min[column] = Math.max(min[column], cellMin);
      max[column] = Math.max(max[column], cellMax);
      if (typeof specified === 'number') fixed[column] = Math.max(fixed[column] ?? 0, cellMax);
    } else {
      const span = Array.from({ length: cell.colspan }, (_, i) => column + i).filter((c) => c < n);
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
    if (f !== null) {
      min[c] = Math.max(min[c], Math.min(f, min[c]));
      max[c] = Math.max(min[c], f);
    }
    max[c] = Math.max(max[c], min[c]);
  }
  return { min, max, fixed, percent };
}

export function tableIntrinsicWidths(table: TableBox, ctx: LayoutContext): { min: number; max: number } {
  const grid = buildGrid(table);
  const { min, max } = columnWidths(table, grid, ctx, null);
  const [hs] = spacingOf(table);
  const border = borderEdges(table.style);
  const extra = hs * (grid.columnCount + 1) + border.left + border.right;
  return { min: min.reduce((a, b) => a + b, 0) + extra, max: max.reduce((a, b) => a + b, 0) + extra };
}

/**
 * Column widths for a table content width `target`: percentage columns take their share,
 * fixed columns their width, auto columns the rest (between their min- and max-content);
 * extra space goes to auto columns first, as browsers do.
 */
function distribute(cols: ColumnWidths, target: number): number[] {
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

interface RowLayout {
  readonly fragment: BoxFragment;
  readonly height: number;
}

function cellSlots(table: TableBox, grid: Grid, widths: number[], x0: number): Map<PlacedCell, { x: number; width: number }> {
  const [hs] = spacingOf(table);
  const columnX: number[] = [];
  let x = x0 + hs;
  for (const w of widths) {
    columnX.push(x);
    x += w + hs;
  }
  const slots = new Map<PlacedCell, { x: number; width: number }>();
  for (const placed of grid.cells) {
    const span = widths.slice(placed.column, placed.column + placed.cell.colspan);
    slots.set(placed, { x: columnX[placed.column] ?? x0, width: span.reduce((a, b) => a + b, 0) + hs * (span.length - 1) });
  }
  return slots;
}

function layoutRows(table: TableBox, grid: Grid, ctx: LayoutContext, widths: number[], x0: number): RowLayout[] {
  const [hs, vs] = spacingOf(table);
  const columnX: number[] = [];
  let x = x0 + hs;
  for (const w of widths) {
    columnX.push(x);
    x += w + hs;
  }
  const cellFragments = new Map<PlacedCell, BoxFragment>();
  const heights = grid.rows.map((row) => (typeof row.style.height === 'number' ? row.style.height : 0));
  for (const placed of grid.cells) {
    const span = widths.slice(placed.column, placed.column + placed.cell.colspan);
    const width = span.reduce((a, b) => a + b, 0) + hs * (span.length - 1);
    const space: FlowSpace = { x: columnX[placed.column] ?? x0, y: 0, width, bottom: UNPAGINATED, atPageTop: true, forcedWidth: width };
    const result = layoutBlockLevel(placed.cell.content, ctx, space, null, { pos: 0, neg: 0 }, null, true);
    const fragment = result.fragment!;
    if (typeof placed.cell.style.height === 'number') {
      const border = borderEdges(placed.cell.style);
      const padding = paddingEdges(placed.cell.style, width);
      fragment.height = Math.max(fragment.height, contentSize(placed.cell.style.height, placed.cell.style, 0) + (placed.cell.style.boxSizing === 'border-box' ? 0 : border.top + border.bottom + padding.top + padding.bottom));
    }
    cellFragments.set(placed, fragment);
    if (placed.cell.rowspan === 1) heights[placed.row] = Math.max(heights[placed.row], fragment.height);
  }
  // Baseline-aligned cells of a row share the lowest first baseline (CSS 2.1 §17.5.3).
  const baselineShift = new Map<PlacedCell, number>();
  const rowBaseline = new Map<number, number>();
  const cellBaseline = (fragment: BoxFragment): number => (firstBaseline(fragment) ?? fragment.y + fragment.height) - fragment.y;
  for (const placed of grid.cells) {
    if (placed.cell.rowspan !== 1 || placed.cell.style.verticalAlign !== 'baseline') continue;
    rowBaseline.set(placed.row, Math.max(rowBaseline.get(placed.row) ?? 0, cellBaseline(cellFragments.get(placed)!)));
  }
  for (const placed of grid.cells) {
    const base = rowBaseline.get(placed.row);
    if (base === undefined || placed.cell.rowspan !== 1 || placed.cell.style.verticalAlign !== 'baseline') continue;
    const fragment = cellFragments.get(placed)!;
    const shift = base - cellBaseline(fragment);
    baselineShift.set(placed, shift);
    heights[placed.row] = Math.max(heights[placed.row], fragment.height + shift);
  }
  for (const placed of grid.cells) {
    if (placed.cell.rowspan <= 1) continue;
    const last = Math.min(grid.rows.length - 1, placed.row + placed.cell.rowspan - 1);
    let spanned = 0;
    for (let r = placed.row; r <= last; r++) spanned += heights[r] + (r > placed.row ? vs : 0);
    const need = cellFragments.get(placed)!.height;
    if (need > spanned) heights[last] += need - spanned;
  }
  return grid.rows.map((row, r) => {
    const children: Fragment[] = [];
    for (const placed of grid.cells) {
      if (placed.row !== r) continue;
      const fragment = cellFragments.get(placed)!;
      let height = heights[r];
      for (let k = 1; k < placed.cell.rowspan && r + k < grid.rows.length; k++) height += heights[r + k] + vs;
      const slack = height - fragment.height;
      const va = placed.cell.style.verticalAlign;
      const shift = va === 'middle' ? slack / 2 : va === 'bottom' ? slack : baselineShift.get(placed) ?? 0;
      if (shift > 0) for (const child of fragment.children) translate(child, 0, shift);
      fragment.height = height;
      children.push(fragment);
    }
    const fragment: BoxFragment = {
      kind: 'box', box: row, style: row.style, x: x0 + hs, y: 0, width: Math.max(0, x - x0 - 2 * hs), height: heights[r],
      border: { top: 0, right: 0, bottom: 0, left: 0 }, padding: { top: 0, right: 0, bottom: 0, left: 0 }, hasTop: true, hasBottom: true, children,
    };
    return { fragment, height: heights[r] };
  });
}

function cloneFragment(fragment: Fragment): Fragment {
  switch (fragment.kind) {
    case 'box': return { ...fragment, children: fragment.children.map(cloneFragment) };
    case 'line': return { ...fragment, children: fragment.children.map(cloneFragment) };
    default: return { ...fragment };
  }
}

function measureTable(table: TableBox, ctx: LayoutContext, space: FlowSpace, border: Edges, padding: Edges): TableLayout {
  const style = table.style;
  const grid = buildGrid(table);
  const [hs] = spacingOf(table);
  const bpX = border.left + border.right + padding.left + padding.right;
  const specified = resolveAuto(style.width, space.width);
  const marginLeft = marginValue(style.marginLeft, space.width);
  const marginRight = marginValue(style.marginRight, space.width);
  const availableContent = space.width - marginLeft - marginRight - bpX - hs * (grid.columnCount + 1);
  const columns = columnWidths(table, grid, ctx, availableContent);
  const { min, max } = columns;
  const sumMin = min.reduce((a, b) => a + b, 0);
  const sumMax = max.reduce((a, b) => a + b, 0);
  let target: number;
  if (specified !== 'auto') {
    target = Math.max(sumMin, contentSize(specified, style, bpX) - hs * (grid.columnCount + 1));
  } else {
    target = Math.max(sumMin, Math.min(sumMax, availableContent));
  }
  const widths = distribute(columns, target);
  const tableWidth = widths.reduce((a, b) => a + b, 0) + hs * (grid.columnCount + 1) + bpX;
  let x = space.x + marginLeft;
  const free = space.width - tableWidth - marginLeft - marginRight;
  if (style.marginLeft === 'auto' && style.marginRight === 'auto') x = space.x + free / 2;
  else if (style.marginLeft === 'auto') x = space.x + free + marginLeft;
  const contentX = x + border.left + padding.left;
  return { grid, rows: layoutRows(table, grid, ctx, widths, contentX), x, tableWidth, contentX, slots: cellSlots(table, grid, widths, contentX) };
}

/** Lays out a table from the row `state` says, filling the page down to `space.bottom`. */
export function layoutTable(table: TableBox, ctx: LayoutContext, space: FlowSpace, state: unknown): { fragment: BoxFragment | null; next: TableState | null } {
  const previous = state as TableState | null;
  const resumeRow = previous?.row ?? null;
  const style = table.style;
  const border = borderEdges(style);
  const padding = style.borderCollapse === 'collapse' ? { top: 0, right: 0, bottom: 0, left: 0 } : paddingEdges(style, space.width);
  const [, vs] = spacingOf(table);
  const layout = previous?.layout ?? measureTable(table, ctx, space, border, padding);
  const { grid, rows, x, tableWidth } = layout;
  const continuing = resumeRow !== null;
  const top = space.y;
  const children: Fragment[] = [];
  let y = top + (continuing ? 0 : border.top) + padding.top;

  // Captions on top.
  if (!continuing) {
    for (const caption of table.captions) {
      if (caption.style.captionSide === 'bottom') continue;
      const result = layoutBlockLevel(caption, ctx, { x, y, width: tableWidth, bottom: UNPAGINATED, atPageTop: true }, null, { pos: 0, neg: 0 });
      if (result.fragment) {
        children.push(result.fragment);
        y = result.bottom + Math.max(0, result.margins.pos + result.margins.neg);
      }
    }
  }
  const tableTop = continuing ? top : y - padding.top - border.top;
  y += vs;
  const place = (index: number): void => {
    const row = rows[index];
    const fragment = cloneFragment(row.fragment) as BoxFragment;
    translate(fragment, 0, y - fragment.y);
    children.push(fragment);
    y += row.height + vs;
  };
  const headerHeight = rows.slice(0, grid.headerRows).reduce((s, r) => s + r.height + vs, 0);
  const footerStart = grid.rows.length - grid.footerRows;
  const footerHeight = rows.slice(footerStart).reduce((s, r) => s + r.height + vs, 0);
  const bottomLimit = space.bottom - padding.bottom - border.bottom;
  if (continuing || grid.headerRows > 0) for (let r = 0; r < grid.headerRows; r++) place(r);
  let index = resumeRow ?? grid.headerRows;
  let placedBody = 0;
  let next: TableState | null = null;
  const limit = bottomLimit - footerHeight;
  // A row that does not fit moves to the next page; one that starts a page and still does not fit
  // (or was already split) is split: each cell continues on the next page from its own token.
  const splitRow = (rowIndex: number, tokens: Map<PlacedCell, Resume> | undefined, atTop: boolean): Map<PlacedCell, Resume> | null | 'push' => {
    const fragments: BoxFragment[] = [];
    const unfinished = new Map<PlacedCell, Resume>();
    let bottom = y;
    for (const placed of grid.cells) {
      if (placed.row !== rowIndex) continue;
      if (tokens && !tokens.has(placed)) continue;
      const slot = layout.slots.get(placed)!;
      const result = layoutBlockLevel(placed.cell.content, ctx, {
        x: slot.x, y, width: slot.width, bottom: limit - vs, atPageTop: atTop || tokens !== undefined, forcedWidth: slot.width,
      }, tokens?.get(placed) ?? null, { pos: 0, neg: 0 }, null, true);
      // A cell that cannot start here (its first lines would be orphans) moves the whole row.
      if (!result.fragment) return 'push';
      fragments.push(result.fragment);
      bottom = Math.max(bottom, result.fragment.y + result.fragment.height);
      if (result.next) unfinished.set(placed, result.next);
    }
    const height = unfinished.size > 0 ? Math.max(bottom, limit - vs) - y : bottom - y;
    for (const f of fragments) f.height = height;
    const row = grid.rows[rowIndex];
    children.push({
      kind: 'box', box: row, style: row.style, x: layout.contentX, y, width: tableWidth - (layout.contentX - x) * 2, height,
      border: { top: 0, right: 0, bottom: 0, left: 0 }, padding: { top: 0, right: 0, bottom: 0, left: 0 },
      hasTop: tokens === undefined, hasBottom: unfinished.size === 0, children: fragments,
    });
    y += height + vs;
    return unfinished.size > 0 ? unfinished : null;
  };
  for (; index < footerStart; index++) {
    const row = rows[index];
    const atTop = space.atPageTop && placedBody === 0;
    const resumingSplit = index === resumeRow && previous?.split !== undefined;
    const rowBreakBefore = grid.rows[index].style.breakBefore === 'page' && placedBody > 0;
    const fits = y + row.height <= limit + 0.01;
    const splittable = grid.cells.every((c) => c.row !== index || c.cell.rowspan === 1)
      && grid.rows[index].style.breakInside !== 'avoid' && grid.rows[index].style.breakInside !== 'avoid-page';
    let unfinished: Map<PlacedCell, Resume> | null | 'push' = 'push';
    if (!rowBreakBefore && (resumingSplit || !fits && splittable)) {
      unfinished = splitRow(index, resumingSplit ? previous?.split : undefined, atTop);
    }
    if (rowBreakBefore || !fits && unfinished === 'push' && !atTop) {
      if (placedBody === 0 && !space.atPageTop) return { fragment: null, next: null };
      next = { row: index, layout };
      break;
    }
    if (unfinished !== 'push') {
      placedBody++;
      if (unfinished) {
        next = { row: index, layout, split: unfinished };
        break;
      }
      continue;
    }
    place(index);
    placedBody++;
  }
  for (let r = footerStart; r < grid.rows.length; r++) place(r);
  y += padding.bottom + (next ? 0 : border.bottom);
  if (!next) {
    for (const caption of table.captions) {
      if (caption.style.captionSide !== 'bottom') continue;
      const result = layoutBlockLevel(caption, ctx, { x, y, width: tableWidth, bottom: UNPAGINATED, atPageTop: true }, null, { pos: 0, neg: 0 });
      if (result.fragment) {
        children.push(result.fragment);
        y = result.bottom;
      }
    }
  }
  const fragment: BoxFragment = {
    kind: 'box', box: table, style, x, y: tableTop, width: tableWidth, height: y - tableTop,
    border: { ...border, top: continuing ? 0 : border.top, bottom: next ? 0 : border.bottom }, padding,
    hasTop: !continuing, hasBottom: next === null, children,
  };
  void lastBaseline;
  return { fragment, next };
}
