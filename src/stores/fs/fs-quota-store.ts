// File-backed QuotaStore: each account's month is an append-only journal of the documents counted; reservations in flight stay in memory.
import { randomUUID } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { QuotaReservation, QuotaStore, QuotaUsage } from '../types.js';
import { appendQuotaJournal, quotaJournalPath, readQuotaJournal } from './quota-journal.js';
import { KeyedLock } from './keyed-lock.js';
import { pingFolder } from './ping-folder.js';

interface PeriodCount {
  used: number;
  /** Bytes of whole lines in the journal. */
  size: number;
  readonly pending: Set<string>;
}

/**
 * A commit is one fsynced line naming the document (`quota/<sha256>.log`), so after a crash the
 * journal says which stored documents were counted (see `recoverFsFolder`). Reservations die with
 * the process, which is what they should do: a crash mid-render made no document.
 * Safe for concurrent calls within one process; one process per folder (`openFsStores` locks it).
 */
export class FsQuotaStore implements QuotaStore {
  readonly #dir: string;
  readonly #counts = new Map<string, PeriodCount>();
  readonly #lock = new KeyedLock();

  constructor(options: { readonly dir: string }) {
    this.#dir = join(options.dir, 'quota');
  }

  async reserve(accountId: string, period: string, limit: number): Promise<QuotaReservation | null> {
    const countKey = key(accountId, period);
    return this.#lock.run(countKey, async () => {
      const count = await this.#load(accountId, period);
      if (count.used + count.pending.size >= limit) return null;
      const reservation: QuotaReservation = { id: randomUUID(), accountId, period };
      count.pending.add(reservation.id);
      return reservation;
    });
  }

  async commit(reservation: QuotaReservation, documentId?: string): Promise<void> {
    const { accountId, period } = reservation;
    await this.#lock.run(key(accountId, period), async () => {
      const count = await this.#load(accountId, period);
      if (!count.pending.has(reservation.id)) return;
      await mkdir(this.#dir, { recursive: true });
      count.size = await appendQuotaJournal(quotaJournalPath(this.#dir, accountId, period), count.size, documentId ?? `reservation-${reservation.id}`);
      // Only once the line is on disk does the slot count as used.
      count.pending.delete(reservation.id);
      count.used += 1;
    });
  }

  async release(reservation: QuotaReservation): Promise<void> {
    const { accountId, period } = reservation;
    await this.#lock.run(key(accountId, period), async () => {
      (await this.#load(accountId, period)).pending.delete(reservation.id);
    });
  }

  async usage(accountId: string, period: string): Promise<QuotaUsage> {
    return this.#lock.run(key(accountId, period), async () => {
      const count = await this.#load(accountId, period);
      return { used: count.used, reserved: count.pending.size };
    });
  }

  /** Readiness: the quota folder can be read and written. */
  ping(): Promise<void> {
    return pingFolder(this.#dir);
  }

  /** Call under the key's lock. */
  async #load(accountId: string, period: string): Promise<PeriodCount> {
    const countKey = key(accountId, period);
    let count = this.#counts.get(countKey);
    if (!count) {
      const journal = await readQuotaJournal(quotaJournalPath(this.#dir, accountId, period));
      count = { used: journal.lines.length, size: journal.size, pending: new Set() };
      this.#counts.set(countKey, count);
    }
    return count;
  }
}

function key(accountId: string, period: string): string {
  return JSON.stringify([accountId, period]);
}
