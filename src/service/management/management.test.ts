// Management operations as plain calls: outcomes that mirror HTTP, scoped to the caller's account, never rejecting.
import { describe, expect, it } from 'vitest';
import { MemoryDocumentStore, MemoryTemplateStore } from '../../stores/index.js';
import { createManagement } from './create-management.js';

const ALICE = { accountId: 'acct-alice' };
const BOB = { accountId: 'acct-bob' };

function setup() {
  let now = new Date('2026-03-09T14:05:07Z');
  const clock = () => new Date(now);
  const templates = new MemoryTemplateStore({ clock });
  const documents = new MemoryDocumentStore({ clock });
  const management = createManagement({ templates, documents, baseUrl: 'https://pdf.example.test/' });
  return { templates, documents, management, later: () => (now = new Date('2026-03-10T00:00:00Z')) };
}

describe('createManagement', () => {
  it('answers creation with 201 and the record in snake_case', async () => {
    const { management } = setup();
    const outcome = await management.createApplication(ALICE, { name: 'Billing' });
    expect(outcome).toMatchObject({ ok: true, status: 201, headers: { 'content-type': 'application/json' } });
    if (!outcome.ok) throw new Error('expected success');
    expect(outcome.body.data).toEqual({
      app_id: outcome.body.data.application_id,
      application_id: outcome.body.data.application_id,
      name: 'Billing',
      description: '',
      is_active: true,
      created_at: '2026-03-09T14:05:07.000Z',
      updated_at: '2026-03-09T14:05:07.000Z',
    });
  });

  it('stamps updated_at from the store clock on update', async () => {
    const { management, later } = setup();
    const created = await management.createApplication(ALICE, { name: 'a' });
    if (!created.ok) throw new Error('expected success');
    later();
    const updated = await management.updateApplication(ALICE, created.body.data.app_id, { name: 'b' });
    expect(updated).toMatchObject({ ok: true, status: 200, body: { data: { name: 'b', updated_at: '2026-03-10T00:00:00.000Z', created_at: '2026-03-09T14:05:07.000Z' } } });
  });

  it('shows documents with their kept data, download URL and size', async () => {
    const { management, documents } = setup();
    await documents.saveDocument({
      id: 'document-1',
      accountId: ALICE.accountId,
      templateId: null,
      filename: 'file_20260309_140507_abcdef01.pdf',
      bytes: new Uint8Array(12),
      createdAt: new Date('2026-03-09T14:05:07Z'),
      data: { n: 1 },
    });
    const outcome = await management.getDocument(ALICE, 'document-1');
    expect(outcome).toMatchObject({
      ok: true,
      body: { data: { document_id: 'document-1', size_bytes: 12, attributes: { n: 1 }, download_url: 'https://pdf.example.test/v1/documents/download/document-1' } },
    });
    expect(await management.getDocument(BOB, 'document-1')).toMatchObject({ ok: false, status: 404 });
  });

  it('resolves a failing store to a 500 outcome instead of rejecting', async () => {
    const { management, templates } = setup();
    templates.listApplications = () => Promise.reject(new Error('disk gone'));
    const outcome = await management.listApplications(ALICE);
    expect(outcome).toMatchObject({ ok: false, status: 500 });
    expect(!outcome.ok && outcome.error.detail).toContain('disk gone');
  });

  it('refuses a principal without an account', async () => {
    const { management } = setup();
    expect(await management.listTemplates({ accountId: '' })).toMatchObject({ ok: false, status: 500 });
  });
});
