// Computed style: what the cascade hands to the box builder and layout, every value resolved
// as far as it can be without layout (lengths in CSS px; percentages kept for layout to resolve).
import type { FeatureSetting, FontKerning, VariantLigatures } from '../fonts/features.js';

/** A length in CSS px (1px = 0.75pt). */
export type Px = number;
/** A percentage, resolved by layout against the containing block. */
export interface Percent {
  readonly percent: number;
  /**
   * Added by the css part: px to add to the resolved percentage, for `calc(100% - 20px)`
   * (`{ percent: 100, px: -20 }`) and background positions like `right 10px`. Absent = 0.
   */
  readonly px?: number;
}
/** number = px. */
export type LengthPercentage = Px | Percent;
export type LengthPercentageAuto = LengthPercentage | 'auto';
/** An intrinsic size keyword of `width`, `min-width` or `max-width` (CSS Sizing 3 §3.2). */
export type IntrinsicSizeKeyword = 'min-content' | 'max-content' | 'fit-content';

/**
 * One transform function as the 2D matrix [a c e; b d f] (CSS `matrix(a, b, c, d, e, f)`); a
 * translation may be a percentage of the border box, resolved when painted.
 */
export interface TransformFunction {
  readonly a: number;
  readonly b: number;
  readonly c: number;
  readonly d: number;
  readonly e: LengthPercentage;
  readonly f: LengthPercentage;
}

export interface Color {
  readonly r: number; // 0..255
  readonly g: number;
  readonly b: number;
  readonly a: number; // 0..1
}

export type Display =
  | 'none' | 'contents' | 'block' | 'inline' | 'inline-block' | 'flow-root' | 'list-item'
  | 'table' | 'inline-table' | 'table-row-group' | 'table-header-group' | 'table-footer-group'
  | 'table-row' | 'table-cell' | 'table-column-group' | 'table-column' | 'table-caption'
  | 'flex' | 'inline-flex' | 'grid' | 'inline-grid';

export type BorderStyle =
  | 'none' | 'hidden' | 'solid' | 'dashed' | 'dotted' | 'double' | 'groove' | 'ridge' | 'inset' | 'outset';

export type BreakValue =
  | 'auto' | 'avoid' | 'avoid-page' | 'page' | 'left' | 'right' | 'recto' | 'verso' | 'column' | 'avoid-column';

export type WhiteSpace = 'normal' | 'pre' | 'pre-wrap' | 'pre-line' | 'nowrap' | 'break-spaces';

export type VerticalAlign =
  | 'baseline' | 'top' | 'middle' | 'bottom' | 'sub' | 'super' | 'text-top' | 'text-bottom'
  | LengthPercentage;

/** 'normal', an absolute height in px, or a factor of the font size (inherited as a factor). */
export type LineHeight = 'normal' | { readonly px: Px } | { readonly factor: number };

export interface BorderSide {
  readonly width: Px; // 0 when style is none or hidden
  readonly style: BorderStyle;
  readonly color: Color; // currentcolor already resolved
}

/** Horizontal and vertical radius of one corner. */
export type CornerRadius = readonly [LengthPercentage, LengthPercentage];

/** A `shape-outside` reference box (CSS Shapes 1 §4.1). */
export type ShapeBox = 'margin-box' | 'border-box' | 'padding-box' | 'content-box';
/** A circle's or ellipse's radius: a length, or a keyword measured from the centre to the reference box's sides. */
export type ShapeRadius = LengthPercentage | 'closest-side' | 'farthest-side';
/** A `<basic-shape>` of `shape-outside`, lengths kept for layout to resolve against the reference box. */
export type BasicShape =
  | { readonly kind: 'circle'; readonly radius: ShapeRadius; readonly at: readonly [LengthPercentage, LengthPercentage] }
  | { readonly kind: 'ellipse'; readonly rx: ShapeRadius; readonly ry: ShapeRadius; readonly at: readonly [LengthPercentage, LengthPercentage] }
  | {
      readonly kind: 'inset';
      /** Top, right, bottom, left. */
      readonly insets: readonly [LengthPercentage, LengthPercentage, LengthPercentage, LengthPercentage];
      /** Top-left, top-right, bottom-right, bottom-left. */
      readonly radii: readonly [CornerRadius, CornerRadius, CornerRadius, CornerRadius];
    }
  | { readonly kind: 'polygon'; readonly fill: 'nonzero' | 'evenodd'; readonly points: readonly (readonly [LengthPercentage, LengthPercentage])[] };
