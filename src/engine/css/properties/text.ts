// Longhands of colour, fonts and text.
import { initialStyle, type StyleDraft } from '../initial.js';
import { type ComputeContext, type PropertyDef, keywordProperty, keywords, simple } from '../property.js';
import type { CV } from '../syntax.js';
import type { Color, ComputedStyle, VerticalAlign } from '../types.js';
import { type ColorSpec, resolveColor } from '../values/color.js';
import {
  type FontSizeSpec, type FontWeightSpec, type LineHeightSpec, computeFontSize, computeFontWeight, fontSizeKeyword, isFontSizeKeyword,
  computeLineHeight, parseFontFamily, parseFontSize, parseFontStyle, parseFontWeight, parseLineHeight,
} from '../values/font.js';
import { lengthInLayoutUnits } from '../values/layout-units.js';
import { type LengthSpec, parseLength, parseNumber, resolveLength, resolveLengthAgainst, resolvePx } from '../values/length.js';
import { parseSingleColor } from './box.js';
import { type FeatureSetting, featureSetting, parseVariantLigatures, parseVariantNumeric } from '../../fonts/features.js';

/** `font-feature-settings`: `normal`, or comma-separated `"tag" [on | off | <integer>]`. */
function parseFeatureSettings(values: readonly CV[]): readonly FeatureSetting[] | undefined {
  if (values.length === 1 && values[0].type === 'ident' && values[0].lower === 'normal') return Object.freeze([]);
  const settings: FeatureSetting[] = [];
  let item: CV[] = [];
  for (const v of [...values, { type: 'comma' } as const]) {
    if (v.type !== 'comma') {
      item.push(v);
      continue;
    }
    const [tag, value, extra] = item;
    if (tag?.type !== 'string' || extra !== undefined) return undefined;
    const setting = featureSetting(tag.value, value === undefined ? undefined
      : value.type === 'ident' && (value.lower === 'on' || value.lower === 'off') ? value.lower : value.type === 'number' ? value.value : -1);
    if (setting === undefined) return undefined;
    settings.push(setting);
    item = [];
  }
  return Object.freeze(settings);
}

type DecorationLine = ComputedStyle['textDecorationLine'];
const NO_LINE: DecorationLine = Object.freeze({ underline: false, overline: false, lineThrough: false });

export function parseDecorationLine(values: readonly CV[]): DecorationLine | undefined {
  if (values.length === 1 && values[0].type === 'ident' && values[0].lower === 'none') return NO_LINE;
  let underline = false;
  let overline = false;
  let lineThrough = false;
  for (const v of values) {
    if (v.type !== 'ident') return undefined;
    if (v.lower === 'underline' && !underline) underline = true;
    else if (v.lower === 'overline' && !overline) overline = true;
    else if (v.lower === 'line-through' && !lineThrough) lineThrough = true;
    else if (v.lower !== 'blink' && v.lower !== 'spelling-error' && v.lower !== 'grammar-error') return undefined;
  }
  return values.length === 0 ? undefined : Object.freeze({ underline, overline, lineThrough });
}

export const parseDecorationStyle = keywords(['solid', 'double', 'dotted', 'dashed', 'wavy'] as const);

/** `auto` (or the keyword that means the same, as `from-font`), or a length or a percentage of 1em. */
export function parseAutoOrLength(values: readonly CV[], sameAsAuto?: string): LengthSpec | 'auto' | undefined {
  if (values.length !== 1) return undefined;
  const [v] = values;
  if (v.type === 'ident' && (v.lower === 'auto' || v.lower === sameAsAuto)) return 'auto';
  return parseLength(v, { percent: true, negative: true });
}

const colorProperty: PropertyDef = simple('color', 'color', true, parseSingleColor, (spec: ColorSpec, ctx): Color =>
  resolveColor(spec, ctx.parent.color),
);

const decorationColorProperty: PropertyDef = {
  name: 'text-decoration-color',
  inherited: false,
  parse: parseSingleColor,
  apply(d, spec, ctx) {
    if (spec === 'currentcolor') {
      ctx.scratch.decorationColorSet = false;
      return;
    }
    d.textDecorationColor = spec as Color;
    ctx.scratch.decorationColorSet = true;
  },
  inherit(d, ctx) {
    d.textDecorationColor = ctx.parent.textDecorationColor;
    ctx.scratch.decorationColorSet = true;
  },
  reset(_d, ctx) {
    ctx.scratch.decorationColorSet = false; // currentcolor, resolved once color is known
  },
};

function spacing(values: readonly CV[]): LengthSpec | undefined {
  if (values.length !== 1) return undefined;
  if (values[0].type === 'ident') return values[0].lower === 'normal' ? 0 : undefined;
  return parseLength(values[0], { negative: true });
}

