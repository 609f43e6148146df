// One page of a table's body: rows stacked down to the page's end, rows that do not fit split cell
// by cell, rowspan cells kept whole when all their rows fit here and cut at the page's end when not.
import type { ComputedStyle } from '../css/types.js';
import { isForcedResume, layoutBlockLevel, type Resume } from './block.js';
import { isAvoidedBreak, isForcedBreak, takesPageBreak } from './breaks.js';
import { borderEdges, paddingEdges, type LayoutContext } from './context.js';
import { cloneFragment, edgesWith, NO_EDGES, translate, type BoxFragment, type Fragment } from './fragments.js';
import { offsetRelative } from './relative.js';
import type { PlacedRow } from './table-collapse.js';
import type { Grid, PlacedCell } from './table-grid.js';
import { rowStyle, type TableLayout, type TableRows } from './table-measure.js';

/** Where a table continues on the next page. */
export interface TableState {
  readonly row: number;
  readonly layout: TableLayout;
  /** When row `row` was split: where each unfinished cell resumes. */
  readonly split?: Map<PlacedCell, Resume>;
  /** Rowspan cells cut by the page break that still span rows from `row` on: where their content resumes. */
  readonly spanning?: Map<PlacedCell, CellToken>;
  /** Only the captions were placed (they ended the page): the table starts here, with its grid. */
  readonly afterCaptions?: true;
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

type CellSlice = { readonly fragment: BoxFragment; readonly next: CellToken };

export function avoidsBreakInside(style: ComputedStyle): boolean {
  return style.breakInside === 'avoid' || style.breakInside === 'avoid-page';
}

/** Whether a forced break falls between rows r - 1 and r: break-after on the row or row group above, break-before on the row or row group below. */
function forcedBreakBefore(grid: Grid, r: number): boolean {
  if (isForcedBreak(grid.rows[r].style.breakBefore) || isForcedBreak(grid.rows[r - 1].style.breakAfter)) return true;
  return grid.groups[r] !== grid.groups[r - 1] && (isForcedBreak(grid.groups[r].style.breakBefore) || isForcedBreak(grid.groups[r - 1].style.breakAfter));
}

/** Whether `break-after`/`break-before: avoid` on the rows (or the row groups they end and start) asks not to break between rows r - 1 and r. */
function avoidsBreakBefore(grid: Grid, r: number): boolean {
  if (r <= 0 || r >= grid.rows.length) return false;
  if (isAvoidedBreak(grid.rows[r - 1].style.breakAfter) || isAvoidedBreak(grid.rows[r].style.breakBefore)) return true;
  return grid.groups[r] !== grid.groups[r - 1] && (isAvoidedBreak(grid.groups[r - 1].style.breakAfter) || isAvoidedBreak(grid.groups[r].style.breakBefore));
}

/**
 * When row r starts a run of rows that ask not to be broken between (a heading row with
 * `break-after: avoid` and the row after it), the run's height (spacing after each included), else null.
 */
function avoidingRunHeight(grid: Grid, rows: TableRows, r: number, end: number, vs: number): number | null {
  if (avoidsBreakBefore(grid, r) || !avoidsBreakBefore(grid, r + 1) || r + 1 >= end) return null;
  let height = grid.collapsedRows[r] ? 0 : rows.at(r).height + vs;
  for (let k = r + 1; k < end && avoidsBreakBefore(grid, k); k++) height += grid.collapsedRows[k] ? 0 : rows.at(k).height + vs;
  return height;
}

/**
 * When row r asks not to be broken inside (`tr { break-inside: avoid }`) and has cells spanning
 * rows after it, the height of the rows up to the last they reach, rows in between that do the same
 * reaching on (spacing after each included), else null: Chromium counts a break between those rows
 * as a break inside row r, and moves them on together.
 */
function avoidingSpanHeight(grid: Grid, rows: TableRows, r: number, end: number, vs: number): number | null {
  let last = r;
  for (let k = r; k <= last && k < end; k++) {
    if (!avoidsBreakInside(grid.rows[k].style)) continue;
    for (const placed of grid.cellsByRow[k]) last = Math.max(last, Math.min(end - 1, k + placed.cell.rowspan - 1));
  }
  if (last === r) return null;
  let height = 0;
  for (let k = r; k <= last; k++) height += grid.collapsedRows[k] ? 0 : rows.at(k).height + vs;
  return height;
}

/** When row r starts a row group with break-inside: avoid, the height of the group's rows (spacing after each included), else null. */
function avoidingGroupHeight(grid: Grid, rows: TableRows, r: number, vs: number): number | null {
  const group = grid.groups[r];
  if (r > 0 && grid.groups[r - 1] === group || !avoidsBreakInside(group.style)) return null;
  let height = 0;
  for (let k = r; k < grid.rows.length && grid.groups[k] === group; k++) height += grid.collapsedRows[k] ? 0 : rows.at(k).height + vs;
  return height;
}

/**
 * Where a cell's content ends: above its bottom padding and border, or, without either, at the
 * bottom of its last in-flow child's border box (the margin after it is not content).
 */
function cellContentEnd(cell: BoxFragment): number {
  const edge = cell.padding.bottom + cell.border.bottom;
  if (edge > 0) return cell.y + cell.height - edge;
  let end = cell.y + cell.border.top + cell.padding.top;
  for (const child of cell.children) {
    if (child.kind === 'box' && (child.style.position === 'absolute' || child.style.position === 'fixed')) continue;
    if (child.kind === 'box' || child.kind === 'line') end = Math.max(end, child.y + child.height);
  }
  return Math.min(end, cell.y + cell.height);
}

/** Where a cell's box must end: its bottom border edge, or without bottom padding and border, where its content ends. */
function cellEdgeEnd(cell: BoxFragment): number {
  return cell.padding.bottom + cell.border.bottom > 0 ? cell.y + cell.height : cellContentEnd(cell);
}

/** A resumed cell's fragment grown up by the top border it keeps on its new page. */
function withTopBorder(cell: BoxFragment, top: number): BoxFragment {
  return { ...cell, y: cell.y - top, height: cell.height + top, border: edgesWith(cell.border, { top }) };
}

/** The rows of a table placed on one page, from `y` down: the fragments made, and where each row went. */
export class TablePage {
  readonly children: Fragment[] = [];
  readonly placedRows: PlacedRow[] = [];
  /** Rowspan cells over the rows of this page: those continuing from the previous page, and those starting here. */
  private readonly open = new Map<PlacedCell, OpenCell>();
  private readonly grid: Grid;
  private readonly rows: TableRows;
  private readonly footerStart: number;

