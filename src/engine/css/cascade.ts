// The cascade: indexed selector matching, origin/importance/specificity/order, then computed styles.
import { querySizes, usesContainerUnits } from './container-units.js';
import { compile } from 'css-select';
import type { Element } from 'domhandler';
import { type Cascaded, type ComputeEnvironment, StyleComputer } from './computed.js';
import { type Longhand, REVERT, UNSET, expandDeclaration } from './expand.js';
import { presentationalHints } from './hints.js';
import { draftFrom, initialStyle } from './initial.js';
import { longhandId } from './properties/index.js';
import { placeholderShown } from './placeholder-shown.js';
import type { Selector } from './selector.js';
import { structuralPseudos } from './structural.js';
import { type ContainerCondition, type Declaration, type Stylesheet, parseDeclarationList } from './stylesheet.js';
import { matchesMedia } from './media.js';
import { containsVar, substituteVars } from './var.js';
import type { ComputedStyle, Display, PseudoElement, Px } from './types.js';

export { initialStyle };

type Matcher = (el: Element) => boolean;

interface CompiledRule {
  readonly match: Matcher;
  readonly specificity: number;
  /** Source order across all sheets. */
  readonly order: number;
  /** 0 = user agent, 1 = author. */
  readonly origin: 0 | 1;
  /** The @container conditions the rule holds under, or null. */
  readonly containers: readonly ContainerCondition[] | null;
  /** The rule's cascade layer by precedence: higher wins for normal declarations, lower for important ones; UNLAYERED outside every layer. */
  readonly layer: number;
  readonly normal: readonly Longhand[];
  readonly important: readonly Longhand[];
  /** Its declarations of SVG presentation properties, which style inline SVG (svgStyle()). */
  readonly svg: readonly Declaration[];
  /** Indexed under several keys (`:is(em, strong)`): matching must not add it twice. */
  readonly multi: boolean;
  stamp: number;
  /** Bloom-filter bits of the keys some ancestor must have, or null. */
  readonly ancestors: Uint32Array | null;
  /** The selector is its index key alone (`td`, `.num`, `#total`): every element it is tested on matches. */
  readonly exact: boolean;
}

interface RuleIndex {
  readonly ids: Map<string, CompiledRule[]>;
  readonly classes: Map<string, CompiledRule[]>;
  readonly tags: Map<string, CompiledRule[]>;
  readonly universal: CompiledRule[];
}

export interface StyleResolverOptions {
  /** The page content area in CSS px, which vw/vh/vmin/vmax resolve against (default A4 with 75px margins: 645 × 974). */
  readonly pageWidth?: Px;
  readonly pageHeight?: Px;
  /** What url()s in `style` attributes and legacy `background` attributes resolve against (see `documentBaseUrl`). */
  readonly baseUrl?: string | null;
  /** The size containers a layout found, which @container rules ask (none: no @container rule applies). */
  readonly containers?: ReadonlyMap<Element, QueryContainer>;
}

/** An element with `container-type`, as laid out: its content box and what queries may ask of it. */
export interface QueryContainer {
  readonly names: readonly string[];
  readonly type: 'inline-size' | 'size';
  readonly width: Px;
  readonly height: Px;
}

const NEVER = (): boolean => false;

/** Pseudo-classes css-select does not know: dynamic states never match when printing. */
const PSEUDOS: Record<string, (el: Element, value?: string | null) => boolean> = {
  focus: NEVER,
  'focus-within': NEVER,
  'focus-visible': NEVER,
  target: NEVER,
  'target-within': NEVER,
  'user-invalid': NEVER,
  'user-valid': NEVER,
  invalid: NEVER,
  valid: NEVER,
  'placeholder-shown': (el) => placeholderShown(el),
  autofill: NEVER,
  '-webkit-autofill': NEVER,
  'in-range': NEVER,
  'out-of-range': NEVER,
  indeterminate: NEVER,
  default: NEVER,
  fullscreen: NEVER,
  modal: NEVER,
  'popover-open': NEVER,
  playing: NEVER,
  paused: NEVER,
  current: NEVER,
  past: NEVER,
  future: NEVER,
  'local-link': NEVER,
  defined: () => true,
  dir: (_el, value) => (value ?? '').trim().toLowerCase() === 'ltr',
};

