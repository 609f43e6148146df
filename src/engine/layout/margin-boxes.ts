// @page margin boxes (@top-center, @bottom-right, …): laid out in each page's margins once the
// page count is known, so `counter(page)` and `counter(pages)` resolve ("Page 2 of 5"), with the
// running elements (`element()`) and named strings (`string()`) each page shows.
import { isBlockLevel, type BlockBox, type Box } from '../boxes/types.js';
import { type CounterStyles, counterStylesOf } from '../boxes/counter-style.js';
import type { MarginBoxName, Stylesheet } from '../css/stylesheet.js';
import type { ComputedStyle, ContentItem } from '../css/types.js';
import type { ImageResource } from '../images/types.js';
import { intrinsicWidths, layoutBlockLevel, UNPAGINATED } from './block.js';
import { contentSize, marginValue, resolveAuto, resolveLength, type LayoutContext } from './context.js';
import { translate, type BoxFragment, type Edges, type PageFragment } from './fragments.js';
import { edgeWidths, isHorizontalEdgeBox, marginRect, type EdgeSizing, type Rect } from './margin-geometry.js';
import { matchingPageRules } from './page-setup.js';
import { PageAssignments, withPageNumbers } from './running-elements.js';
import type { Declaration } from '../css/stylesheet.js';

const NO_MARGINS = { pos: 0, neg: 0 };

export interface MarginStyles {
  /** Computes a margin box's (or the page context's) declarations against a parent style. */
  computeDeclarations(declarations: readonly Declaration[], parent: ComputedStyle | null): ComputedStyle;
}

const DEFAULT_ALIGN: Readonly<Record<MarginBoxName, ComputedStyle['textAlign']>> = {
  'top-left-corner': 'right', 'top-left': 'left', 'top-center': 'center', 'top-right': 'right', 'top-right-corner': 'left',
  'bottom-left-corner': 'right', 'bottom-left': 'left', 'bottom-center': 'center', 'bottom-right': 'right', 'bottom-right-corner': 'left',
  'left-top': 'center', 'left-middle': 'center', 'left-bottom': 'center',
  'right-top': 'center', 'right-middle': 'center', 'right-bottom': 'center',
};

/** A margin box's children from its `content`: text (strings, page counters, `string()`) and running elements. */
interface ContentSources {
  readonly page: number;
  readonly pages: number;
  readonly assignments: PageAssignments;
  readonly images: ReadonlyMap<string, ImageResource>;
  readonly counterStyles: CounterStyles;
  /** The style of an anonymous inline inside the margin box (for images). */
  readonly inline: () => ComputedStyle;
}

function contentBoxes(items: readonly ContentItem[], style: ComputedStyle, { page, pages, assignments, images, counterStyles, inline }: ContentSources): Box[] {
  const boxes: Box[] = [];
  let text = '';
  const flush = (): void => {
    if (text.length > 0) boxes.push({ kind: 'text', style, element: null, pseudo: null, anonymous: true, text, decorations: [] });
    text = '';
  };
  for (const item of items) {
    if (item.type === 'string') text += item.value;
    else if (item.type === 'counter' || item.type === 'counters') {
      const value = item.name === 'page' ? page + 1 : item.name === 'pages' ? pages : 0;
      text += counterStyles.format(value, item.style);
    } else if (item.type === 'string-ref') text += assignments.string(item.name, item.policy, page);
    else if (item.type === 'url') {
      const image = images.get(item.url);
      if (image) {
        flush();
        boxes.push({ kind: 'replaced', level: 'inline', style: inline(), element: null, pseudo: null, anonymous: true, image });
      }
    }
    else if (item.type === 'element') {
      const running = assignments.element(item.name, item.policy, page);
      if (running) {
        flush();
        boxes.push(withPageNumbers(running, page + 1, pages, counterStyles));
      }
    }
  }
  flush();
  return boxes;
}

