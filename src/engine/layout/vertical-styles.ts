// Vertical writing laid out as horizontal lines (decision 0290): the boxes of a vertical flow get
// logical styles, their physical sides turned into the sides of a horizontal frame (block-start
// on top, inline-start on the left), while layout runs; vertical-flow.ts turns the fragments back.
import type { BlockBox, Box, TextBox } from '../boxes/types.js';
import type { ComputedStyle } from '../css/types.js';

export type WritingMode = ComputedStyle['writingMode'];

export function isVertical(mode: WritingMode): boolean {
  return mode !== 'horizontal-tb';
}

/**
 * The writing mode pages are laid out in: the root's, or its body's when they differ, as CSS
 * Writing Modes 3 §8 has the body's propagate to the root (and Chromium does).
 */
export function principalWritingMode(root: BlockBox): WritingMode {
  const body = root.children.find((child) => child.element?.name === 'body');
  return body?.style.writingMode ?? root.style.writingMode;
}

type Side = 'Top' | 'Right' | 'Bottom' | 'Left';
/** For each logical side (top, right, bottom, left), the physical side it stands for. */
const SIDES: Record<'vertical-rl' | 'vertical-lr', readonly [Side, Side, Side, Side]> = {
  'vertical-rl': ['Right', 'Bottom', 'Left', 'Top'],
  'vertical-lr': ['Left', 'Bottom', 'Right', 'Top'],
};

const logicalOf = new WeakMap<ComputedStyle, ComputedStyle>();
const physicalOf = new WeakMap<ComputedStyle, ComputedStyle>();

/** A vertical box's style in the horizontal frame layout runs in: widths as heights, sides turned. */
export function logicalStyle(style: ComputedStyle, mode: 'vertical-rl' | 'vertical-lr'): ComputedStyle {
  const known = logicalOf.get(style);
  if (known !== undefined) return known;
  const [top, right, bottom, left] = SIDES[mode];
  const lower = (side: Side) => side.toLowerCase() as 'top' | 'right' | 'bottom' | 'left';
  const logical: ComputedStyle = {
    ...style,
    writingMode: mode,
    width: style.height, height: style.width, minWidth: style.minHeight, minHeight: style.minWidth,
    maxWidth: style.maxHeight, maxHeight: style.maxWidth, widthKeyword: null, minWidthKeyword: null, maxWidthKeyword: null,
    marginQuirk: 0,
    // Vertical lines advance by the faces' vertical metrics, which no horizontal kerning changes (Chromium shapes them with `vkrn`, not `kern`).
    fontKerning: 'none',
    marginTop: style[`margin${top}`], marginRight: style[`margin${right}`], marginBottom: style[`margin${bottom}`], marginLeft: style[`margin${left}`],
    paddingTop: style[`padding${top}`], paddingRight: style[`padding${right}`], paddingBottom: style[`padding${bottom}`], paddingLeft: style[`padding${left}`],
    borderTop: style[`border${top}`], borderRight: style[`border${right}`], borderBottom: style[`border${bottom}`], borderLeft: style[`border${left}`],
    top: style[lower(top)], right: style[lower(right)], bottom: style[lower(bottom)], left: style[lower(left)],
  };
  logicalOf.set(style, logical);
  physicalOf.set(logical, style);
  return logical;
}

/** The style a logical style was made from (itself for any other). */
export function physicalStyle(style: ComputedStyle): ComputedStyle {
  return physicalOf.get(style) ?? style;
}

/** The text a tate-chu-yoko cell stands for, by the cell's own style (each cell has one). */
const combinedText = new WeakMap<ComputedStyle, string>();

/** The horizontal text set upright in one cell where a fragment shows a tate-chu-yoko placeholder. */
export function combinedTextOf(style: ComputedStyle): string | undefined {
  return combinedText.get(style);
}

/** What layout measures a tate-chu-yoko cell as: one ideographic space, an em long in CJK faces. */
const CELL = '\u3000';

/** What enterLogical changed on one box, to change back. */
interface Change {
  readonly box: { style: ComputedStyle; text?: string };
  readonly style: ComputedStyle;
  readonly text?: string;
}

/** Horizontal blocks met inside a vertical flow being laid out, with that flow's mode (layout/vertical-orthogonal.ts lays them out). */
const turnedBack = new Map<Box, 'vertical-rl' | 'vertical-lr'>();

/** The vertical flow's mode when `box` is a horizontal block inside one being laid out. */
export function horizontalInVertical(box: Box): 'vertical-rl' | 'vertical-lr' | undefined {
  return turnedBack.get(box);
}

/** Whether a style is a logical one made by logicalStyle (its box is in a vertical flow being laid out). */
export function isLogical(style: ComputedStyle): boolean {
  return physicalOf.has(style);
}

/**
 * Gives the boxes of a vertical flow rooted at `root` their logical styles (the root in `mode`
 * whatever its own style says: the body's mode propagates to it), tate-chu-yoko text its cell;
 * a horizontal block inside keeps its own styles (an orthogonal flow, laid out in its own mode).
 * Returns what puts everything back.
 */
export function enterLogical(root: Box, mode: 'vertical-rl' | 'vertical-lr'): () => void {
  const changes: Change[] = [];
  // Per call, not per module: a module-level map keyed by boxes would keep every document alive (decision 0140).
  const cellStyles = new Map<TextBox, ComputedStyle>();
  const orthogonal: Box[] = [];
  const visit = (box: Box, isRoot: boolean): void => {
    const style = box.style;
    // A box met twice (a ::first-line variant shares its children) is changed once.
    if (physicalOf.has(style)) return;
    if (!isRoot && box.kind === 'block' && box.level === 'block' && style.writingMode === 'horizontal-tb') {
      orthogonal.push(box);
      turnedBack.set(box, mode);
      return;
    }
    const mutable = box as unknown as { style: ComputedStyle; text?: string };
    if (box.kind === 'text' && style.textCombineUpright === 'all' && box.text.trim() !== '') {
      let cell = cellStyles.get(box);
      if (cell === undefined) {
        cell = { ...logicalStyle(style, mode) };
        physicalOf.set(cell, style);
        cellStyles.set(box, cell);
      }
      combinedText.set(cell, box.text.trim());
      changes.push({ box: mutable, style, text: box.text });
      mutable.style = cell;
      mutable.text = CELL;
    } else {
      changes.push({ box: mutable, style });
      mutable.style = logicalStyle(style, mode);
    }
    for (const child of childBoxes(box)) visit(child, false);
  };
  visit(root, true);
  return () => {
    for (const box of orthogonal) turnedBack.delete(box);
    for (let i = changes.length - 1; i >= 0; i--) {
      const { box, style, text } = changes[i];
      box.style = style;
      if (text !== undefined) box.text = text;
    }
  };
}

export function childBoxes(box: Box): readonly Box[] {
  switch (box.kind) {
    case 'block': {
      const extra: Box[] = [];
      if (box.marker) extra.push(box.marker);
      if (box.firstLine) extra.push(...box.firstLine);
      return extra.length > 0 ? [...box.children, ...extra] : box.children;
    }
    case 'inline':
    case 'flex':
    case 'grid':
      return box.children;
    case 'table':
      return [...box.captions, ...box.columns, ...box.rowGroups];
    case 'table-row-group':
      return box.rows;
    case 'table-row':
      return box.cells;
    case 'table-cell':
      return [box.content];
    default:
      return box.running ? [box.running] : [];
  }
}
