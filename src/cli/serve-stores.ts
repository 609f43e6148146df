// The stores `pagesmith serve` runs on: PostgreSQL (--database-url), quota in Redis (--redis-url), a locked folder (--data-dir), or memory.
import { resolve } from 'node:path';
import {
  createPgPool,
  FsBlobStore,
  openFsStores,
  openPostgresStores,
  openRedisQuotaStore,
  type DocumentStore,
  type FsRecovery,
  type QuotaStore,
  type TemplateStore,
} from '../stores/index.js';
import type { CliIo } from './cli-io.js';
import { wholeNumber } from './parse-command-line.js';

export interface ServeStoreFlags {
  readonly 'data-dir'?: string | undefined;
  readonly 'database-url'?: string | undefined;
  readonly 'database-schema'?: string | undefined;
  readonly 'redis-url'?: string | undefined;
  readonly 'quota-lease-ms'?: string | undefined;
  readonly 'blob-dir'?: string | undefined;
  readonly 'retention-days'?: string | undefined;
}

export interface ServeStores {
  /** Undefined fields are left to the service's in-memory defaults. */
  readonly templates?: TemplateStore;
  readonly documents?: DocumentStore;
  readonly quota?: QuotaStore;
  /** One line for the log: where records and the quota are kept. */
  readonly summary: string;
  close(): Promise<void>;
}

/** A usage problem (exit 2). */
export class StoreUsageError extends Error {}

const DAY_MS = 86_400_000;

/**
 * Opens what the flags and environment ask for. Throws StoreUsageError for flags that do not go
 * together, and anything else (a locked folder, an unmigrated database, a missing peer, a server
 * that does not answer) as the reason serve cannot start.
 */
export async function openServeStores(flags: ServeStoreFlags, io: CliIo, onError: (error: unknown) => void): Promise<ServeStores> {
  const databaseUrl = flags['database-url'] ?? nonEmpty(io.env['DATABASE_URL']);
  const redisUrl = flags['redis-url'] ?? nonEmpty(io.env['REDIS_URL']);
  const schema = flags['database-schema'] ?? nonEmpty(io.env['PAGESMITH_DATABASE_SCHEMA']);
  const leaseMs = flags['quota-lease-ms'] === undefined ? undefined : wholeNumber(flags['quota-lease-ms']);
  if (leaseMs === null || (leaseMs !== undefined && leaseMs < 300)) throw new StoreUsageError(`--quota-lease-ms must be a whole number from 300, not ${flags['quota-lease-ms']}`);
  const retentionDays = flags['retention-days'] === undefined ? undefined : wholeNumber(flags['retention-days']);
  if (retentionDays === null || retentionDays === 0) throw new StoreUsageError(`--retention-days must be a whole number from 1, not ${flags['retention-days']}`);

  if (databaseUrl !== undefined && flags['data-dir'] !== undefined) {
    throw new StoreUsageError(`--data-dir and ${flags['database-url'] === undefined ? 'DATABASE_URL' : '--database-url'} both say where records go; give one`);
  }
  if (databaseUrl === undefined) {
    for (const flag of ['database-schema', 'blob-dir', 'retention-days'] as const) {
      if (flags[flag] !== undefined) throw new StoreUsageError(`--${flag} needs --database-url (or DATABASE_URL)`);
    }
    if (leaseMs !== undefined && redisUrl === undefined) throw new StoreUsageError('--quota-lease-ms needs --database-url or --redis-url');
  }

  const closers: (() => Promise<void>)[] = [];
  const close = async (): Promise<void> => {
    for (const closeOne of closers.reverse()) await closeOne().catch(onError);
  };
  try {
    let records: Pick<ServeStores, 'templates' | 'documents' | 'quota'> = {};
    let where = 'in memory';
    if (databaseUrl !== undefined) {
      const pool = createPgPool(databaseUrl, 10, 'pagesmith serve --database-url', onError);
      closers.push(() => pool.end());
      const stores = await openPostgresStores({
        pool,
        ...(schema !== undefined && { schema }),
        ...(leaseMs !== undefined && { leaseMs }),
        ...(flags['blob-dir'] !== undefined && { blobs: new FsBlobStore({ dir: resolve(io.cwd, flags['blob-dir']) }) }),
        ...(retentionDays !== undefined && { retention: { maxAgeMs: retentionDays * DAY_MS } }),
        onError,
      });
      closers.push(() => stores.close());
      records = { templates: stores.templates, documents: stores.documents, quota: stores.quota };
      where = `in PostgreSQL (schema ${schema ?? 'pagesmith'}${flags['blob-dir'] === undefined ? '' : `, PDFs in ${resolve(io.cwd, flags['blob-dir'])}`})`;
    } else if (flags['data-dir'] !== undefined) {
      // One process per data folder: lock it, and put right what a crash left, before taking any request.
      const dataDir = resolve(io.cwd, flags['data-dir']);
      const stores = await openFsStores({ dir: dataDir });
      closers.push(() => stores.close());
      const recovered = describeRecovery(stores.recovery);
      if (recovered) io.stderr.write(`pagesmith serve: recovered ${dataDir} after an unclean stop: ${recovered}\n`);
      records = stores;
      where = `in ${dataDir}`;
    }
    let quotaWhere = 'with them';
    if (redisUrl !== undefined) {
      const redis = await openRedisQuotaStore({ url: redisUrl, ...(leaseMs !== undefined && { leaseMs }) }, 'pagesmith serve --redis-url');
      closers.push(() => redis.close());
      records = { ...records, quota: redis.quota };
      quotaWhere = 'in Redis';
    }
    return { ...records, summary: `records ${where}, quota ${quotaWhere}`, close };
  } catch (error) {
    await close();
    throw error;
  }
}

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value === '' ? undefined : value;
}

function describeRecovery(recovery: FsRecovery): string {
  const parts: [number, string, string][] = [
    [recovery.temporaryFiles, 'removed 1 temporary file', 'removed # temporary files'],
    [recovery.pdfsWithoutRecord, 'removed 1 PDF without a record', 'removed # PDFs without a record'],
    [recovery.recordsWithoutPdf, 'removed 1 document record without its PDF', 'removed # document records without their PDFs'],
    [recovery.tornJournalLines, 'cut 1 torn quota line', 'cut # torn quota lines'],
    [recovery.documentsCounted, 'counted 1 stored document the quota had missed', 'counted # stored documents the quota had missed'],
  ];
  return parts
    .filter(([count]) => count > 0)
    .map(([count, one, many]) => (count === 1 ? one : many.replace('#', String(count))))
    .join(', ');
}
