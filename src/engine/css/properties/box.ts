// Longhands of box generation, positioning, sizing, margins, padding and borders.
import { type StyleDraft, initialStyle } from '../initial.js';
import { type ComputeContext, type PropertyDef, keywordProperty, keywords, simple } from '../property.js';
import type { CV } from '../syntax.js';
import { CURRENT_COLOR_BEVEL } from '../values/bevel-grey.js';
import type { AspectRatio, BorderStyle, Color, ComputedStyle, CornerRadius, Display, IntrinsicSizeKeyword } from '../types.js';
import { type ColorSpec, parseColor } from '../values/color.js';
import { lengthInLayoutUnits } from '../values/layout-units.js';
import { type LengthSpec, parseInteger, parseLength, resolveLength, resolvePx } from '../values/length.js';
import { computeShapeOutside, parseClipPath, parseShapeMargin, parseShapeOutside } from '../values/shape.js';
import { CONTAIN_PAINT, parseContain, usedContainment } from '../values/containment.js';

export const SIDES = ['top', 'right', 'bottom', 'left'] as const;
export type Side = (typeof SIDES)[number];
const CAP = { top: 'Top', right: 'Right', bottom: 'Bottom', left: 'Left' } as const;

const DISPLAY_KEYWORDS: Readonly<Record<string, Display>> = {
  none: 'none', contents: 'contents', block: 'block', inline: 'inline', 'inline-block': 'inline-block',
  'flow-root': 'flow-root', 'list-item': 'list-item', table: 'table', 'inline-table': 'inline-table',
  'table-row-group': 'table-row-group', 'table-header-group': 'table-header-group',
  'table-footer-group': 'table-footer-group', 'table-row': 'table-row', 'table-cell': 'table-cell',
  'table-column-group': 'table-column-group', 'table-column': 'table-column', 'table-caption': 'table-caption',
  flex: 'flex', 'inline-flex': 'inline-flex', grid: 'grid', 'inline-grid': 'inline-grid',
  // Approximations of what the engine has no box for.
  'run-in': 'block', ruby: 'inline', 'ruby-base': 'inline', 'ruby-text': 'inline',
  'ruby-base-container': 'inline', 'ruby-text-container': 'inline', 'inline-list-item': 'inline',
  '-webkit-box': 'flex', '-webkit-flex': 'flex', '-ms-flexbox': 'flex', '-webkit-inline-box': 'inline-flex',
  '-webkit-inline-flex': 'inline-flex', '-ms-inline-flexbox': 'inline-flex',
};

/** Two- and three-keyword display values (CSS Display 3). */
function parseDisplay(values: readonly CV[]): Display | undefined {
  if (values.length === 1) return values[0].type === 'ident' ? DISPLAY_KEYWORDS[values[0].lower] : undefined;
  if (values.length > 3 || !values.every((v) => v.type === 'ident')) return undefined;
  const words = new Set(values.map((v) => (v as { lower: string }).lower));
  if (words.size !== values.length) return undefined;
  const outer = words.has('inline') ? 'inline' : words.has('block') || words.has('run-in') ? 'block' : null;
  const listItem = words.delete('list-item');
  words.delete('inline');
  words.delete('block');
  words.delete('run-in');
  const inner = [...words][0] ?? 'flow';
  if (words.size > 1) return undefined;
  if (listItem) return inner === 'flow' || inner === 'flow-root' ? 'list-item' : undefined;
  const isInline = outer === 'inline';
  switch (inner) {
    case 'flow':
      return isInline ? 'inline' : 'block';
    case 'flow-root':
      return isInline ? 'inline-block' : 'flow-root';
    case 'table':
      return isInline ? 'inline-table' : 'table';
    case 'flex':
      return isInline ? 'inline-flex' : 'flex';
    case 'grid':
      return isInline ? 'inline-grid' : 'grid';
    case 'ruby':
      return 'inline';
    default:
      return undefined;
  }
}

type PositionSpec = { readonly position: ComputedStyle['position']; readonly running: string | null };
const POSITIONS = new Set(['static', 'relative', 'absolute', 'fixed', 'sticky']);

