// PostgreSQL stores: templates, documents and quota on one database shared by every pagesmith process.
export { PostgresTemplateStore } from './postgres-template-store.js';
export type { PostgresStoreOptions } from './postgres-template-store.js';
export { PostgresDocumentStore } from './postgres-document-store.js';
export type { DocumentRetention, PostgresDocumentStoreOptions } from './postgres-document-store.js';
export { PostgresQuotaStore } from './postgres-quota-store.js';
export type { PostgresQuotaStoreOptions } from './postgres-quota-store.js';
export { createPgPool, openPostgresStores } from './open-postgres-stores.js';
export type { OpenPostgresStoresOptions, PostgresStores } from './open-postgres-stores.js';
export { assertMigrated, DEFAULT_POSTGRES_SCHEMA, migratePostgres, postgresMigrationScript, schemaVersion } from './migrate-postgres.js';
export type { MigrateOptions, MigrationResult } from './migrate-postgres.js';
export { POSTGRES_SCHEMA_VERSION, postgresMigrations } from './postgres-migrations.js';
export type { PostgresMigration } from './postgres-migrations.js';
export { DatabaseNotMigratedError } from './database-not-migrated-error.js';
export type { PgPool, PgPoolClient, PgQueryable, PgQueryResult } from './pg-types.js';
