// Longhands of painting: backgrounds, opacity, shadows, replaced-content fitting.
import type { StyleDraft } from '../initial.js';
import { type ComputeContext, type PropertyDef, keywordProperty, simple } from '../property.js';
import type { CV } from '../syntax.js';
import { splitOnComma } from '../syntax.js';
import type { BackgroundSize, BoxShadow, Color, LengthPercentage } from '../types.js';
import {
  type BackgroundDraft, type SizeSpec, assembleBackground, backgroundFromLayers, initialBackground, parseBackgroundImage,
  parseBox, parseClipArea, parseList, parsePositionAxis, parseRepeat, parseSize,
} from '../values/background.js';
import { computeClip, parseClip } from '../values/clip.js';
import { type ColorSpec, parseColor, resolveColor } from '../values/color.js';
import { type ImageSpec, resolveImage } from '../values/image.js';
import { computeBorderImageLength, parseBorderImageLengths, parseBorderImageRepeat, parseBorderImageSlice, type BorderImageLengthSpec } from '../values/border-image.js';
import { type LengthSpec, parseAngle, parseLength, parseNumber, resolveLength, resolvePx } from '../values/length.js';
import { parsePosition } from '../values/position.js';
import { type ColorMatrix, composeMatrices, filterMatrix, IDENTITY_MATRIX } from '../values/color-matrix.js';
import { parseBorderStyle, parseBorderWidth, parseSingleColor, snapBorderWidth } from './box.js';

function background(ctx: ComputeContext): BackgroundDraft {
  return (ctx.scratch.background ??= initialBackground());
}

/** A background longhand: a comma list stored in one BackgroundDraft field. */
function backgroundList<S, K extends keyof BackgroundDraft>(
  name: string,
  key: K,
  item: (v: readonly CV[]) => S | undefined,
  compute: (spec: S, ctx: ComputeContext) => BackgroundDraft[K][number],
): PropertyDef {
  return {
    name,
    inherited: false,
    parse: (values) => parseList(values, item),
    apply(_d, spec, ctx) {
      background(ctx)[key] = (spec as S[]).map((s) => compute(s, ctx)) as BackgroundDraft[K];
    },
    inherit(_d, ctx) {
      background(ctx)[key] = backgroundFromLayers(ctx.parent.backgroundLayers, ctx.parent.backgroundClip)[key];
    },
    reset(_d, ctx) {
      background(ctx)[key] = initialBackground()[key];
    },
  };
}

function computeSize(spec: SizeSpec, ctx: ComputeContext): BackgroundSize {
  if (typeof spec === 'string') return spec;
  const one = (v: LengthSpec | 'auto') => (v === 'auto' ? 'auto' : resolveLength(v, ctx));
  return [one(spec[0]), one(spec[1])];
}

interface ShadowSpec {
  readonly inset: boolean;
  readonly lengths: readonly LengthSpec[];
  readonly color: ColorSpec;
}

function parseShadow(part: readonly CV[]): ShadowSpec | undefined {
  let inset = false;
  let color: ColorSpec | undefined;
  const lengths: LengthSpec[] = [];
  let lengthsDone = false;
  for (const v of part) {
    if (v.type === 'ident' && v.lower === 'inset' && !inset) {
      inset = true;
      if (lengths.length > 0) lengthsDone = true;
      continue;
    }
    const c = color === undefined ? parseColor(v) : undefined;
    if (c !== undefined) {
      color = c;
      if (lengths.length > 0) lengthsDone = true;
      continue;
    }
    const len = lengthsDone ? undefined : parseLength(v, { negative: true });
    if (len === undefined) return undefined;
    lengths.push(len);
  }
  if (lengths.length < 2 || lengths.length > 4) return undefined;
  return { inset, lengths, color: color ?? 'currentcolor' };
}

