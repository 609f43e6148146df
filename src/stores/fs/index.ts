// File-backed stores: records survive a restart and a crash; one process per folder.
export { FsTemplateStore } from './fs-template-store.js';
export type { FsStoreOptions } from './fs-template-store.js';
export { FsDocumentStore } from './fs-document-store.js';
export { FsQuotaStore } from './fs-quota-store.js';
export { createFsStores } from './create-fs-stores.js';
export type { FsStores } from './create-fs-stores.js';
export { openFsStores } from './open-fs-stores.js';
export type { OpenFsStores } from './open-fs-stores.js';
export { lockFolder, LOCK_FILE } from './folder-lock.js';
export type { FolderLock } from './folder-lock.js';
export { DataFolderInUseError } from './data-folder-in-use-error.js';
export type { FolderHolder } from './data-folder-in-use-error.js';
export { recoverFsFolder } from './recover-fs-folder.js';
export type { FsRecovery } from './recover-fs-folder.js';
