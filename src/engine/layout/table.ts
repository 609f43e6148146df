// Table layout: column widths (table-columns.ts) over the grid (table-grid.ts), rows laid out once
// and stacked page by page with the header and footer repeated, rows that do not fit split cell by
// cell; collapsed borders (table-collapse.ts) painted by the table fragment.
import type { TableBox } from '../boxes/types.js';
import type { ComputedStyle } from '../css/types.js';
import { firstBaseline } from './atomic.js';
import { layoutBlockLevel, UNPAGINATED, type FlowSpace, type Resume } from './block.js';
import { borderEdges, contentSize, marginValue, paddingEdges, resolveAuto, type LayoutContext } from './context.js';
import { NO_EDGES, translate, type BoxFragment, type Edges, type Fragment, type Underlay } from './fragments.js';
import { borderSegments, withRoomForBorders, type CollapsedBorders, type PlacedRow } from './table-collapse.js';
import { columnsMaxWidth, columnWidths, distribute, fixedColumnWidths } from './table-columns.js';
import { spacingOf, type Grid, type PlacedCell } from './table-grid.js';
import { tableModel } from './table-model.js';

export { tableIntrinsicWidths } from './table-columns.js';

/** Column widths and laid-out rows, computed once per table and carried from page to page. */
interface TableLayout {
  readonly grid: Grid;
  readonly borders: CollapsedBorders | null;
  readonly rows: RowLayout[];
  readonly x: number;
  readonly tableWidth: number;
  readonly contentX: number;
  /** The x of every column edge: each column's left edge, then the last one's right edge. */
  readonly gridX: number[];
  /** Where each cell sits horizontally, for laying a row out again when it is split across pages. */
  readonly slots: Map<PlacedCell, { x: number; width: number }>;
  /** Column and row-group backgrounds under each row. */
  readonly underlays: readonly (Underlay[] | undefined)[];
  /** Rows whose laid-out fragment has been placed once: later placements (repeated headers) take copies. */
  readonly placed: boolean[];
  /** Cells of collapsed rows and columns: never painted. */
  readonly hidden: Set<PlacedCell>;
  /** The height of each rowspan cell's content, before it is stretched over its rows. */
  readonly natural: Map<PlacedCell, number>;
}

interface TableState {
  readonly row: number;
  readonly layout: TableLayout;
  /** When row `row` was split: where each unfinished cell resumes. */
  readonly split?: Map<PlacedCell, Resume>;
  /** Rowspan cells cut by the page break that still span rows from `row` on: where their content resumes. */
  readonly spanning?: Map<PlacedCell, CellToken>;
}

/** Where a cell's content resumes: a token, null when none of it is placed yet, 'done' when all of it is. */
type CellToken = Resume | null | 'done';

/** A rowspan cell spanning rows on the page being laid out. */
interface OpenCell {
  /** Its top on this page. */
  readonly y: number;
  readonly token: CellToken;
  /** Whether this page holds its first row (its top edge). */
  readonly first: boolean;
  /** The row fragment holding it on this page, when it starts here. */
  readonly row?: BoxFragment;
  /** Its fragment laid out with its rows, kept when all its rows end up on this page. */
  readonly whole?: BoxFragment;
  /** Its piece on this page when already laid out down to the page's end, and where it resumes. */
  readonly sliced?: { readonly fragment: BoxFragment; readonly next: CellToken };
}

interface RowLayout {
  readonly fragment: BoxFragment;
  readonly height: number;
  /** Its height before rowspan cells ending in it grew it. */
  readonly own: number;
}

/** Left edges of the columns, then the right edge of the last one; collapsed columns take no width and no spacing. */
function gridLines(table: TableBox, widths: readonly number[], x0: number, collapsed: readonly boolean[]): number[] {
  const [hs] = spacingOf(table);
  const lines: number[] = [];
  let x = x0 + hs;
  let first = true;
  widths.forEach((w, c) => {
    if (collapsed[c]) {
      lines.push(x);
      return;
    }
    if (!first) x += hs;
    first = false;
    lines.push(x);
    x += w;
  });
  lines.push(x);
  return lines;
}

