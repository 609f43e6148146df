// Multi-column layout (css-multicol-1): content flowed into balanced columns, spanners across them,
// column rules between them, rows of columns continued on the next page by a resume token.
import type { BlockBox, Box } from '../boxes/types.js';
import { anonymousStyle } from '../css/cascade.js';
import { hasWidthKeyword } from './intrinsic-size.js';
import type { ComputedStyle } from '../css/types.js';
import {
  contentIntrinsicWidths, holdingAbsolutes, horizontal, intrinsicWidths, isForcedResume, layoutBlockLevel, registerHeld, UNPAGINATED, type BlockResult, type FlowSpace, type MarginState, type Resume,
} from './block.js';
import { cacheSlot, clamp, contentSize, documentCache, marginValue, resolveAuto, resolveLength, type LayoutContext } from './context.js';
import { isForcedBreak, takesPageBreak } from './breaks.js';
import { edgesWith, type BoxFragment, type Fragment } from './fragments.js';

/** Whether a box establishes a multi-column container (a block container with column-count or column-width). */
export function isMulticol(box: Box): boolean {
  return box.kind === 'block' && (box.style.columnCount !== 'auto' || box.style.columnWidth !== 'auto');
}

/** The used column gap: `normal` is 1em; percentages resolve against the content width. */
function usedGap(style: ComputedStyle, width: number): number {
  return style.columnGap === 'normal' ? style.fontSize : Math.max(0, resolveLength(style.columnGap, width));
}

/** Used column count and width (css-multicol-1 §3.4). */
export function columnGeometry(style: ComputedStyle, available: number): { count: number; width: number; gap: number } {
  const gap = usedGap(style, available);
  const W = Math.max(0, available);
  const specifiedCount = style.columnCount;
  const specifiedWidth = style.columnWidth;
  let count: number;
  if (specifiedWidth === 'auto') {
    count = specifiedCount === 'auto' ? 1 : specifiedCount;
    return { count, width: Math.max(0, (W - (count - 1) * gap) / count), gap };
  }
  const fit = Math.max(1, Math.floor((W + gap) / (Math.max(specifiedWidth, 0) + gap || 1)));
  count = specifiedCount === 'auto' ? fit : Math.min(specifiedCount, fit);
  return { count, width: Math.max(0, (W + gap) / count - gap), gap };
}

/** Min-content and max-content content widths of a multicol container, as Chromium computes them. */
export function multicolIntrinsicWidths(box: BlockBox, ctx: LayoutContext, content: { min: number; max: number }): { min: number; max: number } {
  const style = box.style;
  let { min, max } = content;
  let spanners = { min: 0, max: 0 };
  if (!box.inlineContent && box.children.some((c) => c.style.columnSpan === 'all')) {
    min = 0;
    max = 0;
    for (const child of box.children) {
      const c = intrinsicWidths(child, ctx);
      if (child.style.columnSpan === 'all') spanners = { min: Math.max(spanners.min, c.min), max: Math.max(spanners.max, c.max) };
      else {
        min = Math.max(min, c.min);
        max = Math.max(max, c.max);
      }
    }
  }
  if (style.columnWidth !== 'auto') {
    min = Math.min(min, style.columnWidth);
    max = Math.max(max, style.columnWidth, min);
  }
  const count = style.columnCount === 'auto' ? 1 : style.columnCount;
  const gaps = usedGap(style, 0) * (count - 1);
  if (style.columnWidth === 'auto') min = min * count + gaps;
  max = max * count + gaps;
  return { min: Math.max(min, spanners.min), max: Math.max(max, spanners.max) };
}

// ---- content runs: children between spanners flow in columns, spanners sit across ----

type Segment = { readonly kind: 'columns'; readonly flow: BlockBox } | { readonly kind: 'spanner'; readonly box: Box };

const SEGMENTS = cacheSlot<BlockBox, readonly Segment[]>('column segments');

function isSpanner(box: Box): boolean {
  const style = box.style;
  return style.columnSpan === 'all' && style.float === 'none' && style.position !== 'absolute' && style.position !== 'fixed';
}

