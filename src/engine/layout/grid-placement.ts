// Grid item placement: line-based positions (numbers, names, areas, spans) and auto-placement, CSS Grid §8.
import { parseComponents } from '../css/syntax.js';

/** The four `grid-*-start/end` values of an item, as computed text. */
export interface ItemLines {
  readonly rowStart: string;
  readonly rowEnd: string;
  readonly colStart: string;
  readonly colEnd: string;
}

/** One axis of the explicit grid: its track count and the names of each line (index 0 = line 1). */
export interface AxisLines {
  readonly count: number;
  readonly names: readonly (readonly string[])[];
}

/** Where an item sits: 0-based track indexes in the final grid (implicit tracks included). */
export interface Placement {
  readonly row: number;
  readonly rowSpan: number;
  readonly col: number;
  readonly colSpan: number;
}

export interface PlacementResult {
  readonly placements: readonly Placement[];
  readonly rows: number;
  readonly columns: number;
  /** Implicit tracks created before the explicit grid (by lines below 1). */
  readonly rowOffset: number;
  readonly colOffset: number;
}

type LineSpec =
  | { readonly kind: 'auto' }
  | { readonly kind: 'line'; readonly n: number; readonly name: string | null }
  | { readonly kind: 'span'; readonly n: number; readonly name: string | null }
  | { readonly kind: 'ident'; readonly name: string };

const AUTO: LineSpec = { kind: 'auto' };
/** Lines and spans are clamped so that a stray `span 1e9` cannot build a grid of a billion tracks. */
const MAX_LINE = 1000;

const clampLine = (line: number | null): number | null => (line === null ? null : Math.max(-MAX_LINE, Math.min(MAX_LINE, line)));

function parseLine(text: string): LineSpec {
  const values = parseComponents(text);
  let span = false;
  let n: number | null = null;
  let name: string | null = null;
  for (const v of values) {
    if (v.type === 'ident' && v.lower === 'span' && !span) span = true;
    else if (v.type === 'ident' && v.lower === 'auto' && values.length === 1) return AUTO;
    else if (v.type === 'ident' && name === null) name = v.value;
    else if (v.type === 'number' && Number.isInteger(v.value) && n === null) n = v.value;
    else return AUTO;
  }
  if (span) return (n ?? 1) > 0 ? { kind: 'span', n: Math.min(n ?? 1, MAX_LINE), name } : AUTO;
  if (n !== null) return n !== 0 ? { kind: 'line', n, name } : AUTO;
  return name !== null ? { kind: 'ident', name } : AUTO;
}

function linesNamed(axis: AxisLines, name: string): number[] {
  const out: number[] = [];
  axis.names.forEach((names, i) => {
    if (names.includes(name)) out.push(i + 1);
  });
  return out;
}

/** A definite line (1-based, explicit numbering; may fall outside the explicit grid), or null. */
function resolveLine(spec: LineSpec, axis: AxisLines, side: 'start' | 'end'): number | null {
  const last = axis.count + 1;
  if (spec.kind === 'ident') {
    const edge = linesNamed(axis, `${spec.name}-${side}`);
    if (edge.length > 0) return edge[0];
    return resolveLine({ kind: 'line', n: 1, name: spec.name }, axis, side);
  }
  if (spec.kind !== 'line') return null;
  if (spec.name === null) return spec.n > 0 ? spec.n : last + 1 + spec.n;
  const lines = linesNamed(axis, spec.name);
  // When too few lines have the name, every implicit line is assumed to have it.
  if (spec.n > 0) return spec.n <= lines.length ? lines[spec.n - 1] : last + spec.n - lines.length;
  const k = -spec.n;
  return k <= lines.length ? lines[lines.length - k] : 1 - (k - lines.length);
}

/** Resolves one axis of an item: definite [start, end) lines, or only a span for auto-placement. */
function resolveAxis(startText: string, endText: string, axis: AxisLines): { start: number | null; span: number } {
  const startSpec = parseLine(startText);
  let endSpec = parseLine(endText);
  if (startSpec.kind === 'span' && endSpec.kind === 'span') endSpec = AUTO;
  const start = clampLine(resolveLine(startSpec, axis, 'start'));
  const end = clampLine(resolveLine(endSpec, axis, 'end'));
  if (start !== null && end !== null) {
    if (start === end) return { start, span: 1 };
    return { start: Math.min(start, end), span: Math.abs(end - start) };
  }
  if (start !== null) return { start, span: spanFrom(endSpec, axis, start, 1) };
  if (end !== null) {
    const span = spanFrom(startSpec, axis, end, -1);
    return { start: end - span, span };
  }
  const span = startSpec.kind === 'span' && startSpec.name === null ? startSpec.n : endSpec.kind === 'span' && endSpec.name === null ? endSpec.n : 1;
  return { start: null, span };
}

/** How many tracks a `span` reaches from a definite line (forwards or backwards). */
function spanFrom(spec: LineSpec, axis: AxisLines, from: number, dir: 1 | -1): number {
  if (spec.kind !== 'span') return 1;
  if (spec.name === null) return spec.n;
  const lines = linesNamed(axis, spec.name).filter((l) => (dir > 0 ? l > from : l < from));
  if (dir < 0) lines.reverse();
  if (spec.n <= lines.length) return Math.abs(lines[spec.n - 1] - from);
  const beyond = spec.n - lines.length;
  return dir > 0 ? Math.max(1, axis.count + 1 + beyond - from) : Math.max(1, from - (1 - beyond));
}

