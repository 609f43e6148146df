// The page box of each page from @page rules: size (named sizes, orientation, lengths) and margins.
import type { Declaration, PageRule, Stylesheet } from '../css/stylesheet.js';
import type { ComputedStyle } from '../css/types.js';
import { containsVar, substituteVars } from '../css/var.js';
import type { Edges, PageFrame } from './fragments.js';
import { marginValue, resolveLength } from './context.js';
import type { PageSetup } from './page.js';

/**
 * pagesmith's page defaults when a document's CSS says nothing: A4 portrait, 75px margins, the
 * paper the Chromium engine prints on (Playwright's A4 is 8.27 × 11.7 in, which Chromium ceils to
 * whole points, 596 × 843 pt, and its 75px margins it floors to whole points, 56 pt). Decision 0148.
 */
export const DEFAULT_PAGE_SIZE: readonly [number, number] = [(596 * 96) / 72, (843 * 96) / 72];
export const DEFAULT_PAGE_MARGIN = (56 * 96) / 72;

const MM = 96 / 25.4;
// css-page-3's <page-size> names, the ones Chromium knows: with any other (A6, tabloid) the
// declaration is invalid, as it is there.
const NAMED_SIZES: Readonly<Record<string, readonly [number, number]>> = {
  a3: [297 * MM, 420 * MM],
  a4: [210 * MM, 297 * MM],
  a5: [148 * MM, 210 * MM],
  b4: [250 * MM, 353 * MM],
  b5: [176 * MM, 250 * MM],
  'jis-b4': [257 * MM, 364 * MM],
  'jis-b5': [182 * MM, 257 * MM],
  letter: [8.5 * 96, 11 * 96],
  legal: [8.5 * 96, 14 * 96],
  ledger: [11 * 96, 17 * 96],
};

const UNITS: Readonly<Record<string, number>> = { px: 1, pt: 96 / 72, pc: 16, in: 96, cm: 96 / 2.54, mm: MM, q: MM / 4 };

function parseLength(token: string, fontSize: number): number | null {
  const m = /^(-?[\d.]+)([a-z]*)$/i.exec(token);
  if (!m) return null;
  const value = Number(m[1]);
  const unit = m[2].toLowerCase();
  if (!Number.isFinite(value)) return null;
  if (unit === '' && value === 0) return 0;
  if (unit === 'em' || unit === 'rem') return value * fontSize;
  const factor = UNITS[unit];
  return factor === undefined ? null : value * factor;
}

/** Parses the `size` descriptor; null when it is auto or invalid. */
export function parsePageSize(value: string, fontSize = 16): [number, number] | null {
  const tokens = value.trim().toLowerCase().split(/\s+/).filter(Boolean);
  if (tokens.length === 0 || tokens[0] === 'auto') return null;
  let size: [number, number] | null = null;
  let orientation: 'portrait' | 'landscape' | null = null;
  const lengths: number[] = [];
  for (const token of tokens) {
    if (token === 'portrait' || token === 'landscape') {
      if (orientation !== null || lengths.length > 0) return null;
      orientation = token;
    } else if (NAMED_SIZES[token]) {
      if (size !== null || lengths.length > 0) return null;
      size = [...NAMED_SIZES[token]] as [number, number];
    } else {
      const length = parseLength(token, fontSize);
      if (length === null || length < 0 || size !== null || orientation !== null || lengths.length === 2) return null;
      lengths.push(length);
    }
  }
  if (lengths.length > 0) size = [lengths[0], lengths[1] ?? lengths[0]];
  if (!size) size = [...DEFAULT_PAGE_SIZE] as [number, number];
  if (orientation === 'landscape' && size[0] < size[1]) size = [size[1], size[0]];
  if (orientation === 'portrait' && size[0] > size[1]) size = [size[1], size[0]];
  return size;
}

/** Page descriptors that need the page box's computed style. */
const STYLED_PAGE = /^(?:background|border|padding)/i;

function addEdges(a: Edges, b: Edges): Edges {
  return { top: a.top + b.top, right: a.right + b.right, bottom: a.bottom + b.bottom, left: a.left + b.left };
}

/**
 * The page box's border and padding (`@page { border; padding }`), as Chromium draws and insets
 * them; percentages of the page's height for the top and bottom, of its width for the sides (as the
 * margins'). Null when they are all zero.
 */
function pageFrame(style: ComputedStyle, size: readonly [number, number]): PageFrame | null {
  const border = (side: ComputedStyle['borderTop']): number => (side.style === 'none' || side.style === 'hidden' ? 0 : side.width);
  const inset = {
    top: border(style.borderTop) + resolveLength(style.paddingTop, size[1]),
    right: border(style.borderRight) + resolveLength(style.paddingRight, size[0]),
    bottom: border(style.borderBottom) + resolveLength(style.paddingBottom, size[1]),
    left: border(style.borderLeft) + resolveLength(style.paddingLeft, size[0]),
  };
  return inset.top > 0 || inset.right > 0 || inset.bottom > 0 || inset.left > 0 ? { inset, style } : null;
}

