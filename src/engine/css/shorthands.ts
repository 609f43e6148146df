// Shorthand properties and aliases: each expands to specified values of its longhands.
import { parseBorderStyle, parseBorderWidth, parseSingleColor } from './properties/box.js';
import { longhandId, longhands } from './properties/index.js';
import type { CV } from './syntax.js';
import { fourValues, parseComponents, quoteString, splitOnComma, splitOnSlash } from './syntax.js';
import { parseBackgroundImage, parseBox, parseClipArea, parseRepeat, parseSize, splitBackgroundLayer } from './values/background.js';
import { splitBorderImage } from './values/border-image.js';
import { parseColor } from './values/color.js';
import { parseFontSize, parseLineHeight, splitFont, systemFont } from './values/font.js';
import { parseLength } from './values/length.js';
import { parsePosition } from './values/position.js';

/** Marks a longhand a shorthand resets to its initial value. */
export const RESET = Symbol('initial');

/** Longhand name → specified value (or RESET); undefined = invalid. */
export type Expansion = [string, unknown][];

export interface Shorthand {
  readonly longhands: readonly string[];
  expand(values: readonly CV[], text: string): Expansion | undefined;
}

/** Parse CVs as a longhand would; undefined when invalid. */
export function parseAs(name: string, values: readonly CV[], text = ''): unknown {
  const id = longhandId(name);
  return id === undefined ? undefined : longhands()[id].parse(values, text);
}

/** Expand pieces (CV lists, null = reset) by parsing each with its longhand. */
function parsed(pieces: [string, readonly CV[] | null][]): Expansion | undefined {
  const out: Expansion = [];
  for (const [name, v] of pieces) {
    if (v === null) {
      out.push([name, RESET]);
      continue;
    }
    const spec = parseAs(name, v);
    if (spec === undefined) return undefined;
    out.push([name, spec]);
  }
  return out;
}

const ident = (name: string): CV => ({ type: 'ident', value: name, lower: name });
const number = (value: number): CV => ({ type: 'number', value });

const SIDES = ['top', 'right', 'bottom', 'left'] as const;

function boxShorthand(names: readonly [string, string, string, string]): Shorthand {
  return {
    longhands: names,
    expand(values) {
      const four = fourValues(values);
      return four && parsed(names.map((n, i) => [n, [four[i]]] as [string, CV[]]));
    },
  };
}

/** Two-value logical shorthands (margin-block: start end), horizontal-tb ltr. */
function pairShorthand(start: string, end: string): Shorthand {
  return {
    longhands: [start, end],
    expand(values) {
      if (values.length < 1 || values.length > 2) return undefined;
      return parsed([[start, [values[0]]], [end, [values[values.length - 1]]]]);
    },
  };
}

const BORDER_IMAGE_LONGHANDS = ['border-image-source', 'border-image-slice', 'border-image-width', 'border-image-outset', 'border-image-repeat'];

/** `<width> || <style> || <color>` for the given sides; `border` itself also resets border-image (CSS Backgrounds 3 §4.4). */
function borderShorthand(sides: readonly string[], resetsImage = false): Shorthand {
  const names = sides.flatMap((s) => [`border-${s}-width`, `border-${s}-style`, `border-${s}-color`]);
  return {
    longhands: resetsImage ? [...names, ...BORDER_IMAGE_LONGHANDS] : names,
    expand(values) {
      const parts = parseLineParts(values);
      if (parts === undefined) return undefined;
      const { width, style, color } = parts;
      const out: Expansion = [];
      for (const s of sides) {
        out.push([`border-${s}-width`, width ?? RESET], [`border-${s}-style`, style ?? RESET], [`border-${s}-color`, color ?? RESET]);
      }
      if (resetsImage) for (const name of BORDER_IMAGE_LONGHANDS) out.push([name, RESET]);
      return out;
    },
  };
}