/** `shape-outside` other than `none`: a basic shape in a box, or the box alone (`shape` null). */
export interface ShapeOutside {
  readonly shape: BasicShape | null;
  readonly box: ShapeBox;
}

export type Image =
  | { readonly kind: 'url'; readonly url: string }
  | {
      readonly kind: 'linear-gradient';
      readonly angleDeg: number;
      readonly stops: readonly { readonly color: Color; readonly position: LengthPercentage | null }[];
      readonly repeating: boolean;
    }
  | {
      readonly kind: 'radial-gradient';
      readonly stops: readonly { readonly color: Color; readonly position: LengthPercentage | null }[];
      readonly repeating: boolean;
      readonly shape: 'circle' | 'ellipse';
      /** An extent keyword, or the radii (x, y; a circle's are one length twice). */
      readonly size: RadialExtent | readonly [LengthPercentage, LengthPercentage];
      /** The centre, as offsets from the gradient box's top-left corner. */
      readonly position: readonly [LengthPercentage, LengthPercentage];
    }
  | {
      readonly kind: 'conic-gradient';
      /** Where the turn starts, in degrees clockwise from straight up. */
      readonly fromDeg: number;
      /** Positions as percentages of the turn (an angle of 90deg is 25%). */
      readonly stops: readonly { readonly color: Color; readonly position: LengthPercentage | null }[];
      readonly repeating: boolean;
      /** The centre, as offsets from the gradient box's top-left corner. */
      readonly position: readonly [LengthPercentage, LengthPercentage];
    };

/** `mix-blend-mode` (CSS Compositing 1): PDF's blend modes by their CSS names. */
export type BlendMode =
  | 'normal' | 'multiply' | 'screen' | 'overlay' | 'darken' | 'lighten' | 'color-dodge' | 'color-burn'
  | 'hard-light' | 'soft-light' | 'difference' | 'exclusion' | 'hue' | 'saturation' | 'color' | 'luminosity';

export type RadialExtent = 'closest-side' | 'closest-corner' | 'farthest-side' | 'farthest-corner';

export type BackgroundSize =
  | 'cover' | 'contain'
  | readonly [LengthPercentageAuto, LengthPercentageAuto];
export type BackgroundRepeat = 'repeat' | 'no-repeat' | 'repeat-x' | 'repeat-y' | 'space' | 'round';
export type BoxArea = 'border-box' | 'padding-box' | 'content-box';
/** A background's painting area: a box area, or the glyphs of the box's text (`background-clip: text`). */
export type BackgroundClip = BoxArea | 'text';

export type BorderImageRepeat = 'stretch' | 'repeat' | 'round' | 'space';

/** `border-image-slice`: offsets (top, right, bottom, left) in image pixels or percentages of the image's size, and `fill`. */
export interface BorderImageSlice {
  readonly offsets: readonly [number | { readonly percent: number }, number | { readonly percent: number }, number | { readonly percent: number }, number | { readonly percent: number }];
  readonly fill: boolean;
}

/** A `border-image-width` or `-outset` side: a factor of the border width, px, a percentage of the border image area (widths), or auto (the slice). */
export type BorderImageWidth = { readonly factor: number } | LengthPercentage | 'auto';

