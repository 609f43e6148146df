// PostgreSQL DocumentStore: records as rows (with the HTML printed, when kept), PDF bytes in the row (bytea) or in a BlobStore; expired documents vanish at once and are deleted in bounded batches.
import type { BlobStore } from '../blobs/blob-store.js';
import type { DocumentStore, DocumentSummary, StoredDocument } from '../types.js';
import { DEFAULT_POSTGRES_SCHEMA } from './migrate-postgres.js';
import { checkSchemaName, quoteIdentifier, type PgQueryable } from './pg-types.js';
import { isQueryableId, type PostgresStoreOptions } from './postgres-template-store.js';

export interface DocumentRetention {
  /** Documents older than this (by `createdAt`) are expired: no longer returned, and deleted by `deleteExpired`. */
  readonly maxAgeMs: number;
  /** Rows one delete statement removes at most (default 500), so a sweep never holds many locks or a long transaction. */
  readonly batchSize?: number;
}

export interface PostgresDocumentStoreOptions extends PostgresStoreOptions {
  /** Where PDF bytes go instead of the `pdf` column (e.g. `new FsBlobStore({ dir })`). Default: the database. */
  readonly blobs?: BlobStore;
  /** Default: documents are kept until deleted. */
  readonly retention?: DocumentRetention;
}

interface SummaryRow {
  id: string;
  account_id: string;
  template_id: string | null;
  filename: string;
  size_bytes: number;
  data: Record<string, unknown> | null;
  created_at: Date;
  updated_at: Date | null;
}

interface DocumentRow extends SummaryRow {
  pdf: Buffer | null;
  html: string | null;
}

const SUMMARY_COLUMNS = 'id, account_id, template_id, filename, size_bytes, data, created_at, updated_at';
export const DEFAULT_RETENTION_BATCH = 500;

export class PostgresDocumentStore implements DocumentStore {
  readonly #db: PgQueryable;
  readonly #clock: () => Date;
  readonly #blobs: BlobStore | undefined;
  readonly #retention: { readonly maxAgeMs: number; readonly batchSize: number } | undefined;
  readonly #documents: string;

  constructor(options: PostgresDocumentStoreOptions) {
    this.#db = options.pool;
    this.#clock = options.clock ?? (() => new Date());
    this.#blobs = options.blobs;
    if (options.retention) {
      const { maxAgeMs, batchSize = DEFAULT_RETENTION_BATCH } = options.retention;
      if (!(maxAgeMs > 0)) throw new Error(`retention.maxAgeMs must be above 0, not ${maxAgeMs}`);
      if (!Number.isInteger(batchSize) || batchSize < 1) throw new Error(`retention.batchSize must be a whole number from 1, not ${batchSize}`);
      this.#retention = { maxAgeMs, batchSize };
    }
    this.#documents = `${quoteIdentifier(checkSchemaName(options.schema ?? DEFAULT_POSTGRES_SCHEMA))}.documents`;
  }

  async saveDocument(document: StoredDocument): Promise<void> {
    const bytes = document.bytes;
    // The bytes first, the row last: the row's presence is the commit, so a row never names missing bytes.
    if (this.#blobs) await this.#blobs.put(document.id, bytes);
    try {
      await this.#db.query(
        `INSERT INTO ${this.#documents} (id, account_id, template_id, filename, size_bytes, pdf, data, created_at, updated_at, html)
         VALUES ($1, $2, $3, $4, $5, $6, $7::json, $8, $9, $10)
         ON CONFLICT (id) DO UPDATE SET account_id = EXCLUDED.account_id, template_id = EXCLUDED.template_id, filename = EXCLUDED.filename,
           size_bytes = EXCLUDED.size_bytes, pdf = EXCLUDED.pdf, data = EXCLUDED.data, created_at = EXCLUDED.created_at, updated_at = EXCLUDED.updated_at,
           html = EXCLUDED.html`,
        [
          document.id,
          document.accountId,
          document.templateId,
          document.filename,
          bytes.byteLength,
          this.#blobs ? null : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
          document.data === undefined || document.data === null ? null : JSON.stringify(document.data),
          document.createdAt,
          document.updatedAt ?? null,
          document.html ?? null,
        ],
      );
    } catch (error) {
      if (this.#blobs) await this.#blobs.delete(document.id).catch(() => undefined);
      throw error;
    }
  }

  async getDocument(documentId: string): Promise<StoredDocument | null> {
    if (!isQueryableId(documentId)) return null;
    const [clause, values] = this.#unexpired(2);
    const result = await this.#db.query<DocumentRow>(`SELECT ${SUMMARY_COLUMNS}, pdf, html FROM ${this.#documents} WHERE id = $1${clause}`, [documentId, ...values]);
    const row = result.rows[0];
    if (!row) return null;
    // Bytes kept in the row win: documents saved before a blob store was configured stay readable.
    const bytes = row.pdf ?? (this.#blobs ? await this.#blobs.get(row.id) : null);
    if (!bytes) return null;
    const { sizeBytes: _sizeBytes, ...rest } = summary(row);
    return { ...rest, bytes: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength), html: row.html };
  }

  async listDocuments(accountId: string): Promise<DocumentSummary[]> {
    const [clause, values] = this.#unexpired(2);
    const result = await this.#db.query<SummaryRow>(
      `SELECT ${SUMMARY_COLUMNS} FROM ${this.#documents} WHERE account_id = $1${clause} ORDER BY created_at, id`,
      [accountId, ...values],
    );
    return result.rows.map(summary);
  }

