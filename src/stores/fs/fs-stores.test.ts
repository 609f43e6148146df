// File-backed stores: what one instance wrote, a fresh instance over the same folder reads back.
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createFsStores } from './index.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'pagesmith-fs-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('file-backed stores', () => {
  it('lose nothing across a restart', async () => {
    const before = createFsStores({ dir });
    const application = await before.templates.createApplication({ accountId: 'a', name: 'Billing' });
    const template = await before.templates.createTemplate({ applicationId: application.id, content: '<p>{{ x }}</p>' });
    await before.documents.saveDocument({
      id: 'document-1',
      accountId: 'a',
      templateId: template.id,
      filename: 'f.pdf',
      bytes: new Uint8Array([1, 2, 3]),
      createdAt: new Date('2026-01-01T00:00:00Z'),
      data: { x: 1 },
    });
    const reservation = await before.quota.reserve('a', '2026-01', 5);
    if (!reservation) throw new Error('expected a reservation');
    await before.quota.commit(reservation);
    await before.quota.reserve('a', '2026-01', 5); // in flight when the process stops: not counted after

    const after = createFsStores({ dir });
    expect(await after.templates.getApplication(application.id)).toEqual(application);
    expect(await after.templates.getTemplate(template.id)).toEqual(template);
    const document = await after.documents.getDocument('document-1');
    expect([...(document?.bytes ?? [])]).toEqual([1, 2, 3]);
    expect(document).toMatchObject({ accountId: 'a', data: { x: 1 }, createdAt: new Date('2026-01-01T00:00:00Z') });
    expect(await after.quota.usage('a', '2026-01')).toEqual({ used: 1, reserved: 0 });
  });

  it('leaves no temporary files behind and never names a file after an account id', async () => {
    const stores = createFsStores({ dir });
    const grants = await Promise.all(Array.from({ length: 20 }, () => stores.quota.reserve('../../etc/passwd', '2026-01', 10)));
    await Promise.all(grants.map((grant) => (grant ? stores.quota.commit(grant) : undefined)));
    expect(await stores.quota.usage('../../etc/passwd', '2026-01')).toEqual({ used: 10, reserved: 0 });
    const files = await readdir(join(dir, 'quota'));
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^[0-9a-f]{64}\.log$/);
  });
});
