// One suite every store implementation runs; add a row to IMPLEMENTATIONS for a new store.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { serviceUrl, testPostgres, testRedis } from '../testing/test-databases.js';
import {
  FsBlobStore,
  FsDocumentStore,
  FsQuotaStore,
  FsTemplateStore,
  MemoryDocumentStore,
  MemoryQuotaStore,
  MemoryTemplateStore,
  PostgresDocumentStore,
  PostgresQuotaStore,
  PostgresTemplateStore,
  RedisQuotaStore,
} from './index.js';
import type { DocumentStore, QuotaStore, TemplateStore } from './types.js';

/** A store that is left out runs none of that store's tests. */
interface Implementation {
  readonly name: string;
  templates?(): Promise<TemplateStore> | TemplateStore;
  documents?(): Promise<DocumentStore> | DocumentStore;
  quota?(): Promise<QuotaStore> | QuotaStore;
}

// PostgreSQL and Redis rows when DATABASE_URL and REDIS_URL are set (always in CI); each store gets
// a migrated schema or a key prefix of its own, so tests never see each other's records.
const databaseUrl = serviceUrl('DATABASE_URL', 'the postgres rows of src/stores/common.case.test.ts');
const redisUrl = serviceUrl('REDIS_URL', 'the redis quota row of src/stores/common.case.test.ts');
const postgres = databaseUrl === null ? null : testPostgres(databaseUrl);
const redis = redisUrl === null ? null : testRedis(redisUrl);
const leaseHolders: { close(): void }[] = [];
function closing<T extends { close(): void }>(store: T): T {
  leaseHolders.push(store);
  return store;
}
afterAll(async () => {
  for (const store of leaseHolders) store.close();
  await postgres?.close();
  await redis?.close();
});

const IMPLEMENTATIONS: readonly Implementation[] = [
  {
    name: 'memory',
    templates: () => new MemoryTemplateStore(),
    documents: () => new MemoryDocumentStore(),
    quota: () => new MemoryQuotaStore(),
  },
  {
    name: 'fs',
    templates: () => new FsTemplateStore({ dir: freshDir() }),
    documents: () => new FsDocumentStore({ dir: freshDir() }),
    quota: () => new FsQuotaStore({ dir: freshDir() }),
  },
  ...(postgres === null
    ? []
    : [
        {
          name: 'postgres',
          templates: async () => new PostgresTemplateStore({ pool: postgres.pool, schema: await postgres.freshSchema() }),
          documents: async () => new PostgresDocumentStore({ pool: postgres.pool, schema: await postgres.freshSchema() }),
          quota: async () => closing(new PostgresQuotaStore({ pool: postgres.pool, schema: await postgres.freshSchema() })),
        },
        {
          name: 'postgres with PDFs in a folder',
          documents: async () => new PostgresDocumentStore({ pool: postgres.pool, schema: await postgres.freshSchema(), blobs: new FsBlobStore({ dir: freshDir() }) }),
        },
      ]),
  ...(redis === null ? [] : [{ name: 'redis', quota: () => closing(new RedisQuotaStore({ client: redis.client, keyPrefix: redis.freshPrefix() })) }]),
];

