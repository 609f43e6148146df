// openPostgresStores: the three stores on one PostgreSQL database, checked to be migrated, with retention swept on a timer.
import type { BlobStore } from '../blobs/blob-store.js';
import { loadOptionalPeer } from '../optional-peer.js';
import { assertMigrated, DEFAULT_POSTGRES_SCHEMA } from './migrate-postgres.js';
import { checkSchemaName, type PgModule, type PgPool } from './pg-types.js';
import { PostgresDocumentStore, type DocumentRetention } from './postgres-document-store.js';
import { PostgresQuotaStore } from './postgres-quota-store.js';
import { PostgresTemplateStore } from './postgres-template-store.js';

export interface OpenPostgresStoresOptions {
  /** `postgres://user:password@host:5432/database`; needs the `pg` package. Or give `pool`. */
  readonly connectionString?: string;
  /** A `pg.Pool` of yours; `close()` leaves it open. */
  readonly pool?: PgPool;
  /** Connections in the pool made from `connectionString` (default 10). */
  readonly poolSize?: number;
  /** The schema the tables are in (default `pagesmith`). */
  readonly schema?: string;
  /** Where PDF bytes go instead of the database's `bytea` column. */
  readonly blobs?: BlobStore;
  /** How long a quota reservation holds without renewal (default 30 s); see PostgresQuotaStore. */
  readonly leaseMs?: number;
  /** Documents older than `maxAgeMs` are expired; `sweepEveryMs` (default 10 minutes) apart, they are deleted in batches. */
  readonly retention?: DocumentRetention & { readonly sweepEveryMs?: number };
  /** Source of record timestamps; defaults to the system clock. */
  readonly clock?: () => Date;
  /** Told of a retention sweep or idle connection that failed (default: nothing). */
  readonly onError?: (error: unknown) => void;
}

export interface PostgresStores {
  readonly templates: PostgresTemplateStore;
  readonly documents: PostgresDocumentStore;
  readonly quota: PostgresQuotaStore;
  readonly pool: PgPool;
  /** Stops the retention sweep and lease renewal, and ends the pool if it was made here. */
  close(): Promise<void>;
}

/**
 * For a server: connects (loading `pg`, an optional peer, when no pool is given), checks that the
 * schema has every migration (DatabaseNotMigratedError otherwise: run `pagesmith migrate`), and
 * returns the stores. Several processes, on several machines, may open the same database.
 */
export async function openPostgresStores(options: OpenPostgresStoresOptions): Promise<PostgresStores> {
  const schema = checkSchemaName(options.schema ?? DEFAULT_POSTGRES_SCHEMA);
  const onError = options.onError ?? (() => undefined);
  let pool: PgPool;
  let ownPool = false;
  if (options.pool) {
    pool = options.pool;
  } else {
    if (!options.connectionString) throw new Error('openPostgresStores needs connectionString or pool');
    pool = createPgPool(options.connectionString, options.poolSize ?? 10, 'openPostgresStores()', onError);
    ownPool = true;
  }
  try {
    await assertMigrated(pool, schema);
  } catch (error) {
    if (ownPool) await pool.end().catch(() => undefined);
    throw error;
  }
  const common = { pool, schema, ...(options.clock && { clock: options.clock }) };
  const templates = new PostgresTemplateStore(common);
  const documents = new PostgresDocumentStore({ ...common, ...(options.blobs && { blobs: options.blobs }), ...(options.retention && { retention: options.retention }) });
  const quota = new PostgresQuotaStore({ pool, schema, ...(options.leaseMs !== undefined && { leaseMs: options.leaseMs }) });

  let sweep: ReturnType<typeof setInterval> | undefined;
  if (options.retention) {
    const run = (): void => void documents.deleteExpired().catch(onError);
    sweep = setInterval(run, options.retention.sweepEveryMs ?? 10 * 60_000);
    sweep.unref();
    run();
  }
  return {
    templates,
    documents,
    quota,
    pool,
    async close() {
      if (sweep) clearInterval(sweep);
      quota.close();
      if (ownPool) await pool.end();
    },
  };
}

/**
 * A `pg.Pool` for `connectionString`, loading `pg` (MissingPeerDependencyError, naming `neededBy`,
 * when it is not installed). An idle connection the server drops is reported, not thrown.
 */
export function createPgPool(connectionString: string, max: number, neededBy: string, onError: (error: unknown) => void = () => undefined): PgPool {
  const pg = loadOptionalPeer<PgModule>('pg', neededBy);
  const pool = new pg.Pool({ connectionString, max, application_name: 'pagesmith' });
  pool.on('error', onError);
  return pool;
}
