// openRedisQuotaStore: a RedisQuotaStore on a connection made from a URL, loading ioredis (an optional peer) when called.
import { loadOptionalPeer } from '../optional-peer.js';
import { RedisQuotaStore, type RedisClient, type RedisQuotaStoreOptions } from './redis-quota-store.js';

export interface OpenRedisQuotaStoreOptions extends Omit<RedisQuotaStoreOptions, 'client'> {
  /** `redis://[:password@]host:6379[/db]` or `rediss://…` for TLS. */
  readonly url: string;
}

export interface RedisQuota {
  readonly quota: RedisQuotaStore;
  /** Stops lease renewal and closes the connection. */
  close(): Promise<void>;
}

type IoRedisModule = { readonly Redis: new (url: string, options: Record<string, unknown>) => RedisClient & { disconnect(): void } };

/**
 * Connects (MissingPeerDependencyError naming `neededBy` when ioredis is not installed) and checks
 * that Redis answers before returning, so a wrong URL fails at start-up rather than at the first request.
 */
export async function openRedisQuotaStore(options: OpenRedisQuotaStoreOptions, neededBy = 'openRedisQuotaStore()'): Promise<RedisQuota> {
  const { Redis } = loadOptionalPeer<IoRedisModule>('ioredis', neededBy);
  // Fail fast: a few retries per command, then the error.
  const client = new Redis(options.url, { maxRetriesPerRequest: 2, connectTimeout: 5_000 });
  try {
    await client.ping();
  } catch (error) {
    client.disconnect();
    throw new Error(`cannot reach Redis at ${redactUrl(options.url)}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
  const { url: _url, ...storeOptions } = options;
  const quota = new RedisQuotaStore({ ...storeOptions, client });
  return {
    quota,
    async close() {
      quota.close();
      await client.quit().catch(() => client.disconnect());
    },
  };
}

/** The URL without its password, for messages. */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(an unreadable URL)';
  }
}
