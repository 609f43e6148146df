// A table measured once: column widths (table-columns.ts) over the grid (table-grid.ts), where each
// cell sits, and every row laid out at its final height, carried from page to page by table-page.ts.
import { firstBaseline } from './atomic.js';
import type { TableBox } from '../boxes/types.js';
import type { ComputedStyle } from '../css/types.js';
import { offsetRelative } from './relative.js';
import { flowDirection, layoutBlockLevel, legacyAlignShift, UNPAGINATED, type FlowSpace } from './block.js';
import { pageBreaksPassedOver } from './breaks.js';
import { borderEdges, contentSize, marginValue, paddingEdges, resolveAuto, resolveLength, type LayoutContext } from './context.js';
import { NO_EDGES, translate, type BoxFragment, type Edges, type Fragment, type Underlay } from './fragments.js';
import { withRoomForBorders, type CollapsedBorders } from './table-collapse.js';
import { captionsMinWidth, columnsMaxWidth, columnWidths, distribute, fixedColumnWidths } from './table-columns.js';
import { spacingOf, type Grid, type PlacedCell } from './table-grid.js';
import { tableModel } from './table-model.js';

/** Column widths and laid-out rows, computed once per table and carried from page to page. */
export interface TableLayout {
  readonly grid: Grid;
  readonly borders: CollapsedBorders | null;
  readonly rows: TableRows;
  readonly x: number;
  readonly tableWidth: number;
  /** What percentages of the cells' padding resolve against: the table's content width. */
  readonly cellBasis: number;
  readonly contentX: number;
  /** The x of every column edge: each column's left edge, then the last one's right edge. */
  readonly gridX: number[];
  /** Where each cell sits horizontally, for laying a row out again when it is split across pages. */
  readonly slots: CellSlots;
  /** Column and row-group backgrounds under each row. */
  readonly underlays: readonly (Underlay[] | undefined)[];
  /** Rows whose laid-out fragment has been placed once: later placements (repeated headers) take copies; a row laid out again starts unplaced. */
  readonly placed: boolean[];
  /** Cells of collapsed rows and columns: never painted. */
  readonly hidden: Set<PlacedCell>;
  /** The height of each rowspan cell's content, before it is stretched over its rows. */
  readonly natural: Map<PlacedCell, number>;
  /** The x of the space it was measured in: every x above is in that space. */
  readonly spaceX: number;
}

export interface RowLayout {
  readonly fragment: BoxFragment;
  readonly height: number;
  /** Its height before rowspan cells ending in it grew it. */
  readonly own: number;
  /** Whether a cell of the row has a forced page break inside (passed over while measured): the row then splits at it. */
  readonly forcedInside: boolean;
}

/**
 * A table's rows, each laid out when first read, with the rows joined to it by rowspan cells (its
 * band): the pages of a long table hold the fragments of their own rows only, and a body row's
 * layout is let go once the pages have gone past it (read again, it is laid out again).
 */
export class TableRows {
  private readonly laid: (RowLayout | undefined)[];
  /** The first and last row of the band each row is in. */
  private readonly bandFirst: Int32Array;
  private readonly bandLast: Int32Array;
  /** Where each row's cells start in the grid's cells (row-major); one more entry for the end. */
  private readonly cellStart: Int32Array;
  /** Body rows before this one have been let go. */
  private released = 0;

  constructor(
    private readonly grid: Grid,
    private readonly layBand: (band: { first: number; last: number; cells: readonly PlacedCell[] }) => RowLayout[],
    private readonly placed: boolean[],
    /** All the rows are one band (a table height shared among them). */
    whole: boolean,
  ) {
    const count = grid.rows.length;
    this.laid = new Array<RowLayout | undefined>(count);
    this.cellStart = new Int32Array(count + 1);
    const reach = new Int32Array(count);
    for (let r = 0; r < count; r++) reach[r] = whole ? count - 1 : r;
    let index = 0;
    for (let r = 0; r < count; r++) {
      this.cellStart[r] = index;
      for (const placed of grid.cellsByRow[r]) reach[r] = Math.max(reach[r], Math.min(count - 1, r + placed.cell.rowspan - 1));
      index += grid.cellsByRow[r].length;
    }
    this.cellStart[count] = index;
    this.bandFirst = new Int32Array(count);
    this.bandLast = new Int32Array(count);
    for (let first = 0; first < count;) {
      let last = reach[first];
      for (let r = first + 1; r <= last; r++) last = Math.max(last, reach[r]);
      for (let r = first; r <= last; r++) {
        this.bandFirst[r] = first;
        this.bandLast[r] = last;
      }
      first = last + 1;
    }
  }