function parsePosition(values: readonly CV[]): PositionSpec | undefined {
  if (values.length !== 1) return undefined;
  const v = values[0];
  if (v.type === 'ident') {
    const k = v.lower === '-webkit-sticky' ? 'sticky' : v.lower;
    return POSITIONS.has(k) ? { position: k as ComputedStyle['position'], running: null } : undefined;
  }
  if (v.type === 'function' && v.name === 'running' && v.args.length === 1 && v.args[0].type === 'ident') {
    // A running element leaves the flow for a page margin box; the builder checks `running`.
    return { position: 'static', running: v.args[0].value };
  }
  return undefined;
}

/** A longhand that sets several fields at once: its specified value holds each of them. */
function fieldsProperty(name: string, fields: readonly (keyof ComputedStyle)[], parse: (values: readonly CV[]) => Partial<ComputedStyle> | undefined): PropertyDef {
  return {
    name,
    inherited: false,
    parse,
    apply(d, spec) {
      Object.assign(d, spec as Partial<ComputedStyle>);
    },
    inherit(d, ctx) {
      for (const f of fields) (d as Record<string, unknown>)[f] = ctx.parent[f];
    },
    reset(d) {
      for (const f of fields) (d as Record<string, unknown>)[f] = initialStyle()[f];
    },
  };
}

const positionProperty = fieldsProperty('position', ['position', 'running'], parsePosition);

/** `auto`, a length(-percentage), or a keyword mapped to a value. */
function lengthParser(opts: {
  percent?: boolean;
  negative?: boolean;
  keywords?: Readonly<Record<string, string>>;
}): (values: readonly CV[]) => LengthSpec | string | undefined {
  return (values) => {
    if (values.length !== 1) return undefined;
    const v = values[0];
    if (v.type === 'ident') return opts.keywords?.[v.lower];
    if (v.type === 'function' && v.name === 'fit-content' && opts.keywords?.['fit-content'] !== undefined) {
      return opts.keywords['fit-content'];
    }
    return parseLength(v, { percent: opts.percent ?? true, negative: opts.negative ?? false });
  };
}

function computeLengthOrKeyword(spec: unknown, ctx: ComputeContext): unknown {
  return typeof spec === 'string' ? spec : lengthInLayoutUnits(resolveLength(spec as LengthSpec, ctx));
}

const INTRINSIC_KEYWORDS: Readonly<Record<string, IntrinsicSizeKeyword>> = {
  'min-content': 'min-content', '-webkit-min-content': 'min-content',
  'max-content': 'max-content', '-webkit-max-content': 'max-content',
  'fit-content': 'fit-content', '-webkit-fit-content': 'fit-content',
};

/** The keyword a width longhand's value is, if intrinsic (`fit-content(<length>)` sizes as fit-content). */
function intrinsicKeywordOf(values: readonly CV[]): IntrinsicSizeKeyword | null {
  if (values.length !== 1) return null;
  const v = values[0];
  if (v.type === 'ident') return INTRINSIC_KEYWORDS[v.lower] ?? null;
  return v.type === 'function' && v.name.toLowerCase() === 'fit-content' ? 'fit-content' : null;
}

/** A width longhand that also stores its intrinsic keyword (or null) in `field`. */
function withIntrinsicKeyword(def: PropertyDef, field: 'widthKeyword' | 'minWidthKeyword' | 'maxWidthKeyword'): PropertyDef {
  const isKeyword = (spec: unknown): spec is { intrinsic: IntrinsicSizeKeyword; size: unknown } => typeof spec === 'object' && spec !== null && 'intrinsic' in spec;
  return {
    ...def,
    parse(values, text) {
      const size = def.parse(values, text);
      const keyword = intrinsicKeywordOf(values);
      return size === undefined || keyword === null ? size : { intrinsic: keyword, size };
    },
    apply(d, spec, ctx) {
      def.apply(d, isKeyword(spec) ? spec.size : spec, ctx);
      d[field] = isKeyword(spec) ? spec.intrinsic : null;
    },
    inherit(d, ctx) {
      def.inherit(d, ctx);
      d[field] = ctx.parent[field];
    },
    reset(d, ctx) {
      def.reset(d, ctx);
      d[field] = null;
    },
  };
}

