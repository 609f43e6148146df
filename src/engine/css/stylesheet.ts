// Stylesheet text to rules: style rules (with nesting), @media, @supports, @import, @page, @font-face and @counter-style.
import { type MediaEnvironment, PRINT_MEDIA, matchesMedia } from './media.js';
import { type Selector, analyseSelector, packSpecificity } from './selector.js';
import { supportsCondition } from './supports.js';
import {
  type CV, TT, type Tokens, componentValues, nextComponent, quoteString, rangeText, skipWs, splitCommas, splitOnComma,
  stringValue, tokenName, tokenizeCss, urlValue,
} from './syntax.js';

export type Origin = 'user-agent' | 'author';

export interface Declaration {
  /** Lower-cased, except custom properties (`--name`) which keep their case. */
  readonly property: string;
  /** The value as written (urls resolved against the sheet's base), without `!important`. */
  readonly value: string;
  readonly important: boolean;
}

export interface StyleRule {
  /** The selector list after nesting was resolved. */
  readonly selectorText: string;
  /** The complex selectors that can match here (unsupported ones are dropped). */
  readonly selectors: readonly Selector[];
  readonly declarations: readonly Declaration[];
  /** The cascade layer holding the rule (`base`, `theme.components`), or null outside every layer. */
  readonly layer: string | null;
  /** The @container conditions around the rule, all of which must hold; null outside @container. */
  readonly containers: readonly ContainerCondition[] | null;
}

/** One @container prelude: the container's name (or any container) and the size query asked of it. */
export interface ContainerCondition {
  readonly name: string | null;
  /** The query, in media query syntax with `inline-size`/`block-size` read as `width`/`height`. */
  readonly query: string;
}

export type MarginBoxName =
  | 'top-left-corner' | 'top-left' | 'top-center' | 'top-right' | 'top-right-corner'
  | 'right-top' | 'right-middle' | 'right-bottom'
  | 'bottom-right-corner' | 'bottom-right' | 'bottom-center' | 'bottom-left' | 'bottom-left-corner'
  | 'left-bottom' | 'left-middle' | 'left-top';

export interface MarginBoxRule {
  readonly name: MarginBoxName;
  readonly declarations: readonly Declaration[];
}

export type PagePseudoClass = 'first' | 'left' | 'right' | 'blank';

export interface PageSelector {
  /** A named page (`@page chapter`), or null for any page. */
  readonly name: string | null;
  readonly pseudoClasses: readonly PagePseudoClass[];
  /** Packed like selector specificity: (named, :first/:blank, :left/:right). */
  readonly specificity: number;
}

export interface PageRule {
  /** Never empty: `@page { }` has one selector with no name and no pseudo-class. */
  readonly selectors: readonly PageSelector[];
  readonly declarations: readonly Declaration[];
  readonly marginBoxes: readonly MarginBoxRule[];
}

export type FontFaceSource =
  | { readonly kind: 'url'; readonly url: string; readonly format: string | null }
  | { readonly kind: 'local'; readonly name: string };

export interface FontFaceRule {
  /** Lower-cased, as in ComputedStyle.fontFamily. */
  readonly family: string;
  readonly sources: readonly FontFaceSource[];
  /** Weight range [min, max]; a single weight is [w, w]. */
  readonly weight: readonly [number, number];
  readonly style: 'normal' | 'italic' | 'oblique';
  /** Code point ranges [first, last]; null = all. */
  readonly unicodeRange: readonly (readonly [number, number])[] | null;
}

/** A `@counter-style` rule: its name as written and its descriptors (read by boxes/counter-style-rule.ts). */
export interface CounterStyleRule {
  readonly name: string;
  readonly declarations: readonly Declaration[];
}

export interface StylesheetImport {
  /** Resolved against the sheet's base URL when it has one. */
  readonly url: string;
  /** The media query list text ('' = all). */
  readonly media: string;
}

export interface Stylesheet {
  readonly origin: Origin;
  readonly baseUrl: string | null;
  readonly rules: readonly StyleRule[];
  readonly pageRules: readonly PageRule[];
  readonly fontFaces: readonly FontFaceRule[];
  readonly counterStyles: readonly CounterStyleRule[];
  readonly imports: readonly StylesheetImport[];
  /** The cascade layers the sheet names, full names in the order they first appear (`@layer a, b;` or a block). */
  readonly layers: readonly string[];
}

