// A table's grid and, in the collapsing border model, its resolved borders: built once per table
// box and shared by intrinsic sizing and layout.
import type { TableBox } from '../boxes/types.js';
import { applyHalfBorders, collapseBorders, type CollapsedBorders } from './table-collapse.js';
import { buildGrid, type Grid } from './table-grid.js';

export interface TableModel {
  readonly grid: Grid;
  /** The resolved borders when `border-collapse: collapse`, else null. */
  readonly borders: CollapsedBorders | null;
}

const models = new WeakMap<TableBox, TableModel>();

export function tableModel(table: TableBox): TableModel {
  let model = models.get(table);
  if (!model) {
    const grid = buildGrid(table);
    let borders: CollapsedBorders | null = null;
    if (table.style.borderCollapse === 'collapse') {
      borders = collapseBorders(table, grid);
      applyHalfBorders(grid, borders);
    }
    model = { grid, borders };
    models.set(table, model);
  }
  return model;
}
