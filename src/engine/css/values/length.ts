// Lengths, percentages, numbers and calc()/min()/max()/clamp(): parsed once, resolved per element.
import type { CV } from '../syntax.js';
import type { Percent, Px } from '../types.js';

export type RelativeUnit =
  | 'em' | 'rem' | 'ex' | 'ch' | 'cap' | 'ic' | 'lh' | 'rlh' | 'vw' | 'vh' | 'vmin' | 'vmax'
  | 'cqw' | 'cqh' | 'cqmin' | 'cqmax';

export interface RelativeLength {
  readonly n: number;
  readonly u: RelativeUnit;
}

export interface CalcLength {
  readonly calc: CalcNode;
}

/** A specified length: a px number, a shared Percent, a relative length, or a calc() tree. */
export type LengthSpec = number | Percent | RelativeLength | CalcLength;

export type CalcNode =
  | { readonly k: 'num'; readonly v: number }
  | { readonly k: 'len'; readonly v: number | Percent | RelativeLength }
  | { readonly k: 'add'; readonly a: CalcNode; readonly b: CalcNode; readonly sign: 1 | -1 }
  | { readonly k: 'mul'; readonly a: CalcNode; readonly b: CalcNode }
  | { readonly k: 'div'; readonly a: CalcNode; readonly b: CalcNode }
  | { readonly k: 'min' | 'max'; readonly args: readonly CalcNode[] }
  | { readonly k: 'clamp'; readonly lo: CalcNode; readonly v: CalcNode; readonly hi: CalcNode };

/** What relative units resolve against. */
export interface LengthContext {
  /** The element's computed font size (its parent's, when resolving font-size itself). */
  readonly fontSize: Px;
  readonly rootFontSize: Px;
  /** Viewport = the page's content area. */
  readonly viewportWidth: Px;
  readonly viewportHeight: Px;
  /**
   * The content box of the nearest query container (CSS Conditional 5, section 6): its width for
   * cqw and cqi, its height for cqh and cqb; without one, the viewport's.
   */
  readonly queryWidth?: Px;
  readonly queryHeight?: Px;
  /** The font's x-height, "0" advance and cap height per em, for ex, ch and cap; without them 0.5em, 0.5em and 0.7em. */
  readonly fontUnits?: () => { readonly ex: number; readonly ch: number; readonly cap: number } | null;
}

const ABSOLUTE_UNITS: Record<string, number> = {
  px: 1,
  pt: 96 / 72,
  pc: 16,
  in: 96,
  cm: 96 / 2.54,
  mm: 96 / 25.4,
  q: 96 / 101.6,
};

const RELATIVE_UNITS: Record<string, RelativeUnit> = {
  em: 'em', rem: 'rem', ex: 'ex', ch: 'ch', cap: 'cap', ic: 'ic', lh: 'lh', rlh: 'rlh',
  vw: 'vw', vh: 'vh', vmin: 'vmin', vmax: 'vmax',
  svw: 'vw', lvw: 'vw', dvw: 'vw', svh: 'vh', lvh: 'vh', dvh: 'vh', vi: 'vw', vb: 'vh',
  svmin: 'vmin', lvmin: 'vmin', dvmin: 'vmin', svmax: 'vmax', lvmax: 'vmax', dvmax: 'vmax',
  cqw: 'cqw', cqi: 'cqw', cqh: 'cqh', cqb: 'cqh', cqmin: 'cqmin', cqmax: 'cqmax',
};

const percentCache = new Map<number, Percent>();

/** Shared, immutable Percent objects (computed styles hand them out as is). */
export function percent(value: number): Percent {
  let p = percentCache.get(value);
  if (p === undefined) {
    p = Object.freeze({ percent: value });
    if (percentCache.size < 10_000) percentCache.set(value, p);
  }
  return p;
}

export interface LengthOptions {
  readonly percent?: boolean;
  readonly negative?: boolean;
}

const MATH_FUNCTIONS = new Set(['calc', 'min', 'max', 'clamp', '-webkit-calc']);

/** Parse one component value as a length (or percentage when allowed); undefined when invalid. */
export function parseLength(v: CV | undefined, opts: LengthOptions = {}): LengthSpec | undefined {
  if (v === undefined) return undefined;
  switch (v.type) {
    case 'number':
      return v.value === 0 ? 0 : undefined;
    case 'dimension': {
      if (v.value < 0 && !opts.negative) return undefined;
      const abs = ABSOLUTE_UNITS[v.unit];
      if (abs !== undefined) return v.value * abs;
      const rel = RELATIVE_UNITS[v.unit];
      return rel === undefined ? undefined : { n: v.value, u: rel };
    }
    case 'percentage':
      if (!opts.percent || (v.value < 0 && !opts.negative)) return undefined;
      return percent(v.value);
    case 'function': {
      if (!MATH_FUNCTIONS.has(v.name)) return undefined;
      const node = parseMathFunction(v.name, v.args, opts.percent ?? false);
      if (node === undefined || calcType(node) !== 'length') return undefined;
      return foldCalc(node);
    }
    default:
      return undefined;
  }
}