  constructor(
    private readonly layout: TableLayout,
    private readonly ctx: LayoutContext,
    /** Where the rows start; it moves down as rows are placed. */
    public y: number,
    /** The vertical border spacing. */
    private readonly vs: number,
    /** How far down body rows may go: the page's end less the footer's height and the table's bottom padding and border. */
    private readonly limit: number,
    /** The table's bottom padding and border: only a row the table ends with needs room for them below it. */
    private readonly endEdge = 0,
  ) {
    this.grid = layout.grid;
    this.rows = layout.rows;
    this.footerStart = this.grid.rows.length - this.grid.footerRows;
  }

  /** The header rows (`from` 0) or the footer rows (`from` the first footer row): whole, never split. */
  placeRows(from: number, to: number): void {
    for (let r = from; r < to; r++) this.place(r);
  }

  /**
   * Places body rows from the one `previous` resumes at (or the first), until the page is full.
   * Returns where the table continues, `null` when its body ends here, or 'nothing' when not even
   * its first row fits on a page that does not start with it (unless `started`: what is placed
   * already, captions and header rows, stays, and the body starts on the next page).
   */
  placeBody(previous: TableState | null, atPageTop: boolean, started = false): TableState | null | 'nothing' {
    const { grid, rows, layout, vs, limit } = this;
    const resumeRow = previous?.row ?? null;
    // The rows before this page's are placed for good (a layout that goes back to them lays them out again).
    rows.release(resumeRow ?? grid.headerRows);
    for (const [placed, token] of previous?.spanning ?? []) this.open.set(placed, { y: this.y, token, first: false });
    let placedBody = 0;
    let next: TableState | null = null;
    for (let index = resumeRow ?? grid.headerRows; index < this.footerStart; index++) {
      if (grid.collapsedRows[index]) continue;
      const row = rows.at(index);
      const atTop = atPageTop && placedBody === 0;
      const resumingSplit = index === resumeRow && previous?.split !== undefined;
      // A forced break, or a row group that asks not to be broken and does not fit below what is here.
      const groupHeight = resumingSplit ? null : avoidingGroupHeight(grid, rows, index, vs);
      const runHeight = resumingSplit ? null : avoidingRunHeight(grid, rows, index, this.footerStart, vs);
      const spanHeight = resumingSplit || atTop ? null : avoidingSpanHeight(grid, rows, index, this.footerStart, vs);
      const rowBreakBefore = placedBody > 0 && forcedBreakBefore(grid, index) && takesPageBreak(this.ctx, limit)
        || !atTop && groupHeight !== null && this.y + groupHeight - vs > limit + 0.01
        || !atTop && runHeight !== null && this.y + runHeight - vs > limit + 0.01
        || spanHeight !== null && this.y + spanHeight - vs > limit + 0.01;
      // Rowspan cells from an earlier page ending with this row: the row takes the height the rest of
      // their content needs, instead of its share of their whole height.
      const ending = new Map<PlacedCell, CellSlice>();
      let need = 0;
      for (const placed of resumingSplit || rowBreakBefore ? [] : this.endingAt(index, true)) {
        const slice = this.sliceCell(placed, this.open.get(placed)!, limit - vs, true);
        ending.set(placed, slice);
        need = slice.next === 'done' ? Math.max(need, slice.fragment.y + slice.fragment.height - this.y) : Infinity;
      }
      const extra = this.open.size > 0 ? Math.max(need, this.ownNeed(index)) - row.height : 0;
      // Where the table goes on past this row, it has no bottom edge on this page (box-decoration-break: slice).
      const rowLimit = index + 1 < this.footerStart ? limit + this.endEdge : limit;
      const fits = !(row.forcedInside && limit !== Number.POSITIVE_INFINITY) && this.y + row.height + extra <= rowLimit + 0.01;
      // break-inside: avoid moves a row to the next page; at the top of a page it can only be broken.
      const splittable = !avoidsBreakInside(grid.rows[index].style) || atTop;
      let unfinished: Map<PlacedCell, Resume> | null | 'push' = 'push';
      if (!rowBreakBefore && (resumingSplit || !fits && splittable)) {
        unfinished = this.splitRow(index, resumingSplit ? previous?.split : undefined, atTop);
      }
      if (rowBreakBefore || !fits && unfinished === 'push' && !atTop) {
        if (placedBody === 0 && !atPageTop && !started) return 'nothing';
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
      const rowTop = this.y;
      const grown = Number.isFinite(extra) ? extra : 0;
      this.place(index, grown);
      for (const [placed, slice] of ending) {
        const cell = this.open.get(placed)!;
        if (slice.next === 'done') this.closeCell(placed, cell, slice.fragment, rowTop + row.height + grown, true);
        else this.open.set(placed, { ...cell, sliced: slice });
      }
      placedBody++;
    }
    const spanning = this.closeSpanning(next?.row ?? this.footerStart);
    return next && spanning.size > 0 ? { ...next, spanning } : next;
  }

  /** The last body row a body cell spans (collapsed rows aside). */
  private lastRowOf(placed: PlacedCell): number {
    let last = Math.min(this.footerStart - 1, placed.row + placed.cell.rowspan - 1);
    while (last > placed.row && this.grid.collapsedRows[last]) last--;
    return last;
  }

  /** Whether a cell spans more than its own row (collapsed rows aside). */
  private spans(placed: PlacedCell): boolean {
    return placed.cell.rowspan > 1 && !this.layout.hidden.has(placed) && this.lastRowOf(placed) > placed.row;
  }

  /** Places row `index` whole, `extra` taller than it was laid out; its rowspan cells are taken out until it is known whether all their rows fit here. */
  private place(index: number, extra = 0): void {
    const { grid, layout, open } = this;
    if (grid.collapsedRows[index]) return;
    const row = this.rows.at(index);
    // The first placement takes the fragment itself; it is moved to where it goes, whatever moved it before.
    let fragment = layout.placed[index] || extra !== 0 ? cloneFragment(row.fragment) as BoxFragment : row.fragment;
    layout.placed[index] = true;
    translate(fragment, layout.gridX[0] - fragment.x, this.y - fragment.y);
    // Placing it again puts it back where it goes: a relatively positioned row is offset after each placement.
    offsetRelative(fragment, this.grid.rows[index].style, fragment.width);
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
        if (!cell.whole || placed.row >= index || this.lastRowOf(placed) < index) continue;
        // A copy: the laid-out fragment is placed again as it was if this page is laid out again.
        const whole = cloneFragment(cell.whole) as BoxFragment;
        resize(whole, placed.cell.style.verticalAlign);
        open.set(placed, { ...cell, whole });
      }
    }
    const body = index >= grid.headerRows && index < this.footerStart;
    if (body && grid.cellsByRow[index].some((placed) => this.spans(placed))) {
      const cells = fragment.children;
      fragment = { ...fragment, children: cells.filter((_, i) => !this.spans(grid.cellsByRow[index][i])) };
      const rowFragment = fragment;
      grid.cellsByRow[index].forEach((placed, i) => {
        if (this.spans(placed)) open.set(placed, { y: this.y, token: null, first: true, row: rowFragment, whole: cells[i] as BoxFragment });
      });
    }
    this.children.push(fragment);
    this.placedRows.push({ row: index, y: this.y, height: row.height + extra, hasTop: true, hasBottom: true });
    this.y += row.height + extra + this.vs;
  }

