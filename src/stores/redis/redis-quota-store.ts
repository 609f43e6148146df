// Redis QuotaStore: reserve, commit and release are Lua scripts, atomic on the server; an account's month keys expire on their own.
import { randomUUID } from 'node:crypto';
import { checkLeaseMs, DEFAULT_LEASE_MS, LeaseKeeper, type LeaseGroup } from '../lease-keeper.js';
import type { QuotaReservation, QuotaStore, QuotaUsage } from '../types.js';
import { COMMIT, RELEASE, RENEW, RESERVE, USAGE } from './redis-quota-scripts.js';

/** The slice of an ioredis client the store uses (a `Redis` instance has it). */
export interface RedisClient {
  eval(script: string, numKeys: number, ...args: (string | number)[]): Promise<unknown>;
  ping(): Promise<unknown>;
  quit(): Promise<unknown>;
}

export interface RedisQuotaStoreOptions {
  readonly client: RedisClient;
  /** Put before every key (default `pagesmith:`), to share a Redis with other data. */
  readonly keyPrefix?: string;
  /** How long a reservation holds without renewal (default 30 s); this process renews its own a third of that apart. */
  readonly leaseMs?: number;
  /** How long a month's keys outlive the month, for `usage` of the month before (default 35 days). */
  readonly keepMs?: number;
}

const DAY_MS = 86_400_000;

/**
 * Keys per account and month, `<prefix>quota:{<period>:<account>}:used|leases|commits`, in one
 * cluster slot (the braces). `used` counts documents; `leases` is a sorted set of reservations by
 * expiry on the server's clock; `commits` maps each counted reservation to its document, so a
 * commit counts once even after its lease ran out.
 */
export class RedisQuotaStore implements QuotaStore {
  readonly #client: RedisClient;
  readonly #prefix: string;
  readonly #leaseMs: number;
  readonly #keepMs: number;
  readonly #leases: LeaseKeeper;

  constructor(options: RedisQuotaStoreOptions) {
    this.#client = options.client;
    this.#prefix = options.keyPrefix ?? 'pagesmith:';
    this.#leaseMs = checkLeaseMs(options.leaseMs ?? DEFAULT_LEASE_MS);
    this.#keepMs = options.keepMs ?? 35 * DAY_MS;
    this.#leases = new LeaseKeeper(this.#leaseMs, (group) => this.#renew(group));
  }

  async reserve(accountId: string, period: string, limit: number): Promise<QuotaReservation | null> {
    const reservation: QuotaReservation = { id: randomUUID(), accountId, period };
    const keys = this.#keys(accountId, period);
    const taken = await this.#client.eval(RESERVE, 2, keys.used, keys.leases, limit, reservation.id, this.#leaseMs, periodEnd(period), this.#keepMs);
    if (Number(taken) !== 1) return null;
    this.#leases.hold(reservation);
    return reservation;
  }

  async commit(reservation: QuotaReservation, documentId?: string): Promise<void> {
    const keys = this.#keys(reservation.accountId, reservation.period);
    await this.#client.eval(COMMIT, 3, keys.used, keys.leases, keys.commits, reservation.id, documentId ?? '', periodEnd(reservation.period), this.#keepMs);
    this.#leases.drop(reservation);
  }

  async release(reservation: QuotaReservation): Promise<void> {
    this.#leases.drop(reservation);
    await this.#client.eval(RELEASE, 1, this.#keys(reservation.accountId, reservation.period).leases, reservation.id);
  }

  async usage(accountId: string, period: string): Promise<QuotaUsage> {
    const keys = this.#keys(accountId, period);
    const [used, reserved] = (await this.#client.eval(USAGE, 2, keys.used, keys.leases)) as [number, number];
    return { used: Number(used), reserved: Number(reserved) };
  }

  /** Readiness: Redis answers. */
  async ping(): Promise<void> {
    await this.#client.ping();
  }

  /** Renews this process's leases now (a timer does it a third of a lease apart). */
  renewLeases(): Promise<void> {
    return this.#leases.renewNow();
  }

  /** Stops renewing leases; the client stays open (it is the caller's). */
  close(): void {
    this.#leases.close();
  }

  async #renew(group: LeaseGroup): Promise<void> {
    await this.#client.eval(RENEW, 1, this.#keys(group.accountId, group.period).leases, this.#leaseMs, ...group.ids);
  }

  #keys(accountId: string, period: string): { used: string; leases: string; commits: string } {
    const base = `${this.#prefix}quota:{${period}:${accountId}}`;
    return { used: `${base}:used`, leases: `${base}:leases`, commits: `${base}:commits` };
  }
}

/** The first instant after the UTC month `YYYY-MM`, in ms; now for a period of another shape. */
export function periodEnd(period: string): number {
  const match = /^(\d{4})-(\d{2})$/.exec(period);
  if (!match) return Date.now();
  return Date.UTC(Number(match[1]), Number(match[2]), 1);
}