/** `<width> || <style> || <color>` in any order (border and column-rule shorthands); undefined when invalid. */
function parseLineParts(values: readonly CV[]): { width: unknown; style: unknown; color: unknown } | undefined {
  let width: unknown;
  let style: unknown;
  let color: unknown;
  for (const v of values) {
    const one = [v];
    if (width === undefined && (width = parseBorderWidth(one)) !== undefined) continue;
    if (style === undefined && (style = parseBorderStyle(one)) !== undefined) continue;
    if (color === undefined && (color = parseSingleColor(one)) !== undefined) continue;
    return undefined;
  }
  return values.length === 0 ? undefined : { width, style, color };
}

function borderPartShorthand(part: 'width' | 'style' | 'color'): Shorthand {
  return boxShorthand(SIDES.map((s) => `border-${s}-${part}`) as unknown as [string, string, string, string]);
}

const borderRadius: Shorthand = {
  longhands: ['border-top-left-radius', 'border-top-right-radius', 'border-bottom-right-radius', 'border-bottom-left-radius'],
  expand(values) {
    const halves = splitOnSlash(values);
    if (halves.length > 2) return undefined;
    const h = fourValues(halves[0]);
    const v = halves.length === 2 ? fourValues(halves[1]) : h;
    if (h === undefined || v === undefined) return undefined;
    return parsed(this.longhands.map((n, i) => [n, [h[i], v[i]]] as [string, CV[]]));
  },
};

const font: Shorthand = {
  longhands: ['font-style', 'font-variant-caps', 'font-variant-numeric', 'font-weight', 'font-size', 'line-height', 'font-family'],
  expand(values) {
    const system = systemFont(values);
    const parts = splitFont(system === null ? values : parseComponents(system));
    if (parts === undefined) return undefined;
    if (parseFontSize(parts.size) === undefined) return undefined;
    if (parts.lineHeight !== null && parseLineHeight(parts.lineHeight) === undefined) return undefined;
    return parsed([
      ['font-style', parts.style],
      ['font-variant-caps', parts.variant],
      ['font-variant-numeric', null],
      ['font-weight', parts.weight],
      ['font-size', parts.size],
      ['line-height', parts.lineHeight],
      ['font-family', parts.family],
    ]);
  },
};

const fontVariant: Shorthand = {
  longhands: ['font-variant-caps', 'font-variant-numeric'],
  expand(values) {
    if (!values.every((v) => v.type === 'ident' || v.type === 'function')) return undefined;
    const caps = values.find((v) => v.type === 'ident' && parseAs('font-variant-caps', [v]) !== undefined && v.lower !== 'normal');
    const numeric = values.filter((v) => v.type === 'ident' && v.lower !== 'normal' && parseAs('font-variant-numeric', [v]) !== undefined);
    return parsed([['font-variant-caps', caps ? [caps] : [ident('normal')]], ['font-variant-numeric', numeric.length > 0 ? numeric : [ident('normal')]]]);
  },
};

const listStyle: Shorthand = {
  longhands: ['list-style-type', 'list-style-position', 'list-style-image'],
  expand(values) {
    let type: CV[] | null = null;
    let position: CV[] | null = null;
    let image: CV[] | null = null;
    let nones = 0;
    for (const v of values) {
      if (v.type === 'ident' && v.lower === 'none') nones++;
      else if (position === null && parseAs('list-style-position', [v]) !== undefined) position = [v];
      else if (image === null && v.type !== 'ident' && v.type !== 'string' && parseAs('list-style-image', [v]) !== undefined) image = [v];
      else if (type === null && parseAs('list-style-type', [v]) !== undefined) type = [v];
      else return undefined;
    }
    // `none` goes to whichever of type and image is not otherwise given.
    if (nones > 0 && type === null) (type = [ident('none')]), nones--;
    if (nones > 0 && image === null) (image = [ident('none')]), nones--;
    if (nones > 0 || values.length === 0) return undefined;
    return parsed([['list-style-type', type], ['list-style-position', position], ['list-style-image', image]]);
  },
};

