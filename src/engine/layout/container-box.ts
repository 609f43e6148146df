// A flex or grid container's box on this page. openContainer: where it starts, its top margin
// collapsed with the margins coming in (none on a continuation, or at a page top that truncates
// margins), its borders and padding (the top ones only on the first fragment) and its content box.
// closeContainer: its fragment around the children placed, and the bottom margin it passes on.
import type { Box } from '../boxes/types.js';
import type { ComputedStyle } from '../css/types.js';
import { contentIntrinsicWidths, horizontal, UNPAGINATED, type BlockResult, type FlowSpace, type MarginState, type Resume } from './block.js';
import { contentSize, marginValue, resolveLength, type LayoutContext } from './context.js';
import { edgesWith, translate, type BoxFragment, type Fragment } from './fragments.js';
import { relativeOffset } from './relative.js';
import { hasWidthKeyword } from './intrinsic-size.js';

export interface ContainerBox {
  /** The box's horizontal geometry in its containing block. */
  readonly h: ReturnType<typeof horizontal>;
  /** Whether this fragment continues the box from an earlier page. */
  readonly continuing: boolean;
  /** The containing block's width, which percentages of margins and padding refer to. */
  readonly cb: number;
  /** The border box's top edge on this page. */
  readonly top: number;
  readonly border: ReturnType<typeof horizontal>['border'];
  readonly padding: ReturnType<typeof horizontal>['padding'];
  readonly contentX: number;
  readonly contentWidth: number;
  /** Borders and padding above and below the content, as specified (the first fragment's). */
  readonly bpY: number;
}

/**
 * A container's specified height as a content height, px or a percentage of a definite containing
 * block height (else auto, null); a height forced by the caller (a stretched item) first.
 */
export function specifiedContentHeight(style: ComputedStyle, space: FlowSpace, bpY: number): number | null {
  if (space.forcedHeight !== undefined) return Math.max(0, space.forcedHeight - bpY);
  const height = typeof style.height === 'number' ? style.height
    : typeof style.height === 'object' && space.cbHeight !== undefined ? resolveLength(style.height, space.cbHeight) : null;
  return height === null ? null : contentSize(height, style, bpY);
}

/**
 * The content height `aspect-ratio` gives a container with an auto height: its width over the
 * ratio (in `box-sizing` terms), a minimum its content may exceed (min-height: auto, CSS Sizing 4
 * §5), as Chromium sizes a flex or grid container; 0 without one.
 */
export function ratioContentHeight(style: ComputedStyle, space: FlowSpace, frame: ContainerBox): number {
  if (style.aspectRatio === null || space.forcedHeight !== undefined || specifiedContentHeight(style, space, frame.bpY) !== null) return 0;
  const width = style.boxSizing === 'border-box' ? frame.h.width : frame.contentWidth;
  return contentSize(width / style.aspectRatio.ratio, style, frame.bpY);
}

export function openContainer(box: Box, ctx: LayoutContext, space: FlowSpace, resume: Resume | null, incoming: MarginState): ContainerBox {
  const style = box.style;
  const h = horizontal(style, space, hasWidthKeyword(style) || style.aspectRatio !== null ? () => contentIntrinsicWidths(box, ctx) : undefined);
  const continuing = resume !== null;
  const cb = space.width;
  const marginTop = continuing || space.atPageTop && space.truncateTopMargin ? 0 : marginValue(style.marginTop, cb);
  const pos = Math.max(incoming.pos, marginTop > 0 ? marginTop : 0);
  const neg = Math.min(incoming.neg, marginTop < 0 ? marginTop : 0);
  const top = space.y + (continuing ? 0 : pos + neg);
  const border = continuing ? { ...h.border, top: 0 } : h.border;
  const padding = continuing ? { ...h.padding, top: 0 } : h.padding;
  return {
    h, continuing, cb, top, border, padding,
    contentX: h.x + border.left + padding.left,
    contentWidth: Math.max(0, h.width - border.left - border.right - padding.left - padding.right),
    bpY: h.border.top + h.border.bottom + h.padding.top + h.padding.bottom,
  };
}

/**
 * The container's fragment with `contentHeight` of content: the bottom border and padding only on
 * its last fragment, stretched to the page's end when it continues on the next page.
 */
export function closeContainer(
  box: Box, frame: ContainerBox, space: FlowSpace, contentHeight: number, children: Fragment[], next: Resume | null,
  /** A forced break after the last line or band of items, which is a break after the container. */
  breakAfter = false,
): BlockResult {
  const { style } = box;
  const { h, continuing, cb, top, border, padding } = frame;
  const bottomBorder = next ? 0 : border.bottom;
  const bottomPadding = next ? 0 : padding.bottom;
  let height = border.top + padding.top + contentHeight + bottomPadding + bottomBorder;
  if (next && space.bottom !== UNPAGINATED) height = Math.max(height, space.bottom - top);
  // Relatively positioned items move once placed; percentages of the height need the container's own.
  const definite = specifiedContentHeight(style, space, frame.bpY) !== null ? contentHeight : undefined;
  for (const child of children) {
    const childStyle = child.kind === 'box' ? child.style : child.kind === 'replaced' ? child.box.style : null;
    const offset = childStyle ? relativeOffset(childStyle, frame.contentWidth, definite) : undefined;
    if (offset) translate(child, offset.dx, offset.dy);
  }
  const fragment: BoxFragment = {
    kind: 'box', box, style, x: h.x, y: top, width: h.width, height,
    border: edgesWith(border, { bottom: bottomBorder }), padding: edgesWith(padding, { bottom: bottomPadding }),
    hasTop: !continuing, hasBottom: next === null, children,
  };
  const marginBottom = marginValue(style.marginBottom, cb);
  return {
    fragment, next, margins: next ? { pos: 0, neg: 0 } : { pos: Math.max(0, marginBottom), neg: Math.min(0, marginBottom) },
    bottom: top + height, resolvedTop: top, breakAfter,
  };
}

/** The result of a container that moves whole to the next page. */
export function pushWhole(space: FlowSpace, incoming: MarginState): BlockResult {
  return { fragment: null, next: null, margins: incoming, bottom: space.y, resolvedTop: null, breakAfter: false };
}
