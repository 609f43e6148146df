// openFsStores: the file-backed stores of a folder this process locks, recovered from any crash before first use.
import { createFsStores, type FsStores } from './create-fs-stores.js';
import { lockFolder } from './folder-lock.js';
import { recoverFsFolder, type FsRecovery } from './recover-fs-folder.js';
import type { FsStoreOptions } from './fs-template-store.js';

export interface OpenFsStores extends FsStores {
  /** What start-up recovery put right (temporary files, orphan PDFs, uncounted documents). */
  readonly recovery: FsRecovery;
  /** Releases the folder's lock; use no store afterwards. */
  close(): Promise<void>;
}

/**
 * For a server: takes the folder's lock (throwing DataFolderInUseError while another live process
 * holds it), recovers the folder from a crash, and returns the stores. `createFsStores` does neither.
 */
export async function openFsStores(options: FsStoreOptions): Promise<OpenFsStores> {
  const lock = await lockFolder(options.dir);
  let recovery: FsRecovery;
  try {
    recovery = await recoverFsFolder(options.dir);
  } catch (error) {
    await lock.release();
    throw error;
  }
  return { ...createFsStores(options), recovery, close: () => lock.release() };
}