  get length(): number {
    return this.laid.length;
  }

  at(r: number): RowLayout {
    const known = this.laid[r];
    if (known) return known;
    this.layOut(this.bandFirst[r], this.bandLast[r]);
    return this.laid[r]!;
  }

  /** Body rows before `row` will not be placed again: their layouts are let go, unless a band reaches `row`. */
  release(row: number): void {
    const { headerRows } = this.grid;
    for (let r = Math.max(this.released, headerRows); r < row && this.bandLast[r] < row; r++) this.laid[r] = undefined;
    this.released = Math.max(this.released, row);
  }

  private layOut(first: number, last: number): void {
    const cells = this.grid.cells.slice(this.cellStart[first], this.cellStart[last + 1]);
    const rows = this.layBand({ first, last, cells });
    for (let r = first; r <= last; r++) {
      this.laid[r] = rows[r - first];
      this.placed[r] = false;
    }
  }
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

/**
 * Where each cell sits horizontally, over the columns it spans that are not collapsed: found when
 * asked (a table-wide map of every cell was one more object per cell kept for the whole table).
 */
export class CellSlots {
  private readonly spacing: number;
  constructor(table: TableBox, private readonly grid: Grid, private readonly widths: readonly number[], private readonly gridX: readonly number[]) {
    this.spacing = spacingOf(table)[0];
  }

