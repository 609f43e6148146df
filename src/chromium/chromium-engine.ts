// A PdfEngine that prints with headless Chromium (through playwright-core), behind the same
// contract as the native engine: the document's resources come only through the ResourceLoader,
// scripts never run, and nothing reaches the network that the loader does not allow.
import { PageLimitError } from '../engine/errors.js';
import type { PdfEngine, RenderOptions } from '../engine/types.js';
import { createResourceLoader } from '../resources/index.js';
import type { ResourceKind, ResourceLoader } from '../resources/types.js';
import { countPdfPages } from './count-pages.js';
import { assertPlaywrightInstalled, loadPlaywright, type BrowserLike, type RouteLike } from './playwright.js';

export interface ChromiumEngineOptions {
  /** The Chromium binary; default `$CHROMIUM`, else `/usr/bin/chromium`. */
  readonly executablePath?: string;
  /** Extra command-line switches for Chromium. */
  readonly args?: readonly string[];
  /** Start the browser yourself (a remote browser, a pool); the engine then never closes it. */
  readonly launch?: () => Promise<BrowserLike>;
}

export interface ChromiumEngine extends PdfEngine {
  /** Closes the browser the engine started (a no-op when `launch` was given or nothing started). */
  close(): Promise<void>;
}

/** Where the document seems to live, so that relative URLs in it reach the route handler. */
const DOCUMENT_ORIGIN = 'https://document.pagesmith.invalid';
const DOCUMENT_URL = `${DOCUMENT_ORIGIN}/`;
const DEFAULT_ARGS = ['--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];
const DATA_ONLY: ResourceLoader = createResourceLoader();

/**
 * Chromium as a PdfEngine: A4 with 75px margins unless the document's `@page` says otherwise.
 * Throws MissingPeerDependencyError at once when playwright-core is not installed (unless `launch`
 * is given, which starts the browser without it).
 */
export function createChromiumEngine(options: ChromiumEngineOptions = {}): ChromiumEngine {
  let browser: Promise<BrowserLike> | null = null;
  const ownsBrowser = options.launch === undefined;
  if (ownsBrowser) assertPlaywrightInstalled();

  const getBrowser = (): Promise<BrowserLike> => {
    browser ??= (options.launch ?? (() => launchChromium(options)))().catch((error: unknown) => {
      browser = null;
      throw error;
    });
    return browser;
  };

  return {
    name: 'chromium',
    async render(html: string, renderOptions: RenderOptions = {}): Promise<Uint8Array> {
      renderOptions.signal?.throwIfAborted();
      const context = await (await getBrowser()).newContext({ javaScriptEnabled: false });
      const closeOnAbort = (): void => void context.close().catch(() => undefined);
      renderOptions.signal?.addEventListener('abort', closeOnAbort, { once: true });
      try {
        const loader = renderOptions.resourceLoader ?? DATA_ONLY;
        await context.route('**/*', (route) => serve(route, html, loader));
        const page = await context.newPage();
        await page.goto(DOCUMENT_URL, { waitUntil: 'load' });
        const pdf = await page.pdf({
          format: 'A4',
          margin: { top: '75px', right: '75px', bottom: '75px', left: '75px' },
          preferCSSPageSize: true,
          printBackground: true,
        });
        const bytes = new Uint8Array(pdf.buffer, pdf.byteOffset, pdf.byteLength);
        if (renderOptions.maxPages !== undefined && (await countPdfPages(bytes)) > renderOptions.maxPages) {
          throw new PageLimitError(renderOptions.maxPages);
        }
        return bytes;
      } finally {
        renderOptions.signal?.removeEventListener('abort', closeOnAbort);
        await context.close().catch(() => undefined);
      }
    },
    async close(): Promise<void> {
      const started = browser;
      browser = null;
      if (started && ownsBrowser) await (await started.catch(() => null))?.close();
    },
  };
}

async function launchChromium(options: ChromiumEngineOptions): Promise<BrowserLike> {
  const { chromium } = await loadPlaywright();
  return chromium.launch({
    executablePath: options.executablePath ?? process.env.CHROMIUM ?? '/usr/bin/chromium',
    args: [...(process.getuid?.() === 0 ? ['--no-sandbox'] : []), ...DEFAULT_ARGS, ...(options.args ?? [])],
  });
}

/** Answers every request Chromium makes: the document itself, then resources through the loader. */
async function serve(route: RouteLike, html: string, loader: ResourceLoader): Promise<void> {
  const request = route.request();
  const url = request.url();
  if (url === DOCUMENT_URL && request.isNavigationRequest() && request.frame().parentFrame() === null) {
    await route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: html });
    return;
  }
  const kind = resourceKind(request.resourceType());
  if (kind === null || request.isNavigationRequest()) {
    await route.abort('blockedbyclient');
    return;
  }
  // Relative URLs resolve against the made-up document origin; hand the loader the path back.
  const wanted = url.startsWith(`${DOCUMENT_ORIGIN}/`) ? decodeURI(url.slice(DOCUMENT_ORIGIN.length + 1)) : url;
  const loaded = await loader.load(wanted, kind, loader.documentBaseUrl ?? undefined).catch(() => null);
  if (loaded === null) {
    await route.abort('blockedbyclient');
    return;
  }
  await route.fulfill({
    status: 200,
    body: Buffer.from(loaded.bytes.buffer, loaded.bytes.byteOffset, loaded.bytes.byteLength),
    ...(loaded.mimeType && { contentType: loaded.mimeType }),
  });
}

function resourceKind(type: string): ResourceKind | null {
  switch (type) {
    case 'image':
      return 'image';
    case 'font':
      return 'font';
    case 'stylesheet':
      return 'stylesheet';
    default:
      return null;
  }
}