/** Block boxes a spanner below them still spans out of: in-flow block containers of the same formatting context. */
function passesSpanners(box: Box): box is BlockBox {
  return box.kind === 'block' && !box.inlineContent && !box.newFormattingContext && !isMulticol(box) && box.style.float === 'none'
    && (box.style.position === 'static' || box.style.position === 'relative');
}

function containsSpanner(box: BlockBox): boolean {
  return box.children.some((c) => isSpanner(c) || passesSpanners(c) && containsSpanner(c));
}

type Piece = { readonly kind: 'flow'; readonly box: Box } | { readonly kind: 'spanner'; readonly box: Box };

/** A box's style without its top or bottom edge (the parts of a box split around a spanner). */
function sliced(style: ComputedStyle, top: boolean, bottom: boolean): ComputedStyle {
  return {
    ...style,
    ...(top ? {} : { marginTop: 0, paddingTop: 0, borderTop: { ...style.borderTop, width: 0 } }),
    ...(bottom ? {} : { marginBottom: 0, paddingBottom: 0, borderBottom: { ...style.borderBottom, width: 0 } }),
  };
}

/** A child as flow content and spanners: a box holding a spanner deeper down is split into parts around it. */
function piecesOf(child: Box): Piece[] {
  if (isSpanner(child)) return [{ kind: 'spanner', box: child }];
  if (!passesSpanners(child) || !containsSpanner(child)) return [{ kind: 'flow', box: child }];
  const parts: (Box[] | Box)[] = [];
  let run: Box[] = [];
  for (const grandchild of child.children) {
    for (const piece of piecesOf(grandchild)) {
      if (piece.kind === 'flow') run.push(piece.box);
      else {
        parts.push(run, piece.box);
        run = [];
      }
    }
  }
  parts.push(run);
  const runs = parts.filter((p) => Array.isArray(p)).length;
  const out: Piece[] = [];
  let index = 0;
  for (const part of parts) {
    if (!Array.isArray(part)) {
      out.push({ kind: 'spanner', box: part });
      continue;
    }
    const first = index === 0;
    const last = index === runs - 1;
    index++;
    if (part.length === 0 && !first && !last) continue;
    out.push({ kind: 'flow', box: { ...child, style: sliced(child.style, first, last), children: part, marker: first ? child.marker : null } });
  }
  return out;
}

function segmentsOf(box: BlockBox, ctx: LayoutContext): readonly Segment[] {
  const segmentCache = documentCache(ctx, SEGMENTS);
  let segments = segmentCache.get(box);
  if (segments) return segments;
  const style = anonymousStyle(box.style, 'block');
  const flow = (children: Box[], inlineContent: boolean): Segment => ({
    kind: 'columns',
    flow: { kind: 'block', level: 'block', style, element: null, pseudo: null, anonymous: true, children, inlineContent, marker: null, newFormattingContext: true },
  });
  const out: Segment[] = [];
  if (box.inlineContent) out.push(flow(box.children, true));
  else {
    let run: Box[] = [];
    for (const piece of box.children.flatMap(piecesOf)) {
      if (piece.kind === 'flow') {
        run.push(piece.box);
        continue;
      }
      if (run.length > 0) out.push(flow(run, false));
      run = [];
      out.push({ kind: 'spanner', box: piece.box });
    }
    if (run.length > 0 || out.length === 0) out.push(flow(run, false));
  }
  segments = out;
  segmentCache.set(box, segments);
  return segments;
}

interface MulticolState {
  readonly segment: number;
  readonly inner: Resume | null;
}

// ---- one row of columns ----

interface Row {
  readonly columns: BoxFragment[];
  readonly next: Resume | null;
  /** Whether the first column could not take anything (the row must move to the next page). */
  readonly empty: boolean;
  /** Absolutely positioned boxes met in this row, registered only for the row that is kept. */
  readonly held: ReturnType<typeof holdingAbsolutes>["held"];
}

