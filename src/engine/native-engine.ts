// The native engine: parse → cascade → boxes → paginate → paint through pdfkit.
import type { Document, Element } from 'domhandler';
import { buildBoxTree, type StyleSource } from './boxes/build.js';
import type { Box } from './boxes/types.js';
import { anonymousStyle, StyleResolver } from './css/cascade.js';
import { documentBaseUrl, loadStylesheets } from './css/load.js';
import type { Stylesheet } from './css/stylesheet.js';
import type { ComputedStyle } from './css/types.js';
import { createFontSelector } from './fonts/selector.js';
import type { FontFaceSource } from './fonts/font-face.js';
import { parseHtml } from './html/parse.js';
import { loadImage } from './images/load.js';
import type { ImageResource } from './images/types.js';
import { paginate } from './layout/page.js';
import { pageSetupFor } from './layout/page-setup.js';
import { paintPages } from './paint/paint.js';
import { createPdfDocument, finishPdf } from './pdf/document.js';
import { PdfkitBackend } from './pdf/pdfkit-backend.js';
import type { DocumentInfo } from './paint/backend.js';
import type { PdfEngine, RenderOptions } from './types.js';
import type { ResourceLoader } from '../resources/types.js';

export interface NativeEngineOptions {
  /** Upper bound on pages per document (default 2000). */
  readonly maxPages?: number;
}

const DEFAULT_MAX_PAGES = 2000;

const DATA_ONLY_LOADER: ResourceLoader = {
  documentBaseUrl: null,
  async load(url, _kind) {
    if (!url.startsWith('data:')) return null;
    const match = /^data:([^,;]*)((?:;[^,;]*)*?),(.*)$/s.exec(url);
    if (!match) return null;
    const base64 = /;base64/i.test(match[2]);
    const bytes = base64 ? Buffer.from(match[3], 'base64') : Buffer.from(decodeURIComponent(match[3]), 'utf8');
    return { url, bytes: new Uint8Array(bytes), mimeType: match[1] || null };
  },
};

export function createNativeEngine(engineOptions: NativeEngineOptions = {}): PdfEngine {
  return {
    name: 'native',
    encrypts: true,
    render: (html: string, options: RenderOptions = {}) => renderNative(html, options, engineOptions),
  };
}

async function renderNative(html: string, options: RenderOptions, engineOptions: NativeEngineOptions): Promise<Uint8Array> {
  const loader = options.resourceLoader ?? DATA_ONLY_LOADER;
  const document = parseHtml(html);
  const sheets = await loadStylesheets(document, { loader });
  const baseUrl = documentBaseUrl(document, loader.documentBaseUrl) ?? undefined;
  const resolver = new StyleResolver(sheets, { baseUrl: baseUrl ?? null });
  const styles: StyleSource = {
    computeStyle: (element, parent, pseudo) => resolver.computeStyle(element, parent, pseudo),
    anonymousStyle: (parent, display) => anonymousStyle(parent, display),
  };
  const [fonts, images] = await Promise.all([
    createFontSelector(fontFaces(sheets), loader),
    loadImages(imageUrls(document), loader, baseUrl),
  ]);
  let root = buildBoxTree(document, { styles, images });
  // Images named only in CSS (backgrounds, list-style-image, content: url()) are found on the
  // built tree; when a generated image was missing, the tree is built once more with it.
  const cssUrls = new Set<string>();
  let generatedMissing = false;
  collectStyleUrls(root, cssUrls);
  for (const url of cssUrls) if (!images.has(url)) generatedMissing = true;
  if (generatedMissing) {
    const more = await loadImages([...cssUrls].filter((u) => !images.has(u)), loader, baseUrl);
    for (const [k, v] of more) images.set(k, v);
    if (more.size > 0) root = buildBoxTree(document, { styles, images });
  }
  const ctx = { fonts, pageContentHeight: 0, signal: options.signal };
  const pages = paginate(root, ctx, {
    pageSetup: pageSetupFor(sheets, root.style),
    maxPages: options.maxPages ?? engineOptions.maxPages ?? DEFAULT_MAX_PAGES,
  });
  const pdf = createPdfDocument({ deterministic: options.deterministic ?? false, info: documentInfo(document), encryption: options.encryption });
  const backend = new PdfkitBackend(pdf);
  paintPages(pages, backend, { images: (url) => images.get(url) });
  return finishPdf(pdf);
}

function fontFaces(sheets: readonly Stylesheet[]): FontFaceSource[] {
  return sheets.flatMap((sheet) => sheet.fontFaces.map((face) => ({ ...face, baseUrl: sheet.baseUrl ?? undefined })));
}

function imageUrls(document: Document): string[] {
  const urls = new Set<string>();
  const visit = (nodes: Document['children']): void => {
    for (const node of nodes) {
      if (node.type !== 'tag') continue;
      const element = node as Element;
      if ((element.name === 'img' || element.name === 'input') && element.attribs.src) urls.add(element.attribs.src);
      visit(element.children);
    }
  };
  visit(document.children);
  return [...urls];
}

function collectStyleUrls(box: Box, out: Set<string>): void {
  addStyleUrls(box.style, out);
  if (box.kind === 'block' && box.marker) collectStyleUrls(box.marker, out);
  const children: readonly Box[] =
    box.kind === 'table' ? [...box.captions, ...box.rowGroups]
      : box.kind === 'table-row-group' ? box.rows
        : box.kind === 'table-row' ? box.cells
          : box.kind === 'table-cell' ? [box.content]
            : 'children' in box ? box.children : [];
  for (const child of children) collectStyleUrls(child, out);
}

function addStyleUrls(style: ComputedStyle, out: Set<string>): void {
  for (const layer of style.backgroundLayers) if (layer.image.kind === 'url') out.add(layer.image.url);
  if (style.listStyleImage) out.add(style.listStyleImage);
  if (Array.isArray(style.content)) {
    for (const item of style.content) if (item.type === 'url') out.add(item.url);
  }
}

async function loadImages(urls: readonly string[], loader: ResourceLoader, baseUrl: string | undefined): Promise<Map<string, ImageResource>> {
  const map = new Map<string, ImageResource>();
  await Promise.all(urls.map(async (url) => {
    const image = await loadImage(url, loader, baseUrl);
    if (image) map.set(url, image);
  }));
  return map;
}

function documentInfo(document: Document): DocumentInfo {
  const info: { title?: string; author?: string; subject?: string; keywords?: string } = {};
  const visit = (nodes: Document['children']): void => {
    for (const node of nodes) {
      if (node.type !== 'tag') continue;
      const element = node as Element;
      if (element.name === 'title' && info.title === undefined) {
        info.title = element.children.map((c) => (c.type === 'text' ? c.data : '')).join('').trim() || undefined;
      } else if (element.name === 'meta') {
        const name = element.attribs.name?.toLowerCase();
        const content = element.attribs.content;
        if (content) {
          if (name === 'author') info.author = content;
          else if (name === 'description') info.subject = content;
          else if (name === 'keywords') info.keywords = content;
        }
      }
      if (element.name !== 'body') visit(element.children);
    }
  };
  visit(document.children);
  return info;
}
