// Blob stores: where PDF bytes live when a document store does not keep them in its records.
export type { BlobStore } from './blob-store.js';
export { FsBlobStore } from './fs-blob-store.js';
export type { FsBlobStoreOptions } from './fs-blob-store.js';