interface RowPlace {
  readonly x: number;
  readonly y: number;
  readonly count: number;
  readonly width: number;
  readonly gap: number;
  readonly atPageTop: boolean;
  /** Columns beyond `count` continue inline (overflow columns) rather than on the next page. */
  readonly overflowColumns: boolean;
}

const MAX_COLUMNS = 200;

/** How many rows of columns the layout is inside (column breaks apply only there). */
const columnDepths = new WeakMap<LayoutContext, number>();

/** Whether layout is inside a row of columns (where column breaks and `avoid-column` apply). */
export function inColumns(ctx: LayoutContext): boolean {
  return (columnDepths.get(ctx) ?? 0) > 0;
}

/** Whether `break-inside` keeps a break out of a box here (`avoid-column` only inside columns). */
export function avoidsBreakInside(style: ComputedStyle, ctx: LayoutContext): boolean {
  return style.breakInside === 'avoid' || style.breakInside === 'avoid-page' || style.breakInside === 'avoid-column' && inColumns(ctx);
}

/** Whether a `break-before`/`break-after` value forces a break here: `column` inside columns. */
export function isColumnBreak(ctx: LayoutContext, value: ComputedStyle['breakBefore']): boolean {
  return value === 'column' && inColumns(ctx);
}

/** Lays the flow out in columns of height `height` from `resume`. */
function layoutRow(flow: BlockBox, ctx: LayoutContext, place: RowPlace, height: number, resume: Resume | null): Row {
  const { result, held } = holdingAbsolutes(ctx, () => layoutColumnsOnce(flow, ctx, place, height, resume));
  return { ...result, held };
}

function layoutColumnsOnce(flow: BlockBox, ctx: LayoutContext, place: RowPlace, height: number, resume: Resume | null): Omit<Row, 'held'> {
  const columns: BoxFragment[] = [];
  let token = resume;
  const bottom = height === UNPAGINATED ? UNPAGINATED : place.y + height;
  for (let i = 0; i < (place.overflowColumns ? MAX_COLUMNS : place.count); i++) {
    const space: FlowSpace = {
      x: place.x + i * (place.width + place.gap), y: place.y, width: place.width, bottom,
      atPageTop: i > 0 || place.atPageTop, truncateTopMargin: (i > 0 || token !== null) && !isForcedResume(token),
    };
    columnDepths.set(ctx, (columnDepths.get(ctx) ?? 0) + 1);
    let result: BlockResult;
    try {
      result = layoutBlockLevel(flow, ctx, space, token, { pos: 0, neg: 0 });
    } finally {
      columnDepths.set(ctx, (columnDepths.get(ctx) ?? 1) - 1);
    }
    if (!result.fragment) {
      if (i === 0) return { columns, next: token, empty: true };
      break;
    }
    columns.push(result.fragment);
    token = result.next;
    if (token === null) break;
  }
  return { columns, next: token, empty: false };
}

/** The bottom of the content in a column: broken boxes that were stretched to the column's end count by their content. */
function contentEnd(fragment: Fragment): number {
  switch (fragment.kind) {
    case 'box': {
      if (fragment.hasBottom) return fragment.y + fragment.height;
      let end = fragment.y + fragment.border.top + fragment.padding.top;
      for (const child of fragment.children) end = Math.max(end, contentEnd(child));
      return end;
    }
    case 'line':
    case 'inline':
    case 'replaced':
      return fragment.y + fragment.height;
    default:
      return Number.NEGATIVE_INFINITY;
  }
}

/** The height the row's content needs: the end of the deepest column, without trailing margins (as Chromium). */
function rowHeight(row: Row, top: number): number {
  let end = top;
  for (const column of row.columns) for (const child of column.children) end = Math.max(end, contentEnd(child));
  return end - top;
}

/** Where a row laid out in one column ends, the flow's last margin included. */
function endOf(row: Row, top: number): number {
  const column = row.columns[row.columns.length - 1];
  return column ? column.y + column.height - top : 0;
}

const MAX_BALANCING_LAYOUTS = 12;

/**
 * Lays out a row of columns in at most `available` height: balanced (the least height at which the
 * rest of the flow fits the columns, found by bisection) when it all fits, else filled to the end.
 */