const textDecoration: Shorthand = {
  longhands: ['text-decoration-line', 'text-decoration-style', 'text-decoration-color', 'text-decoration-thickness'],
  expand(values) {
    const lines: CV[] = [];
    let style: CV[] | null = null;
    let color: CV[] | null = null;
    let thickness: CV[] | null = null;
    for (const v of values) {
      if (v.type === 'ident' && parseAs('text-decoration-line', [v]) !== undefined) lines.push(v);
      else if (style === null && parseAs('text-decoration-style', [v]) !== undefined) style = [v];
      else if (color === null && parseColor(v) !== undefined) color = [v];
      else if (thickness === null && parseAs('text-decoration-thickness', [v]) !== undefined) thickness = [v];
      else return undefined;
    }
    if (values.length === 0) return undefined;
    return parsed([['text-decoration-line', lines.length ? lines : null], ['text-decoration-style', style], ['text-decoration-color', color], ['text-decoration-thickness', thickness]]);
  },
};

const BACKGROUND_LONGHANDS = [
  'background-color', 'background-image', 'background-position-x', 'background-position-y', 'background-size',
  'background-repeat', 'background-origin', 'background-clip',
];

const background: Shorthand = {
  longhands: BACKGROUND_LONGHANDS,
  expand(values) {
    const layers = splitOnComma(values);
    const images: unknown[] = [];
    const xs: unknown[] = [];
    const ys: unknown[] = [];
    const sizes: unknown[] = [];
    const repeats: unknown[] = [];
    const origins: unknown[] = [];
    const clips: unknown[] = [];
    let color: unknown = RESET;
    for (let i = 0; i < layers.length; i++) {
      const last = i === layers.length - 1;
      const parts = splitBackgroundLayer(layers[i], (x) => last && parseColor(x) !== undefined);
      if (parts === undefined) return undefined;
      images.push(parts.image ? parseBackgroundImage(parts.image) : 'none');
      const pos = parts.position ? parsePosition(parts.position) : undefined;
      if (parts.position && pos === undefined) return undefined;
      xs.push(pos ? pos[0] : 0);
      ys.push(pos ? pos[1] : 0);
      sizes.push(parts.size ? parseSize(parts.size) : ['auto', 'auto']);
      repeats.push(parts.repeat ? parseRepeat(parts.repeat) : ['repeat', 'repeat']);
      origins.push(parts.origin ? parseBox(parts.origin) : 'padding-box');
      clips.push(parts.clip ? parseClipArea(parts.clip) : 'border-box');
      if (parts.color) color = parseColor(parts.color);
    }
    const lists = [images, xs, ys, sizes, repeats, origins, clips];
    if (lists.some((l) => l.includes(undefined))) return undefined;
    return [
      ['background-color', color],
      ['background-image', images],
      ['background-position-x', xs],
      ['background-position-y', ys],
      ['background-size', sizes],
      ['background-repeat', repeats],
      ['background-origin', origins],
      ['background-clip', clips],
    ];
  },
};

const backgroundPosition: Shorthand = {
  longhands: ['background-position-x', 'background-position-y'],
  expand(values) {
    const xs: unknown[] = [];
    const ys: unknown[] = [];
    for (const layer of splitOnComma(values)) {
      const pos = parsePosition(layer);
      if (pos === undefined) return undefined;
      xs.push(pos[0]);
      ys.push(pos[1]);
    }
    return [['background-position-x', xs], ['background-position-y', ys]];
  },
};