const COMPILE_OPTIONS: object = { xmlMode: false, pseudos: { ...PSEUDOS, ...structuralPseudos(() => COMPILE_OPTIONS) } };

/** Compiled matchers live as long as their Selector (the UA sheet's compile once per process). */
const matchers = new WeakMap<Selector, Matcher | null>();

function matcherFor(selector: Selector): Matcher | null {
  let m = matchers.get(selector);
  if (m === undefined) {
    try {
      m = compile<unknown, Element>(selector.text, COMPILE_OPTIONS as never) as unknown as Matcher;
    } catch {
      m = null; // a selector css-select cannot compile never matches
    }
    matchers.set(selector, m);
  }
  return m;
}

function expandAll(declarations: readonly Declaration[]): { normal: Longhand[]; important: Longhand[] } {
  const normal: Longhand[] = [];
  const important: Longhand[] = [];
  for (const d of declarations) {
    const longhands = expandDeclaration(d.property, d.value);
    if (longhands === null) continue;
    (d.important ? important : normal).push(...longhands);
  }
  return { normal, important };
}

const expandedRules = new WeakMap<readonly Declaration[], { normal: Longhand[]; important: Longhand[] }>();

function expandedFor(declarations: readonly Declaration[]): { normal: Longhand[]; important: Longhand[] } {
  let e = expandedRules.get(declarations);
  if (e === undefined) {
    e = expandAll(declarations);
    expandedRules.set(declarations, e);
  }
  return e;
}

function newIndex(): RuleIndex {
  return { ids: new Map(), classes: new Map(), tags: new Map(), universal: [] };
}

function addTo(map: Map<string, CompiledRule[]>, key: string, rule: CompiledRule): void {
  const list = map.get(key);
  if (list === undefined) map.set(key, [rule]);
  else list.push(rule);
}

function compareRules(a: CompiledRule, b: CompiledRule): number {
  return a.origin - b.origin || a.layer - b.layer || a.specificity - b.specificity || a.order - b.order;
}

/** Rules outside every layer win over layered ones (for normal declarations). */
const UNLAYERED = Number.MAX_SAFE_INTEGER;

/**
 * Each layer's precedence (CSS Cascade 5 §6.4): layers in the order their names first appear across
 * the sheets, a layer's sublayers before the rules it holds itself, all of them before unlayered rules.
 */
function layerRanks(sheets: readonly Stylesheet[]): Map<string, number> {
  interface LayerNode { readonly children: Map<string, LayerNode> }
  const root: LayerNode = { children: new Map() };
  for (const sheet of sheets) {
    for (const name of sheet.layers) {
      let node = root;
      for (const part of name.split('.')) {
        let child = node.children.get(part);
        if (child === undefined) node.children.set(part, (child = { children: new Map() }));
        node = child;
      }
    }
  }
  const ranks = new Map<string, number>();
  const visit = (node: LayerNode, prefix: string): void => {
    for (const [part, child] of node.children) {
      const name = prefix === '' ? part : `${prefix}.${part}`;
      visit(child, name);
      ranks.set(name, ranks.size);
    }
  };
  visit(root, '');
  return ranks;
}

/** Important declarations: later layers lose, and layered ones win over unlayered ones. */
function compareImportant(a: CompiledRule, b: CompiledRule): number {
  return b.layer - a.layer || a.specificity - b.specificity || a.order - b.order;
}

/** Sorts matched rules by cascade order; in place, by insertion for the usual handful (Array#sort allocates). */
function sortRules(rules: CompiledRule[]): void {
  if (rules.length > 32) {
    rules.sort(compareRules);
    return;
  }
  for (let i = 1; i < rules.length; i++) {
    const r = rules[i];
    let j = i - 1;
    while (j >= 0 && compareRules(rules[j], r) > 0) {
      rules[j + 1] = rules[j];
      j--;
    }
    rules[j + 1] = r;
  }
}