/** A balanced row as found: the height its columns were laid out in, whether they overflow inline, and the row's height. */
interface Balanced {
  readonly layoutHeight: number;
  readonly overflowColumns: boolean;
  readonly height: number;
}

/**
 * Rows balanced before, by flow and column geometry. A flow balanced once is laid out again at the
 * height found whenever it has at least that much room: in nested multi-column containers each
 * trial height of the outer balancing laid the inner ones out with a bisection of their own,
 * exponential in the nesting.
 */
const BALANCED = cacheSlot<BlockBox, Map<string, Balanced>>('balanced rows');

function layoutColumns(flow: BlockBox, ctx: LayoutContext, place: RowPlace, available: number, resume: Resume | null, balance: boolean): { row: Row; height: number } {
  const key = `${place.count}|${place.width}|${place.gap}|${place.overflowColumns}`;
  const cached = balance && resume === null ? documentCache(ctx, BALANCED).get(flow)?.get(key) : undefined;
  if (cached !== undefined && cached.layoutHeight <= available) {
    const row = layoutRow(flow, ctx, { ...place, overflowColumns: cached.overflowColumns }, cached.layoutHeight, resume);
    if (row.next === null && !row.empty) return { row, height: cached.height };
  }
  const full = layoutRow(flow, ctx, place, available, resume);
  if (full.empty || full.next !== null && !place.overflowColumns) return { row: full, height: available };
  if (!balance && available !== UNPAGINATED) return { row: full, height: available };
  const remember = (found: Balanced): Balanced => {
    if (resume !== null) return found;
    const byGeometry = documentCache(ctx, BALANCED);
    let entries = byGeometry.get(flow);
    if (entries === undefined) byGeometry.set(flow, (entries = new Map()));
    entries.set(key, found);
    return found;
  };
  // All of it fits: the total height in one column bounds the balanced height.
  const single = available === UNPAGINATED ? full : layoutRow(flow, ctx, { ...place, count: 1, overflowColumns: false }, UNPAGINATED, resume);
  const total = rowHeight(single, place.y);
  let hi = Math.min(available, total);
  let best = hi === available ? full : layoutRow(flow, ctx, place, hi, resume);
  let bestAt = { layoutHeight: hi, overflowColumns: place.overflowColumns };
  if (best.next !== null || best.empty) {
    best = full;
    hi = available;
    bestAt = { layoutHeight: available, overflowColumns: place.overflowColumns };
  }
  let lo = Math.max(0, total / place.count - 1);
  for (let i = 0; i < MAX_BALANCING_LAYOUTS - 3 && hi - lo > 0.25; i++) {
    const mid = (lo + hi) / 2;
    const row = layoutRow(flow, ctx, { ...place, overflowColumns: false }, mid, resume);
    // It fits when nothing is left over and nothing sticks out (end padding and borders need room too).
    if (row.next === null && !row.empty && rowHeight(row, place.y) <= mid + 0.01) {
      hi = mid;
      best = row;
      bestAt = { layoutHeight: mid, overflowColumns: false };
    } else {
      lo = mid;
    }
  }
  // Chromium starts balancing from the flow's whole height in one column, its last margin included,
  // shared by the columns, and only grows from there: never shorter than that share.
  const share = Math.min(available, endOf(single, place.y) / place.count);
  if (share > hi + 0.01) {
    const row = layoutRow(flow, ctx, { ...place, overflowColumns: false }, share, resume);
    if (row.next === null && !row.empty) return { row, height: remember({ layoutHeight: share, overflowColumns: false, height: share }).height };
  }
  const used = rowHeight(best, place.y);
  return { row: best, height: remember({ ...bestAt, height: Math.min(hi, Math.max(used, 0)) }).height };
}

// ---- the container ----

const ruleStyles = new WeakMap<ComputedStyle, ComputedStyle>();