const flex: Shorthand = {
  longhands: ['flex-grow', 'flex-shrink', 'flex-basis'],
  expand(values) {
    if (values.length === 1 && values[0].type === 'ident') {
      if (values[0].lower === 'none') return parsed([['flex-grow', [number(0)]], ['flex-shrink', [number(0)]], ['flex-basis', [ident('auto')]]]);
      if (values[0].lower === 'auto') return parsed([['flex-grow', [number(1)]], ['flex-shrink', [number(1)]], ['flex-basis', [ident('auto')]]]);
    }
    const nums: CV[] = [];
    let basis: CV[] | null = null;
    for (const v of values) {
      if (v.type === 'number' && nums.length < 2) nums.push(v);
      else if (basis === null && parseAs('flex-basis', [v]) !== undefined) basis = [v];
      else return undefined;
    }
    if (values.length === 0 || values.length > 3) return undefined;
    // `flex: <grow>` sets basis to 0%, per the spec.
    return parsed([
      ['flex-grow', nums.length > 0 ? [nums[0]] : [number(1)]],
      ['flex-shrink', nums.length > 1 ? [nums[1]] : [number(1)]],
      ['flex-basis', basis ?? [{ type: 'percentage', value: 0 }]],
    ]);
  },
};

const flexFlow: Shorthand = {
  longhands: ['flex-direction', 'flex-wrap'],
  expand(values) {
    let dir: CV[] | null = null;
    let wrap: CV[] | null = null;
    for (const v of values) {
      if (dir === null && parseAs('flex-direction', [v]) !== undefined) dir = [v];
      else if (wrap === null && parseAs('flex-wrap', [v]) !== undefined) wrap = [v];
      else return undefined;
    }
    return values.length === 0 ? undefined : parsed([['flex-direction', dir], ['flex-wrap', wrap]]);
  },
};

const gap: Shorthand = {
  longhands: ['row-gap', 'column-gap'],
  expand(values) {
    if (values.length < 1 || values.length > 2) return undefined;
    return parsed([['row-gap', [values[0]]], ['column-gap', [values[values.length - 1]]]]);
  },
};

/** place-content / place-items / place-self: `<align> <justify>?`. */
function placeShorthand(align: string, justify: string | null): Shorthand {
  return {
    longhands: justify ? [align, justify] : [align],
    expand(values) {
      if (values.length < 1 || values.length > 2) return undefined;
      const pieces: [string, CV[]][] = [[align, [values[0]]]];
      if (justify) pieces.push([justify, [values[values.length - 1]]]);
      return parsed(pieces);
    },
  };
}

function isCustomIdent(v: readonly CV[]): boolean {
  return v.length === 1 && v[0].type === 'ident' && v[0].lower !== 'auto' && v[0].lower !== 'span';
}

/** grid-row / grid-column: `<start> [/ <end>]`. */
function gridLineShorthand(kind: 'row' | 'column'): Shorthand {
  const start = `grid-${kind}-start`;
  const end = `grid-${kind}-end`;
  return {
    longhands: [start, end],
    expand(values) {
      const parts = splitOnSlash(values);
      if (parts.length > 2 || parts.some((p) => p.length === 0)) return undefined;
      const endPart = parts[1] ?? (isCustomIdent(parts[0]) ? parts[0] : [ident('auto')]);
      return [[start, cvText(parts[0])], [end, cvText(endPart)]];
    },
  };
}

/** Grid line values are raw text; rebuild it from CVs. */
function cvText(values: readonly CV[]): string {
  return values
    .map((v) => {
      switch (v.type) {
        case 'ident':
          return v.value;
        case 'number':
          return String(v.value);
        case 'string':
          return quoteString(v.value);
        case 'function':
        case 'block':
          return v.text;
        case 'dimension':
          return `${v.value}${v.unit}`;
        case 'percentage':
          return `${v.value}%`;
        case 'delim':
          return v.value;
        default:
          return '';
      }
    })
    .join(' ');
}