const styleAttributeCache = new Map<string, { normal: Longhand[]; important: Longhand[] }>();

function styleAttribute(text: string, baseUrl: string | null): { normal: Longhand[]; important: Longhand[] } {
  const key = baseUrl === null ? text : `${baseUrl}\u0000${text}`;
  let e = styleAttributeCache.get(key);
  if (e === undefined) {
    e = expandAll(parseDeclarationList(text, baseUrl ?? undefined));
    if (styleAttributeCache.size > 10_000) styleAttributeCache.clear();
    styleAttributeCache.set(key, e);
  }
  return e;
}

const WHITESPACE = /[\t\n\f\r ]+/;

// Ancestor Bloom filter (as browsers do): 256 bits of the ids, classes and tags of an element's
// ancestors, so rules needing an absent ancestor key are skipped without running their matcher.
const BLOOM_WORDS = 8;

function setBloomBits(bloom: Uint32Array, key: string): void {
  let h1 = 0x811c9dc5;
  let h2 = 0;
  for (let i = 0; i < key.length; i++) {
    const c = key.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 0x01000193);
    h2 = (Math.imul(h2, 31) + c) | 0;
  }
  bloom[(h1 >>> 5) & (BLOOM_WORDS - 1)] |= 1 << (h1 & 31);
  bloom[(h2 >>> 5) & (BLOOM_WORDS - 1)] |= 1 << (h2 & 31);
}

function bloomOf(keys: readonly string[]): Uint32Array {
  const b = new Uint32Array(BLOOM_WORDS);
  for (const k of keys) setBloomBits(b, k);
  return b;
}

function bloomContains(set: Uint32Array, required: Uint32Array): boolean {
  for (let i = 0; i < BLOOM_WORDS; i++) if (((set[i] & required[i]) >>> 0) !== required[i]) return false;
  return true;
}

const EMPTY_BLOOM = new Uint32Array(BLOOM_WORDS);
const descendantBlooms = new WeakMap<Element, Uint32Array>();

/** The filter of `el`'s ancestors (computed once per parent element; the document is static while styled). */
function ancestorBloom(el: Element): Uint32Array {
  const parent = el.parent;
  if (parent === null || parent.type !== 'tag') return EMPTY_BLOOM;
  const p = parent as Element;
  let b = descendantBlooms.get(p);
  if (b === undefined) {
    b = new Uint32Array(ancestorBloom(p));
    setBloomBits(b, p.name);
    const a = p.attribs;
    if (a.id) setBloomBits(b, `#${a.id}`);
    if (a.class) for (const c of a.class.trim().split(WHITESPACE)) if (c !== '') setBloomBits(b, `.${c}`);
    descendantBlooms.set(p, b);
  }
  return b;
}
const EMPTY: readonly Longhand[] = [];
const NO_HINTS: readonly Declaration[] = [];

function testRules(list: CompiledRule[] | undefined, el: Element, ancestors: Uint32Array, stamp: number, out: CompiledRule[]): void {
  if (list === undefined) return;
  for (let i = 0; i < list.length; i++) {
    const r = list[i];
    if (r.multi) {
      if (r.stamp === stamp) continue;
      r.stamp = stamp;
    }
    if (r.ancestors !== null && !bloomContains(ancestors, r.ancestors)) continue;
    if (r.exact || r.match(el)) out.push(r);
  }
}

/** Stamps matching uses to test a rule indexed under several keys once (shared by every resolver, as their indexes are). */
let lastStamp = 0;

/**
 * What a resolver derives from its sheets and options alone: the rule index, and the computed
 * styles found so far. Kept for the last few sheet lists, so documents from the same template
 * (whose parsed sheets load.ts keeps and hands out again) index their rules once and share
 * computed styles from one document to the next.
 */
