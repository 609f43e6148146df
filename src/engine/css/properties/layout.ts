// Longhands of tables, flexbox, grid and multi-column (grid templates kept as raw text).
import { type ComputeContext, type PropertyDef, keywordProperty, simple } from '../property.js';
import { parseComponents, type CV } from '../syntax.js';
import { parseBorderStyle, parseBorderWidth, parseSingleColor, snapBorderWidth } from './box.js';
import { lengthInLayoutUnits } from '../values/layout-units.js';
import { type LengthSpec, parseInteger, parseLength, parseNumber, resolveLength, resolvePx } from '../values/length.js';

function parseBorderSpacing(values: readonly CV[]): readonly [LengthSpec, LengthSpec] | undefined {
  if (values.length < 1 || values.length > 2) return undefined;
  const h = parseLength(values[0]);
  const v = values.length === 2 ? parseLength(values[1]) : h;
  return h === undefined || v === undefined ? undefined : [h, v];
}

function nonNegativeNumber(values: readonly CV[]): number | undefined {
  const n = values.length === 1 ? parseNumber(values[0]) : undefined;
  return n !== undefined && n >= 0 ? n : undefined;
}

/**
 * `zoom: <number> | <percentage> | normal | reset` (0 and the keywords are 1). Only the root's and
 * the body's zoom are applied, by scaling the pages (layout/page.ts pageZoom).
 */
function parseZoom(values: readonly CV[]): number | undefined {
  if (values.length !== 1) return undefined;
  const v = values[0];
  if (v.type === 'ident') return v.lower === 'normal' || v.lower === 'reset' ? 1 : undefined;
  const n = v.type === 'percentage' ? v.value / 100 : parseNumber(v);
  if (n === undefined || n < 0) return undefined;
  return n === 0 ? 1 : n;
}

function parseFlexBasis(values: readonly CV[]): LengthSpec | 'auto' | 'content' | undefined {
  if (values.length !== 1) return undefined;
  const v = values[0];
  if (v.type === 'ident') {
    if (v.lower === 'auto') return 'auto';
    if (['content', 'max-content', 'min-content', 'fit-content'].includes(v.lower)) return 'content';
    return undefined;
  }
  return parseLength(v, { percent: true });
}

/** Alignment keywords (`center`, `space-between`, `safe end`, `first baseline`…) as lower-cased text. */
function alignment(values: readonly CV[]): string | undefined {
  if (values.length < 1 || values.length > 2 || !values.every((v) => v.type === 'ident')) return undefined;
  return values.map((v) => (v as { lower: string }).lower).join(' ');
}

/** Grid values are parsed by the grid layout: here only normalised text. */
function raw(values: readonly CV[], text: string): string | undefined {
  return values.length === 0 ? undefined : text.trim().replace(/\s+/g, ' ');
}

const RELATIVE_LENGTH = /(?<![\w.-])([+-]?(?:\d+\.?\d*|\.\d+))(r?em|ex|ch|cap|ic|r?lh|vw|vh|vmin|vmax|cq[whib]|cqmin|cqmax)(?![\w-])/gi;

/** Track lists keep their text, with font- and viewport-relative lengths made px (as `inherit` hands them on). */
function absoluteLengths(text: string, ctx: ComputeContext): string {
  return text.replace(RELATIVE_LENGTH, (whole, n: string, unit: string) => {
    const spec = parseLength(parseComponents(`${n}${unit}`)[0], { negative: true });
    return spec === undefined ? whole : `${resolvePx(spec, ctx)}px`;
  });
}

function gap(values: readonly CV[]): LengthSpec | 'normal' | undefined {
  if (values.length !== 1) return undefined;
  if (values[0].type === 'ident') return values[0].lower === 'normal' ? 'normal' : undefined;
  return parseLength(values[0], { percent: true });
}

/**
 * Border spacing in whole pixels, as Blink keeps it (a short, RoundForImpreciseConversion):
 * truncated after adding 0.01, so 2.6px and 2.5px are 2 and 2.999px is 3 (probed; decision 0395).
 */
function wholePixels(px: number): number {
  return Math.trunc(px + 0.01);
}

function lengthOrKeyword(spec: unknown, ctx: ComputeContext): unknown {
  return typeof spec === 'string' ? spec : lengthInLayoutUnits(resolveLength(spec as LengthSpec, ctx));
}