const gridArea: Shorthand = {
  longhands: ['grid-area', 'grid-row-start', 'grid-column-start', 'grid-row-end', 'grid-column-end'],
  expand(values) {
    const parts = splitOnSlash(values);
    if (parts.length > 4 || parts.some((p) => p.length === 0)) return undefined;
    const rowStart = parts[0];
    const colStart = parts[1] ?? (isCustomIdent(rowStart) ? rowStart : [ident('auto')]);
    const rowEnd = parts[2] ?? (isCustomIdent(rowStart) ? rowStart : [ident('auto')]);
    const colEnd = parts[3] ?? (isCustomIdent(colStart) ? colStart : [ident('auto')]);
    return [
      ['grid-area', parts.map(cvText).join(' / ')],
      ['grid-row-start', cvText(rowStart)],
      ['grid-column-start', cvText(colStart)],
      ['grid-row-end', cvText(rowEnd)],
      ['grid-column-end', cvText(colEnd)],
    ];
  },
};

/** `grid-template: <rows> / <columns>` (the areas form with strings is kept whole in areas). */
const gridTemplate: Shorthand = {
  longhands: ['grid-template-rows', 'grid-template-columns', 'grid-template-areas'],
  expand(values, text) {
    if (values.length === 1 && values[0].type === 'ident' && values[0].lower === 'none') {
      return [['grid-template-rows', 'none'], ['grid-template-columns', 'none'], ['grid-template-areas', 'none']];
    }
    const slash = text.indexOf('/');
    const strings = values.filter((v) => v.type === 'string');
    if (strings.length > 0) {
      const areas = strings.map((s) => quoteString((s as { value: string }).value)).join(' ');
      const columns = slash >= 0 ? text.slice(slash + 1).trim() : 'none';
      // Rows: each string's size (auto when none follows it), with the line names around it.
      const rows: string[] = [];
      let sized = true;
      let sizeAt = 0;
      for (const v of splitOnSlash(values)[0]) {
        if (v.type === 'string') {
          if (!sized) rows.splice(sizeAt, 0, 'auto');
          sized = false;
          sizeAt = rows.length;
        } else {
          if (!(v.type === 'block' && v.open === '[')) sized = true;
          rows.push(cvText([v]));
        }
      }
      if (!sized) rows.splice(sizeAt, 0, 'auto');
      return [['grid-template-areas', areas], ['grid-template-rows', rows.join(' ')], ['grid-template-columns', columns]];
    }
    if (slash < 0) return undefined;
    return [
      ['grid-template-rows', text.slice(0, slash).trim()],
      ['grid-template-columns', text.slice(slash + 1).trim()],
      ['grid-template-areas', 'none'],
    ];
  },
};

/** `grid`: a `grid-template`, or `<rows> / auto-flow [dense] <auto-columns>?` and its transpose. */
const grid: Shorthand = {
  longhands: ['grid-template-rows', 'grid-template-columns', 'grid-template-areas', 'grid-auto-flow', 'grid-auto-rows', 'grid-auto-columns'],
  expand(values, text) {
    const slash = text.indexOf('/');
    const sides = slash < 0 ? [text] : [text.slice(0, slash), text.slice(slash + 1)];
    const flowAt = sides.findIndex((side) => /(^|\s)auto-flow(\s|$)/i.test(side));
    const autos: [string, string][] = [['grid-auto-flow', 'row'], ['grid-auto-rows', 'auto'], ['grid-auto-columns', 'auto']];
    if (flowAt < 0) {
      const template = gridTemplate.expand(values, text);
      return template && [...template, ...autos];
    }
    if (sides.length !== 2) return undefined;
    const flowSide = sides[flowAt].trim();
    const dense = /(^|\s)dense(\s|$)/i.test(flowSide) ? ' dense' : '';
    const size = flowSide.replace(/(^|\s)(auto-flow|dense)(?=\s|$)/gi, ' ').trim() || 'auto';
    const other = sides[1 - flowAt].trim();
    return flowAt === 0
      ? [['grid-template-rows', 'none'], ['grid-template-columns', other], ['grid-template-areas', 'none'], ['grid-auto-flow', `row${dense}`], ['grid-auto-rows', size], ['grid-auto-columns', 'auto']]
      : [['grid-template-rows', other], ['grid-template-columns', 'none'], ['grid-template-areas', 'none'], ['grid-auto-flow', `column${dense}`], ['grid-auto-rows', 'auto'], ['grid-auto-columns', size]];
  },
};

