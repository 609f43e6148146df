// In-memory DocumentStore, for tests and single-process use.
import type { DocumentStore, StoredDocument } from './types.js';

export class MemoryDocumentStore implements DocumentStore {
  readonly #documents = new Map<string, StoredDocument>();

  async saveDocument(document: StoredDocument): Promise<void> {
    // Keep a private copy so later changes to the caller's buffer don't reach the store.
    this.#documents.set(document.id, { ...document, bytes: new Uint8Array(document.bytes) });
  }

  async getDocument(documentId: string): Promise<StoredDocument | null> {
    return this.#documents.get(documentId) ?? null;
  }

  async deleteDocument(documentId: string): Promise<void> {
    this.#documents.delete(documentId);
  }

  /** How many documents are held, for tests. */
  get size(): number {
    return this.#documents.size;
  }
}
