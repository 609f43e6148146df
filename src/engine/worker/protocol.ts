// The messages between a worker engine and its render threads, and errors made cloneable for them.
import { NestingDepthLimitError, PageLimitError, RenderTimeoutError } from '../errors.js';
import type { ProtectOptions } from '../../protect/index.js';
import type { RenderWarning } from '../types.js';
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

export type ToThread =
  | { readonly type: 'render'; readonly job: number; readonly html: string; readonly options: ThreadRenderOptions }
  | { readonly type: 'abort'; readonly job: number }
  /** Answered with `pong` at once by a thread that is not rendering: readiness. */
  | { readonly type: 'ping'; readonly ping: number }
  | { readonly type: 'loaded'; readonly job: number; readonly request: number; readonly resource: LoadedResource | null };

export type FromThread =
  | { readonly type: 'rendered'; readonly job: number; readonly pdf: Uint8Array; readonly warnings?: readonly RenderWarning[] }
  | { readonly type: 'failed'; readonly job: number; readonly error: ClonedError }
  | { readonly type: 'pong'; readonly ping: number }
  | { readonly type: 'load'; readonly job: number; readonly request: number; readonly url: string; readonly kind: ResourceKind; readonly baseUrl?: string };

export interface ClonedError {
  readonly name: string;
  readonly message: string;
  readonly stack?: string;
  /** PageLimitError's and NestingDepthLimitError's limit, RenderTimeoutError's limitMs. */
  readonly limit?: number;
}

export function cloneError(error: unknown): ClonedError {
  if (error instanceof PageLimitError || error instanceof NestingDepthLimitError) return { name: error.name, message: error.message, stack: error.stack, limit: error.limit };
  if (error instanceof RenderTimeoutError) return { name: error.name, message: error.message, stack: error.stack, limit: error.limitMs };
  if (error instanceof Error) return { name: error.name, message: error.message, stack: error.stack };
  return { name: 'Error', message: String(error) };
}

/** The error as the in-process engine would have thrown it: the same class where the engine has one. */
export function revivedError(cloned: ClonedError): Error {
  if (cloned.name === 'PageLimitError' && cloned.limit !== undefined) return new PageLimitError(cloned.limit);
  if (cloned.name === 'NestingDepthLimitError' && cloned.limit !== undefined) return new NestingDepthLimitError(cloned.limit);
  if (cloned.name === 'RenderTimeoutError' && cloned.limit !== undefined) return new RenderTimeoutError(cloned.limit);
  const error = new Error(cloned.message);
  error.name = cloned.name;
  if (cloned.stack) error.stack = cloned.stack;
  return error;
}