/** A column rule as a generated box with only a left border. */
function ruleFragment(style: ComputedStyle, x: number, y: number, height: number): BoxFragment | null {
  const width = style.columnRuleStyle === 'none' || style.columnRuleStyle === 'hidden' ? 0 : style.columnRuleWidth;
  if (width <= 0 || height <= 0) return null;
  let ruleStyle = ruleStyles.get(style);
  if (!ruleStyle) {
    const side = { width, style: style.columnRuleStyle, color: style.columnRuleColor ?? style.color };
    ruleStyle = { ...anonymousStyle(style, 'block'), borderLeft: side };
    ruleStyles.set(style, ruleStyle);
  }
  const box: BlockBox = {
    kind: 'block', level: 'block', style: ruleStyle, element: null, pseudo: null, anonymous: true, children: [], inlineContent: false, marker: null, newFormattingContext: true,
  };
  return {
    kind: 'box', box, style: ruleStyle, x: x - width / 2, y, width, height, border: { top: 0, right: 0, bottom: 0, left: width },
    padding: { top: 0, right: 0, bottom: 0, left: 0 }, hasTop: true, hasBottom: true, children: [],
  };
}

const NO_MARGINS: MarginState = { pos: 0, neg: 0 };

function addMargin(state: MarginState, margin: number): MarginState {
  return margin >= 0 ? { pos: Math.max(state.pos, margin), neg: state.neg } : { pos: state.pos, neg: Math.min(state.neg, margin) };
}

