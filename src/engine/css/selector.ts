// Selector analysis: specificity, the trailing pseudo-element, and the rightmost key used to index rules.
import { TT, type Tokens, nextComponent, skipWs, splitCommas, tokenName, tokenizeCss } from './syntax.js';
import type { PseudoElement } from './types.js';

/** One complex selector, ready for matching. */
export interface Selector {
  /** The selector without its pseudo-element, for css-select. */
  readonly text: string;
  /** Packed (a, b, c): a·2^20 + b·2^10 + c. */
  readonly specificity: number;
  readonly pseudo: PseudoElement | null;
  /**
   * Index keys: the rightmost compound's most selective part (`#id`, `.class`, a tag name), or
   * the keys of an `:is()` list there (`:is(em, strong)` → em, strong); `['*']` otherwise.
   */
  readonly keys: readonly string[];
  /** Ids, classes and tags some ancestor must have for the selector to match (a fast pre-filter). */
  readonly ancestorKeys: readonly string[];
}

export function packSpecificity(a: number, b: number, c: number): number {
  return Math.min(a, 1023) * 1048576 + Math.min(b, 1023) * 1024 + Math.min(c, 1023);
}

const LEGACY_PSEUDO_ELEMENTS = new Set(['before', 'after', 'first-line', 'first-letter']);
const SUPPORTED_PSEUDO_ELEMENTS = new Set(['before', 'after', 'marker', 'first-letter', 'first-line', '-webkit-progress-bar', '-webkit-progress-value', 'placeholder', 'file-selector-button']);
/** Prefixed names of pseudo-elements, by the standard name they stand for. */
const PSEUDO_ELEMENT_ALIASES: Readonly<Record<string, string>> = { '-webkit-file-upload-button': 'file-selector-button' };
const MAX_ARG_FUNCTIONS = new Set(['is', 'matches', '-webkit-any', '-moz-any', 'not', 'has']);
const IS_FUNCTIONS = new Set(['is', 'matches', '-webkit-any', '-moz-any']);

interface Analysis {
  a: number;
  b: number;
  c: number;
  pseudo: string | null;
  pseudoStart: number;
  keys: string[];
  combinators: number;
  ancestorKeys: string[];
}

/** Specificity of a selector list argument (the max of its selectors), as [a, b, c]. */
/** The analyses of a selector list's arguments (null for one that cannot match). */
function analyseList(toks: Tokens, from: number, to: number): (Analysis | null)[] {
  return splitCommas(toks, from, to).map(([s, e]) => analyse(toks, s, e));
}

function maxSpecificity(analyses: readonly (Analysis | null)[]): [number, number, number] {
  let best: [number, number, number] = [0, 0, 0];
  for (const r of analyses) {
    if (r === null) continue;
    const cur: [number, number, number] = [r.a, r.b, r.c];
    if (cur[0] > best[0] || (cur[0] === best[0] && (cur[1] > best[1] || (cur[1] === best[1] && cur[2] > best[2])))) best = cur;
  }
  return best;
}

interface Compound {
  id: string | null;
  cls: string | null;
  tag: string | null;
  isKeys: string[] | null;
  /** Every id, class and tag key of the compound. */
  all: string[];
}

const freshCompound = (): Compound => ({ id: null, cls: null, tag: null, isKeys: null, all: [] });

