// A @counter-style rule's descriptors (CSS Counter Styles 3 §3) read from its declarations: an
// invalid descriptor is dropped, and a rule whose symbols do not suit its system is no rule at
// all. `speak-as` is not read (nothing is spoken).
import type { Declaration } from '../css/stylesheet.js';
import { type CV, parseComponents, splitOnComma } from '../css/syntax.js';
import { counterStyleName } from '../css/ua-counter-styles.js';
import { parseInteger } from '../css/values/length.js';
import { INTERNAL_SYSTEMS, type InternalSystem } from './counter-systems.js';

export type System = 'cyclic' | 'fixed' | 'symbolic' | 'alphabetic' | 'numeric' | 'additive' | InternalSystem;

export type SystemDescriptor =
  | { readonly kind: System; readonly first?: number }
  | { readonly kind: 'extends'; readonly name: string };

export interface CounterStyleDescriptors {
  readonly system?: SystemDescriptor;
  readonly symbols?: readonly string[];
  readonly additiveSymbols?: readonly (readonly [number, string])[];
  readonly negative?: readonly [string, string];
  readonly prefix?: string;
  readonly suffix?: string;
  /** `auto`, or integer ranges (±Infinity for `infinite`). */
  readonly range?: 'auto' | readonly (readonly [number, number])[];
  readonly pad?: readonly [number, string];
  readonly fallback?: string;
}

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

const PLAIN_SYSTEMS = new Set(['cyclic', 'symbolic', 'alphabetic', 'numeric', 'additive']);
const RESERVED_NAMES = new Set(['none', 'initial', 'inherit', 'unset', 'revert', 'revert-layer', 'default']);

function symbol(v: CV): string | undefined {
  if (v.type === 'string' || v.type === 'ident') return v.value;
  return undefined; // images as symbols are not supported
}

function counterStyleNameOf(values: readonly CV[]): string | undefined {
  if (values.length !== 1 || values[0].type !== 'ident' || RESERVED_NAMES.has(values[0].lower)) return undefined;
  return counterStyleName(values[0].value);
}

function parseSystem(values: readonly CV[], ua: boolean): SystemDescriptor | undefined {
  const [first, second] = values;
  if (first?.type !== 'ident' || values.length > 2) return undefined;
  const keyword = first.lower;
  if (keyword === 'fixed') {
    if (values.length === 1) return { kind: 'fixed', first: 1 };
    const n = parseInteger(second);
    return n === undefined ? undefined : { kind: 'fixed', first: n };
  }
  if (keyword === 'extends') {
    const name = counterStyleNameOf(values.slice(1));
    return name === undefined ? undefined : { kind: 'extends', name };
  }
  if (values.length !== 1) return undefined;
  if (PLAIN_SYSTEMS.has(keyword)) return { kind: keyword as System };
  // The user agent's own algorithms (counter-systems.ts), which authors cannot name.
  const internal = keyword.replace(/^-internal-/, '');
  if (ua && keyword.startsWith('-internal-') && INTERNAL_SYSTEMS.has(internal)) return { kind: internal as InternalSystem };
  return undefined;
}

function parseSymbols(values: readonly CV[]): string[] | undefined {
  const out = values.map(symbol);
  return out.length > 0 && out.every((s) => s !== undefined) ? (out as string[]) : undefined;
}

/** `<integer [0,∞]> && <symbol>`, comma-separated, weights strictly decreasing. */
function parseAdditive(values: readonly CV[]): [number, string][] | undefined {
  const out: [number, string][] = [];
  for (const tuple of splitOnComma(values)) {
    if (tuple.length !== 2) return undefined;
    const numberFirst = tuple[0].type === 'number';
    const weight = parseInteger(numberFirst ? tuple[0] : tuple[1]);
    const text = symbol(numberFirst ? tuple[1] : tuple[0]);
    if (weight === undefined || weight < 0 || text === undefined) return undefined;
    if (out.length > 0 && weight >= out[out.length - 1][0]) return undefined;
    out.push([weight, text]);
  }
  return out.length > 0 ? out : undefined;
}

function bound(v: CV | undefined, infinite: number): number | undefined {
  if (v?.type === 'ident' && v.lower === 'infinite') return infinite;
  return parseInteger(v);
}

function parseRange(values: readonly CV[]): 'auto' | [number, number][] | undefined {
  if (values.length === 1 && values[0].type === 'ident' && values[0].lower === 'auto') return 'auto';
  const out: [number, number][] = [];
  for (const pair of splitOnComma(values)) {
    const low = bound(pair[0], -Infinity);
    const high = bound(pair[1], Infinity);
    if (pair.length !== 2 || low === undefined || high === undefined || low > high) return undefined;
    out.push([low, high]);
  }
  return out.length > 0 ? out : undefined;
}

function parsePad(values: readonly CV[]): [number, string] | undefined {
  if (values.length !== 2) return undefined;
  const numberFirst = values[0].type === 'number';
  const length = parseInteger(numberFirst ? values[0] : values[1]);
  const text = symbol(numberFirst ? values[1] : values[0]);
  return length === undefined || length < 0 || text === undefined ? undefined : [length, text];
}

/** Whether the symbols given suit the system (§3.1): else the rule is invalid. */
function symbolsSuit(d: CounterStyleDescriptors): boolean {
  const kind = d.system?.kind ?? 'symbolic';
  switch (kind) {
    case 'extends': return d.symbols === undefined && d.additiveSymbols === undefined;
    case 'cyclic':
    case 'fixed':
    case 'symbolic': return (d.symbols?.length ?? 0) >= 1;
    case 'alphabetic':
    case 'numeric': return (d.symbols?.length ?? 0) >= 2;
    case 'additive': return (d.additiveSymbols?.length ?? 0) >= 1;
    default: return true;
  }
}

/** The descriptors of a @counter-style rule, or null when the rule is invalid. `ua` admits the internal systems. */
export function parseCounterStyleRule(declarations: readonly Declaration[], ua = false): CounterStyleDescriptors | null {
  const d: Mutable<CounterStyleDescriptors> = {};
  for (const { property, value } of declarations) {
    const values = parseComponents(value);
    switch (property) {
      case 'system': d.system = parseSystem(values, ua) ?? d.system; break;
      case 'symbols': d.symbols = parseSymbols(values) ?? d.symbols; break;
      case 'additive-symbols': d.additiveSymbols = parseAdditive(values) ?? d.additiveSymbols; break;
      case 'negative': {
        const signs = values.length <= 2 ? values.map(symbol) : [];
        if (signs.length > 0 && signs.every((s) => s !== undefined)) d.negative = [signs[0]!, signs[1] ?? ''];
        break;
      }
      case 'prefix':
      case 'suffix': {
        const text = values.length === 1 ? symbol(values[0]) : undefined;
        if (text !== undefined) d[property] = text;
        break;
      }
      case 'range': d.range = parseRange(values) ?? d.range; break;
      case 'pad': d.pad = parsePad(values) ?? d.pad; break;
      case 'fallback': d.fallback = counterStyleNameOf(values) ?? d.fallback; break;
      default: break;
    }
  }
  return symbolsSuit(d) ? d : null;
}
