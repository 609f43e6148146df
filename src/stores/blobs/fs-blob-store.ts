// FsBlobStore: one file per key in a folder (a local disk, or a network share every server mounts), written atomically.
import { mkdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { writeFileAtomic } from '../fs/atomic-write.js';
import { isMissing, isSafeId } from '../fs/json-files.js';
import type { BlobStore } from './blob-store.js';

export interface FsBlobStoreOptions {
  /** The folder; created on first write. */
  readonly dir: string;
}

/** `<key>.pdf` under `dir`. Keys must be safe file names (document ids are); any other key holds nothing. */
export class FsBlobStore implements BlobStore {
  readonly #dir: string;

  constructor(options: FsBlobStoreOptions) {
    this.#dir = options.dir;
  }

  async put(key: string, bytes: Uint8Array): Promise<void> {
    if (!isSafeId(key)) throw new Error(`Blob key ${JSON.stringify(key)} cannot name a file`);
    await mkdir(this.#dir, { recursive: true });
    await writeFileAtomic(this.#path(key), bytes);
  }

  async get(key: string): Promise<Uint8Array | null> {
    if (!isSafeId(key)) return null;
    try {
      const bytes = await readFile(this.#path(key));
      return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    if (!isSafeId(key)) return;
    await rm(this.#path(key), { force: true });
  }

  #path(key: string): string {
    return join(this.#dir, `${key}.pdf`);
  }
}
