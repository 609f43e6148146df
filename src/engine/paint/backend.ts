// The small drawing surface paint/ speaks to; pdf/ implements it with pdfkit, tests with a spy.
// Coordinates are CSS px from the page's top-left corner, y downwards.
import type { Color } from '../css/types.js';
import type { LoadedFont } from '../fonts/types.js';
import type { ImageResource } from '../images/types.js';

export type PathCommand =
  | { readonly op: 'move'; readonly x: number; readonly y: number }
  | { readonly op: 'line'; readonly x: number; readonly y: number }
  | { readonly op: 'curve'; readonly x1: number; readonly y1: number; readonly x2: number; readonly y2: number; readonly x: number; readonly y: number }
  | { readonly op: 'close' };

export interface StrokeStyle {
  readonly width: number;
  readonly color: Color;
  /** Dash pattern in px ([] = solid). */
  readonly dash: readonly number[];
  readonly lineCap: 'butt' | 'round' | 'square';
}

export interface TextRun {
  /** Left edge of the run and its baseline. */
  readonly x: number;
  readonly y: number;
  readonly text: string;
  readonly font: LoadedFont;
  readonly size: number;
  readonly color: Color;
  /** Extra px after every character (CSS letter-spacing). */
  readonly letterSpacing: number;
  /** Extra px added to each U+0020 space (CSS word-spacing plus justification). */
  readonly wordSpacing: number;
  /** Right-to-left text, in logical order: painted from its last chunk to its first, each shaped right to left. */
  readonly rightToLeft?: boolean;
  /**
   * The x range a clip leaves visible, when the run reaches outside it: glyphs wholly outside are
   * left out (the pen moves past them), as Chromium leaves out what a clip hides. With `top` and
   * `bottom`, the y range too, when the run crosses a clip's top or bottom edge: a glyph whose ink
   * lies wholly above or below it is left out.
   */
  readonly visible?: { readonly left: number; readonly right: number; readonly top?: number; readonly bottom?: number };
  /** The text as written, when `text` shows it otherwise (small caps): what copying and search get. */
  readonly actualText?: string;
}

/** A smooth gradient, in the px space of the page: its colours at offsets 0 to 1, held past both ends. */
export interface SmoothGradient {
  /** Axial: from (x0, y0) to (x1, y1). Radial: a unit circle at (0, 0) the matrix maps onto the ellipse. */
  readonly kind: 'axial' | 'radial';
  readonly coords: readonly [number, number, number, number];
  /** For radial gradients: the affine matrix [a, b, c, d, e, f] taking the unit circle to the ellipse. */
  readonly matrix?: readonly [number, number, number, number, number, number];
  /** Offsets from 0 to 1, non-decreasing; colours and alphas interpolate apart (not premultiplied). */
  readonly stops: readonly { readonly offset: number; readonly color: Color }[];
}

export interface LinkTarget {
  /** An external URL, or an internal destination name (an element id). */
  readonly url?: string;
  readonly destination?: string;
}

export interface DocumentInfo {
  readonly title?: string;
  readonly author?: string;
  readonly subject?: string;
  readonly keywords?: string;
}

export interface OutlineEntry {
  readonly label: string;
  readonly level: number; // 1..6
  readonly page: number; // 0-based
  readonly y: number;
}

/** How a group is composited onto what is under it (CSS `mix-blend-mode`; PDF's blend modes, ISO 32000-1 §11.3.5). */
export type { BlendMode } from '../css/types.js';
import type { BlendMode } from '../css/types.js';

export interface PaintBackend {
  /** Starts a page of `width` by `height` px; with `scale`, everything painted on it is scaled by it (shrink-to-fit). */
  beginPage(width: number, height: number, scale?: number): void;
  save(): void;
  restore(): void;
  /** Multiplies the opacity of everything painted until the matching restore(). */
  setOpacity(opacity: number): void;
  /** Paints what follows, until endGroup(), as one layer composited with `opacity` (CSS opacity). */
  beginGroup(opacity: number, blend?: BlendMode): void;
  endGroup(): void;
  /** Concatenates the affine matrix [a, b, c, d, e, f] to the current transformation until the matching restore() (CSS transforms). */
  transform(matrix: readonly [number, number, number, number, number, number]): void;
  /** Intersects the clip with a path (nonzero winding). */
  clip(path: readonly PathCommand[]): void;
  /**
   * Intersects the clip with the glyph outlines of the runs, all together (`background-clip:
   * text`); their colours are not painted. The runs stay in the text layer (copying, search).
   */
  clipText(runs: readonly TextRun[]): void;
  fillPath(path: readonly PathCommand[], color: Color, rule?: 'nonzero' | 'evenodd'): void;
  /** Fills the path with a smooth gradient (a PDF shading); backends without it get bands of fillPath. */
  fillGradient?(path: readonly PathCommand[], gradient: SmoothGradient): void;
  strokePath(path: readonly PathCommand[], stroke: StrokeStyle): void;
  text(run: TextRun): void;
  /** Draws the image scaled into the rectangle. */
  image(image: ImageResource, x: number, y: number, width: number, height: number): void;
  link(x: number, y: number, width: number, height: number, target: LinkTarget): void;
  /** Registers an internal destination (the target of `#name` links) at a point on the current page. */
  destination(name: string, x: number, y: number): void;
}
