// The adapter contract between the service and whatever turns HTML into PDF bytes.
import type { ProtectOptions } from '../protect/index.js';
import type { ResourceLoader } from '../resources/types.js';

export interface RenderOptions {
  /** Where images, fonts and stylesheets come from; the default reads only data: URIs. */
  readonly resourceLoader?: ResourceLoader;
  /** Identical input gives byte-identical output (fixed dates and document ID). */
  readonly deterministic?: boolean;
  /** Stop with a PageLimitError past this many pages. */
  readonly maxPages?: number;
  /** Abort rendering (e.g. when the caller has gone). */
  readonly signal?: AbortSignal;
  /**
   * Stop with RenderTimeoutError once rendering has taken this many milliseconds. Checked as the
   * render goes (styles, layout, painting), so it holds when the render runs on the caller's
   * thread, where no timer can fire until it ends.
   */
  readonly timeoutMs?: number;
  /** Password-protect the output; only engines with `encrypts: true` read it. */
  readonly encryption?: ProtectOptions;
  /** Told of what the document asked for and did not get in full (characters no font has), once the PDF is made. */
  readonly onWarning?: (warning: RenderWarning) => void;
}

/** Something a render could not do as the document asked, though it made the PDF. */
export interface RenderWarning {
  /** `missing_glyphs`: characters no font has, printed as .notdef boxes (their text stays in the PDF's text layer). */
  readonly code: 'missing_glyphs';
  readonly message: string;
  /** The characters concerned, one string per code point, in the order first met. */
  readonly characters: readonly string[];
}

export interface PdfEngine {
  readonly name: string;
  /** Encrypts its output itself when given `encryption`; otherwise the service encrypts after it (`protectPdf`). */
  readonly encrypts?: boolean;
  /** Render a complete HTML document to PDF bytes. Rejects with an Error on failure. */
  render(html: string, options?: RenderOptions): Promise<Uint8Array>;
  /**
   * Optional: resolves once the engine can render — a threaded engine's thread starts and
   * answers — and rejects with the reason when it cannot. `GET /readyz` asks it.
   */
  ping?(): Promise<void>;
  /** Optional: what a threaded engine's threads are doing, for `GET /metrics`. */
  threadStats?(): EngineThreadStats;
  /**
   * Optional: the pages as images, painted by the engine's raster backend with the same layout as
   * its PDF (no PDF rasteriser in between). Rejects with RasterUnavailableError when the optional
   * peer that paints them (`@napi-rs/canvas`) is not installed.
   */
  renderImages?(html: string, options?: PageImageOptions): Promise<PageImages>;
}

export type PageImageFormat = 'png' | 'jpeg' | 'webp';

/** What `renderImages` paints, and how. Password protection has no meaning for an image. */
export interface PageImageOptions extends Omit<RenderOptions, 'encryption'> {
  /** 1-based page numbers to paint, in the order given; default every page. Numbers past the last page are left out. */
  readonly pages?: readonly number[];
  /** Device pixels per CSS px (1 = 96 dpi, 2 = 192 dpi); default 1. */
  readonly scale?: number;
  /** Instead of `scale`: each image this many pixels wide (its page's width scaled to it). */
  readonly width?: number;
  /** Default `png`. */
  readonly format?: PageImageFormat;
  /** 0 to 100, for jpeg and webp; default 90. */
  readonly quality?: number;
}

/** One page painted as an image. */
export interface PageImage {
  /** 1-based. */
  readonly page: number;
  /** In pixels. */
  readonly width: number;
  readonly height: number;
  readonly format: PageImageFormat;
  /** `image/png`, `image/jpeg` or `image/webp`. */
  readonly mediaType: string;
  readonly data: Uint8Array;
}

export interface PageImages {
  /** Pages the document has, painted or not. */
  readonly pageCount: number;
  readonly images: readonly PageImage[];
}

/** A threaded engine's threads at one moment, and the restarts since it was made. */
export interface EngineThreadStats {
  /** Threads running. */
  readonly threads: number;
  /** Of those, the ones rendering a document. */
  readonly busy: number;
  /** Renders waiting for a thread. */
  readonly queued: number;
  /**
   * Threads ended by a failure — a crash, running out of heap, an abort they did not stop for —
   * since the engine was made; a new thread takes the next render.
   */
  readonly restarts: number;
}
