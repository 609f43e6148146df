// Inline <svg> elements as images: the element serialised back to a standalone SVG document
// (inert: no scripts, no foreignObject, no external references), sized like Chromium sizes it.
import { createHash } from 'node:crypto';
import type { ChildNode, Element } from 'domhandler';
import type { Color } from '../css/types.js';
import type { ImageResource } from './types.js';

const SVG_NS = 'http://www.w3.org/2000/svg';
const XLINK_NS = 'http://www.w3.org/1999/xlink';

/** Elements dropped with their content: they run code, embed HTML or only script the drawing. */
const DROPPED = new Set(['script', 'foreignobject', 'iframe', 'audio', 'video', 'canvas', 'handler', 'listener', 'set', 'animate', 'animatemotion', 'animatetransform', 'discard']);

/** Whether `element` is an `<svg>` element in the SVG namespace (as the HTML parser makes them). */
export function isInlineSvg(element: Element): boolean {
  return element.name === 'svg' && (element.namespace === undefined || element.namespace === SVG_NS);
}

const escapeText = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeAttr = (s: string): string => escapeText(s).replace(/"/g, '&quot;');

/** A reference that stays inside the document: `#id`. */
const localRef = (value: string): boolean => /^\s*#/.test(value);

/** Whether an image reference is an embedded raster image (checked again when drawn, embedded.ts). */
const embeddedImage = (value: string): boolean => /^\s*data:image\/(?:png|jpe?g|gif)\s*;/i.test(value);

/** A link target for `<a>` inside the SVG: web, mail and in-document links only. */
const safeLink = (value: string): boolean => /^\s*(?:https?:|mailto:|#)/i.test(value);

function hrefAllowed(element: string, value: string): boolean {
  if (element === 'image') return embeddedImage(value);
  if (element === 'a') return safeLink(value);
  return localRef(value);
}

/** `url(...)` references other than `url(#id)` in presentation attributes or style text. */
const EXTERNAL_URL = /url\(\s*(?!['"]?\s*#)[^)]*\)/gi;

function cleanStyleText(text: string): string {
  return text.replace(/@import[^;]*;?/gi, '').replace(EXTERNAL_URL, 'none').replace(/currentcolor/gi, 'currentColor');
}

/**
 * Root attributes left out: the size is the box's (svg-to-pdfkit then fits the viewBox to it, or,
 * without one, draws user units as CSS px, as browsers do), and `color` is set from CSS.
 */
const ROOT_SKIPPED: ReadonlySet<string> = new Set(['width', 'height', 'x', 'y', 'color']);

/**
 * What the page's stylesheet rules set of an SVG element's presentation (fill, stroke…): CSS text
 * of normal declarations and of important ones (css/cascade.ts, svgStyle).
 */
export type SvgRules = (element: Element) => { readonly normal: string; readonly important: string };

/**
 * The element's style attribute with the page's rules for it: theirs first, its own after (an
 * inline style wins), their important ones last; both over presentation attributes, as in CSS.
 */
function styleWithRules(element: Element, rules: SvgRules | undefined): string | undefined {
  const own = element.attribs.style;
  if (rules === undefined) return own;
  const { normal, important } = rules(element);
  if (normal === '' && important === '') return own;
  return [normal, own ?? '', important].filter((part) => part.trim() !== '').join(';');
}

function attributes(element: Element, name: string, skipped?: ReadonlySet<string>, rules?: SvgRules): string {
  const prefixes = (element as Element & { 'x-attribsPrefix'?: Record<string, string> })['x-attribsPrefix'] ?? {};
  const style = styleWithRules(element, rules);
  let out = style === undefined ? '' : ` style="${escapeAttr(cleanStyleText(style))}"`;
  for (const [key, value] of Object.entries(element.attribs)) {
    const lower = key.toLowerCase();
    if (lower === 'style' && prefixes[key] === undefined) continue;
    if (skipped?.has(lower) || lower.startsWith('on') || lower === 'xmlns' || lower.startsWith('xmlns:')) continue;
    const local = lower.includes(':') ? lower.slice(lower.indexOf(':') + 1) : lower;
    if (local === 'href' || local === 'src') {
      if (!hrefAllowed(name, value)) continue;
      out += ` ${prefixes[key] === 'xlink' ? 'xlink:href' : 'href'}="${escapeAttr(value)}"`;
      continue;
    }
    if (prefixes[key] !== undefined && prefixes[key] !== 'xml') continue;
    const cleaned = cleanStyleText(value);
    out += ` ${prefixes[key] === 'xml' ? `xml:${key}` : key}="${escapeAttr(cleaned)}"`;
  }
  return out;
}

/** Deeper content is left out (bounds the recursion here and in svg-to-pdfkit). */
const MAX_DEPTH = 200;

function serialise(node: ChildNode, out: string[], rules: SvgRules | undefined, depth = 0): void {
  if (depth > MAX_DEPTH) return;
  if (node.type === 'text') {
    out.push(escapeText(node.data));
    return;
  }
  if (node.type === 'cdata') {
    for (const child of node.children) serialise(child, out, rules, depth + 1);
    return;
  }
  if (node.type !== 'tag' && node.type !== 'style') return;
  const element = node as Element;
  const name = element.name;
  if (element.namespace !== undefined && element.namespace !== SVG_NS) return;
  if (DROPPED.has(name.toLowerCase())) return;
  if (name === 'style') {
    const text = element.children.map((c) => (c.type === 'text' ? c.data : '')).join('');
    out.push(`<style>${escapeText(cleanStyleText(text))}</style>`);
    return;
  }
  out.push(`<${name}${attributes(element, name, undefined, rules)}>`);
  for (const child of element.children) serialise(child, out, rules, depth + 1);
  out.push(`</${name}>`);
}

const cssColor = (c: Color): string => (c.a >= 1 ? `rgb(${c.r},${c.g},${c.b})` : `rgba(${c.r},${c.g},${c.b},${c.a})`);

/** The font an inline `<svg>` inherits from the page: its computed CSS font properties. */
export interface InheritedSvgFont {
  /** A computed font-family list (lower-cased names, a quoted generic word marked ‹serif›). */
  readonly fontFamily: readonly string[];
  readonly fontWeight: number;
  readonly fontStyle: 'normal' | 'italic' | 'oblique';
}

/** A computed family list as an SVG font-family value: marked (quoted) generic words and names with commas or quotes in quotes. */
function familyValue(families: readonly string[]): string {
  return families.map((name) => {
    const marked = name.length > 2 && name.startsWith('‹') && name.endsWith('›');
    const bare = marked ? name.slice(1, -1) : name;
    return marked || /[,"']/.test(bare) ? `"${bare.replace(/"/g, '')}"` : bare;
  }).join(', ');
}

/**
 * The root's font attributes from the page, as Chromium lets inline SVG text inherit the page's
 * font; an attribute the element sets itself is kept instead.
 */
function fontAttributes(element: Element, font: InheritedSvgFont | undefined): string {
  if (font === undefined) return '';
  const own = new Set(Object.keys(element.attribs).map((k) => k.toLowerCase()));
  let out = '';
  if (!own.has('font-family') && font.fontFamily.length > 0) out += ` font-family="${escapeAttr(familyValue(font.fontFamily))}"`;
  if (!own.has('font-weight')) out += ` font-weight="${font.fontWeight}"`;
  if (!own.has('font-style')) out += ` font-style="${font.fontStyle}"`;
  return out;
}

/**
 * The element as a standalone SVG document; `currentColor` in it is the element's CSS `color`,
 * with `font`, its text inherits the element's CSS font family, weight and style, and with
 * `rules`, each element takes what the page's stylesheets set of its fill, stroke and the rest.
 */
export function inlineSvgDocument(element: Element, color: Color, font?: InheritedSvgFont, rules?: SvgRules): string {
  const out: string[] = [];
  out.push(`<svg xmlns="${SVG_NS}" xmlns:xlink="${XLINK_NS}" color="${cssColor(color)}"${fontAttributes(element, font)}${attributes(element, 'svg', ROOT_SKIPPED, rules)}>`);
  for (const child of element.children) serialise(child, out, rules);
  out.push(...borrowedDefinitions(element, out.join(''), rules));
  out.push('</svg>');
  return out.join('');
}

/** Most elements copied in from elsewhere in the page for one SVG (bounds pathological sprites). */
const MAX_BORROWED = 256;

const REFERENCE = /(?:href="#|url\(\s*['"]?#)([^"')\s]+)/g;
const DEFINED = / id="([^"]+)"/g;

/**
 * `#id` references to SVG elements elsewhere in the page (icon sprites: `<use href="#icon">` with the
 * `<symbol>` in a hidden `<svg>`), copied into a `<defs>` so the standalone document has them.
 */
function borrowedDefinitions(element: Element, serialised: string, rules: SvgRules | undefined): string[] {
  const defined = new Set<string>();
  const wanted: string[] = [];
  const scan = (text: string): void => {
    for (const m of text.matchAll(DEFINED)) defined.add(m[1]);
    for (const m of text.matchAll(REFERENCE)) wanted.push(m[1]);
  };
  scan(serialised);
  const out: string[] = [];
  let copied = 0;
  for (let id = wanted.shift(); id !== undefined && copied < MAX_BORROWED; id = wanted.shift()) {
    if (defined.has(id)) continue;
    defined.add(id);
    const target = svgElementsById(element).get(id);
    if (target === undefined || contains(target, element)) continue;
    const part: string[] = [];
    serialise(target, part, rules);
    const text = part.join('');
    scan(text);
    out.push(text);
    copied++;
  }
  return out.length > 0 ? ['<defs>', ...out, '</defs>'] : [];
}

function contains(ancestor: Element, node: Element): boolean {
  for (let n: Element | null = node; n !== null; n = n.parent as Element | null) if (n === ancestor) return true;
  return false;
}

/**
 * The document's SVG elements by id, kept on the document itself: in a module-level WeakMap the
 * elements would keep their document alive through V8's young-generation collections (decision 0140).
 */
const ID_MAP: unique symbol = Symbol('pagesmith.svgElementsById');

interface WithIdMap {
  [ID_MAP]?: Map<string, Element>;
}

/** SVG elements with an id in the page `element` belongs to, first one wins (as getElementById). */
function svgElementsById(element: Element): Map<string, Element> {
  let top: ChildNode | Element = element;
  while (top.parent !== null) top = top.parent as Element;
  const holder = top as WithIdMap;
  let map = holder[ID_MAP];
  if (map === undefined) {
    map = new Map();
    const stack: ChildNode[] = [...((top as Element).children ?? [])].reverse();
    while (stack.length > 0) {
      const node = stack.pop()!;
      if (node.type !== 'tag') continue;
      const el = node as Element;
      if (el.namespace === SVG_NS && el.attribs.id !== undefined && !map.has(el.attribs.id)) map.set(el.attribs.id, el);
      for (let i = el.children.length - 1; i >= 0; i--) stack.push(el.children[i]);
    }
    holder[ID_MAP] = map;
  }
  return map;
}

const UNIT_PX: Readonly<Record<string, number>> = {
  '': 1, px: 1, pt: 96 / 72, pc: 16, in: 96, cm: 96 / 2.54, mm: 96 / 25.4, q: 96 / 101.6,
};

/** A width/height attribute in px (em and ex against `fontSize`); null for percentages, auto or garbage. */
function attributeLength(value: string | undefined, fontSize: number): number | null {
  if (value === undefined) return null;
  const m = /^\s*([+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?)\s*([a-z]*)\s*$/i.exec(value);
  if (!m) return null;
  const unit = m[2].toLowerCase();
  const factor = unit === 'em' || unit === 'rem' ? fontSize : unit === 'ex' ? fontSize / 2 : UNIT_PX[unit];
  const n = Number(m[1]) * (factor ?? NaN);
  return Number.isFinite(n) && n >= 0 ? n : null;
}

/**
 * Intrinsic size in CSS px, as Chromium sizes an inline `<svg>`: the width and height attributes,
 * the missing one from the aspect ratio (both attributes, else the viewBox), else 300×150; with a
 * viewBox alone, only its ratio (ratioOnly: the box fills its containing block's width).
 */
export function inlineSvgSize(element: Element, fontSize: number): { width: number; height: number; ratioOnly?: boolean } {
  let width = attributeLength(element.attribs.width, fontSize);
  let height = attributeLength(element.attribs.height, fontSize);
  const box = element.attribs.viewBox?.trim().split(/[\s,]+/).map(Number);
  const ratio = box && box.length === 4 && box[2] > 0 && box[3] > 0 ? box[2] / box[3] : null;
  if (width !== null && height === null) height = ratio !== null ? width / ratio : 150;
  else if (height !== null && width === null) width = ratio !== null ? height * ratio : 300;
  else if (width === null && height === null) {
    if (ratio !== null) return { width: 300, height: 300 / ratio, ratioOnly: true };
    [width, height] = [300, 150];
  }
  return { width: width!, height: height! };
}

type InlineSvgStyle = InheritedSvgFont & { readonly color: Color; readonly fontSize: number };

/** Built once per element and style (the box tree is built more than once per render). */
const built = new WeakMap<Element, { readonly style: InlineSvgStyle; readonly image: ImageResource }>();

function sameStyle(a: InlineSvgStyle, b: InlineSvgStyle): boolean {
  const c = a.color;
  const d = b.color;
  return a.fontSize === b.fontSize && c.r === d.r && c.g === d.g && c.b === d.b && c.a === d.a
    && a.fontWeight === b.fontWeight && a.fontStyle === b.fontStyle
    && (a.fontFamily === b.fontFamily || a.fontFamily.join(',') === b.fontFamily.join(','));
}

/** An inline `<svg>` element as an SVG image resource, keyed by its content. */
export function inlineSvgImage(element: Element, style: InlineSvgStyle, rules?: SvgRules): ImageResource {
  const cached = built.get(element);
  if (cached && sameStyle(cached.style, style)) return cached.image;
  const image = makeImage(element, style, rules);
  built.set(element, { style: { color: style.color, fontSize: style.fontSize, fontFamily: style.fontFamily, fontWeight: style.fontWeight, fontStyle: style.fontStyle }, image });
  return image;
}

function makeImage(element: Element, style: InlineSvgStyle, rules: SvgRules | undefined): ImageResource {
  const svg = inlineSvgDocument(element, style.color, style, rules);
  const bytes = new TextEncoder().encode(svg);
  const size = inlineSvgSize(element, style.fontSize);
  const url = `inline-svg:${createHash('sha256').update(bytes).digest('base64url')}`;
  return { format: 'svg', bytes, ...size, url };
}