  /** The rest of a cell's bottom padding and border, `height` tall, at the top of a page. */
  private cellEdge(placed: PlacedCell, slot: { x: number; width: number }, y: number, height: number): BoxFragment {
    const style = placed.content.style;
    return {
      kind: 'box', box: placed.content, style, x: slot.x, y, width: slot.width, height,
      border: edgesWith(borderEdges(style), { top: 0 }), padding: edgesWith(paddingEdges(style, this.layout.cellBasis), { top: 0 }),
      hasTop: false, hasBottom: true, children: [],
    };
  }

  /** Lays out a rowspan cell's content from its token between its top and `bottom` on this page. */
  private sliceCell(placed: PlacedCell, cell: OpenCell, bottom: number, atTop: boolean): CellSlice {
    const slot = this.layout.slots.get(placed);
    if (cell.token !== 'done') {
      const result = layoutBlockLevel(placed.content, this.ctx, {
        x: slot.x, y: cell.y, width: slot.width, bottom, atPageTop: atTop, forcedWidth: slot.width, carriesEndEdge: true, paddingBasis: this.layout.cellBasis,
      }, cell.token, { pos: 0, neg: 0 }, null, true);
      if (result.fragment) return { fragment: result.fragment, next: result.next ?? 'done' };
    }
    // Nothing of its content here: its box alone, for its background and side borders.
    const style = placed.content.style;
    const b = borderEdges(style);
    const p = paddingEdges(style, this.layout.cellBasis);
    const fragment: BoxFragment = {
      kind: 'box', box: placed.content, style, x: slot.x, y: cell.y, width: slot.width, height: 0,
      border: edgesWith(b, { top: cell.first ? b.top : 0, bottom: 0 }), padding: edgesWith(p, { top: cell.first ? p.top : 0, bottom: 0 }),
      hasTop: cell.first, hasBottom: false, children: [],
    };
    return { fragment, next: cell.token };
  }

