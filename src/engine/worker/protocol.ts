// The messages between a worker engine and its render threads, and errors made cloneable for them.
import { NestingDepthLimitError, PageImageOptionsError, PageImageTooLargeError, PageLimitError, RasterUnavailableError, RenderTimeoutError } from '../errors.js';
import type { ValidationIssue } from '../../errors/pagesmith-error.js';
import type { ProtectOptions } from '../../protect/index.js';
import type { PageImage, PageImageOptions, PageImages, RenderWarning } from '../types.js';
import type { LoadedResource, ResourceKind } from '../../resources/types.js';

/** What a render thread needs of `RenderOptions`; the resource loader stays on the caller's thread. */
export interface ThreadRenderOptions {
  readonly deterministic?: boolean;
  readonly maxPages?: number;
  readonly encryption?: ProtectOptions;
  /** The caller's loader's `documentBaseUrl`; undefined when the caller gave no loader. */
  readonly loader?: { readonly documentBaseUrl: string | null };
  /** What is left of the caller's `timeoutMs` when the thread takes the job. */
  readonly timeoutMs?: number;
}

/** What a render thread needs of `PageImageOptions`: the thread options and how to paint. */
export interface ThreadImageOptions extends Omit<ThreadRenderOptions, 'encryption' | 'deterministic'>, Pick<PageImageOptions, 'pages' | 'scale' | 'width' | 'format' | 'quality'> {}

export type ToThread =
  | { readonly type: 'render'; readonly job: number; readonly html: string; readonly options: ThreadRenderOptions }
  | { readonly type: 'renderImages'; readonly job: number; readonly html: string; readonly options: ThreadImageOptions }
  | { readonly type: 'abort'; readonly job: number }
  /** Answered with `pong` at once by a thread that is not rendering: readiness. */
  | { readonly type: 'ping'; readonly ping: number }
  | { readonly type: 'loaded'; readonly job: number; readonly request: number; readonly resource: LoadedResource | null };

export type FromThread =
  | { readonly type: 'rendered'; readonly job: number; readonly pdf: Uint8Array; readonly warnings?: readonly RenderWarning[] }
  | { readonly type: 'painted'; readonly job: number; readonly images: PageImages; readonly warnings?: readonly RenderWarning[] }
  | { readonly type: 'failed'; readonly job: number; readonly error: ClonedError }
  | { readonly type: 'pong'; readonly ping: number }
  | { readonly type: 'load'; readonly job: number; readonly request: number; readonly url: string; readonly kind: ResourceKind; readonly baseUrl?: string };

/** Where a `rendered` message goes: a worker's `parentPort`, or any MessagePort. */
export interface RenderedPort {
  postMessage(message: FromThread, transfer: ArrayBuffer[]): void;
}

/**
 * Posts a finished PDF with its bytes transferred, not copied: the caller's thread receives the
 * same memory and the render thread's view of it is detached. A PDF that shares its ArrayBuffer
 * with other data (a small Buffer can be a view of Node's shared pool) is copied into its own
 * first, since transferring the pool would detach every Buffer that lives in it.
 */
export function postRendered(port: RenderedPort, job: number, pdf: Uint8Array, warnings: readonly RenderWarning[]): void {
  const own = ownBuffer(pdf);
  port.postMessage({ type: 'rendered', job, pdf: own, ...(warnings.length > 0 && { warnings }) }, [own.buffer as ArrayBuffer]);
}

/** Posts page images with their bytes transferred, as postRendered posts a PDF. */
export function postPainted(port: RenderedPort, job: number, painted: PageImages, warnings: readonly RenderWarning[]): void {
  const images: PageImage[] = painted.images.map((image) => ({ ...image, data: ownBuffer(image.data) }));
  port.postMessage({ type: 'painted', job, images: { pageCount: painted.pageCount, images }, ...(warnings.length > 0 && { warnings }) }, images.map((image) => image.data.buffer as ArrayBuffer));
}

/** The bytes in an ArrayBuffer of their own, which can be transferred without detaching anything else. */
function ownBuffer(bytes: Uint8Array): Uint8Array {
  return bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? bytes : bytes.slice();
}

export interface ClonedError {
  readonly name: string;
  readonly message: string;
  readonly stack?: string;
  /** PageLimitError's and NestingDepthLimitError's limit, RenderTimeoutError's limitMs. */
  readonly limit?: number;
  /** PageImageOptionsError's issues. */
  readonly issues?: readonly ValidationIssue[];
  /** PageImageTooLargeError's arguments. */
  readonly tooLarge?: ConstructorParameters<typeof PageImageTooLargeError>;
}

export function cloneError(error: unknown): ClonedError {
  if (error instanceof PageLimitError || error instanceof NestingDepthLimitError) return { name: error.name, message: error.message, stack: error.stack, limit: error.limit };
  if (error instanceof RenderTimeoutError) return { name: error.name, message: error.message, stack: error.stack, limit: error.limitMs };
  if (error instanceof PageImageTooLargeError) return { name: error.name, message: error.message, stack: error.stack, tooLarge: [error.page, error.width, error.height, error.maxPixels, error.field] };
  if (error instanceof PageImageOptionsError) return { name: error.name, message: error.message, stack: error.stack, issues: error.issues };
  if (error instanceof Error) return { name: error.name, message: error.message, stack: error.stack };
  return { name: 'Error', message: String(error) };
}

/** The error as the in-process engine would have thrown it: the same class where the engine has one. */
export function revivedError(cloned: ClonedError): Error {
  if (cloned.name === 'PageLimitError' && cloned.limit !== undefined) return new PageLimitError(cloned.limit);
  if (cloned.name === 'NestingDepthLimitError' && cloned.limit !== undefined) return new NestingDepthLimitError(cloned.limit);
  if (cloned.name === 'RenderTimeoutError' && cloned.limit !== undefined) return new RenderTimeoutError(cloned.limit);
  if (cloned.name === 'RasterUnavailableError') return new RasterUnavailableError({ detail: cloned.message });
  if (cloned.name === 'PageImageTooLargeError' && cloned.tooLarge !== undefined) return new PageImageTooLargeError(...cloned.tooLarge);
  if (cloned.name === 'PageImageOptionsError' && cloned.issues !== undefined) return new PageImageOptionsError(cloned.issues);
  const error = new Error(cloned.message);
  error.name = cloned.name;
  if (cloned.stack) error.stack = cloned.stack;
  return error;
}
