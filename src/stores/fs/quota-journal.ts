// The quota's count on disk: one append-only file per account and month, one line per document counted.
import { createHash } from 'node:crypto';
import { open, readFile, truncate } from 'node:fs/promises';
import { join } from 'node:path';
import { isMissing } from './json-files.js';

export interface QuotaJournal {
  /** The ids counted, one per complete line, in the order they were counted. */
  readonly lines: readonly string[];
  /** Bytes of complete lines; anything after is the torn end of an append a crash cut short. */
  readonly size: number;
  /** Bytes in the file, torn end included. */
  readonly fileSize: number;
}

/** Account ids are caller data, so file names are the digest of account and month, never the id itself. */
export function quotaJournalPath(quotaDir: string, accountId: string, period: string): string {
  return join(quotaDir, `${createHash('sha256').update(JSON.stringify([accountId, period])).digest('hex')}.log`);
}

export async function readQuotaJournal(path: string): Promise<QuotaJournal> {
  let content: Buffer;
  try {
    content = await readFile(path);
  } catch (error) {
    if (isMissing(error)) return { lines: [], size: 0, fileSize: 0 };
    throw error;
  }
  const size = content.lastIndexOf(0x0a) + 1;
  const lines = size === 0 ? [] : content.subarray(0, size - 1).toString('utf8').split('\n');
  return { lines, size, fileSize: content.byteLength };
}

/**
 * Appends one line and fsyncs it, after cutting any torn end back to `size`; resolves to the new size.
 * A failed append is cut back too, so the file only ever gains whole lines.
 */
export async function appendQuotaJournal(path: string, size: number, line: string): Promise<number> {
  const bytes = Buffer.from(`${line}\n`, 'utf8');
  const handle = await open(path, 'a');
  try {
    if ((await handle.stat()).size !== size) await handle.truncate(size);
    await handle.write(bytes);
    await handle.sync();
  } catch (error) {
    await truncate(path, size).catch(() => undefined);
    throw error;
  } finally {
    await handle.close();
  }
  return size + bytes.byteLength;
}