const WHITE_SPACE: Readonly<Record<string, ComputedStyle['whiteSpace']>> = {
  normal: 'normal', pre: 'pre', 'pre-wrap': 'pre-wrap', 'pre-line': 'pre-line', nowrap: 'nowrap',
  'break-spaces': 'break-spaces', '-pre-wrap': 'pre-wrap', '-moz-pre-wrap': 'pre-wrap', '-o-pre-wrap': 'pre-wrap',
  // CSS Text 4 spellings (white-space-collapse / text-wrap-mode)
  collapse: 'normal', preserve: 'pre-wrap', 'preserve-breaks': 'pre-line', 'preserve nowrap': 'pre',
  'collapse nowrap': 'nowrap', 'nowrap collapse': 'nowrap', 'collapse wrap': 'normal', 'preserve wrap': 'pre-wrap',
  'preserve-breaks wrap': 'pre-line', 'nowrap preserve': 'pre',
};

function parseWhiteSpace(values: readonly CV[]): ComputedStyle['whiteSpace'] | undefined {
  if (values.length < 1 || values.length > 2 || !values.every((v) => v.type === 'ident')) return undefined;
  return WHITE_SPACE[values.map((v) => (v as { lower: string }).lower).join(' ')];
}

const VERTICAL_ALIGN = new Set(['baseline', 'top', 'middle', 'bottom', 'sub', 'super', 'text-top', 'text-bottom']);

function parseVerticalAlign(values: readonly CV[]): string | LengthSpec | undefined {
  if (values.length !== 1) return undefined;
  const v = values[0];
  if (v.type === 'ident') return VERTICAL_ALIGN.has(v.lower) ? v.lower : undefined;
  return parseLength(v, { percent: true, negative: true });
}

type TextAlign = ComputedStyle['textAlign'];
const TEXT_ALIGN = keywords(['left', 'right', 'center', 'justify', 'start', 'end', '-webkit-left', '-webkit-center', '-webkit-right'] as const, {
  '-moz-center': '-webkit-center', '-khtml-center': '-webkit-center',
  '-moz-left': '-webkit-left', '-moz-right': '-webkit-right', 'justify-all': 'justify',
});

const textAlignProperty: PropertyDef = simple(
  'text-align',
  'textAlign',
  true,
  (values): TextAlign | 'match-parent' | '-internal-th-center' | undefined => {
    const keyword = values.length === 1 && values[0].type === 'ident' ? values[0].lower : '';
    return keyword === 'match-parent' || keyword === '-internal-th-center' ? keyword : TEXT_ALIGN(values);
  },
  // -internal-th-center (the UA sheet's, for th): centred only when the parent's is the initial
  // value, else the parent's, as HTML's rendering rules say and Chromium does.
  (spec, ctx) => (spec === 'match-parent' ? ctx.parent.textAlign
    : spec === '-internal-th-center' ? (ctx.parent.textAlign === 'start' ? 'center' : ctx.parent.textAlign) : spec),
);

function parseTextIndent(values: readonly CV[]): LengthSpec | undefined {
  // `hanging` and `each-line` are not supported and are ignored.
  const rest = values.filter((v) => !(v.type === 'ident' && (v.lower === 'hanging' || v.lower === 'each-line')));
  return rest.length === 1 ? parseLength(rest[0], { percent: true, negative: true }) : undefined;
}

function parseTabSize(values: readonly CV[]): number | undefined {
  if (values.length !== 1) return undefined;
  const n = parseNumber(values[0]);
  return n !== undefined && n >= 0 ? n : undefined;
}