const columns: Shorthand = {
  longhands: ['column-width', 'column-count'],
  expand(values) {
    let width: CV[] | null = null;
    let count: CV[] | null = null;
    let autos = 0;
    for (const v of values) {
      if (v.type === 'ident' && v.lower === 'auto') autos++;
      else if (count === null && v.type === 'number') count = [v];
      else if (width === null && parseLength(v) !== undefined) width = [v];
      else return undefined;
    }
    if (values.length === 0 || values.length > 2 || autos + (count ? 1 : 0) + (width ? 1 : 0) !== values.length) return undefined;
    return parsed([['column-width', width], ['column-count', count]]);
  },
};

/** `column-rule: <width> || <style> || <color>`. */
const columnRule: Shorthand = {
  longhands: ['column-rule-width', 'column-rule-style', 'column-rule-color'],
  expand(values) {
    const parts = parseLineParts(values);
    if (parts === undefined) return undefined;
    const { width, style, color } = parts;
    return [['column-rule-width', width ?? RESET], ['column-rule-style', style ?? RESET], ['column-rule-color', color ?? RESET]];
  },
};

/** `outline: <width> || <style> || <color>`. */
const outline: Shorthand = {
  longhands: ['outline-width', 'outline-style', 'outline-color'],
  expand(values) {
    const auto = values.findIndex((v) => v.type === 'ident' && v.lower === 'auto');
    const rest = auto < 0 ? values : values.filter((_, i) => i !== auto);
    const parts = auto >= 0 && rest.length === 0 ? { width: undefined, style: undefined, color: undefined } : parseLineParts(rest);
    if (parts === undefined || auto >= 0 && parts.style !== undefined) return undefined;
    const { width, style, color } = parts;
    return [['outline-width', width ?? RESET], ['outline-style', auto >= 0 ? 'solid' : style ?? RESET], ['outline-color', color ?? RESET]];
  },
};

const overflow: Shorthand = {
  longhands: ['overflow-x', 'overflow-y'],
  expand(values) {
    if (values.length < 1 || values.length > 2) return undefined;
    return parsed([['overflow-x', [values[0]]], ['overflow-y', [values[values.length - 1]]]]);
  },
};

/**
 * `text-wrap: <mode> || <style>` (CSS Text 4): the style (`balance`, `pretty`, `stable`, `auto`),
 * and `nowrap` or `wrap` as the wrapping part of `white-space`, which holds both here; a value
 * without a mode leaves `white-space` alone rather than undo a preserved one.
 */
const textWrap: Shorthand = {
  longhands: ['text-wrap-style'],
  expand(values) {
    let mode: CV[] | null = null;
    let style: CV[] | null = null;
    for (const v of values) {
      if (v.type === 'ident' && (v.lower === 'wrap' || v.lower === 'nowrap') && mode === null) mode = [v.lower === 'wrap' ? ident('normal') : v];
      else if (style === null && parseAs('text-wrap-style', [v]) !== undefined) style = [v];
      else return undefined;
    }
    if (values.length === 0) return undefined;
    return parsed(mode === null ? [['text-wrap-style', style]] : [['white-space', mode], ['text-wrap-style', style]]);
  },
};

/** `container: <name>+ [ / <type> ]`. */
const container: Shorthand = {
  longhands: ['container-name', 'container-type'],
  expand(values) {
    const slash = values.findIndex((v) => v.type === 'delim' && v.value === '/');
    const names = slash === -1 ? values : values.slice(0, slash);
    const type = slash === -1 ? [ident('normal')] : values.slice(slash + 1);
    if (names.length === 0 || type.length !== 1) return undefined;
    return parsed([['container-name', [...names]], ['container-type', [...type]]]);
  },
};

