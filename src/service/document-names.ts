// File names, download URLs and quota periods derived from the clock and identifiers.
import { randomBytes } from 'node:crypto';

/** `file_<YYYYMMDD>_<HHMMSS>_<8 hex>.pdf`, in UTC. */
export function documentFilename(now: Date): string {
  const iso = now.toISOString(); // 2026-03-09T14:05:07.123Z
  const date = iso.slice(0, 10).replaceAll('-', '');
  const time = iso.slice(11, 19).replaceAll(':', '');
  return `file_${date}_${time}_${randomBytes(4).toString('hex')}.pdf`;
}

export function downloadUrl(baseUrl: string, documentId: string): string {
  return `${baseUrl.replace(/\/+$/, '')}/v1/documents/download/${documentId}`;
}

/** The UTC calendar month the quota counts against, `YYYY-MM`; the file store's recovery uses the same. */
export { quotaPeriod } from '../stores/index.js';