/** A plain number, or a calc() of numbers; undefined when invalid. */
export function parseNumber(v: CV | undefined): number | undefined {
  if (v === undefined) return undefined;
  if (v.type === 'number') return v.value;
  if (v.type === 'function' && MATH_FUNCTIONS.has(v.name)) {
    const node = parseMathFunction(v.name, v.args, false);
    if (node === undefined || calcType(node) !== 'number') return undefined;
    const r = evaluate(node, null);
    return r === null ? undefined : r.num;
  }
  return undefined;
}

/**
 * A calc() (min(), max(), clamp()) of numbers, or of percentages alone, as colour channels take
 * them (`hsl(171deg, 100%, calc(41% + 0%))`, as Bulma 1 writes its colours); undefined for any
 * other value or a calc() mixing lengths in.
 */
export function parseMathNumberOrPercentage(v: CV): { readonly value: number; readonly percentage: boolean } | undefined {
  if (v.type !== 'function' || !MATH_FUNCTIONS.has(v.name)) return undefined;
  const node = parseMathFunction(v.name, v.args, true);
  if (node === undefined) return undefined;
  const type = calcType(node);
  const r = evaluate(node, null);
  if (r === null) return undefined;
  if (type === 'number') return { value: r.num, percentage: false };
  return type === 'length' && r.px === 0 && !containsLength(node) ? { value: r.pct, percentage: true } : undefined;
}

/** Whether a calc() tree holds a length (not only percentages and numbers). */
function containsLength(node: CalcNode): boolean {
  switch (node.k) {
    case 'num':
      return false;
    case 'len':
      return typeof node.v === 'number' || !('percent' in node.v) || (node.v.px ?? 0) !== 0;
    case 'add':
    case 'mul':
    case 'div':
      return containsLength(node.a) || containsLength(node.b);
    case 'min':
    case 'max':
      return node.args.some(containsLength);
    case 'clamp':
      return containsLength(node.lo) || containsLength(node.v) || containsLength(node.hi);
  }
}

export function parseInteger(v: CV | undefined): number | undefined {
  const n = parseNumber(v);
  if (n === undefined) return undefined;
  if (v?.type === 'number' && !Number.isInteger(n)) return undefined;
  return Math.round(n);
}

/** A calc of only absolute lengths folds to px at parse time. */
function foldCalc(node: CalcNode): LengthSpec {
  const r = evaluate(node, null);
  if (r !== null && r.pct === 0) return r.px;
  if (r !== null && r.px === 0) return percent(r.pct);
  return { calc: node };
}

function parseMathFunction(name: string, args: readonly CV[], allowPercent: boolean): CalcNode | undefined {
  if (name === 'calc' || name === '-webkit-calc') return parseSum(args, allowPercent);
  const parts: CalcNode[] = [];
  let current: CV[] = [];
  for (const a of args) {
    if (a.type === 'comma') {
      const n = parseSum(current, allowPercent);
      if (n === undefined) return undefined;
      parts.push(n);
      current = [];
    } else current.push(a);
  }
  const last = parseSum(current, allowPercent);
  if (last === undefined) return undefined;
  parts.push(last);
  if (name === 'clamp') return parts.length === 3 ? { k: 'clamp', lo: parts[0], v: parts[1], hi: parts[2] } : undefined;
  return { k: name as 'min' | 'max', args: parts };
}

function isOp(v: CV | undefined, ops: string): v is Extract<CV, { type: 'delim' }> {
  return v !== undefined && v.type === 'delim' && ops.includes(v.value);
}

function parseSum(items: readonly CV[], allowPercent: boolean): CalcNode | undefined {
  if (items.length === 0) return undefined;
  let start = 0;
  let node: CalcNode | undefined;
  let sign: 1 | -1 = 1;
  for (let i = 0; i <= items.length; i++) {
    if (i === items.length || isOp(items[i], '+-')) {
      const term = parseProduct(items.slice(start, i), allowPercent);
      if (term === undefined) return undefined;
      node = node === undefined ? term : { k: 'add', a: node, b: term, sign };
      if (i < items.length) sign = (items[i] as { value: string }).value === '-' ? -1 : 1;
      start = i + 1;
    }
  }
  return node;
}

function parseProduct(items: readonly CV[], allowPercent: boolean): CalcNode | undefined {
  if (items.length === 0 || items.length % 2 === 0) return undefined;
  let node = parseOperand(items[0], allowPercent);
  for (let i = 1; node !== undefined && i < items.length; i += 2) {
    const op = items[i];
    const rhs = parseOperand(items[i + 1], allowPercent);
    if (!isOp(op, '*/') || rhs === undefined) return undefined;
    node = op.value === '*' ? { k: 'mul', a: node, b: rhs } : { k: 'div', a: node, b: rhs };
  }
  return node;
}

