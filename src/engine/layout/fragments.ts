// Layout output: positioned fragments of boxes on one page, in page px, y down.
import type { Box, InlineBox, ReplacedBox, SymbolKind, TextDecoration } from '../boxes/types.js';
import type { BorderStyle, Color, ComputedStyle } from '../css/types.js';
import type { LoadedFont } from '../fonts/types.js';

export interface Edges {
  readonly top: number;
  readonly right: number;
  readonly bottom: number;
  readonly left: number;
}

export const NO_EDGES: Edges = { top: 0, right: 0, bottom: 0, left: 0 };

/**
 * `edges` with some sides replaced: the same object when nothing changes and NO_EDGES when every
 * side is 0, so the fragments of a page share their edges instead of holding a copy each.
 */
export function edgesWith(edges: Edges, sides: Partial<Edges>): Edges {
  const top = sides.top ?? edges.top;
  const right = sides.right ?? edges.right;
  const bottom = sides.bottom ?? edges.bottom;
  const left = sides.left ?? edges.left;
  if (top === edges.top && right === edges.right && bottom === edges.bottom && left === edges.left) return edges;
  if (top === 0 && right === 0 && bottom === 0 && left === 0) return NO_EDGES;
  return { top, right, bottom, left };
}

/** A block-level or atomic box fragment; x/y/width/height is its border box. */
/**
 * A piece of a line inside inline boxes with an opacity below 1, those boxes outermost first: it is
 * painted inside one group per box, as Chromium composites an inline box with opacity (paint/stacking.ts).
 */
export interface Faded {
  readonly faded?: readonly InlineBox[];
}

export interface BoxFragment extends Faded {
  readonly kind: 'box';
  readonly box: Box;
  readonly style: ComputedStyle;
  x: number;
  y: number;
  readonly width: number;
  height: number;
  readonly border: Edges;
  readonly padding: Edges;
  /** Whether this fragment holds the box's top / bottom edge (false where the box was split across pages). */
  readonly hasTop: boolean;
  hasBottom: boolean;
  readonly children: Fragment[];
  /** A table in the collapsing border model: its cells' borders, painted once after its content. */
  collapsedBorders?: readonly BorderSegment[];
  /** A table row: the column and row-group backgrounds under it, painted before its own, behind its cells only. */
  underlays?: readonly Underlay[];
}

/** A background of a table column or row group, as the strip of it under one row: `dx` from the row's x, the row's height. */
export interface Underlay {
  readonly style: ComputedStyle;
  readonly dx: number;
  readonly width: number;
}

/** One collapsed table border, as the rectangle it covers. */
export interface BorderSegment {
  x: number;
  y: number;
  width: number;
  height: number;
  readonly style: BorderStyle;
  readonly color: Color;
  /** Whether it runs along a row edge (dashes run along its width) or a column edge. */
  readonly horizontal: boolean;
}

export interface LineFragment {
  readonly kind: 'line';
  x: number;
  y: number;
  readonly width: number;
  readonly height: number;
  readonly baseline: number; // absolute y
  readonly children: Fragment[];
  /** Absolutely positioned boxes met on the line, with their static positions from the line's top-left (layout/inline.ts). */
  readonly absolutes?: readonly { readonly box: Box; readonly dx: number; readonly dy: number; readonly cb?: InlineBox }[];
}

export interface TextFragment extends Faded {
  readonly kind: 'text';
  x: number;
  baseline: number;
  readonly width: number;
  readonly text: string;
  readonly font: LoadedFont;
  readonly size: number;
  readonly style: ComputedStyle;
  readonly wordSpacing: number;
  readonly decorations: readonly TextDecoration[];
  /** Right-to-left text (an odd bidi level), in logical order: its chunks are painted in reverse order, each shaped right to left (brackets mirrored). */
  readonly rightToLeft?: boolean;
  /** A disc, circle or square list marker, painted as a shape instead of its text (as Chromium paints it). */
  readonly symbol?: MarkerSymbol;
  /** What the text is as written when it differs from what is shown (synthesized small caps), for copying and search. */
  readonly actualText?: string;
  /**
   * Text directly inside an inline box with a top border or padding: how far above the text's
   * baseline that box's border box starts (its font's ascent in whole px, border and padding).
   * Chromium paints such text from that top rounded to a whole pixel (paint/text-snap.ts).
   */
  readonly boxTop?: number;
  /**
   * Text in a vertical line (layout/vertical-flow.ts): `x` is then the line's central baseline,
   * `baseline` the y where the text starts and `width` its length down the page.
   */
  readonly vertical?: VerticalText;
}

