// The native engine: parse → cascade → boxes → paginate → paint through pdfkit (native-render.ts).
// Its modules (pdfkit, fontkit, parse5, the layout engine) are imported on the first render, so
// importing the library stays light and a process rendering through worker threads
// (createWorkerEngine) never loads them on its own thread.
import type { PageImageOptions, PageImages, PdfEngine, RenderOptions } from './types.js';

export interface NativeEngineOptions {
  /** Upper bound on pages per document (default 2000). */
  readonly maxPages?: number;
  /**
   * Font files and folders (searched for .ttf, .otf, .ttc, .woff and .woff2) whose faces documents
   * may name in `font-family`, and which print characters the bundled fonts lack. Read on the
   * first render, once per process.
   */
  readonly fonts?: readonly string[];
}

/** The native engine: PDFs, and page images painted with the same layout. */
export interface NativeEngine extends PdfEngine {
  renderImages(html: string, options?: PageImageOptions): Promise<PageImages>;
}

let renderer: Promise<typeof import('./native-render.js')> | null = null;
let imageRenderer: Promise<typeof import('./native-images.js')> | null = null;

export function createNativeEngine(engineOptions: NativeEngineOptions = {}): NativeEngine {
  return {
    name: 'native',
    encrypts: true,
    render: async (html: string, options: RenderOptions = {}) => (await (renderer ??= import('./native-render.js'))).renderNative(html, options, engineOptions),
    // Loads the layout engine's modules, which a first render would otherwise load on its way.
    ping: async () => void (await (renderer ??= import('./native-render.js'))),
    renderImages: async (html: string, options: PageImageOptions = {}) => (await (imageRenderer ??= import('./native-images.js'))).renderNativeImages(html, options, engineOptions),
  };
}
