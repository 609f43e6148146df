// CSS tokens (css-tree's CSS Syntax 3 tokenizer), bracket matching, and component values.
/// <reference path="./css-tree-parts.d.ts" />
import { tokenize } from 'css-tree/tokenizer';
import { ident as cssIdent, string as cssString, url as cssUrl } from 'css-tree/utils';

/** Token types as css-tree numbers them (the CSS Syntax 3 list). */
export const TT = {
  Ident: 1, Function: 2, AtKeyword: 3, Hash: 4, String: 5, BadString: 6, Url: 7, BadUrl: 8,
  Delim: 9, Number: 10, Percentage: 11, Dimension: 12, WhiteSpace: 13, CDO: 14, CDC: 15,
  Colon: 16, Semicolon: 17, Comma: 18, LeftSquare: 19, RightSquare: 20, LeftParen: 21,
  RightParen: 22, LeftCurly: 23, RightCurly: 24, Comment: 25,
} as const;

/** A token list in parallel arrays; comments are dropped. */
export interface Tokens {
  readonly source: string;
  readonly type: number[];
  readonly start: number[];
  readonly end: number[];
  /** For an opening token ((, [, {, function): index of its closing token, or `length` when unclosed; else -1. */
  readonly close: number[];
  readonly length: number;
}

function closerOf(open: number): number {
  if (open === TT.LeftSquare) return TT.RightSquare;
  if (open === TT.LeftCurly) return TT.RightCurly;
  return TT.RightParen; // ( and function tokens
}

export function tokenizeCss(source: string): Tokens {
  const type: number[] = [];
  const start: number[] = [];
  const end: number[] = [];
  tokenize(source, (t, s, e) => {
    if (t !== TT.Comment) {
      type.push(t);
      start.push(s);
      end.push(e);
    }
  });
  const length = type.length;
  const close: number[] = new Array<number>(length).fill(-1);
  const stack: number[] = [];
  for (let i = 0; i < length; i++) {
    const t = type[i];
    if (t === TT.LeftParen || t === TT.Function || t === TT.LeftSquare || t === TT.LeftCurly) {
      stack.push(i);
    } else if (t === TT.RightParen || t === TT.RightSquare || t === TT.RightCurly) {
      // A closer that does not match the innermost opener is an ordinary token (CSS Syntax 3).
      if (stack.length > 0 && closerOf(type[stack[stack.length - 1]]) === t) close[stack.pop()!] = i;
    }
  }
  for (const i of stack) close[i] = length;
  return { source, type, start, end, close, length };
}

export function tokenText(toks: Tokens, i: number): string {
  return toks.source.slice(toks.start[i], toks.end[i]);
}

/** Source text of tokens [from, to), trimmed. */
export function rangeText(toks: Tokens, from: number, to: number): string {
  if (from >= to) return '';
  return toks.source.slice(toks.start[from], toks.end[Math.min(to, toks.length) - 1]).trim();
}

/** The decoded name of an ident, function (without `(`), at-keyword (without `@`) or hash (without `#`). */
export function tokenName(toks: Tokens, i: number): string {
  const t = toks.type[i];
  let s = toks.start[i];
  let e = toks.end[i];
  if (t === TT.Function) e--;
  else if (t === TT.AtKeyword || t === TT.Hash) s++;
  const raw = toks.source.slice(s, e);
  return raw.includes('\\') ? cssIdent.decode(raw) : raw;
}

export function stringValue(toks: Tokens, i: number): string {
  return cssString.decode(tokenText(toks, i));
}

/** A CSS string literal for `value` (double-quoted, escaped). */
export function quoteString(value: string): string {
  return cssString.encode(value);
}

export function urlValue(toks: Tokens, i: number): string {
  return cssUrl.decode(tokenText(toks, i));
}

/** Index of the next non-whitespace token at or after `i` (or `to`). */
export function skipWs(toks: Tokens, i: number, to: number): number {
  while (i < to && toks.type[i] === TT.WhiteSpace) i++;
  return i;
}

/** Index after the component value starting at `i` (a whole block or function when `i` opens one). */
export function nextComponent(toks: Tokens, i: number): number {
  const c = toks.close[i];
  return c >= 0 ? Math.min(c + 1, toks.length) : i + 1;
}

/** Split [from, to) at top-level commas into ranges. */
export function splitCommas(toks: Tokens, from: number, to: number): [number, number][] {
  const out: [number, number][] = [];
  let s = from;
  for (let i = from; i < to; i = nextComponent(toks, i)) {
    if (toks.type[i] === TT.Comma) {
      out.push([s, i]);
      s = i + 1;
    }
  }
  out.push([s, to]);
  return out;
}

