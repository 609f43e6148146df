// The native engine's public entry.
export { createNativeEngine, type NativeEngine, type NativeEngineOptions } from './native-engine.js';
export { NestingDepthLimitError, PageImageOptionsError, PageImageTooLargeError, PageLimitError, RasterUnavailableError, RenderMemoryLimitError, RenderTimeoutError } from './errors.js';
export type { PageImage, PageImageFormat, PageImageOptions, PageImages, PdfEngine, RenderOptions, RenderWarning } from './types.js';
export { createWorkerEngine, type WorkerEngine, type WorkerEngineOptions } from './worker/worker-engine.js';
