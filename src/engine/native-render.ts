// The native engine's work: parse → cascade → boxes → paginate → paint through pdfkit.
import { codePointName } from './code-point-name.js';
import { type Document, type Element, isTag } from 'domhandler';
import { textContent } from 'domutils';
import { buildBoxTree, type StyleSource } from './boxes/build.js';
import { counterStylesOf } from './boxes/counter-style.js';
import { TargetResolver } from './boxes/targets.js';
import { withViewportOverflow } from './boxes/viewport-overflow.js';
import type { BlockBox, Box } from './boxes/types.js';
import { anonymousStyle, StyleResolver, type QueryContainer } from './css/cascade.js';
import { documentBaseUrl, loadStylesheets } from './css/load.js';
import type { Stylesheet } from './css/stylesheet.js';
import type { ComputedStyle } from './css/types.js';
import { createFontSelector } from './fonts/selector.js';
import { fontLibrary } from './fonts/font-library.js';
import { loadHarfBuzz, sourceNeedsHarfBuzz } from './fonts/harfbuzz-shaper.js';
import { bundledFaces } from './fonts/bundled.js';
import { isCjkCodePoint } from './fonts/script-fallback.js';
import { controlFonts } from './layout/control-fonts.js';
import { faceFeatures } from './layout/face-features.js';
import type { FontFaceSource } from './fonts/font-face.js';
import type { FontSelector } from './fonts/types.js';
import { exactFragmentArrays } from './exact-arrays.js';
import { namedElements } from './html/named-elements.js';
import { parseHtml } from './html/parse.js';
import { loadImage } from './images/load.js';
import type { ImageResource } from './images/types.js';
import { MAX_NESTING_DEPTH, newDocumentCaches, newNesting } from './layout/context.js';
import { NestingDepthLimitError } from './errors.js';
import { RenderClock } from './render-clock.js';
import { hasMarginBoxes, layoutMarginBoxes, marginBoxStyles } from './layout/margin-boxes.js';
import { pageZoom, paginate, withRootZoom, type PageSetup, type PageSink } from './layout/page.js';
import type { PageFragment } from './layout/fragments.js';
import { pageBackgroundStyles, pageSetupFor } from './layout/page-setup.js';
import { settleTargets } from './layout/targets.js';
import { hasContainerRules, queryContainers, sameContainers } from './layout/query-containers.js';
import { OutlineCollector } from './paint/outline.js';
import { PagePainter } from './paint/paint.js';
import { createPdfDocument, finishPdf } from './pdf/document.js';
import { PdfkitBackend } from './pdf/pdfkit-backend.js';
import type { DocumentInfo } from './paint/backend.js';
import type { NativeEngineOptions } from './native-engine.js';
import type { RenderOptions, RenderWarning } from './types.js';
import { createResourceLoader } from '../resources/index.js';
import type { ResourceLoader } from '../resources/types.js';
import { EMBEDDING_ELEMENTS, embeddedImageUrl } from './boxes/embedded-content.js';

const DEFAULT_MAX_PAGES = 2000;

/** Without a loader from the caller, documents reach only data: URIs. */
const DEFAULT_LOADER: ResourceLoader = createResourceLoader();

export interface DocumentLayout {
  readonly pages: PageFragment[];
  readonly images: ReadonlyMap<string, ImageResource>;
  readonly info: DocumentInfo;
  readonly fonts: FontSelector;
}

export interface LayoutDocumentOptions {
  readonly resourceLoader?: ResourceLoader;
  readonly maxPages?: number;
  /** Asked between pieces of work (each element's style, each box, each page): stops an aborted or overdue render. */
  readonly clock?: RenderClock;
  /**
   * Makes where the pages go once laid out (a painter), given the document's images, info and font
   * selection (which the painter draws text inside SVG images with). Pages
   * go there one by one as they are laid out when nothing later can change them (no margin boxes,
   * no target-counter()), else all at the end; the pages returned then hold no fragments.
   */
  readonly sink?: (document: { images: ReadonlyMap<string, ImageResource>; info: DocumentInfo; fonts: FontSelector }) => PageSink | Promise<PageSink>;
  /** Font files and folders added to the bundled fonts (NativeEngineOptions.fonts). */
  readonly fonts?: readonly string[];
}