/** `border-image: <source> || <slice> [/ <width> | / <width>? / <outset>]? || <repeat>` (decision 0399). */
const borderImage: Shorthand = {
  longhands: BORDER_IMAGE_LONGHANDS,
  expand(values) {
    const parts = splitBorderImage(values, (v) => v.type !== 'ident' && parseBackgroundImage([v]) !== undefined);
    if (parts === undefined) return undefined;
    return parsed([
      ['border-image-source', parts.source], ['border-image-slice', parts.slice], ['border-image-width', parts.width],
      ['border-image-outset', parts.outset], ['border-image-repeat', parts.repeat],
    ]);
  },
};

function ignored(): Shorthand {
  return { longhands: [], expand: () => [] };
}

let table: Map<string, Shorthand> | null = null;

function build(): Map<string, Shorthand> {
  const t = new Map<string, Shorthand>();
  t.set('margin', boxShorthand(['margin-top', 'margin-right', 'margin-bottom', 'margin-left']));
  t.set('padding', boxShorthand(['padding-top', 'padding-right', 'padding-bottom', 'padding-left']));
  t.set('inset', boxShorthand(['top', 'right', 'bottom', 'left']));
  t.set('border-width', borderPartShorthand('width'));
  t.set('border-style', borderPartShorthand('style'));
  t.set('border-color', borderPartShorthand('color'));
  t.set('border', borderShorthand(SIDES, true));
  for (const s of SIDES) t.set(`border-${s}`, borderShorthand([s]));
  t.set('border-block', borderShorthand(['top', 'bottom']));
  t.set('border-inline', borderShorthand(['left', 'right']));
  t.set('border-block-start', borderShorthand(['top']));
  t.set('border-block-end', borderShorthand(['bottom']));
  t.set('border-inline-start', borderShorthand(['left']));
  t.set('border-inline-end', borderShorthand(['right']));
  t.set('border-radius', borderRadius);
  t.set('border-image', borderImage);
  t.set('margin-block', pairShorthand('margin-top', 'margin-bottom'));
  t.set('margin-inline', pairShorthand('margin-left', 'margin-right'));
  t.set('padding-block', pairShorthand('padding-top', 'padding-bottom'));
  t.set('padding-inline', pairShorthand('padding-left', 'padding-right'));
  t.set('inset-block', pairShorthand('top', 'bottom'));
  t.set('inset-inline', pairShorthand('left', 'right'));
  t.set('background', background);
  t.set('background-position', backgroundPosition);
  t.set('font', font);
  t.set('font-variant', fontVariant);
  t.set('list-style', listStyle);
  t.set('text-decoration', textDecoration);
  t.set('text-wrap', textWrap);
  t.set('flex', flex);
  t.set('flex-flow', flexFlow);
  t.set('gap', gap);
  t.set('grid-gap', gap);
  t.set('place-content', placeShorthand('align-content', 'justify-content'));
  t.set('place-items', placeShorthand('align-items', 'justify-items'));
  t.set('place-self', placeShorthand('align-self', 'justify-self'));
  t.set('grid-area', gridArea);
  t.set('grid-row', gridLineShorthand('row'));
  t.set('grid-column', gridLineShorthand('column'));
  t.set('grid-template', gridTemplate);
  t.set('grid', grid);
  t.set('columns', columns);
  t.set('overflow', overflow);
  t.set('container', container);
  t.set('outline', ignored());
  t.set('column-rule', columnRule);
  t.set('outline', outline);
  return t;
}

export function shorthand(name: string): Shorthand | undefined {
  return (table ??= build()).get(name);
}

const LOGICAL: Record<string, string> = {
  'block-start': 'top', 'block-end': 'bottom', 'inline-start': 'left', 'inline-end': 'right',
};

/**
 * WebKit's logical names before CSS's (`-webkit-padding-start`, `-webkit-margin-before`,
 * `-webkit-border-end-color`…), which Chromium still reads: the standard logical property they
 * stand for.
 */