  async updateDocumentData(documentId: string, data: Readonly<Record<string, unknown>>): Promise<DocumentSummary | null> {
    if (!isQueryableId(documentId)) return null;
    const [clause, values] = this.#unexpired(4);
    const result = await this.#db.query<SummaryRow>(
      `UPDATE ${this.#documents} SET data = $2::json, updated_at = $3 WHERE id = $1${clause} RETURNING ${SUMMARY_COLUMNS}`,
      [documentId, JSON.stringify(data), this.#clock(), ...values],
    );
    return result.rows[0] ? summary(result.rows[0]) : null;
  }

  async deleteDocument(documentId: string): Promise<void> {
    if (!isQueryableId(documentId)) return;
    const result = await this.#db.query<{ id: string; external: boolean }>(`DELETE FROM ${this.#documents} WHERE id = $1 RETURNING id, pdf IS NULL AS external`, [documentId]);
    await this.#deleteBlobs(result.rows);
  }

  /**
   * Deletes the documents retention has expired, oldest first, `batchSize` rows a statement, until
   * none is left; resolves to how many went. Several processes may sweep at once: each skips rows
   * another is deleting. Without `retention` it deletes nothing.
   */
  async deleteExpired(): Promise<number> {
    if (!this.#retention) return 0;
    const cutoff = new Date(this.#clock().getTime() - this.#retention.maxAgeMs);
    let deleted = 0;
    for (;;) {
      const result = await this.#db.query<{ id: string; external: boolean }>(
        `DELETE FROM ${this.#documents} WHERE id IN (
           SELECT id FROM ${this.#documents} WHERE created_at < $1 ORDER BY created_at LIMIT $2 FOR UPDATE SKIP LOCKED
         ) RETURNING id, pdf IS NULL AS external`,
        [cutoff, this.#retention.batchSize],
      );
      await this.#deleteBlobs(result.rows);
      deleted += result.rows.length;
      if (result.rows.length < this.#retention.batchSize) return deleted;
    }
  }

  /** Readiness: the database answers and the table is there. */
  async ping(): Promise<void> {
    await this.#db.query(`SELECT 1 FROM ${this.#documents} LIMIT 1`);
  }

  /** With retention, the condition that hides expired documents, its parameter numbered `index`. */
  #unexpired(index: number): [string, unknown[]] {
    if (!this.#retention) return ['', []];
    return [` AND created_at >= $${index}`, [new Date(this.#clock().getTime() - this.#retention.maxAgeMs)]];
  }

  async #deleteBlobs(rows: readonly { id: string; external: boolean }[]): Promise<void> {
    if (!this.#blobs) return;
    const blobs = this.#blobs;
    await Promise.all(rows.filter((row) => row.external).map((row) => blobs.delete(row.id)));
  }
}

function summary(row: SummaryRow): DocumentSummary {
  return {
    id: row.id,
    accountId: row.account_id,
    templateId: row.template_id,
    filename: row.filename,
    sizeBytes: row.size_bytes,
    data: row.data,
    createdAt: row.created_at,
    ...(row.updated_at === null ? {} : { updatedAt: row.updated_at }),
  };
}
