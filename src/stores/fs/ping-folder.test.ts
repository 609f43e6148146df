import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FsDocumentStore, FsQuotaStore, FsTemplateStore } from './index.js';
import { pingFolder } from './ping-folder.js';

const scratch = mkdtempSync(join(tmpdir(), 'pagesmith-ping-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('file-backed stores answer ping', () => {
  it('resolves for a folder that can be made, read and written', async () => {
    const dir = join(scratch, 'fresh');
    await expect(new FsTemplateStore({ dir }).ping()).resolves.toBeUndefined();
    await expect(new FsDocumentStore({ dir }).ping()).resolves.toBeUndefined();
    await expect(new FsQuotaStore({ dir }).ping()).resolves.toBeUndefined();
  });

  it('rejects naming the folder when it cannot be made', async () => {
    const file = join(scratch, 'a-file');
    writeFileSync(file, 'not a folder');
    await expect(new FsDocumentStore({ dir: file }).ping()).rejects.toThrow(`cannot read and write ${join(file, 'documents')}`);
  });

  it.skipIf(process.getuid?.() === 0)('rejects for a folder it may not write', async () => {
    const dir = join(scratch, 'read-only');
    await pingFolder(dir);
    chmodSync(dir, 0o500);
    try {
      await expect(pingFolder(dir)).rejects.toThrow(/cannot read and write .*EACCES/);
    } finally {
      chmodSync(dir, 0o700);
    }
  });
});