/** Where each cell sits horizontally: over the columns it spans that are not collapsed. */
function cellSlots(table: TableBox, grid: Grid, widths: readonly number[], gridX: readonly number[]): Map<PlacedCell, { x: number; width: number }> {
  const [hs] = spacingOf(table);
  const slots = new Map<PlacedCell, { x: number; width: number }>();
  for (const placed of grid.cells) {
    const last = Math.min(widths.length, placed.column + placed.cell.colspan);
    let width = 0;
    let x: number | null = null;
    for (let c = placed.column; c < last; c++) {
      if (grid.collapsedColumns[c]) continue;
      width += widths[c] + (x !== null ? hs : 0);
      x ??= gridX[c];
    }
    slots.set(placed, { x: x ?? gridX[placed.column] ?? gridX[0], width });
  }
  return slots;
}

/** Cells in collapsed rows, or whose columns are all collapsed: laid out as nothing, painted as nothing. */
function hiddenCells(grid: Grid): Set<PlacedCell> {
  const hidden = new Set<PlacedCell>();
  for (const placed of grid.cells) {
    let visible = false;
    for (let c = placed.column; c < Math.min(grid.columnCount, placed.column + placed.cell.colspan); c++) visible ||= !grid.collapsedColumns[c];
    if (!visible || grid.collapsedRows[placed.row]) hidden.add(placed);
  }
  return hidden;
}

const plainStyles = new WeakMap<ComputedStyle, ComputedStyle>();

/** Rows paint their backgrounds but never their own borders (the collapsing model paints those with the cells'). */
function rowStyle(style: ComputedStyle): ComputedStyle {
  let plain = plainStyles.get(style);
  if (!plain) {
    plain = withRoomForBorders(style, NO_EDGES);
    plainStyles.set(style, plain);
  }
  return plain;
}

function hasBackground(style: ComputedStyle): boolean {
  return style.backgroundColor.a > 0 || style.backgroundLayers.length > 0;
}

/** For each row, the column and row-group backgrounds painted under it (CSS 2.1 §17.5.1 layers), or undefined. */
function rowUnderlays(grid: Grid, gridX: readonly number[]): (Underlay[] | undefined)[] {
  const columns: Underlay[] = [];
  for (let c = 0; c < grid.columnCount; c++) {
    const column = grid.columns[c];
    if (!column || grid.collapsedColumns[c] || !hasBackground(column.style) || c > 0 && grid.columns[c - 1] === column) continue;
    let end = c + 1;
    while (end < grid.columnCount && grid.columns[end] === column) end++;
    columns.push({ style: rowStyle(column.style), dx: gridX[c] - gridX[0], width: gridX[end] - gridX[c] });
  }
  const width = gridX[gridX.length - 1] - gridX[0];
  return grid.rows.map((_, r) => {
    const group = grid.groups[r];
    const layers = hasBackground(group.style) ? [...columns, { style: rowStyle(group.style), dx: 0, width }] : columns;
    return layers.length > 0 ? layers : undefined;
  });
}