export interface BackgroundLayer {
  readonly image: Image;
  readonly size: BackgroundSize;
  /** Offsets from the left/top of the positioning area (percent = CSS percentage semantics). */
  readonly position: readonly [LengthPercentage, LengthPercentage];
  readonly repeat: readonly [BackgroundRepeat, BackgroundRepeat]; // x, y
  readonly origin: BoxArea;
  readonly clip: BackgroundClip;
}

/** `clip: rect()` sides as offsets from the border box's top-left corner; null is `auto` (that edge). */
export interface ClipRect {
  readonly top: number | null;
  readonly right: number | null;
  readonly bottom: number | null;
  readonly left: number | null;
}

export interface BoxShadow {
  readonly inset: boolean;
  readonly offsetX: Px;
  readonly offsetY: Px;
  readonly blur: Px;
  readonly spread: Px;
  readonly color: Color;
}

/** A counter-style name, a literal marker, or an anonymous style from `symbols()`. */
export type ListStyleType = string | { readonly string: string } | AnonymousCounterStyle;

/** `symbols(<type> <string>+)`: a counter style with these symbols, no prefix and a space for suffix. */
export interface AnonymousCounterStyle {
  readonly system: 'cyclic' | 'numeric' | 'alphabetic' | 'symbolic' | 'fixed';
  readonly symbols: readonly string[];
}

export type ContentItem =
  | { readonly type: 'string'; readonly value: string }
  | { readonly type: 'attr'; readonly name: string }
  | { readonly type: 'counter'; readonly name: string; readonly style: ListStyleType }
  | { readonly type: 'counters'; readonly name: string; readonly separator: string; readonly style: ListStyleType }
  | { readonly type: 'open-quote' | 'close-quote' | 'no-open-quote' | 'no-close-quote' }
  | { readonly type: 'url'; readonly url: string }
  // Paged media (engine part 2): kept parsed so the builder can grow into them.
  | { readonly type: 'element'; readonly name: string; readonly policy: PagePolicy }
  | { readonly type: 'string-ref'; readonly name: string; readonly policy: PagePolicy }
  | { readonly type: 'target-counter'; readonly url: ContentTarget; readonly name: string; readonly style: ListStyleType }
  | { readonly type: 'target-counters'; readonly url: ContentTarget; readonly name: string; readonly separator: string; readonly style: ListStyleType }
  | { readonly type: 'target-text'; readonly url: ContentTarget; readonly which?: 'content' | 'before' | 'after' | 'first-letter' }
  | { readonly type: 'leader'; readonly value: string }
  // Added by the css part: `content()` in string-set / bookmark-label (the element's text, or a pseudo's).
  | { readonly type: 'content'; readonly which: 'text' | 'before' | 'after' | 'first-letter' | 'marker' };

/** Which assignment of a running element or named string a page shows (GCPM 3 `element()`, `string()`). */
export type PagePolicy = 'first' | 'start' | 'last' | 'first-except';

export type ContentTarget = { readonly attr: string } | { readonly url: string };

export interface CounterChange {
  readonly name: string;
  readonly value: number;
}