function parseOperand(v: CV | undefined, allowPercent: boolean): CalcNode | undefined {
  if (v === undefined) return undefined;
  switch (v.type) {
    case 'number':
      return { k: 'num', v: v.value };
    case 'ident':
      if (v.lower === 'pi') return { k: 'num', v: Math.PI };
      if (v.lower === 'e') return { k: 'num', v: Math.E };
      return undefined;
    case 'dimension':
    case 'percentage': {
      const len = parseLength(v, { percent: allowPercent, negative: true });
      if (len === undefined || (typeof len === 'object' && 'calc' in len)) return undefined;
      return { k: 'len', v: len };
    }
    case 'block':
      return v.open === '(' ? parseSum(v.items, allowPercent) : undefined;
    case 'function':
      return MATH_FUNCTIONS.has(v.name) ? parseMathFunction(v.name, v.args, allowPercent) : undefined;
    default:
      return undefined;
  }
}

/** 'number' or 'length' (percentages count as lengths), or null when the types do not combine. */
function calcType(node: CalcNode): 'number' | 'length' | null {
  switch (node.k) {
    case 'num':
      return 'number';
    case 'len':
      return 'length';
    case 'add': {
      const a = calcType(node.a);
      return a !== null && a === calcType(node.b) ? a : null;
    }
    case 'mul': {
      const a = calcType(node.a);
      const b = calcType(node.b);
      if (a === null || b === null || (a === 'length' && b === 'length')) return null;
      return a === 'length' || b === 'length' ? 'length' : 'number';
    }
    case 'div':
      return calcType(node.b) === 'number' ? calcType(node.a) : null;
    case 'min':
    case 'max': {
      const t = calcType(node.args[0]);
      return node.args.every((a) => calcType(a) === t) ? t : null;
    }
    case 'clamp': {
      const t = calcType(node.v);
      return calcType(node.lo) === t && calcType(node.hi) === t ? t : null;
    }
  }
}

/** A linear combination px + pct% (or a bare number). */
interface Linear {
  readonly px: number;
  readonly pct: number;
  readonly num: number;
}

function relativeToPx(len: RelativeLength, ctx: LengthContext): number {
  const n = len.n;
  switch (len.u) {
    case 'em':
    case 'ic':
      return n * ctx.fontSize;
    case 'rem':
      return n * ctx.rootFontSize;
    case 'ex':
      return n * ctx.fontSize * (ctx.fontUnits?.()?.ex ?? 0.5);
    case 'ch':
      return n * ctx.fontSize * (ctx.fontUnits?.()?.ch ?? 0.5);
    case 'cap':
      return n * ctx.fontSize * (ctx.fontUnits?.()?.cap ?? 0.7);
    case 'lh':
      return n * ctx.fontSize * 1.2;
    case 'rlh':
      return n * ctx.rootFontSize * 1.2;
    case 'vw':
      return (n * ctx.viewportWidth) / 100;
    case 'vh':
      return (n * ctx.viewportHeight) / 100;
    case 'vmin':
      return (n * Math.min(ctx.viewportWidth, ctx.viewportHeight)) / 100;
    case 'vmax':
      return (n * Math.max(ctx.viewportWidth, ctx.viewportHeight)) / 100;
    case 'cqw':
      return (n * (ctx.queryWidth ?? ctx.viewportWidth)) / 100;
    case 'cqh':
      return (n * (ctx.queryHeight ?? ctx.viewportHeight)) / 100;
    case 'cqmin':
      return (n * Math.min(ctx.queryWidth ?? ctx.viewportWidth, ctx.queryHeight ?? ctx.viewportHeight)) / 100;
    case 'cqmax':
      return (n * Math.max(ctx.queryWidth ?? ctx.viewportWidth, ctx.queryHeight ?? ctx.viewportHeight)) / 100;
  }
}

/**
 * Evaluate a calc tree; null when it needs a context that was not given. min()/max()/clamp()
 * over arguments that mix percentages and px cannot be decided without the percentage basis:
 * they then pick among the percentage-free arguments (e.g. `min(100%, 600px)` → 600px).
 */