export interface StylesheetOptions {
  /** What @media queries are evaluated against (default: an A4 print page). */
  readonly media?: MediaEnvironment;
}

const MARGIN_BOXES = new Set<string>([
  'top-left-corner', 'top-left', 'top-center', 'top-right', 'top-right-corner', 'right-top', 'right-middle',
  'right-bottom', 'bottom-right-corner', 'bottom-right', 'bottom-center', 'bottom-left', 'bottom-left-corner',
  'left-bottom', 'left-middle', 'left-top',
]);

/** Parse a stylesheet; never throws: invalid rules, declarations and at-rules are dropped. */
export function parseStylesheet(css: string, origin: Origin, baseUrl?: string, options: StylesheetOptions = {}): Stylesheet {
  const parser = new SheetParser(css, baseUrl ?? null, options.media ?? PRINT_MEDIA);
  try {
    parser.parseTopLevel(0, parser.toks.length);
  } catch {
    // Only pathological input gets here (e.g. nesting deep enough to exhaust the stack): keep what was read.
  }
  return {
    origin,
    baseUrl: baseUrl ?? null,
    rules: parser.rules,
    pageRules: parser.pageRules,
    fontFaces: parser.fontFaces,
    counterStyles: parser.counterStyles,
    imports: parser.imports,
    layers: parser.layers,
  };
}

/** Parse the declarations of a `style` attribute (or any declaration list). */
export function parseDeclarationList(text: string, baseUrl?: string): Declaration[] {
  const parser = new SheetParser(text, baseUrl ?? null, PRINT_MEDIA);
  try {
    return parser.declarationsOnly(0, parser.toks.length);
  } catch {
    return [];
  }
}

export function resolveUrl(url: string, base: string | null): string {
  if (base === null || url === '' || url.startsWith('#') || /^[a-z][a-z0-9+.-]*:/i.test(url)) return url;
  try {
    return new URL(url, base).href;
  } catch {
    return url;
  }
}

/** `[<container-name>] <container-condition>`; null when there is no condition. */
function containerCondition(prelude: string): ContainerCondition | null {
  const match = /^\s*(-?[_a-zA-Z\u0080-\uffff][-\w\u0080-\uffff]*)?\s*(.*)$/s.exec(prelude);
  if (!match) return null;
  const [, word, rest] = match;
  const named = word !== undefined && !['not', 'and', 'or'].includes(word.toLowerCase());
  const query = (named ? rest ?? '' : prelude).trim().replace(/\binline-size\b/gi, 'width').replace(/\bblock-size\b/gi, 'height');
  if (query === '') return null;
  return { name: named ? word! : null, query };
}

/** A layer name: dot-separated identifiers. */
const LAYER_NAME = /^-?[_a-zA-Z\u0080-\uffff][-\w\u0080-\uffff]*(?:\.-?[_a-zA-Z\u0080-\uffff][-\w\u0080-\uffff]*)*$/;
/** Anonymous layers are each their own: numbered across all sheets parsed. */
let anonymousLayers = 0;

class SheetParser {
  readonly toks: Tokens;
  readonly rules: StyleRule[] = [];
  readonly pageRules: PageRule[] = [];
  readonly fontFaces: FontFaceRule[] = [];
  readonly counterStyles: CounterStyleRule[] = [];
  readonly imports: StylesheetImport[] = [];
  readonly layers: string[] = [];
  /** The layer the rules being read belong to, or null outside every layer. */
  private layer: string | null = null;
  /** The @container conditions around the rules being read. */
  private containers: readonly ContainerCondition[] | null = null;
  private sawRule = false;

  constructor(
    private readonly source: string,
    private readonly baseUrl: string | null,
    private readonly media: MediaEnvironment,
  ) {
    this.toks = tokenizeCss(source);
  }

  private type(i: number): number {
    return this.toks.type[i];
  }

