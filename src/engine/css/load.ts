// A document's stylesheets in cascade order: UA sheet, <style> and <link rel=stylesheet>, @import, extra CSS.
import type { Document, Element } from 'domhandler';
import type { ResourceLoader } from '../../resources/types.js';
import { namedElements } from '../html/named-elements.js';
import { type MediaEnvironment, PRINT_MEDIA, matchesMedia } from './media.js';
import { type Stylesheet, parseStylesheet, resolveUrl } from './stylesheet.js';
import { quirksModeStylesheet, quirksStylesheet, userAgentStylesheet } from './ua.js';

export interface LoadStylesheetsOptions {
  /** Fetches linked and imported sheets; null = only inline `<style>` and extraCss. */
  readonly loader: ResourceLoader | null;
  /** Author CSS applied after the document's own (e.g. the caller's theme). */
  readonly extraCss?: string;
  /** What @media and `media=""` are evaluated against (default: an A4 print page). */
  readonly media?: MediaEnvironment;
}

/** @import chains deeper than this are cut (they are almost always cycles). */
const MAX_IMPORT_DEPTH = 8;

/**
 * Parsed author sheets, most recently used last: a template's CSS is the same text render after
 * render, and reusing the parsed sheet also reuses its compiled selectors and expanded
 * declarations (cached per Selector and per declaration list). Parsed sheets are never mutated.
 */
const MAX_CACHED_SHEETS = 32;
/** Sheets longer than this are parsed every time rather than kept (a cap on what the cache holds). */
const MAX_CACHED_SHEET_CHARS = 256 * 1024;
const parsedSheets = new Map<string, Stylesheet>();

function parseAuthorSheet(css: string, baseUrl: string | undefined, media: MediaEnvironment): Stylesheet {
  if (css.length > MAX_CACHED_SHEET_CHARS) return parseStylesheet(css, 'author', baseUrl, { media });
  const key = `${media.width}x${media.height}\u0000${baseUrl ?? ''}\u0000${css}`;
  let sheet = parsedSheets.get(key);
  if (sheet !== undefined) {
    parsedSheets.delete(key);
  } else {
    sheet = parseStylesheet(css, 'author', baseUrl, { media });
    if (parsedSheets.size >= MAX_CACHED_SHEETS) parsedSheets.delete(parsedSheets.keys().next().value as string);
  }
  parsedSheets.set(key, sheet);
  return sheet;
}

const decoder = new TextDecoder('utf-8');

function decode(bytes: Uint8Array): string {
  const text = decoder.decode(bytes);
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

function textOf(el: Element): string {
  let s = '';
  for (const c of el.children) if (c.type === 'text') s += c.data;
  return s;
}

/** The URL relative references resolve against: `<base href>` (itself resolved against `fallback`), else `fallback`. */
export function documentBaseUrl(document: Document, fallback: string | null): string | null {
  const href = baseHref(document);
  return href === null ? fallback : resolveUrl(href, fallback);
}

/** The first `<base href>`'s value (among the elements namedElements found once per document). */
function baseHref(document: Document): string | null {
  for (const el of namedElements(document).outsideTemplates) {
    if (el.name === 'base' && el.attribs.href !== undefined) return el.attribs.href.trim();
  }
  return null;
}

function isStylesheetLink(el: Element): boolean {
  if (el.name !== 'link' || !el.attribs.href || el.attribs.disabled !== undefined) return false;
  const rel = (el.attribs.rel ?? '').toLowerCase().split(/\s+/);
  return rel.includes('stylesheet') && !rel.includes('alternate');
}

function isCssStyle(el: Element): boolean {
  if (el.name !== 'style') return false;
  const type = el.attribs.type?.trim().toLowerCase();
  return type === undefined || type === '' || type === 'text/css';
}

async function fetchSheet(
  loader: ResourceLoader,
  url: string,
  base: string | null,
  media: MediaEnvironment,
): Promise<Stylesheet | null> {
  try {
    const res = await loader.load(url, 'stylesheet', base ?? undefined);
    if (res === null) return null;
    return parseAuthorSheet(decode(res.bytes), res.url, media);
  } catch {
    return null; // a missing or unreadable stylesheet is skipped, as a browser would
  }
}

/** The sheet preceded by its imports (recursively, cycle-safe along each chain). */
async function withImports(
  sheet: Stylesheet,
  loader: ResourceLoader | null,
  media: MediaEnvironment,
  chain: ReadonlySet<string>,
): Promise<Stylesheet[]> {
  if (sheet.imports.length === 0 || loader === null || chain.size >= MAX_IMPORT_DEPTH) return [sheet];
  const imported = await Promise.all(
    sheet.imports.map(async (imp) => {
      if (!matchesMedia(imp.media, media) || chain.has(imp.url)) return [];
      const child = await fetchSheet(loader, imp.url, sheet.baseUrl, media);
      if (child === null || (child.baseUrl !== null && chain.has(child.baseUrl))) return [];
      const next = new Set(chain).add(imp.url);
      if (child.baseUrl !== null) next.add(child.baseUrl);
      return withImports(child, loader, media, next);
    }),
  );
  return [...imported.flat(), sheet];
}

/** All stylesheets that apply to the document, UA sheet first (with the quirks-mode rules when parse5 found no doctype); missing resources are skipped silently. */
export async function loadStylesheets(document: Document, options: LoadStylesheetsOptions): Promise<Stylesheet[]> {
  const { loader } = options;
  const media = options.media ?? PRINT_MEDIA;
  const base = documentBaseUrl(document, loader?.documentBaseUrl ?? null);
  const rootChain = (sheet: Stylesheet): Set<string> => new Set(sheet.baseUrl !== null && sheet.baseUrl !== base ? [sheet.baseUrl] : []);
  const pending: Promise<Stylesheet[]>[] = [];
  for (const el of namedElements(document).outsideTemplates) {
    const mediaAttr = el.attribs.media ?? '';
    if (isCssStyle(el)) {
      if (!matchesMedia(mediaAttr, media)) continue;
      const sheet = parseAuthorSheet(textOf(el), base ?? undefined, media);
      pending.push(withImports(sheet, loader, media, rootChain(sheet)));
    } else if (isStylesheetLink(el) && loader !== null) {
      if (!matchesMedia(mediaAttr, media)) continue;
      const href = el.attribs.href.trim();
      pending.push(
        fetchSheet(loader, href, base, media).then((sheet) =>
          sheet === null ? [] : withImports(sheet, loader, media, rootChain(sheet)),
        ),
      );
    }
  }
  if (options.extraCss !== undefined && options.extraCss.trim() !== '') {
    const sheet = parseAuthorSheet(options.extraCss, base ?? undefined, media);
    pending.push(withImports(sheet, loader, media, new Set()));
  }
  const groups = await Promise.all(pending);
  const mode = (document as { 'x-mode'?: string })['x-mode'];
  const quirks = mode === 'quirks' ? [quirksStylesheet(), quirksModeStylesheet(mode)] : mode === 'limited-quirks' ? [quirksModeStylesheet(mode)] : [];
  return [userAgentStylesheet(), ...quirks, ...groups.flat()];
}