interface ResolverIndex {
  readonly sheets: readonly Stylesheet[];
  readonly pageWidth: Px;
  readonly pageHeight: Px;
  readonly baseUrl: string | null;
  readonly elements: RuleIndex;
  readonly pseudos: Map<PseudoElement, RuleIndex>;
  /** Computed styles by parent style and cascade key; null: a ::before/::after that generates no box. */
  shared: WeakMap<ComputedStyle, Map<string, ComputedStyle | null>>;
  /** Cascade keys by what the element is, the root's font size and the matched rules (see RuleKeys). */
  readonly ruleKeys: Map<string, Map<string | number, RuleKeys>>;
  /** Styles added to `shared` since it was last emptied. */
  sharedCount: number;
}

/**
 * A cascade key without its hints and style attribute: what the element is (a pseudo-element or a
 * table), the root's font size (for rem) or the root itself, and the matched rules' order numbers.
 * One string per distinct key, found a rule at a time: the key is not built anew for each element,
 * and the style caches, looked up by the same string, need not hash it again.
 */
interface RuleKeys {
  readonly key: string;
  next: Map<number, RuleKeys> | null;
}

function ruleKeysAfter(keys: RuleKeys, order: number): RuleKeys {
  keys.next ??= new Map();
  let next = keys.next.get(order);
  if (next === undefined) {
    next = { key: `${keys.key}${order},`, next: null };
    keys.next.set(order, next);
  }
  return next;
}

const MAX_INDEXES = 4;
/** Past this many computed styles (documents full of distinct style attributes), an index starts its style cache over. */
const MAX_SHARED_STYLES = 20_000;
const indexes: ResolverIndex[] = [];