  /** Puts a rowspan cell's piece on this page: `bottom` is where it ends, `last` whether its box ends there. */
  private closeCell(placed: PlacedCell, cell: OpenCell, fragment: BoxFragment, bottom: number, last: boolean): void {
    fragment.height = bottom - cell.y;
    fragment.hasBottom = last;
    if (cell.row) cell.row.children.push(fragment);
    else this.children.push(fragment);
    this.open.delete(placed);
  }

  /**
   * The height row `rowIndex` needs on this page apart from the rowspan cells cut by a page break:
   * all of it when none ends in it, else its own cells'; and as much as the whole rowspan cells
   * ending in it need from their top (the rows above them may have lost a cut cell's share).
   */
  private ownNeed(rowIndex: number): number {
    let need = this.endingAt(rowIndex, true).length > 0 ? this.rows.at(rowIndex).own : this.rows.at(rowIndex).height;
    for (const [placed, cell] of this.open) {
      if (cell.whole && this.lastRowOf(placed) === rowIndex) need = Math.max(need, cell.y + (this.layout.natural.get(placed) ?? 0) - this.y);
    }
    return need;
  }

  /** The rowspan cells whose last row is `rowIndex`: all of them, or only those continuing from an earlier page. */
  private endingAt(rowIndex: number, continued: boolean): PlacedCell[] {
    return [...this.open].filter(([placed, cell]) => (!continued || !cell.first) && this.lastRowOf(placed) === rowIndex).map(([placed]) => placed);
  }