/** A quirky UA margin (`-internal-quirk(1em)` in the quirks-mode UA sheet): its length, flagged. */
interface QuirkySpec {
  readonly quirky: unknown;
}

/**
 * margin-top or margin-bottom that also accepts `-internal-quirk(<length>)`, Chromium's `__qem`
 * margins: the winning declaration sets or clears `bit` in `marginQuirk`.
 */
function quirkyMargin(def: PropertyDef, bit: number): PropertyDef {
  const isQuirky = (spec: unknown): spec is QuirkySpec => typeof spec === 'object' && spec !== null && 'quirky' in spec;
  const flag = (d: StyleDraft, on: boolean): void => {
    d.marginQuirk = on ? d.marginQuirk | bit : d.marginQuirk & ~bit;
  };
  return {
    ...def,
    parse(values, text) {
      const v = values.length === 1 ? values[0] : null;
      if (v?.type !== 'function' || v.name.toLowerCase() !== '-internal-quirk') return def.parse(values, text);
      const inner = def.parse(v.args, v.text);
      return inner === undefined ? undefined : { quirky: inner };
    },
    apply(d, spec, ctx) {
      def.apply(d, isQuirky(spec) ? spec.quirky : spec, ctx);
      flag(d, isQuirky(spec));
    },
    inherit(d, ctx) {
      def.inherit(d, ctx);
      flag(d, false);
    },
    reset(d, ctx) {
      def.reset(d, ctx);
      flag(d, false);
    },
  };
}

function lengthProperty(
  name: string,
  field: keyof ComputedStyle,
  opts: Parameters<typeof lengthParser>[0],
): PropertyDef {
  return simple(name, field, false, lengthParser(opts), computeLengthOrKeyword);
}

// Intrinsic sizes need layout: they compute to auto (or none for max-*) here, and the widths keep
// the keyword beside (`withIntrinsicKeyword`); `stretch` and its aliases fill as auto does.
const INTRINSIC = [
  'min-content', 'max-content', 'fit-content', 'stretch', '-webkit-fill-available', '-moz-available',
  '-webkit-min-content', '-webkit-max-content', '-webkit-fit-content',
];
const SIZE_KEYWORDS: Readonly<Record<string, string>> = Object.fromEntries([['auto', 'auto'], ...INTRINSIC.map((k) => [k, 'auto'])]);
const MAX_SIZE_KEYWORDS: Readonly<Record<string, string>> = Object.fromEntries([['none', 'none'], ...INTRINSIC.map((k) => [k, 'none'])]);

const BORDER_STYLES: readonly BorderStyle[] = [
  'none', 'hidden', 'solid', 'dashed', 'dotted', 'double', 'groove', 'ridge', 'inset', 'outset',
];
const BORDER_WIDTH_KEYWORDS: Readonly<Record<string, number>> = { thin: 1, medium: 3, thick: 5 };

/**
 * A border width as Chromium computes it: whole pixels, rounded down, and at least 1px when it is
 * not 0 (CSS Values 4 "snap as a border width"; a 0.5pt hairline is 1px, 2.7px is 2px).
 */
/** Every `appearance` value but `none` keeps the native look (CSS UI 4 §7.2: the compat keywords behave as auto). */
const APPEARANCE_AUTO: Readonly<Record<string, 'auto'>> = Object.fromEntries(
  ['menulist', 'menulist-button', 'textfield', 'textarea', 'searchfield', 'button', 'push-button', 'square-button', 'checkbox', 'radio',
    'listbox', 'meter', 'progress-bar', 'slider-horizontal', 'base-select'].map((k) => [k, 'auto' as const]),
);

/** A border width as Chromium snaps it: at least one pixel, else whole pixels, of the page printed at `zoom` (decision 0398). */
export function snapBorderWidth(px: number, zoom = 1): number {
  if (px <= 0) return 0;
  const zoomed = px * zoom;
  return (zoomed < 1 ? 1 : Math.floor(zoomed + 1e-4)) / zoom;
}

export function parseBorderWidth(values: readonly CV[]): LengthSpec | undefined {
  if (values.length !== 1) return undefined;
  const v = values[0];
  if (v.type === 'ident') return BORDER_WIDTH_KEYWORDS[v.lower];
  return parseLength(v);
}