function parseShadows(values: readonly CV[]): readonly ShadowSpec[] | undefined {
  if (values.length === 1 && values[0].type === 'ident' && values[0].lower === 'none') return [];
  const out: ShadowSpec[] = [];
  for (const part of splitOnComma(values)) {
    const s = parseShadow(part);
    if (s === undefined) return undefined;
    out.push(s);
  }
  return out;
}

/** `text-shadow`: like `box-shadow` without `inset` and without a spread length. */
function parseTextShadows(values: readonly CV[]): readonly ShadowSpec[] | undefined {
  const shadows = parseShadows(values);
  return shadows?.every((s) => !s.inset && s.lengths.length <= 3) ? shadows : undefined;
}

function computeShadows(specs: readonly ShadowSpec[], ctx: ComputeContext): readonly BoxShadow[] {
  return specs.map((s) => ({
    inset: s.inset,
    offsetX: resolvePx(s.lengths[0], ctx),
    offsetY: resolvePx(s.lengths[1], ctx),
    blur: Math.max(0, s.lengths[2] === undefined ? 0 : resolvePx(s.lengths[2], ctx)),
    spread: s.lengths[3] === undefined ? 0 : resolvePx(s.lengths[3], ctx),
    color: resolveColor(s.color, ctx.color),
  }));
}

function parseOpacity(values: readonly CV[]): number | undefined {
  if (values.length !== 1) return undefined;
  const v = values[0];
  const n = v.type === 'percentage' ? v.value / 100 : parseNumber(v);
  return n === undefined ? undefined : Math.min(1, Math.max(0, n));
}

/**
 * `filter: none | <filter-function>+`: the functions that change colours, composed in order into one
 * matrix (null for none); `blur()` and `drop-shadow()` are accepted and not painted, a `url()`
 * reference makes the declaration invalid.
 */
function parseFilter(values: readonly CV[]): ColorMatrix | null | undefined {
  if (values.length === 1 && values[0].type === 'ident' && values[0].lower === 'none') return null;
  if (values.length === 0) return undefined;
  let matrix: ColorMatrix | null = null;
  for (const v of values) {
    if (v.type !== 'function') return undefined;
    const name = v.name.toLowerCase();
    if (name === 'blur' || name === 'drop-shadow') continue;
    const args = v.args;
    if (args.length > 1) return undefined;
    const amount = args.length === 0 ? (name === 'hue-rotate' ? 0 : 1)
      : name === 'hue-rotate' ? parseAngle(args[0]) : args[0]!.type === 'percentage' ? args[0]!.value / 100 : parseNumber(args[0]!);
    if (amount === undefined || name !== 'hue-rotate' && amount < 0) return undefined;
    const step = filterMatrix(name, amount);
    if (step === null) return undefined;
    matrix = matrix === null ? step : composeMatrices(matrix, step);
  }
  return matrix ?? IDENTITY_MATRIX;
}

/**
 * `color-scheme`: normal, or schemes with `only`. The page prefers light, as Chromium prints, so
 * the used scheme is dark only when the list names dark and not light.
 */
function parseColorScheme(values: readonly CV[]): 'light' | 'dark' | undefined {
  if (values.length === 0 || values.some((v) => v.type !== 'ident')) return undefined;
  const names = values.map((v) => (v as Extract<CV, { type: 'ident' }>).lower);
  if (names.length === 1 && names[0] === 'normal') return 'light';
  return names.includes('dark') && !names.includes('light') ? 'dark' : 'light';
}

