// Keeps the leases of this process's quota reservations alive while their documents render; a process that dies stops renewing, and its slots come back when the leases run out.
import type { QuotaReservation } from './types.js';

/** The reservations of one account and month, renewed together. */
export interface LeaseGroup {
  readonly accountId: string;
  readonly period: string;
  readonly ids: readonly string[];
}

export const DEFAULT_LEASE_MS = 30_000;

/** Checks a lease length: a whole number of milliseconds, at least 300. */
export function checkLeaseMs(leaseMs: number): number {
  if (!Number.isInteger(leaseMs) || leaseMs < 300) throw new Error(`leaseMs must be a whole number of milliseconds from 300, not ${leaseMs}`);
  return leaseMs;
}

/**
 * Renews every reservation held, a third of a lease apart, so a lease survives two missed renewals.
 * The timer runs only while something is held, and never keeps the process alive.
 */
export class LeaseKeeper {
  readonly #held = new Map<string, QuotaReservation>();
  readonly #renew: (group: LeaseGroup) => Promise<void>;
  readonly #everyMs: number;
  #timer: ReturnType<typeof setInterval> | undefined;
  #renewing = false;

  constructor(leaseMs: number, renew: (group: LeaseGroup) => Promise<void>) {
    this.#everyMs = Math.max(100, Math.floor(leaseMs / 3));
    this.#renew = renew;
  }

  hold(reservation: QuotaReservation): void {
    this.#held.set(reservation.id, reservation);
    if (this.#timer === undefined) {
      this.#timer = setInterval(() => void this.renewNow(), this.#everyMs);
      this.#timer.unref();
    }
  }

  drop(reservation: QuotaReservation): void {
    this.#held.delete(reservation.id);
    if (this.#held.size === 0) this.#stop();
  }

  /** Renews every lease held now; a renewal that fails is retried at the next tick, while the lease lasts. */
  async renewNow(): Promise<void> {
    if (this.#renewing) return;
    this.#renewing = true;
    try {
      const groups = new Map<string, { accountId: string; period: string; ids: string[] }>();
      for (const { id, accountId, period } of this.#held.values()) {
        const key = JSON.stringify([accountId, period]);
        const group = groups.get(key) ?? { accountId, period, ids: [] };
        group.ids.push(id);
        groups.set(key, group);
      }
      await Promise.all([...groups.values()].map((group) => this.#renew(group).catch(() => undefined)));
    } finally {
      this.#renewing = false;
    }
  }

  /** How many reservations this process holds. */
  get size(): number {
    return this.#held.size;
  }

  close(): void {
    this.#held.clear();
    this.#stop();
  }

  #stop(): void {
    if (this.#timer !== undefined) clearInterval(this.#timer);
    this.#timer = undefined;
  }
}