  get(placed: PlacedCell): { x: number; width: number } {
    const { grid, widths, gridX } = this;
    const last = Math.min(widths.length, placed.column + placed.cell.colspan);
    let width = 0;
    let x: number | null = null;
    for (let c = placed.column; c < last; c++) {
      if (grid.collapsedColumns[c]) continue;
      width += widths[c] + (x !== null ? this.spacing : 0);
      x ??= gridX[c];
    }
    return { x: x ?? gridX[placed.column] ?? gridX[0], width };
  }
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
export function rowStyle(style: ComputedStyle): ComputedStyle {
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

/**
 * Rows `first` to `last` laid out (a band no rowspan cell crosses, or all of the table's rows):
 * `cells` are the cells starting in them, in grid order.
 */
function layoutBand(table: TableBox, grid: Grid, ctx: LayoutContext, layout: Pick<TableLayout, 'slots' | 'underlays' | 'hidden' | 'natural' | 'cellBasis'>, band: { readonly first: number; readonly last: number; readonly cells: readonly PlacedCell[] }, x0: number, rowWidth: number, rowsTarget: number | null): RowLayout[] {
  const { slots, underlays, hidden } = layout;
  const { first, last, cells } = band;
  const [, vs] = spacingOf(table);
  const collapsed = grid.collapsedRows;
  const cellFragments = new Map<PlacedCell, BoxFragment>();
  const forcedRows = new Set<number>();
  const contentHeights = new Map<PlacedCell, number>();
  // Indexed by row less `first`.
  const heights: number[] = [];
  for (let r = first; r <= last; r++) {
    const row = grid.rows[r];
    heights.push(typeof row.style.height === 'number' && !collapsed[r] ? row.style.height : 0);
  }
  for (const placed of cells) {
    const { x, width } = slots.get(placed);
    if (hidden.has(placed)) {
      const style: ComputedStyle = { ...placed.content.style, visibility: 'hidden' };
      cellFragments.set(placed, { kind: 'box', box: placed.content, style, x, y: 0, width: 0, height: 0, border: NO_EDGES, padding: NO_EDGES, hasTop: true, hasBottom: true, children: [] });
      continue;
    }
    const space: FlowSpace = { x, y: 0, width, bottom: UNPAGINATED, atPageTop: true, forcedWidth: width, paddingBasis: layout.cellBasis };
    const breaksBefore = pageBreaksPassedOver(ctx);
    const result = layoutBlockLevel(placed.content, ctx, space, null, { pos: 0, neg: 0 }, null, true);
    if (pageBreaksPassedOver(ctx) !== breaksBefore && placed.cell.rowspan === 1) forcedRows.add(placed.row);
    const fragment = result.fragment!;
    contentHeights.set(placed, fragment.height);
    const style = placed.content.style;
    const specified = placed.cell.style.height;
    if (typeof specified === 'number') {
      const border = borderEdges(style);
      const padding = paddingEdges(style, layout.cellBasis);
      // In quirks mode a cell's height is its border box (the table cell height box sizing quirk).
      const borderBox = style.boxSizing === 'border-box' || style.quirksMode === 'quirks';
      fragment.height = Math.max(fragment.height, contentSize(specified, style, 0) + (borderBox ? 0 : border.top + border.bottom + padding.top + padding.bottom));
    }
    cellFragments.set(placed, fragment);
    if (placed.cell.rowspan === 1) heights[placed.row - first] = Math.max(heights[placed.row - first], fragment.height);
  }
  // Baseline-aligned cells are printed at the top of their row: Chromium 156 aligns their
  // baselines on screen but not when printing (decision 0367). The row is as tall as aligning them
  // would make it, though: a cell whose baseline sits higher than the row's reaches that much lower.
  growForBaselines(cells, cellFragments, hidden, heights, first);
  const own = [...heights];
  for (const placed of cells) {
    if (placed.cell.rowspan <= 1 || hidden.has(placed)) continue;
    layout.natural.set(placed, cellFragments.get(placed)!.height);
    let end = Math.min(grid.rows.length - 1, placed.row + placed.cell.rowspan - 1);
    while (collapsed[end]) end--;
    let spanned = 0;
    for (let r = placed.row; r <= end; r++) spanned += collapsed[r] ? 0 : heights[r - first] + (r > placed.row ? vs : 0);
    const need = cellFragments.get(placed)!.height;
    if (need > spanned) heights[end - first] += need - spanned;
  }
  // Only ever asked of all the rows at once (first is 0), so the indices are the rows'.
  if (rowsTarget !== null) growRows(grid, heights, own, rowsTarget);
  const rows: RowLayout[] = [];
  for (let r = first; r <= last; r++) {
    const row = grid.rows[r];
    const children: Fragment[] = [];
    for (const placed of grid.cellsByRow[r]) {
      const fragment = cellFragments.get(placed)!;
      let height = heights[r - first];
      for (let k = 1; k < placed.cell.rowspan && r + k < grid.rows.length; k++) height += collapsed[r + k] ? 0 : heights[r + k - first] + vs;
      if (hidden.has(placed)) height = 0;
      // Measured against the content's own height: a cell's specified height is room to align it in.
      const slack = height - (contentHeights.get(placed) ?? fragment.height);
      const va = placed.cell.style.verticalAlign;
      const shift = va === 'middle' ? slack / 2 : va === 'bottom' ? slack : 0;
      const stretched = height > (contentHeights.get(placed) ?? height) + 0.01 && placed.content.style.position !== 'static';
      const laid = stretched ? stretchedCell(placed, ctx, slots.get(placed), height, layout.cellBasis) : fragment;
      if (shift > 0) for (const child of laid.children) if (!outOfFlow(child)) translate(child, 0, shift);
      laid.height = height;
      // A relatively positioned cell is painted offset (CSS 2.1 §9.4.3), its row laid out as if not.
      offsetRelative(laid, placed.cell.style, rowWidth);
      children.push(laid);
    }
    const fragment: BoxFragment = {
      kind: 'box', box: row, style: rowStyle(row.style), x: x0, y: 0, width: rowWidth, height: heights[r - first],
      border: NO_EDGES, padding: NO_EDGES, hasTop: true, hasBottom: true, children,
    };
    if (underlays[r]) fragment.underlays = underlays[r];
    rows.push({ fragment, height: heights[r - first], own: own[r - first], forcedInside: forcedRows.has(r) });
  }
  return rows;
}

/** Rows as tall as their baseline-aligned cells need once their first baselines line up (CSS 2.1 §17.5.3). */
function growForBaselines(cells: readonly PlacedCell[], fragments: ReadonlyMap<PlacedCell, BoxFragment>, hidden: ReadonlySet<PlacedCell>, heights: number[], first: number): void {
  const byRow = new Map<number, { baseline: number; height: number }[]>();
  for (const placed of cells) {
    if (placed.cell.rowspan !== 1 || hidden.has(placed) || placed.cell.style.verticalAlign !== 'baseline') continue;
    const fragment = fragments.get(placed)!;
    // Without a line, the bottom of the content box stands for the baseline.
    const baseline = (firstBaseline(fragment) ?? fragment.y + fragment.height - fragment.border.bottom - fragment.padding.bottom) - fragment.y;
    const list = byRow.get(placed.row) ?? [];
    list.push({ baseline, height: fragment.height });
    byRow.set(placed.row, list);
  }
  for (const [row, list] of byRow) {
    if (list.length < 2) continue;
    const baseline = Math.max(...list.map((c) => c.baseline));
    const need = Math.max(...list.map((c) => baseline - c.baseline + c.height));
    heights[row - first] = Math.max(heights[row - first], need);
  }
}

/**
 * Rows grown to fill a table's `height` (as Chromium shares it): the extra goes to the body rows
 * (all rows when there are none), to those without a px height of their own or their cells' (all
 * of them when every one has), in proportion to their heights (equally when all are empty).
 */
function growRows(grid: Grid, heights: number[], own: number[], target: number): void {
  const visible = heights.map((_, r) => r).filter((r) => !grid.collapsedRows[r]);
  const extra = target - visible.reduce((sum, r) => sum + heights[r], 0);
  if (extra <= 0.01) return;
  const body = visible.filter((r) => r >= grid.headerRows && r < grid.rows.length - grid.footerRows);
  const pool = body.length > 0 ? body : visible;
  const constrained = (r: number): boolean => typeof grid.rows[r].style.height === 'number'
    || grid.cellsByRow[r].some((placed) => placed.cell.rowspan === 1 && typeof placed.cell.style.height === 'number');
  const free = pool.filter((r) => !constrained(r));
  const growing = free.length > 0 ? free : pool;
  const total = growing.reduce((sum, r) => sum + heights[r], 0);
  for (const r of growing) {
    const add = total > 0 ? (extra * heights[r]) / total : extra / growing.length;
    heights[r] += add;
    own[r] += add;
  }
}

/**
 * A positioned cell laid out again at the height its row gives it: its absolutely positioned
 * descendants are placed against the cell's final box, as in Chromium, not its content's height.
 */
function stretchedCell(placed: PlacedCell, ctx: LayoutContext, slot: { x: number; width: number }, height: number, paddingBasis: number): BoxFragment {
  const space: FlowSpace = { x: slot.x, y: 0, width: slot.width, bottom: UNPAGINATED, atPageTop: true, forcedWidth: slot.width, forcedHeight: height, paddingBasis };
  return layoutBlockLevel(placed.content, ctx, space, null, { pos: 0, neg: 0 }, null, true).fragment!;
}

function outOfFlow(fragment: Fragment): boolean {
  return fragment.kind === 'box' && (fragment.style.position === 'absolute' || fragment.style.position === 'fixed');
}

/** The table's border and padding: half the outer collapsed borders and no padding in the collapsing model. */
export function tableEdges(table: TableBox, borders: CollapsedBorders | null, cbWidth: number): { border: Edges; padding: Edges } {
  if (borders) return { border: borders.table, padding: NO_EDGES };
  return { border: borderEdges(table.style), padding: paddingEdges(table.style, cbWidth) };
}

/**
 * The content height of a table without rows: its `height` and `min-height` (as content heights,
 * a percentage only against a definite height), no border-spacing; none in quirks mode, as in Chromium.
 */
export function rowlessHeight(table: TableBox, space: FlowSpace, border: Edges, padding: Edges): number {
  const style = table.style;
  if (style.quirksMode === 'quirks') return 0;
  const bpY = border.top + border.bottom + padding.top + padding.bottom;
  const resolve = (value: typeof style.height | typeof style.minHeight): number => {
    if (value === 'auto' || typeof value === 'object' && space.cbHeight === undefined) return 0;
    const resolved = resolveAuto(value, space.cbHeight ?? 0);
    return resolved === 'auto' ? 0 : Math.max(0, contentSize(resolved, style, bpY));
  };
  return Math.max(resolve(style.height), resolve(style.minHeight));
}

/**
 * What the rows' heights must add up to for the table's `height` (its border box, as in Chromium;
 * a percentage only against a definite height), or null when it has none.
 */
function rowsTarget(table: TableBox, grid: Grid, space: FlowSpace, border: Edges, padding: Edges): number | null {
  const { height } = table.style;
  if (height === 'auto' || typeof height === 'object' && space.cbHeight === undefined) return null;
  const specified = resolveAuto(height, space.cbHeight ?? 0);
  if (specified === 'auto') return null;
  const [, vs] = spacingOf(table);
  const rows = grid.collapsedRows.filter((c) => !c).length;
  return specified - border.top - border.bottom - padding.top - padding.bottom - vs * (rows + 1);
}

export function measureTable(table: TableBox, ctx: LayoutContext, space: FlowSpace, border: Edges, padding: Edges): TableLayout {
  const style = table.style;
  const { grid, borders } = tableModel(table, ctx);
  const [hs] = spacingOf(table);
  const bpX = border.left + border.right + padding.left + padding.right;
  const specified = resolveAuto(style.width, space.width);
  const marginLeft = marginValue(style.marginLeft, space.width);
  const marginRight = marginValue(style.marginRight, space.width);
  // A table without columns has no border-spacing: only its own width, border and padding (as in Chromium).
  const spacing = grid.columnCount === 0 ? 0 : hs * (grid.columnCount + 1);
  const availableContent = space.width - marginLeft - marginRight - bpX - spacing;
  // min-width and max-width bound the columns' room as they bound a block's width (an email's
  // `width="100%" style="max-width: 500px"`); the columns' minimum still wins over max-width.
  const maxRoom = style.maxWidth === 'none' ? Infinity : contentSize(resolveLength(style.maxWidth, space.width), style, bpX) - spacing;
  const minRoom = style.minWidth === 'auto' ? 0 : contentSize(resolveLength(style.minWidth, space.width), style, bpX) - spacing;
  const bounded = (room: number): number => Math.max(Math.min(room, maxRoom), minRoom);
  let widths: number[];
  if (specified !== 'auto' && style.tableLayout === 'fixed') {
    widths = fixedColumnWidths(table, grid, Math.max(0, bounded(contentSize(specified, style, bpX) - spacing)));
  } else {
    const columns = columnWidths(table, grid, ctx);
    // The captions' min-content widths are a minimum for the table too (Chromium's caption
    // constraint): the columns share what a caption's longest word adds.
    const sumMin = Math.max(columns.min.reduce((a, b) => a + b, 0), captionsMinWidth(table, ctx) - bpX - spacing);
    // An intrinsic keyword width takes the columns' widths at that size (fit-content is auto's).
    const target = specified !== 'auto'
      ? Math.max(sumMin, bounded(contentSize(specified, style, bpX) - spacing))
      : style.widthKeyword === 'max-content' ? Math.max(sumMin, bounded(columnsMaxWidth(columns)))
        : style.widthKeyword === 'min-content' ? Math.max(sumMin, bounded(sumMin))
          : Math.max(sumMin, bounded(Math.min(columnsMaxWidth(columns), availableContent)));
    widths = distribute(columns, target);
  }
  // Collapsed columns give up their width and their spacing.
  widths = widths.map((w, c) => (grid.collapsedColumns[c] ? 0 : w));
  const visibleColumns = grid.collapsedColumns.filter((c) => !c).length;
  const tableWidth = grid.columnCount === 0
    ? Math.max((specified === 'auto' ? 0 : Math.max(0, bounded(contentSize(specified, style, bpX)))) + bpX, captionsMinWidth(table, ctx))
    : widths.reduce((a, b) => a + b, 0) + hs * (visibleColumns + 1) + bpX;
  let x = space.x + marginLeft;
  const free = space.width - tableWidth - marginLeft - marginRight;
  // Over-constrained (CSS 2.1 §10.3.3): auto margins are zero and the table overflows on the
  // right, or on the left right to left, where the left margin is the one that gives way.
  const rtl = flowDirection(style, space) === 'rtl';
  if (free < 0) x = space.x + marginLeft + (rtl ? free : 0);
  else if (style.marginLeft === 'auto' && style.marginRight === 'auto') x = space.x + free / 2;
  else if (style.marginLeft === 'auto') x = space.x + free + marginLeft;
  else {
    const shift = legacyAlignShift(style, free, space.containerAlign);
    x += shift === 0 && rtl && style.marginRight !== 'auto' ? free : shift;
  }
  const contentX = x + border.left + padding.left;
  const gridX = gridLines(table, widths, contentX, grid.collapsedColumns);
  const slots = new CellSlots(table, grid, widths, gridX);
  const underlays = rowUnderlays(grid, gridX);
  const hidden = hiddenCells(grid);
  const natural = new Map<PlacedCell, number>();
  const target = rowsTarget(table, grid, space, border, padding);
  const rowWidth = gridX[gridX.length - 1] - gridX[0];
  const placed: boolean[] = [];
  const cellBasis = Math.max(0, tableWidth - border.left - border.right - padding.left - padding.right);
  const measured = { slots, underlays, hidden, natural, cellBasis };
  // A table height shared among the rows needs all of them at once; otherwise rows are laid out as pages take them.
  const rows = new TableRows(grid, (band) => layoutBand(table, grid, ctx, measured, band, gridX[0], rowWidth, target), placed, target !== null);
  return { grid, borders, rows, x, tableWidth, cellBasis, contentX, gridX, slots, underlays, placed, hidden, natural, spaceX: space.x };
}