export const parseBorderStyle = keywords(BORDER_STYLES);

export function parseSingleColor(values: readonly CV[]): ColorSpec | undefined {
  return values.length === 1 ? parseColor(values[0]) : undefined;
}

function borderProperties(side: Side, index: number): PropertyDef[] {
  const bit = 1 << index;
  const field = `border${CAP[side]}` as 'borderTop';
  return [
    {
      name: `border-${side}-width`,
      inherited: false,
      parse: parseBorderWidth,
      apply(_d, spec, ctx) {
        ctx.scratch.borderSides |= bit;
        ctx.scratch.borderWidth[index] = snapBorderWidth(resolvePx(spec as LengthSpec, ctx), ctx.printZoom);
      },
      inherit(_d, ctx) {
        ctx.scratch.borderSides |= bit;
        ctx.scratch.borderWidth[index] = ctx.parent[field].width;
      },
      reset(_d, ctx) {
        ctx.scratch.borderSides |= bit;
        ctx.scratch.borderWidth[index] = 3;
      },
    },
    {
      name: `border-${side}-style`,
      inherited: false,
      parse: parseBorderStyle,
      apply(_d, spec, ctx) {
        ctx.scratch.borderSides |= bit;
        ctx.scratch.borderStyle[index] = spec as BorderStyle;
      },
      inherit(_d, ctx) {
        ctx.scratch.borderSides |= bit;
        ctx.scratch.borderStyle[index] = ctx.parent[field].style;
      },
      reset(_d, ctx) {
        ctx.scratch.borderSides |= bit;
        ctx.scratch.borderStyle[index] = 'none';
      },
    },
    {
      name: `border-${side}-color`,
      inherited: false,
      parse: parseSingleColor,
      apply(_d, spec, ctx) {
        ctx.scratch.borderSides |= bit;
        ctx.scratch.borderColor[index] = spec === 'currentcolor' ? null : (spec as Exclude<ColorSpec, 'currentcolor'>);
      },
      inherit(_d, ctx) {
        ctx.scratch.borderSides |= bit;
        ctx.scratch.borderColor[index] = ctx.parent[field].color;
      },
      reset(_d, ctx) {
        ctx.scratch.borderSides |= bit;
        ctx.scratch.borderColor[index] = null;
      },
    },
  ];
}

type RadiusSpec = readonly [LengthSpec, LengthSpec];

export function parseRadius(values: readonly CV[]): RadiusSpec | undefined {
  if (values.length < 1 || values.length > 2) return undefined;
  const h = parseLength(values[0], { percent: true });
  const v = values.length === 2 ? parseLength(values[1], { percent: true }) : h;
  return h === undefined || v === undefined ? undefined : [h, v];
}

function radiusProperty(corner: 'top-left' | 'top-right' | 'bottom-right' | 'bottom-left'): PropertyDef {
  const field = `border${corner.split('-').map((w) => w[0].toUpperCase() + w.slice(1)).join('')}Radius` as keyof ComputedStyle;
  return simple(`border-${corner}-radius`, field, false, parseRadius, (spec, ctx): CornerRadius => {
    const h = resolveLength(spec[0], ctx);
    return spec[1] === spec[0] ? [h, h] : [h, resolveLength(spec[1], ctx)];
  });
}

function parseZIndex(values: readonly CV[]): number | 'auto' | undefined {
  if (values.length !== 1) return undefined;
  if (values[0].type === 'ident') return values[0].lower === 'auto' ? 'auto' : undefined;
  return parseInteger(values[0]);
}

const OVERFLOW = keywords(['visible', 'hidden', 'clip', 'scroll', 'auto'] as const, { overlay: 'auto' });

function overflowProperty(axis: 'x' | 'y'): PropertyDef {
  const key = axis === 'x' ? 'overflowX' : 'overflowY';
  return {
    name: `overflow-${axis}`,
    inherited: false,
    parse: OVERFLOW,
    apply(_d, spec, ctx) {
      ctx.scratch[key] = spec as ComputedStyle['overflow'];
    },
    inherit(_d, ctx) {
      ctx.scratch[key] = ctx.parent.overflow;
    },
    reset(_d, ctx) {
      ctx.scratch[key] = 'visible';
    },
  };
}

