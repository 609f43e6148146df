// The resource loader and its policy: which URLs a template may read, and within what limits.
export { createResourceLoader, DEFAULT_MAX_BYTES, DEFAULT_TIMEOUT_MS } from './loader.js';
export type { NetworkAccess, ResourceLoaderOptions } from './loader.js';
export type { LoadedResource, ResourceKind, ResourceLoader } from './types.js';
