// Atomic inline-level boxes (images, inline-blocks, inline tables): sized on their own,
// then placed on a line like one big glyph whose baseline is known.
import type { Box, ReplacedBox } from '../boxes/types.js';
import type { ComputedStyle } from '../css/types.js';
import { layoutUnits } from '../css/values/layout-units.js';
import { layoutBlockLevel, intrinsicWidths, UNPAGINATED } from './block.js';
import {
  borderEdges, clamp, contentSize, marginValue, paddingEdges, resolveAuto, resolveLength, type LayoutContext,
} from './context.js';
import type { BoxFragment, Fragment, ReplacedFragment } from './fragments.js';
import { keywordWidth } from './intrinsic-size.js';
import { alignRubyColumn, emptyBaseBaseline, isRubyColumn, type RubyOverhang } from './ruby-column.js';

export interface AtomicLayout {
  /** Border-box fragment positioned with its margin box's top-left at (marginLeft, marginTop) from (0,0). */
  readonly fragment: BoxFragment | ReplacedFragment;
  readonly marginWidth: number;
  readonly marginHeight: number;
  readonly marginLeft: number;
  readonly marginTop: number;
  /** Distance from the margin-box top to the box's baseline. */
  readonly baseline: number;
  /** A ruby column's annotation: how far it may overhang the text beside it (layout/ruby-column.ts). */
  readonly overhang?: RubyOverhang;
}

/** Used width and height (content box) of a replaced element per CSS 2.1 §10.3.2 / §10.6.2. */
export function replacedSize(box: ReplacedBox, cbWidth: number, cbHeight: number | null): { width: number; height: number } {
  const style = box.style;
  const border = borderEdges(style);
  const padding = paddingEdges(style, cbWidth);
  const bpX = border.left + border.right + padding.left + padding.right;
  const bpY = border.top + border.bottom + padding.top + padding.bottom;
  const iw = box.image.width;
  const ih = box.image.height;
  // `aspect-ratio` wins over the image's own ratio, unless it says `auto` and the image has one.
  const preferred = style.aspectRatio !== null && !(style.aspectRatio.auto && iw > 0 && ih > 0) ? style.aspectRatio : null;
  const ratio = preferred?.ratio ?? (iw > 0 && ih > 0 ? iw / ih : 1);
  // The ratio is of the box box-sizing names: with border-box, of the border box.
  const edgesX = preferred && style.boxSizing === 'border-box' ? bpX : 0;
  const edgesY = preferred && style.boxSizing === 'border-box' ? bpY : 0;
  // Without a ratio (an iframe's default size) a dimension set alone leaves the other at its default.
  const transfers = preferred !== null || box.image.noNaturalRatio !== true;
  const heightOf = (contentWidth: number): number => (transfers ? Math.max(0, (contentWidth + edgesX) / ratio - edgesY) : ih);
  const widthOf = (contentHeight: number): number => (transfers ? Math.max(0, (contentHeight + edgesY) * ratio - edgesX) : iw);
  const w = resolveAuto(style.width, cbWidth);
  const hSpecified = style.height !== 'auto' && (typeof style.height === 'number' || cbHeight !== null);
  const h = hSpecified ? resolveAuto(style.height, cbHeight ?? 0) : 'auto';
  let width: number;
  let height: number;
  if (w !== 'auto' && h !== 'auto') {
    width = contentSize(w, style, bpX);
    height = contentSize(h, style, bpY);
  } else if (w !== 'auto') {
    width = contentSize(w, style, bpX);
    height = heightOf(width);
  } else if (h !== 'auto') {
    height = contentSize(h, style, bpY);
    width = widthOf(height);
  } else if (box.image.ratioOnly) {
    // No intrinsic size, only a ratio: as a block would (CSS 2.1 §10.3.2's suggestion, Chromium).
    width = Math.max(0, cbWidth - marginValue(style.marginLeft, cbWidth) - marginValue(style.marginRight, cbWidth) - bpX);
    height = heightOf(width);
  } else {
    width = iw;
    height = preferred ? heightOf(iw) : ih;
  }
  const minW = style.minWidth === 'auto' ? 0 : resolveLength(style.minWidth, cbWidth);
  const maxW = style.maxWidth === 'none' ? null : resolveLength(style.maxWidth, cbWidth);
  const clampedW = clamp(width, contentSize(minW, style, bpX), maxW === null ? null : contentSize(maxW, style, bpX));
  if (clampedW !== width) {
    if (h === 'auto') height = heightOf(clampedW);
    width = clampedW;
  }
  const maxH = style.maxHeight === 'none' || typeof style.maxHeight !== 'number' ? null : style.maxHeight;
  const minH = typeof style.minHeight === 'number' ? style.minHeight : 0;
  const clampedH = clamp(height, contentSize(minH, style, bpY), maxH === null ? null : contentSize(maxH, style, bpY));
  if (clampedH !== height) {
    if (w === 'auto') width = widthOf(clampedH);
    height = clampedH;
  }
  return { width, height };
}

