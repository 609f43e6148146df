// Generated-content values: content lists, quotes, counter changes, string-set and list-style-type.
import type { CV } from '../syntax.js';
import { splitOnComma } from '../syntax.js';
import type { AnonymousCounterStyle, ContentItem, ContentTarget, CounterChange, ListStyleType, PagePolicy } from '../types.js';
import { counterStyleName } from '../ua-counter-styles.js';
import { parseInteger } from './length.js';

const QUOTE_KEYWORDS = new Set(['open-quote', 'close-quote', 'no-open-quote', 'no-close-quote']);
const RESERVED_IDENTS = new Set(['none', 'inherit', 'initial', 'unset', 'revert', 'revert-layer', 'default']);

/** A counter style: a counter-style name (a predefined one lower-cased) or a literal string. */
export function parseCounterStyle(v: CV | undefined): ListStyleType | undefined {
  if (v === undefined) return undefined;
  if (v.type === 'ident') return counterStyleName(v.value);
  if (v.type === 'string') return { string: v.value };
  if (v.type === 'function' && v.name === 'symbols') return parseSymbolsFunction(v.args);
  return undefined;
}

const SYMBOLS_TYPES = new Set(['cyclic', 'numeric', 'alphabetic', 'symbolic', 'fixed']);

/** `symbols([cyclic | numeric | alphabetic | symbolic | fixed]? <string>+)` (images are not supported). */
function parseSymbolsFunction(args: readonly CV[]): AnonymousCounterStyle | undefined {
  const first = args[0];
  const typed = first?.type === 'ident';
  if (typed && !SYMBOLS_TYPES.has(first.lower)) return undefined;
  const system = (typed ? first.lower : 'symbolic') as AnonymousCounterStyle['system'];
  const symbols = args.slice(typed ? 1 : 0);
  if (!symbols.every((s) => s.type === 'string')) return undefined;
  const min = system === 'numeric' || system === 'alphabetic' ? 2 : 1;
  return symbols.length >= min ? { system, symbols: symbols.map((s) => (s as { value: string }).value) } : undefined;
}

function identArg(args: readonly CV[], index: number): string | undefined {
  const v = splitOnComma(args)[index];
  return v !== undefined && v.length === 1 && v[0].type === 'ident' ? v[0].value : undefined;
}

function parseTarget(v: readonly CV[] | undefined): ContentTarget | undefined {
  if (v === undefined || v.length !== 1) return undefined;
  const t = v[0];
  if (t.type === 'url') return { url: t.value };
  if (t.type === 'string') return { url: t.value };
  if (t.type === 'function' && t.name === 'attr') {
    // attr(href) or attr(href url): the type is not kept.
    const first = splitOnComma(t.args)[0];
    return first?.[0]?.type === 'ident' && first.length <= 2 ? { attr: first[0].value.toLowerCase() } : undefined;
  }
  return undefined;
}

function isPagePolicy(v: string | undefined): v is PagePolicy {
  return v === 'first' || v === 'start' || v === 'last' || v === 'first-except';
}

/** One item of a content list; undefined when it is not one. */
function parseContentItem(v: CV): ContentItem | undefined {
  switch (v.type) {
    case 'string':
      return { type: 'string', value: v.value };
    case 'url':
      return { type: 'url', url: v.value };
    case 'ident':
      if (QUOTE_KEYWORDS.has(v.lower)) return { type: v.lower as 'open-quote' };
      return undefined;
    case 'function':
      return parseContentFunction(v.name, v.args);
    default:
      return undefined;
  }
}

