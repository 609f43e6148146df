// Where a document store keeps PDF bytes when not in its own records: a folder today, object storage later.

/**
 * Bytes by key (a document id). `put` replaces whole or not at all; `get` resolves to null for a
 * key never put or deleted; `delete` is a no-op for a missing key.
 */
export interface BlobStore {
  put(key: string, bytes: Uint8Array): Promise<void>;
  get(key: string): Promise<Uint8Array | null>;
  delete(key: string): Promise<void>;
}