export function layoutReplaced(box: ReplacedBox, cbWidth: number, x: number, y: number, cbHeight: number | null = null): ReplacedFragment {
  const style = box.style;
  const border = borderEdges(style);
  const padding = paddingEdges(style, cbWidth);
  const size = replacedSize(box, cbWidth, cbHeight);
  // In layout units, truncated: a size from the aspect ratio is Blink's LayoutUnit of it (decision 0395).
  return {
    kind: 'replaced', box, x, y,
    width: layoutUnits(size.width) + border.left + border.right + padding.left + padding.right,
    height: layoutUnits(size.height) + border.top + border.bottom + padding.top + padding.bottom,
    border, padding,
  };
}

function margins(style: ComputedStyle, cbWidth: number): { top: number; right: number; bottom: number; left: number } {
  return {
    top: marginValue(style.marginTop, cbWidth),
    right: marginValue(style.marginRight, cbWidth),
    bottom: marginValue(style.marginBottom, cbWidth),
    left: marginValue(style.marginLeft, cbWidth),
  };
}

/**
 * A replaced box or form control whose width or max-width is a percentage (css-sizing-3 §5.2.2,
 * compressible): its min-content contribution is zero and its max-content contribution ignores
 * those percentages (a form control's is its attribute-based width, `intrinsicWidth`).
 */
export function isCompressibleReplaced(box: Box): boolean {
  return (box.kind === 'replaced' || box.intrinsicWidth !== undefined) && (typeof box.style.width === 'object' || typeof box.style.maxWidth === 'object');
}

/** Lays out an atomic inline. With `intrinsic`, percentages resolve against 0 (for min/max-content sizing). */
export function layoutAtomicInline(box: Box, ctx: LayoutContext, cbWidth: number, intrinsic = false): AtomicLayout {
  const m = margins(box.style, cbWidth);
  if (box.kind === 'replaced') {
    const sized = intrinsic && isCompressibleReplaced(box)
      ? { ...box, style: { ...box.style, width: typeof box.style.width === 'object' ? 'auto' as const : box.style.width, maxWidth: typeof box.style.maxWidth === 'object' ? 'none' as const : box.style.maxWidth } }
      : box;
    const fragment = layoutReplaced(sized, cbWidth, m.left, m.top);
    const marginHeight = fragment.height + m.top + m.bottom;
    return { fragment, marginWidth: fragment.width + m.left + m.right, marginHeight, marginLeft: m.left, marginTop: m.top, baseline: marginHeight };
  }
  // Inline-block and friends: shrink-to-fit width, laid out unpaginated.
  const style = box.style;
  let width: number | undefined;
  // Measured for intrinsic sizes, a percentage width is cyclic and counts as auto (css-sizing-3 §5.2.1),
  // as in Chromium: an inline-block of width 100% contributes its content's width, not 100% of nothing.
  if (style.width === 'auto' || intrinsic && (box.intrinsicWidth !== undefined || typeof style.width === 'object')) {
    // Intrinsic widths are of the margin box (its margins as they resolve against no width): the
    // border box takes them without.
    const { min, max } = intrinsicWidths(box, ctx);
    const outside = marginValue(style.marginLeft, 0) + marginValue(style.marginRight, 0);
    const widths = { min: Math.max(0, min - outside), max: Math.max(0, max - outside) };
    const available = Math.max(0, cbWidth - m.left - m.right);
    width = intrinsic ? widths.max : keywordWidth(style.widthKeyword ?? 'fit-content', widths, available);
  }
  const result = layoutBlockLevel(box, ctx, { x: 0, y: 0, width: cbWidth, bottom: UNPAGINATED, atPageTop: true, forcedWidth: width }, null, { pos: 0, neg: 0 }, null, true);
  const fragment = result.fragment!;
  const overhang = isRubyColumn(box) ? alignRubyColumn(fragment) : undefined;
  const marginWidth = fragment.width + m.left + m.right;
  const marginHeight = fragment.height + m.top + m.bottom;
  // Position fragment so its margin box starts at (0,0).
  shiftFragment(fragment, m.left - fragment.x, m.top - fragment.y);
  // An inline flex or grid container takes its items' baseline whatever its overflow; an inline-block
  // that is a scroll container (overflow hidden, scroll, auto; `clip` makes none, Blink's
  // IsScrollContainer) sits on its bottom edge, as in Chromium.
  const last = box.kind === 'flex' || box.kind === 'grid' ? containerBaseline(fragment)
    : style.overflow !== 'visible' && style.overflow !== 'clip' ? null
    : (isRubyColumn(box) ? emptyBaseBaseline(fragment) : null) ?? lastBaseline(fragment);
  const baseline = last === null ? marginHeight : last - (fragment.y - m.top);
  return { fragment, marginWidth, marginHeight, marginLeft: m.left, marginTop: m.top, baseline, ...(overhang && { overhang }) };
}

