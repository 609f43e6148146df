// PostgreSQL QuotaStore: one row per account and month holds the count and the leases in flight; reserve, commit and release are each one atomic statement.
import { randomUUID } from 'node:crypto';
import { checkLeaseMs, DEFAULT_LEASE_MS, LeaseKeeper, type LeaseGroup } from '../lease-keeper.js';
import type { QuotaReservation, QuotaStore, QuotaUsage } from '../types.js';
import { DEFAULT_POSTGRES_SCHEMA } from './migrate-postgres.js';
import { checkSchemaName, quoteIdentifier, type PgQueryable } from './pg-types.js';

export interface PostgresQuotaStoreOptions {
  readonly pool: PgQueryable;
  /** Default `pagesmith`. */
  readonly schema?: string;
  /**
   * How long a reservation holds its slot without being renewed (default 30 s). This process renews
   * its own every third of that while their documents render; a process that dies stops, and its
   * slots come back when their leases run out.
   */
  readonly leaseMs?: number;
}

/** The database's clock, in seconds since the epoch: leases are measured by one clock for every process. */
const NOW = 'extract(epoch FROM clock_timestamp())';
/** The leases of row `q` that have not run out. */
const LIVE = `(SELECT l.key, l.value FROM jsonb_each(q.leases) AS l WHERE (l.value)::float8 > ${NOW})`;

/**
 * Several processes, on several machines, share one count: `reserve` checks the limit and takes a
 * slot in one statement on the account's row, which PostgreSQL locks, so concurrent reservations
 * from anywhere never hold more than `limit` slots. A commit counts once per reservation, even after
 * its lease ran out (the document was delivered).
 */
export class PostgresQuotaStore implements QuotaStore {
  readonly #db: PgQueryable;
  readonly #leaseSeconds: number;
  readonly #leases: LeaseKeeper;
  readonly #sql: { reserve: string; commit: string; release: string; renew: string; usage: string };

  constructor(options: PostgresQuotaStoreOptions) {
    this.#db = options.pool;
    const leaseMs = checkLeaseMs(options.leaseMs ?? DEFAULT_LEASE_MS);
    this.#leaseSeconds = leaseMs / 1000;
    this.#leases = new LeaseKeeper(leaseMs, (group) => this.#renew(group));
    const counts = `${quoteIdentifier(checkSchemaName(options.schema ?? DEFAULT_POSTGRES_SCHEMA))}.quota_counts`;
    const commits = `${quoteIdentifier(checkSchemaName(options.schema ?? DEFAULT_POSTGRES_SCHEMA))}.quota_commits`;
    this.#sql = {
      // $1 account, $2 period, $3 limit, $4 reservation id, $5 lease seconds. Leases that ran out are dropped as the row is rewritten.
      reserve: `INSERT INTO ${counts} AS q (account_id, period, used, leases)
        SELECT $1, $2, 0, jsonb_build_object($4::text, ${NOW} + $5::float8) WHERE $3::int > 0
        ON CONFLICT (account_id, period) DO UPDATE
          SET leases = (SELECT coalesce(jsonb_object_agg(live.key, live.value), '{}'::jsonb) FROM ${LIVE} AS live)
            || jsonb_build_object($4::text, ${NOW} + $5::float8)
          WHERE q.used + (SELECT count(*) FROM ${LIVE} AS live) < $3::int
        RETURNING q.used`,
      // $1 account, $2 period, $3 reservation id, $4 document id. The commit row makes it count once.
      commit: `WITH counted AS (
          INSERT INTO ${commits} (reservation_id, account_id, period, document_id) VALUES ($3::text::uuid, $1, $2, $4)
          ON CONFLICT (reservation_id) DO NOTHING RETURNING 1
        )
        INSERT INTO ${counts} AS q (account_id, period, used) SELECT $1, $2, 1 FROM counted
        ON CONFLICT (account_id, period) DO UPDATE SET used = q.used + 1, leases = q.leases - $3::text`,
      release: `UPDATE ${counts} SET leases = leases - $3::text WHERE account_id = $1 AND period = $2 AND leases ? $3::text`,
      // $3 reservation ids, $4 lease seconds: only leases still there are renewed.
      renew: `UPDATE ${counts} AS q SET leases = q.leases || (
          SELECT coalesce(jsonb_object_agg(l.key, ${NOW} + $4::float8), '{}'::jsonb) FROM jsonb_each(q.leases) AS l WHERE l.key = ANY($3::text[]))
        WHERE q.account_id = $1 AND q.period = $2 AND q.leases ?| $3::text[]`,
      usage: `SELECT q.used, (SELECT count(*) FROM ${LIVE} AS live)::int AS reserved FROM ${counts} AS q WHERE q.account_id = $1 AND q.period = $2`,
    };
  }

  async reserve(accountId: string, period: string, limit: number): Promise<QuotaReservation | null> {
    const reservation: QuotaReservation = { id: randomUUID(), accountId, period };
    const result = await this.#db.query(this.#sql.reserve, [accountId, period, limit, reservation.id, this.#leaseSeconds]);
    if (result.rows.length === 0) return null;
    this.#leases.hold(reservation);
    return reservation;
  }

  async commit(reservation: QuotaReservation, documentId?: string): Promise<void> {
    await this.#db.query(this.#sql.commit, [reservation.accountId, reservation.period, reservation.id, documentId ?? null]);
    this.#leases.drop(reservation);
  }

  async release(reservation: QuotaReservation): Promise<void> {
    this.#leases.drop(reservation);
    await this.#db.query(this.#sql.release, [reservation.accountId, reservation.period, reservation.id]);
  }

  async usage(accountId: string, period: string): Promise<QuotaUsage> {
    const result = await this.#db.query<{ used: number; reserved: number }>(this.#sql.usage, [accountId, period]);
    const row = result.rows[0];
    return { used: row?.used ?? 0, reserved: row?.reserved ?? 0 };
  }

  /** Renews this process's leases now (a timer does it a third of a lease apart). */
  renewLeases(): Promise<void> {
    return this.#leases.renewNow();
  }

  /** Stops renewing; reservations still held run out with their leases. */
  close(): void {
    this.#leases.close();
  }

  async #renew(group: LeaseGroup): Promise<void> {
    await this.#db.query(this.#sql.renew, [group.accountId, group.period, group.ids, this.#leaseSeconds]);
  }
}