function parseContentFunction(name: string, args: readonly CV[]): ContentItem | undefined {
  const parts = splitOnComma(args);
  switch (name) {
    case 'attr': {
      // attr(name type?, fallback?): the fallback and type are not kept.
      const first = parts[0];
      if (first.length < 1 || first[0].type !== 'ident') return undefined;
      return { type: 'attr', name: first[0].value.toLowerCase() };
    }
    case 'counter': {
      const counter = identArg(args, 0);
      if (counter === undefined || parts.length > 2) return undefined;
      const style = parts.length === 2 ? parseCounterStyle(parts[1][0]) : 'decimal';
      return style === undefined ? undefined : { type: 'counter', name: counter, style };
    }
    case 'counters': {
      const counter = identArg(args, 0);
      const sep = parts[1];
      if (counter === undefined || sep?.length !== 1 || sep[0].type !== 'string' || parts.length > 3) return undefined;
      const style = parts.length === 3 ? parseCounterStyle(parts[2][0]) : 'decimal';
      return style === undefined ? undefined : { type: 'counters', name: counter, separator: sep[0].value, style };
    }
    case 'element':
    case 'running':
    case 'string': {
      const n = identArg(args, 0);
      const policy = parts.length === 1 ? 'first' : parts.length === 2 ? identArg(args, 1)?.toLowerCase() : undefined;
      if (n === undefined || !isPagePolicy(policy)) return undefined;
      return { type: name === 'string' ? 'string-ref' : 'element', name: n, policy };
    }
    case 'target-counter': {
      const url = parseTarget(parts[0]);
      const counter = identArg(args, 1);
      if (url === undefined || counter === undefined) return undefined;
      const style = parts.length >= 3 ? parseCounterStyle(parts[2][0]) : 'decimal';
      return style === undefined ? undefined : { type: 'target-counter', url, name: counter, style };
    }
    case 'target-counters': {
      const url = parseTarget(parts[0]);
      const counter = identArg(args, 1);
      const sep = parts[2];
      if (url === undefined || counter === undefined || sep?.length !== 1 || sep[0].type !== 'string' || parts.length > 4) return undefined;
      const style = parts.length === 4 ? parseCounterStyle(parts[3][0]) : 'decimal';
      return style === undefined ? undefined : { type: 'target-counters', url, name: counter, separator: sep[0].value, style };
    }
    case 'target-text': {
      const url = parseTarget(parts[0]);
      if (url === undefined || parts.length > 2) return undefined;
      if (parts.length === 1) return { type: 'target-text', url };
      const which = parts[1].length === 1 && parts[1][0].type === 'ident' ? parts[1][0].lower : '';
      if (which !== 'content' && which !== 'before' && which !== 'after' && which !== 'first-letter') return undefined;
      return { type: 'target-text', url, which };
    }
    case 'leader': {
      const a = parts[0];
      if (a.length !== 1) return undefined;
      if (a[0].type === 'string') return { type: 'leader', value: a[0].value };
      if (a[0].type !== 'ident') return undefined;
      const value = { dotted: '.', solid: '_', space: ' ' }[a[0].lower];
      return value === undefined ? undefined : { type: 'leader', value };
    }
    case 'content': {
      const which = parts[0].length === 0 ? 'text' : parts[0][0].type === 'ident' ? parts[0][0].lower : '';
      if (which !== 'text' && which !== 'before' && which !== 'after' && which !== 'first-letter' && which !== 'marker') return undefined;
      return { type: 'content', which };
    }
    default:
      return undefined;
  }
}

/** A list of content items (`content`, `string-set`, `bookmark-label`). */
export function parseContentList(values: readonly CV[]): ContentItem[] | undefined {
  if (values.length === 0) return undefined;
  const items: ContentItem[] = [];
  for (const v of values) {
    const item = parseContentItem(v);
    if (item === undefined) return undefined;
    items.push(item);
  }
  return items;
}

export function parseContent(values: readonly CV[]): 'normal' | 'none' | readonly ContentItem[] | undefined {
  if (values.length === 1 && values[0].type === 'ident') {
    if (values[0].lower === 'normal') return 'normal';
    if (values[0].lower === 'none') return 'none';
  }
  // `content: url(x) / "alt text"`: the alternative text is not kept.
  const slash = values.findIndex((v) => v.type === 'delim' && v.value === '/');
  return parseContentList(slash < 0 ? values : values.slice(0, slash));
}

export function parseQuotes(values: readonly CV[]): 'auto' | 'none' | readonly (readonly [string, string])[] | undefined {
  if (values.length === 1 && values[0].type === 'ident') {
    if (values[0].lower === 'auto') return 'auto';
    if (values[0].lower === 'none') return 'none';
    return undefined;
  }
  if (values.length === 0 || values.length % 2 !== 0) return undefined;
  const pairs: [string, string][] = [];
  for (let i = 0; i < values.length; i += 2) {
    const open = values[i];
    const close = values[i + 1];
    if (open.type !== 'string' || close.type !== 'string') return undefined;
    pairs.push([open.value, close.value]);
  }
  return pairs;
}

/** `none | [<counter-name> <integer>?]+`, with the implied value when the integer is absent. */
export function parseCounterChanges(values: readonly CV[], implied: number): readonly CounterChange[] | undefined {
  if (values.length === 1 && values[0].type === 'ident' && values[0].lower === 'none') return [];
  if (values.length === 0) return undefined;
  const out: CounterChange[] = [];
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (v.type !== 'ident' || RESERVED_IDENTS.has(v.lower)) return undefined;
    const n = values[i + 1]?.type === 'number' || values[i + 1]?.type === 'function' ? parseInteger(values[i + 1]) : undefined;
    if (n !== undefined) i++;
    out.push({ name: v.value, value: n ?? implied });
  }
  return out;
}

/** `none | [<custom-ident> <content-list>]#`. */
export function parseStringSet(values: readonly CV[]): readonly { name: string; content: readonly ContentItem[] }[] | undefined {
  if (values.length === 1 && values[0].type === 'ident' && values[0].lower === 'none') return [];
  const out: { name: string; content: readonly ContentItem[] }[] = [];
  for (const part of splitOnComma(values)) {
    const name = part[0];
    if (name?.type !== 'ident' || RESERVED_IDENTS.has(name.lower)) return undefined;
    const content = parseContentList(part.slice(1));
    if (content === undefined) return undefined;
    out.push({ name: name.value, content });
  }
  return out;
}
