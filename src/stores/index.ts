// Store contracts and their in-memory implementations.
export type {
  ApplicationRecord,
  ContentType,
  DocumentStore,
  NewApplication,
  NewTemplate,
  QuotaReservation,
  QuotaStore,
  QuotaUsage,
  StoredDocument,
  TemplateRecord,
  TemplateStore,
} from './types.js';
export { MemoryTemplateStore } from './memory-template-store.js';
export type { MemoryStoreOptions } from './memory-template-store.js';
export { MemoryDocumentStore } from './memory-document-store.js';
export { MemoryQuotaStore } from './memory-quota-store.js';
export { newApplicationId, newDocumentId, newTemplateId } from './ids.js';