export interface ComputedStyle {
  // Box generation and positioning
  readonly display: Display;
  readonly position: 'static' | 'relative' | 'absolute' | 'fixed' | 'sticky';
  /** An absolutely positioned box that was inline-level before it was blockified (its static position is on its line). */
  readonly originallyInline?: boolean;
  /** Set by `position: running(name)` (paged media). */
  readonly running: string | null;
  readonly top: LengthPercentageAuto;
  readonly right: LengthPercentageAuto;
  readonly bottom: LengthPercentageAuto;
  readonly left: LengthPercentageAuto;
  readonly float: 'none' | 'left' | 'right';
  readonly clear: 'none' | 'left' | 'right' | 'both';
  readonly zIndex: number | 'auto';
  readonly visibility: 'visible' | 'hidden' | 'collapse';
  readonly overflow: 'visible' | 'hidden' | 'clip' | 'scroll' | 'auto';
  /** `text-overflow` (layout/text-overflow.ts); a `<string>` is invalid, as in Chromium (decision 0317). */
  readonly textOverflow: 'clip' | 'ellipsis';
  /** Set by `display: -webkit-box` / `-webkit-inline-box` (shown as flex, or as a line-clamping block: decision 0318). */
  readonly webkitBox: boolean;
  /** `-webkit-box-orient`, which only a -webkit-box reads. */
  readonly boxOrient: 'horizontal' | 'vertical';
  /** The lines a box shows (`-webkit-line-clamp` on a vertical -webkit-box, layout/line-clamp.ts); null when it does not clamp. */
  readonly lineClamp: number | null;
  readonly boxSizing: 'content-box' | 'border-box';
  /** `container-type`: what size queries against the element may ask (and the containment that comes with it). */
  readonly containerType: 'normal' | 'inline-size' | 'size';
  /**
   * The containment the element has (CONTAIN_* flags of css/values/containment.ts): from `contain`,
   * and what `content-visibility` and `container-type` add.
   */
  readonly contain: number;
  /** `content-visibility`: auto and hidden contain the element's layout, style and paint. */
  readonly contentVisibility: 'visible' | 'auto' | 'hidden';
  /** `container-name`: the names @container rules may ask for it by. */
  readonly containerName: readonly string[];
  /** `zoom` as a factor (1 for normal); applied on the root and the body only (layout/page.ts pageZoom). */
  readonly zoom: number;
  /**
   * The zoom the element prints at: the root's `zoom` times the body's (inherited; zoom on other
   * elements is not applied). Border widths snap to whole pixels of the zoomed page (decision 0398).
   */
  readonly printZoom: number;
  /** `aspect-ratio`: null for `auto`; `auto` true for `auto && <ratio>` (a replaced element's natural ratio wins). */
  readonly aspectRatio: AspectRatio | null;
  /** null = `none`. */
  readonly shapeOutside: ShapeOutside | null;
  /** `clip-path`: a basic shape in a reference box, or the box alone; null for none. */
  readonly clipPath: ShapeOutside | null;
  readonly shapeMargin: LengthPercentage;

  // Box model
  readonly width: LengthPercentageAuto;
  readonly height: LengthPercentageAuto;
  readonly minWidth: LengthPercentageAuto;
  readonly minHeight: LengthPercentageAuto;
  readonly maxWidth: LengthPercentage | 'none';
  readonly maxHeight: LengthPercentage | 'none';
  /**
   * The intrinsic keyword `width`, `min-width` or `max-width` has, or null; the size itself then
   * computes to `auto` (`none` for max-width) and layout sizes the box from its content.
   */
  readonly widthKeyword: IntrinsicSizeKeyword | null;
  readonly minWidthKeyword: IntrinsicSizeKeyword | null;
  readonly maxWidthKeyword: IntrinsicSizeKeyword | null;
  readonly marginTop: LengthPercentageAuto;
  readonly marginRight: LengthPercentageAuto;
  readonly marginBottom: LengthPercentageAuto;
  readonly marginLeft: LengthPercentageAuto;
  /**
   * Bits (1 top, 2 bottom) set where the margin is one of the UA defaults Chromium marks quirky
   * (`1__qem`): in quirks mode it is ignored at the start and end of a table cell or the body.
   */
  readonly marginQuirk: number;
  readonly paddingTop: LengthPercentage;
  readonly paddingRight: LengthPercentage;
  readonly paddingBottom: LengthPercentage;
  readonly paddingLeft: LengthPercentage;
  readonly borderTop: BorderSide;
  readonly borderRight: BorderSide;
  readonly borderBottom: BorderSide;
  readonly borderLeft: BorderSide;
  readonly borderTopLeftRadius: CornerRadius;
  readonly borderTopRightRadius: CornerRadius;
  readonly borderBottomRightRadius: CornerRadius;
  readonly borderBottomLeftRadius: CornerRadius;
  readonly boxDecorationBreak: 'slice' | 'clone';
  /** `appearance` (and `-webkit-appearance`): `none` drops a form control's native look; every other value is `auto`. */
  readonly appearance: 'auto' | 'none';
  /** `resize`: whether a textarea shows its resize grip (`none` hides it). */
  readonly resize: 'none' | 'both' | 'horizontal' | 'vertical';

