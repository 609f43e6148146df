// In-memory DocumentStore, for tests and single-process use.
import type { MemoryStoreOptions } from './memory-template-store.js';
import type { DocumentStore, DocumentSummary, StoredDocument } from './types.js';

export class MemoryDocumentStore implements DocumentStore {
  readonly #documents = new Map<string, StoredDocument>();
  readonly #clock: () => Date;

  constructor(options: MemoryStoreOptions = {}) {
    this.#clock = options.clock ?? (() => new Date());
  }

  async saveDocument(document: StoredDocument): Promise<void> {
    // Keep a private copy so later changes to the caller's buffer or data don't reach the store.
    this.#documents.set(document.id, { ...document, bytes: new Uint8Array(document.bytes), data: copyData(document.data) });
  }

  async getDocument(documentId: string): Promise<StoredDocument | null> {
    return this.#documents.get(documentId) ?? null;
  }

  async listDocuments(accountId: string): Promise<DocumentSummary[]> {
    return [...this.#documents.values()].filter((document) => document.accountId === accountId).map(summarise);
  }

  async updateDocumentData(documentId: string, data: Readonly<Record<string, unknown>>): Promise<DocumentSummary | null> {
    const document = this.#documents.get(documentId);
    if (!document) return null;
    const updated: StoredDocument = { ...document, data: copyData(data), updatedAt: this.#clock() };
    this.#documents.set(documentId, updated);
    return summarise(updated);
  }

  async deleteDocument(documentId: string): Promise<void> {
    this.#documents.delete(documentId);
  }

  /** How many documents are held, for tests. */
  get size(): number {
    return this.#documents.size;
  }
}

function summarise({ bytes, html: _html, ...rest }: StoredDocument): DocumentSummary {
  return { ...rest, sizeBytes: bytes.byteLength };
}

function copyData(data: StoredDocument['data']): StoredDocument['data'] {
  return data === undefined || data === null ? data : structuredClone(data);
}
