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
}

export interface PdfEngine {
  readonly name: string;
  /** Encrypts its output itself when given `encryption`; otherwise the service encrypts after it (`protectPdf`). */
  readonly encrypts?: boolean;
  /** Render a complete HTML document to PDF bytes. Rejects with an Error on failure. */
  render(html: string, options?: RenderOptions): Promise<Uint8Array>;
}
