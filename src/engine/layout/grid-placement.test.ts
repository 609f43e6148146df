// Grid item placement: definite lines, names, spans and the auto-placement cursor.
import { describe, expect, it } from 'vitest';
import { placeItems, type ItemLines } from './grid-placement.js';

const item = (colStart = 'auto', colEnd = 'auto', rowStart = 'auto', rowEnd = 'auto'): ItemLines => ({ rowStart, rowEnd, colStart, colEnd });
const axis = (count: number, names: string[][] = []) => ({ count, names: Array.from({ length: count + 1 }, (_, i) => names[i] ?? []) });

describe('placeItems', () => {
  it('auto-places row by row', () => {
    const r = placeItems([item(), item(), item()], axis(0), axis(2), 'row');
    expect(r.placements.map((p) => [p.row, p.col])).toEqual([[0, 0], [0, 1], [1, 0]]);
    expect(r.rows).toBe(2);
  });

  it('resolves negative lines and spans against the explicit grid', () => {
    const r = placeItems([item('2', '-1'), item('span 2', 'auto', '2')], axis(0), axis(3), 'row');
    expect(r.placements[0]).toEqual({ row: 0, rowSpan: 1, col: 1, colSpan: 2 });
    expect(r.placements[1]).toEqual({ row: 1, rowSpan: 1, col: 0, colSpan: 2 });
  });

  it('uses name-start / name-end lines, then the first line of a name', () => {
    const cols = axis(3, [['full-start'], ['main-start'], [], ['main-end', 'x'], ['full-end']]);
    const r = placeItems([item('main', 'main'), item('x', 'x')], axis(0), cols, 'row');
    expect(r.placements[0]).toMatchObject({ col: 1, colSpan: 2 });
    expect(r.placements[1]).toMatchObject({ col: 3, colSpan: 1 });
  });

  it('creates implicit tracks before the grid for lines below 1', () => {
    const r = placeItems([item('-5')], axis(0), axis(2), 'row');
    expect(r.colOffset).toBe(2);
    expect(r.placements[0].col).toBe(0);
    expect(r.columns).toBe(4);
  });

  it('fills holes with dense and walks columns with column flow', () => {
    const items = [item(), item('span 2'), item()];
    expect(placeItems(items, axis(0), axis(2), 'row').placements[2]).toMatchObject({ row: 2, col: 0 });
    expect(placeItems(items, axis(0), axis(2), 'row dense').placements[2]).toMatchObject({ row: 0, col: 1 });
    const column = placeItems([item(), item(), item()], axis(2), axis(0), 'column');
    expect(column.placements.map((p) => [p.row, p.col])).toEqual([[0, 0], [1, 0], [0, 1]]);
  });
});
