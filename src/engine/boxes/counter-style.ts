// Counter values as text in a counter style (CSS Counter Styles 3): the predefined styles (the
// user agent's @counter-style rules, css/ua-counter-styles.ts) and the document's own, each
// resolved with its `extends` and `fallback`, and written by the spec's algorithms with Chromium's
// limits (values as 32-bit integers, representations of at most 120 symbols).
import type { Stylesheet } from '../css/stylesheet.js';
import { parseStylesheet } from '../css/stylesheet.js';
import type { AnonymousCounterStyle, ListStyleType } from '../css/types.js';
import { UA_COUNTER_STYLES, counterStyleName } from '../css/ua-counter-styles.js';
import { parseCounterStyleRule, type CounterStyleDescriptors, type System } from './counter-style-rule.js';
import { internalRangeContains, internalRepresentation } from './counter-systems.js';

/** A counter style with its `extends` resolved. */
export interface CounterStyle {
  readonly name: string;
  readonly system: System;
  /** The value of the first symbol of a `fixed` system. */
  readonly first: number;
  readonly symbols: readonly string[];
  /** The weights of an `additive` system's symbols, greatest first. */
  readonly weights: readonly number[];
  readonly negative: readonly [string, string];
  readonly prefix: string;
  readonly suffix: string;
  /** Null for `range: auto`. */
  readonly range: readonly (readonly [number, number])[] | null;
  readonly pad: readonly [number, string];
  readonly fallback: string;
}

/** Chromium's limit on a representation's length in symbols (and on `pad`); beyond it the fallback style writes the value. */
const LENGTH_LIMIT = 120;
const INT_MIN = -(2 ** 31);
const INT_MAX = 2 ** 31 - 1;
/** Styles an author's @counter-style cannot replace. */
const FIXED_NAMES = new Set(['decimal', 'disc', 'square', 'circle', 'disclosure-open', 'disclosure-closed']);

/** The counter styles a document can name: the predefined ones and its own @counter-style rules. */
export class CounterStyles {
  private readonly resolved = new Map<string, CounterStyle | null>();

  constructor(private readonly rules: ReadonlyMap<string, CounterStyleDescriptors>) {}

  /** The style of this name, or undefined when no rule defines it. */
  get(name: string): CounterStyle | undefined {
    let style = this.resolved.get(name);
    if (style === undefined) {
      this.resolved.set(name, null); // while resolving: a cycle of `extends`
      style = this.resolve(name);
      this.resolved.set(name, style);
    }
    return style ?? undefined;
  }

  /** The style `list-style-type` or `counter()` names: an unknown name counts as decimal. */
  styleOf(name: string): CounterStyle {
    return this.get(name) ?? this.get('decimal')!;
  }

  /** What `counter(name, style)` shows: the value's representation, without prefix or suffix. */
  format(value: number, style: ListStyleType): string {
    if (typeof style !== 'string' && 'string' in style) return style.string;
    if (style === 'none') return '';
    return representation(this.counterStyle(style), int32(value), this);
  }

  /** A list marker's text: the representation between the style's prefix and suffix (a fallback's too, as Chromium writes it). */
  marker(value: number, style: ListStyleType): string {
    if (typeof style !== 'string' && 'string' in style) return style.string;
    if (style === 'none') return '';
    const counterStyle = this.counterStyle(style);
    return counterStyle.prefix + representation(counterStyle, int32(value), this) + counterStyle.suffix;
  }

  private counterStyle(style: string | AnonymousCounterStyle): CounterStyle {
    return typeof style === 'string' ? this.styleOf(style) : anonymous(style);
  }

