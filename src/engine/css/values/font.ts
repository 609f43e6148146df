// Font values: families, sizes (keywords, relative), weights (bolder/lighter), line-height, `font`.
import type { CV } from '../syntax.js';
import { splitOnComma } from '../syntax.js';
import type { LineHeight, Px } from '../types.js';
import { quotedFamilyName } from '../../fonts/family-names.js';
import { type LengthContext, type LengthSpec, parseLength, parseNumber, resolveLengthAgainst } from './length.js';

export const FONT_SIZE_KEYWORDS: Readonly<Record<string, Px>> = {
  'xx-small': 9,
  'x-small': 10,
  small: 13,
  medium: 16,
  large: 18,
  'x-large': 24,
  'xx-large': 32,
  'xxx-large': 48,
};

export function parseFontFamily(values: readonly CV[]): readonly string[] | undefined {
  const out: string[] = [];
  for (const part of splitOnComma(values)) {
    if (part.length === 1 && part[0].type === 'string') {
      out.push(quotedFamilyName(part[0].value.toLowerCase().trim()));
      continue;
    }
    if (part.length === 0 || !part.every((p) => p.type === 'ident')) return undefined;
    out.push(part.map((p) => (p as { lower: string }).lower).join(' '));
  }
  return out;
}

/** An absolute-size keyword, as a multiple of medium. */
export interface FontSizeKeyword {
  readonly keyword: number;
}

export type FontSizeSpec = Px | 'larger' | 'smaller' | LengthSpec | FontSizeKeyword;

const KEYWORD_SPECS: Readonly<Record<string, FontSizeKeyword>> = Object.fromEntries(
  Object.entries(FONT_SIZE_KEYWORDS).map(([name, px]) => [name, Object.freeze({ keyword: px / FONT_SIZE_KEYWORDS.medium })]),
);

export function parseFontSize(values: readonly CV[]): FontSizeSpec | undefined {
  if (values.length !== 1) return undefined;
  const v = values[0];
  if (v.type === 'ident') {
    if (v.lower === 'larger' || v.lower === 'smaller') return v.lower;
    return KEYWORD_SPECS[v.lower];
  }
  return parseLength(v, { percent: true });
}

/** Resolve font-size: `ctx.fontSize` must still be the parent's. */
export function computeFontSize(spec: FontSizeSpec, ctx: LengthContext): Px {
  const parent = ctx.fontSize;
  if (spec === 'larger') return parent * 1.2;
  if (spec === 'smaller') return parent / 1.2;
  if (isFontSizeKeyword(spec)) return spec.keyword * FONT_SIZE_KEYWORDS.medium;
  return Math.max(0, resolveLengthAgainst(spec, ctx, parent));
}

/**
 * `font-size` as a multiple of the default size when it comes from a keyword, or from em, % or
 * larger/smaller of a parent's that does (`parent`), else null.
 */
export function fontSizeKeyword(spec: FontSizeSpec, parent: number | null): number | null {
  if (isFontSizeKeyword(spec)) return spec.keyword;
  if (parent === null) return null;
  if (spec === 'larger') return parent * 1.2;
  if (spec === 'smaller') return parent / 1.2;
  if (typeof spec === 'object' && 'percent' in spec && !spec.px) return (parent * spec.percent) / 100;
  if (typeof spec === 'object' && 'u' in spec && spec.u === 'em') return parent * spec.n;
  return null;
}

/** Whether a font-size is an absolute-size keyword (`large`), not a length or a relative size. */
export function isFontSizeKeyword(spec: FontSizeSpec): spec is FontSizeKeyword {
  return typeof spec === 'object' && 'keyword' in spec;
}

/**
 * Chromium's sizes for the keywords when the default size is 13px (`monospace` alone), measured:
 * its table for that size, not the 16px sizes scaled down (large is 16px, not 14.6px).
 */
const MONOSPACE_KEYWORD_SIZES: ReadonlyMap<number, Px> = new Map([
  ['xx-small', 9], ['x-small', 10], ['small', 12], ['medium', 13], ['large', 16], ['x-large', 20], ['xx-large', 26], ['xxx-large', 39],
].map(([name, px]) => [FONT_SIZE_KEYWORDS[name as string] / FONT_SIZE_KEYWORDS.medium, px as Px]));

/** The size of an absolute-size keyword (given as its multiple of medium) for a default size of 16 or 13px. */
export function keywordFontSize(keyword: number, defaultSize: Px): Px {
  return (defaultSize === 13 ? MONOSPACE_KEYWORD_SIZES.get(keyword) : undefined) ?? keyword * defaultSize;
}

export type FontWeightSpec = number | 'bolder' | 'lighter';

export function parseFontWeight(values: readonly CV[]): FontWeightSpec | undefined {
  if (values.length !== 1) return undefined;
  const v = values[0];
  if (v.type === 'ident') {
    switch (v.lower) {
      case 'normal':
        return 400;
      case 'bold':
        return 700;
      case 'bolder':
      case 'lighter':
        return v.lower;
      default:
        return undefined;
    }
  }
  const n = parseNumber(v);
  return n !== undefined && n >= 1 && n <= 1000 ? n : undefined;
}

