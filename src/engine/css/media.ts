// Media queries evaluated for a printed page: `print`/`all` match, `screen` does not, features use
// the default page's area, as Chromium evaluates them when printing (decision 0188).
import type { CV } from './syntax.js';
import { parseComponents, splitOnComma } from './syntax.js';
import { parseLength, resolveLengthAgainst } from './values/length.js';

export interface MediaEnvironment {
  /** The viewport's width and height in CSS px (by default the area of Chromium's A4 page less 75px margins). */
  readonly width: number;
  readonly height: number;
}

/**
 * What Chromium evaluates media queries against when printing on A4 with 75px margins, whatever the
 * document's `@page` rules say: measured between 645.3 and 645.4 px wide and 974.6 and 974.7 px
 * high, the page area in whole points (484 × 731 pt).
 */
export const PRINT_MEDIA: MediaEnvironment = { width: 484 / 0.75, height: 731 / 0.75 };

const MATCHING_TYPES = new Set(['print', 'all']);
const KNOWN_TYPES = new Set(['print', 'all', 'screen', 'speech', 'tty', 'tv', 'projection', 'handheld', 'braille', 'embossed', 'aural']);

/** Does a media query list match? An empty list matches; an invalid query does not. */
export function matchesMedia(text: string, env: MediaEnvironment = PRINT_MEDIA): boolean {
  const trimmed = text.trim();
  if (trimmed === '') return true;
  return splitOnComma(parseComponents(trimmed)).some((q) => evaluateQuery(q, env) === true);
}

function evaluateQuery(q: readonly CV[], env: MediaEnvironment): boolean | null {
  if (q.length === 0) return null;
  let i = 0;
  let negate = false;
  const first = q[0];
  if (first.type === 'ident' && (first.lower === 'not' || first.lower === 'only') && q[1]?.type === 'ident') {
    negate = first.lower === 'not';
    i = 1;
  }
  const typeToken = q[i];
  if (typeToken?.type === 'ident' && typeToken.lower !== 'not') {
    const type = typeToken.lower;
    if (!KNOWN_TYPES.has(type)) return negate ? null : false;
    let result = MATCHING_TYPES.has(type);
    if (i + 1 < q.length) {
      if (!(q[i + 1].type === 'ident' && (q[i + 1] as { lower: string }).lower === 'and')) return null;
      const cond = evaluateCondition(q.slice(i + 2), env, false);
      if (cond === null) return null;
      result = result && cond;
    }
    return negate ? !result : result;
  }
  if (negate) return null;
  return evaluateCondition(q, env, true);
}

/** `(…) and (…)`, `(…) or (…)`, `not (…)`; null when invalid or unknown. */
function evaluateCondition(c: readonly CV[], env: MediaEnvironment, allowOr: boolean): boolean | null {
  if (c.length === 0) return null;
  const head = c[0];
  if (head.type === 'ident' && head.lower === 'not') {
    if (c.length !== 2) return null;
    const r = evaluateInParens(c[1], env);
    return r === null ? null : !r;
  }
  let result = evaluateInParens(head, env);
  if (result === null) return null;
  let op: string | null = null;
  for (let i = 1; i < c.length; i += 2) {
    const word = c[i];
    if (word.type !== 'ident' || (word.lower !== 'and' && word.lower !== 'or')) return null;
    if (word.lower === 'or' && !allowOr) return null;
    if (op !== null && op !== word.lower) return null; // `and` and `or` do not mix without parentheses
    op = word.lower;
    const next = c[i + 1] === undefined ? null : evaluateInParens(c[i + 1], env);
    if (next === null) return null;
    result = op === 'and' ? result && next : result || next;
  }
  return result;
}

function evaluateInParens(v: CV, env: MediaEnvironment): boolean | null {
  if (v.type !== 'block' || v.open !== '(') return null;
  const items = v.items;
  if (items.length > 0 && items[0].type === 'block') return evaluateCondition(items, env, true);
  if (items.length > 0 && items[0].type === 'ident' && items[0].lower === 'not') return evaluateCondition(items, env, true);
  return evaluateFeature(items, env);
}

type Value = number | string;

/** A feature's value in the environment, or undefined for unknown features. */
function featureValue(name: string, env: MediaEnvironment): Value | undefined {
  switch (name) {
    case 'width':
    case 'device-width':
      return env.width;
    case 'height':
    case 'device-height':
      return env.height;
    case 'aspect-ratio':
    case 'device-aspect-ratio':
      return env.width / env.height;
    case 'orientation':
      return env.height >= env.width ? 'portrait' : 'landscape';
    case 'resolution':
      return 96;
    case '-webkit-device-pixel-ratio':
      return 1;
    case 'color':
      return 8;
    case 'color-index':
    case 'monochrome':
    case 'grid':
      return 0;
    case 'color-gamut':
      return 'srgb';
    case 'dynamic-range':
    case 'video-dynamic-range':
      return 'standard';
    // The device Chromium prints as: a desktop with a mouse (decision 0436).
    case 'hover':
    case 'any-hover':
      return 'hover';
    case 'pointer':
    case 'any-pointer':
      return 'fine';
    case 'update':
    case 'scripting':
    case 'forced-colors':
    case 'inverted-colors':
      return 'none';
    case 'overflow-block':
      return 'paged';
    case 'overflow-inline':
      return 'none';
    case 'prefers-color-scheme':
      return 'light';
    case 'prefers-reduced-motion':
    case 'prefers-reduced-transparency':
    case 'prefers-reduced-data':
    case 'prefers-contrast':
      return 'no-preference';
    case 'display-mode':
      return 'browser';
    case 'scan':
      return 'progressive';
    default:
      return undefined;
  }
}