/** The margin box itself: a block container, inline runs wrapped in anonymous blocks beside block-level running elements. */
function marginBlock(style: ComputedStyle, children: Box[], anonymous: () => ComputedStyle): BlockBox {
  const block = (kids: Box[], inline: boolean, s: ComputedStyle, anon: boolean): BlockBox => ({
    kind: 'block', level: 'block', style: s, element: null, pseudo: null, anonymous: anon, marker: null, newFormattingContext: true,
    inlineContent: inline && kids.length > 0, children: kids,
  });
  if (!children.some(isBlockLevel)) return block(children, true, style, true);
  const wrapped: Box[] = [];
  let run: Box[] = [];
  const flushRun = (): void => {
    if (run.length > 0) wrapped.push({ ...block(run, true, anonymous(), true), newFormattingContext: false });
    run = [];
  };
  for (const child of children) {
    if (isBlockLevel(child)) {
      flushRun();
      wrapped.push(child);
    } else run.push(child);
  }
  flushRun();
  return block(wrapped, false, style, true);
}

/** The style of every margin box of every @page rule (their images are loaded before layout). */
export function marginBoxStyles(sheets: readonly Stylesheet[], styles: MarginStyles, rootStyle: ComputedStyle): ComputedStyle[] {
  return sheets.flatMap((sheet) => sheet.pageRules.flatMap((rule) => rule.marginBoxes.map((box) => styles.computeDeclarations(box.declarations, rootStyle))));
}

/** Whether an @page rule has margin boxes (they need every page laid out before any is painted). */
export function hasMarginBoxes(sheets: readonly Stylesheet[]): boolean {
  return sheets.some((sheet) => sheet.pageRules.some((rule) => rule.marginBoxes.length > 0));
}

/** Lays out every page's margin boxes; returns them per page. */
export function layoutMarginBoxes(
  pages: readonly PageFragment[], sheets: readonly Stylesheet[], styles: MarginStyles, rootStyle: ComputedStyle, ctx: LayoutContext,
  images: ReadonlyMap<string, ImageResource> = new Map(),
): BoxFragment[][] {
  if (!hasMarginBoxes(sheets)) return pages.map(() => []);
  const assignments = new PageAssignments(pages);
  return pages.map((page, index) => {
    const byName = new Map<MarginBoxName, Declaration[]>();
    const rules = matchingPageRules(sheets, index, page.name, page.blank === true);
    for (const rule of rules) {
      for (const box of rule.marginBoxes) byName.set(box.name, [...(byName.get(box.name) ?? []), ...box.declarations]);
    }
    // Margin boxes inherit from the page context (`@page { font-family; color }`), which inherits from the root.
    const pageDeclarations = rules.flatMap((rule) => rule.declarations);
    const pageStyle = byName.size > 0 && pageDeclarations.length > 0 ? styles.computeDeclarations(pageDeclarations, rootStyle) : rootStyle;
    const boxes = new Map<MarginBoxName, BlockBox>();
    for (const [name, declarations] of byName) {
      const specified = styles.computeDeclarations(declarations, pageStyle);
      if (!Array.isArray(specified.content)) continue;
      const style: ComputedStyle = specified.textAlign === 'start' ? { ...specified, textAlign: DEFAULT_ALIGN[name] } : specified;
      const inline = (): ComputedStyle => styles.computeDeclarations([], style);
      const children = contentBoxes(style.content as readonly ContentItem[], style, { page: index, pages: pages.length, assignments, images, counterStyles: counterStylesOf(sheets), inline });
      boxes.set(name, marginBlock(style, children, () => styles.computeDeclarations([], style)));
    }
    // A shrunk page's margin boxes keep their size on the paper (paint.ts draws them unscaled); a
    // zoomed root zooms them (laid out on the paper divided by the zoom, painted scaled by it).
    const zoom = page.marginZoom ?? 1;
    // The margin boxes are outside the page box's border and padding.
    const inset = page.frame?.inset;
    const outer = page.paperMargins ?? page.margins;
    const paper = inset ? { top: outer.top - inset.top, right: outer.right - inset.right, bottom: outer.bottom - inset.bottom, left: outer.left - inset.left } : outer;
    const margins = zoom === 1 ? paper : { top: paper.top / zoom, right: paper.right / zoom, bottom: paper.bottom / zoom, left: paper.left / zoom };
    const width = (page.paperMargins ? page.width : page.width / page.scale) / zoom;
    const height = (page.paperMargins ? page.height : page.height / page.scale) / zoom;
    const along = new Map((['top', 'bottom', 'left', 'right'] as const).flatMap((edge) => edgeSlots(boxes, edge, margins, width, height, ctx)));
    const fragments: BoxFragment[] = [];
    for (const name of PAINT_ORDER) {
      const box = boxes.get(name);
      if (box === undefined) continue;
      const slot = marginRect(name, margins, width, height);
      const span = along.get(name);
      const placed = !span ? slot : isHorizontalEdgeBox(name) ? { ...slot, x: slot.x + span[0], width: span[1] } : { ...slot, y: slot.y + span[0], height: span[1] };
      const fragment = layoutMarginBox(name, box, placed, ctx);
      if (fragment) fragments.push(fragment);
    }
    return fragments;
  });
}

