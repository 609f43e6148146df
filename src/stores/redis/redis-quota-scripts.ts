// The Redis quota's Lua scripts: each runs atomically on the server, with the server's clock, over one account's month keys.

/** Milliseconds on the Redis server's clock, shared by every process. */
const NOW = `local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)`;

/** When the month's keys expire: `keepMs` after the month ends, or after now for a month already over. */
const EXPIRE_AT = (periodEnd: string, keepMs: string): string => `math.max(tonumber(${periodEnd}), now) + tonumber(${keepMs})`;

/**
 * KEYS: used, leases. ARGV: limit, reservation id, lease ms, period end ms, keep ms.
 * Drops leases that ran out, then takes a slot when used + live leases is under the limit: 1, else 0.
 */
export const RESERVE = `${NOW}
redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', now)
local used = tonumber(redis.call('GET', KEYS[1]) or '0')
if used + redis.call('ZCARD', KEYS[2]) >= tonumber(ARGV[1]) then return 0 end
redis.call('ZADD', KEYS[2], now + tonumber(ARGV[3]), ARGV[2])
redis.call('PEXPIREAT', KEYS[2], ${EXPIRE_AT('ARGV[4]', 'ARGV[5]')})
return 1`;

/**
 * KEYS: used, leases, commits. ARGV: reservation id, document id, period end ms, keep ms.
 * Counts the reservation once (commits maps it to its document), lease or no lease, and drops its lease.
 */
export const COMMIT = `${NOW}
if redis.call('HSETNX', KEYS[3], ARGV[1], ARGV[2]) == 1 then
  redis.call('INCR', KEYS[1])
  local expireAt = ${EXPIRE_AT('ARGV[3]', 'ARGV[4]')}
  redis.call('PEXPIREAT', KEYS[1], expireAt)
  redis.call('PEXPIREAT', KEYS[3], expireAt)
end
redis.call('ZREM', KEYS[2], ARGV[1])
return 1`;

/** KEYS: leases. ARGV: reservation id. */
export const RELEASE = `redis.call('ZREM', KEYS[1], ARGV[1])
return 1`;

/** KEYS: leases. ARGV: lease ms, reservation ids…. Renews the leases still there (XX never adds one back). */
export const RENEW = `${NOW}
for i = 2, #ARGV do
  redis.call('ZADD', KEYS[1], 'XX', now + tonumber(ARGV[1]), ARGV[i])
end
return 1`;

/** KEYS: used, leases. Returns { used, live leases }. */
export const USAGE = `${NOW}
return { tonumber(redis.call('GET', KEYS[1]) or '0'), redis.call('ZCOUNT', KEYS[2], '(' .. now, '+inf') }`;