  parseTopLevel(from: number, to: number): void {
    let i = from;
    while (i < to) {
      const t = this.type(i);
      if (t === TT.WhiteSpace || t === TT.CDO || t === TT.CDC || t === TT.Semicolon) i++;
      else if (t === TT.AtKeyword) i = this.atRule(i, to, null);
      else i = this.qualifiedRule(i, to, null);
    }
  }

  /** Prelude end (at `;` or `{`) and block bounds of an at-rule or qualified rule starting at i. */
  private preludeEnd(i: number, to: number, stopAtSemicolon: boolean): number {
    while (i < to) {
      const t = this.type(i);
      if (t === TT.LeftCurly || (stopAtSemicolon && t === TT.Semicolon)) return i;
      i = nextComponent(this.toks, i);
    }
    return to;
  }

  private atRule(i: number, to: number, parent: readonly string[] | null, beforeNested?: () => void): number {
    const name = tokenName(this.toks, i).toLowerCase();
    const preludeStart = i + 1;
    const end = this.preludeEnd(preludeStart, to, true);
    const prelude = rangeText(this.toks, preludeStart, end);
    const hasBlock = end < to && this.type(end) === TT.LeftCurly;
    const blockEnd = hasBlock ? Math.min(this.toks.close[end], to) : end;
    const next = Math.min(blockEnd + 1, to);
    const inner = (): void => {
      if (!hasBlock) return;
      beforeNested?.();
      if (parent === null) this.parseTopLevel(end + 1, blockEnd);
      else this.styleBlock(end + 1, blockEnd, parent);
    };
    switch (name) {
      case 'import':
        if (parent === null && !this.sawRule && !hasBlock) this.importRule(preludeStart, end);
        return next;
      case 'media':
        if (matchesMedia(prelude, this.media)) inner();
        break;
      case 'supports':
        if (supportsCondition(prelude)) inner();
        break;
      case 'layer':
        this.layerRule(prelude, hasBlock, inner);
        break;
      case 'container':
        this.containerRule(prelude, inner);
        break;
      case 'page':
        if (parent === null && hasBlock) this.pageRule(preludeStart, end, blockEnd);
        break;
      case 'font-face':
        if (parent === null && hasBlock) this.fontFaceRule(end + 1, blockEnd);
        break;
      case 'counter-style': {
        const nameAt = skipWs(this.toks, preludeStart, end);
        const single = nameAt < end && skipWs(this.toks, nameAt + 1, end) === end;
        if (parent === null && hasBlock && single && this.type(nameAt) === TT.Ident) {
          this.counterStyles.push({ name: tokenName(this.toks, nameAt), declarations: this.declarationsOnly(end + 1, blockEnd) });
        }
        break;
      }
      default:
        // @charset, @namespace, @keyframes, @container, … are not used.
        break;
    }
    if (name !== 'charset' && name !== 'layer' && name !== 'import' && name !== 'namespace') this.sawRule = true;
    return next;
  }

  private qualifiedRule(i: number, to: number, parent: readonly string[] | null, beforeNested?: () => void): number {
    const end = this.preludeEnd(i, to, parent !== null);
    if (end >= to) return to;
    if (this.type(end) === TT.Semicolon) return end + 1; // a nested "rule" without a block: dropped
    this.sawRule = true;
    const blockEnd = Math.min(this.toks.close[end], to);
    const selectors = this.selectorTexts(i, end, parent);
    if (selectors.length > 0) {
      beforeNested?.();
      this.styleBlock(end + 1, blockEnd, selectors);
    }
    return Math.min(blockEnd + 1, to);
  }

