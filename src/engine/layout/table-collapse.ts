// The collapsing border model (CSS 2.1 §17.6.2): one border per grid edge, chosen among the
// cells, rows, row groups, columns and table that meet there; cells and the table take half of
// it into their border boxes, and the table paints every edge once.
import type { BlockBox, TableBox } from '../boxes/types.js';
import type { BorderSide, BorderStyle, ComputedStyle } from '../css/types.js';
import type { BorderSegment, Edges } from './fragments.js';
import type { Grid, PlacedCell } from './table-grid.js';

export interface CollapsedBorders {
  /** The edge above row r (r = 0 … rows) in column c: `horizontal[r][c]`. */
  readonly horizontal: BorderSide[][];
  /** The edge left of column c (c = 0 … columns) in row r: `vertical[r][c]`. */
  readonly vertical: BorderSide[][];
  /** Half of the outer edges: what the table's border box holds of them. */
  readonly table: Edges;
}

const NONE: BorderSide = Object.freeze({ width: 0, style: 'none', color: { r: 0, g: 0, b: 0, a: 0 } });

const STYLE_RANK: Record<BorderStyle, number> = {
  hidden: 10, double: 8, solid: 7, dashed: 6, dotted: 5, ridge: 4, outset: 3, groove: 2, inset: 1, none: 0,
};

/** Who a candidate border comes from, strongest first at equal width and style. */
const enum Source { Table = 0, ColumnGroup = 1, Column = 2, RowGroup = 3, Row = 4, Cell = 5 }

/** §17.6.2.1: whether `b` wins over `a`: hidden wins, none loses, then the wider, the stronger style, the closer source; ties keep `a` (above or left). */
function beats(a: BorderSide | null, aSource: Source, b: BorderSide, bSource: Source): boolean {
  if (!a) return true;
  if (a.style === 'hidden') return false;
  if (b.style === 'hidden') return true;
  if (b.style === 'none' || b.width <= 0) return false;
  if (a.style === 'none' || a.width <= 0) return true;
  if (a.width !== b.width) return b.width > a.width;
  if (STYLE_RANK[a.style] !== STYLE_RANK[b.style]) return STYLE_RANK[b.style] > STYLE_RANK[a.style];
  return bSource > aSource;
}

function resolved(side: BorderSide | null): BorderSide {
  if (!side || side.style === 'hidden' || side.style === 'none' || side.width <= 0) return NONE;
  return side;
}

function columnSource(style: ComputedStyle): Source {
  return style.display === 'table-column-group' ? Source.ColumnGroup : Source.Column;
}

/** The last visible track before `i` (-1 when none): collapsed tracks are out of the grid. */
function visibleBefore(collapsed: readonly boolean[], i: number): number {
  let k = i - 1;
  while (k >= 0 && collapsed[k]) k--;
  return k;
}

/** The first visible track from `i` on (`end` when none). */
function visibleFrom(collapsed: readonly boolean[], i: number, end: number): number {
  let k = i;
  while (k < end && collapsed[k]) k++;
  return k;
}

