// The adapter contract between the service and whatever turns HTML into PDF bytes.
import type { ResourceLoader } from '../resources/types.js';

export interface RenderOptions {
  /** Where images, fonts and stylesheets come from; the default reads only data: URIs. */
  readonly resourceLoader?: ResourceLoader;
  /** Identical input gives byte-identical output (fixed dates and document ID). */
  readonly deterministic?: boolean;
  /** Stop with a PageLimitError past this many pages. */
  readonly maxPages?: number;
  /** Abort rendering (e.g. on a render-time limit). */
  readonly signal?: AbortSignal;
}

export interface PdfEngine {
  readonly name: string;
  /** Render a complete HTML document to PDF bytes. Rejects with an Error on failure. */
  render(html: string, options?: RenderOptions): Promise<Uint8Array>;
}