/** A feature value from the query (lengths in px, ratios as numbers, resolutions in dpi). */
function queryValue(items: readonly CV[]): Value | undefined {
  if (items.length === 3 && items[1].type === 'delim' && items[1].value === '/') {
    const a = items[0];
    const b = items[2];
    if (a.type === 'number' && b.type === 'number' && b.value !== 0) return a.value / b.value;
    return undefined;
  }
  if (items.length !== 1) return undefined;
  const v = items[0];
  if (v.type === 'ident') return v.lower;
  if (v.type === 'number') return v.value;
  if (v.type === 'dimension') {
    if (v.unit === 'dpi') return v.value;
    if (v.unit === 'dpcm') return v.value * 2.54;
    if (v.unit === 'dppx' || v.unit === 'x') return v.value * 96;
  }
  const len = parseLength(v);
  if (len === undefined) return undefined;
  // em and rem in media queries are relative to the initial font size.
  return resolveLengthAgainst(len, { fontSize: 16, rootFontSize: 16, viewportWidth: PRINT_MEDIA.width, viewportHeight: PRINT_MEDIA.height }, 0);
}

function compare(actual: Value, op: string, expected: Value): boolean | null {
  if (typeof actual === 'string' || typeof expected === 'string') return op === '=' ? actual === expected : null;
  const eps = 1e-6;
  switch (op) {
    case '=':
      return Math.abs(actual - expected) < eps;
    case '<':
      return actual < expected - eps;
    case '<=':
      return actual <= expected + eps;
    case '>':
      return actual > expected + eps;
    case '>=':
      return actual >= expected - eps;
    default:
      return null;
  }
}

const FLIP: Record<string, string> = { '<': '>', '<=': '>=', '>': '<', '>=': '<=', '=': '=' };

function evaluateFeature(items: readonly CV[], env: MediaEnvironment): boolean | null {
  if (items.length === 1 && items[0].type === 'ident') {
    // Boolean context: the feature is non-zero / not 'none'.
    const v = featureValue(items[0].lower, env);
    if (v === undefined) return null;
    return v !== 0 && v !== 'none';
  }
  const colon = items.findIndex((v) => v.type === 'colon');
  if (colon === 1 && items[0].type === 'ident') {
    let name = items[0].lower;
    let op = '=';
    if (name.startsWith('min-')) (name = name.slice(4)), (op = '>=');
    else if (name.startsWith('max-')) (name = name.slice(4)), (op = '<=');
    else if (name.startsWith('-webkit-min-')) (name = `-webkit-${name.slice(12)}`), (op = '>=');
    else if (name.startsWith('-webkit-max-')) (name = `-webkit-${name.slice(12)}`), (op = '<=');
    const actual = featureValue(name, env);
    const expected = queryValue(items.slice(2));
    if (actual === undefined || expected === undefined) return null;
    return compare(actual, op, expected);
  }
  return evaluateRange(items, env);
}

/** Range syntax: `width >= 600px`, `400px < width <= 800px`. */
function evaluateRange(items: readonly CV[], env: MediaEnvironment): boolean | null {
  const parts: (readonly CV[])[] = [[]];
  const ops: string[] = [];
  for (let i = 0; i < items.length; i++) {
    const v = items[i];
    if (v.type === 'delim' && (v.value === '<' || v.value === '>' || v.value === '=')) {
      let op = v.value;
      const n = items[i + 1];
      if (op !== '=' && n?.type === 'delim' && n.value === '=') {
        op += '=';
        i++;
      }
      ops.push(op);
      parts.push([]);
    } else (parts[parts.length - 1] as CV[]).push(v);
  }
  if (ops.length < 1 || ops.length > 2) return null;
  const nameIndex = parts.findIndex((p) => p.length === 1 && p[0].type === 'ident' && featureValue(p[0].lower, env) !== undefined);
  if (nameIndex < 0) return null;
  const actual = featureValue((parts[nameIndex][0] as { lower: string }).lower, env)!;
  let ok = true;
  for (let k = 0; k < ops.length; k++) {
    const left = parts[k];
    const right = parts[k + 1];
    let r: boolean | null;
    if (k + 1 === nameIndex) {
      const value = queryValue(left);
      if (value === undefined) return null;
      r = compare(actual, FLIP[ops[k]], value);
    } else if (k === nameIndex) {
      const value = queryValue(right);
      if (value === undefined) return null;
      r = compare(actual, ops[k], value);
    } else return null;
    if (r === null) return null;
    ok = ok && r;
  }
  return ok;
}