function sameSheets(a: readonly Stylesheet[], b: readonly Stylesheet[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

function indexFor(sheets: readonly Stylesheet[], pageWidth: Px, pageHeight: Px, baseUrl: string | null): ResolverIndex {
  for (let i = indexes.length - 1; i >= 0; i--) {
    const known = indexes[i];
    if (known.pageWidth === pageWidth && known.pageHeight === pageHeight && known.baseUrl === baseUrl && sameSheets(known.sheets, sheets)) {
      indexes.splice(i, 1);
      indexes.push(known);
      return known;
    }
  }
  const index = buildIndex(sheets, pageWidth, pageHeight, baseUrl);
  if (indexes.length >= MAX_INDEXES) indexes.shift();
  indexes.push(index);
  return index;
}

function buildIndex(sheets: readonly Stylesheet[], pageWidth: Px, pageHeight: Px, baseUrl: string | null): ResolverIndex {
  const index: ResolverIndex = {
    sheets: [...sheets], pageWidth, pageHeight, baseUrl, elements: newIndex(), pseudos: new Map(), shared: new WeakMap(), sharedCount: 0, ruleKeys: new Map(),
  };
  let order = 0;
  const ranks = layerRanks(sheets);
  for (const sheet of sheets) {
    const origin = sheet.origin === 'user-agent' ? 0 : 1;
    for (const rule of sheet.rules) {
      const layer = rule.layer === null ? UNLAYERED : (ranks.get(rule.layer) ?? UNLAYERED);
      const { normal, important } = expandedFor(rule.declarations);
      const svg = svgDeclarationsOf(rule.declarations);
      if (normal.length === 0 && important.length === 0 && svg.length === 0) {
        order++;
        continue;
      }
      for (const selector of rule.selectors) {
        const match = matcherFor(selector);
        if (match === null) continue;
        const multi = selector.keys.length > 1;
        const ancestors = selector.ancestorKeys.length > 0 ? bloomOf(selector.ancestorKeys) : null;
        const exact = selector.keys.length === 1 && selector.keys[0] !== '*' && selector.text.trim() === selector.keys[0];
        const compiled: CompiledRule = {
          match, specificity: selector.specificity, order: order++, origin, layer, containers: rule.containers ?? null, normal, important, svg, multi, stamp: 0, ancestors, exact,
        };
        let rules = index.elements;
        if (selector.pseudo !== null) {
          rules = index.pseudos.get(selector.pseudo) ?? newIndex();
          index.pseudos.set(selector.pseudo, rules);
        }
        for (const key of selector.keys) {
          if (key[0] === '#') addTo(rules.ids, key.slice(1), compiled);
          else if (key[0] === '.') addTo(rules.classes, key.slice(1), compiled);
          else if (key === '*') rules.universal.push(compiled);
          else addTo(rules.tags, key, compiled);
        }
      }
    }
  }
  return index;
}

/**
 * The SVG presentation properties stylesheet rules set on elements inside inline SVG (fill,
 * stroke and the rest the SVG renderer reads from a style attribute), which the CSS engine itself
 * does not compute.
 */
const SVG_PROPERTIES: ReadonlySet<string> = new Set([
  'fill', 'fill-opacity', 'fill-rule', 'stroke', 'stroke-width', 'stroke-opacity', 'stroke-linecap', 'stroke-linejoin',
  'stroke-miterlimit', 'stroke-dasharray', 'stroke-dashoffset', 'opacity', 'color', 'display', 'visibility', 'stop-color',
  'stop-opacity', 'clip-rule', 'font-family', 'font-size', 'font-weight', 'font-style', 'text-anchor', 'dominant-baseline',
]);

const svgDeclarations = new WeakMap<readonly Declaration[], readonly Declaration[]>();

function svgDeclarationsOf(declarations: readonly Declaration[]): readonly Declaration[] {
  let found = svgDeclarations.get(declarations);
  if (found === undefined) {
    found = declarations.filter((d) => SVG_PROPERTIES.has(d.property));
    svgDeclarations.set(declarations, found);
  }
  return found;
}

/** What stylesheet rules say of an SVG element's presentation: normal declarations, and those marked important. */
export interface SvgRuleStyle {
  /** `property:value;…`, each property once, as the cascade orders them; '' for none. */
  readonly normal: string;
  readonly important: string;
}

/** Computes element and pseudo-element styles from a document's stylesheets. */
export class StyleResolver {
  private readonly elements: RuleIndex;
  private readonly pseudos: Map<PseudoElement, RuleIndex>;
  private readonly index: ResolverIndex;
  private readonly computer = new StyleComputer();
  private readonly pageWidth: Px;
  private readonly pageHeight: Px;
  private readonly baseUrl: string | null;
  private readonly containers: ReadonlyMap<Element, QueryContainer> | undefined;
  /** Whether the sheets use cq units: then each element asks its nearest query containers' sizes. */
  private readonly containerUnits: boolean;
  private rootFontSize: Px = 16;

  constructor(sheets: readonly Stylesheet[], options: StyleResolverOptions = {}) {
    this.pageWidth = options.pageWidth ?? 645;
    this.pageHeight = options.pageHeight ?? 974;
    this.baseUrl = options.baseUrl ?? null;
    this.containers = options.containers;
    this.containerUnits = options.containers !== undefined && usesContainerUnits(sheets);
    this.index = indexFor(sheets, this.pageWidth, this.pageHeight, this.baseUrl);
    this.elements = this.index.elements;
    this.pseudos = this.index.pseudos;
  }

  /**
   * The computed style of an element, or of one of its pseudo-elements (then `parent` is the
   * element's own style). `::before`/`::after` give null when they generate no box (content
   * none/normal, or display none).
   */
  computeStyle(element: Element, parent: ComputedStyle | null, pseudo?: PseudoElement): ComputedStyle | null {
    const p = pseudo ?? null;
    let index: RuleIndex | undefined = this.elements;
    if (p !== null) {
      index = this.pseudos.get(p);
      if (index === undefined && p !== 'marker') return null;
    }
    const matched = this.match(element, index);
    // ::before/::after without a matching rule set no `content`, so generate no box (most elements ask);
    // ::first-letter without one is no box either.
    if (matched.length === 0 && (p === 'before' || p === 'after' || p === 'first-letter' || p === 'first-line')) return null;
    const hints = p === null ? presentationalHints(element, this.baseUrl) : NO_HINTS;
    const styleText = p === null ? element.attribs.style : undefined;
    const isRoot = p === null && (element.parent === null || element.parent.type === 'root');
    const isBody = p === null && element.name === 'body' && element.parent?.type === 'tag' && (element.parent.parent === null || element.parent.parent.type === 'root');

    const parentStyle = parent ?? initialStyle();
    const isTable = p === null && element.name === 'table';
    const cache = this.index;
    if (cache.sharedCount >= MAX_SHARED_STYLES) {
      cache.shared = new WeakMap();
      cache.ruleKeys.clear();
      cache.sharedCount = 0;
    }
    let byParent = cache.shared.get(parentStyle);
    if (byParent === undefined) {
      byParent = new Map();
      cache.shared.set(parentStyle, byParent);
    }
    // rem needs the root's font size: part of the key, as computed styles outlive the document.
    const kind = p ?? (isTable ? 'T' : '');
    let byFontSize = cache.ruleKeys.get(kind);
    if (byFontSize === undefined) {
      byFontSize = new Map();
      cache.ruleKeys.set(kind, byFontSize);
    }
    const head = isRoot ? 'R' : this.rootFontSize;
    let keys = byFontSize.get(head);
    if (keys === undefined) {
      keys = { key: `${kind}${head}|`, next: null };
      byFontSize.set(head, keys);
    }
    for (const r of matched) keys = ruleKeysAfter(keys, r.order);
    let key = keys.key;
    if (hints.length > 0) for (const h of hints) key += `|${h.property}:${h.value}`;
    if (styleText !== undefined) key += `|style:${styleText}`;
    if (isBody) key += '|body';
    // cq units resolve against the nearest containers, which elements of one parent style may not share.
    const query = this.containerUnits ? querySizes(p === null ? (element.parent?.type === 'tag' ? (element.parent as Element) : null) : element, this.containers!) : null;
    if (query !== null) key += `|cq:${query.width ?? ''},${query.height ?? ''}`;
    const cached = byParent.get(key);
    if (cached !== undefined) {
      if (isRoot && cached !== null) this.rootFontSize = cached.fontSize;
      return cached === null ? null : this.pseudoResult(cached, p);
    }
    cache.sharedCount++;

    const cascaded = this.cascade(matched, hints, styleText, parentStyle.direction);
    if ((p === 'before' || p === 'after') && !cascaded.values.has(longhandId('content')!)) {
      byParent.set(key, null);
      return null;
    }
    const env: ComputeEnvironment = {
      viewportWidth: this.pageWidth,
      viewportHeight: this.pageHeight,
      ...(query?.width !== undefined && { queryWidth: query.width }),
      ...(query?.height !== undefined && { queryHeight: query.height }),
      rootFontSize: isRoot ? 16 : this.rootFontSize,
      isRoot,
      isBody,
      pseudo: p,
    };
    let style = this.computer.compute(cascaded, parent, env);
    // Chromium: tables never take the -webkit-* alignments (from HTML align attributes) they inherit.
    if (isTable && style.textAlign.startsWith('-webkit-')) style = { ...style, textAlign: 'start' };
    if (isRoot) this.rootFontSize = style.fontSize;
    byParent.set(key, style);
    return this.pseudoResult(style, p);
  }

  /**
   * The SVG presentation properties the stylesheets' rules give an element of inline SVG, var()
   * references resolved against `custom` (a value whose reference is missing is left out).
   */
  svgStyle(element: Element, custom: ReadonlyMap<string, string>): SvgRuleStyle {
    const matched = this.match(element, this.elements);
    const normal = new Map<string, string>();
    const important = new Map<string, string>();
    for (const rule of matched) {
      for (const d of rule.svg) {
        const value = containsVar(d.value) ? substituteVars(d.value, custom) : d.value;
        if (value === null) continue;
        const into = d.important ? important : normal;
        into.delete(d.property);
        into.set(d.property, value);
      }
    }
    const text = (map: Map<string, string>): string => [...map].map(([property, value]) => `${property}:${value}`).join(';');
    return { normal: text(normal), important: text(important) };
  }

  /** Compute a declaration list (an @page rule, a margin box) as if it were an element's only rule. */
  computeDeclarations(declarations: readonly Declaration[], parent: ComputedStyle | null): ComputedStyle {
    const { normal, important } = expandAll(declarations);
    const values = new Map<number, unknown>();
    let custom: Map<string, unknown> | null = null;
    for (const l of [...normal, ...important]) {
      if (l.id < 0) (custom ??= new Map()).set(l.name, l.value);
      else values.set(l.id, l.value === REVERT ? UNSET : l.value);
    }
    const env: ComputeEnvironment = {
      viewportWidth: this.pageWidth,
      viewportHeight: this.pageHeight,
      rootFontSize: this.rootFontSize,
      isRoot: false,
      pseudo: null,
    };
    return this.computer.compute({ values, custom: custom as Cascaded['custom'] }, parent, env);
  }

  private pseudoResult(style: ComputedStyle, pseudo: PseudoElement | null): ComputedStyle | null {
    if (pseudo !== 'before' && pseudo !== 'after') return style;
    if (style.content === 'normal' || style.content === 'none' || style.display === 'none') return null;
    return style;
  }

  /** Matching rules, sorted by origin, specificity and source order. */
  private match(el: Element, index: RuleIndex | undefined): CompiledRule[] {
    const out: CompiledRule[] = [];
    if (index === undefined) return out;
    const a = el.attribs;
    const id = a.id;
    const byId = id !== undefined && id !== '' && index.ids.size > 0 ? index.ids.get(id) : undefined;
    const cls = a.class;
    const classes = cls !== undefined && cls !== '' && index.classes.size > 0 ? cls.trim().split(WHITESPACE) : null;
    const byTag = index.tags.get(el.name);
    // Most elements match no rule of a pseudo-element's index (asked for ::before, ::after and
    // ::first-letter of every element): known without their ancestors' bloom filter.
    if (byId === undefined && classes === null && byTag === undefined && index.universal.length === 0) return out;
    const stamp = ++lastStamp;
    const ancestors = ancestorBloom(el);
    testRules(byId, el, ancestors, stamp, out);
    if (classes !== null) {
      for (let i = 0; i < classes.length; i++) {
        if (classes.indexOf(classes[i]) === i) testRules(index.classes.get(classes[i]), el, ancestors, stamp, out);
      }
    }
    testRules(byTag, el, ancestors, stamp, out);
    testRules(index.universal, el, ancestors, stamp, out);
    const held = out.some((r) => r.containers !== null) ? out.filter((r) => r.containers === null || r.containers.every((c) => this.containerHolds(el, c))) : out;
    if (held.length > 1) sortRules(held);
    return held;
  }

  /** Whether the nearest ancestor container the condition names answers its query (CSS Conditional 5, section 2). */
  private containerHolds(el: Element, condition: ContainerCondition): boolean {
    if (this.containers === undefined) return false;
    for (let node = el.parent; node !== null && node.type === 'tag'; node = node.parent) {
      const container = this.containers.get(node as Element);
      if (container === undefined || (condition.name !== null && !container.names.includes(condition.name))) continue;
      // An inline-size container has no height to ask about: such a query does not hold.
      return matchesMedia(condition.query, { width: container.width, height: container.type === 'size' ? container.height : Number.NaN });
    }
    return false;
  }

  private cascade(matched: readonly CompiledRule[], hints: readonly Declaration[], styleText: string | undefined, parentDirection: 'ltr' | 'rtl'): Cascaded {
    const values = new Map<number, unknown>();
    let custom: Map<string, unknown> | null = null;
    let reverted = false;
    const style = styleText !== undefined ? styleAttribute(styleText, this.baseUrl) : null;
    const rightToLeft = isRightToLeft(matched, hints, style, parentDirection);
    const set = (list: readonly Longhand[]): void => {
      for (const l of list) {
        if (l.value === REVERT) reverted = true;
        if (l.id < 0) (custom ??= new Map()).set(l.name, l.value);
        else values.set(rightToLeft && l.flip !== undefined ? l.flip : l.id, l.value);
      }
    };
    inCascadeOrder(matched, hints, style, set);
    if (reverted) this.revert(values, matched);
    return { values, custom: custom as Cascaded['custom'] };
  }

  /** `revert` in author styles rolls back to the user-agent cascade (else it is `unset`). */
  private revert(values: Map<number, unknown>, matched: readonly CompiledRule[]): void {
    for (const [id, v] of values) {
      if (v !== REVERT) continue;
      let ua: unknown = UNSET;
      for (const r of matched) {
        if (r.origin !== 0) continue;
        for (const l of r.normal) if (l.id === id) ua = l.value;
      }
      for (const r of matched) {
        if (r.origin !== 0) continue;
        for (const l of r.important) if (l.id === id) ua = l.value;
      }
      values.set(id, ua === REVERT ? UNSET : ua);
    }
  }
}

type Expanded = { readonly normal: readonly Longhand[]; readonly important: readonly Longhand[] };

/** Visits an element's longhand lists in cascade order, each later one winning over the earlier ones. */
function inCascadeOrder(matched: readonly CompiledRule[], hints: readonly Declaration[], style: Expanded | null, visit: (list: readonly Longhand[]) => void): void {
  // Normal declarations: user agent, presentational hints (author level, before all author rules), author, style="".
  let hintsDone = false;
  for (const r of matched) {
    if (r.origin === 1 && !hintsDone) {
      for (const h of hints) visit(expandDeclaration(h.property, h.value) ?? EMPTY);
      hintsDone = true;
    }
    visit(r.normal);
  }
  if (!hintsDone) for (const h of hints) visit(expandDeclaration(h.property, h.value) ?? EMPTY);
  if (style !== null) visit(style.normal);
  // Important declarations: author, style="", then user agent.
  const author = matched.some((r) => r.layer !== UNLAYERED && r.important.length > 0) ? matched.filter((r) => r.origin === 1).sort(compareImportant) : matched;
  for (const r of author) if (r.origin === 1) visit(r.important);
  if (style !== null) visit(style.important);
  for (const r of matched) if (r.origin === 0) visit(r.important);
}

const DIRECTION = longhandId('direction')!;

/** What a list of longhands says about direction: its last `direction` value, and whether it sets a logical property. */
interface DirectionSummary {
  readonly direction: unknown;
  readonly logical: boolean;
}

const summaries = new WeakMap<readonly Longhand[], DirectionSummary>();

function summaryOf(list: readonly Longhand[]): DirectionSummary {
  let summary = summaries.get(list);
  if (summary === undefined) {
    let direction: unknown;
    let logical = false;
    for (const l of list) {
      if (l.id === DIRECTION) direction = l.value;
      if (l.flip !== undefined) logical = true;
    }
    summary = { direction, logical };
    summaries.set(list, summary);
  }
  return summary;
}

/**
 * Whether an element sets logical inline properties and is right to left, so that they map to the
 * other physical side: its `direction` as the cascade resolves it (in the order cascade() applies
 * the lists), else its parent's.
 */
function isRightToLeft(matched: readonly CompiledRule[], hints: readonly Declaration[], style: Expanded | null, parentDirection: 'ltr' | 'rtl'): boolean {
  let logical = false;
  let direction: unknown;
  inCascadeOrder(matched, hints, style, (list) => {
    const summary = summaryOf(list);
    if (summary.logical) logical = true;
    if (summary.direction !== undefined) direction = summary.direction;
  });
  if (!logical) return false;
  return direction === 'rtl' || direction !== 'ltr' && parentDirection === 'rtl';
}

const anonymous = new WeakMap<ComputedStyle, Map<Display, ComputedStyle>>();

/** The style of an anonymous box: inherited properties from `parent`, the rest initial. */
export function anonymousStyle(parent: ComputedStyle, display: Display): ComputedStyle {
  let byDisplay = anonymous.get(parent);
  if (byDisplay === undefined) {
    byDisplay = new Map();
    anonymous.set(parent, byDisplay);
  }
  let s = byDisplay.get(display);
  if (s === undefined) {
    const d = draftFrom(parent);
    d.display = display;
    d.textDecorationColor = d.color;
    s = d;
    byDisplay.set(display, s);
  }
  return s;
}
