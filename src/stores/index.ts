// Store contracts and their in-memory and file-backed implementations.
export type {
  ApplicationPatch,
  ApplicationRecord,
  ContentType,
  DocumentStore,
  DocumentSummary,
  NewApplication,
  NewTemplate,
  QuotaReservation,
  QuotaStore,
  QuotaUsage,
  StoredDocument,
  TemplatePatch,
  TemplateQuery,
  TemplateRecord,
  TemplateStore,
} from './types.js';
export { MemoryTemplateStore } from './memory-template-store.js';
export type { MemoryStoreOptions } from './memory-template-store.js';
export { MemoryDocumentStore } from './memory-document-store.js';
export { MemoryQuotaStore } from './memory-quota-store.js';
export { newApplicationId, newDocumentId, newTemplateId } from './ids.js';
export { quotaPeriod } from './quota-period.js';
export {
  createFsStores,
  DataFolderInUseError,
  FsDocumentStore,
  FsQuotaStore,
  FsTemplateStore,
  LOCK_FILE,
  lockFolder,
  openFsStores,
  recoverFsFolder,
} from './fs/index.js';
export type { FolderHolder, FolderLock, FsRecovery, FsStoreOptions, FsStores, OpenFsStores } from './fs/index.js';