  /** The selector list of a prelude with `&` resolved against the parent rule's selectors. */
  private selectorTexts(from: number, to: number, parent: readonly string[] | null): string[] {
    const out: string[] = [];
    const parentSelector = parent === null ? ':root' : parent.length === 1 ? parent[0] : `:is(${parent.join(', ')})`;
    for (const [s0, e] of splitCommas(this.toks, from, to)) {
      const s = skipWs(this.toks, s0, e);
      if (s >= e) continue;
      let hasAmp = false;
      for (let k = s; k < e; k++) {
        if (this.type(k) === TT.Delim && this.source[this.toks.start[k]] === '&') hasAmp = true;
      }
      if (parent === null && !hasAmp) {
        out.push(rangeText(this.toks, s, e));
        continue;
      }
      let text = '';
      const firstIsCombinator =
        this.type(s) === TT.Delim && '>+~'.includes(this.source[this.toks.start[s]]);
      if (!hasAmp || firstIsCombinator) text = `${parentSelector} `;
      let last = this.toks.start[s];
      for (let k = s; k < e; k++) {
        if (this.type(k) !== TT.Delim || this.source[this.toks.start[k]] !== '&') continue;
        // A single parent selector can be pasted where it stands first; otherwise :is() keeps its meaning.
        const replacement = parent === null ? ':root' : this.canPaste(k, s, parent) ? parent[0] : `:is(${parent.join(', ')})`;
        text += this.source.slice(last, this.toks.start[k]) + replacement;
        last = this.toks.end[k];
      }
      text += this.source.slice(last, this.toks.end[e - 1]);
      out.push(text.trim());
    }
    return out;
  }

  /** Whether the `&` at token k can be replaced by the parent selector's own text. */
  private canPaste(k: number, start: number, parent: readonly string[]): boolean {
    if (parent.length !== 1) return false;
    if (k === start) return true;
    const prev = this.type(k - 1);
    const afterCombinator = prev === TT.WhiteSpace || (prev === TT.Delim && '>+~'.includes(this.source[this.toks.start[k - 1]]));
    return afterCombinator && /^[^\s>+~,()[\]]+$/.test(parent[0]);
  }

  /** Declarations and nested rules of a style rule; declarations after a nested rule form a later rule. */
  private styleBlock(from: number, to: number, selectors: readonly string[]): void {
    let declarations: Declaration[] = [];
    const flush = (): void => {
      if (declarations.length > 0) this.emitRule(selectors, declarations);
      declarations = [];
    };
    let i = from;
    while (i < to) {
      const t = this.type(i);
      if (t === TT.WhiteSpace || t === TT.Semicolon) {
        i++;
        continue;
      }
      if (t === TT.AtKeyword) {
        i = this.atRule(i, to, selectors, flush);
        continue;
      }
      const decl = this.tryDeclaration(i, to);
      if (decl !== null) {
        if (decl.declaration !== null) declarations.push(decl.declaration);
        i = decl.next;
        continue;
      }
      i = this.qualifiedRule(i, to, selectors, flush);
    }
    flush();
  }

  /** A declaration list with no nested rules (style attributes, @font-face, margin boxes). */
  declarationsOnly(from: number, to: number): Declaration[] {
    const out: Declaration[] = [];
    let i = from;
    while (i < to) {
      const t = this.type(i);
      if (t === TT.WhiteSpace || t === TT.Semicolon) {
        i++;
        continue;
      }
      const decl = this.tryDeclaration(i, to);
      if (decl !== null) {
        if (decl.declaration !== null) out.push(decl.declaration);
        i = decl.next;
        continue;
      }
      i = this.skipToSemicolon(i, to);
    }
    return out;
  }

  private skipToSemicolon(i: number, to: number): number {
    while (i < to && this.type(i) !== TT.Semicolon) i = nextComponent(this.toks, i);
    return i + 1;
  }