/**
 * The style resolver, with vw/vh/vmin/vmax resolving against the first page's page area (its
 * `@page` size less its margins), as Chromium prints them.
 */
function viewportResolver(document: Document, sheets: readonly Stylesheet[], baseUrl: string | null, enlarged = 1, containers?: ReadonlyMap<Element, QueryContainer>): StyleResolver {
  const resolver = new StyleResolver(sheets, { baseUrl, containers });
  const html = document.children.find((n): n is Element => isTag(n) && n.name === 'html');
  const rootStyle = html ? resolver.computeStyle(html, null) : null;
  if (!rootStyle) return resolver;
  const area = (setup: PageSetup): readonly [number, number] => setup.viewport ?? [
    Math.max(0, setup.width - setup.margins.left - setup.margins.right), Math.max(0, setup.height - setup.margins.top - setup.margins.bottom),
  ];
  const [pageWidth, pageHeight] = area(withRootZoom(pageSetupFor(sheets, rootStyle, (declarations, parent) => resolver.computeDeclarations(declarations, parent))(0), rootStyle.zoom));
  // The resolver's own default is the default page's (A4, 75px margins: 645 × 974, decision 0148).
  const [defaultWidth, defaultHeight] = area(pageSetupFor([], rootStyle)(0));
  if (enlarged === 1 && Math.abs(pageWidth - defaultWidth) < 0.01 && Math.abs(pageHeight - defaultHeight) < 0.01) return resolver;
  return new StyleResolver(sheets, { baseUrl, pageWidth: pageWidth * enlarged, pageHeight: pageHeight * enlarged, containers });
}

/** Whether the document may hold Indic, Khmer or Myanmar text, which HarfBuzz shapes (decision 0280). */
function needsComplexShaping(html: string, sheets: readonly Stylesheet[]): boolean {
  return sourceNeedsHarfBuzz(html) || sheets.some((sheet) => sheet.rules.some((rule) => rule.declarations.some((d) => sourceNeedsHarfBuzz(d.value))));
}

/** Layouts of a document with @container rules beyond the first; each settles one more level of nested containers. */
const MAX_CONTAINER_PASSES = 4;

const VIEWPORT_UNIT = /\d(?:vh|vw|vmin|vmax|[sld]v[hw])\b/i;

/** Whether the document's CSS may use viewport units (a false alarm costs one more layout of a shrunk document). */
function usesViewportUnits(html: string, sheets: readonly Stylesheet[]): boolean {
  return VIEWPORT_UNIT.test(html) || sheets.some((sheet) => sheet.rules.some((rule) => rule.declarations.some((d) => VIEWPORT_UNIT.test(d.value))));
}

