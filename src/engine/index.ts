// The native engine's public entry.
export { createNativeEngine, type NativeEngineOptions } from './native-engine.js';
export { PageLimitError } from './layout/page.js';
export type { PdfEngine, RenderOptions } from './types.js';
