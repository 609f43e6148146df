// File-backed DocumentStore: `<id>.pdf` holds the bytes, `<id>.html` what they were printed from (when kept), `<id>.json` the record; the JSON's presence is the commit.
import { mkdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { DocumentStore, DocumentSummary, StoredDocument } from '../types.js';
import { writeFileAtomic } from './atomic-write.js';
import type { FsStoreOptions } from './fs-template-store.js';
import { byCreation, isMissing, isSafeId, readJsonFile, readJsonFiles } from './json-files.js';
import { KeyedLock } from './keyed-lock.js';
import { pingFolder } from './ping-folder.js';

interface DocumentFile extends Omit<DocumentSummary, 'createdAt' | 'updatedAt'> {
  readonly createdAt: string;
  readonly updatedAt?: string;
}

/** Safe for concurrent calls within one process; several processes sharing a folder are not coordinated. */
export class FsDocumentStore implements DocumentStore {
  readonly #dir: string;
  readonly #clock: () => Date;
  readonly #lock = new KeyedLock();

  constructor(options: FsStoreOptions) {
    this.#dir = join(options.dir, 'documents');
    this.#clock = options.clock ?? (() => new Date());
  }

  async saveDocument(document: StoredDocument): Promise<void> {
    if (!isSafeId(document.id)) throw new Error(`Document id ${JSON.stringify(document.id)} cannot name a file`);
    const { bytes, html, ...record } = document;
    await this.#lock.run(document.id, async () => {
      await mkdir(this.#dir, { recursive: true });
      await writeFileAtomic(this.#path(document.id, 'pdf'), bytes);
      // Outside the record, so listings never read it; a document saved again without it loses the old one.
      if (typeof html === 'string') await writeFileAtomic(this.#path(document.id, 'html'), html);
      else await rm(this.#path(document.id, 'html'), { force: true });
      await this.#writeRecord({ ...record, sizeBytes: bytes.byteLength });
    });
  }

  async getDocument(documentId: string): Promise<StoredDocument | null> {
    const summary = await this.#readRecord(documentId);
    if (!summary) return null;
    let bytes: Buffer;
    try {
      bytes = await readFile(this.#path(documentId, 'pdf'));
    } catch (error) {
      // Deleted between reading the record and the bytes.
      if (isMissing(error)) return null;
      throw error;
    }
    const html = await readFile(this.#path(documentId, 'html'), 'utf8').catch((error: unknown) => {
      if (isMissing(error)) return null;
      throw error;
    });
    const { sizeBytes: _sizeBytes, ...document } = summary;
    return { ...document, bytes: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength), html };
  }

  async listDocuments(accountId: string): Promise<DocumentSummary[]> {
    const records = (await readJsonFiles(this.#dir)).map((record) => revive(record as DocumentFile));
    return records.filter((document) => document.accountId === accountId).sort(byCreation);
  }

  async updateDocumentData(documentId: string, data: Readonly<Record<string, unknown>>): Promise<DocumentSummary | null> {
    return this.#lock.run(documentId, async () => {
      const summary = await this.#readRecord(documentId);
      if (!summary) return null;
      const updated: DocumentSummary = { ...summary, data: structuredClone(data), updatedAt: this.#clock() };
      await this.#writeRecord(updated);
      return updated;
    });
  }

  async deleteDocument(documentId: string): Promise<void> {
    if (!isSafeId(documentId)) return;
    await this.#lock.run(documentId, async () => {
      await rm(this.#path(documentId, 'json'), { force: true });
      await rm(this.#path(documentId, 'pdf'), { force: true });
      await rm(this.#path(documentId, 'html'), { force: true });
    });
  }

  /** Readiness: the documents folder can be read and written. */
  ping(): Promise<void> {
    return pingFolder(this.#dir);
  }

  async #readRecord(documentId: string): Promise<DocumentSummary | null> {
    if (!isSafeId(documentId)) return null;
    const record = await readJsonFile(this.#path(documentId, 'json'));
    return record === null ? null : revive(record as DocumentFile);
  }

  async #writeRecord(summary: DocumentSummary): Promise<void> {
    await writeFileAtomic(this.#path(summary.id, 'json'), JSON.stringify(summary));
  }

  #path(documentId: string, extension: 'json' | 'pdf' | 'html'): string {
    return join(this.#dir, `${documentId}.${extension}`);
  }
}

function revive({ createdAt, updatedAt, ...rest }: DocumentFile): DocumentSummary {
  return { ...rest, createdAt: new Date(createdAt), ...(updatedAt === undefined ? {} : { updatedAt: new Date(updatedAt) }) };
}