function evaluate(node: CalcNode, ctx: LengthContext | null): Linear | null {
  switch (node.k) {
    case 'num':
      return { px: 0, pct: 0, num: node.v };
    case 'len': {
      const v = node.v;
      if (typeof v === 'number') return { px: v, pct: 0, num: 0 };
      if ('percent' in v) return { px: v.px ?? 0, pct: v.percent, num: 0 };
      if (ctx === null) return null;
      return { px: relativeToPx(v, ctx), pct: 0, num: 0 };
    }
    case 'add': {
      const a = evaluate(node.a, ctx);
      const b = evaluate(node.b, ctx);
      if (a === null || b === null) return null;
      return { px: a.px + node.sign * b.px, pct: a.pct + node.sign * b.pct, num: a.num + node.sign * b.num };
    }
    case 'mul': {
      const a = evaluate(node.a, ctx);
      const b = evaluate(node.b, ctx);
      if (a === null || b === null) return null;
      if (calcType(node.a) === 'number') return { px: a.num * b.px, pct: a.num * b.pct, num: a.num * b.num };
      return { px: a.px * b.num, pct: a.pct * b.num, num: a.num * b.num };
    }
    case 'div': {
      const a = evaluate(node.a, ctx);
      const b = evaluate(node.b, ctx);
      if (a === null || b === null || b.num === 0) return null;
      return { px: a.px / b.num, pct: a.pct / b.num, num: a.num / b.num };
    }
    case 'min':
    case 'max': {
      const vals: Linear[] = [];
      for (const arg of node.args) {
        const r = evaluate(arg, ctx);
        if (r === null) return null;
        vals.push(r);
      }
      return pick(vals, node.k);
    }
    case 'clamp': {
      const lo = evaluate(node.lo, ctx);
      const v = evaluate(node.v, ctx);
      const hi = evaluate(node.hi, ctx);
      if (lo === null || v === null || hi === null) return null;
      const upper = pick([v, hi], 'min');
      return upper === null ? null : pick([lo, upper], 'max');
    }
  }
}

function pick(vals: readonly Linear[], which: 'min' | 'max'): Linear | null {
  const cmp = which === 'min' ? Math.min : Math.max;
  const allPx = vals.every((v) => v.pct === 0);
  const allPct = vals.every((v) => v.px === 0 && v.pct !== 0);
  if (allPx) return { px: cmp(...vals.map((v) => v.px)), pct: 0, num: cmp(...vals.map((v) => v.num)) };
  if (allPct) return { px: 0, pct: cmp(...vals.map((v) => v.pct)), num: 0 };
  const pxOnly = vals.filter((v) => v.pct === 0);
  if (pxOnly.length > 0) return { px: cmp(...pxOnly.map((v) => v.px)), pct: 0, num: 0 };
  return vals[0];
}

/**
 * Resolve a specified length to px, or to a Percent for layout. A calc() mixing both becomes
 * `{ percent, px }` (see `Percent.px`).
 */
export function resolveLength(spec: LengthSpec, ctx: LengthContext): Px | Percent {
  if (typeof spec === 'number') return spec;
  if ('percent' in spec) return spec;
  if ('u' in spec) return relativeToPx(spec, ctx);
  const r = evaluate(spec.calc, ctx);
  if (r === null) return 0;
  if (r.pct === 0) return r.px;
  return r.px === 0 ? percent(r.pct) : { percent: r.pct, px: r.px };
}

/** Resolve to px when the percentage basis is known (font-size, line-height). */
export function resolveLengthAgainst(spec: LengthSpec, ctx: LengthContext, basis: Px): Px {
  const r = resolveLength(spec, ctx);
  if (typeof r === 'number') return r;
  return (r.percent * basis) / 100 + (r.px ?? 0);
}

/** Resolve a length that cannot be a percentage (border widths, shadows, spacing). */
export function resolvePx(spec: LengthSpec, ctx: LengthContext): Px {
  return resolveLengthAgainst(spec, ctx, 0);
}

/** An angle in degrees (deg, grad, rad, turn; unitless 0). */
export function parseAngle(v: CV | undefined): number | undefined {
  if (v === undefined) return undefined;
  if (v.type === 'number') return v.value === 0 ? 0 : undefined;
  if (v.type !== 'dimension') return undefined;
  switch (v.unit) {
    case 'deg':
      return v.value;
    case 'grad':
      return v.value * 0.9;
    case 'rad':
      return (v.value * 180) / Math.PI;
    case 'turn':
      return v.value * 360;
    default:
      return undefined;
  }
}

/** Build `base% + offset` as a length spec (background-position's `right 10px` → calc(100% - 10px)). */
export function percentPlus(pct: number, offset: LengthSpec, sign: 1 | -1): LengthSpec {
  if (typeof offset === 'number') {
    const px = sign * offset;
    return px === 0 ? percent(pct) : { percent: pct, px };
  }
  const node: CalcNode = { k: 'add', a: { k: 'len', v: percent(pct) }, b: toCalc(offset), sign };
  return { calc: node };
}

function toCalc(spec: LengthSpec): CalcNode {
  if (typeof spec === 'object' && 'calc' in spec) return spec.calc;
  return { k: 'len', v: spec as number | Percent | RelativeLength };
}