const scratch = mkdtempSync(join(tmpdir(), 'pagesmith-stores-'));
let dirs = 0;
/** A new empty folder per store, so tests never see each other's records. */
function freshDir(): string {
  dirs += 1;
  return join(scratch, String(dirs));
}
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe.each(IMPLEMENTATIONS)('$name stores', (implementation) => {
  if (implementation.templates) describe('TemplateStore', () => {
    const templates = (): Promise<TemplateStore> => Promise.resolve(implementation.templates!());
    it('creates applications with app- ids, active by default, owned by an account', async () => {
      const store = await templates();
      const application = await store.createApplication({ accountId: 'acct-1', name: 'Billing' });
      expect(application.id).toMatch(/^app-/);
      expect(application.id.slice('app-'.length)).toMatch(ID);
      expect(application).toMatchObject({ accountId: 'acct-1', name: 'Billing', isActive: true });
      expect(await store.getApplication(application.id)).toEqual(application);
      expect(await store.getApplication('app-missing')).toBeNull();
    });

    it('creates templates under an application, taking its account', async () => {
      const store = await templates();
      const application = await store.createApplication({ accountId: 'acct-1' });
      const template = await store.createTemplate({ applicationId: application.id, content: '<p>{{ x }}</p>', extraCss: 'p{}' });
      expect(template.id).toMatch(/^template-/);
      expect(template.id.slice('template-'.length)).toMatch(ID);
      expect(template).toMatchObject({
        applicationId: application.id,
        accountId: 'acct-1',
        content: '<p>{{ x }}</p>',
        contentType: 'html',
        extraCss: 'p{}',
        isActive: true,
      });
      expect(await store.getTemplate(template.id)).toEqual(template);
    });

    it('refuses a template for an application that does not exist', async () => {
      const store = await templates();
      await expect(store.createTemplate({ applicationId: 'app-nope', content: 'x' })).rejects.toThrow();
    });

    it('flips active flags', async () => {
      const store = await templates();
      const application = await store.createApplication({ accountId: 'a', isActive: false });
      expect(application.isActive).toBe(false);
      await store.setApplicationActive(application.id, true);
      expect((await store.getApplication(application.id))?.isActive).toBe(true);
      const template = await store.createTemplate({ applicationId: application.id, content: 'x', contentType: 'markdown' });
      await store.setTemplateActive(template.id, false);
      expect(await store.getTemplate(template.id)).toMatchObject({ isActive: false, contentType: 'markdown' });
    });

    it('keeps descriptions and names, stamping created and updated times', async () => {
      const store = await templates();
      const application = await store.createApplication({ accountId: 'a', name: 'Billing', description: 'Invoices' });
      expect(application).toMatchObject({ name: 'Billing', description: 'Invoices' });
      expect(application.createdAt).toBeInstanceOf(Date);
      expect(application.updatedAt.getTime()).toBe(application.createdAt.getTime());
      const bare = await store.createApplication({ accountId: 'a' });
      expect(bare.description).toBe('');
      const template = await store.createTemplate({ applicationId: application.id, name: 'Invoice', content: 'x' });
      expect(template).toMatchObject({ name: 'Invoice' });
      expect(template.updatedAt).toBeInstanceOf(Date);
      expect(await store.getApplication(application.id)).toEqual(application);
      expect(await store.getTemplate(template.id)).toEqual(template);
    });

    it('lists an account’s applications and templates, oldest first', async () => {
      const store = await templates();
      const first = await store.createApplication({ accountId: 'a', name: 'one' });
      const second = await store.createApplication({ accountId: 'a', name: 'two' });
      await store.createApplication({ accountId: 'b', name: 'theirs' });
      expect((await store.listApplications('a')).map((application) => application.id).sort()).toEqual([first.id, second.id].sort());
      expect(await store.listApplications('nobody')).toEqual([]);
      const t1 = await store.createTemplate({ applicationId: first.id, content: '1' });
      const t2 = await store.createTemplate({ applicationId: second.id, content: '2' });
      expect((await store.listTemplates({ accountId: 'a' })).map((template) => template.id).sort()).toEqual([t1.id, t2.id].sort());
      expect((await store.listTemplates({ accountId: 'a', applicationId: second.id })).map((template) => template.id)).toEqual([t2.id]);
      expect(await store.listTemplates({ accountId: 'b' })).toEqual([]);
    });

    it('updates only the fields a patch names', async () => {
      const store = await templates();
      const application = await store.createApplication({ accountId: 'a', name: 'old', description: 'd' });
      const renamed = await store.updateApplication(application.id, { name: 'new' });
      expect(renamed).toMatchObject({ id: application.id, accountId: 'a', name: 'new', description: 'd', isActive: true });
      expect(await store.getApplication(application.id)).toEqual(renamed);
      expect(await store.updateApplication('app-missing', { name: 'x' })).toBeNull();

      const template = await store.createTemplate({ applicationId: application.id, content: 'a', extraCss: 'p{}' });
      const updated = await store.updateTemplate(template.id, { content: 'b', contentType: 'markdown', isActive: false });
      expect(updated).toMatchObject({ content: 'b', contentType: 'markdown', isActive: false, extraCss: 'p{}', name: template.name });
      expect(await store.updateTemplate(template.id, { extraCss: null })).toMatchObject({ extraCss: null, content: 'b' });
      expect(await store.getTemplate(template.id)).toMatchObject({ extraCss: null, content: 'b' });
      expect(await store.updateTemplate('template-missing', { content: 'x' })).toBeNull();
    });

    it('keeps a template language, null when none was named, until a patch changes or clears it', async () => {
      const store = await templates();
      const application = await store.createApplication({ accountId: 'a' });
      const unnamed = await store.createTemplate({ applicationId: application.id, content: 'x' });
      expect(unnamed.templateLanguage ?? null).toBeNull();
      const named = await store.createTemplate({ applicationId: application.id, content: 'x', templateLanguage: 'liquid' });
      expect(await store.getTemplate(named.id)).toMatchObject({ templateLanguage: 'liquid' });
      expect(await store.updateTemplate(named.id, { content: 'y' })).toMatchObject({ templateLanguage: 'liquid', content: 'y' });
      expect(await store.updateTemplate(named.id, { templateLanguage: 'jinja' })).toMatchObject({ templateLanguage: 'jinja' });
      expect(await store.updateTemplate(named.id, { templateLanguage: null })).toMatchObject({ templateLanguage: null });
      expect(await store.getTemplate(named.id)).toMatchObject({ templateLanguage: null, content: 'y' });
    });

    it('keeps concurrent patches to one template, none lost', async () => {
      const store = await templates();
      const application = await store.createApplication({ accountId: 'a' });
      const template = await store.createTemplate({ applicationId: application.id, content: 'x' });
      await Promise.all([store.updateTemplate(template.id, { name: 'n' }), store.updateTemplate(template.id, { content: 'c' }), store.updateTemplate(template.id, { isActive: false })]);
      expect(await store.getTemplate(template.id)).toMatchObject({ name: 'n', content: 'c', isActive: false });
    });

    it('deletes an application with its templates', async () => {
      const store = await templates();
      const application = await store.createApplication({ accountId: 'a' });
      const other = await store.createApplication({ accountId: 'a' });
      const template = await store.createTemplate({ applicationId: application.id, content: 'x' });
      const kept = await store.createTemplate({ applicationId: other.id, content: 'y' });
      await store.deleteApplication(application.id);
      await store.deleteApplication(application.id);
      expect(await store.getApplication(application.id)).toBeNull();
      expect(await store.getTemplate(template.id)).toBeNull();
      expect(await store.getTemplate(kept.id)).toEqual(kept);
    });

    it('answers ids that could not name a record with nothing', async () => {
      const store = await templates();
      for (const id of ['../x', 'a/b', '', '.', 'app-1.json', 'x\\y']) {
        expect(await store.getApplication(id)).toBeNull();
        expect(await store.getTemplate(id)).toBeNull();
      }
    });

    it('forgets deleted templates', async () => {
      const store = await templates();
      const application = await store.createApplication({ accountId: 'a' });
      const template = await store.createTemplate({ applicationId: application.id, content: 'x' });
      await store.deleteTemplate(template.id);
      expect(await store.getTemplate(template.id)).toBeNull();
    });
  });

  if (implementation.documents) describe('DocumentStore', () => {
    const documents = (): Promise<DocumentStore> => Promise.resolve(implementation.documents!());
    it('saves, returns and deletes documents by id', async () => {
      const store = await documents();
      const bytes = new Uint8Array([37, 80, 68, 70]);
      const document = {
        id: 'document-1',
        accountId: 'acct-1',
        templateId: null,
        filename: 'file_20260101_000000_abcdef01.pdf',
        bytes,
        createdAt: new Date('2026-01-01T00:00:00Z'),
      };
      await store.saveDocument(document);
      bytes[0] = 0;
      const stored = await store.getDocument('document-1');
      expect(stored).toMatchObject({ id: 'document-1', accountId: 'acct-1', templateId: null, filename: document.filename });
      expect([...(stored?.bytes ?? [])]).toEqual([37, 80, 68, 70]);
      await store.deleteDocument('document-1');
      expect(await store.getDocument('document-1')).toBeNull();
    });

    it('lists an account’s documents without bytes and replaces their data only', async () => {
      const store = await documents();
      const base = { templateId: 'template-1', filename: 'f.pdf', createdAt: new Date('2026-01-01T00:00:00Z') };
      await store.saveDocument({ ...base, id: 'document-a', accountId: 'acct-1', bytes: new Uint8Array(7), data: { n: 1 } });
      await store.saveDocument({ ...base, id: 'document-b', accountId: 'acct-2', bytes: new Uint8Array(3) });
      const listed = await store.listDocuments('acct-1');
      expect(listed).toHaveLength(1);
      expect(listed[0]).toMatchObject({ id: 'document-a', accountId: 'acct-1', sizeBytes: 7, data: { n: 1 }, templateId: 'template-1' });
      expect(listed[0]).not.toHaveProperty('bytes');

      const updated = await store.updateDocumentData('document-a', { n: 2, nested: { ok: true } });
      expect(updated).toMatchObject({ id: 'document-a', sizeBytes: 7, data: { n: 2, nested: { ok: true } } });
      expect(updated?.updatedAt).toBeInstanceOf(Date);
      const stored = await store.getDocument('document-a');
      expect(stored?.data).toEqual({ n: 2, nested: { ok: true } });
      expect(stored?.bytes.byteLength).toBe(7);
      expect(await store.updateDocumentData('document-missing', {})).toBeNull();
      expect(await store.getDocument('../document-a')).toBeNull();
    });

    it('keeps the HTML a document was printed from, out of listings, and nothing when none is given', async () => {
      const store = await documents();
      const base = { accountId: 'acct-1', templateId: null, filename: 'f.pdf', createdAt: new Date('2026-01-01T00:00:00Z') };
      const html = '<!doctype html><style>p{color:red}</style><p>Ünïcode “quotes” 𝄞</p>';
      await store.saveDocument({ ...base, id: 'document-kept', bytes: new Uint8Array(5), html });
      await store.saveDocument({ ...base, id: 'document-none', bytes: new Uint8Array(5), html: null });
      await store.saveDocument({ ...base, id: 'document-older', bytes: new Uint8Array(5) });
      expect((await store.getDocument('document-kept'))?.html).toBe(html);
      expect((await store.getDocument('document-none'))?.html ?? null).toBeNull();
      expect((await store.getDocument('document-older'))?.html ?? null).toBeNull();
      for (const listed of await store.listDocuments('acct-1')) expect(listed).not.toHaveProperty('html');
      // Changing the kept data leaves the HTML as printed; saving again without it forgets it.
      expect(await store.updateDocumentData('document-kept', { n: 1 })).not.toHaveProperty('html');
      expect((await store.getDocument('document-kept'))?.html).toBe(html);
      await store.saveDocument({ ...base, id: 'document-kept', bytes: new Uint8Array(5), html: null });
      expect((await store.getDocument('document-kept'))?.html ?? null).toBeNull();
      await store.deleteDocument('document-kept');
      expect(await store.getDocument('document-kept')).toBeNull();
    });
  });

  if (implementation.quota) describe('QuotaStore', () => {
    const quota = (): Promise<QuotaStore> => Promise.resolve(implementation.quota!());
    it('reserves up to the limit, counting reservations in flight', async () => {
      const store = await quota();
      const first = await store.reserve('a', '2026-01', 2);
      const second = await store.reserve('a', '2026-01', 2);
      expect(first).not.toBeNull();
      expect(second).not.toBeNull();
      expect(await store.reserve('a', '2026-01', 2)).toBeNull();
      expect(await store.usage('a', '2026-01')).toEqual({ used: 0, reserved: 2 });
    });

    it('commits into used and releases back, each only once', async () => {
      const store = await quota();
      const kept = await store.reserve('a', '2026-01', 2);
      const dropped = await store.reserve('a', '2026-01', 2);
      if (!kept || !dropped) throw new Error('expected reservations');
      await store.commit(kept);
      await store.commit(kept);
      await store.release(dropped);
      await store.release(dropped);
      await store.release(kept);
      expect(await store.usage('a', '2026-01')).toEqual({ used: 1, reserved: 0 });
      expect(await store.reserve('a', '2026-01', 2)).not.toBeNull();
      expect(await store.reserve('a', '2026-01', 2)).toBeNull();
    });

    it('counts accounts and periods apart', async () => {
      const store = await quota();
      const january = await store.reserve('a', '2026-01', 1);
      if (!january) throw new Error('expected a reservation');
      await store.commit(january);
      expect(await store.reserve('a', '2026-01', 1)).toBeNull();
      expect(await store.reserve('a', '2026-02', 1)).not.toBeNull();
      expect(await store.reserve('b', '2026-01', 1)).not.toBeNull();
      expect(await store.usage('c', '2026-01')).toEqual({ used: 0, reserved: 0 });
    });

    it('never grants more than the limit to concurrent reservations', async () => {
      const store = await quota();
      const results = await Promise.all(Array.from({ length: 100 }, () => store.reserve('a', '2026-01', 37)));
      expect(results.filter((result) => result !== null)).toHaveLength(37);
      expect(new Set(results.filter((result) => result !== null).map((result) => result?.id)).size).toBe(37);
    });

    it('refuses everything at a limit of zero', async () => {
      const store = await quota();
      expect(await store.reserve('a', '2026-01', 0)).toBeNull();
    });
  });
});