/** How a piece of vertical text stands: its characters' orientation, or one upright box of horizontal text (tate-chu-yoko). */
export interface VerticalText {
  readonly orientation: 'mixed' | 'upright' | 'sideways';
  /** Tate-chu-yoko: this text set horizontally in the fragment's 1em cell. */
  readonly combined?: string;
}

/** A symbol marker's square, offset from its text fragment's start and baseline. */
export interface MarkerSymbol {
  readonly kind: SymbolKind;
  readonly dx: number;
  readonly dy: number;
  readonly size: number;
}

/** The piece of an inline box on one line: its decorations span x..x+width. */
export interface InlineFragment extends Faded {
  readonly kind: 'inline';
  readonly box: InlineBox;
  x: number;
  y: number;
  readonly width: number;
  readonly height: number;
  readonly border: Edges;
  readonly padding: Edges;
  readonly hasStart: boolean;
  readonly hasEnd: boolean;
}

export interface ReplacedFragment extends Faded {
  readonly kind: 'replaced';
  readonly box: ReplacedBox;
  x: number;
  y: number;
  readonly width: number; // border box
  readonly height: number;
  readonly border: Edges;
  readonly padding: Edges;
}

export type Fragment = BoxFragment | LineFragment | TextFragment | InlineFragment | ReplacedFragment;

/** Moves a fragment and everything in it. */
export function translate(fragment: Fragment, dx: number, dy: number): void {
  if (dx === 0 && dy === 0) return;
  switch (fragment.kind) {
    case 'text':
      fragment.x += dx;
      fragment.baseline += dy;
      return;
    case 'line':
      fragment.x += dx;
      fragment.y += dy;
      (fragment as { baseline: number }).baseline += dy;
      for (const child of fragment.children) translate(child, dx, dy);
      return;
    case 'box':
      fragment.x += dx;
      fragment.y += dy;
      for (const child of fragment.children) translate(child, dx, dy);
      if (fragment.collapsedBorders) {
        for (const segment of fragment.collapsedBorders) {
          segment.x += dx;
          segment.y += dy;
        }
      }
      return;
    default:
      fragment.x += dx;
      fragment.y += dy;
  }
}

export interface PageFragment {
  /** The page's size in px; layout ran on a page `1 / scale` times larger when content was too wide. */
  readonly width: number;
  readonly height: number;
  readonly scale: number;
  readonly margins: Edges;
  /** On a shrunk page (scale < 1), its margins on the paper: its margin boxes are laid out there, unscaled, as Chromium prints them. */
  readonly paperMargins?: Edges;
  /** The root's `zoom`, when not 1: margin boxes are laid out and painted at it, as Chromium zooms them with the root (decision 0398). */
  readonly marginZoom?: number;
  readonly root: BoxFragment | null;
  /** The style whose background belongs to the canvas (root, else body), not to its own box. */
  readonly canvas: ComputedStyle | null;
  /** The @page margin boxes (headers, footers), filled in once the page count is known. */
  readonly marginBoxes: BoxFragment[];
  /** The page's name (named pages) and its own background colour. */
  readonly name: string | null;
  readonly background: Color | null;
  /** The page box's style when `@page` gives it background images (layout/page.ts). */
  readonly backgroundImages?: ComputedStyle | null;
  /** A page left empty by a left or right break (`@page :blank`); it holds no content. */
  readonly blank?: boolean;
  /** `@page { border; padding }`: the page box's border, drawn inside its margins, around its padding and page area. */
  readonly frame?: PageFrame;
}

/** The page box's border and padding (widths in paper px), and the style its border is drawn with. */
export interface PageFrame {
  /** Border and padding widths together: how far the page area sits inside the page box's margins. */
  readonly inset: Edges;
  readonly style: ComputedStyle;
}

/** A deep copy of `fragment`, to place the same content again elsewhere (on another page). */
export function cloneFragment(fragment: Fragment): Fragment {
  switch (fragment.kind) {
    case 'box': {
      const copy: BoxFragment = { ...fragment, children: fragment.children.map(cloneFragment) };
      if (fragment.collapsedBorders) copy.collapsedBorders = fragment.collapsedBorders.map((segment) => ({ ...segment }));
      return copy;
    }
    case 'line': return { ...fragment, children: fragment.children.map(cloneFragment) };
    default: return { ...fragment };
  }
}
