// migratePostgres: applies the migrations a schema lacks, in one transaction, under a lock so that two processes migrating at once take turns.
import { DatabaseNotMigratedError } from './database-not-migrated-error.js';
import { checkSchemaName, inTransaction, quoteIdentifier, type PgPool, type PgQueryable } from './pg-types.js';
import { POSTGRES_SCHEMA_VERSION, postgresMigrations, type PostgresMigration } from './postgres-migrations.js';

export const DEFAULT_POSTGRES_SCHEMA = 'pagesmith';

export interface MigrateOptions {
  /** Where the tables live; created when missing. Default `pagesmith`. */
  readonly schema?: string;
}

export interface MigrationResult {
  /** The schema's version before: 0 for an empty schema. */
  readonly from: number;
  readonly to: number;
  /** The migrations run now; empty when the schema was up to date. */
  readonly applied: readonly PostgresMigration[];
}

/**
 * Runs each migration the schema lacks, as its SQL stands in `postgresMigrations`, with the schema
 * first on the `search_path`. Applying twice is a no-op.
 */
export async function migratePostgres(pool: PgPool, options: MigrateOptions = {}): Promise<MigrationResult> {
  const schema = checkSchemaName(options.schema ?? DEFAULT_POSTGRES_SCHEMA);
  return inTransaction(pool, async (client) => {
    // Two processes migrating at once: the second waits, then finds nothing left to do.
    await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`pagesmith migrate ${schema}`]);
    await client.query(`CREATE SCHEMA IF NOT EXISTS ${quoteIdentifier(schema)}`);
    await client.query(`SET LOCAL search_path TO ${quoteIdentifier(schema)}`);
    const from = await schemaVersion(client, schema);
    const applied = postgresMigrations.filter((migration) => migration.version > from);
    for (const migration of applied) await client.query(migration.sql);
    return { from, to: Math.max(from, POSTGRES_SCHEMA_VERSION), applied };
  });
}

/** The highest migration recorded in the schema; 0 when it has none (or does not exist). */
export async function schemaVersion(db: PgQueryable, schema: string): Promise<number> {
  const table = `${quoteIdentifier(checkSchemaName(schema))}.pagesmith_migrations`;
  const exists = await db.query<{ table: string | null }>('SELECT to_regclass($1)::text AS table', [table]);
  if (exists.rows[0]?.table == null) return 0;
  const version = await db.query<{ version: number | null }>(`SELECT max(version) AS version FROM ${table}`);
  return version.rows[0]?.version ?? 0;
}

/** Throws DatabaseNotMigratedError when the schema is older than these stores need. A newer one is accepted: migrations only add. */
export async function assertMigrated(db: PgQueryable, schema: string): Promise<void> {
  const version = await schemaVersion(db, schema);
  if (version < POSTGRES_SCHEMA_VERSION) throw new DatabaseNotMigratedError(schema, version, POSTGRES_SCHEMA_VERSION);
}

/**
 * The migrations as one SQL script for a team's own tool or psql: the schema made and put first on
 * the `search_path`, then each migration after `fromVersion` exactly as `migratePostgres` runs it.
 */
export function postgresMigrationScript(options: { readonly schema?: string; readonly fromVersion?: number } = {}): string {
  const schema = quoteIdentifier(checkSchemaName(options.schema ?? DEFAULT_POSTGRES_SCHEMA));
  const migrations = postgresMigrations.filter((migration) => migration.version > (options.fromVersion ?? 0));
  const body = migrations.map((migration) => migration.sql).join('\n');
  return `-- pagesmith schema migrations ${migrations.map((m) => m.version).join(', ') || '(none)'}; run in one transaction.\nBEGIN;\nCREATE SCHEMA IF NOT EXISTS ${schema};\nSET LOCAL search_path TO ${schema};\n${body}COMMIT;\n`;
}
