// Table layout: a table measured once (table-measure.ts), then placed page by page: captions, the
// header and footer rows repeated on every page, the body rows between them (table-page.ts), and
// the collapsed borders (table-collapse.ts) painted by the table fragment.
import type { TableBox } from '../boxes/types.js';
import type { ComputedStyle } from '../css/types.js';
import { layoutBlockLevel, UNPAGINATED, type FlowSpace } from './block.js';
import type { LayoutContext } from './context.js';
import { edgesWith, NO_EDGES, translate, type BoxFragment } from './fragments.js';
import { borderSegments, withRoomForBorders } from './table-collapse.js';
import { spacingOf } from './table-grid.js';
import { measureTable, rowlessHeight, tableEdges, type TableLayout } from './table-measure.js';
import { tableModel } from './table-model.js';
import { avoidsBreakInside, TablePage, type TableState } from './table-page.js';

export { tableIntrinsicWidths } from './table-columns.js';

/** Lays out a table from the row `state` says, filling the page down to `space.bottom`. */
export function layoutTable(table: TableBox, ctx: LayoutContext, space: FlowSpace, state: unknown): { fragment: BoxFragment | null; next: TableState | null } {
  const previous = state as TableState | null;
  // A table whose captions ended the page before starts its grid here, whole: not a continuation.
  const afterCaptions = previous?.afterCaptions === true;
  const resumed = afterCaptions ? null : previous;
  const continuing = resumed !== null;
  const style = table.style;
  const { borders } = tableModel(table, ctx);
  const { border, padding } = tableEdges(table, borders, space.width);
  const [, vs] = spacingOf(table);
  const layout = previous?.layout ?? measureTable(table, ctx, space, border, padding);
  const { grid, rows, x, tableWidth } = layout;
  const top = space.y;
  // Captions go above the table's border box (in its wrapper box, CSS 2.1 §17.4).
  let y = top;
  const captions: BoxFragment[] = [];
  if (!continuing && !afterCaptions) {
    for (const caption of table.captions) {
      if (caption.style.captionSide === 'bottom') continue;
      const result = layoutBlockLevel(caption, ctx, { x, y, width: tableWidth, bottom: UNPAGINATED, atPageTop: true }, null, { pos: 0, neg: 0 });
      if (result.fragment) {
        captions.push(result.fragment);
        y = result.bottom + Math.max(0, result.margins.pos + result.margins.neg);
      }
    }
  }
  const tableTop = y;
  // With collapsing borders Chromium keeps the table's (half) top border on every page it goes on
  // to; its top padding only on the first (a fragment going on starts with its rows).
  const ownPadding = continuing ? edgesWith(padding, { top: 0 }) : padding;
  // Not above a row split at the page before (no header repeated over it): its cells go on without
  // a top edge, and so does the table.
  const insideRow = continuing && resumed.split !== undefined && grid.headerRows === 0;
  y += (continuing && (layout.borders === null || insideRow) ? 0 : border.top) + ownPadding.top;
  const footerStart = grid.rows.length - grid.footerRows;
  let footerHeight = 0;
  for (let r = footerStart; r < grid.rows.length; r++) footerHeight += grid.collapsedRows[r] ? 0 : rows.at(r).height + vs;
  // With collapsing borders Chromium lets rows run to the page's end: the table's (half) bottom border goes below.
  const limit = space.bottom - padding.bottom - (layout.borders === null ? border.bottom : 0) - footerHeight;
  // A fragment going on from the page before starts with its rows, no border-spacing above them (as Chromium).
  const page = new TablePage(layout, ctx, y + (continuing ? 0 : vs), vs, limit, padding.bottom + border.bottom);
  page.children.push(...captions);
  page.placeRows(0, grid.headerRows);
  // Below its captions, a table whose header rows fit starts here with them, its body on the next
  // page under the repeated header, as Chromium prints it (without captions it moves whole).
  const started = !continuing && captions.length > 0 && grid.headerRows > 0 && page.y <= limit + 0.01;
  const next = page.placeBody(resumed, space.atPageTop, started);
  // Not even the first row fits: the captions stay here when they and the table's top border and
  // padding fit, and the table goes on to the next page, as in Chromium.
  // Header rows that fit below the captions without the footer rows start the grid there in
  // Chromium, which then finds no room for the footer and moves the whole table, captions too.
  const headerFitsAlone = grid.headerRows > 0 && grid.footerRows > 0 && page.y - vs <= limit + footerHeight + 0.01;
  if (next === 'nothing') return captions.length > 0 && !headerFitsAlone && y <= space.bottom + 0.01 ? captionsAlone(table, layout, captions, space, tableTop) : { fragment: null, next: null };
  // break-inside: avoid on the table: start it on the next page rather than break it here.
  if (next && !continuing && !space.atPageTop && avoidsBreakInside(style)) return { fragment: null, next: null };
  page.placeRows(footerStart, grid.rows.length);
  const contentBottom = grid.rows.length === 0 && !continuing ? y + rowlessHeight(table, space, border, padding) : page.y;
  y = contentBottom + padding.bottom + (next ? 0 : border.bottom);
  const children = page.children;
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
    border: { ...border, top: continuing && (!borders || insideRow) ? 0 : border.top, bottom: next ? 0 : border.bottom }, padding: ownPadding,
    hasTop: !continuing, hasBottom: next === null, children,
  };
  if (borders) fragment.collapsedBorders = borderSegments(borders, layout.gridX, page.placedRows, grid.collapsedColumns);
  // Laid out where the table was measured: a table going on in the next column is moved there.
  translate(fragment, space.x - layout.spaceX, 0);
  return { fragment, next };
}

/** The top captions of a table on a page of their own: its box and grid start on the next page. */
function captionsAlone(table: TableBox, layout: TableLayout, captions: BoxFragment[], space: FlowSpace, bottom: number): { fragment: BoxFragment; next: TableState } {
  const fragment: BoxFragment = {
    kind: 'box', box: table, style: boxless(table.style), x: layout.x, y: space.y, width: layout.tableWidth, height: bottom - space.y,
    border: NO_EDGES, padding: NO_EDGES, hasTop: true, hasBottom: false, children: captions,
  };
  translate(fragment, space.x - layout.spaceX, 0);
  return { fragment, next: { row: -1, layout, afterCaptions: true } };
}

/** The table's style with nothing of its own box painted (no background, border, shadow or outline). */
function boxless(style: ComputedStyle): ComputedStyle {
  const none = { width: 0, style: 'none' as const, color: style.color };
  return {
    ...style, backgroundColor: { r: 0, g: 0, b: 0, a: 0 }, backgroundLayers: [], boxShadow: [],
    borderTop: none, borderRight: none, borderBottom: none, borderLeft: none, outlineStyle: 'none',
  };
}