function layoutRows(table: TableBox, grid: Grid, ctx: LayoutContext, layout: Pick<TableLayout, 'slots' | 'underlays' | 'hidden' | 'natural'>, x0: number, rowWidth: number): RowLayout[] {
  const { slots, underlays, hidden } = layout;
  const [, vs] = spacingOf(table);
  const collapsed = grid.collapsedRows;
  const cellFragments = new Map<PlacedCell, BoxFragment>();
  const contentHeights = new Map<PlacedCell, number>();
  const heights = grid.rows.map((row, r) => (typeof row.style.height === 'number' && !collapsed[r] ? row.style.height : 0));
  for (const placed of grid.cells) {
    const { x, width } = slots.get(placed)!;
    if (hidden.has(placed)) {
      const style: ComputedStyle = { ...placed.content.style, visibility: 'hidden' };
      cellFragments.set(placed, { kind: 'box', box: placed.content, style, x, y: 0, width: 0, height: 0, border: NO_EDGES, padding: NO_EDGES, hasTop: true, hasBottom: true, children: [] });
      continue;
    }
    const space: FlowSpace = { x, y: 0, width, bottom: UNPAGINATED, atPageTop: true, forcedWidth: width };
    const result = layoutBlockLevel(placed.content, ctx, space, null, { pos: 0, neg: 0 }, null, true);
    const fragment = result.fragment!;
    contentHeights.set(placed, fragment.height);
    const style = placed.content.style;
    const specified = placed.cell.style.height;
    if (typeof specified === 'number') {
      const border = borderEdges(style);
      const padding = paddingEdges(style, width);
      fragment.height = Math.max(fragment.height, contentSize(specified, style, 0) + (style.boxSizing === 'border-box' ? 0 : border.top + border.bottom + padding.top + padding.bottom));
    }
    cellFragments.set(placed, fragment);
    if (placed.cell.rowspan === 1) heights[placed.row] = Math.max(heights[placed.row], fragment.height);
  }
  // Baseline-aligned cells of a row share the lowest first baseline (CSS 2.1 §17.5.3).
  const baselineShift = new Map<PlacedCell, number>();
  const rowBaseline = new Map<number, number>();
  const cellBaseline = (fragment: BoxFragment): number => (firstBaseline(fragment) ?? fragment.y + fragment.height) - fragment.y;
  for (const placed of grid.cells) {
    if (placed.cell.rowspan !== 1 || placed.cell.style.verticalAlign !== 'baseline' || hidden.has(placed)) continue;
    rowBaseline.set(placed.row, Math.max(rowBaseline.get(placed.row) ?? 0, cellBaseline(cellFragments.get(placed)!)));
  }
  for (const placed of grid.cells) {
    const base = rowBaseline.get(placed.row);
    if (base === undefined || placed.cell.rowspan !== 1 || placed.cell.style.verticalAlign !== 'baseline' || hidden.has(placed)) continue;
    const fragment = cellFragments.get(placed)!;
    const shift = base - cellBaseline(fragment);
    baselineShift.set(placed, shift);
    heights[placed.row] = Math.max(heights[placed.row], fragment.height + shift);
  }
  const own = [...heights];
  for (const placed of grid.cells) {
    if (placed.cell.rowspan <= 1 || hidden.has(placed)) continue;
    layout.natural.set(placed, cellFragments.get(placed)!.height);
    let last = Math.min(grid.rows.length - 1, placed.row + placed.cell.rowspan - 1);
    while (collapsed[last]) last--;
    let spanned = 0;
    for (let r = placed.row; r <= last; r++) spanned += collapsed[r] ? 0 : heights[r] + (r > placed.row ? vs : 0);
    const need = cellFragments.get(placed)!.height;
    if (need > spanned) heights[last] += need - spanned;
  }
  return grid.rows.map((row, r) => {
    const children: Fragment[] = [];
    for (const placed of grid.cellsByRow[r]) {
      const fragment = cellFragments.get(placed)!;
      let height = heights[r];
      for (let k = 1; k < placed.cell.rowspan && r + k < grid.rows.length; k++) height += collapsed[r + k] ? 0 : heights[r + k] + vs;
      if (hidden.has(placed)) height = 0;
      const slack = height - fragment.height;
      const va = placed.cell.style.verticalAlign;
      const shift = va === 'middle' ? slack / 2 : va === 'bottom' ? slack : baselineShift.get(placed) ?? 0;
      const stretched = height > (contentHeights.get(placed) ?? height) + 0.01 && placed.content.style.position !== 'static';
      const laid = stretched ? stretchedCell(placed, ctx, slots.get(placed)!, height) : fragment;
      if (shift > 0) for (const child of laid.children) if (!outOfFlow(child)) translate(child, 0, shift);
      laid.height = height;
      children.push(laid);
    }
    const fragment: BoxFragment = {
      kind: 'box', box: row, style: rowStyle(row.style), x: x0, y: 0, width: rowWidth, height: heights[r],
      border: NO_EDGES, padding: NO_EDGES, hasTop: true, hasBottom: true, children,
    };
    if (underlays[r]) fragment.underlays = underlays[r];
    return { fragment, height: heights[r], own: own[r] };
  });
}