function validPageSize(value: string, fontSize: number): boolean {
  return value.trim().toLowerCase() === 'auto' || parsePageSize(value, fontSize) !== null;
}

interface PageContext {
  readonly index: number;
  /** The page's name (`page: chapter` on its first box), or null. */
  readonly name: string | null;
  /** Whether the page was left blank by a left/right break (decision 0154). */
  readonly blank: boolean;
}

function matches(rule: PageRule, page: PageContext): number | null {
  let best: number | null = null;
  for (const selector of rule.selectors) {
    if (selector.name !== null && selector.name !== page.name) continue;
    const ok = selector.pseudoClasses.every((p) =>
      p === 'first' ? page.index === 0 : p === 'right' ? page.index % 2 === 0 : p === 'left' ? page.index % 2 === 1 : p === 'blank' ? page.blank : false);
    if (ok) best = Math.max(best ?? -1, selector.specificity);
  }
  return best;
}

const MARGIN_PROPERTIES = ['margin-top', 'margin-right', 'margin-bottom', 'margin-left'] as const;
const ROOT_MARGIN = { 'margin-top': 'marginTop', 'margin-right': 'marginRight', 'margin-bottom': 'marginBottom', 'margin-left': 'marginLeft' } as const;

function expandMargin(value: string): string[] {
  const parts = value.trim().split(/\s+/);
  const [t, r = t, b = t, l = r] = parts;
  return [t, r, b, l];
}

/**
 * The page box and its margins as Blink lays a printed page out (decision 0148): the page size in
 * layout units (1/64 px, rounded), the margins in layout units (truncated), the page area a whole
 * number of pixels (the size left between the margins, rounded up) and its corner on whole pixels
 * (the left and top margins rounded). The right and bottom margins take what is left, so the page
 * area is exactly `width - left - right` wide. Viewport units resolve against the size left between
 * the margins rounded down instead (the fourth value).
 */
export function snapPageArea(size: readonly [number, number], margins: Edges): [number, number, Edges, [number, number]] {
  const unit = (px: number): number => Math.round(px * 64) / 64;
  const truncated = (px: number): number => Math.floor(px * 64 + 1e-6) / 64;
  const [width, height] = [unit(size[0]), unit(size[1])];
  const m = { top: truncated(margins.top), right: truncated(margins.right), bottom: truncated(margins.bottom), left: truncated(margins.left) };
  const [exactWidth, exactHeight] = [Math.max(0, width - m.left - m.right), Math.max(0, height - m.top - m.bottom)];
  const [areaWidth, areaHeight] = [Math.ceil(exactWidth - 1e-6), Math.ceil(exactHeight - 1e-6)];
  const left = Math.round(m.left);
  const top = Math.round(m.top);
  const viewport: [number, number] = [Math.floor(exactWidth + 1e-6), Math.floor(exactHeight + 1e-6)];
  return [width, height, { top, left, right: width - left - areaWidth, bottom: height - top - areaHeight }, viewport];
}

/** The @page rules that apply to a page, least specific first (the cascade order). */
export function matchingPageRules(sheets: readonly Stylesheet[], index: number, name: string | null = null, blank = false): PageRule[] {
  const matched: { specificity: number; order: number; rule: PageRule }[] = [];
  sheets.flatMap((sheet) => sheet.pageRules).forEach((rule, order) => {
    const specificity = matches(rule, { index, name, blank });
    if (specificity !== null) matched.push({ specificity, order, rule });
  });
  return matched.sort((a, b) => a.specificity - b.specificity || a.order - b.order).map((m) => m.rule);
}

/** The style of every @page rule that sets a background (their images are loaded before layout). */
export function pageBackgroundStyles(sheets: readonly Stylesheet[], rootStyle: ComputedStyle, compute: ComputeDeclarations): ComputedStyle[] {
  const rules = sheets.flatMap((sheet) => sheet.pageRules);
  return rules.filter((rule) => rule.declarations.some((d) => d.property.toLowerCase().startsWith('background'))).map((rule) => compute(rule.declarations, rootStyle));
}

/** Computes a declaration list against a parent style (the cascade's computeDeclarations). */
export type ComputeDeclarations = (declarations: readonly Declaration[], parent: ComputedStyle | null) => ComputedStyle;

