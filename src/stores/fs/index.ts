// File-backed stores: records survive a restart; one process per folder.
export { FsTemplateStore } from './fs-template-store.js';
export type { FsStoreOptions } from './fs-template-store.js';
export { FsDocumentStore } from './fs-document-store.js';
export { FsQuotaStore } from './fs-quota-store.js';
export { createFsStores } from './create-fs-stores.js';
export type { FsStores } from './create-fs-stores.js';