/**
 * A positioned cell laid out again at the height its row gives it: its absolutely positioned
 * descendants are placed against the cell's final box, as in Chromium, not its content's height.
 */
function stretchedCell(placed: PlacedCell, ctx: LayoutContext, slot: { x: number; width: number }, height: number): BoxFragment {
  const space: FlowSpace = { x: slot.x, y: 0, width: slot.width, bottom: UNPAGINATED, atPageTop: true, forcedWidth: slot.width, forcedHeight: height };
  return layoutBlockLevel(placed.content, ctx, space, null, { pos: 0, neg: 0 }, null, true).fragment!;
}

function outOfFlow(fragment: Fragment): boolean {
  return fragment.kind === 'box' && (fragment.style.position === 'absolute' || fragment.style.position === 'fixed');
}

function cloneFragment(fragment: Fragment): Fragment {
  switch (fragment.kind) {
    case 'box': {
      const copy: BoxFragment = { ...fragment, children: fragment.children.map(cloneFragment) };
      if (fragment.collapsedBorders) copy.collapsedBorders = fragment.collapsedBorders.map((segment) => ({ ...segment }));
      return copy;
    }
    case 'line': return { ...fragment, children: fragment.children.map(cloneFragment) };
    default: return { ...fragment };
  }
}

/** The table's border and padding: half the outer collapsed borders and no padding in the collapsing model. */
function tableEdges(table: TableBox, borders: CollapsedBorders | null, cbWidth: number): { border: Edges; padding: Edges } {
  if (borders) return { border: borders.table, padding: NO_EDGES };
  return { border: borderEdges(table.style), padding: paddingEdges(table.style, cbWidth) };
}

function measureTable(table: TableBox, ctx: LayoutContext, space: FlowSpace, border: Edges, padding: Edges): TableLayout {
  const style = table.style;
  const { grid, borders } = tableModel(table, ctx);
  const [hs] = spacingOf(table);
  const bpX = border.left + border.right + padding.left + padding.right;
  const specified = resolveAuto(style.width, space.width);
  const marginLeft = marginValue(style.marginLeft, space.width);
  const marginRight = marginValue(style.marginRight, space.width);
  const spacing = hs * (grid.columnCount + 1);
  const availableContent = space.width - marginLeft - marginRight - bpX - spacing;
  let widths: number[];
  if (specified !== 'auto' && style.tableLayout === 'fixed') {
    widths = fixedColumnWidths(table, grid, Math.max(0, contentSize(specified, style, bpX) - spacing));
  } else {
    const columns = columnWidths(table, grid, ctx);
    const sumMin = columns.min.reduce((a, b) => a + b, 0);
    const target = specified !== 'auto'
      ? Math.max(sumMin, contentSize(specified, style, bpX) - spacing)
      : Math.max(sumMin, Math.min(columnsMaxWidth(columns), availableContent));
    widths = distribute(columns, target);
  }
  // Collapsed columns give up their width and their spacing.
  widths = widths.map((w, c) => (grid.collapsedColumns[c] ? 0 : w));
  const visibleColumns = grid.collapsedColumns.filter((c) => !c).length;
  const tableWidth = widths.reduce((a, b) => a + b, 0) + hs * (visibleColumns + 1) + bpX;
  let x = space.x + marginLeft;
  const free = space.width - tableWidth - marginLeft - marginRight;
  if (style.marginLeft === 'auto' && style.marginRight === 'auto') x = space.x + free / 2;
  else if (style.marginLeft === 'auto') x = space.x + free + marginLeft;
  const contentX = x + border.left + padding.left;
  const gridX = gridLines(table, widths, contentX, grid.collapsedColumns);
  const slots = cellSlots(table, grid, widths, gridX);
  const underlays = rowUnderlays(grid, gridX);
  const hidden = hiddenCells(grid);
  const natural = new Map<PlacedCell, number>();
  const rows = layoutRows(table, grid, ctx, { slots, underlays, hidden, natural }, gridX[0], gridX[gridX.length - 1] - gridX[0]);
  return { grid, borders, rows, x, tableWidth, contentX, gridX, slots, underlays, placed: [], hidden, natural };
}