  // Fonts and text
  readonly color: Color;
  /** `-webkit-text-fill-color` (inherited): what fills the glyphs; null is currentcolor (the `color`). */
  readonly textFillColor: Color | null;
  readonly fontFamily: readonly string[]; // lower-cased family names and generic keywords
  /**
   * The font size as a multiple of the default (medium) size when it comes from a keyword (or from
   * em and % of one), else null: Chromium's default is 13px instead of 16px for `monospace` alone.
   */
  readonly fontSizeKeyword: number | null;
  /** Whether the size is a keyword's own (set or inherited), not one scaled by em or % (which keep fontSizeKeyword). */
  readonly fontSizeIsKeyword: boolean;
  readonly fontSize: Px;
  readonly fontWeight: number; // 100..900
  readonly fontStyle: 'normal' | 'italic' | 'oblique';
  readonly fontVariantCaps: 'normal' | 'small-caps' | 'all-small-caps' | 'petite-caps' | 'all-petite-caps' | 'unicase' | 'titling-caps';
  readonly fontKerning: FontKerning;
  readonly fontVariantLigatures: VariantLigatures;
  /** `font-variant-numeric`: its keywords in canonical order, or 'normal'. */
  readonly fontVariantNumeric: string;
  /** `font-feature-settings`; empty for `normal`. */
  readonly fontFeatureSettings: readonly FeatureSetting[];
  readonly lineHeight: LineHeight;
  /** The -webkit-* values come from HTML `align` attributes; tables reset them, as Chromium does. */
  readonly textAlign: 'left' | 'right' | 'center' | 'justify' | 'start' | 'end' | '-webkit-left' | '-webkit-center' | '-webkit-right';
  readonly textAlignLast: 'auto' | 'left' | 'right' | 'center' | 'justify' | 'start' | 'end';
  readonly textIndent: LengthPercentage;
  readonly textTransform: 'none' | 'uppercase' | 'lowercase' | 'capitalize';
  readonly textDecorationLine: { readonly underline: boolean; readonly overline: boolean; readonly lineThrough: boolean };
  readonly textDecorationColor: Color; // currentcolor resolved
  readonly textDecorationStyle: 'solid' | 'double' | 'dotted' | 'dashed' | 'wavy';
  /** `text-wrap-style`: how lines are chosen (`balance` evens out a short paragraph's lines). */
  readonly textWrapStyle: 'auto' | 'balance' | 'pretty' | 'stable';
  /** The decoration lines' thickness in px; null for `auto` and `from-font` (the font's). */
  readonly textDecorationThickness: number | null;
  /** How far below the alphabetic baseline an underline's top edge sits, in px; null for `auto`. */
  readonly textUnderlineOffset: number | null;
  /** Whether underlines and overlines leave gaps where they would cross glyphs (inherited). */
  readonly textDecorationSkipInk: 'auto' | 'none' | 'all';
  readonly letterSpacing: Px; // normal = 0
  readonly wordSpacing: Px; // normal = 0
  readonly whiteSpace: WhiteSpace;
  readonly verticalAlign: VerticalAlign;
  readonly overflowWrap: 'normal' | 'break-word' | 'anywhere';
  readonly wordBreak: 'normal' | 'break-all' | 'keep-all' | 'break-word';
  /** CSS Text 3 `line-break`: how strictly CJK punctuation and small kana keep off a line's start. */
  readonly lineBreak: 'auto' | 'loose' | 'normal' | 'strict' | 'anywhere';
  /** The element's language (its `lang` attribute, inherited), lower-cased; '' when unknown. */
  readonly lang: string;
  readonly hyphens: 'none' | 'manual' | 'auto';
  readonly tabSize: number;
  readonly direction: 'ltr' | 'rtl';
  /** CSS Writing Modes `writing-mode` (sideways-* read as vertical-*). */
  readonly writingMode: 'horizontal-tb' | 'vertical-rl' | 'vertical-lr';
  /** CSS Writing Modes `text-orientation`: how characters stand in vertical lines. */
  readonly textOrientation: 'mixed' | 'upright' | 'sideways';
  /** CSS Writing Modes `text-combine-upright`: 'all', or the longest run of digits set in one upright box (`digits N`). */
  readonly textCombineUpright: 'none' | 'all' | number;
  /** CSS Ruby `ruby-align`: how a ruby base or annotation narrower than its column is spread over it. */
  readonly rubyAlign: 'space-around' | 'space-between' | 'start' | 'center';
  /** CSS Ruby `ruby-position`: annotations over (right of, in vertical lines) or under (left of) their bases. */
  readonly rubyPosition: 'over' | 'under';
  readonly unicodeBidi: 'normal' | 'embed' | 'isolate' | 'bidi-override' | 'isolate-override' | 'plaintext';
  /**
   * The document's mode (set by the UA sheet of quirks and limited-quirks documents): the line-height
   * quirk applies in both, the table cell height quirk in quirks mode.
   */
  readonly quirksMode: 'no-quirks' | 'limited-quirks' | 'quirks';