/** Resolves every grid edge of `table`. */
export function collapseBorders(table: TableBox, grid: Grid): CollapsedBorders {
  const R = grid.rows.length;
  const C = grid.columnCount;
  const horizontal: BorderSide[][] = [];
  const vertical: BorderSide[][] = [];
  const tableStyle = table.style;
  // The strongest candidate so far at the edge being resolved.
  let best: BorderSide | null = null;
  let bestSource = Source.Table;
  const offer = (side: BorderSide, source: Source): void => {
    if (beats(best, bestSource, side, source)) {
      best = side;
      bestSource = source;
    }
  };
  // Collapsed rows and columns are out of the grid: each edge is between the visible tracks around it
  // (`up`/`down`, `before`/`after`; -1 or R/C at the table's edge), and the edges of a collapsed track are none.
  const { collapsedRows, collapsedColumns } = grid;
  for (let r = 0; r <= R; r++) {
    const line: BorderSide[] = [];
    const up = visibleBefore(collapsedRows, r);
    const down = visibleFrom(collapsedRows, r, R);
    for (let c = 0; c < C; c++) {
      const above = up >= 0 ? grid.slots[up][c] : null;
      const below = down < R ? grid.slots[down][c] : null;
      if (above && above === below || collapsedColumns[c]) {
        line.push(NONE);
        continue;
      }
      best = null;
      if (above) offer(above.content.style.borderBottom, Source.Cell);
      if (below) offer(below.content.style.borderTop, Source.Cell);
      if (up >= 0) offer(grid.rows[up].style.borderBottom, Source.Row);
      if (down < R) offer(grid.rows[down].style.borderTop, Source.Row);
      if (up >= 0 && (down === R || grid.groups[down] !== grid.groups[up])) offer(grid.groups[up].style.borderBottom, Source.RowGroup);
      if (down < R && (up < 0 || grid.groups[down] !== grid.groups[up])) offer(grid.groups[down].style.borderTop, Source.RowGroup);
      const column = grid.columns[c];
      if (column && up < 0) offer(column.style.borderTop, columnSource(column.style));
      if (column && down === R) offer(column.style.borderBottom, columnSource(column.style));
      if (up < 0) offer(tableStyle.borderTop, Source.Table);
      if (down === R) offer(tableStyle.borderBottom, Source.Table);
      line.push(resolved(best));
    }
    horizontal.push(line);
  }
  for (let r = 0; r < R; r++) {
    const line: BorderSide[] = [];
    const row = grid.rows[r];
    const group = grid.groups[r];
    for (let c = 0; c <= C; c++) {
      const l = visibleBefore(collapsedColumns, c);
      const rt = visibleFrom(collapsedColumns, c, C);
      const left = l >= 0 ? grid.slots[r][l] : null;
      const right = rt < C ? grid.slots[r][rt] : null;
      if (left && left === right || collapsedRows[r] || c < C && collapsedColumns[c]) {
        line.push(NONE);
        continue;
      }
      best = null;
      if (left) offer(left.content.style.borderRight, Source.Cell);
      if (right) offer(right.content.style.borderLeft, Source.Cell);
      if (l < 0) offer(row.style.borderLeft, Source.Row);
      if (rt === C) offer(row.style.borderRight, Source.Row);
      if (l < 0) offer(group.style.borderLeft, Source.RowGroup);
      if (rt === C) offer(group.style.borderRight, Source.RowGroup);
      const before = l >= 0 ? grid.columns[l] : null;
      const after = rt < C ? grid.columns[rt] : null;
      if (before && before !== after) offer(before.style.borderRight, columnSource(before.style));
      if (after && before !== after) offer(after.style.borderLeft, columnSource(after.style));
      if (l < 0) offer(tableStyle.borderLeft, Source.Table);
      if (rt === C) offer(tableStyle.borderRight, Source.Table);
      line.push(resolved(best));
    }
    vertical.push(line);
  }
  let top = 0;
  let bottom = 0;
  let left = 0;
  let right = 0;
  for (let c = 0; c < C; c++) {
    top = Math.max(top, horizontal[0][c].width / 2);
    bottom = Math.max(bottom, horizontal[R][c].width / 2);
  }
  const firstColumn = visibleFrom(collapsedColumns, 0, C);
  for (let r = 0; r < R; r++) {
    left = Math.max(left, vertical[r][firstColumn].width / 2);
    right = Math.max(right, vertical[r][C].width / 2);
  }
  if (R === 0) {
    top = tableStyle.borderTop.width / 2;
    bottom = tableStyle.borderBottom.width / 2;
    left = tableStyle.borderLeft.width / 2;
    right = tableStyle.borderRight.width / 2;
  }
  return { horizontal, vertical, table: { top, right, bottom, left } };
}

const CLEAR = { r: 0, g: 0, b: 0, a: 0 };

/** The copies made of each style, per four widths: cells of one table share a handful of them. */
const roomy = new WeakMap<ComputedStyle, ComputedStyle[]>();