function isForcedBreak(value: ComputedStyle['breakBefore']): boolean {
  return value === 'page' || value === 'left' || value === 'right' || value === 'recto' || value === 'verso';
}

function avoidsBreakInside(style: ComputedStyle): boolean {
  return style.breakInside === 'avoid' || style.breakInside === 'avoid-page';
}

/** Whether a forced break falls between rows r - 1 and r: break-after on the row or row group above, break-before on the row or row group below. */
function forcedBreakBefore(grid: Grid, r: number): boolean {
  if (isForcedBreak(grid.rows[r].style.breakBefore) || isForcedBreak(grid.rows[r - 1].style.breakAfter)) return true;
  return grid.groups[r] !== grid.groups[r - 1] && (isForcedBreak(grid.groups[r].style.breakBefore) || isForcedBreak(grid.groups[r - 1].style.breakAfter));
}

/** When row r starts a row group with break-inside: avoid, the height of the group's rows (spacing after each included), else null. */
function avoidingGroupHeight(grid: Grid, rows: readonly RowLayout[], r: number, vs: number): number | null {
  const group = grid.groups[r];
  if (r > 0 && grid.groups[r - 1] === group || !avoidsBreakInside(group.style)) return null;
  let height = 0;
  for (let k = r; k < grid.rows.length && grid.groups[k] === group; k++) height += grid.collapsedRows[k] ? 0 : rows[k].height + vs;
  return height;
}

