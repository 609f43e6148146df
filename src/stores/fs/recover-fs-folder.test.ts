// Recovery after a crash at each point of a document's writes: PDF, record, quota line. The count ends up equal to the documents made and kept.
import { appendFile, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { StoredDocument } from '../types.js';
import { createFsStores } from './create-fs-stores.js';
import { DataFolderInUseError } from './data-folder-in-use-error.js';
import { openFsStores } from './open-fs-stores.js';
import { quotaJournalPath } from './quota-journal.js';
import { recoverFsFolder } from './recover-fs-folder.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'pagesmith-recover-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const MARCH = new Date('2026-03-09T14:05:07Z');

function documentOf(id: string, createdAt = MARCH): StoredDocument {
  return { id, accountId: 'acct-1', templateId: null, filename: 'f.pdf', bytes: new Uint8Array([37, 80, 68, 70]), createdAt };
}

/** A document made and counted as the service makes one: saved, then its reservation committed with its id. */
async function made(id: string, createdAt = MARCH): Promise<void> {
  const stores = createFsStores({ dir });
  const reservation = await stores.quota.reserve('acct-1', createdAt.toISOString().slice(0, 7), 100);
  if (!reservation) throw new Error('expected a reservation');
  await stores.documents.saveDocument(documentOf(id, createdAt));
  await stores.quota.commit(reservation, id);
}

async function usedIn(period: string): Promise<number> {
  return (await createFsStores({ dir }).quota.usage('acct-1', period)).used;
}

async function files(folder: string): Promise<string[]> {
  return (await readdir(join(dir, folder))).sort();
}

describe('recoverFsFolder', () => {
  it('changes nothing in a folder no crash touched', async () => {
    await made('document-a');
    await made('document-b');
    expect(await recoverFsFolder(dir)).toEqual({ temporaryFiles: 0, pdfsWithoutRecord: 0, recordsWithoutPdf: 0, tornJournalLines: 0, documentsCounted: 0 });
    expect(await usedIn('2026-03')).toBe(2);
  });

  it('removes the temporary files of writes cut short, in every folder', async () => {
    await made('document-a');
    const application = await createFsStores({ dir }).templates.createApplication({ accountId: 'acct-1' });
    await writeFile(join(dir, 'applications', `${application.id}.json.0c1d-tmp-id.tmp`), '{"half');
    await writeFile(join(dir, 'documents', 'document-b.pdf.9a8b.tmp'), '%PD');
    await writeFile(join(dir, 'quota', 'deadbeef.json.77.tmp'), '');
    expect((await recoverFsFolder(dir)).temporaryFiles).toBe(3);
    for (const folder of ['applications', 'documents', 'quota']) expect((await files(folder)).filter((name) => name.endsWith('.tmp'))).toEqual([]);
    expect(await usedIn('2026-03')).toBe(1);
  });

  it('removes a PDF whose record was never written (a crash between the two): never delivered, never counted', async () => {
    await made('document-a');
    await writeFile(join(dir, 'documents', 'document-b.pdf'), '%PDF');
    expect((await recoverFsFolder(dir)).pdfsWithoutRecord).toBe(1);
    expect(await files('documents')).toEqual(['document-a.json', 'document-a.pdf']);
    expect(await usedIn('2026-03')).toBe(1);
  });

  it('removes HTML whose record was never written or is removed, and keeps a kept document’s', async () => {
    await createFsStores({ dir }).documents.saveDocument({ ...documentOf('document-a'), html: '<p>a</p>' });
    await writeFile(join(dir, 'documents', 'document-b.pdf'), '%PDF');
    await writeFile(join(dir, 'documents', 'document-b.html'), '<p>b</p>');
    await writeFile(join(dir, 'documents', 'document-c.json'), '{}');
    await writeFile(join(dir, 'documents', 'document-c.html'), '<p>c</p>');
    await recoverFsFolder(dir);
    expect(await files('documents')).toEqual(['document-a.html', 'document-a.json', 'document-a.pdf']);
  });

  it('removes a record whose PDF is missing', async () => {
    await made('document-a');
    await rm(join(dir, 'documents', 'document-a.pdf'));
    expect((await recoverFsFolder(dir)).recordsWithoutPdf).toBe(1);
    expect(await files('documents')).toEqual([]);
    // It was counted when made, and stays counted: a document deleted later counts too.
    expect(await usedIn('2026-03')).toBe(1);
  });

  it('counts a stored document whose quota line the crash cut off, once', async () => {
    await made('document-a');
    await createFsStores({ dir }).documents.saveDocument(documentOf('document-b'));
    expect(await usedIn('2026-03')).toBe(1);
    expect((await recoverFsFolder(dir)).documentsCounted).toBe(1);
    expect(await usedIn('2026-03')).toBe(2);
    expect((await recoverFsFolder(dir)).documentsCounted).toBe(0);
    expect(await usedIn('2026-03')).toBe(2);
  });

  it('cuts a torn quota line and counts the document it was for', async () => {
    await made('document-a');
    await createFsStores({ dir }).documents.saveDocument(documentOf('document-b'));
    const journal = quotaJournalPath(join(dir, 'quota'), 'acct-1', '2026-03');
    await appendFile(journal, 'document-b'); // no newline: the append was cut short
    expect(await usedIn('2026-03')).toBe(1);
    expect(await recoverFsFolder(dir)).toMatchObject({ tornJournalLines: 1, documentsCounted: 1 });
    expect(await readFile(journal, 'utf8')).toBe('document-a\ndocument-b\n');
    expect(await usedIn('2026-03')).toBe(2);
  });

  it('cuts a torn line with nothing to add', async () => {
    await made('document-a');
    const journal = quotaJournalPath(join(dir, 'quota'), 'acct-1', '2026-03');
    await appendFile(journal, 'reservation-12');
    expect(await recoverFsFolder(dir)).toMatchObject({ tornJournalLines: 1, documentsCounted: 0 });
    expect(await readFile(journal, 'utf8')).toBe('document-a\n');
  });

  it('counts each document in the month it was made', async () => {
    await createFsStores({ dir }).documents.saveDocument(documentOf('document-feb', new Date('2026-02-28T23:59:59Z')));
    await createFsStores({ dir }).documents.saveDocument(documentOf('document-mar', new Date('2026-03-01T00:00:00Z')));
    expect((await recoverFsFolder(dir)).documentsCounted).toBe(2);
    expect(await usedIn('2026-02')).toBe(1);
    expect(await usedIn('2026-03')).toBe(1);
  });

  it('leaves a folder that was never written alone', async () => {
    await mkdir(join(dir, 'nothing'));
    expect((await recoverFsFolder(join(dir, 'nothing'))).documentsCounted).toBe(0);
  });
});

describe('openFsStores', () => {
  it('locks the folder, recovers it, and unlocks on close', async () => {
    await createFsStores({ dir }).documents.saveDocument(documentOf('document-a'));
    await writeFile(join(dir, 'documents', 'document-b.pdf'), '%PDF');
    const stores = await openFsStores({ dir });
    expect(stores.recovery).toMatchObject({ pdfsWithoutRecord: 1, documentsCounted: 1 });
    expect(await stores.quota.usage('acct-1', '2026-03')).toEqual({ used: 1, reserved: 0 });
    await expect(openFsStores({ dir })).rejects.toThrow(DataFolderInUseError);
    await stores.close();
    await (await openFsStores({ dir })).close();
  });
});
