// Redis quota store: the monthly count shared by every pagesmith process, in atomic Lua scripts.
export { RedisQuotaStore } from './redis-quota-store.js';
export type { RedisClient, RedisQuotaStoreOptions } from './redis-quota-store.js';
export { openRedisQuotaStore } from './open-redis-quota-store.js';
export type { OpenRedisQuotaStoreOptions, RedisQuota } from './open-redis-quota-store.js';