/**
 * The margin-box width `layoutAtomicInline(box, ctx, 0, true)` gives, what intrinsic sizing of a
 * line needs of an atomic inline. An inline-block or inline flex or grid container sized from its
 * content is as wide as its max-content width: found from the measured widths without laying its
 * content out, which at every level of nested inline-blocks laid out everything below it again.
 */
export function atomicIntrinsicWidth(box: Box, ctx: LayoutContext): number {
  const style = box.style;
  const contentSized = style.width === 'auto' || box.intrinsicWidth !== undefined || typeof style.width === 'object';
  if (box.kind === 'replaced' || box.kind === 'table' || !contentSized) return layoutAtomicInline(box, ctx, 0, true).marginWidth;
  const outside = marginValue(style.marginLeft, 0) + marginValue(style.marginRight, 0);
  return Math.max(0, intrinsicWidths(box, ctx).max - outside) + outside;
}

function shiftFragment(fragment: BoxFragment, dx: number, dy: number): void {
  fragment.x += dx;
  fragment.y += dy;
  for (const child of fragment.children) shiftAny(child, dx, dy);
}

function shiftAny(f: Fragment, dx: number, dy: number): void {
  if (f.kind === 'box') shiftFragment(f, dx, dy);
  else if (f.kind === 'text') {
    f.x += dx;
    f.baseline += dy;
  } else if (f.kind === 'line') {
    f.x += dx;
    f.y += dy;
    (f as { baseline: number }).baseline += dy;
    for (const c of f.children) shiftAny(c, dx, dy);
  } else {
    f.x += dx;
    f.y += dy;
  }
}

/**
 * An inline flex or grid container's baseline: its first item's first baseline, or one synthesized
 * from that item's bottom border edge when it has none (CSS Flexbox §8.5, as Chromium sets an icon
 * box on a line); null without items.
 */
function containerBaseline(fragment: BoxFragment): number | null {
  for (const child of fragment.children) {
    if (child.kind !== 'box' || !inFlow(child)) continue;
    return firstBaseline(child) ?? child.y + child.height;
  }
  return null;
}

/** The baseline of the last line box inside a fragment, or null. */
/** Lines of absolutely positioned and floated boxes are no line boxes of the flow (CSS 2.1 §10.8.1). */
function inFlow(fragment: BoxFragment): boolean {
  const { position, float } = fragment.style;
  return position !== 'absolute' && position !== 'fixed' && float === 'none';
}

export function lastBaseline(fragment: BoxFragment): number | null {
  for (let i = fragment.children.length - 1; i >= 0; i--) {
    const child = fragment.children[i];
    if (child.kind === 'line') return child.baseline;
    if (child.kind === 'box' && inFlow(child)) {
      const b = lastBaseline(child);
      if (b !== null) return b;
    }
  }
  return null;
}

/** The baseline of the first line box inside a fragment, or null. */
export function firstBaseline(fragment: BoxFragment): number | null {
  for (const child of fragment.children) {
    if (child.kind === 'line') return child.baseline;
    if (child.kind === 'box' && inFlow(child)) {
      const b = firstBaseline(child);
      if (b !== null) return b;
    }
  }
  return null;
}
