// What the PostgreSQL and Redis stores do beyond the shared contract: migrations (through the library and as exported SQL), retention in batches, leases that run out, month keys that expire.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { serviceUrl, testPostgres, testRedis } from '../testing/test-databases.js';
import {
  assertMigrated,
  DatabaseNotMigratedError,
  FsBlobStore,
  migratePostgres,
  openPostgresStores,
  POSTGRES_SCHEMA_VERSION,
  postgresMigrations,
  postgresMigrationScript,
  PostgresDocumentStore,
  PostgresQuotaStore,
  quotaPeriod,
  RedisQuotaStore,
  schemaVersion,
} from './index.js';
import type { QuotaStore, StoredDocument } from './types.js';

const databaseUrl = serviceUrl('DATABASE_URL', 'src/stores/shared-database.test.ts (PostgreSQL migrations, retention and leases)');
const redisUrl = serviceUrl('REDIS_URL', 'src/stores/shared-database.test.ts (Redis leases and key expiry)');
const postgres = databaseUrl === null ? null : testPostgres(databaseUrl);
const redis = redisUrl === null ? null : testRedis(redisUrl);
const scratch = mkdtempSync(join(tmpdir(), 'pagesmith-shared-db-'));
afterAll(async () => {
  await postgres?.close();
  await redis?.close();
  rmSync(scratch, { recursive: true, force: true });
});

const pdf = (text: string): Uint8Array => new TextEncoder().encode(`%PDF-1.7 ${text}`);
const document = (createdAt: Date, text: string): StoredDocument => ({
  id: `document-${randomUUID()}`,
  accountId: 'acct-retention',
  templateId: null,
  filename: `${text}.pdf`,
  bytes: pdf(text),
  createdAt,
});

describe.skipIf(postgres === null)('PostgreSQL migrations', () => {
  const pg = postgres!;

  it('apply once: a second run, or two at once, apply nothing more', async () => {
    const schema = pg.schemaName();
    const [first, second] = await Promise.all([migratePostgres(pg.pool, { schema }), migratePostgres(pg.pool, { schema })]);
    expect([first.applied.length, second.applied.length].sort()).toEqual([0, postgresMigrations.length]);
    expect(await migratePostgres(pg.pool, { schema })).toEqual({ from: POSTGRES_SCHEMA_VERSION, to: POSTGRES_SCHEMA_VERSION, applied: [] });
    expect(await schemaVersion(pg.pool, schema)).toBe(POSTGRES_SCHEMA_VERSION);
  });

  it('as exported SQL, run by another tool, leave a schema the stores accept', async () => {
    const schema = pg.schemaName();
    await pg.pool.query(postgresMigrationScript({ schema }));
    await expect(assertMigrated(pg.pool, schema)).resolves.toBeUndefined();
    const stores = await openPostgresStores({ pool: pg.pool, schema });
    const application = await stores.templates.createApplication({ accountId: 'acct-sql' });
    expect((await stores.templates.listApplications('acct-sql')).map((record) => record.id)).toEqual([application.id]);
    await stores.close();
    // Nothing left to apply, from either side.
    expect((await migratePostgres(pg.pool, { schema })).applied).toEqual([]);
    expect(postgresMigrationScript({ schema, fromVersion: POSTGRES_SCHEMA_VERSION })).not.toContain('CREATE TABLE');
  });

  it('bring a schema of an older release up to date, its documents kept without the HTML page images need', async () => {
    const schema = pg.schemaName();
    // The schema as release 2 left it, with a document in it.
    await pg.pool.query(`CREATE SCHEMA ${schema}; SET search_path TO ${schema}; ${postgresMigrations.slice(0, 2).map((migration) => migration.sql).join('\n')} RESET search_path;`);
    await pg.pool.query(`INSERT INTO ${schema}.documents (id, account_id, filename, size_bytes, pdf, created_at) VALUES ('document-old', 'acct-old', 'old.pdf', 4, '\\x25504446', now())`);
    expect((await migratePostgres(pg.pool, { schema })).applied.map((migration) => migration.name)).toEqual(['document-html']);
    const store = new PostgresDocumentStore({ pool: pg.pool, schema });
    const old = await store.getDocument('document-old');
    expect(old).toMatchObject({ id: 'document-old', html: null });
    expect([...(old?.bytes ?? [])]).toEqual([0x25, 0x50, 0x44, 0x46]);
  });

  it('are required before the stores open, with the command that applies them', async () => {
    const schema = pg.schemaName();
    const opening = openPostgresStores({ pool: pg.pool, schema });
    await expect(opening).rejects.toBeInstanceOf(DatabaseNotMigratedError);
    await expect(opening).rejects.toThrow(`pagesmith migrate --database-url <url> --database-schema ${schema}`);
  });
});