/** A style whose borders take `edges` of room and paint nothing (the table paints them); one copy per style and widths. */
export function withRoomForBorders(style: ComputedStyle, edges: Edges): ComputedStyle {
  let copies = roomy.get(style);
  if (!copies) {
    copies = [];
    roomy.set(style, copies);
  }
  for (const copy of copies) {
    if (copy.borderTop.width === edges.top && copy.borderRight.width === edges.right && copy.borderBottom.width === edges.bottom && copy.borderLeft.width === edges.left) return copy;
  }
  const side = (width: number): BorderSide => ({ width, style: 'hidden', color: CLEAR });
  const copy: ComputedStyle = { ...style, borderTop: side(edges.top), borderRight: side(edges.right), borderBottom: side(edges.bottom), borderLeft: side(edges.left) };
  if (copies.length < 16) copies.push(copy);
  return copy;
}

/** Gives every cell a content box whose border widths are half the collapsed borders around it. */
export function applyHalfBorders(grid: Grid, borders: CollapsedBorders): void {
  const { horizontal, vertical } = borders;
  const R = grid.rows.length;
  for (const placed of grid.cells) {
    const lastRow = Math.min(R, placed.row + placed.cell.rowspan) - 1;
    const lastColumn = Math.min(grid.columnCount, placed.column + placed.cell.colspan) - 1;
    // The left edge of a cell starting in a collapsed column is that of its first visible one, its
    // right edge the next visible column's left edge (the table's right edge after the last).
    const firstColumn = visibleFrom(grid.collapsedColumns, placed.column, lastColumn);
    const rightEdge = visibleFrom(grid.collapsedColumns, lastColumn + 1, grid.columnCount);
    let top = 0;
    let bottom = 0;
    let left = 0;
    let right = 0;
    for (let c = placed.column; c <= lastColumn; c++) {
      top = Math.max(top, horizontal[placed.row][c].width / 2);
      bottom = Math.max(bottom, horizontal[lastRow + 1][c].width / 2);
    }
    for (let r = placed.row; r <= lastRow; r++) {
      left = Math.max(left, vertical[r][firstColumn].width / 2);
      right = Math.max(right, vertical[r][rightEdge].width / 2);
    }
    const content: BlockBox = placed.content;
    placed.content = { ...content, style: withRoomForBorders(content.style, { top, right, bottom, left }) };
  }
}

/** A row as placed on one page, for painting the edges around it. */
export interface PlacedRow {
  readonly row: number;
  readonly y: number;
  readonly height: number;
  readonly hasTop: boolean;
  readonly hasBottom: boolean;
}

type Owner = 'left' | 'right' | 'above' | 'below';

/** Where a horizontal line meets the column edges: which edge paints each joint, and half the widths meeting there. */
interface Joints {
  readonly owner: (Owner | null)[];
  /** Half the widest vertical edge at each joint. */
  readonly vertical: number[];
  /** Half the widest horizontal edge at each joint. */
  readonly horizontal: number[];
}

/** The strongest edge at each joint owns it, the one to the left or above on ties (as Chromium paints). */
function jointsOf(line: readonly BorderSide[], above: readonly BorderSide[] | null, below: readonly BorderSide[] | null): Joints {
  const C = line.length;
  const owner: (Owner | null)[] = [];
  const vertical: number[] = [];
  const horizontal: number[] = [];
  for (let j = 0; j <= C; j++) {
    const left = j > 0 ? line[j - 1] : NONE;
    const up = above ? above[j] : NONE;
    const right = j < C ? line[j] : NONE;
    const down = below ? below[j] : NONE;
    let best: BorderSide = left;
    let who: Owner = 'left';
    if (beats(best, Source.Cell, up, Source.Cell)) {
      best = up;
      who = 'above';
    }
    if (beats(best, Source.Cell, right, Source.Cell)) {
      best = right;
      who = 'right';
    }
    if (beats(best, Source.Cell, down, Source.Cell)) {
      best = down;
      who = 'below';
    }
    owner.push(best.width > 0 ? who : null);
    vertical.push(Math.max(up.width, down.width) / 2);
    horizontal.push(Math.max(left.width, right.width) / 2);
  }
  return { owner, vertical, horizontal };
}