  private resolve(name: string): CounterStyle | null {
    const rule = this.rules.get(name);
    if (rule === undefined) return null;
    const system = rule.system ?? { kind: 'symbolic' as const };
    if (system.kind !== 'extends') {
      return {
        name, system: system.kind, first: system.first ?? 1,
        symbols: rule.additiveSymbols?.map(([, s]) => s) ?? rule.symbols ?? [],
        weights: rule.additiveSymbols?.map(([w]) => w) ?? [],
        negative: rule.negative ?? ['-', ''], prefix: rule.prefix ?? '', suffix: rule.suffix ?? '. ',
        range: rangeOf(rule.range, null), pad: rule.pad ?? [0, ''], fallback: rule.fallback ?? 'decimal',
      };
    }
    // A style that extends an unknown style, or is in a cycle of `extends`, extends decimal.
    const base = (this.onExtendsCycle(name) ? undefined : this.get(system.name)) ?? this.get('decimal')!;
    return {
      ...base, name,
      negative: rule.negative ?? base.negative, prefix: rule.prefix ?? base.prefix, suffix: rule.suffix ?? base.suffix,
      range: rangeOf(rule.range, base.range), pad: rule.pad ?? base.pad, fallback: rule.fallback ?? base.fallback,
    };
  }

  private onExtendsCycle(name: string): boolean {
    let current = name;
    for (let steps = 0; steps <= this.rules.size; steps++) {
      const system = this.rules.get(current)?.system;
      if (system?.kind !== 'extends') return false;
      current = system.name;
      if (current === name) return true;
    }
    return false;
  }
}

const anonymousStyles = new WeakMap<AnonymousCounterStyle, CounterStyle>();

/** The style `symbols()` makes: no prefix, a space for suffix, fallback decimal (CSS Counter Styles 3 §6). */
function anonymous(style: AnonymousCounterStyle): CounterStyle {
  let made = anonymousStyles.get(style);
  if (made === undefined) {
    made = {
      name: '', system: style.system, first: 1, symbols: style.symbols, weights: [], negative: ['-', ''],
      prefix: '', suffix: ' ', range: null, pad: [0, ''], fallback: 'decimal',
    };
    anonymousStyles.set(style, made);
  }
  return made;
}

function rangeOf(range: CounterStyleDescriptors['range'], inherited: CounterStyle['range']): CounterStyle['range'] {
  return range === 'auto' ? null : range ?? inherited;
}

function int32(value: number): number {
  if (!Number.isFinite(value)) return Number.isNaN(value) ? 0 : value > 0 ? INT_MAX : INT_MIN;
  return Math.min(INT_MAX, Math.max(INT_MIN, Math.trunc(value)));
}

let segmenter: Intl.Segmenter | null = null;

function graphemes(text: string): number {
  if (/^[\x20-\x7e]*$/.test(text)) return text.length;
  segmenter ??= new Intl.Segmenter(undefined, { granularity: 'grapheme' });
  let n = 0;
  for (const _ of segmenter.segment(text)) n++;
  return n;
}

/** The representation with its negative sign and padding (CSS Counter Styles 3 §1.2); `inFallback` stops fallback cycles. */
function representation(style: CounterStyle, value: number, styles: CounterStyles, inFallback: Set<CounterStyle> | null = null): string {
  const initial = style.pad[0] > LENGTH_LIMIT ? null : initialRepresentation(style, value);
  if (initial === null) {
    // A cycle of fallbacks ends in decimal.
    const seen = inFallback ?? new Set<CounterStyle>();
    const fallback = seen.has(style) ? styles.styleOf('decimal') : styles.styleOf(style.fallback);
    seen.add(style);
    return representation(fallback, value, styles, seen);
  }
  const negative = value < 0 && usesNegativeSign(style.system);
  const [before, after] = negative ? style.negative : ['', ''];
  if (style.pad[0] === 0) return before + initial + after;
  const length = graphemes(initial) + (negative ? graphemes(before) + graphemes(after) : 0);
  return before + style.pad[1].repeat(Math.max(0, style.pad[0] - length)) + initial + after;
}

function usesNegativeSign(system: System): boolean {
  return system !== 'cyclic' && system !== 'fixed';
}

function inRange(style: CounterStyle, value: number): boolean {
  if (style.range !== null) return style.range.some(([low, high]) => value >= low && value <= high);
  switch (style.system) {
    case 'cyclic':
    case 'numeric':
    case 'fixed': return true;
    case 'symbolic':
    case 'alphabetic': return value >= 1;
    case 'additive': return value >= 0;
    default: return internalRangeContains(style.system, value);
  }
}

