// A table's grid and, in the collapsing border model, its resolved borders: built once per table
// box and shared by intrinsic sizing and layout.
import type { BlockBox, TableBox } from '../boxes/types.js';
import type { ComputedStyle } from '../css/types.js';
import { borderEdges, cacheSlot, documentCache, type LayoutContext } from './context.js';
import { applyHalfBorders, collapseBorders, withRoomForBorders, type CollapsedBorders } from './table-collapse.js';
import { buildGrid, type Grid } from './table-grid.js';

export interface TableModel {
  readonly grid: Grid;
  /** The resolved borders when `border-collapse: collapse`, else null. */
  readonly borders: CollapsedBorders | null;
}

const MODELS = cacheSlot<TableBox, TableModel>('table models');

/** A cell with no content but collapsible white space (CSS 2.1 §17.6.1.1). */
function isEmpty(box: BlockBox): boolean {
  return box.children.every((child) => child.kind === 'text' && child.text.trim() === '' && !/pre|break-spaces/.test(child.style.whiteSpace));
}

/** `empty-cells: hide` in the separated border model: empty cells keep their size but paint no background or border. */
function hideEmptyCells(grid: Grid): void {
  for (const placed of grid.cells) {
    const style = placed.content.style;
    if (style.emptyCells !== 'hide' || !isEmpty(placed.content)) continue;
    const hidden = withRoomForBorders(style, borderEdges(style));
    placed.content = { ...placed.content, style: { ...hidden, backgroundColor: { r: 0, g: 0, b: 0, a: 0 }, backgroundLayers: [], boxShadow: [] } };
  }
}

const autoHeights = new WeakMap<ComputedStyle, ComputedStyle>();

/** A cell's height is the least its row gives it (CSS 2.1 §17.5.3): its content is laid out with an auto height, the row applies the specified one. */
function contentAutoHeight(grid: Grid): void {
  for (const placed of grid.cells) {
    const style = placed.content.style;
    if (style.height === 'auto') continue;
    let auto = autoHeights.get(style);
    if (!auto) {
      auto = { ...style, height: 'auto' };
      autoHeights.set(style, auto);
    }
    placed.content = { ...placed.content, style: auto };
  }
}

export function tableModel(table: TableBox, ctx: LayoutContext): TableModel {
  const models = documentCache(ctx, MODELS);
  let model = models.get(table);
  if (!model) {
    const grid = buildGrid(table);
    let borders: CollapsedBorders | null = null;
    if (table.style.borderCollapse === 'collapse') {
      borders = collapseBorders(table, grid);
      applyHalfBorders(grid, borders);
    } else {
      hideEmptyCells(grid);
    }
    contentAutoHeight(grid);
    model = { grid, borders };
    models.set(table, model);
  }
  return model;
}
