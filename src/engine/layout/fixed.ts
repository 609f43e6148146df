// position: fixed boxes repeated on every page, as Chromium prints them: a box with a top or
// bottom offset is on every page; one placed by its static position is on every page from the
// one where it occurs, at the same place on the page. Form controls inside them are printed on
// the first of those pages only.
import type { Box } from '../boxes/types.js';
import { hasTransform } from '../css/values/transform.js';
import type { LayoutContext } from './context.js';
import { anchorShift, type AnchoredPosition } from './static-anchors.js';
import type { BoxFragment, Fragment, PageFragment } from './fragments.js';

/** The elements Chromium paints as form controls: in a repeated fixed box, on its first page only. */
const FORM_CONTROLS: ReadonlySet<string> = new Set(['input', 'select', 'textarea', 'button']);

export interface FixedEntry {
  readonly box: Box;
  readonly staticX: number;
  readonly staticY: number;
}

interface Occurrence extends AnchoredPosition {
  readonly x: number;
  readonly y: number;
  readonly page: number;
}

/** The fixed boxes of one pagination. */
export class FixedBoxes {
  private page = 0;
  private readonly seen = new Map<Box, Occurrence>();
  /** The first page each box was printed on. */
  private readonly firstPrinted = new Map<Box, number>();

  constructor(readonly root: Box, private readonly boxes: readonly Box[]) {}

  /** Whether `box` is one of them (a fixed box inside a transformed one is not: that box contains it). */
  tracks(box: Box): boolean {
    return this.boxes.includes(box);
  }

  startPage(index: number): void {
    this.page = index;
  }

  /**
   * Where the flow met a fixed box (its static position) and on which page. The last time counts:
   * content laid out on a page and then pushed whole to the next meets the box again there.
   */
  occurs(box: Box, x: number, y: number): AnchoredPosition {
    const occurrence: Occurrence = { x, y, page: this.page };
    this.seen.set(box, occurrence);
    return occurrence;
  }

  /**
   * A fixed box laid out on the current page, as printed there: on pages after the first it is
   * printed on, without its form controls (the room they take stays empty), as Chromium prints
   * it.
   */
  printed(box: Box, fragment: BoxFragment): BoxFragment {
    const first = Math.min(this.firstPrinted.get(box) ?? this.page, this.page);
    this.firstPrinted.set(box, first);
    if (this.page > first) dropFormControls(fragment.children);
    return fragment;
  }

  /** Takes static-position boxes off the pages before the one where they finally occur. */
  finish(pages: readonly PageFragment[]): void {
    for (const [box, at] of this.seen) {
      if (hasVerticalOffset(box)) continue;
      for (let index = 0; index < at.page && index < pages.length; index++) {
        const children = pages[index].root?.children;
        if (!children) continue;
        for (let i = children.length - 1; i >= 0; i--) {
          const child = children[i];
          if (child.kind === 'box' && child.box === box) children.splice(i, 1);
        }
      }
    }
  }

  /** The fixed boxes of the current page, in document order; `area` is the page area's origin. */
  entries(area: { readonly x: number; readonly y: number }): FixedEntry[] {
    const out: FixedEntry[] = [];
    for (const box of this.boxes) {
      const at = this.seen.get(box);
      const { dx, dy } = at === undefined ? { dx: 0, dy: 0 } : anchorShift(at);
      if (hasVerticalOffset(box)) out.push({ box, staticX: at ? at.x + dx : area.x, staticY: at ? at.y + dy : area.y });
      else if (at && at.page <= this.page) out.push({ box, staticX: at.x + dx, staticY: at.y + dy });
    }
    return out;
  }
}

function dropFormControls(children: Fragment[]): void {
  for (let i = children.length - 1; i >= 0; i--) {
    const child = children[i];
    if (child.kind === 'text') continue;
    const element = 'box' in child ? child.box.element : null;
    if (element && FORM_CONTROLS.has(element.name)) children.splice(i, 1);
    else if ('children' in child) dropFormControls(child.children);
  }
}

function hasVerticalOffset(box: Box): boolean {
  return box.style.top !== 'auto' || box.style.bottom !== 'auto';
}

const tracked = new WeakMap<LayoutContext, FixedBoxes>();

/** Starts a pagination of `root`: finds its fixed boxes; returns null (and tracks nothing) when there are none. */
export function trackFixedBoxes(ctx: LayoutContext, root: Box): FixedBoxes | null {
  const boxes: Box[] = [];
  collectFixed(root, boxes);
  if (boxes.length === 0) {
    tracked.delete(ctx);
    return null;
  }
  const fixed = new FixedBoxes(root, boxes);
  tracked.set(ctx, fixed);
  return fixed;
}

export function untrackFixedBoxes(ctx: LayoutContext): void {
  tracked.delete(ctx);
}

/** The fixed boxes of the pagination under way, if it repeats them. */
export function fixedBoxesOf(ctx: LayoutContext): FixedBoxes | null {
  return tracked.get(ctx) ?? null;
}

function collectFixed(box: Box, out: Box[]): void {
  switch (box.kind) {
    case 'text':
    case 'line-break':
      // Text shares its parent's style: it is not a fixed box of its own.
      return;
    default:
      if (box.style.position === 'fixed') out.push(box);
      // A transformed box is the containing block of its fixed descendants: they do not repeat (decision 0155).
      if (hasTransform(box.style)) return;
  }
  switch (box.kind) {
    case 'table':
      for (const caption of box.captions) collectFixed(caption, out);
      for (const group of box.rowGroups) collectFixed(group, out);
      return;
    case 'table-row-group':
      for (const row of box.rows) collectFixed(row, out);
      return;
    case 'table-row':
      for (const cell of box.cells) collectFixed(cell, out);
      return;
    case 'table-cell':
      collectFixed(box.content, out);
      return;
    case 'block':
    case 'inline':
    case 'flex':
    case 'grid':
      for (const child of box.children) collectFixed(child, out);
      return;
    default:
  }
}
