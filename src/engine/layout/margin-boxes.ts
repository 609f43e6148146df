// @page margin boxes (@top-center, @bottom-right, …): laid out in each page's margins once the
// page count is known, so `counter(page)` and `counter(pages)` resolve ("Page 2 of 5"), with the
// running elements (`element()`) and named strings (`string()`) each page shows.
import { isBlockLevel, type BlockBox, type Box } from '../boxes/types.js';
import { formatCounter } from '../boxes/counter-style.js';
import type { MarginBoxName, Stylesheet } from '../css/stylesheet.js';
import type { ComputedStyle, ContentItem } from '../css/types.js';
import { layoutBlockLevel, UNPAGINATED } from './block.js';
import type { LayoutContext } from './context.js';
import { translate, type BoxFragment, type PageFragment } from './fragments.js';
import { matchingPageRules } from './page-setup.js';
import { PageAssignments } from './running-elements.js';
import type { Declaration } from '../css/stylesheet.js';

export interface MarginStyles {
  /** Computes a margin box's declarations (the root style is the parent). */
  computeDeclarations(declarations: readonly Declaration[], parent: ComputedStyle | null): ComputedStyle;
}

interface Rect {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

const DEFAULT_ALIGN: Readonly<Record<MarginBoxName, ComputedStyle['textAlign']>> = {
  'top-left-corner': 'right', 'top-left': 'left', 'top-center': 'center', 'top-right': 'right', 'top-right-corner': 'left',
  'bottom-left-corner': 'right', 'bottom-left': 'left', 'bottom-center': 'center', 'bottom-right': 'right', 'bottom-right-corner': 'left',
  'left-top': 'center', 'left-middle': 'center', 'left-bottom': 'center',
  'right-top': 'center', 'right-middle': 'center', 'right-bottom': 'center',
};

/** Where each margin box sits: corners in the corners, three boxes along each edge. */
function marginRect(name: MarginBoxName, page: PageFragment, width: number, height: number, present: ReadonlySet<MarginBoxName>): Rect {
  const m = page.margins;
  const along = (start: number, length: number, side: 'top' | 'bottom' | 'left' | 'right', slot: 'a' | 'b' | 'c'): [number, number] => {
    const center = present.has(`${side}-${side === 'top' || side === 'bottom' ? 'center' : 'middle'}` as MarginBoxName);
    if (center) return slot === 'a' ? [start, length / 3] : slot === 'b' ? [start + length / 3, length / 3] : [start + (2 * length) / 3, length / 3];
    return slot === 'a' ? [start, length / 2] : slot === 'c' ? [start + length / 2, length / 2] : [start, length];
  };
  const innerWidth = width - m.left - m.right;
  const innerHeight = height - m.top - m.bottom;
  switch (name) {
    case 'top-left-corner': return { x: 0, y: 0, width: m.left, height: m.top };
    case 'top-right-corner': return { x: width - m.right, y: 0, width: m.right, height: m.top };
    case 'bottom-left-corner': return { x: 0, y: height - m.bottom, width: m.left, height: m.bottom };
    case 'bottom-right-corner': return { x: width - m.right, y: height - m.bottom, width: m.right, height: m.bottom };
    case 'top-left': case 'top-center': case 'top-right': {
      const [x, w] = along(m.left, innerWidth, 'top', name === 'top-left' ? 'a' : name === 'top-center' ? 'b' : 'c');
      return { x, y: 0, width: w, height: m.top };
    }
    case 'bottom-left': case 'bottom-center': case 'bottom-right': {
      const [x, w] = along(m.left, innerWidth, 'bottom', name === 'bottom-left' ? 'a' : name === 'bottom-center' ? 'b' : 'c');
      return { x, y: height - m.bottom, width: w, height: m.bottom };
    }
    case 'left-top': case 'left-middle': case 'left-bottom': {
      const [y, h] = along(m.top, innerHeight, 'left', name === 'left-top' ? 'a' : name === 'left-middle' ? 'b' : 'c');
      return { x: 0, y, width: m.left, height: h };
    }
    default: {
      const [y, h] = along(m.top, innerHeight, 'right', name === 'right-top' ? 'a' : name === 'right-middle' ? 'b' : 'c');
      return { x: width - m.right, y, width: m.right, height: h };
    }
  }
}

/** A margin box's children from its `content`: text (strings, page counters, `string()`) and running elements. */
function contentBoxes(items: readonly ContentItem[], style: ComputedStyle, page: number, pages: number, assignments: PageAssignments): Box[] {
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
      text += formatCounter(value, item.style);
    } else if (item.type === 'string-ref') text += assignments.string(item.name, item.policy, page);
    else if (item.type === 'element') {
      const running = assignments.element(item.name, item.policy, page);
      if (running) {
        flush();
        boxes.push(running);
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

/** Lays out every page's margin boxes; returns them per page. */
export function layoutMarginBoxes(
  pages: readonly PageFragment[], sheets: readonly Stylesheet[], styles: MarginStyles, rootStyle: ComputedStyle, ctx: LayoutContext,
): BoxFragment[][] {
  if (!sheets.some((sheet) => sheet.pageRules.some((rule) => rule.marginBoxes.length > 0))) return pages.map(() => []);
  const assignments = new PageAssignments(pages);
  return pages.map((page, index) => {
    const byName = new Map<MarginBoxName, Declaration[]>();
    for (const rule of matchingPageRules(sheets, index, page.name)) {
      for (const box of rule.marginBoxes) byName.set(box.name, [...(byName.get(box.name) ?? []), ...box.declarations]);
    }
    const styled = new Map<MarginBoxName, ComputedStyle>();
    for (const [name, declarations] of byName) {
      const style = styles.computeDeclarations(declarations, rootStyle);
      if (Array.isArray(style.content)) styled.set(name, style);
    }
    const present = new Set(styled.keys());
    const width = page.width / page.scale;
    const height = page.height / page.scale;
    const fragments: BoxFragment[] = [];
    for (const [name, specified] of styled) {
      const style: ComputedStyle = specified.textAlign === 'start' ? { ...specified, textAlign: DEFAULT_ALIGN[name] } : specified;
      const children = contentBoxes(style.content as readonly ContentItem[], style, index, pages.length, assignments);
      const rect = marginRect(name, page, width, height, present);
      const box = marginBlock(style, children, () => styles.computeDeclarations([], style));
      const result = layoutBlockLevel(box, ctx, {
        x: rect.x, y: rect.y, width: rect.width, bottom: UNPAGINATED, atPageTop: true, forcedWidth: rect.width,
      }, null, { pos: 0, neg: 0 }, null, true);
      const fragment = result.fragment;
      if (!fragment) continue;
      // Top and bottom boxes centre their content vertically unless told otherwise.
      const va = style.verticalAlign;
      const slack = rect.height - fragment.height;
      const dy = va === 'top' ? 0 : va === 'bottom' ? slack : slack / 2;
      translate(fragment, 0, dy);
      fragments.push(fragment);
    }
    return fragments;
  });
}
