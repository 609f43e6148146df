// The table grid: rows in header, body, footer order, each cell placed in its slots by the
// HTML table algorithm (colspan, rowspan), and which row group and column each slot belongs to.
import type { BlockBox, TableBox, TableCellBox, TableColumnBox, TableRowBox, TableRowGroupBox } from '../boxes/types.js';

export interface PlacedCell {
  readonly cell: TableCellBox;
  readonly row: number;
  readonly column: number;
  /** The cell's block container as layout sees it (with half borders in the collapsing model). */
  content: BlockBox;
}

export interface Grid {
  readonly rows: TableRowBox[];
  /** The row group of each row. */
  readonly groups: TableRowGroupBox[];
  /** The rows of the header repeated on every page (a `<thead>`), first in `rows`. */
  readonly headerRows: number;
  /** The rows of the footer repeated on every page (a `<tfoot>`), last in `rows`. */
  readonly footerRows: number;
  readonly cells: PlacedCell[];
  /** The cells starting in each row. */
  readonly cellsByRow: PlacedCell[][];
  readonly columnCount: number;
  /** The column element of each column, when there is one. */
  readonly columns: (TableColumnBox | null)[];
  /** The cell covering each slot, row by row (null where no cell is). */
  readonly slots: (PlacedCell | null)[][];
  /** Rows and columns with `visibility: collapse` (on themselves or their group): they take no room. */
  readonly collapsedRows: boolean[];
  readonly collapsedColumns: boolean[];
}

/**
 * Whether a header or footer group repeats on every page the table spans: as in Chromium, only a
 * `<thead>` or `<tfoot>`. A group made one by `display` alone goes first or last, once (decision 0203).
 */
function repeats(group: TableRowGroupBox, name: 'thead' | 'tfoot'): boolean {
  return group.element !== null && group.element.name === name;
}

export function buildGrid(table: TableBox): Grid {
  const header = table.rowGroups.filter((g) => g.role === 'header').slice(0, 1);
  const footer = table.rowGroups.filter((g) => g.role === 'footer').slice(0, 1);
  const bodies = table.rowGroups.filter((g) => !header.includes(g) && !footer.includes(g));
  const ordered = [...header, ...bodies, ...footer];
  const rows = ordered.flatMap((g) => g.rows);
  const groups = ordered.flatMap((g) => g.rows.map(() => g));
  const slots: (PlacedCell | null)[][] = rows.map(() => []);
  const cells: PlacedCell[] = [];
  const cellsByRow: PlacedCell[][] = rows.map(() => []);
  let columnCount = 0;
  rows.forEach((row, r) => {
    let c = 0;
    for (const cell of row.cells) {
      while (slots[r][c]) c++;
      const placed: PlacedCell = { cell, row: r, column: c, content: cell.content };
      const rowspan = Math.min(cell.rowspan, rows.length - r);
      for (let dr = 0; dr < rowspan; dr++) {
        for (let dc = 0; dc < cell.colspan; dc++) slots[r + dr][c + dc] = placed;
      }
      cells.push(placed);
      cellsByRow[r].push(placed);
      c += cell.colspan;
      columnCount = Math.max(columnCount, c);
    }
  });
  for (const line of slots) {
    for (let c = 0; c < columnCount; c++) line[c] ??= null;
  }
  const columns: (TableColumnBox | null)[] = new Array<TableColumnBox | null>(columnCount).fill(null);
  let col = 0;
  for (const column of table.columns) {
    for (let s = 0; s < column.span && col < columnCount; s++, col++) columns[col] = column;
  }
  // A right-to-left table's first column is its rightmost (CSS 2.1 §17.5): the grid is kept in
  // visual order, left to right, so that widths, positions and borders need no other case.
  if (table.style.direction === 'rtl') {
    for (const placed of cells) (placed as { column: number }).column = columnCount - placed.column - placed.cell.colspan;
    for (const line of slots) line.reverse();
    for (const line of cellsByRow) line.reverse();
    columns.reverse();
  }
  return {
    rows,
    groups,
    headerRows: header.filter((g) => repeats(g, 'thead')).reduce((n, g) => n + g.rows.length, 0),
    footerRows: footer.filter((g) => repeats(g, 'tfoot')).reduce((n, g) => n + g.rows.length, 0),
    cells,
    cellsByRow,
    columnCount,
    columns,
    slots,
    collapsedRows: rows.map((row, r) => row.style.visibility === 'collapse' || groups[r].style.visibility === 'collapse'),
    collapsedColumns: columns.map((column) => column?.style.visibility === 'collapse'),
  };
}

/** Horizontal and vertical border-spacing (none in the collapsing border model). */
export function spacingOf(table: TableBox): [number, number] {
  return table.style.borderCollapse === 'collapse' ? [0, 0] : [table.style.borderSpacing[0], table.style.borderSpacing[1]];
}