/**
 * `inline-start` and `inline-end` of `float` and `clear` as the physical side they are in the
 * containing block's direction (taken as the parent's): right to left, inline-start is the right.
 */
function bySide<K extends string>(side: K | 'inline-start' | 'inline-end', ctx: ComputeContext): K | 'left' | 'right' {
  if (side !== 'inline-start' && side !== 'inline-end') return side;
  return (side === 'inline-start') === (ctx.parent.direction === 'rtl') ? 'right' : 'left';
}

/** `none | <custom-ident>+`. */
function parseContainerName(values: readonly CV[]): readonly string[] | undefined {
  if (values.length === 1 && values[0]?.type === 'ident' && values[0].lower === 'none') return [];
  if (values.length === 0 || !values.every((v) => v.type === 'ident' && !['none', 'and', 'or', 'not', 'initial', 'inherit', 'unset', 'default'].includes(v.lower))) return undefined;
  return values.map((v) => (v as { value: string }).value);
}

/** `auto | <ratio> | auto && <ratio>`, where `<ratio>` is `<number> [ / <number> ]`; a zero ratio is `auto`'s. */
function parseAspectRatio(values: readonly CV[]): AspectRatio | null | undefined {
  const auto = values.filter((v) => v.type === 'ident' && v.lower === 'auto').length;
  const rest = values.filter((v) => !(v.type === 'ident' && v.lower === 'auto'));
  if (auto > 1 || (auto === 1 && values[0]?.type !== 'ident' && values[values.length - 1]?.type !== 'ident')) return undefined;
  if (rest.length === 0) return auto === 1 ? null : undefined;
  const numbers = rest.length === 1 ? [rest[0]] : rest.length === 3 && rest[1]?.type === 'delim' && rest[1].value === '/' ? [rest[0], rest[2]] : null;
  if (!numbers || !numbers.every((v) => v?.type === 'number' && v.value >= 0)) return undefined;
  const [width, height = 1] = numbers.map((v) => (v as { value: number }).value);
  if (width === 0 || height === 0 || !Number.isFinite(width / height)) return null;
  return { ratio: width / height, auto: auto === 1 };
}

const LEGACY_BOXES = new Set(['-webkit-box', '-webkit-inline-box']);

/** `display`, which also notes a -webkit-box (properties/truncation.ts decides what that is). */
const displayProperty = fieldsProperty('display', ['display', 'webkitBox'], (values) => {
  const display = parseDisplay(values);
  return display === undefined ? undefined : { display, webkitBox: values[0].type === 'ident' && LEGACY_BOXES.has(values[0].lower) };
});

