// Orthogonal flows (decision 0293): a vertical block in a horizontal flow, or a horizontal block
// in a vertical one, laid out in its own mode as one block of the flow around it. Its content is
// laid out first (its inline size: its own definite size, else its containing block's, else what
// is left of the page); then the block is placed in the outer flow with that content's size and
// no content of its own, and the content put into it.
import type { BlockBox, Box } from '../boxes/types.js';
import type { BlockResult, FlowSpace, MarginState } from './block.js';
import type { BoxFragment } from './fragments.js';
import { translate } from './fragments.js';
import { unturned, verticalToPage } from './vertical-flow.js';
import { childBoxes, enterLogical, horizontalInVertical, isLogical, isVertical, logicalStyle } from './vertical-styles.js';
import type { ComputedStyle } from '../css/types.js';

/** Lays a block-level box out in a flow, as block.ts does. */
export type BlockLayout = (box: Box, space: FlowSpace, margins: MarginState) => BlockResult;

const NO_MARGINS: MarginState = { pos: 0, neg: 0 };
const inProgress = new Set<Box>();

/** Vertical blocks whose parent box is horizontal, found once per document (markOrthogonalFlows). */
const verticalRoots = new WeakSet<Box>();
const marked = new WeakSet<Box>();

/**
 * Finds the vertical blocks of a horizontal flow. A table cell stays in its table's mode (its
 * table sizes it horizontally), and so does what is inside it.
 */
export function markOrthogonalFlows(root: Box): void {
  if (marked.has(root)) return;
  marked.add(root);
  const visit = (box: Box, parentMode: ComputedStyle['writingMode']): void => {
    const mode = box.style.writingMode;
    if (box.style.display === 'table-cell') return;
    if (box.kind === 'block' && box.level === 'block' && mode !== parentMode && isVertical(mode) && !isVertical(parentMode)) verticalRoots.add(box);
    for (const child of childBoxes(box)) visit(child, mode);
  };
  for (const child of childBoxes(root)) visit(child, root.style.writingMode);
}

/** Whether a block-level box starts a flow in the other orientation than the one it sits in. */
export function isOrthogonal(box: Box): box is BlockBox {
  if (box.kind !== 'block' || inProgress.has(box)) return false;
  return horizontalInVertical(box) !== undefined || verticalRoots.has(box) && !isLogical(box.style);
}

/** The size a flow's lines may take in an orthogonal block: its containing block's block size when known, else what is left of the page. */
function available(space: FlowSpace): number {
  if (space.cbHeight !== undefined && Number.isFinite(space.cbHeight)) return space.cbHeight;
  return Number.isFinite(space.bottom) ? Math.max(0, space.bottom - space.y) : 1000;
}

/** The box placed in its flow at `width` by `height` (border box), its content left out. */
function placeEmpty(box: BlockBox, style: ComputedStyle, space: FlowSpace, margins: MarginState, width: number, height: number, layout: BlockLayout): BlockResult {
  const mutable = box as unknown as { style: ComputedStyle; children: Box[] };
  const [ownStyle, children] = [mutable.style, mutable.children];
  mutable.style = style;
  mutable.children = [];
  try {
    return layout(box, { ...space, takesFloats: false, forcedWidth: width, forcedHeight: height }, margins);
  } finally {
    mutable.style = ownStyle;
    mutable.children = children;
  }
}

export function layoutOrthogonal(box: BlockBox, space: FlowSpace, margins: MarginState, layout: BlockLayout): BlockResult {
  inProgress.add(box);
  try {
    const outer = horizontalInVertical(box);
    return outer === undefined ? verticalInHorizontal(box, space, margins, layout) : horizontalInVerticalFlow(box, outer, space, margins, layout);
  } finally {
    inProgress.delete(box);
  }
}

function verticalInHorizontal(box: BlockBox, space: FlowSpace, margins: MarginState, layout: BlockLayout): BlockResult {
  const mode = box.style.writingMode === 'vertical-lr' ? 'vertical-lr' : 'vertical-rl';
  const restore = enterLogical(box, mode);
  let content: BoxFragment | null;
  try {
    content = layout(box, { x: 0, y: 0, width: available(space), bottom: Number.POSITIVE_INFINITY, atPageTop: true }, NO_MARGINS).fragment;
  } finally {
    restore();
  }
  if (content === null) return layout(box, space, margins);
  const placed = placeEmpty(box, box.style, space, margins, content.height, content.width, layout);
  if (placed.fragment === null) return placed;
  const turned = verticalToPage(content, { x: 0, y: 0, width: content.height, height: content.width, mode });
  translate(turned, placed.fragment.x - turned.x, placed.fragment.y - turned.y);
  placed.fragment.children.push(...turned.children);
  return placed;
}

function horizontalInVerticalFlow(box: BlockBox, mode: 'vertical-rl' | 'vertical-lr', space: FlowSpace, margins: MarginState, layout: BlockLayout): BlockResult {
  const content = layout(box, { x: 0, y: 0, width: available(space), bottom: Number.POSITIVE_INFINITY, atPageTop: true }, NO_MARGINS).fragment;
  if (content === null) return layout(box, space, margins);
  const placed = placeEmpty(box, logicalStyle(box.style, mode), space, margins, content.height, content.width, layout);
  if (placed.fragment !== null) unturned.set(placed.fragment, content);
  return placed;
}
