// One suite every store implementation runs; add a row to IMPLEMENTATIONS for a new store.
import { describe, expect, it } from 'vitest';
import { MemoryDocumentStore, MemoryQuotaStore, MemoryTemplateStore } from './index.js';
import type { DocumentStore, QuotaStore, TemplateStore } from './types.js';

interface Implementation {
  readonly name: string;
  templates(): Promise<TemplateStore> | TemplateStore;
  documents(): Promise<DocumentStore> | DocumentStore;
  quota(): Promise<QuotaStore> | QuotaStore;
}

const IMPLEMENTATIONS: readonly Implementation[] = [
  {
    name: 'memory',
    templates: () => new MemoryTemplateStore(),
    documents: () => new MemoryDocumentStore(),
    quota: () => new MemoryQuotaStore(),
  },
];

const ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe.each(IMPLEMENTATIONS)('$name stores', (implementation) => {
  describe('TemplateStore', () => {
    it('creates applications with app- ids, active by default, owned by an account', async () => {
      const store = await implementation.templates();
      const application = await store.createApplication({ accountId: 'acct-1', name: 'Billing' });
      expect(application.id).toMatch(/^app-/);
      expect(application.id.slice('app-'.length)).toMatch(ID);
      expect(application).toMatchObject({ accountId: 'acct-1', name: 'Billing', isActive: true });
      expect(await store.getApplication(application.id)).toEqual(application);
      expect(await store.getApplication('app-missing')).toBeNull();
    });

    it('creates templates under an application, taking its account', async () => {
      const store = await implementation.templates();
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
      const store = await implementation.templates();
      await expect(store.createTemplate({ applicationId: 'app-nope', content: 'x' })).rejects.toThrow();
    });

    it('flips active flags', async () => {
      const store = await implementation.templates();
      const application = await store.createApplication({ accountId: 'a', isActive: false });
      expect(application.isActive).toBe(false);
      await store.setApplicationActive(application.id, true);
      expect((await store.getApplication(application.id))?.isActive).toBe(true);
      const template = await store.createTemplate({ applicationId: application.id, content: 'x', contentType: 'markdown' });
      await store.setTemplateActive(template.id, false);
      expect(await store.getTemplate(template.id)).toMatchObject({ isActive: false, contentType: 'markdown' });
    });

    it('forgets deleted templates', async () => {
      const store = await implementation.templates();
      const application = await store.createApplication({ accountId: 'a' });
      const template = await store.createTemplate({ applicationId: application.id, content: 'x' });
      await store.deleteTemplate(template.id);
      expect(await store.getTemplate(template.id)).toBeNull();
    });
  });

  describe('DocumentStore', () => {
    it('saves, returns and deletes documents by id', async () => {
      const store = await implementation.documents();
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
  });

  describe('QuotaStore', () => {
    it('reserves up to the limit, counting reservations in flight', async () => {
      const store = await implementation.quota();
      const first = await store.reserve('a', '2026-01', 2);
      const second = await store.reserve('a', '2026-01', 2);
      expect(first).not.toBeNull();
      expect(second).not.toBeNull();
      expect(await store.reserve('a', '2026-01', 2)).toBeNull();
      expect(await store.usage('a', '2026-01')).toEqual({ used: 0, reserved: 2 });
    });

    it('commits into used and releases back, each only once', async () => {
      const store = await implementation.quota();
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
      const store = await implementation.quota();
      const january = await store.reserve('a', '2026-01', 1);
      if (!january) throw new Error('expected a reservation');
      await store.commit(january);
      expect(await store.reserve('a', '2026-01', 1)).toBeNull();
      expect(await store.reserve('a', '2026-02', 1)).not.toBeNull();
      expect(await store.reserve('b', '2026-01', 1)).not.toBeNull();
      expect(await store.usage('c', '2026-01')).toEqual({ used: 0, reserved: 0 });
    });

    it('never grants more than the limit to concurrent reservations', async () => {
      const store = await implementation.quota();
      const results = await Promise.all(Array.from({ length: 100 }, () => store.reserve('a', '2026-01', 37)));
      expect(results.filter((result) => result !== null)).toHaveLength(37);
      expect(new Set(results.filter((result) => result !== null).map((result) => result?.id)).size).toBe(37);
    });

    it('refuses everything at a limit of zero', async () => {
      const store = await implementation.quota();
      expect(await store.reserve('a', '2026-01', 0)).toBeNull();
    });
  });
});