  /**
   * Read `name: value [!important]` up to `;`. Returns null when this is not a declaration (it
   * is then a nested rule); `declaration` is null for an empty or malformed one.
   */
  private tryDeclaration(i: number, to: number): { declaration: Declaration | null; next: number } | null {
    if (this.type(i) !== TT.Ident) return null;
    const colon = skipWs(this.toks, i + 1, to);
    if (colon >= to || this.type(colon) !== TT.Colon) return null;
    let end = colon + 1;
    let hasBlock = false;
    let hasOther = false;
    while (end < to && this.type(end) !== TT.Semicolon) {
      const t = this.type(end);
      if (t === TT.LeftCurly) hasBlock = true;
      else if (t !== TT.WhiteSpace) hasOther = true;
      end = nextComponent(this.toks, end);
    }
    const rawName = tokenName(this.toks, i);
    const custom = rawName.startsWith('--');
    if (hasBlock && hasOther && !custom) return null;
    const next = Math.min(end + 1, to);
    let vs = skipWs(this.toks, colon + 1, end);
    let ve = end;
    while (ve > vs && this.type(ve - 1) === TT.WhiteSpace) ve--;
    let important = false;
    if (ve > vs && this.type(ve - 1) === TT.Ident && tokenName(this.toks, ve - 1).toLowerCase() === 'important') {
      let bang = ve - 2;
      while (bang >= vs && this.type(bang) === TT.WhiteSpace) bang--;
      if (bang >= vs && this.type(bang) === TT.Delim && this.source[this.toks.start[bang]] === '!') {
        important = true;
        ve = bang;
        while (ve > vs && this.type(ve - 1) === TT.WhiteSpace) ve--;
      }
    }
    if (vs > ve) vs = ve;
    const value = vs < ve ? this.valueText(vs, ve) : '';
    if (value === '' && !custom) return { declaration: null, next };
    return { declaration: { property: custom ? rawName : rawName.toLowerCase(), value, important }, next };
  }

