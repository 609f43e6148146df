// Loads BullMQ and ioredis (optional peers) when the queue is opened, and connects to Redis, failing fast on a wrong URL.
import type * as BullMq from 'bullmq';
import type { Redis, RedisOptions } from 'ioredis';
import { loadOptionalPeer } from '../stores/optional-peer.js';
import { redactUrl } from '../stores/redis/open-redis-quota-store.js';

export type BullMqModule = typeof BullMq;
type IoRedisModule = { readonly Redis: new (url: string, options: RedisOptions) => Redis };

/** The queue of documents to render and the queue of webhooks to send, under the key prefix. */
export const RENDER_QUEUE = 'render';
export const WEBHOOK_QUEUE = 'webhooks';
/** Default key prefix of the queues and the job records. */
export const DEFAULT_QUEUE_PREFIX = 'pagesmith';

export interface QueueConnection {
  readonly bullmq: BullMqModule;
  /** For the job records and for BullMQ, which makes its own duplicates for blocking reads. */
  readonly redis: Redis;
  close(): Promise<void>;
}

/**
 * `blocking`: commands wait for Redis to come back (BullMQ workers need this); otherwise a command
 * fails after two retries, so an HTTP request is not held while Redis is away.
 */
export async function openQueueConnection(url: string, neededBy: string, { blocking }: { readonly blocking: boolean }): Promise<QueueConnection> {
  const bullmq = loadOptionalPeer<BullMqModule>('bullmq', neededBy);
  const { Redis } = loadOptionalPeer<IoRedisModule>('ioredis', neededBy);
  const redis = new Redis(url, { maxRetriesPerRequest: blocking ? null : 2, connectTimeout: 5_000 });
  try {
    await redis.ping();
  } catch (error) {
    redis.disconnect();
    throw new Error(`cannot reach Redis at ${redactUrl(url)}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
  return {
    bullmq,
    redis,
    async close() {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