export function boxProperties(): PropertyDef[] {
  const out: PropertyDef[] = [
    displayProperty,
    positionProperty,
    simple('float', 'float', false, keywords(['none', 'left', 'right', 'inline-start', 'inline-end'] as const, { footnote: 'none' }), bySide),
    simple('clear', 'clear', false, keywords(['none', 'left', 'right', 'both', 'inline-start', 'inline-end'] as const, {
      'block-start': 'none', 'block-end': 'none', all: 'both',
    }), bySide),
    simple('z-index', 'zIndex', false, parseZIndex),
    keywordProperty('visibility', 'visibility', true, ['visible', 'hidden', 'collapse'] as const),
    overflowProperty('x'),
    overflowProperty('y'),
    keywordProperty('box-sizing', 'boxSizing', false, ['content-box', 'border-box'] as const),
    simple('aspect-ratio', 'aspectRatio', false, parseAspectRatio),
    simple('shape-outside', 'shapeOutside', false, parseShapeOutside, computeShapeOutside),
    simple('clip-path', 'clipPath', false, parseClipPath, computeShapeOutside),
    simple('shape-margin', 'shapeMargin', false, parseShapeMargin, (spec, ctx) => resolveLength(spec, ctx)),
    keywordProperty('container-type', 'containerType', false, ['normal', 'inline-size', 'size'] as const),
    simple('contain', 'contain', false, parseContain),
    keywordProperty('content-visibility', 'contentVisibility', false, ['visible', 'auto', 'hidden'] as const),
    simple('container-name', 'containerName', false, parseContainerName),
    withIntrinsicKeyword(lengthProperty('width', 'width', { keywords: SIZE_KEYWORDS }), 'widthKeyword'),
    lengthProperty('height', 'height', { keywords: SIZE_KEYWORDS }),
    withIntrinsicKeyword(lengthProperty('min-width', 'minWidth', { keywords: SIZE_KEYWORDS }), 'minWidthKeyword'),
    lengthProperty('min-height', 'minHeight', { keywords: SIZE_KEYWORDS }),
    withIntrinsicKeyword(lengthProperty('max-width', 'maxWidth', { keywords: MAX_SIZE_KEYWORDS }), 'maxWidthKeyword'),
    lengthProperty('max-height', 'maxHeight', { keywords: MAX_SIZE_KEYWORDS }),
    keywordProperty('box-decoration-break', 'boxDecorationBreak', false, ['slice', 'clone'] as const),
    keywordProperty('appearance', 'appearance', false, ['auto', 'none'] as const, APPEARANCE_AUTO),
    keywordProperty('resize', 'resize', false, ['none', 'both', 'horizontal', 'vertical'] as const, { auto: 'both', block: 'vertical', inline: 'horizontal' }),
  ];
  for (const side of SIDES) {
    out.push(lengthProperty(side, side, { negative: true, keywords: { auto: 'auto' } }));
    const margin = lengthProperty(`margin-${side}`, `margin${CAP[side]}` as 'marginTop', { negative: true, keywords: { auto: 'auto' } });
    out.push(side === 'top' ? quirkyMargin(margin, 1) : side === 'bottom' ? quirkyMargin(margin, 2) : margin);
    out.push(lengthProperty(`padding-${side}`, `padding${CAP[side]}` as 'paddingTop', {}));
  }
  SIDES.forEach((side, i) => out.push(...borderProperties(side, i)));
  for (const corner of ['top-left', 'top-right', 'bottom-right', 'bottom-left'] as const) out.push(radiusProperty(corner));
  return out;
}

const BEVELLED: ReadonlySet<BorderStyle> = new Set(['inset', 'outset', 'groove', 'ridge']);
const TABLE_PARTS: ReadonlySet<Display> = new Set(['table', 'inline-table', 'table-cell']);

/**
 * The colour of a border side left at `currentcolor`: the text colour, except for Chromium's
 * grey on an inset, outset, groove or ridge side of any box but a table or a cell: `<hr>` and
 * `border: 2px inset` print light grey whatever the text colour.
 */
function currentBorderColor(d: StyleDraft, style: BorderStyle): Color {
  return BEVELLED.has(style) && !TABLE_PARTS.has(d.display) ? CURRENT_COLOR_BEVEL : d.color;
}

/** Build the border sides and overflow from the scratch once all longhands are applied. */
export function finishBox(d: StyleDraft, ctx: ComputeContext): void {
  const sc = ctx.scratch;
  if (sc.borderSides !== 0) {
    for (let i = 0; i < 4; i++) {
      if ((sc.borderSides & (1 << i)) === 0) continue;
      const style = sc.borderStyle[i];
      const width = style === 'none' || style === 'hidden' ? 0 : sc.borderWidth[i];
      const side = { width, style, color: sc.borderColor[i] ?? currentBorderColor(d, style) };
      if (i === 0) d.borderTop = side;
      else if (i === 1) d.borderRight = side;
      else if (i === 2) d.borderBottom = side;
      else d.borderLeft = side;
    }
  }
  if (sc.overflowX !== null || sc.overflowY !== null) {
    const x = sc.overflowX ?? 'visible';
    d.overflow = x !== 'visible' ? x : (sc.overflowY ?? 'visible');
  }
  if (d.contain !== 0 || d.contentVisibility !== 'visible' || d.containerType !== 'normal') {
    d.contain = usedContainment(d.contain, d.contentVisibility, d.containerType);
    // Paint containment clips the content to the padding box, as overflow: clip does.
    if ((d.contain & CONTAIN_PAINT) !== 0 && d.overflow === 'visible') d.overflow = 'clip';
  }
}
