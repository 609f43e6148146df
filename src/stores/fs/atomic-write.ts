// Writes a file so readers see the old content or the new, never a torn mix: temp file, fsync, rename.
import { randomUUID } from 'node:crypto';
import { open, rename, rm } from 'node:fs/promises';

export async function writeFileAtomic(path: string, content: string | Uint8Array): Promise<void> {
  // A unique temp name per write, so concurrent writers of one path never share a temp file.
  const temporary = `${path}.${randomUUID()}.tmp`;
  try {
    const handle = await open(temporary, 'wx');
    try {
      await handle.writeFile(content);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temporary, path);
  } catch (error) {
    await rm(temporary, { force: true }).catch(() => undefined);
    throw error;
  }
}
