// Where a list item's outside marker goes when its first child is not a paragraph, as Blink places
// it (decision 0416): the marker passes down into block flow children of the same formatting
// context and sits on the first line it meets; a child laid out as a formatting context of its
// own (a table, a flex or grid container, a scroll container, a flow-root) keeps it outside and
// the marker sits on that child's first baseline; a child without a baseline (an empty block, a
// block image) passes it on to the next. With no baseline anywhere it sits at the content's top.
import type { Box } from '../boxes/types.js';
import { firstBaseline } from './atomic.js';
import type { BoxFragment, Fragment } from './fragments.js';

/** Whether the marker passes down into `child` to be placed on its first line (rather than beside it). */
export function markerGoesInside(child: Box): boolean {
  return child.kind === 'block' && !child.newFormattingContext && child.style.overflow === 'visible';
}

/**
 * The first baseline a list item's marker aligns with beside a child laid out as its own
 * formatting context, or null when it has none (the marker then goes on to the next child). A
 * replaced element has none; a table's is its first row's (below).
 */
export function markerBaseline(fragment: BoxFragment): number | null {
  const kind = fragment.box.kind;
  if (kind === 'replaced') return null;
  if (kind === 'table') {
    const row = firstRow(fragment);
    return row === null ? null : rowBaseline(row);
  }
  return firstBaseline(fragment);
}

/**
 * A row's baseline (CSS 2.1 §17.5.3): the lowest first baseline of its baseline-aligned cells (a
 * cell without a line stands in with the bottom of its content box), or without such cells the
 * bottom content edge of its lowest cell (a table's cells are middle-aligned by default).
 */
function rowBaseline(row: BoxFragment): number | null {
  let aligned: number | null = null;
  let lowest: number | null = null;
  for (const cell of row.children) {
    if (cell.kind !== 'box') continue;
    const contentBottom = cell.y + cell.height - cell.border.bottom - cell.padding.bottom;
    lowest = Math.max(lowest ?? -Infinity, contentBottom);
    if (cell.style.verticalAlign === 'baseline') aligned = Math.max(aligned ?? -Infinity, firstBaseline(cell) ?? contentBottom);
  }
  return aligned ?? lowest;
}

function firstRow(fragment: BoxFragment): BoxFragment | null {
  for (const child of fragment.children) {
    if (child.kind !== 'box') continue;
    if (child.box.kind === 'table-row') return child;
    if (child.box.kind === 'table-row-group' || child.box.kind === 'table') {
      const row = firstRow(child);
      if (row !== null) return row;
    }
  }
  return null;
}

/** Whether the marker's fragments were placed in `fragment` (on a line of one of its descendants). */
export function holdsMarker(fragment: Fragment, marker: Box): boolean {
  if (fragment.kind === 'text') return fragment.style === marker.style;
  if (fragment.kind === 'replaced') return fragment.box === marker;
  if (fragment.kind === 'box' && fragment.box === marker) return true;
  if (fragment.kind === 'line' || fragment.kind === 'box') {
    for (const child of fragment.children) if (holdsMarker(child, marker)) return true;
  }
  return false;
}