export function webkitLogicalName(name: string): string | undefined {
  const match = /^-webkit-(margin|padding|border)-(start|end|before|after)(-width|-style|-color)?$/.exec(name);
  if (match === null || match[1] !== 'border' && match[3] !== undefined) return undefined;
  const side = { start: 'inline-start', end: 'inline-end', before: 'block-start', after: 'block-end' }[match[2] as 'start' | 'end' | 'before' | 'after'];
  return `${match[1]}-${side}${match[3] ?? ''}`;
}

let aliasTable: Map<string, string> | null = null;

/** Legacy, vendor and logical (horizontal-tb, ltr) names for a longhand. */
export function aliasOf(name: string): string | undefined {
  if (aliasTable === null) {
    const a = new Map<string, string>([
      ['word-wrap', 'overflow-wrap'],
      ['page-break-before', 'break-before'],
      ['page-break-after', 'break-after'],
      ['page-break-inside', 'break-inside'],
      ['-webkit-box-decoration-break', 'box-decoration-break'],
      ['-webkit-appearance', 'appearance'],
      ['-webkit-hyphens', 'hyphens'],
      ['-ms-hyphens', 'hyphens'],
      ['-webkit-transform', 'transform'],
      ['-webkit-background-clip', 'background-clip'],
      ['-webkit-transform-origin', 'transform-origin'],
      ['-webkit-text-decoration-line', 'text-decoration-line'],
      ['-webkit-text-decoration-color', 'text-decoration-color'],
      ['-webkit-text-decoration-style', 'text-decoration-style'],
      ['-webkit-column-count', 'column-count'],
      ['-webkit-column-width', 'column-width'],
      ['-webkit-columns', 'columns'],
      ['-webkit-column-gap', 'column-gap'],
      ['-webkit-column-rule', 'column-rule'],
      ['-webkit-column-rule-width', 'column-rule-width'],
      ['-webkit-column-rule-style', 'column-rule-style'],
      ['-webkit-column-rule-color', 'column-rule-color'],
      ['-webkit-column-span', 'column-span'],
      ['-webkit-column-fill', 'column-fill'],
      ['-webkit-column-break-inside', 'break-inside'],
      ['-webkit-flex-direction', 'flex-direction'],
      ['-webkit-flex-wrap', 'flex-wrap'],
      ['-webkit-flex-grow', 'flex-grow'],
      ['-webkit-flex-shrink', 'flex-shrink'],
      ['-webkit-flex-basis', 'flex-basis'],
      ['-webkit-justify-content', 'justify-content'],
      ['-webkit-align-items', 'align-items'],
      ['-webkit-align-self', 'align-self'],
      ['grid-row-gap', 'row-gap'],
      ['grid-column-gap', 'column-gap'],
      ['inline-size', 'width'],
      ['block-size', 'height'],
      ['min-inline-size', 'min-width'],
      ['min-block-size', 'min-height'],
      ['max-inline-size', 'max-width'],
      ['max-block-size', 'max-height'],
      ['border-start-start-radius', 'border-top-left-radius'],
      ['border-start-end-radius', 'border-top-right-radius'],
      ['border-end-start-radius', 'border-bottom-left-radius'],
      ['border-end-end-radius', 'border-bottom-right-radius'],
      ['text-wrap-mode', 'white-space'],
      ['-webkit-clip-path', 'clip-path'],
      ['white-space-collapse', 'white-space'],
    ]);
    for (const [logical, physical] of Object.entries(LOGICAL)) {
      a.set(`margin-${logical}`, `margin-${physical}`);
      a.set(`padding-${logical}`, `padding-${physical}`);
      a.set(`inset-${logical}`, physical);
      for (const part of ['width', 'style', 'color']) a.set(`border-${logical}-${part}`, `border-${physical}-${part}`);
    }
    aliasTable = a;
  }
  return aliasTable.get(name);
}
