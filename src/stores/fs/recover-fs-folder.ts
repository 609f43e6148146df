// recoverFsFolder: after a crash, put a data folder back in a state where the quota counts exactly the documents kept.
import { mkdir, readdir, rm, truncate } from 'node:fs/promises';
import { join } from 'node:path';
import { quotaPeriod } from '../quota-period.js';
import { isMissing, readJsonFile } from './json-files.js';
import { appendQuotaJournal, quotaJournalPath, readQuotaJournal, type QuotaJournal } from './quota-journal.js';

/** What recovery found and put right, for a log line. */
export interface FsRecovery {
  /** `*.tmp` files of writes a crash cut short. */
  readonly temporaryFiles: number;
  /** `documents/<id>.pdf` without its record: written, but the document was never made visible. */
  readonly pdfsWithoutRecord: number;
  /** `documents/<id>.json` without its PDF. */
  readonly recordsWithoutPdf: number;
  /** Journal lines a crash cut short. */
  readonly tornJournalLines: number;
  /** Stored documents the crash kept from being counted, now counted: they can be downloaded, so they were delivered. */
  readonly documentsCounted: number;
}

const FOLDERS = ['applications', 'templates', 'documents', 'quota'] as const;

/**
 * Run with the folder locked (`openFsStores` does), before any store uses it. Writes happen in an
 * order that makes every crash point recoverable: a document's PDF, then its record, then its quota
 * line. So a PDF without a record was never delivered and goes; a record without a quota line is a
 * made, stored, downloadable document, and is counted.
 */
export async function recoverFsFolder(dir: string): Promise<FsRecovery> {
  let temporaryFiles = 0;
  const listing = new Map<string, string[]>();
  for (const folder of FOLDERS) {
    const names = await list(join(dir, folder));
    for (const name of names.filter((entry) => entry.endsWith('.tmp'))) {
      await rm(join(dir, folder, name), { force: true });
      temporaryFiles += 1;
    }
    listing.set(folder, names.filter((entry) => !entry.endsWith('.tmp')));
  }

  const documentsDir = join(dir, 'documents');
  const names = new Set(listing.get('documents'));
  let pdfsWithoutRecord = 0;
  let recordsWithoutPdf = 0;
  const records: string[] = [];
  for (const name of names) {
    const id = name.slice(0, name.lastIndexOf('.'));
    if (name.endsWith('.pdf') && !names.has(`${id}.json`)) {
      await rm(join(documentsDir, name), { force: true });
      pdfsWithoutRecord += 1;
    } else if (name.endsWith('.json') && !names.has(`${id}.pdf`)) {
      await rm(join(documentsDir, name), { force: true });
      recordsWithoutPdf += 1;
    } else if (name.endsWith('.json')) {
      records.push(name);
    }
  }
  // A document's HTML goes with its record: written before it, or left by a record removed above.
  for (const name of names) {
    if (name.endsWith('.html') && !records.includes(`${name.slice(0, -'.html'.length)}.json`)) await rm(join(documentsDir, name), { force: true });
  }

  const quotaDir = join(dir, 'quota');
  const journals = new Map<string, { journal: QuotaJournal; ids: Set<string> }>();
  let tornJournalLines = 0;
  const journalAt = async (path: string): Promise<{ journal: QuotaJournal; ids: Set<string> }> => {
    let entry = journals.get(path);
    if (!entry) {
      const journal = await readQuotaJournal(path);
      if (journal.fileSize > journal.size) tornJournalLines += 1;
      entry = { journal, ids: new Set(journal.lines) };
      journals.set(path, entry);
    }
    return entry;
  };
  for (const name of listing.get('quota') ?? []) if (name.endsWith('.log')) await journalAt(join(quotaDir, name));

  let documentsCounted = 0;
  for (const name of records) {
    const record = (await readJsonFile(join(documentsDir, name))) as { id?: unknown; accountId?: unknown; createdAt?: unknown } | null;
    if (!record || typeof record.id !== 'string' || typeof record.accountId !== 'string' || typeof record.createdAt !== 'string') continue;
    const createdAt = new Date(record.createdAt);
    if (Number.isNaN(createdAt.getTime())) continue;
    const path = quotaJournalPath(quotaDir, record.accountId, quotaPeriod(createdAt));
    const entry = await journalAt(path);
    if (entry.ids.has(record.id)) continue;
    await mkdir(quotaDir, { recursive: true });
    const size = await appendQuotaJournal(path, entry.journal.size, record.id);
    entry.journal = { lines: [...entry.journal.lines, record.id], size, fileSize: size };
    entry.ids.add(record.id);
    documentsCounted += 1;
  }
  // Journals with a torn end and nothing to add are cut back to their whole lines.
  for (const [path, { journal }] of journals) {
    if (journal.fileSize > journal.size) await truncate(path, journal.size);
  }

  return { temporaryFiles, pdfsWithoutRecord, recordsWithoutPdf, tornJournalLines, documentsCounted };
}

async function list(dir: string): Promise<string[]> {
  try {
    return await readdir(dir);
  } catch (error) {
    if (isMissing(error)) return [];
    throw error;
  }
}