function analyse(toks: Tokens, from: number, to: number): Analysis | null {
  const r: Analysis = { a: 0, b: 0, c: 0, pseudo: null, pseudoStart: -1, keys: ['*'], combinators: 0, ancestorKeys: [] };
  let cur = freshCompound();
  let started = false;
  let prev: Compound | null = null;
  let pending: string | null = null; // the combinator after `prev`
  const begin = (): void => {
    if (started) return;
    if (prev !== null) {
      r.combinators++;
      // A compound followed by a descendant or child combinator matches an ancestor.
      if (pending === null || pending === '>') r.ancestorKeys.push(...prev.all);
    }
    cur = freshCompound();
    started = true;
    pending = null;
  };
  const end = (combinator: string | null): void => {
    if (started) {
      prev = cur;
      started = false;
    }
    if (combinator !== null) pending = combinator;
  };
  let i = skipWs(toks, from, to);
  if (i >= to) return null;
  while (i < to) {
    const t = toks.type[i];
    if (r.pseudo !== null && t !== TT.WhiteSpace) return null; // nothing may follow a pseudo-element
    if (t === TT.WhiteSpace) {
      end(null);
      i++;
      continue;
    }
    const ch = t === TT.Delim ? toks.source[toks.start[i]] : '';
    if (ch === '>' || ch === '+' || ch === '~') {
      end(ch);
      i++;
      continue;
    }
    begin();
    switch (t) {
      case TT.Hash:
        r.a++;
        cur.id = tokenName(toks, i);
        cur.all.push(`#${cur.id}`);
        break;
      case TT.Ident:
        r.c++;
        cur.tag = tokenName(toks, i).toLowerCase();
        cur.all.push(cur.tag);
        break;
      case TT.LeftSquare:
        r.b++;
        break;
      case TT.Delim: {
        if (ch === '.') {
          if (toks.type[i + 1] !== TT.Ident) return null;
          r.b++;
          cur.cls = tokenName(toks, i + 1);
          cur.all.push(`.${cur.cls}`);
          i += 2;
          continue;
        }
        if (ch !== '*' && ch !== '|') return null;
        break;
      }
      case TT.Colon: {
        const start = i;
        const doubled = toks.type[i + 1] === TT.Colon;
        const n = doubled ? i + 2 : i + 1;
        const nt = toks.type[n];
        if (nt === TT.Ident) {
          const name = tokenName(toks, n).toLowerCase();
          if (doubled || LEGACY_PSEUDO_ELEMENTS.has(name)) {
            r.c++;
            r.pseudo = name;
            r.pseudoStart = start;
          } else r.b++;
          i = n + 1;
          continue;
        }
        if (nt === TT.Function) {
          if (doubled) return null; // ::part(), ::slotted() …
          const name = tokenName(toks, n).toLowerCase();
          const close = toks.close[n];
          // Each argument analysed once, for its keys and its specificity: analysing it twice at
          // every level made nested :is() exponential.
          const args = IS_FUNCTIONS.has(name) || name === 'where' || MAX_ARG_FUNCTIONS.has(name) ? analyseList(toks, n + 1, close) : null;
          if (IS_FUNCTIONS.has(name) || name === 'where') cur.isKeys = listKeys(args!);
          if (MAX_ARG_FUNCTIONS.has(name)) {
            const [a, b, c] = maxSpecificity(args!);
            r.a += a;
            r.b += b;
            r.c += c;
          } else if (name === 'nth-child' || name === 'nth-last-child') {
            r.b++;
            const of = findOf(toks, n + 1, close);
            if (of >= 0) {
              const [a, b, c] = maxSpecificity(analyseList(toks, of, close));
              r.a += a;
              r.b += b;
              r.c += c;
            }
          } else if (name !== 'where') r.b++;
          i = nextComponent(toks, n);
          continue;
        }
        return null;
      }
      default:
        return null;
    }
    i = nextComponent(toks, i);
  }
  const last: Compound | null = started ? cur : prev;
  if (last === null || (!started && pending !== null)) return null; // empty, or ends with a combinator
  const key = last.id !== null ? `#${last.id}` : last.cls !== null ? `.${last.cls}` : last.tag;
  r.keys = key !== null ? [key] : (last.isKeys ?? ['*']);
  return r;
}

/** The keys of an `:is()` argument list when every argument is one compound with a key, else null. */
function listKeys(analyses: readonly (Analysis | null)[]): string[] | null {
  const keys: string[] = [];
  for (const r of analyses) {
    if (r === null || r.combinators > 0 || r.pseudo !== null || r.keys.includes('*')) return null;
    keys.push(...r.keys);
  }
  return keys.length > 0 ? [...new Set(keys)] : null;
}

/** Index after `of` in an `:nth-child(An+B of S)` argument, or -1. */
function findOf(toks: Tokens, from: number, to: number): number {
  for (let i = from; i < to; i++) {
    if (toks.type[i] === TT.Ident && tokenName(toks, i).toLowerCase() === 'of') return i + 1;
  }
  return -1;
}

/**
 * Analyse one complex selector; null when it can never match here (unsupported pseudo-elements
 * such as ::first-line or ::selection, or syntax this engine does not know).
 */
export function analyseSelector(text: string): Selector | null {
  const toks = tokenizeCss(text);
  let r: Analysis | null;
  try {
    r = analyse(toks, 0, toks.length);
  } catch {
    return null; // nesting deep enough to exhaust the stack
  }
  if (r === null) return null;
  let pseudo: PseudoElement | null = null;
  let matchText = text.trim();
  if (r.pseudo !== null) {
    const name = PSEUDO_ELEMENT_ALIASES[r.pseudo] ?? r.pseudo;
    if (!SUPPORTED_PSEUDO_ELEMENTS.has(name)) return null;
    pseudo = name as PseudoElement;
    matchText = text.slice(0, toks.start[r.pseudoStart]).trim();
    if (matchText === '' || /[\s>+~]$/.test(matchText)) matchText = `${matchText}*`.trim();
  }
  return {
    text: matchText,
    specificity: packSpecificity(r.a, r.b, r.c),
    pseudo,
    keys: r.keys,
    ancestorKeys: [...new Set(r.ancestorKeys)],
  };
}

/** Split a selector list at top-level commas. */
export function splitSelectorList(text: string): string[] {
  const toks = tokenizeCss(text);
  return splitCommas(toks, 0, toks.length)
    .map(([s, e]) => (s < e ? text.slice(toks.start[s], toks.end[e - 1]).trim() : ''))
    .filter((s) => s !== '');
}