  // Painting
  readonly backgroundColor: Color;
  readonly backgroundLayers: readonly BackgroundLayer[]; // first = top-most, as in CSS
  /** The bottom layer's background-clip, which clips the background colour (kept when no layer has an image). */
  readonly backgroundClip: BackgroundClip;
  /** `border-image-source`: drawn in place of the border styles when not null (paint/border-image.ts, decision 0399). */
  readonly borderImageSource: Image | null;
  readonly borderImageSlice: BorderImageSlice;
  readonly borderImageWidth: readonly [BorderImageWidth, BorderImageWidth, BorderImageWidth, BorderImageWidth];
  readonly borderImageOutset: readonly [BorderImageWidth, BorderImageWidth, BorderImageWidth, BorderImageWidth];
  /** Horizontal, then vertical. */
  readonly borderImageRepeat: readonly [BorderImageRepeat, BorderImageRepeat];
  readonly opacity: number;
  /** How the box, as one group, blends with what is under it. */
  readonly mixBlendMode: BlendMode;
  /** `filter`'s colour functions as one 4×5 colour matrix (paint/color-filter.ts); null for none. */
  readonly filter: readonly number[] | null;
  readonly boxShadow: readonly BoxShadow[];
  /** `text-shadow` (inherited), as shadows without `inset` or spread, the first painted on top. */
  readonly textShadow: readonly BoxShadow[];
  /** `clip` on absolutely positioned boxes; null is `auto`. */
  readonly clip: ClipRect | null;
  /** `transform` as its functions, each a 2D matrix applied in order; null = none. */
  readonly transform: readonly TransformFunction[] | null;
  /** The individual transform properties (CSS Transforms 2), applied in this order before `transform`; null = none. */
  readonly translate: TransformFunction | null;
  readonly rotate: TransformFunction | null;
  readonly scale: TransformFunction | null;
  /** The point `transform` is applied about, from the border box's top-left corner. */
  readonly transformOrigin: readonly [LengthPercentage, LengthPercentage];
  readonly objectFit: 'fill' | 'contain' | 'cover' | 'none' | 'scale-down';
  readonly objectPosition: readonly [LengthPercentage, LengthPercentage];

