// Store contracts and their in-memory and file-backed implementations.
export type {
  ApplicationPatch,
  ApplicationRecord,
  ContentType,
  DocumentStore,
  DocumentSummary,
  NewApplication,
  NewTemplate,
  QuotaReservation,
  QuotaStore,
  QuotaUsage,
  StoredDocument,
  TemplatePatch,
  TemplateQuery,
  TemplateRecord,
  TemplateStore,
} from './types.js';
export { MemoryTemplateStore } from './memory-template-store.js';
export type { MemoryStoreOptions } from './memory-template-store.js';
export { MemoryDocumentStore } from './memory-document-store.js';
export { MemoryQuotaStore } from './memory-quota-store.js';
export { newApplicationId, newDocumentId, newTemplateId } from './ids.js';
export { quotaPeriod } from './quota-period.js';
export {
  createFsStores,
  DataFolderInUseError,
  FsDocumentStore,
  FsQuotaStore,
  FsTemplateStore,
  LOCK_FILE,
  lockFolder,
  openFsStores,
  recoverFsFolder,
} from './fs/index.js';
export type { FolderHolder, FolderLock, FsRecovery, FsStoreOptions, FsStores, OpenFsStores } from './fs/index.js';
export type { BlobStore, FsBlobStoreOptions } from './blobs/index.js';
export { FsBlobStore } from './blobs/index.js';
export {
  assertMigrated,
  createPgPool,
  DatabaseNotMigratedError,
  DEFAULT_POSTGRES_SCHEMA,
  migratePostgres,
  openPostgresStores,
  POSTGRES_SCHEMA_VERSION,
  PostgresDocumentStore,
  postgresMigrations,
  postgresMigrationScript,
  PostgresQuotaStore,
  PostgresTemplateStore,
  schemaVersion,
} from './postgres/index.js';
export type {
  DocumentRetention,
  MigrateOptions,
  MigrationResult,
  OpenPostgresStoresOptions,
  PgPool,
  PgPoolClient,
  PgQueryable,
  PgQueryResult,
  PostgresDocumentStoreOptions,
  PostgresMigration,
  PostgresQuotaStoreOptions,
  PostgresStoreOptions,
  PostgresStores,
} from './postgres/index.js';
export { openRedisQuotaStore, RedisQuotaStore } from './redis/index.js';
export type { OpenRedisQuotaStoreOptions, RedisClient, RedisQuota, RedisQuotaStoreOptions } from './redis/index.js';
export { DEFAULT_LEASE_MS } from './lease-keeper.js';