/**
 * The order Chromium paints (and writes into the PDF) a page's margin boxes: round the page
 * clockwise from the top-left corner, whatever order the rules name them in.
 */
const PAINT_ORDER: readonly MarginBoxName[] = [
  'top-left-corner', 'top-left', 'top-center', 'top-right', 'top-right-corner', 'right-top', 'right-middle', 'right-bottom',
  'bottom-right-corner', 'bottom-right', 'bottom-center', 'bottom-left', 'bottom-left-corner', 'left-bottom', 'left-middle', 'left-top',
];

/**
 * Offsets and outer sizes of the three boxes along one edge (§6.3.2): widths along the top and
 * bottom edges, heights along the left and right ones.
 */
function edgeSlots(
  boxes: ReadonlyMap<MarginBoxName, BlockBox>, edge: 'top' | 'bottom' | 'left' | 'right', margins: Edges, pageWidth: number, pageHeight: number,
  ctx: LayoutContext,
): [MarginBoxName, [number, number]][] {
  const horizontal = edge === 'top' || edge === 'bottom';
  const available = horizontal ? pageWidth - margins.left - margins.right : pageHeight - margins.top - margins.bottom;
  const names = (horizontal ? ['left', 'center', 'right'] : ['top', 'middle', 'bottom']).map((slot) => `${edge}-${slot}` as MarginBoxName);
  const sizing = (name: MarginBoxName): EdgeSizing | null => {
    const box = boxes.get(name);
    if (!box) return null;
    const style = box.style;
    if (!horizontal) {
      const depth = edge === 'left' ? margins.left : margins.right;
      const outside = marginValue(style.marginTop, depth) + marginValue(style.marginBottom, depth);
      const specified = resolveAuto(style.height, available);
      const bp = style.borderTop.width + style.borderBottom.width + resolveLength(style.paddingTop, depth) + resolveLength(style.paddingBottom, depth);
      const outer = specified !== 'auto' ? contentSize(specified, style, bp) + bp + outside : naturalHeight(box, depth, true, ctx) + outside;
      return { width: specified !== 'auto' ? outer : 'auto', min: outer, max: outer };
    }
    const outside = marginValue(style.marginLeft, available) + marginValue(style.marginRight, available);
    const specified = resolveAuto(style.width, available);
    if (specified !== 'auto') {
      const bp = style.borderLeft.width + style.borderRight.width + resolveLength(style.paddingLeft, available) + resolveLength(style.paddingRight, available);
      const outer = contentSize(specified, style, bp) + bp + outside;
      return { width: outer, min: outer, max: outer };
    }
    const { min, max } = intrinsicWidths({ ...box, style: { ...style, width: 'auto' } }, ctx);
    return { width: 'auto', min, max };
  };
  const [a, b, c] = names.map(sizing);
  if (!a && !b && !c) return [];
  const widths = edgeWidths(a, b, c, available);
  const out: [MarginBoxName, [number, number]][] = [];
  names.forEach((name, i) => {
    const w = [widths.a, widths.b, widths.c][i];
    if (w) out.push([name, w]);
  });
  return out;
}