  // Lists and generated content
  readonly listStyleType: ListStyleType; // 'none' = no marker
  readonly listStylePosition: 'inside' | 'outside';
  readonly listStyleImage: string | null; // url
  readonly content: 'normal' | 'none' | readonly ContentItem[];
  readonly quotes: 'auto' | 'none' | readonly (readonly [string, string])[];
  readonly counterReset: readonly CounterChange[];
  readonly counterIncrement: readonly CounterChange[];
  readonly counterSet: readonly CounterChange[];

  // Fragmentation and paged media
  readonly breakBefore: BreakValue;
  readonly breakAfter: BreakValue;
  readonly breakInside: 'auto' | 'avoid' | 'avoid-page' | 'avoid-column';
  readonly orphans: number;
  readonly widows: number;
  readonly page: string | 'auto';
  readonly stringSet: readonly { readonly name: string; readonly content: readonly ContentItem[] }[];
  readonly bookmarkLevel: number | 'none';
  readonly bookmarkLabel: readonly ContentItem[] | null;

  // Tables (engine part 2)
  readonly borderCollapse: 'separate' | 'collapse';
  readonly borderSpacing: readonly [Px, Px];
  readonly captionSide: 'top' | 'bottom';
  /** The used color-scheme: dark when `color-scheme` names dark and not light (print prefers light). */
  readonly colorScheme: 'light' | 'dark';
  readonly emptyCells: 'show' | 'hide';
  readonly tableLayout: 'auto' | 'fixed';

  // Flexbox and grid (engine part 3); grid templates kept as raw text for that part to parse
  readonly flexDirection: 'row' | 'row-reverse' | 'column' | 'column-reverse';
  readonly flexWrap: 'nowrap' | 'wrap' | 'wrap-reverse';
  readonly flexGrow: number;
  readonly flexShrink: number;
  readonly flexBasis: LengthPercentageAuto | 'content';
  readonly order: number;
  readonly justifyContent: string;
  readonly alignItems: string;
  readonly alignSelf: string;
  readonly justifyItems: string;
  readonly justifySelf: string;
  readonly alignContent: string;
  readonly rowGap: LengthPercentage | 'normal'; // normal: 0, or a row subgrid's parent's gap
  readonly columnGap: LengthPercentage | 'normal';
  readonly gridTemplateColumns: string;
  readonly gridTemplateRows: string;
  readonly gridTemplateAreas: string;
  readonly gridAutoFlow: string;
  readonly gridAutoColumns: string;
  readonly gridAutoRows: string;
  readonly gridColumnStart: string;
  readonly gridColumnEnd: string;
  readonly gridRowStart: string;
  readonly gridRowEnd: string;
  readonly gridArea: string;
  readonly columnCount: number | 'auto';
  readonly columnWidth: Px | 'auto';
  readonly columnRuleWidth: Px;
  readonly columnRuleStyle: BorderStyle;
  /** null = currentcolor. */
  readonly columnRuleColor: Color | null;
  /** `outline-*`: drawn outside the border box, `outlineOffset` away, over the content (CSS UI 4 §5). */
  readonly outlineWidth: Px;
  readonly outlineStyle: BorderStyle;
  /** null = currentcolor. */
  readonly outlineColor: Color | null;
  readonly outlineOffset: Px;
  readonly columnSpan: 'none' | 'all';
  readonly columnFill: 'balance' | 'auto';

  /** Custom properties (`--name`), inherited, already substituted into the properties above. */
  readonly customProperties: ReadonlyMap<string, string>;
}

export type PseudoElement = 'before' | 'after' | 'marker' | 'first-letter' | 'first-line' | '-webkit-progress-bar' | '-webkit-progress-value' | 'placeholder' | 'file-selector-button';

/** A computed `aspect-ratio` other than `auto`: width divided by height, and whether `auto` came with it. */
export interface AspectRatio {
  readonly ratio: number;
  readonly auto: boolean;
}
