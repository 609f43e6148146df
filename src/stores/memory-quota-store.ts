// In-memory QuotaStore: reserve checks and takes a slot in one synchronous step, so it is atomic.
import { randomUUID } from 'node:crypto';
import type { QuotaReservation, QuotaStore, QuotaUsage } from './types.js';

interface PeriodCount {
  used: number;
  readonly pending: Set<string>;
}

export class MemoryQuotaStore implements QuotaStore {
  readonly #counts = new Map<string, PeriodCount>();

  async reserve(accountId: string, period: string, limit: number): Promise<QuotaReservation | null> {
    const count = this.#count(accountId, period);
    if (count.used + count.pending.size >= limit) return null;
    const reservation: QuotaReservation = { id: randomUUID(), accountId, period };
    count.pending.add(reservation.id);
    return reservation;
  }

  async commit(reservation: QuotaReservation): Promise<void> {
    const count = this.#count(reservation.accountId, reservation.period);
    if (count.pending.delete(reservation.id)) count.used += 1;
  }

  async release(reservation: QuotaReservation): Promise<void> {
    this.#count(reservation.accountId, reservation.period).pending.delete(reservation.id);
  }

  async usage(accountId: string, period: string): Promise<QuotaUsage> {
    const count = this.#counts.get(key(accountId, period));
    return { used: count?.used ?? 0, reserved: count?.pending.size ?? 0 };
  }

  #count(accountId: string, period: string): PeriodCount {
    const countKey = key(accountId, period);
    let count = this.#counts.get(countKey);
    if (!count) {
      count = { used: 0, pending: new Set() };
      this.#counts.set(countKey, count);
    }
    return count;
  }
}

function key(accountId: string, period: string): string {
  return JSON.stringify([accountId, period]);
}