  /** Value source text with url()s resolved against the base URL. */
  private valueText(from: number, to: number): string {
    const raw = this.source.slice(this.toks.start[from], this.toks.end[to - 1]);
    if (this.baseUrl === null || !/url\(|src\(/i.test(raw)) return raw;
    let out = '';
    let last = this.toks.start[from];
    for (let k = from; k < to; k++) {
      const t = this.type(k);
      let url: string | null = null;
      let s = 0;
      let e = 0;
      if (t === TT.Url) {
        url = urlValue(this.toks, k);
        s = this.toks.start[k];
        e = this.toks.end[k];
      } else if (t === TT.Function && /^(url|src)$/i.test(tokenName(this.toks, k))) {
        const str = skipWs(this.toks, k + 1, to);
        if (this.type(str) === TT.String) {
          url = stringValue(this.toks, str);
          s = this.toks.start[str];
          e = this.toks.end[str];
          out += this.source.slice(last, this.toks.start[k]) + tokenName(this.toks, k) + '(';
          last = this.toks.start[k + 1];
        }
      }
      if (url === null) continue;
      const resolved = resolveUrl(url, this.baseUrl);
      out += this.source.slice(last, s) + (t === TT.Url ? `url(${quoteString(resolved)})` : quoteString(resolved));
      last = e;
    }
    return out + this.source.slice(last, this.toks.end[to - 1]);
  }

  /** `@layer a, b;` names layers in order; `@layer a { ... }` (or an anonymous `@layer { ... }`) holds rules. */
  private layerRule(prelude: string, hasBlock: boolean, inner: () => void): void {
    const names = prelude.split(',').map((name) => name.trim()).filter((name) => name !== '');
    if (names.some((name) => !LAYER_NAME.test(name)) || (hasBlock && names.length > 1) || (!hasBlock && names.length === 0)) return;
    const full = (name: string): string => (this.layer === null ? name : `${this.layer}.${name}`);
    if (!hasBlock) {
      for (const name of names) this.declareLayer(full(name));
      return;
    }
    const outer = this.layer;
    this.layer = full(names[0] ?? `\u0000anonymous${++anonymousLayers}`);
    this.declareLayer(this.layer);
    try {
      inner();
    } finally {
      this.layer = outer;
    }
  }

  private containerRule(prelude: string, inner: () => void): void {
    const condition = containerCondition(prelude);
    if (condition === null) return;
    const outer = this.containers;
    this.containers = [...(outer ?? []), condition];
    try {
      inner();
    } finally {
      this.containers = outer;
    }
  }

  private declareLayer(name: string): void {
    // A layer `a.b` is declared with its parent `a` (which it sorts inside).
    const parts = name.split('.');
    for (let i = 1; i <= parts.length; i++) {
      const prefix = parts.slice(0, i).join('.');
      if (!this.layers.includes(prefix)) this.layers.push(prefix);
    }
  }

  private emitRule(selectorTexts: readonly string[], declarations: readonly Declaration[]): void {
    const selectors: Selector[] = [];
    for (const text of selectorTexts) {
      const s = analyseSelector(text);
      if (s !== null) selectors.push(s);
    }
    if (selectors.length === 0) return;
    this.rules.push({ selectorText: selectorTexts.join(', '), selectors, declarations, layer: this.layer, containers: this.containers });
  }

  private importRule(from: number, to: number): void {
    let i = skipWs(this.toks, from, to);
    if (i >= to) return;
    let url: string;
    const t = this.type(i);
    if (t === TT.String) url = stringValue(this.toks, i);
    else if (t === TT.Url) url = urlValue(this.toks, i);
    else if (t === TT.Function && tokenName(this.toks, i).toLowerCase() === 'url') {
      const s = skipWs(this.toks, i + 1, to);
      if (this.type(s) !== TT.String) return;
      url = stringValue(this.toks, s);
    } else return;
    i = skipWs(this.toks, nextComponent(this.toks, i), to);
    if (i < to && this.type(i) === TT.Ident && tokenName(this.toks, i).toLowerCase() === 'layer') i = skipWs(this.toks, i + 1, to);
    else if (i < to && this.type(i) === TT.Function && tokenName(this.toks, i).toLowerCase() === 'layer') {
      i = skipWs(this.toks, nextComponent(this.toks, i), to);
    }
    if (i < to && this.type(i) === TT.Function && tokenName(this.toks, i).toLowerCase() === 'supports') {
      const close = this.toks.close[i];
      const condition = rangeText(this.toks, i + 1, close);
      if (!supportsCondition(condition) && !supportsCondition(`(${condition})`)) return;
      i = skipWs(this.toks, nextComponent(this.toks, i), to);
    }
    this.imports.push({ url: resolveUrl(url, this.baseUrl), media: rangeText(this.toks, i, to) });
  }

  private pageRule(preludeStart: number, preludeEnd: number, blockEnd: number): void {
    const selectors = this.pageSelectors(preludeStart, preludeEnd);
    if (selectors === null) return;
    const declarations: Declaration[] = [];
    const marginBoxes: MarginBoxRule[] = [];
    let i = preludeEnd + 1;
    while (i < blockEnd) {
      const t = this.type(i);
      if (t === TT.WhiteSpace || t === TT.Semicolon) {
        i++;
        continue;
      }
      if (t === TT.AtKeyword) {
        const name = tokenName(this.toks, i).toLowerCase();
        const open = this.preludeEnd(i + 1, blockEnd, true);
        if (open < blockEnd && this.type(open) === TT.LeftCurly) {
          const close = Math.min(this.toks.close[open], blockEnd);
          if (MARGIN_BOXES.has(name)) {
            marginBoxes.push({ name: name as MarginBoxName, declarations: this.declarationsOnly(open + 1, close) });
          }
          i = close + 1;
        } else i = open + 1;
        continue;
      }
      const decl = this.tryDeclaration(i, blockEnd);
      if (decl !== null) {
        if (decl.declaration !== null) declarations.push(decl.declaration);
        i = decl.next;
      } else i = this.skipToSemicolon(i, blockEnd);
    }
    this.pageRules.push({ selectors, declarations, marginBoxes });
  }

  /** `@page name:first, :left`; null when a selector is invalid. */
  private pageSelectors(from: number, to: number): PageSelector[] | null {
    const out: PageSelector[] = [];
    for (const [s0, e0] of splitCommas(this.toks, from, to)) {
      let s = skipWs(this.toks, s0, e0);
      let e = e0;
      while (e > s && this.type(e - 1) === TT.WhiteSpace) e--;
      if (s >= e) {
        if (splitCommas(this.toks, from, to).length > 1) return null;
        out.push({ name: null, pseudoClasses: [], specificity: 0 });
        continue;
      }
      let name: string | null = null;
      const pseudoClasses: PagePseudoClass[] = [];
      if (this.type(s) === TT.Ident) {
        name = tokenName(this.toks, s);
        s++;
      }
      while (s < e) {
        if (this.type(s) !== TT.Colon || this.type(s + 1) !== TT.Ident) return null;
        const p = tokenName(this.toks, s + 1).toLowerCase();
        if (p !== 'first' && p !== 'left' && p !== 'right' && p !== 'blank') return null;
        pseudoClasses.push(p);
        s += 2;
      }
      const g = pseudoClasses.filter((p) => p === 'first' || p === 'blank').length;
      const h = pseudoClasses.length - g;
      out.push({ name, pseudoClasses, specificity: packSpecificity(name === null ? 0 : 1, g, h) });
    }
    return out;
  }

  private fontFaceRule(from: number, to: number): void {
    let family: string | null = null;
    let sources: FontFaceSource[] = [];
    let weight: readonly [number, number] = [400, 400];
    let style: FontFaceRule['style'] = 'normal';
    let unicodeRange: [number, number][] | null = null;
    for (const d of this.declarationsOnly(from, to)) {
      const values = componentValuesOf(d.value);
      switch (d.property) {
        case 'font-family':
          if (values.length === 1 && values[0].type === 'string') family = values[0].value.toLowerCase().trim();
          else if (values.length > 0 && values.every((v) => v.type === 'ident')) {
            family = values.map((v) => (v as { lower: string }).lower).join(' ');
          }
          break;
        case 'src':
          sources = fontSources(values);
          break;
        case 'font-weight': {
          const w = values.map(fontWeightValue);
          if (w.length === 1 && w[0] !== undefined) weight = [w[0], w[0]];
          else if (w.length === 2 && w[0] !== undefined && w[1] !== undefined) weight = [Math.min(w[0], w[1]), Math.max(w[0], w[1])];
          else if (values.length === 1 && values[0].type === 'ident' && values[0].lower === 'auto') weight = [1, 1000];
          break;
        }
        case 'font-style':
          if (values[0]?.type === 'ident' && ['normal', 'italic', 'oblique'].includes(values[0].lower)) {
            style = values[0].lower as FontFaceRule['style'];
          }
          break;
        case 'unicode-range':
          unicodeRange = parseUnicodeRange(d.value);
          break;
        default:
          break;
      }
    }
    if (family === null || sources.length === 0) return;
    this.fontFaces.push({ family, sources, weight, style, unicodeRange });
  }
}

function componentValuesOf(text: string): CV[] {
  const toks = tokenizeCss(text);
  return componentValues(toks, 0, toks.length);
}

function fontWeightValue(v: CV): number | undefined {
  if (v.type === 'number' && v.value >= 1 && v.value <= 1000) return v.value;
  if (v.type === 'ident') return v.lower === 'normal' ? 400 : v.lower === 'bold' ? 700 : undefined;
  return undefined;
}

function fontSources(values: readonly CV[]): FontFaceSource[] {
  const out: FontFaceSource[] = [];
  for (const part of splitOnComma(values)) {
    const first = part[0];
    if (first === undefined) continue;
    if (first.type === 'url') {
      const fmt = part.find((p) => p.type === 'function' && p.name === 'format');
      let format: string | null = null;
      if (fmt?.type === 'function') {
        const a = fmt.args[0];
        format = a?.type === 'string' ? a.value.toLowerCase() : a?.type === 'ident' ? a.lower : null;
      }
      out.push({ kind: 'url', url: first.value, format });
    } else if (first.type === 'function' && first.name === 'local') {
      const a = first.args;
      const name = a.length === 1 && a[0].type === 'string' ? a[0].value : a.every((x) => x.type === 'ident') ? a.map((x) => (x as { value: string }).value).join(' ') : '';
      if (name !== '') out.push({ kind: 'local', name });
    }
  }
  return out;
}

/** `U+0-7F, U+0100-024F, U+4??` → code point ranges; null when nothing valid. */
export function parseUnicodeRange(text: string): [number, number][] | null {
  const out: [number, number][] = [];
  for (const part of text.split(',')) {
    const m = /^\s*u\+([0-9a-f?]{1,6})(?:-([0-9a-f]{1,6}))?\s*$/i.exec(part);
    if (m === null) continue;
    if (m[1].includes('?')) {
      out.push([parseInt(m[1].replace(/\?/g, '0'), 16), parseInt(m[1].replace(/\?/g, 'f'), 16)]);
    } else {
      const a = parseInt(m[1], 16);
      out.push([a, m[2] === undefined ? a : parseInt(m[2], 16)]);
    }
  }
  return out.length > 0 ? out : null;
}