/** The custom properties a page's descriptors see: the root element's, then those the matched @page rules set. */
function pageCustomProperties(rootStyle: ComputedStyle, rules: readonly PageRule[]): ReadonlyMap<string, string> {
  const own = rules.flatMap((rule) => rule.declarations).filter((d) => d.property.startsWith('--'));
  if (own.length === 0) return rootStyle.customProperties;
  const merged = new Map(rootStyle.customProperties);
  for (const d of own) merged.set(d.property, d.value.trim());
  return merged;
}

/** A function giving each page's setup from the document's @page rules. */
export function pageSetupFor(sheets: readonly Stylesheet[], rootStyle: ComputedStyle, compute?: ComputeDeclarations): (index: number, name?: string | null, blank?: boolean) => PageSetup {
  const cache = new Map<string, PageSetup>();
  const all = sheets.flatMap((sheet) => sheet.pageRules);
  return (index: number, name: string | null = null, blank = false) => {
    const matched = matchingPageRules(sheets, index, name, blank).map((rule) => ({ rule }));
    const key = `${name ?? ''}|${matched.map((m) => all.indexOf(m.rule)).join(',')}`;
    const cached = cache.get(key);
    if (cached) return cached;
    const declared = new Map<string, { value: string; important: boolean }>();
    const customProperties = pageCustomProperties(rootStyle, matched.map((m) => m.rule));
    for (const { rule } of matched) {
      for (const d of rule.declarations) {
        const property = d.property.toLowerCase();
        // Custom properties set on the root (or in the @page rules) reach the page's descriptors, as in Chromium.
        const value = containsVar(d.value) ? substituteVars(d.value, customProperties) : d.value;
        if (value === null) continue;
        const entries: [string, string][] = property === 'margin'
          ? expandMargin(value).map((v, i) => [MARGIN_PROPERTIES[i], v])
          : [[property, value]];
        // An invalid size is dropped where it is parsed: an earlier rule's size stays.
        if (property === 'size' && !validPageSize(value, rootStyle.fontSize)) continue;
        for (const [p, v] of entries) {
          const existing = declared.get(p);
          if (existing?.important && !d.important) continue;
          declared.set(p, { value: v, important: d.important });
        }
      }
    }
    const fontSize = rootStyle.fontSize;
    const size = (declared.get('size') && parsePageSize(declared.get('size')!.value, fontSize)) || [...DEFAULT_PAGE_SIZE];
    const margin = (name: (typeof MARGIN_PROPERTIES)[number], basis: number): number => {
      const v = declared.get(name)?.value.trim().toLowerCase();
      if (!v || v === 'auto') return DEFAULT_PAGE_MARGIN;
      // The page context inherits from the root element (as in Chromium); a margin's initial value is 0.
      if (v === 'inherit') return marginValue(rootStyle[ROOT_MARGIN[name]], basis);
      if (v === 'initial' || v === 'unset') return 0;
      if (v.endsWith('%')) return (Number(v.slice(0, -1)) / 100) * basis;
      return parseLength(v, fontSize) ?? DEFAULT_PAGE_MARGIN;
    };
    // The page box's style, when its rules give it a background, a border or padding.
    const pageDeclarations = matched.flatMap((m) => m.rule.declarations);
    const pageStyle = compute && pageDeclarations.some((d) => STYLED_PAGE.test(d.property))
      ? compute(pageDeclarations, rootStyle) : null;
    let frame = pageStyle && pageFrame(pageStyle, size);
    let exact = {
      size, margins: {
        top: margin('margin-top', size[1]), right: margin('margin-right', size[0]),
        bottom: margin('margin-bottom', size[1]), left: margin('margin-left', size[0]),
      },
    };
    // Margins that leave less than a pixel between them give the page up: Chromium then prints on
    // its default paper with its default margins.
    // The page area is inside the border and padding too.
    if (frame) exact = { size, margins: addEdges(exact.margins, frame.inset) };
    if (size[0] - exact.margins.left - exact.margins.right < 1 || size[1] - exact.margins.top - exact.margins.bottom < 1) {
      const m = DEFAULT_PAGE_MARGIN;
      exact = { size: [...DEFAULT_PAGE_SIZE], margins: { top: m, right: m, bottom: m, left: m } };
      frame = null;
    }
    const [width, height, margins, viewport] = snapPageArea(exact.size, exact.margins);
    // The page box's own background (`@page { background }`) covers the whole sheet.
    const background = pageStyle && pageStyle.backgroundColor.a > 0 ? pageStyle.backgroundColor : null;
    const backgroundImages = pageStyle && pageStyle.backgroundLayers.length > 0 ? pageStyle : null;
    const setup = { width, height, margins, viewport, exact, name, background, backgroundImages, ...(frame && { frame }) };
    cache.set(key, setup);
    return setup;
  };
}