export function textProperties(): PropertyDef[] {
  return [
    colorProperty,
    simple('font-family', 'fontFamily', true, parseFontFamily),
    {
      name: 'font-size',
      inherited: true,
      parse: parseFontSize,
      apply: (d, spec, ctx) => {
        d.fontSize = computeFontSize(spec as FontSizeSpec, ctx);
        d.fontSizeKeyword = fontSizeKeyword(spec as FontSizeSpec, ctx.parent.fontSizeKeyword);
        d.fontSizeIsKeyword = isFontSizeKeyword(spec as FontSizeSpec);
      },
      inherit: (d, ctx) => {
        d.fontSize = ctx.parent.fontSize;
        d.fontSizeKeyword = ctx.parent.fontSizeKeyword;
        d.fontSizeIsKeyword = ctx.parent.fontSizeIsKeyword;
      },
      reset: (d) => {
        d.fontSize = initialStyle().fontSize;
        d.fontSizeKeyword = initialStyle().fontSizeKeyword;
        d.fontSizeIsKeyword = initialStyle().fontSizeIsKeyword;
      },
    },
    simple('font-weight', 'fontWeight', true, parseFontWeight, (spec: FontWeightSpec, ctx: ComputeContext) =>
      computeFontWeight(spec, ctx.parent.fontWeight),
    ),
    simple('font-style', 'fontStyle', true, parseFontStyle),
    keywordProperty('font-variant-caps', 'fontVariantCaps', true,
      ['normal', 'small-caps', 'all-small-caps', 'petite-caps', 'all-petite-caps', 'unicase', 'titling-caps'] as const),
    keywordProperty('font-kerning', 'fontKerning', true, ['auto', 'normal', 'none'] as const),
    simple('font-variant-ligatures', 'fontVariantLigatures', true, (values) =>
      (values.every((v) => v.type === 'ident') ? parseVariantLigatures(values.map((v) => (v as { lower: string }).lower)) : undefined)),
    simple('font-variant-numeric', 'fontVariantNumeric', true, (values) =>
      (values.every((v) => v.type === 'ident') ? parseVariantNumeric(values.map((v) => (v as { lower: string }).lower)) : undefined)),
    simple('font-feature-settings', 'fontFeatureSettings', true, parseFeatureSettings),
    simple('line-height', 'lineHeight', true, parseLineHeight, (spec: LineHeightSpec, ctx: ComputeContext) =>
      computeLineHeight(spec, ctx),
    ),
    textAlignProperty,
    keywordProperty('text-align-last', 'textAlignLast', true, ['auto', 'left', 'right', 'center', 'justify', 'start', 'end'] as const),
    simple('text-indent', 'textIndent', true, parseTextIndent, (spec: LengthSpec, ctx: ComputeContext) => lengthInLayoutUnits(resolveLength(spec, ctx))),
    keywordProperty('text-transform', 'textTransform', true, ['none', 'uppercase', 'lowercase', 'capitalize'] as const),
    simple('text-decoration-line', 'textDecorationLine', false, parseDecorationLine),
    decorationColorProperty,
    simple('text-decoration-style', 'textDecorationStyle', false, parseDecorationStyle),
    simple('text-decoration-thickness', 'textDecorationThickness', false, (values) => parseAutoOrLength(values, 'from-font'),
      (spec: LengthSpec | 'auto', ctx: ComputeContext) => (spec === 'auto' ? null : resolveLengthAgainst(spec, ctx, ctx.fontSize))),
    simple('text-underline-offset', 'textUnderlineOffset', true, (values) => parseAutoOrLength(values),
      (spec: LengthSpec | 'auto', ctx: ComputeContext) => (spec === 'auto' ? null : resolveLengthAgainst(spec, ctx, ctx.fontSize))),
    keywordProperty('text-decoration-skip-ink', 'textDecorationSkipInk', true, ['auto', 'none', 'all'] as const),
    simple('letter-spacing', 'letterSpacing', true, spacing, (spec: LengthSpec, ctx: ComputeContext) => resolvePx(spec, ctx)),
    simple('word-spacing', 'wordSpacing', true, spacing, (spec: LengthSpec, ctx: ComputeContext) => resolvePx(spec, ctx)),
    simple('white-space', 'whiteSpace', true, parseWhiteSpace),
    keywordProperty('text-wrap-style', 'textWrapStyle', true, ['auto', 'balance', 'pretty', 'stable'] as const),
    simple('vertical-align', 'verticalAlign', false, parseVerticalAlign, (spec, ctx): VerticalAlign =>
      typeof spec === 'string' ? (spec as VerticalAlign) : resolveLength(spec as LengthSpec, ctx),
    ),
    keywordProperty('overflow-wrap', 'overflowWrap', true, ['normal', 'break-word', 'anywhere'] as const),
    keywordProperty('word-break', 'wordBreak', true, ['normal', 'break-all', 'keep-all', 'break-word'] as const, {
      'auto-phrase': 'normal',
    }),
    keywordProperty('line-break', 'lineBreak', true, ['auto', 'loose', 'normal', 'strict', 'anywhere'] as const),
    // Set from the `lang` attribute (hints.ts); a string, so no stylesheet spells it by accident.
    simple('-internal-lang', 'lang', true, (values) => (values.length === 1 && values[0].type === 'string' ? values[0].value.trim().toLowerCase() : undefined)),
    keywordProperty('hyphens', 'hyphens', true, ['none', 'manual', 'auto'] as const),
    simple('tab-size', 'tabSize', true, parseTabSize),
    keywordProperty('direction', 'direction', true, ['ltr', 'rtl'] as const),
    keywordProperty('unicode-bidi', 'unicodeBidi', false, ['normal', 'embed', 'isolate', 'bidi-override', 'isolate-override', 'plaintext'] as const),
    // Set only by the UA sheet of quirks and limited-quirks documents.
    keywordProperty('-internal-quirks-mode', 'quirksMode', true, ['no-quirks', 'limited-quirks', 'quirks'] as const),
  ];
}

/** Resolve currentcolor defaults once the element's colour is known. */
export function finishText(d: StyleDraft, ctx: ComputeContext): void {
  if (!ctx.scratch.decorationColorSet) d.textDecorationColor = d.color;
}