/** A component value, whitespace and comments dropped; idents keep their case in `value`, `lower` is for keywords. */
export type CV =
  | { readonly type: 'ident'; readonly value: string; readonly lower: string }
  | { readonly type: 'function'; readonly name: string; readonly args: readonly CV[]; readonly text: string }
  | { readonly type: 'number'; readonly value: number }
  | { readonly type: 'percentage'; readonly value: number }
  | { readonly type: 'dimension'; readonly value: number; readonly unit: string }
  | { readonly type: 'string'; readonly value: string }
  | { readonly type: 'url'; readonly value: string }
  | { readonly type: 'hash'; readonly value: string }
  | { readonly type: 'delim'; readonly value: string }
  | { readonly type: 'comma' }
  | { readonly type: 'colon' }
  | { readonly type: 'block'; readonly open: '(' | '[' | '{'; readonly items: readonly CV[]; readonly text: string }
  | { readonly type: 'bad' };

const NUMBER_PREFIX = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?/;
const COMMA: CV = { type: 'comma' };
const COLON: CV = { type: 'colon' };
const BAD: CV = { type: 'bad' };

export function componentValues(toks: Tokens, from: number, to: number): CV[] {
  const out: CV[] = [];
  let i = from;
  while (i < to) {
    const t = toks.type[i];
    const next = nextComponent(toks, i);
    switch (t) {
      case TT.WhiteSpace:
        break;
      case TT.Ident: {
        const value = tokenName(toks, i);
        out.push({ type: 'ident', value, lower: value.toLowerCase() });
        break;
      }
      case TT.Function: {
        const name = tokenName(toks, i).toLowerCase();
        const args = componentValues(toks, i + 1, Math.min(toks.close[i], to));
        if ((name === 'url' || name === 'src') && args.length === 1 && args[0].type === 'string') {
          out.push({ type: 'url', value: args[0].value });
        } else {
          const text = toks.source.slice(toks.start[i], toks.end[Math.min(next, toks.length) - 1]);
          out.push({ type: 'function', name, args, text });
        }
        break;
      }
      case TT.Number:
        out.push({ type: 'number', value: parseFloat(tokenText(toks, i)) });
        break;
      case TT.Percentage:
        out.push({ type: 'percentage', value: parseFloat(tokenText(toks, i)) });
        break;
      case TT.Dimension: {
        const text = tokenText(toks, i);
        const num = NUMBER_PREFIX.exec(text)?.[0] ?? '0';
        const unitRaw = text.slice(num.length);
        const unit = (unitRaw.includes('\\') ? cssIdent.decode(unitRaw) : unitRaw).toLowerCase();
        out.push({ type: 'dimension', value: parseFloat(num), unit });
        break;
      }
      case TT.String:
        out.push({ type: 'string', value: stringValue(toks, i) });
        break;
      case TT.Url:
        out.push({ type: 'url', value: urlValue(toks, i) });
        break;
      case TT.Hash:
        out.push({ type: 'hash', value: tokenName(toks, i) });
        break;
      case TT.Delim:
        out.push({ type: 'delim', value: tokenText(toks, i) });
        break;
      case TT.Comma:
        out.push(COMMA);
        break;
      case TT.Colon:
        out.push(COLON);
        break;
      case TT.LeftParen:
      case TT.LeftSquare:
      case TT.LeftCurly: {
        const open = t === TT.LeftParen ? '(' : t === TT.LeftSquare ? '[' : '{';
        const items = componentValues(toks, i + 1, Math.min(toks.close[i], to));
        const text = toks.source.slice(toks.start[i], toks.end[Math.min(next, toks.length) - 1]);
        out.push({ type: 'block', open, items, text });
        break;
      }
      default:
        out.push(BAD);
    }
    i = next;
  }
  return out;
}

/** Component values of a property value or prelude text. */
export function parseComponents(text: string): CV[] {
  const toks = tokenizeCss(text);
  return componentValues(toks, 0, toks.length);
}

/** Split component values at top-level commas. */
export function splitOnComma(values: readonly CV[]): CV[][] {
  const out: CV[][] = [[]];
  for (const v of values) {
    if (v.type === 'comma') out.push([]);
    else out[out.length - 1].push(v);
  }
  return out;
}

/** Split component values at `/` delimiters. */
export function splitOnSlash(values: readonly CV[]): CV[][] {
  const out: CV[][] = [[]];
  for (const v of values) {
    if (v.type === 'delim' && v.value === '/') out.push([]);
    else out[out.length - 1].push(v);
  }
  return out;
}

export function isIdent(v: CV | undefined, lower?: string): v is Extract<CV, { type: 'ident' }> {
  return v !== undefined && v.type === 'ident' && (lower === undefined || v.lower === lower);
}

/** The lower-cased keyword of a single-ident value, else null. */
export function keywordOf(values: readonly CV[]): string | null {
  return values.length === 1 && values[0].type === 'ident' ? values[0].lower : null;
}

/** CSS's 1-to-4 value box expansion: top, right, bottom, left. */
export function fourValues<T>(values: readonly T[]): [T, T, T, T] | undefined {
  switch (values.length) {
    case 1:
      return [values[0], values[0], values[0], values[0]];
    case 2:
      return [values[0], values[1], values[0], values[1]];
    case 3:
      return [values[0], values[1], values[2], values[1]];
    case 4:
      return [values[0], values[1], values[2], values[3]];
    default:
      return undefined;
  }
}