/** Everything up to painting: parse, styles, fonts, images, box tree, pages. */
export async function layoutDocument(html: string, options: LayoutDocumentOptions = {}): Promise<DocumentLayout> {
  const loader = options.resourceLoader ?? DEFAULT_LOADER;
  const document = parseHtml(html);
  const scanned = namedElements(document).all;
  const sheets = await loadStylesheets(document, { loader });
  const baseUrl = documentBaseUrl(document, loader.documentBaseUrl) ?? undefined;
  let resolver = viewportResolver(document, sheets, baseUrl ?? null);
  const rootElement = document.children.find((n): n is Element => isTag(n));
  const rootStyle = (): ComputedStyle | null => (rootElement ? resolver.computeStyle(rootElement, null) : null);
  const clock = options.clock;
  const styles: StyleSource = {
    computeStyle: (element, parent, pseudo) => {
      clock?.check();
      const style = resolver.computeStyle(element, parent, pseudo);
      return style && !pseudo ? withViewportOverflow(element, style, rootStyle) : style;
    },
    anonymousStyle: (parent, display) => anonymousStyle(parent, display),
    svgStyle: (element, custom) => resolver.svgStyle(element, custom),
  };
  const library = options.fonts && options.fonts.length > 0 ? await fontLibrary(options.fonts) : null;
  const [fonts, images] = await Promise.all([
    createFontSelector(fontFaces(sheets), loader, library),
    loadImages(imageUrls(scanned), loader, baseUrl),
    needsComplexShaping(html, sheets) ? loadHarfBuzz() : undefined,
  ]);
  const embeddedDocuments = await loadedDocuments(scanned, images, loader, baseUrl);
  const counterStyles = counterStylesOf(sheets);
  const targets = new TargetResolver(document, counterStyles);
  const formFonts = controlFonts(fonts);
  const buildOptions = { styles, images, embeddedDocuments, targets, controlFonts: formFonts, counterStyles, faceFeatures: faceFeatures(fonts) };
  let root = buildBoxTree(document, buildOptions);
  // Images named only in CSS (backgrounds, list-style-image, content: url()) are found on the
  // built tree; when a generated image was missing, the tree is built once more with it.
  const cssUrls = new Set<string>();
  collectStyleUrls(root, cssUrls);
  for (const style of marginBoxStyles(sheets, resolver, root.style)) addStyleUrls(style, cssUrls);
  for (const style of pageBackgroundStyles(sheets, root.style, (declarations, parent) => resolver.computeDeclarations(declarations, parent))) addStyleUrls(style, cssUrls);
  const missing = [...cssUrls].filter((u) => !images.has(u));
  if (missing.length > 0) {
    const more = await loadImages(missing, loader, baseUrl);
    for (const [k, v] of more) images.set(k, v);
    if (more.size > 0) root = buildBoxTree(document, buildOptions);
  }
  const ctx = { fonts, pageContentHeight: 0, clock, caches: newDocumentCaches(), nesting: newNesting() };
  const info = documentInfo(scanned);
  const sink = options.sink ? await options.sink({ images, info, fonts }) : null;
  // Margin boxes and target-counter() need every page: those documents' pages go to the sink at the end.
  const containerRules = hasContainerRules(sheets);
  const streamed = sink !== null && !targets.used && !hasMarginBoxes(sheets) && !containerRules;
  const paginateOptions = {
    pageSetup: pageSetupFor(sheets, root.style, (declarations, parent) => resolver.computeDeclarations(declarations, parent)),
    maxPages: options.maxPages ?? DEFAULT_MAX_PAGES,
    ...(streamed && { sink }),
  };
  // target-counter()/target-text() need the pages: built and laid out again until they settle.
  const settled = settleTargets(targets, { root, pages: paginate(root, ctx, paginateOptions) },
    () => buildBoxTree(document, buildOptions), (built) => paginate(built, ctx, paginateOptions));
  root = settled.root;
  let pages = settled.pages;
  // A document shrunk to fit is laid out on a larger viewport, which vw and vh follow (decision 0181);
  // a zoomed one on a smaller one, which they do not: they are zoomed like other lengths (decision 0398).
  const factor = 1 / (pages[0]?.scale ?? 1);
  const shrink = factor * pageZoom(root);
  const layOutAgain = (containers?: ReadonlyMap<Element, QueryContainer>): void => {
    resolver = viewportResolver(document, sheets, baseUrl ?? null, shrink, containers);
    if (streamed) sink.restart();
    const shrunk = { ...paginateOptions, factor };
    const build = (): BlockBox => buildBoxTree(document, buildOptions);
    const built = build();
    const again = settleTargets(targets, { root: built, pages: paginate(built, ctx, shrunk) }, build, (b) => paginate(b, ctx, shrunk));
    root = again.root;
    pages = again.pages;
  };
  if (shrink > 1 + 1e-9 && usesViewportUnits(html, sheets)) layOutAgain();
  // @container rules ask the sizes a layout gives: styled and laid out again until the sizes settle
  // (a container's inline size does not depend on its content, so nested containers settle level by level).
  let containers = new Map<Element, QueryContainer>();
  for (let pass = 0; containerRules && pass < MAX_CONTAINER_PASSES; pass++) {
    const found = queryContainers(pages);
    if (found.size === 0 || sameContainers(found, containers)) break;
    containers = found;
    layOutAgain(containers);
  }
  const marginBoxes = layoutMarginBoxes(pages, sheets, resolver, root.style, ctx, images);
  pages.forEach((page, i) => page.marginBoxes.push(...marginBoxes[i]));
  exactFragmentArrays(pages);
  if (sink && !streamed) pages.forEach((page, i) => sink.page(page, i));
  return { pages, images, info, fonts };
}

