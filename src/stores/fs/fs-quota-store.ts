// File-backed QuotaStore: committed counts in one JSON file per account and month; reservations in flight stay in memory.
import { createHash, randomUUID } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { QuotaReservation, QuotaStore, QuotaUsage } from '../types.js';
import { writeFileAtomic } from './atomic-write.js';
import { readJsonFile } from './json-files.js';
import { KeyedLock } from './keyed-lock.js';

interface PeriodCount {
  used: number;
  readonly pending: Set<string>;
}

interface CountFile {
  readonly accountId: string;
  readonly period: string;
  readonly used: number;
}

/**
 * Reservations die with the process, which is what they should do: a crash mid-render made no document.
 * Safe for concurrent calls within one process; several processes sharing a folder would each count alone.
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

  async commit(reservation: QuotaReservation): Promise<void> {
    const { accountId, period } = reservation;
    await this.#lock.run(key(accountId, period), async () => {
      const count = await this.#load(accountId, period);
      if (!count.pending.has(reservation.id)) return;
      const file: CountFile = { accountId, period, used: count.used + 1 };
      await mkdir(this.#dir, { recursive: true });
      await writeFileAtomic(this.#path(accountId, period), JSON.stringify(file));
      // Only once the count is on disk does the slot count as used.
      count.pending.delete(reservation.id);
      count.used = file.used;
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

  /** Call under the key's lock. */
  async #load(accountId: string, period: string): Promise<PeriodCount> {
    const countKey = key(accountId, period);
    let count = this.#counts.get(countKey);
    if (!count) {
      const file = (await readJsonFile(this.#path(accountId, period))) as CountFile | null;
      count = { used: file?.used ?? 0, pending: new Set() };
      this.#counts.set(countKey, count);
    }
    return count;
  }

  /** Account ids are caller data, so file names are their digest, never the id itself. */
  #path(accountId: string, period: string): string {
    return join(this.#dir, `${createHash('sha256').update(key(accountId, period)).digest('hex')}.json`);
  }
}

function key(accountId: string, period: string): string {
  return JSON.stringify([accountId, period]);
}