  /**
   * Places a row that does not fit, split where its cells' content allows: each cell continues on
   * the next page from its own token. 'push' when none of its cells can start here (the row moves
   * to the next page), else the unfinished cells' tokens, or null when all of it fitted after all.
   */
  private splitRow(rowIndex: number, tokens: Map<PlacedCell, Resume> | undefined, atTop: boolean): Map<PlacedCell, Resume> | null | 'push' {
    const { grid, layout, vs, limit, open } = this;
    const y = this.y;
    // No room left at all (rows of no height may have used it up).
    if (tokens === undefined && !atTop && y > limit - vs + 0.01) return 'push';
    const fragments: BoxFragment[] = [];
    // The cell of each of `fragments`.
    const cellsHere: PlacedCell[] = [];
    const unfinished = new Map<PlacedCell, Resume>();
    let bottom = y;
    for (const placed of grid.cellsByRow[rowIndex]) {
      if (tokens && !tokens.has(placed)) continue;
      if (this.spans(placed) || layout.hidden.has(placed)) continue;
      const slot = layout.slots.get(placed);
      const token = tokens?.get(placed);
      if (token?.kind === 'edge') {
        const edge = this.cellEdge(placed, slot, y, token.remaining);
        fragments.push(edge);
        cellsHere.push(placed);
        bottom = Math.max(bottom, y + token.remaining);
        continue;
      }
      // A cell going on from the page before starts its content at the page's top, where the top
      // margin of what it resumes with is truncated, unless a forced break put it there. With
      // collapsing borders, Chromium keeps its (half) top border there too, under a repeated header
      // (decision 0183); with none above it, the cell goes on at the table's top without it.
      const edge = token !== undefined && layout.borders !== null && this.grid.headerRows > 0 ? borderEdges(placed.content.style).top : 0;
      const result = layoutBlockLevel(placed.content, this.ctx, {
        x: slot.x, y: y + edge, width: slot.width, bottom: limit - vs, atPageTop: atTop || tokens !== undefined, forcedWidth: slot.width, carriesEndEdge: true, paddingBasis: this.layout.cellBasis,
        ...(tokens !== undefined && { truncateTopMargin: !isForcedResume(token ?? null) }),
      }, token ?? null, { pos: 0, neg: 0 }, null, true);
      // A cell that cannot start here (its first lines would be orphans) moves the whole row.
      if (!result.fragment) return 'push';
      const fragment = edge > 0 ? withTopBorder(result.fragment, edge) : result.fragment;
      fragments.push(fragment);
      cellsHere.push(placed);
      bottom = Math.max(bottom, fragment.y + fragment.height);
      if (result.next) unfinished.set(placed, result.next);
    }
    // Rowspan cells ending with this row finish here if they can; those starting here are cut at the page's end.
    const ending: [PlacedCell, CellSlice][] = [];
    for (const placed of this.endingAt(rowIndex, false)) {
      const cell = open.get(placed)!;
      const slice = cell.sliced ?? this.sliceCell(placed, cell, limit - vs, !cell.first);
      ending.push([placed, slice]);
      bottom = Math.max(bottom, slice.fragment.y + slice.fragment.height);
    }
    // Cells whose content fits but not all of whose box does. The bottom margin of a cell's last
    // child is not content: when only margins run past the page, the row is cut at its end, the rest
    // of the margins going on at the next page's top. When bottom padding or borders run past it,
    // Chromium moves the row to the next page; at a page's top, where that gains nothing, it is cut
    // there, the rest of the padding and borders going on at the next page (decision 0178).
    if (unfinished.size === 0 && ending.length === 0 && bottom > limit - vs + 0.01) {
      const end = limit - vs;
      const contentFits = fragments.every((f) => cellContentEnd(f) <= end + 0.01);
      const edgesFit = fragments.every((f) => cellEdgeEnd(f) <= end + 0.01);
      if (contentFits && !edgesFit && !atTop && tokens === undefined) return 'push';
      if (contentFits && end > y) {
        fragments.forEach((f, i) => {
          const rest = f.y + f.height - end;
          if (rest <= 0.01) return;
          unfinished.set(cellsHere[i], { kind: 'edge', remaining: rest });
          fragments[i] = { ...f, hasBottom: false, padding: edgesWith(f.padding, { bottom: 0 }), border: edgesWith(f.border, { bottom: 0 }) };
        });
        bottom = end;
      }
    }
    const rowUnfinished = unfinished.size > 0 || ending.some(([, slice]) => slice.next !== 'done');
    // When all of it fits after all, the row keeps the height it was given (its specified height, its rowspan cells' share) or moves on.
    const height = rowUnfinished ? Math.max(bottom, limit - vs) - y : Math.max(bottom - y, tokens === undefined ? this.ownNeed(rowIndex) : 0);
    if (!rowUnfinished && !atTop && tokens === undefined && y + height > limit + 0.01) return 'push';
    for (const f of fragments) f.height = height;
    for (const [placed, slice] of ending) {
      const cell = open.get(placed)!;
      if (slice.next === 'done') this.closeCell(placed, cell, slice.fragment, y + height, true);
      else open.set(placed, { ...cell, sliced: slice });
    }
    if (tokens === undefined) {
      for (const placed of grid.cellsByRow[rowIndex]) if (this.spans(placed)) open.set(placed, { y, token: null, first: true });
    }
    const row = grid.rows[rowIndex];
    const first = layout.gridX[0];
    const rowWidth = layout.gridX[layout.gridX.length - 1] - first;
    // Relatively positioned cells and rows are painted offset, laid out (and measured above) as if not.
    fragments.forEach((f, i) => offsetRelative(f, cellsHere[i].cell.style, rowWidth));
    const rowFragment: BoxFragment = {
      kind: 'box', box: row, style: rowStyle(row.style), x: first, y, width: layout.gridX[layout.gridX.length - 1] - first, height,
      border: NO_EDGES, padding: NO_EDGES, hasTop: tokens === undefined, hasBottom: !rowUnfinished, children: fragments,
    };
    if (layout.underlays[rowIndex]) rowFragment.underlays = layout.underlays[rowIndex];
    offsetRelative(rowFragment, row.style, rowFragment.width);
    this.children.push(rowFragment);
    this.placedRows.push({ row: rowIndex, y, height, hasTop: tokens === undefined, hasBottom: !rowUnfinished });
    this.y += height + vs;
    return rowUnfinished ? unfinished : null;
  }

  /**
   * Ends the rowspan cells still open when the body stops before `nextRow`: those whose rows all fit
   * here stay whole; the others are cut at the page's end and returned with where they resume.
   */
  private closeSpanning(nextRow: number): Map<PlacedCell, CellToken> {
    const spanning = new Map<PlacedCell, CellToken>();
    for (const [placed, cell] of [...this.open]) {
      const lastHere = this.lastRowOf(placed) < nextRow;
      if (cell.whole && lastHere) {
        cell.row?.children.push(cell.whole);
        this.open.delete(placed);
        continue;
      }
      const lastRow = this.placedRows.find((p) => p.row === this.lastRowOf(placed));
      const end = lastHere && lastRow ? lastRow.y + lastRow.height : this.limit - this.vs;
      const slice = cell.sliced ?? this.sliceCell(placed, cell, this.limit - this.vs, !cell.first);
      this.closeCell(placed, cell, slice.fragment, end, lastHere);
      if (lastHere) continue;
      spanning.set(placed, slice.next);
      this.y = Math.max(this.y, end + this.vs);
    }
    return spanning;
  }
}