/** Lays out a table from the row `state` says, filling the page down to `space.bottom`. */
export function layoutTable(table: TableBox, ctx: LayoutContext, space: FlowSpace, state: unknown): { fragment: BoxFragment | null; next: TableState | null } {
  const previous = state as TableState | null;
  const resumeRow = previous?.row ?? null;
  const style = table.style;
  const { borders } = tableModel(table, ctx);
  const { border, padding } = tableEdges(table, borders, space.width);
  const [, vs] = spacingOf(table);
  const layout = previous?.layout ?? measureTable(table, ctx, space, border, padding);
  const { grid, rows, x, tableWidth } = layout;
  const continuing = resumeRow !== null;
  const top = space.y;
  const children: Fragment[] = [];
  const placedRows: PlacedRow[] = [];
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
  const footerStart = grid.rows.length - grid.footerRows;
  /** The last body row a body cell spans (collapsed rows aside). */
  const lastRowOf = (placed: PlacedCell): number => {
    let last = Math.min(footerStart - 1, placed.row + placed.cell.rowspan - 1);
    while (last > placed.row && grid.collapsedRows[last]) last--;
    return last;
  };
  /** Whether a cell spans more than its own row (collapsed rows aside). */
  const spans = (placed: PlacedCell): boolean => placed.cell.rowspan > 1 && !layout.hidden.has(placed) && lastRowOf(placed) > placed.row;
  // Rowspan cells over the rows of this page: those continuing from the previous page, and those
  // starting here, taken out of their row until it is known whether all their rows fit here.
  const open = new Map<PlacedCell, OpenCell>();
  const place = (index: number, extra = 0): void => {
    if (grid.collapsedRows[index]) return;
    const row = rows[index];
    // The first placement takes the fragment itself; it is moved to where it goes, whatever moved it before.
    let fragment = layout.placed[index] || extra !== 0 ? cloneFragment(row.fragment) as BoxFragment : row.fragment;
    layout.placed[index] = true;
    translate(fragment, layout.gridX[0] - fragment.x, y - fragment.y);
    if (extra !== 0) {
      // A row grown for the rest of a rowspan cell, or freed of it: its own cells and the whole rowspan
      // cells over it follow, their content moved as their vertical-align says.
      fragment.height += extra;
      const resize = (cell: BoxFragment, va: ComputedStyle['verticalAlign']): void => {
        cell.height += extra;
        const shift = va === 'middle' ? extra / 2 : va === 'bottom' ? extra : 0;
        if (shift !== 0) for (const child of cell.children) translate(child, 0, shift);
      };
      fragment.children.forEach((cell, i) => resize(cell as BoxFragment, grid.cellsByRow[index][i].cell.style.verticalAlign));
      for (const [placed, cell] of open) {
        if (!cell.whole || placed.row >= index || lastRowOf(placed) < index) continue;
        // A copy: the laid-out fragment is placed again as it was if this page is laid out again.
        const whole = cloneFragment(cell.whole) as BoxFragment;
        resize(whole, placed.cell.style.verticalAlign);
        open.set(placed, { ...cell, whole });
      }
    }
    const body = index >= grid.headerRows && index < footerStart;
    if (body && grid.cellsByRow[index].some(spans)) {
      const cells = fragment.children;
      fragment = { ...fragment, children: cells.filter((_, i) => !spans(grid.cellsByRow[index][i])) };
      grid.cellsByRow[index].forEach((placed, i) => {
        if (spans(placed)) open.set(placed, { y, token: null, first: true, row: fragment, whole: cells[i] as BoxFragment });
      });
    }
    children.push(fragment);
    placedRows.push({ row: index, y, height: row.height + extra, hasTop: true, hasBottom: true });
    y += row.height + extra + vs;
  };
  /** Lays out a rowspan cell's content from `token` between `top` and `bottom` on this page. */
  const sliceCell = (placed: PlacedCell, cell: OpenCell, bottom: number, atTop: boolean): { fragment: BoxFragment; next: CellToken } => {
    const slot = layout.slots.get(placed)!;
    if (cell.token !== 'done') {
      const result = layoutBlockLevel(placed.content, ctx, {
        x: slot.x, y: cell.y, width: slot.width, bottom, atPageTop: atTop, forcedWidth: slot.width,
      }, cell.token, { pos: 0, neg: 0 }, null, true);
      if (result.fragment) return { fragment: result.fragment, next: result.next ?? 'done' };
    }
    // Nothing of its content here: its box alone, for its background and side borders.
    const style = placed.content.style;
    const b = borderEdges(style);
    const p = paddingEdges(style, slot.width);
    const fragment: BoxFragment = {
      kind: 'box', box: placed.content, style, x: slot.x, y: cell.y, width: slot.width, height: 0,
      border: { ...b, top: cell.first ? b.top : 0, bottom: 0 }, padding: { ...p, top: cell.first ? p.top : 0, bottom: 0 },
      hasTop: cell.first, hasBottom: false, children: [],
    };
    return { fragment, next: cell.token };
  };
  /** Puts a rowspan cell's piece on this page: `bottom` is where it ends, `last` whether its box ends there. */
  const closeCell = (placed: PlacedCell, cell: OpenCell, fragment: BoxFragment, bottom: number, last: boolean): void => {
    fragment.height = bottom - cell.y;
    fragment.hasBottom = last;
    if (cell.row) cell.row.children.push(fragment);
    else children.push(fragment);
    open.delete(placed);
  };
  let footerHeight = 0;
  for (let r = footerStart; r < grid.rows.length; r++) footerHeight += grid.collapsedRows[r] ? 0 : rows[r].height + vs;
  const bottomLimit = space.bottom - padding.bottom - border.bottom;
  for (let r = 0; r < grid.headerRows; r++) place(r);
  let index = resumeRow ?? grid.headerRows;
  let placedBody = 0;
  let next: TableState | null = null;
  const limit = bottomLimit - footerHeight;
  for (const [placed, token] of previous?.spanning ?? []) open.set(placed, { y, token, first: false });
  /**
   * The height row `rowIndex` needs on this page apart from the rowspan cells cut by a page break:
   * all of it when none ends in it, else its own cells'; and as much as the whole rowspan cells
   * ending in it need from their top (the rows above them may have lost a cut cell's share).
   */
  const ownNeed = (rowIndex: number): number => {
    let need = endingAt(rowIndex, true).length > 0 ? rows[rowIndex].own : rows[rowIndex].height;
    for (const [placed, cell] of open) {
      if (cell.whole && lastRowOf(placed) === rowIndex) need = Math.max(need, cell.y + (layout.natural.get(placed) ?? 0) - y);
    }
    return need;
  };
  /** The rowspan cells whose last row is `rowIndex`: all of them, or only those continuing from an earlier page. */
  const endingAt = (rowIndex: number, continued: boolean): PlacedCell[] =>
    [...open].filter(([placed, cell]) => (!continued || !cell.first) && lastRowOf(placed) === rowIndex).map(([placed]) => placed);
  // A row that does not fit is split where its cells' content allows (each cell continues on the
  // next page from its own token); a row none of whose cells can start here moves to the next page.
  const splitRow = (rowIndex: number, tokens: Map<PlacedCell, Resume> | undefined, atTop: boolean): Map<PlacedCell, Resume> | null | 'push' => {
    // No room left at all (rows of no height may have used it up).
    if (tokens === undefined && !atTop && y > limit - vs + 0.01) return 'push';
    const fragments: BoxFragment[] = [];
    const unfinished = new Map<PlacedCell, Resume>();
    let bottom = y;
    for (const placed of grid.cellsByRow[rowIndex]) {
      if (tokens && !tokens.has(placed)) continue;
      if (spans(placed) || layout.hidden.has(placed)) continue;
      const slot = layout.slots.get(placed)!;
      const result = layoutBlockLevel(placed.content, ctx, {
        x: slot.x, y, width: slot.width, bottom: limit - vs, atPageTop: atTop || tokens !== undefined, forcedWidth: slot.width,
      }, tokens?.get(placed) ?? null, { pos: 0, neg: 0 }, null, true);
      // A cell that cannot start here (its first lines would be orphans) moves the whole row.
      if (!result.fragment) return 'push';
      fragments.push(result.fragment);
      bottom = Math.max(bottom, result.fragment.y + result.fragment.height);
      if (result.next) unfinished.set(placed, result.next);
    }
    // Rowspan cells ending with this row finish here if they can; those starting here are cut at the page's end.
    const ending: [PlacedCell, { fragment: BoxFragment; next: CellToken }][] = [];
    for (const placed of endingAt(rowIndex, false)) {
      const cell = open.get(placed)!;
      const slice = cell.sliced ?? sliceCell(placed, cell, limit - vs, !cell.first);
      ending.push([placed, slice]);
      bottom = Math.max(bottom, slice.fragment.y + slice.fragment.height);
    }
    const rowUnfinished = unfinished.size > 0 || ending.some(([, slice]) => slice.next !== 'done');
    // When all of it fits after all, the row keeps the height it was given (its specified height, its rowspan cells' share) or moves on.
    const height = rowUnfinished ? Math.max(bottom, limit - vs) - y : Math.max(bottom - y, tokens === undefined ? ownNeed(rowIndex) : 0);
    if (!rowUnfinished && !atTop && tokens === undefined && y + height > limit + 0.01) return 'push';
    for (const f of fragments) f.height = height;
    for (const [placed, slice] of ending) {
      const cell = open.get(placed)!;
      if (slice.next === 'done') closeCell(placed, cell, slice.fragment, y + height, true);
      else open.set(placed, { ...cell, sliced: slice });
    }
    if (tokens === undefined) {
      for (const placed of grid.cellsByRow[rowIndex]) if (spans(placed)) open.set(placed, { y, token: null, first: true });
    }
    const row = grid.rows[rowIndex];
    const first = layout.gridX[0];
    const rowFragment: BoxFragment = {
      kind: 'box', box: row, style: rowStyle(row.style), x: first, y, width: layout.gridX[layout.gridX.length - 1] - first, height,
      border: NO_EDGES, padding: NO_EDGES, hasTop: tokens === undefined, hasBottom: !rowUnfinished, children: fragments,
    };
    if (layout.underlays[rowIndex]) rowFragment.underlays = layout.underlays[rowIndex];
    children.push(rowFragment);
    placedRows.push({ row: rowIndex, y, height, hasTop: tokens === undefined, hasBottom: !rowUnfinished });
    y += height + vs;
    return rowUnfinished ? unfinished : null;
  };
  for (; index < footerStart; index++) {
    if (grid.collapsedRows[index]) continue;
    const row = rows[index];
    const atTop = space.atPageTop && placedBody === 0;
    const resumingSplit = index === resumeRow && previous?.split !== undefined;
    // A forced break, or a row group that asks not to be broken and does not fit below what is here.
    const groupHeight = resumingSplit ? null : avoidingGroupHeight(grid, rows, index, vs);
    const rowBreakBefore = placedBody > 0 && forcedBreakBefore(grid, index)
      || !atTop && groupHeight !== null && y + groupHeight - vs > limit + 0.01;
    // Rowspan cells from an earlier page ending with this row: the row takes the height the rest of
    // their content needs, instead of its share of their whole height.
    const ending = new Map<PlacedCell, { fragment: BoxFragment; next: CellToken }>();
    let need = 0;
    for (const placed of resumingSplit || rowBreakBefore ? [] : endingAt(index, true)) {
      const slice = sliceCell(placed, open.get(placed)!, limit - vs, true);
      ending.set(placed, slice);
      need = slice.next === 'done' ? Math.max(need, slice.fragment.y + slice.fragment.height - y) : Infinity;
    }
    const extra = open.size > 0 ? Math.max(need, ownNeed(index)) - row.height : 0;
    const fits = y + row.height + extra <= limit + 0.01;
    // break-inside: avoid moves a row to the next page; at the top of a page it can only be broken.
    const splittable = !avoidsBreakInside(grid.rows[index].style) || atTop;
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
    const rowTop = y;
    const grown = Number.isFinite(extra) ? extra : 0;
    place(index, grown);
    for (const [placed, slice] of ending) {
      const cell = open.get(placed)!;
      if (slice.next === 'done') closeCell(placed, cell, slice.fragment, rowTop + row.height + grown, true);
      else open.set(placed, { ...cell, sliced: slice });
    }
    placedBody++;
  }
  // Rowspan cells whose rows all fit here stay whole; the others are cut at the page's end and continue.
  const nextRow = next?.row ?? footerStart;
  const spanning = new Map<PlacedCell, CellToken>();
  for (const [placed, cell] of [...open]) {
    const lastHere = lastRowOf(placed) < nextRow;
    if (cell.whole && lastHere) {
      cell.row?.children.push(cell.whole);
      open.delete(placed);
      continue;
    }
    const lastRow = placedRows.find((p) => p.row === lastRowOf(placed));
    const end = lastHere && lastRow ? lastRow.y + lastRow.height : limit - vs;
    const slice = cell.sliced ?? sliceCell(placed, cell, limit - vs, !cell.first);
    closeCell(placed, cell, slice.fragment, end, lastHere);
    if (lastHere) continue;
    spanning.set(placed, slice.next);
    y = Math.max(y, end + vs);
  }
  if (next && spanning.size > 0) next = { ...next, spanning };
  // break-inside: avoid on the table: start it on the next page rather than break it here.
  if (next && !continuing && !space.atPageTop && avoidsBreakInside(style)) return { fragment: null, next: null };
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
    kind: 'box', box: table, style: borders ? withRoomForBorders(style, border) : style, x, y: tableTop, width: tableWidth, height: y - tableTop,
    border: { ...border, top: continuing ? 0 : border.top, bottom: next ? 0 : border.bottom }, padding,
    hasTop: !continuing, hasBottom: next === null, children,
  };
  if (borders) fragment.collapsedBorders = borderSegments(borders, layout.gridX, placedRows, grid.collapsedColumns);
  return { fragment, next };
}
