// The image stage shared by previews and stored documents' pages: the engine's raster backend under the render limits.
import type { PageImageFormat, PageImages, RenderWarning } from '../engine/types.js';
import { PageImagesUnavailableError } from '../errors/index.js';
import type { Deadline } from './deadline.js';
import type { ResolvedDeps } from './deps.js';
import { limitFailure, type EngineLimit } from './limit-failure.js';
import type { ServiceLimits } from './limits.js';

export const PAGE_IMAGE_FORMATS = ['png', 'jpeg', 'webp'] as const satisfies readonly PageImageFormat[];

/** Pixels across each page image: the default, and the bounds a request may ask within. */
export const PAGE_IMAGE_WIDTH = { default: 800, min: 100, max: 2000 } as const;

export interface PaintRequest {
  /** 1-based page numbers. */
  readonly pages: readonly number[];
  readonly width: number;
  readonly format: PageImageFormat;
  readonly onWarning?: (warning: RenderWarning) => void;
}

/**
 * Paints pages of `html` within the deadline. Rejects with PageImagesUnavailableError (501) when
 * the engine has no raster backend or its optional peer is missing; engine limits reject as the
 * engine's errors (see `limitFailure`), the deadline as its DocumentCreationError.
 */
export async function paintPages(deps: ResolvedDeps, html: string, request: PaintRequest, deadline: Deadline): Promise<PageImages> {
  const engine = deps.engine;
  if (typeof engine.renderImages !== 'function') throw new PageImagesUnavailableError({ detail: `engine ${engine.name} has no renderImages` });
  const painting = engine
    .renderImages(html, {
      resourceLoader: deps.resourceLoader,
      maxPages: deps.limits.maxPages,
      signal: deadline.signal,
      timeoutMs: deadline.remaining(),
      pages: request.pages,
      width: request.width,
      format: request.format,
      ...(request.onWarning && { onWarning: request.onWarning }),
    })
    .catch((error: unknown) => {
      // By name: the error may have crossed from a render thread.
      if (error instanceof Error && error.name === 'RasterUnavailableError') throw new PageImagesUnavailableError({ detail: error.message, cause: error });
      throw error;
    });
  return deadline.race(painting);
}

/** The engine limit behind a failed paint, with what to tell the template's author; null when no limit stopped it. */
export function engineLimitStop(error: unknown, limits: ServiceLimits): { readonly limit: EngineLimit; readonly message: string } | null {
  const failure = limitFailure(error);
  if (failure === null || failure.stage !== 'engine') return null;
  return { limit: failure.limit, message: engineLimitMessage(failure.limit, limits, error) };
}

/** What an engine limit means for the document, in the words the generate calls' 422 use. */
export function engineLimitMessage(limit: EngineLimit, limits: ServiceLimits, error: unknown): string {
  switch (limit) {
    case 'pages':
      return `the document would have more than ${limits.maxPages} pages`;
    case 'nesting':
      return `the document nests boxes more than ${nestingLimit(error)} levels deep`;
    case 'time':
      return `rendering took longer than the ${limits.renderTimeoutMs} ms limit`;
    case 'memory':
      return 'the document needs more memory than the render thread is allowed';
  }
}

function nestingLimit(error: unknown): number | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 8 && current instanceof Error; depth += 1) {
    if (current.name === 'NestingDepthLimitError') return (current as Error & { limit?: number }).limit;
    current = current.cause;
  }
  return undefined;
}

/** `data:image/png;base64,…` */
export function dataUrl(mediaType: string, bytes: Uint8Array): string {
  return `data:${mediaType};base64,${Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64')}`;
}