/** What the render should tell its caller: characters no font has. */
function fontWarnings(fonts: FontSelector): RenderWarning[] {
  const missing = fonts.missingCharacters();
  if (missing.length === 0) return [];
  const characters = missing.map((cp) => String.fromCodePoint(cp));
  const listed = missing.slice(0, 20).map(codePointName).join(', ');
  // The CJK faces are optional dependencies (decision 0270): say which package prints them.
  const cjkLeftOut = missing.some(isCjkCodePoint) && bundledFaces('noto sans jp')[0]?.load() == null;
  const hint = cjkLeftOut ? ' The CJK fonts are not installed: npm install @expo-google-fonts/noto-sans-jp @expo-google-fonts/noto-sans-sc @expo-google-fonts/noto-sans-tc @expo-google-fonts/noto-sans-kr.' : '';
  return [{
    code: 'missing_glyphs',
    message: `No font has ${missing.length === 1 ? 'this character' : `these ${missing.length} characters`} (printed as empty boxes): ${listed}${missing.length > 20 ? ', …' : ''}. Add a font that has them with @font-face or the engine's fonts option.${hint}`,
    characters,
  }];
}

/** What a sink is made from: the document's images, info and font selection, and the render's clock. */
export type SinkSource = Parameters<NonNullable<LayoutDocumentOptions['sink']>>[0] & { readonly clock: RenderClock };

/**
 * Lays the document out into the sink `makeSink` makes (pages go there as they are laid out) and
 * lets `finish` turn it into the result; the caller hears of missing glyphs once it is made.
 */
export async function renderThrough<S extends PageSink, R>(
  html: string,
  options: Omit<RenderOptions, 'encryption'>,
  engineOptions: NativeEngineOptions,
  /** May take its time (page images decode the document's images first). */
  makeSink: (source: SinkSource) => S | Promise<S>,
  finish: (sink: S, layout: DocumentLayout) => Promise<R>,
): Promise<R> {
  const made: { sink?: S } = {};
  const clock = new RenderClock(options.signal, options.timeoutMs);
  try {
    const layout = await layoutDocument(html, {
      resourceLoader: options.resourceLoader,
      maxPages: options.maxPages ?? engineOptions.maxPages,
      fonts: engineOptions.fonts,
      clock,
      sink: async (document) => (made.sink = await makeSink({ ...document, clock })),
    });
    if (!made.sink) throw new Error('renderThrough: the layout made no pages');
    const result = await finish(made.sink, layout);
    if (options.onWarning) for (const warning of fontWarnings(layout.fonts)) options.onWarning(warning);
    return result;
  } catch (error) {
    // Layout stops at MAX_NESTING_DEPTH before the stack runs out; any other stage that still
    // recursed too deep fails the same way, with the error a caller can act on.
    if (error instanceof RangeError && /call stack/i.test(error.message)) throw new NestingDepthLimitError(MAX_NESTING_DEPTH);
    throw error;
  }
}

export function renderNative(html: string, options: RenderOptions, engineOptions: NativeEngineOptions): Promise<Uint8Array> {
  return renderThrough(html, options, engineOptions,
    ({ images, info, fonts, clock }) => new PdfPages(() => createPdfDocument({ deterministic: options.deterministic ?? false, info, encryption: options.encryption }), images, fonts, clock),
    (output) => output.finish());
}

/**
 * Pages painted into a PDF as they come, their bookmarks collected: a long document's fragments
 * live one page at a time. A restart begins a new PDF.
 */
class PdfPages implements PageSink {
  private pdf!: PDFKit.PDFDocument;
  private backend!: PdfkitBackend;
  private painter!: PagePainter;
  private outline!: OutlineCollector;

