// A font face as layout measures it and the PDF backend embeds it: one parsed fontkit font,
// shared by both so that measured and painted widths agree.
import type { Font as FontkitFont } from 'fontkit';
import type { FontFeatures } from './features.js';

export interface LoadedFont {
  /** Stable key for the face (used as the PDF font name and in caches). */
  readonly key: string;
  /** The parsed fontkit font; parsed once per process for bundled faces. */
  readonly fontkit: FontkitFont;
  /** Metrics in em (font units / unitsPerEm); descent is positive downwards. */
  readonly ascent: number;
  readonly descent: number;
  readonly lineGap: number;
  readonly xHeight: number;
  readonly capHeight: number;
  readonly underlinePosition: number; // em, negative = below baseline
  readonly underlineThickness: number; // em
  /** Advance width of `text` at `sizePx`, in px, with the same shaping the PDF backend uses. */
  measure(text: string, sizePx: number): number;
  /** Whether the face has a glyph for this code point. */
  hasGlyph(codePoint: number): boolean;
  /** True when a bold or italic was requested but the face lacks it (painted with a fake stroke/skew). */
  readonly syntheticBold: boolean;
  readonly syntheticItalic: boolean;
  /** The OpenType features its text is shaped with, when a style sets any (null or absent: the defaults). */
  readonly features?: FontFeatures | null;
}

export interface FontQuery {
  readonly families: readonly string[];
  readonly weight: number;
  readonly style: 'normal' | 'italic' | 'oblique';
  /** The text's language (lower-cased `lang`), which picks among the CJK fallback faces; '' or absent when unknown. */
  readonly lang?: string;
  /** The style's OpenType feature settings (`font-kerning`, `font-variant-ligatures`, `font-feature-settings`); null for the defaults. */
  readonly features?: FontFeatures | null;
}

/** A run of text and the face that covers it. */
export interface FontRun {
  readonly text: string;
  readonly font: LoadedFont;
  /** Set when no face has the run's characters: it shows the font's .notdef glyphs, and its text only through ActualText. */
  readonly missing?: true;
}

export interface FontSelector {
  /** The primary face for a query (first family that matches, else the generic fallback). */
  primary(query: FontQuery): LoadedFont;
  /** Split `text` into runs, each in the first face of the query (then fallbacks) that has its glyphs. */
  runs(text: string, query: FontQuery): FontRun[];
  /** The face of `text`'s only run when the query's first face has all its glyphs (most text), else null. */
  soleFace(text: string, query: FontQuery): LoadedFont | null;
  /** The characters met so far that no face has (shown as .notdef), in the order first met. */
  missingCharacters(): readonly number[];
}
