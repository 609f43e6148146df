// The three file-backed stores over one folder, as a set to hand to createDocumentService.
import type { DocumentStore, QuotaStore, TemplateStore } from '../types.js';
import { FsDocumentStore } from './fs-document-store.js';
import { FsQuotaStore } from './fs-quota-store.js';
import { FsTemplateStore, type FsStoreOptions } from './fs-template-store.js';

export interface FsStores {
  readonly templates: TemplateStore;
  readonly documents: DocumentStore;
  readonly quota: QuotaStore;
}

/**
 * Layout: `applications/`, `templates/`, `documents/` and `quota/` under `dir`. Neither locks the folder
 * nor recovers it after a crash: a server wants `openFsStores`.
 */
export function createFsStores(options: FsStoreOptions): FsStores {
  return {
    templates: new FsTemplateStore(options),
    documents: new FsDocumentStore(options),
    quota: new FsQuotaStore(options),
  };
}
