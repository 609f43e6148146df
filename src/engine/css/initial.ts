// Initial values of every computed property, and which ones inherit.
import type { BorderSide, ComputedStyle, CornerRadius } from './types.js';
import { BLACK, TRANSPARENT } from './values/color.js';

/** A computed style under construction. */
export type StyleDraft = { -readonly [K in keyof ComputedStyle]: ComputedStyle[K] };

const NO_BORDER: BorderSide = Object.freeze({ width: 0, style: 'none', color: BLACK });
const SQUARE: CornerRadius = Object.freeze([0, 0] as const);
const NO_DECORATION = Object.freeze({ underline: false, overline: false, lineThrough: false });
const EMPTY_MAP: ReadonlyMap<string, string> = new Map();

let initial: ComputedStyle | null = null;
/**
 * An unfrozen copy of the initial style that drafts are spread from: V8 copies a frozen object
 * property by property (about 20 times slower than cloning an ordinary one), and every computed
 * style starts as such a copy.
 */
let template: ComputedStyle | null = null;

/** The root's defaults (CSS initial values; `font-family: serif`, 16px, black). Shared: do not mutate. */
export function initialStyle(): ComputedStyle {
  if (initial !== null) return initial;
  const s: ComputedStyle = {
    display: 'inline',
    position: 'static',
    running: null,
    top: 'auto',
    right: 'auto',
    bottom: 'auto',
    left: 'auto',
    float: 'none',
    clear: 'none',
    zIndex: 'auto',
    visibility: 'visible',
    overflow: 'visible',
    textOverflow: 'clip',
    webkitBox: false,
    boxOrient: 'horizontal',
    lineClamp: null,
    boxSizing: 'content-box',
    zoom: 1,
    printZoom: 1,
    aspectRatio: null,
    shapeOutside: null,
    clipPath: null,
    shapeMargin: 0,
    containerType: 'normal',
    contain: 0,
    contentVisibility: 'visible',
    containerName: Object.freeze([]),
    width: 'auto',
    height: 'auto',
    minWidth: 'auto',
    minHeight: 'auto',
    maxWidth: 'none',
    maxHeight: 'none',
    widthKeyword: null,
    minWidthKeyword: null,
    maxWidthKeyword: null,
    marginTop: 0,
    marginRight: 0,
    marginBottom: 0,
    marginLeft: 0,
    marginQuirk: 0,
    paddingTop: 0,
    paddingRight: 0,
    paddingBottom: 0,
    paddingLeft: 0,
    borderTop: NO_BORDER,
    borderRight: NO_BORDER,
    borderBottom: NO_BORDER,
    borderLeft: NO_BORDER,
    borderTopLeftRadius: SQUARE,
    borderTopRightRadius: SQUARE,
    borderBottomRightRadius: SQUARE,
    borderBottomLeftRadius: SQUARE,
    boxDecorationBreak: 'slice',
    appearance: 'auto',
    resize: 'none',
    color: BLACK,
    fontFamily: Object.freeze(['serif']),
    fontSizeKeyword: 1,
    fontSizeIsKeyword: true,
    fontSize: 16,
    fontWeight: 400,
    fontStyle: 'normal',
    fontVariantCaps: 'normal',
    fontKerning: 'auto',
    fontVariantLigatures: 'normal',
    fontVariantNumeric: 'normal',
    fontFeatureSettings: Object.freeze([]),
    lineHeight: 'normal',
    textAlign: 'start',
    textAlignLast: 'auto',
    textIndent: 0,
    textTransform: 'none',
    textDecorationLine: NO_DECORATION,
    textDecorationColor: BLACK,
    textDecorationStyle: 'solid',
    textDecorationThickness: null,
    textWrapStyle: 'auto',
    textUnderlineOffset: null,
    textDecorationSkipInk: 'auto',
    letterSpacing: 0,
    wordSpacing: 0,
    whiteSpace: 'normal',
    verticalAlign: 'baseline',
    overflowWrap: 'normal',
    wordBreak: 'normal',
    lineBreak: 'auto',
    lang: '',
    hyphens: 'manual',
    tabSize: 8,
    direction: 'ltr',
    writingMode: 'horizontal-tb',
    textOrientation: 'mixed',
    textCombineUpright: 'none',
    rubyAlign: 'space-around',
    rubyPosition: 'over',
    unicodeBidi: 'normal',
    quirksMode: 'no-quirks',
    backgroundColor: TRANSPARENT,
    backgroundLayers: Object.freeze([]),
    backgroundClip: 'border-box',
    borderImageSource: null,
    borderImageSlice: Object.freeze({ offsets: Object.freeze([{ percent: 100 }, { percent: 100 }, { percent: 100 }, { percent: 100 }] as const), fill: false }),
    borderImageWidth: Object.freeze([{ factor: 1 }, { factor: 1 }, { factor: 1 }, { factor: 1 }] as const),
    borderImageOutset: Object.freeze([0, 0, 0, 0] as const),
    borderImageRepeat: Object.freeze(['stretch', 'stretch'] as const),
    textFillColor: null,
    opacity: 1,
    filter: null,
    mixBlendMode: 'normal',
    boxShadow: Object.freeze([]),
    textShadow: Object.freeze([]),
    clip: null,
    transform: null,
    translate: null,
    rotate: null,
    scale: null,
    transformOrigin: Object.freeze([{ percent: 50 }, { percent: 50 }] as const),
    objectFit: 'fill',
    objectPosition: Object.freeze([{ percent: 50 }, { percent: 50 }] as const),
    listStyleType: 'disc',
    listStylePosition: 'outside',
    listStyleImage: null,
    content: 'normal',
    quotes: 'auto',
    counterReset: Object.freeze([]),
    counterIncrement: Object.freeze([]),
    counterSet: Object.freeze([]),
    breakBefore: 'auto',
    breakAfter: 'auto',
    breakInside: 'auto',
    orphans: 2,
    widows: 2,
    page: 'auto',
    stringSet: Object.freeze([]),
    bookmarkLevel: 'none',
    bookmarkLabel: null,
    borderCollapse: 'separate',
    borderSpacing: Object.freeze([0, 0] as const),
    captionSide: 'top',
    colorScheme: 'light',
    emptyCells: 'show',
    tableLayout: 'auto',
    flexDirection: 'row',
    flexWrap: 'nowrap',
    flexGrow: 0,
    flexShrink: 1,
    flexBasis: 'auto',
    order: 0,
    justifyContent: 'normal',
    alignItems: 'normal',
    alignSelf: 'auto',
    justifyItems: 'normal',
    justifySelf: 'auto',
    alignContent: 'normal',
    rowGap: 'normal',
    columnGap: 'normal',
    gridTemplateColumns: 'none',
    gridTemplateRows: 'none',
    gridTemplateAreas: 'none',
    gridAutoFlow: 'row',
    gridAutoColumns: 'auto',
    gridAutoRows: 'auto',
    gridColumnStart: 'auto',
    gridColumnEnd: 'auto',
    gridRowStart: 'auto',
    gridRowEnd: 'auto',
    gridArea: 'auto',
    columnCount: 'auto',
    columnWidth: 'auto',
    columnRuleWidth: 3,
    columnRuleStyle: 'none',
    columnRuleColor: null,
    outlineWidth: 3,
    outlineStyle: 'none',
    outlineColor: null,
    outlineOffset: 0,
    columnSpan: 'none',
    columnFill: 'balance',
    customProperties: EMPTY_MAP,
  };
  initial = Object.freeze(s);
  return initial;
}