  constructor(
    private readonly create: () => PDFKit.PDFDocument,
    private readonly images: ReadonlyMap<string, ImageResource>,
    private readonly fonts: FontSelector,
    private readonly clock: RenderClock,
  ) {
    this.restart();
  }

  page(page: PageFragment, index: number): void {
    this.clock.check();
    this.painter.paint(page);
    this.outline.add(page, index);
  }

  restart(): void {
    this.pdf = this.create();
    this.backend = new PdfkitBackend(this.pdf, { fonts: this.fonts });
    this.painter = new PagePainter(this.backend, { images: (url) => this.images.get(url) });
    this.outline = new OutlineCollector();
  }

  finish(): Promise<Uint8Array> {
    this.backend.outline(this.outline.entries);
    return finishPdf(this.pdf);
  }
}

function fontFaces(sheets: readonly Stylesheet[]): FontFaceSource[] {
  return sheets.flatMap((sheet) => sheet.fontFaces.map((face) => ({ ...face, baseUrl: sheet.baseUrl ?? undefined })));
}

function imageUrls(elements: readonly Element[]): string[] {
  const urls = new Set<string>();
  for (const element of elements) {
    if ((element.name === 'img' || element.name === 'input') && element.attribs.src) urls.add(element.attribs.src);
    else if (EMBEDDING_ELEMENTS.has(element.name)) {
      const url = embeddedImageUrl(element);
      if (url !== undefined) urls.add(url);
    }
  }
  return [...urls];
}

function collectStyleUrls(box: Box, out: Set<string>): void {
  addStyleUrls(box.style, out);
  if (box.running) collectStyleUrls(box.running, out);
  if (box.kind === 'block' && box.marker) collectStyleUrls(box.marker, out);
  if (box.kind === 'table') {
    for (const child of box.captions) collectStyleUrls(child, out);
    for (const child of box.rowGroups) collectStyleUrls(child, out);
    return;
  }
  if (box.kind === 'table-cell') {
    collectStyleUrls(box.content, out);
    return;
  }
  const children: readonly Box[] | null =
    box.kind === 'table-row-group' ? box.rows
      : box.kind === 'table-row' ? box.cells
        : 'children' in box ? box.children : null;
  // Indexed: this walks every box of every document.
  if (children) for (let i = 0; i < children.length; i++) collectStyleUrls(children[i], out);
}

function addStyleUrls(style: ComputedStyle, out: Set<string>): void {
  const layers = style.backgroundLayers;
  for (let i = 0; i < layers.length; i++) {
    const image = layers[i].image;
    if (image.kind === 'url') out.add(image.url);
  }
  if (style.listStyleImage) out.add(style.listStyleImage);
  if (style.borderImageSource?.kind === 'url') out.add(style.borderImageSource.url);
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

/**
 * The URLs objects' data name that load but are no image: such an object prints as a nested
 * document's box (blank here), not its fallback content, which is for data that does not load.
 */
async function loadedDocuments(elements: readonly Element[], images: ReadonlyMap<string, ImageResource>, loader: ResourceLoader, baseUrl: string | undefined): Promise<Set<string>> {
  const urls = new Set<string>();
  for (const element of elements) {
    const data = element.name === 'object' ? element.attribs.data : undefined;
    if (data && !images.has(data)) urls.add(data);
  }
  const loaded = new Set<string>();
  await Promise.all([...urls].map(async (url) => {
    const resource = await loader.load(url, 'image', baseUrl ?? loader.documentBaseUrl ?? undefined).catch(() => null);
    if (resource !== null) loaded.add(url);
  }));
  return loaded;
}

function documentInfo(elements: readonly Element[]): DocumentInfo {
  const info: { title?: string; author?: string; subject?: string; keywords?: string } = {};
  const title = elements.find((e) => e.name === 'title');
  if (title) info.title = textContent(title).trim() || undefined;
  for (const meta of elements) {
    if (meta.name !== 'meta') continue;
    const name = meta.attribs.name?.toLowerCase();
    const content = meta.attribs.content;
    if (!content) continue;
    if (name === 'author') info.author = content;
    else if (name === 'description') info.subject = content;
    else if (name === 'keywords') info.keywords = content;
  }
  return info;
}
