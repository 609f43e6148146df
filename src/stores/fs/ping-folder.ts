// pingFolder: a file-backed store's readiness — its folder exists (or can be made) and may be read and written.
import { constants } from 'node:fs';
import { access, mkdir } from 'node:fs/promises';

/** Resolves when `dir` is there, or could be made, and is readable and writable; rejects naming the folder otherwise. */
export async function pingFolder(dir: string): Promise<void> {
  try {
    await mkdir(dir, { recursive: true });
    await access(dir, constants.R_OK | constants.W_OK);
  } catch (error) {
    const reason = error instanceof Error ? ((error as NodeJS.ErrnoException).code ?? error.message) : String(error);
    throw new Error(`cannot read and write ${dir} (${reason})`, { cause: error });
  }
}