/** Lays out a multi-column container (or the part of it on this page). */
export function layoutMulticol(box: BlockBox, ctx: LayoutContext, space: FlowSpace, resume: Resume | null, incoming: MarginState): BlockResult {
  const style = box.style;
  const h = horizontal(style, space, hasWidthKeyword(style) || style.aspectRatio !== null ? () => contentIntrinsicWidths(box, ctx) : undefined);
  const state = resume?.kind === 'multicol' ? (resume.state as MulticolState) : { segment: 0, inner: null };
  const continuing = resume !== null;
  const clone = style.boxDecorationBreak === 'clone';
  const border = continuing && !clone ? { ...h.border, top: 0 } : h.border;
  const padding = continuing && !clone ? { ...h.padding, top: 0 } : h.padding;
  const cb = space.width;
  const margins = continuing || space.atPageTop && space.truncateTopMargin ? NO_MARGINS : addMargin(incoming, marginValue(style.marginTop, cb));
  const top = space.y + margins.pos + margins.neg;
  const contentX = h.x + border.left + padding.left;
  const contentWidth = Math.max(0, h.width - border.left - border.right - padding.left - padding.right);
  const contentTop = top + border.top + padding.top;
  const bpY = h.border.top + h.border.bottom + h.padding.top + h.padding.bottom;
  const specified = typeof style.height === 'object' && space.cbHeight === undefined ? 'auto' : resolveAuto(style.height, space.cbHeight ?? 0);
  const fixedHeight = space.forcedHeight !== undefined ? Math.max(0, space.forcedHeight - bpY)
    : typeof specified === 'number' ? contentSize(specified, style, bpY) : null;
  const maxHeight = typeof style.maxHeight === 'number' ? contentSize(style.maxHeight, style, bpY) : null;
  const heightLimit = fixedHeight ?? maxHeight;
  const reserve = clone ? h.border.bottom + h.padding.bottom : 0;
  const pageBottom = space.bottom === UNPAGINATED ? UNPAGINATED : space.bottom - reserve;
  const geometry = columnGeometry(style, contentWidth);
  const segments = segmentsOf(box, ctx);

  const children: Fragment[] = [];
  const rules: Fragment[] = [];
  let cursor = contentTop;
  let next: MulticolState | null = null;
  let placed = false;
  let spannerMargins = NO_MARGINS;
  for (let s = state.segment; s < segments.length; s++) {
    const inner = s === state.segment ? state.inner : null;
    const segment = segments[s];
    if (segment.kind === 'spanner') {
      const child = segment.box;
      if (isForcedBreak(child.style.breakBefore) && placed && inner === null && takesPageBreak(ctx, space.bottom)) {
        next = { segment: s, inner: null };
        break;
      }
      const result = layoutBlockLevel(child, ctx, {
        x: contentX, y: cursor, width: contentWidth, bottom: pageBottom, atPageTop: space.atPageTop && !placed, truncateTopMargin: space.truncateTopMargin,
      }, inner, spannerMargins);
      if (!result.fragment) {
        if (!placed && !space.atPageTop) return pushWhole(incoming, space);
        next = { segment: s, inner: null };
        break;
      }
      children.push(result.fragment);
      placed = true;
      cursor = result.bottom;
      spannerMargins = result.margins;
      if (result.next) {
        next = { segment: s, inner: result.next };
        break;
      }
      continue;
    }
    cursor += spannerMargins.pos + spannerMargins.neg;
    spannerMargins = NO_MARGINS;
    const limit = heightLimit === null ? UNPAGINATED : Math.max(0, contentTop + heightLimit - cursor);
    const pageLeft = pageBottom === UNPAGINATED ? UNPAGINATED : Math.max(0, pageBottom - cursor);
    const available = Math.min(limit, pageLeft);
    const place: RowPlace = {
      // Columns bounded by the container's own height take their content even where it overflows.
      x: contentX, y: cursor, count: geometry.count, width: geometry.width, gap: geometry.gap, atPageTop: space.atPageTop && !placed || limit < pageLeft,
      overflowColumns: limit <= pageLeft && limit !== UNPAGINATED,
    };
    const balance = style.columnFill === 'balance' || available === UNPAGINATED;
    const { row, height } = layoutColumns(segment.flow, ctx, place, available, inner, balance);
    if (row.empty) {
      if (!placed && !space.atPageTop) return pushWhole(incoming, space);
      next = { segment: s, inner };
      break;
    }
    if (row.columns.length > 0) placed = true;
    children.push(...row.columns);
    registerHeld(ctx, row.held);
    for (let i = 1; i < row.columns.length; i++) {
      const rule = ruleFragment(style, contentX + i * (geometry.width + geometry.gap) - geometry.gap / 2, cursor, height);
      if (rule) rules.push(rule);
    }
    cursor += height;
    if (row.next !== null && !place.overflowColumns) {
      next = { segment: s, inner: row.next };
      break;
    }
  }
  if (next === null) cursor += spannerMargins.pos + spannerMargins.neg;

  let contentHeight = Math.max(0, cursor - contentTop);
  if (fixedHeight !== null && !continuing) contentHeight = fixedHeight;
  if (next === null) {
    const min = typeof style.minHeight === 'number' ? contentSize(style.minHeight, style, bpY) : 0;
    contentHeight = clamp(contentHeight, min, maxHeight);
  }
  const bottomBorder = next && !clone ? 0 : h.border.bottom;
  const bottomPadding = next && !clone ? 0 : h.padding.bottom;
  let height = contentHeight + border.top + padding.top + bottomPadding + bottomBorder;
  if (next && space.bottom !== UNPAGINATED) height = Math.max(height, space.bottom - top);
  const fragment: BoxFragment = {
    kind: 'box', box, style, x: h.x, y: top, width: h.width, height, border: edgesWith(border, { bottom: bottomBorder }),
    padding: edgesWith(padding, { bottom: bottomPadding }), hasTop: !continuing || clone, hasBottom: next === null || clone, children: [...rules, ...children],
  };
  const avoid = style.breakInside === 'avoid' || style.breakInside === 'avoid-page';
  if (next && avoid && !space.atPageTop) return pushWhole(incoming, space);
  return {
    fragment,
    next: next ? { kind: 'multicol', state: next } : null,
    margins: next ? NO_MARGINS : addMargin(NO_MARGINS, marginValue(style.marginBottom, cb)),
    bottom: top + height,
    resolvedTop: top,
    breakAfter: isForcedBreak(style.breakAfter),
  };
}

function pushWhole(incoming: MarginState, space: FlowSpace): BlockResult {
  return { fragment: null, next: null, margins: incoming, bottom: space.y, resolvedTop: null, breakAfter: false };
}