export function paintProperties(): PropertyDef[] {
  return [
    simple('color-scheme', 'colorScheme', true, parseColorScheme),
    simple('background-color', 'backgroundColor', false, parseSingleColor, (spec: ColorSpec, ctx: ComputeContext): Color =>
      resolveColor(spec, ctx.color),
    ),
    backgroundList('background-image', 'images', parseBackgroundImage, (spec: ImageSpec | 'none', ctx) =>
      spec === 'none' ? null : resolveImage(spec, ctx.color, ctx),
    ),
    backgroundList('background-position-x', 'positionX', (v) => parsePositionAxis(v, 'x'), (spec, ctx): LengthPercentage =>
      resolveLength(spec, ctx),
    ),
    backgroundList('background-position-y', 'positionY', (v) => parsePositionAxis(v, 'y'), (spec, ctx): LengthPercentage =>
      resolveLength(spec, ctx),
    ),
    backgroundList('background-size', 'sizes', parseSize, computeSize),
    backgroundList('background-repeat', 'repeats', parseRepeat, (spec) => spec),
    backgroundList('background-origin', 'origins', (v) => parseBox(v), (spec) => spec),
    backgroundList('background-clip', 'clips', parseClipArea, (spec) => spec),
    simple('opacity', 'opacity', false, parseOpacity),
    simple('border-image-source', 'borderImageSource', false, parseBackgroundImage, (spec: ImageSpec | 'none', ctx) => (spec === 'none' ? null : resolveImage(spec, ctx.color, ctx))),
    simple('border-image-slice', 'borderImageSlice', false, parseBorderImageSlice),
    simple('border-image-width', 'borderImageWidth', false, (values) => parseBorderImageLengths(values, true), (spec: readonly BorderImageLengthSpec[], ctx) =>
      spec.map((side) => computeBorderImageLength(side, (length) => resolveLength(length, ctx)))),
    simple('border-image-outset', 'borderImageOutset', false, (values) => parseBorderImageLengths(values, false), (spec: readonly BorderImageLengthSpec[], ctx) =>
      spec.map((side) => computeBorderImageLength(side, (length) => resolvePx(length, ctx)))),
    simple('border-image-repeat', 'borderImageRepeat', false, parseBorderImageRepeat),
    simple('filter', 'filter', false, parseFilter),
    keywordProperty('mix-blend-mode', 'mixBlendMode', false, ['normal', 'multiply', 'screen', 'overlay', 'darken', 'lighten', 'color-dodge',
      'color-burn', 'hard-light', 'soft-light', 'difference', 'exclusion', 'hue', 'saturation', 'color', 'luminosity'] as const, { 'plus-lighter': 'normal', 'plus-darker': 'normal' }),
    simple('box-shadow', 'boxShadow', false, parseShadows, computeShadows),
    simple('text-shadow', 'textShadow', true, parseTextShadows, computeShadows),
    simple('clip', 'clip', false, parseClip, computeClip),
    simple('outline-width', 'outlineWidth', false, parseBorderWidth, (spec, ctx) => snapBorderWidth(resolvePx(spec, ctx), ctx.printZoom)),
    // `auto` is the platform's focus ring; printed, Chromium draws it as a solid line.
    simple('outline-style', 'outlineStyle', false, (values) => (values.length === 1 && values[0].type === 'ident' && values[0].lower === 'auto' ? 'solid' : parseBorderStyle(values))),
    simple('outline-color', 'outlineColor', false, parseSingleColor, (spec) => (spec === 'currentcolor' ? null : spec)),
    simple('outline-offset', 'outlineOffset', false, (values) => (values.length === 1 ? parseLength(values[0], { negative: true }) : undefined), resolvePx),
    keywordProperty('object-fit', 'objectFit', false, ['fill', 'contain', 'cover', 'none', 'scale-down'] as const),
    simple('object-position', 'objectPosition', false, parsePosition, (spec, ctx) => [
      resolveLength(spec[0], ctx),
      resolveLength(spec[1], ctx),
    ]),
  ];
}

export function finishPaint(d: StyleDraft, ctx: ComputeContext): void {
  const draft = ctx.scratch.background;
  if (draft !== null) {
    d.backgroundLayers = assembleBackground(draft);
    // The number of layers is the number of background-image items; the last one is the bottom.
    d.backgroundClip = draft.clips[(draft.images.length - 1) % draft.clips.length];
  }
}