/** CSS Fonts 4 §2.2.1: bolder/lighter relative to the parent's weight. */
export function computeFontWeight(spec: FontWeightSpec, parentWeight: number): number {
  if (spec === 'bolder') {
    if (parentWeight < 350) return 400;
    if (parentWeight < 550) return 700;
    return Math.max(900, parentWeight);
  }
  if (spec === 'lighter') {
    if (parentWeight < 100) return parentWeight;
    if (parentWeight < 550) return 100;
    if (parentWeight < 750) return 400;
    return 700;
  }
  return spec;
}

export function parseFontStyle(values: readonly CV[]): 'normal' | 'italic' | 'oblique' | undefined {
  const v = values[0];
  if (v?.type !== 'ident') return undefined;
  if (values.length === 1 && (v.lower === 'normal' || v.lower === 'italic' || v.lower === 'oblique')) return v.lower;
  // `oblique <angle>` is painted as oblique.
  if (values.length === 2 && v.lower === 'oblique' && values[1].type === 'dimension') return 'oblique';
  return undefined;
}

export type LineHeightSpec = 'normal' | { readonly factor: number } | LengthSpec;

export function parseLineHeight(values: readonly CV[]): LineHeightSpec | undefined {
  if (values.length !== 1) return undefined;
  const v = values[0];
  if (v.type === 'ident') return v.lower === 'normal' ? 'normal' : undefined;
  const n = parseNumber(v);
  if (n !== undefined) return n >= 0 ? Object.freeze({ factor: n }) : undefined;
  return parseLength(v, { percent: true });
}

export function computeLineHeight(spec: LineHeightSpec, ctx: LengthContext): LineHeight {
  if (spec === 'normal') return 'normal';
  if (typeof spec === 'object' && 'factor' in spec) return spec;
  return { px: resolveLengthAgainst(spec, ctx, ctx.fontSize) };
}

const SYSTEM_FONTS: Record<string, string> = {
  caption: '13.333px sans-serif',
  icon: '13.333px sans-serif',
  menu: '13.333px sans-serif',
  'message-box': '13.333px sans-serif',
  'small-caption': '11px sans-serif',
  'status-bar': '12px sans-serif',
};

/** The longhand pieces of a `font` shorthand (each null = reset to initial). */
export interface FontParts {
  style: readonly CV[] | null;
  variant: readonly CV[] | null;
  weight: readonly CV[] | null;
  stretch: readonly CV[] | null;
  size: readonly CV[];
  lineHeight: readonly CV[] | null;
  family: readonly CV[];
}

const STRETCH = new Set([
  'ultra-condensed', 'extra-condensed', 'condensed', 'semi-condensed', 'semi-expanded', 'expanded',
  'extra-expanded', 'ultra-expanded',
]);

/** System font keywords expand to this text, parsed like any `font` value. */
export function systemFont(values: readonly CV[]): string | null {
  return values.length === 1 && values[0].type === 'ident' ? (SYSTEM_FONTS[values[0].lower] ?? null) : null;
}

export function splitFont(values: readonly CV[]): FontParts | undefined {
  const parts: FontParts = { style: null, variant: null, weight: null, stretch: null, size: [], lineHeight: null, family: [] };
  let i = 0;
  // Up to four of style/variant/weight/stretch (or `normal`) before the size.
  for (; i < values.length && i < 4; i++) {
    const v = values[i];
    if (v.type === 'ident') {
      const k = v.lower;
      if (k === 'normal') continue;
      if ((k === 'italic' || k === 'oblique') && parts.style === null) parts.style = [v];
      else if (k === 'small-caps' && parts.variant === null) parts.variant = [v];
      else if ((k === 'bold' || k === 'bolder' || k === 'lighter') && parts.weight === null) parts.weight = [v];
      else if (STRETCH.has(k) && parts.stretch === null) parts.stretch = [v];
      else break;
    } else if (v.type === 'number' && parts.weight === null && parseFontWeight([v]) !== undefined) {
      parts.weight = [v];
    } else break;
  }
  const rest = values.slice(i);
  const slash = rest.findIndex((v) => v.type === 'delim' && v.value === '/');
  if (slash === 0) return undefined;
  if (slash > 0) {
    if (slash !== 1) return undefined;
    parts.size = [rest[0]];
    parts.lineHeight = [rest[2]];
    parts.family = rest.slice(3);
    if (rest[2] === undefined) return undefined;
  } else {
    parts.size = rest.slice(0, 1);
    parts.family = rest.slice(1);
  }
  if (parts.size.length !== 1 || parseFontSize(parts.size) === undefined) return undefined;
  if (parts.lineHeight !== null && parseLineHeight(parts.lineHeight) === undefined) return undefined;
  if (parts.family.length === 0 || parseFontFamily(parts.family) === undefined) return undefined;
  return parts;
}
