// PostgreSQL and Redis for tests: from DATABASE_URL and REDIS_URL (bash .ci/run starts both), each test run in schemas and keys of its own; skipped with a message without them, never skipped in CI.
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import pg from 'pg';
import { migratePostgres } from '../stores/postgres/migrate-postgres.js';
import type { PgPool } from '../stores/postgres/pg-types.js';

/** A per-process tag, so concurrent test runs on one server never share a schema or a key. */
const RUN = `${process.pid.toString(36)}_${randomBytes(3).toString('hex')}`;

/**
 * The server's URL from `variable`, or null after saying on stderr that `what` is skipped. With CI
 * set a missing URL throws instead: CI must run these tests.
 */
export function serviceUrl(variable: 'DATABASE_URL' | 'REDIS_URL', what: string): string | null {
  const url = process.env[variable];
  if (url) return url;
  const service = variable === 'DATABASE_URL' ? 'PostgreSQL' : 'Redis';
  if (process.env['CI']) throw new Error(`${what}: ${variable} is not set, and CI must run the ${service} tests (.ci/run starts ${service} and sets it)`);
  console.warn(`SKIPPED ${what}: ${variable} is not set. bash .ci/run starts ${service} and sets it; or point ${variable} at a scratch server.`);
  return null;
}

export interface TestPostgres {
  readonly url: string;
  readonly pool: pg.Pool & PgPool;
  /** A new migrated schema of this run's, e.g. `pagesmith_test_k3x_1a2b3c_4`. */
  freshSchema(): Promise<string>;
  /** A new schema name of this run's, not made. */
  schemaName(): string;
  /** Drops every schema this run made and ends the pool. */
  close(): Promise<void>;
}

export function testPostgres(url: string): TestPostgres {
  const pool = new pg.Pool({ connectionString: url, max: 8 }) as pg.Pool & PgPool;
  let count = 0;
  const schemaName = (): string => `pagesmith_test_${RUN}_${(count += 1)}`;
  return {
    url,
    pool,
    schemaName,
    async freshSchema() {
      const schema = schemaName();
      await migratePostgres(pool, { schema });
      return schema;
    },
    async close() {
      const schemas = await pool.query<{ nspname: string }>(`SELECT nspname FROM pg_namespace WHERE nspname LIKE $1`, [`pagesmith_test_${RUN}_%`]);
      for (const { nspname } of schemas.rows) await pool.query(`DROP SCHEMA "${nspname}" CASCADE`);
      await pool.end();
    },
  };
}

export interface TestRedis {
  readonly url: string;
  readonly client: Redis;
  /** A new key prefix of this run's. */
  freshPrefix(): string;
  /** Deletes every key this run made and closes the connection. */
  close(): Promise<void>;
}

export function testRedis(url: string): TestRedis {
  const client = new Redis(url, { maxRetriesPerRequest: 2 });
  let count = 0;
  return {
    url,
    client,
    freshPrefix: () => `pagesmith-test:${RUN}:${(count += 1)}:`,
    async close() {
      let cursor = '0';
      do {
        const [next, keys] = await client.scan(cursor, 'MATCH', `pagesmith-test:${RUN}:*`, 'COUNT', 500);
        if (keys.length > 0) await client.del(...keys);
        cursor = next;
      } while (cursor !== '0');
      await client.quit();
    },
  };
}