describe.skipIf(postgres === null)('PostgreSQL retention', () => {
  const pg = postgres!;

  it.each([
    { where: 'in the database', blobs: false },
    { where: 'in a folder', blobs: true },
  ])('hides expired documents at once and deletes them in batches, PDFs $where', async ({ blobs }) => {
    const schema = await pg.freshSchema();
    const dir = join(scratch, randomUUID());
    const now = new Date('2026-06-15T12:00:00Z');
    const store = new PostgresDocumentStore({
      pool: pg.pool,
      schema,
      clock: () => now,
      retention: { maxAgeMs: 86_400_000, batchSize: 2 },
      ...(blobs && { blobs: new FsBlobStore({ dir }) }),
    });
    const old = Array.from({ length: 5 }, (_, n) => document(new Date(now.getTime() - 2 * 86_400_000 - n * 1000), `old-${n}`));
    const fresh = document(new Date(now.getTime() - 1000), 'fresh');
    for (const saved of [...old, fresh]) await store.saveDocument(saved);
    if (blobs) expect(readdirSync(dir)).toHaveLength(6);

    expect(await store.getDocument(old[0]!.id)).toBeNull();
    expect((await store.listDocuments('acct-retention')).map((summary) => summary.id)).toEqual([fresh.id]);
    expect(await store.updateDocumentData(old[1]!.id, { a: 1 })).toBeNull();

    expect(await store.deleteExpired()).toBe(5);
    const rows = await pg.pool.query<{ id: string }>(`SELECT id FROM "${schema}".documents`);
    expect(rows.rows.map((row) => row.id)).toEqual([fresh.id]);
    if (blobs) expect(readdirSync(dir)).toEqual([`${fresh.id}.pdf`]);
    expect(Buffer.from((await store.getDocument(fresh.id))!.bytes).toString()).toBe('%PDF-1.7 fresh');
    expect(await store.deleteExpired()).toBe(0);
  });
});

const LEASE_MS = 1000;
const quotaBackends = [
  {
    name: 'PostgreSQL',
    skip: postgres === null,
    open: async (): Promise<() => PostgresQuotaStore> => {
      const schema = await postgres!.freshSchema();
      return () => new PostgresQuotaStore({ pool: postgres!.pool, schema, leaseMs: LEASE_MS });
    },
  },
  {
    name: 'Redis',
    skip: redis === null,
    open: async (): Promise<() => RedisQuotaStore> => {
      const keyPrefix = redis!.freshPrefix();
      return () => new RedisQuotaStore({ client: redis!.client, keyPrefix, leaseMs: LEASE_MS });
    },
  },
];

describe.each(quotaBackends)('$name quota leases', ({ skip, open }) => {
  it.skipIf(skip)('hold while their process renews them, and come back once it stops; a late commit still counts once', async () => {
    // Two stores on one database or Redis: two processes.
    const processes = await open();
    const [living, dying, other] = [processes(), processes(), processes()];
    const period = quotaPeriod(new Date());
    const held = await living.reserve('acct-lease', period, 3);
    const lost = [await dying.reserve('acct-lease', period, 3), await dying.reserve('acct-lease', period, 3)];
    expect(held).not.toBeNull();
    expect(lost).not.toContain(null);
    expect(await other.reserve('acct-lease', period, 3)).toBeNull();

    // The dying process stops renewing (as one killed would); the living one renews its own.
    dying.close();
    await waitFor(other, period, 1);
    await sleep(LEASE_MS * 2);
    expect(await other.usage('acct-lease', period)).toEqual({ used: 0, reserved: 1 });

    const taken = [await other.reserve('acct-lease', period, 3), await other.reserve('acct-lease', period, 3)];
    expect(taken).not.toContain(null);
    expect(await other.reserve('acct-lease', period, 3)).toBeNull();
    // A commit whose lease ran out still counts (the document was delivered), and only once.
    await dying.commit(lost[0]!);
    await dying.commit(lost[0]!);
    await living.commit(held!);
    for (const reservation of taken) await other.release(reservation!);
    expect(await other.usage('acct-lease', period)).toEqual({ used: 2, reserved: 0 });
    for (const store of [living, other]) store.close();
  });
});

describe.skipIf(redis === null)('Redis quota keys', () => {
  it('expire on their own, some weeks after their month ends', async () => {
    const keyPrefix = redis!.freshPrefix();
    const keepMs = 35 * 86_400_000;
    const store = new RedisQuotaStore({ client: redis!.client, keyPrefix });
    const period = quotaPeriod(new Date());
    const reservation = await store.reserve('acct-keys', period, 5);
    await store.commit(reservation!, 'document-1');
    const [year, month] = period.split('-').map(Number) as [number, number];
    const monthEnd = Date.UTC(year, month, 1);
    const keys = await redis!.client.keys(`${keyPrefix}quota:*`);
    expect(keys.sort()).toEqual([`${keyPrefix}quota:{${period}:acct-keys}:commits`, `${keyPrefix}quota:{${period}:acct-keys}:used`]);
    for (const key of keys) {
      const expiresAt = await redis!.client.pexpiretime(key);
      expect(expiresAt).toBe(monthEnd + keepMs);
    }
    store.close();
  });
});

/** Waits until the leases that ran out are gone and `reserved` live ones are left. */
async function waitFor(store: QuotaStore, period: string, reserved: number): Promise<void> {
  for (let tries = 0; (await store.usage('acct-lease', period)).reserved !== reserved; tries += 1) {
    if (tries > 200) throw new Error(`still not ${reserved} reservations`);
    await sleep(50);
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