function sameLook(a: BorderSegment, side: BorderSide): boolean {
  const c = a.color;
  return a.style === side.style && c.r === side.color.r && c.g === side.color.g && c.b === side.color.b && c.a === side.color.a;
}

/**
 * The border segments of the rows placed on one page, centred on the grid lines `gridX`
 * (column edges) and the rows' top and bottom. At each joint the strongest edge runs through
 * and the others stop at it; touching segments that look alike are merged.
 */
export function borderSegments(borders: CollapsedBorders, gridX: readonly number[], placed: readonly PlacedRow[], collapsedColumns: readonly boolean[] = []): BorderSegment[] {
  if (collapsedColumns.some(Boolean)) {
    // Collapsed columns are out of the grid: keep the visible columns and the edge left of each, then the last edge.
    const columns = collapsedColumns.flatMap((collapsed, c) => (collapsed ? [] : [c]));
    const edges = [...columns, collapsedColumns.length];
    const visible = {
      ...borders,
      horizontal: borders.horizontal.map((line) => columns.map((c) => line[c])),
      vertical: borders.vertical.map((line) => edges.map((c) => line[c])),
    };
    return borderSegments(visible, edges.map((c) => gridX[c]), placed);
  }
  const segments: BorderSegment[] = [];
  const C = gridX.length - 1;
  const horizontalLine = (line: readonly BorderSide[], y: number, joints: Joints): void => {
    let last: BorderSegment | null = null;
    for (let c = 0; c < C; c++) {
      const side = line[c];
      if (side.width <= 0) {
        last = null;
        continue;
      }
      const x0 = gridX[c] + (joints.owner[c] === 'right' ? -joints.vertical[c] : joints.vertical[c]);
      const x1 = gridX[c + 1] + (joints.owner[c + 1] === 'left' ? joints.vertical[c + 1] : -joints.vertical[c + 1]);
      if (last && last.height === side.width && sameLook(last, side) && Math.abs(last.x + last.width - x0) < 0.01) {
        last.width = x1 - last.x;
        continue;
      }
      last = { x: x0, y: y - side.width / 2, width: x1 - x0, height: side.width, style: side.style, color: side.color, horizontal: true };
      segments.push(last);
    }
  };
  // The line above each placed row (null where the row continues from the previous page), then below the last.
  const lines: (Joints | null)[] = placed.map((p, i) => {
    if (!p.hasTop) return null;
    const joints = jointsOf(borders.horizontal[p.row], i > 0 ? borders.vertical[placed[i - 1].row] : null, borders.vertical[p.row]);
    horizontalLine(borders.horizontal[p.row], p.y, joints);
    return joints;
  });
  const lastRow = placed[placed.length - 1];
  if (lastRow?.hasBottom) {
    const joints = jointsOf(borders.horizontal[lastRow.row + 1], borders.vertical[lastRow.row], null);
    horizontalLine(borders.horizontal[lastRow.row + 1], lastRow.y + lastRow.height, joints);
    lines.push(joints);
  } else {
    lines.push(null);
  }
  const open: (BorderSegment | null)[] = new Array<BorderSegment | null>(C + 1).fill(null);
  placed.forEach((p, i) => {
    const verticals = borders.vertical[p.row];
    const above = lines[i];
    const below = lines[i + 1];
    for (let c = 0; c <= C; c++) {
      const side = verticals[c];
      if (side.width <= 0) {
        open[c] = null;
        continue;
      }
      const y0 = p.y + (above ? (above.owner[c] === 'below' ? -above.horizontal[c] : above.horizontal[c]) : 0);
      const y1 = p.y + p.height + (below ? (below.owner[c] === 'above' ? below.horizontal[c] : -below.horizontal[c]) : 0);
      const run = open[c];
      if (run && run.width === side.width && sameLook(run, side) && Math.abs(run.y + run.height - y0) < 0.01) {
        run.height = y1 - run.y;
        continue;
      }
      const segment: BorderSegment = { x: gridX[c] - side.width / 2, y: y0, width: side.width, height: y1 - y0, style: side.style, color: side.color, horizontal: false };
      segments.push(segment);
      open[c] = segment;
    }
  });
  return segments;
}