/** The representation of |value| in the style's system (§3.1), or null when it has none. */
function initialRepresentation(style: CounterStyle, value: number): string | null {
  if (!inRange(style, value)) return null;
  const symbols = style.symbols;
  const n = symbols.length;
  const abs = Math.abs(value);
  switch (style.system) {
    case 'cyclic': {
      const index = (value % n) - 1;
      return symbols[index < 0 ? index + n : index];
    }
    case 'fixed': {
      const index = value - style.first;
      return index >= 0 && index < n ? symbols[index] : null;
    }
    case 'symbolic': {
      if (abs === 0 || Math.ceil(abs / n) > LENGTH_LIMIT) return null;
      return symbols[(abs - 1) % n].repeat(Math.ceil(abs / n));
    }
    case 'alphabetic': {
      if (abs === 0) return null;
      let out = '';
      for (let rest = abs; rest > 0; rest = Math.floor((rest - 1) / n)) out = symbols[(rest - 1) % n] + out;
      return out;
    }
    case 'numeric': {
      let out = abs === 0 ? symbols[0] : '';
      for (let rest = abs; rest > 0; rest = Math.floor(rest / n)) out = symbols[rest % n] + out;
      return out;
    }
    case 'additive': return additive(abs, style.weights, symbols);
    default: return internalRepresentation(style.system, abs);
  }
}

function additive(value: number, weights: readonly number[], symbols: readonly string[]): string | null {
  if (value === 0) return weights[weights.length - 1] === 0 ? symbols[symbols.length - 1] : null;
  let rest = value;
  let count = 0;
  let out = '';
  for (let i = 0; i < weights.length && rest > 0 && weights[i] > 0; i++) {
    const times = Math.floor(rest / weights[i]);
    count += times;
    if (count > LENGTH_LIMIT) return null;
    out += symbols[i].repeat(times);
    rest -= times * weights[i];
  }
  return rest === 0 ? out : null;
}

let predefined: CounterStyles | null = null;
let predefinedRules: ReadonlyMap<string, CounterStyleDescriptors> | null = null;

function rulesOf(sheet: Stylesheet, into: Map<string, CounterStyleDescriptors>, author: boolean): void {
  for (const rule of sheet.counterStyles) {
    const name = counterStyleName(rule.name);
    if (author && FIXED_NAMES.has(name)) continue;
    const descriptors = parseCounterStyleRule(rule.declarations, !author);
    if (descriptors !== null) into.set(name, descriptors);
  }
}

/** The predefined counter styles, parsed once per process. */
export function predefinedCounterStyles(): CounterStyles {
  if (predefined === null) {
    const rules = new Map<string, CounterStyleDescriptors>();
    rulesOf(parseStylesheet(UA_COUNTER_STYLES, 'user-agent'), rules, false);
    predefinedRules = rules;
    predefined = new CounterStyles(rules);
  }
  return predefined;
}

const documentStyles = new WeakMap<readonly Stylesheet[], CounterStyles>();

/** The counter styles of a document with these style sheets: later rules replace earlier ones of the same name. */
export function counterStylesOf(sheets: readonly Stylesheet[]): CounterStyles {
  const ua = predefinedCounterStyles();
  if (!sheets.some((sheet) => sheet.counterStyles.length > 0)) return ua;
  let styles = documentStyles.get(sheets);
  if (styles === undefined) {
    const rules = new Map(predefinedRules!);
    for (const sheet of sheets) rulesOf(sheet, rules, sheet.origin === 'author');
    styles = new CounterStyles(rules);
    documentStyles.set(sheets, styles);
  }
  return styles;
}

/** The representation of `value` in `style` (no prefix or suffix), as `counter()` shows it. */
export function formatCounter(value: number, style: ListStyleType, styles: CounterStyles = predefinedCounterStyles()): string {
  return styles.format(value, style);
}

/** The text of a list marker: the representation with the style's prefix and suffix ("1. ", "• "). */
export function markerText(value: number, style: ListStyleType, styles: CounterStyles = predefinedCounterStyles()): string {
  return styles.marker(value, style);
}
