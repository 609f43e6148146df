// What every layout function is given: fonts, the page's fragmentainer bottom, and limits.
import type { FontSelector } from '../fonts/types.js';
import type { ComputedStyle, LengthPercentage, LengthPercentageAuto } from '../css/types.js';
import { layoutUnits } from '../css/values/layout-units.js';
import type { Edges } from './fragments.js';
import { NestingDepthLimitError } from '../errors.js';
import type { RenderClock } from '../render-clock.js';

export interface LayoutContext {
  readonly fonts: FontSelector;
  /** Page area height; a box taller than this cannot fit on any page. */
  readonly pageContentHeight: number;
  /** Checked between pieces of work so a render can be stopped (aborted, or past its time). */
  readonly clock?: RenderClock;
  /** What layout remembers about this document's boxes (see documentCache). */
  readonly caches: DocumentCaches;
  /** How deep layout is in the box tree (see enterBox). */
  readonly nesting: Nesting;
}

/** A document's layout depth, shared by every context derived from its own. */
export interface Nesting {
  depth: number;
}

/**
 * How many boxes layout may nest (each box laid out inside another, and each box measured inside
 * another). The deepest constructs (nested inline-blocks) take about 2.5 KB of stack a level, so
 * this leaves a render on Node's main thread (984 KB of stack) a wide margin, and every engine mode
 * stops at the same depth with the same error.
 */
export const MAX_NESTING_DEPTH = 200;

export function newNesting(): Nesting {
  return { depth: 0 };
}

/** Counts a box laid out or measured inside the current one (leaveBox, in a `finally`, uncounts it): past MAX_NESTING_DEPTH, the render stops. */
export function enterBox(ctx: LayoutContext): void {
  if (++ctx.nesting.depth > MAX_NESTING_DEPTH) throw new NestingDepthLimitError(MAX_NESTING_DEPTH);
}

export function leaveBox(ctx: LayoutContext): void {
  ctx.nesting.depth--;
}

/** One kind of thing layout remembers per box of a document: a key for documentCache. */
export interface CacheSlot<K extends object, V> {
  readonly name: string;
  /**
   * Keys that live as long as the document's box tree (its boxes): held in a Map rather than a
   * WeakMap, whose entries cost more to add and to collect (ephemerons).
   */
  readonly boxKeyed?: boolean;
  /** Never set: carries the key and value types. */
  readonly types?: (key: K) => V;
}

/** A document's caches by slot. */
export type DocumentCaches = Map<CacheSlot<object, unknown>, DocumentCache<object, unknown>>;

/** What a document cache offers: a WeakMap's methods (a Map for box-keyed slots). */
export type DocumentCache<K extends object, V> = Pick<WeakMap<K, V>, 'get' | 'set' | 'has' | 'delete'>;

export function cacheSlot<K extends object, V>(name: string, options: { boxKeyed?: boolean } = {}): CacheSlot<K, V> {
  return { name, boxKeyed: options.boxKeyed === true };
}

export function newDocumentCaches(): DocumentCaches {
  return new Map();
}

/**
 * The document's cache for `slot`. Caches of boxes, fragments and DOM nodes belong to the
 * document's LayoutContext and die with it: in a module-level WeakMap their entries would outlive
 * the render until V8's next full collection, and young-generation collections treat such
 * entries' values as live, so every document's boxes would be promoted to the old generation
 * (decision 0140).
 */
export function documentCache<K extends object, V>(ctx: LayoutContext, slot: CacheSlot<K, V>): DocumentCache<K, V> {
  let cache = ctx.caches.get(slot as CacheSlot<object, unknown>);
  if (cache === undefined) {
    // Weak within the document too (a document laid out again, for target-counter, drops its
    // earlier boxes and fragments), except for keys the box tree holds anyway.
    cache = slot.boxKeyed === true ? new Map() : new WeakMap();
    ctx.caches.set(slot as CacheSlot<object, unknown>, cache);
  }
  return cache as DocumentCache<K, V>;
}

/** A length that lays a box out: a percentage or calc() of `basis` in layout units, truncated as Blink truncates it (decision 0395). */
export function resolveLength(value: LengthPercentage, basis: number): number {
  return typeof value === 'number' ? value : layoutUnits((value.percent / 100) * basis + (value.px ?? 0));
}

/** A length as painted (transforms, shapes): Blink keeps these as floats. */
export function exactLength(value: LengthPercentage, basis: number): number {
  return typeof value === 'number' ? value : (value.percent / 100) * basis + (value.px ?? 0);
}

export function resolveAuto(value: LengthPercentageAuto, basis: number): number | 'auto' {
  return value === 'auto' ? 'auto' : resolveLength(value, basis);
}

/** Edges that depend only on the style, shared by every box and fragment with it (fragments keep them until painted). */
const borderCache = new WeakMap<ComputedStyle, Edges>();
const paddingCache = new WeakMap<ComputedStyle, Edges>();

export function borderEdges(style: ComputedStyle): Edges {
  let edges = borderCache.get(style);
  if (edges === undefined) {
    edges = {
      top: style.borderTop.width,
      right: style.borderRight.width,
      bottom: style.borderBottom.width,
      left: style.borderLeft.width,
    };
    borderCache.set(style, edges);
  }
  return edges;
}

/** Padding resolved against the containing block's width (percentages on every side use the width). */
export function paddingEdges(style: ComputedStyle, cbWidth: number): Edges {
  const known = paddingCache.get(style);
  if (known !== undefined) return known;
  const edges = {
    top: Math.max(0, resolveLength(style.paddingTop, cbWidth)),
    right: Math.max(0, resolveLength(style.paddingRight, cbWidth)),
    bottom: Math.max(0, resolveLength(style.paddingBottom, cbWidth)),
    left: Math.max(0, resolveLength(style.paddingLeft, cbWidth)),
  };
  const fixed = typeof style.paddingTop === 'number' && typeof style.paddingRight === 'number' && typeof style.paddingBottom === 'number' && typeof style.paddingLeft === 'number';
  if (fixed) paddingCache.set(style, edges);
  return edges;
}

export function marginValue(value: LengthPercentageAuto, cbWidth: number): number {
  return value === 'auto' ? 0 : resolveLength(value, cbWidth);
}

/** Clamps a content-box size by min/max (given as content-box sizes). */
export function clamp(size: number, min: number, max: number | null): number {
  const capped = max === null ? size : Math.min(size, max);
  return Math.max(capped, min);
}

/** Converts a specified width/height to a content-box size, honouring box-sizing. */
export function contentSize(specified: number, style: ComputedStyle, borderAndPadding: number): number {
  return style.boxSizing === 'border-box' ? Math.max(0, specified - borderAndPadding) : specified;
}

export function lineHeightOf(style: ComputedStyle, normal: number): number {
  const lh = style.lineHeight;
  if (lh === 'normal') return normal * style.fontSize;
  if ('px' in lh) return lh.px;
  return lh.factor * style.fontSize;
}

export function checkAborted(ctx: LayoutContext): void {
  ctx.clock?.check();
}