/** The border-box width of a margin box in a slot `slotWidth` wide (side boxes may set theirs). */
function usedWidth(box: BlockBox, slotWidth: number, side: boolean): number {
  const style = box.style;
  const ml = marginValue(style.marginLeft, slotWidth);
  const mr = marginValue(style.marginRight, slotWidth);
  const bpX = style.borderLeft.width + style.borderRight.width + resolveLength(style.paddingLeft, slotWidth) + resolveLength(style.paddingRight, slotWidth);
  const specified = side ? resolveAuto(style.width, slotWidth) : 'auto';
  return specified === 'auto' ? Math.max(0, slotWidth - ml - mr) : contentSize(specified, style, bpX) + bpX;
}

/** The border-box height of a margin box's content laid out at its used width (its height taken as auto). */
function naturalHeight(box: BlockBox, slotWidth: number, side: boolean, ctx: LayoutContext): number {
  const space = { x: 0, y: 0, width: slotWidth, bottom: UNPAGINATED, atPageTop: true, forcedWidth: usedWidth(box, slotWidth, side) };
  const fragment = layoutBlockLevel({ ...box, style: { ...box.style, height: 'auto', marginTop: 0, marginBottom: 0 } }, ctx, space, null, NO_MARGINS, null, true).fragment;
  return fragment?.height ?? 0;
}

/**
 * One margin box in its slot: auto sizes fill the slot; a box given a height (top and bottom
 * boxes) or width (left and right boxes) sits against the page area; its content is placed by
 * `vertical-align` (middle unless told otherwise).
 */
function layoutMarginBox(name: MarginBoxName, box: BlockBox, slot: Rect, ctx: LayoutContext): BoxFragment | null {
  const style = box.style;
  const ml = marginValue(style.marginLeft, slot.width);
  const mr = marginValue(style.marginRight, slot.width);
  const mt = marginValue(style.marginTop, slot.width);
  const mb = marginValue(style.marginBottom, slot.width);
  const side = name.startsWith('left-') ? 'left' : name.startsWith('right-') ? 'right' : null;
  const specifiedWidth = side ? resolveAuto(style.width, slot.width) : 'auto';
  const borderWidth = usedWidth(box, slot.width, side !== null);
  const space = { x: 0, y: 0, width: slot.width, bottom: UNPAGINATED, atPageTop: true, forcedWidth: borderWidth, cbHeight: slot.height };
  // The content's own height, then the box at its used height.
  const natural = layoutBlockLevel({ ...box, style: { ...style, height: 'auto', marginTop: 0, marginBottom: 0 } }, ctx, space, null, NO_MARGINS, null, true).fragment;
  if (!natural) return null;
  const bpY = natural.border.top + natural.border.bottom + natural.padding.top + natural.padding.bottom;
  // Side boxes fill the span their edge gave them (their heights were shared out there).
  const autoHeight = style.height === 'auto' || side !== null;
  const fragment = layoutBlockLevel({ ...box, style: { ...style, marginTop: 0, marginBottom: 0 } }, ctx, {
    ...space, forcedHeight: autoHeight ? Math.max(0, slot.height - mt - mb) : undefined,
  }, null, NO_MARGINS, null, true).fragment;
  if (!fragment) return null;
  // A box filling its slot is the slot's height, as in Blink, however tall its content: the rest
  // overflows (a zero margin's box paints no background, its text still shows).
  if (autoHeight) fragment.height = Math.min(fragment.height, Math.max(0, slot.height - mt - mb));
  const slack = fragment.height - bpY - (natural.height - bpY);
  // `baseline` (the initial value) takes the box's default (css-page-3's table): the side boxes' top
  // and bottom ones align to the page's corners, every other box to its middle.
  const va = style.verticalAlign === 'baseline' ? (name.endsWith('-top') ? 'top' : name.endsWith('-bottom') ? 'bottom' : 'middle') : style.verticalAlign;
  const dy = va === 'top' ? 0 : va === 'bottom' ? slack : slack / 2;
  if (dy > 0) for (const child of fragment.children) translate(child, 0, dy);
  const x = side === 'left' && specifiedWidth !== 'auto' ? slot.x + slot.width - mr - fragment.width : slot.x + ml;
  const y = name.startsWith('top') && !autoHeight ? slot.y + slot.height - mb - fragment.height : slot.y + mt;
  translate(fragment, x - fragment.x, y - fragment.y);
  return fragment;
}