/** Fields that inherit (CSS "Inherited: yes"); the rest start from their initial value. */
export const INHERITED_FIELDS: readonly (keyof ComputedStyle)[] = [
  'visibility', 'color', 'fontFamily', 'fontSize', 'fontSizeKeyword', 'fontSizeIsKeyword', 'fontWeight', 'fontStyle', 'fontVariantCaps',
  'fontKerning', 'fontVariantLigatures', 'fontVariantNumeric', 'fontFeatureSettings',
  'lineHeight', 'textAlign', 'textAlignLast', 'textIndent', 'textTransform', 'textUnderlineOffset', 'textDecorationSkipInk', 'letterSpacing',
  'wordSpacing', 'whiteSpace', 'textWrapStyle', 'overflowWrap', 'wordBreak', 'lineBreak', 'lang', 'hyphens', 'tabSize', 'direction', 'quirksMode',
  'writingMode', 'textOrientation', 'textCombineUpright', 'rubyAlign', 'rubyPosition',
  'textShadow', 'textFillColor', 'listStyleType', 'listStylePosition', 'listStyleImage', 'quotes', 'orphans', 'widows',
  'borderCollapse', 'borderSpacing', 'captionSide', 'colorScheme', 'emptyCells', 'customProperties',
];

/** A fresh draft: inherited fields from `parent`, the others initial. */
export function draftFrom(parent: ComputedStyle): StyleDraft {
  template ??= { ...initialStyle() };
  const d: StyleDraft = { ...template };
  d.visibility = parent.visibility;
  d.color = parent.color;
  d.fontFamily = parent.fontFamily;
  d.fontSizeKeyword = parent.fontSizeKeyword;
  d.fontSizeIsKeyword = parent.fontSizeIsKeyword;
  d.fontSize = parent.fontSize;
  d.printZoom = parent.printZoom;
  d.fontWeight = parent.fontWeight;
  d.fontStyle = parent.fontStyle;
  d.fontVariantCaps = parent.fontVariantCaps;
  d.fontKerning = parent.fontKerning;
  d.fontVariantLigatures = parent.fontVariantLigatures;
  d.fontFeatureSettings = parent.fontFeatureSettings;
  d.lineHeight = parent.lineHeight;
  d.textAlign = parent.textAlign;
  d.textAlignLast = parent.textAlignLast;
  d.textIndent = parent.textIndent;
  d.textTransform = parent.textTransform;
  d.textUnderlineOffset = parent.textUnderlineOffset;
  d.textDecorationSkipInk = parent.textDecorationSkipInk;
  d.letterSpacing = parent.letterSpacing;
  d.wordSpacing = parent.wordSpacing;
  d.textShadow = parent.textShadow;
  d.textFillColor = parent.textFillColor;
  d.whiteSpace = parent.whiteSpace;
  d.overflowWrap = parent.overflowWrap;
  d.wordBreak = parent.wordBreak;
  d.lineBreak = parent.lineBreak;
  d.lang = parent.lang;
  d.hyphens = parent.hyphens;
  d.tabSize = parent.tabSize;
  d.direction = parent.direction;
  d.writingMode = parent.writingMode;
  d.textOrientation = parent.textOrientation;
  d.textCombineUpright = parent.textCombineUpright;
  d.rubyAlign = parent.rubyAlign;
  d.rubyPosition = parent.rubyPosition;
  d.quirksMode = parent.quirksMode;
  d.listStyleType = parent.listStyleType;
  d.listStylePosition = parent.listStylePosition;
  d.listStyleImage = parent.listStyleImage;
  d.quotes = parent.quotes;
  d.orphans = parent.orphans;
  d.widows = parent.widows;
  d.borderCollapse = parent.borderCollapse;
  d.borderSpacing = parent.borderSpacing;
  d.captionSide = parent.captionSide;
  d.colorScheme = parent.colorScheme;
  d.emptyCells = parent.emptyCells;
  d.customProperties = parent.customProperties;
  return d;
}