function parseColumnCount(values: readonly CV[]): number | 'auto' | undefined {
  if (values.length !== 1) return undefined;
  if (values[0].type === 'ident') return values[0].lower === 'auto' ? 'auto' : undefined;
  const n = parseInteger(values[0]);
  return n !== undefined && n >= 1 ? n : undefined;
}

function parseColumnWidth(values: readonly CV[]): LengthSpec | 'auto' | undefined {
  if (values.length !== 1) return undefined;
  if (values[0].type === 'ident') return values[0].lower === 'auto' ? 'auto' : undefined;
  return parseLength(values[0]);
}

export function layoutProperties(): PropertyDef[] {
  return [
    keywordProperty('border-collapse', 'borderCollapse', true, ['separate', 'collapse'] as const),
    simple('border-spacing', 'borderSpacing', true, parseBorderSpacing, (spec, ctx) => [wholePixels(resolvePx(spec[0], ctx)), wholePixels(resolvePx(spec[1], ctx))]),
    keywordProperty('caption-side', 'captionSide', true, ['top', 'bottom'] as const, { 'block-start': 'top', 'block-end': 'bottom' }),
    keywordProperty('empty-cells', 'emptyCells', true, ['show', 'hide'] as const),
    keywordProperty('table-layout', 'tableLayout', false, ['auto', 'fixed'] as const),
    keywordProperty('flex-direction', 'flexDirection', false, ['row', 'row-reverse', 'column', 'column-reverse'] as const),
    keywordProperty('flex-wrap', 'flexWrap', false, ['nowrap', 'wrap', 'wrap-reverse'] as const),
    simple('flex-grow', 'flexGrow', false, nonNegativeNumber),
    simple('flex-shrink', 'flexShrink', false, nonNegativeNumber),
    simple('flex-basis', 'flexBasis', false, parseFlexBasis, lengthOrKeyword),
    simple('order', 'order', false, (v) => (v.length === 1 ? parseInteger(v[0]) : undefined)),
    simple('zoom', 'zoom', false, parseZoom),
    simple('justify-content', 'justifyContent', false, alignment),
    simple('align-items', 'alignItems', false, alignment),
    simple('align-self', 'alignSelf', false, alignment),
    simple('justify-items', 'justifyItems', false, alignment),
    simple('justify-self', 'justifySelf', false, alignment),
    simple('align-content', 'alignContent', false, alignment),
    simple('row-gap', 'rowGap', false, gap, lengthOrKeyword),
    simple('column-gap', 'columnGap', false, gap, lengthOrKeyword),
    simple('grid-template-columns', 'gridTemplateColumns', false, raw, absoluteLengths),
    simple('grid-template-rows', 'gridTemplateRows', false, raw, absoluteLengths),
    simple('grid-template-areas', 'gridTemplateAreas', false, raw),
    simple('grid-auto-flow', 'gridAutoFlow', false, raw),
    simple('grid-auto-columns', 'gridAutoColumns', false, raw, absoluteLengths),
    simple('grid-auto-rows', 'gridAutoRows', false, raw, absoluteLengths),
    simple('grid-column-start', 'gridColumnStart', false, raw),
    simple('grid-column-end', 'gridColumnEnd', false, raw),
    simple('grid-row-start', 'gridRowStart', false, raw),
    simple('grid-row-end', 'gridRowEnd', false, raw),
    simple('grid-area', 'gridArea', false, raw),
    simple('column-count', 'columnCount', false, parseColumnCount),
    simple('column-width', 'columnWidth', false, parseColumnWidth, (spec, ctx) => (spec === 'auto' ? 'auto' : resolvePx(spec, ctx))),
    simple('column-rule-width', 'columnRuleWidth', false, parseBorderWidth, (spec, ctx) => snapBorderWidth(resolvePx(spec, ctx), ctx.printZoom)),
    simple('column-rule-style', 'columnRuleStyle', false, parseBorderStyle),
    simple('column-rule-color', 'columnRuleColor', false, parseSingleColor, (spec) => (spec === 'currentcolor' ? null : spec)),
    keywordProperty('column-span', 'columnSpan', false, ['none', 'all'] as const),
    keywordProperty('column-fill', 'columnFill', false, ['balance', 'auto'] as const, { 'balance-all': 'balance' }),
  ];
}