interface Pending {
  row: number | null;
  rowSpan: number;
  col: number | null;
  colSpan: number;
}

/** The grid areas taken so far, as rectangles (cheap for large spans). */
class Occupancy {
  private readonly taken: { row: number; col: number; rowEnd: number; colEnd: number }[] = [];

  free(row: number, col: number, rowSpan: number, colSpan: number): boolean {
    return !this.taken.some((t) => row < t.rowEnd && t.row < row + rowSpan && col < t.colEnd && t.col < col + colSpan);
  }

  take(row: number, col: number, rowSpan: number, colSpan: number): void {
    this.taken.push({ row, col, rowEnd: row + rowSpan, colEnd: col + colSpan });
  }
}

/**
 * Places items (in order-modified document order) on the grid: definite positions first, then
 * items locked to a row, then the rest by the auto-placement cursor (`dense` restarts it each time).
 */
export function placeItems(items: readonly ItemLines[], rowAxis: AxisLines, colAxis: AxisLines, autoFlow: string): PlacementResult {
  const flow = autoFlow.toLowerCase().split(/\s+/);
  const columnFlow = flow.includes('column');
  const dense = flow.includes('dense');
  const pending: Pending[] = items.map((item) => {
    const r = resolveAxis(item.rowStart, item.rowEnd, rowAxis);
    const c = resolveAxis(item.colStart, item.colEnd, colAxis);
    return { row: r.start, rowSpan: r.span, col: c.start, colSpan: c.span };
  });
  // Lines below 1 create implicit tracks before the explicit grid.
  const rowOffset = Math.max(0, ...pending.map((p) => (p.row === null ? 0 : 1 - p.row)));
  const colOffset = Math.max(0, ...pending.map((p) => (p.col === null ? 0 : 1 - p.col)));
  for (const p of pending) {
    if (p.row !== null) p.row += rowOffset - 1;
    if (p.col !== null) p.col += colOffset - 1;
  }
  // Work in (major, minor) = (row, column) for row flow and (column, row) for column flow.
  const major = (p: Pending): [number | null, number] => (columnFlow ? [p.col, p.colSpan] : [p.row, p.rowSpan]);
  const minor = (p: Pending): [number | null, number] => (columnFlow ? [p.row, p.rowSpan] : [p.col, p.colSpan]);
  const set = (p: Pending, ma: number, mi: number): void => {
    if (columnFlow) {
      p.col = ma;
      p.row = mi;
    } else {
      p.row = ma;
      p.col = mi;
    }
  };
  const occupied = new Occupancy();
  const take = (p: Pending): void => {
    const [ma, maSpan] = major(p);
    const [mi, miSpan] = minor(p);
    occupied.take(ma!, mi!, maSpan, miSpan);
  };
  for (const p of pending) if (p.row !== null && p.col !== null) take(p);
  // Items locked to a major track.
  const rowCursor = new Map<number, number>();
  for (const p of pending) {
    const [ma, maSpan] = major(p);
    const [mi, miSpan] = minor(p);
    if (ma === null || mi !== null) continue;
    let c = dense ? 0 : rowCursor.get(ma) ?? 0;
    while (!occupied.free(ma, c, maSpan, miSpan)) c++;
    set(p, ma, c);
    take(p);
    rowCursor.set(ma, c + miSpan);
  }
  const explicitMinor = columnFlow ? rowAxis.count + rowOffset : colAxis.count + colOffset;
  let minorCount = Math.max(explicitMinor, 1);
  for (const p of pending) {
    const [mi, miSpan] = minor(p);
    minorCount = Math.max(minorCount, (mi ?? 0) + miSpan);
  }
  // The rest: the auto-placement cursor walks the grid row by row (column by column).
  let cursorMa = 0;
  let cursorMi = 0;
  for (const p of pending) {
    const [ma0, maSpan] = major(p);
    const [mi0, miSpan] = minor(p);
    if (ma0 !== null) continue;
    if (dense) {
      cursorMa = 0;
      cursorMi = 0;
    }
    if (mi0 !== null) {
      if (mi0 < cursorMi) cursorMa++;
      cursorMi = mi0;
      while (!occupied.free(cursorMa, mi0, maSpan, miSpan)) cursorMa++;
    } else {
      for (;;) {
        if (cursorMi + miSpan <= minorCount && occupied.free(cursorMa, cursorMi, maSpan, miSpan)) break;
        cursorMi++;
        if (cursorMi + miSpan > minorCount) {
          cursorMa++;
          cursorMi = 0;
        }
      }
    }
    set(p, cursorMa, cursorMi);
    take(p);
    cursorMi += miSpan;
  }
  const placements = pending.map((p) => ({ row: p.row!, rowSpan: p.rowSpan, col: p.col!, colSpan: p.colSpan }));
  const rows = Math.max(rowAxis.count + rowOffset, ...placements.map((p) => p.row + p.rowSpan));
  const columns = Math.max(colAxis.count + colOffset, ...placements.map((p) => p.col + p.colSpan));
  return { placements, rows, columns, rowOffset, colOffset };
}
