// File names, download URLs and quota periods derived from the clock and identifiers.
import { randomUUID } from 'node:crypto';

/**
 * `file_<YYYYMMDD>_<HHMMSS>_<8 hex>.pdf`, in UTC. The hex is a random UUID's first 32 bits, all
 * random: Node draws UUIDs from a batch of entropy, where each randomBytes(4) is a call into OpenSSL.
 */
export function documentFilename(now: Date): string {
  const iso = now.toISOString(); // 2026-03-09T14:05:07.123Z
  const date = iso.slice(0, 10).replaceAll('-', '');
  const time = iso.slice(11, 19).replaceAll(':', '');
  return `file_${date}_${time}_${randomUUID().slice(0, 8)}.pdf`;
}

export function downloadUrl(baseUrl: string, documentId: string): string {
  return `${baseUrl.replace(/\/+$/, '')}/v1/documents/download/${documentId}`;
}

/** The UTC calendar month the quota counts against, `YYYY-MM`; the file store's recovery uses the same. */
export { quotaPeriod } from '../stores/index.js';
