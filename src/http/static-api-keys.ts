// An authenticate function over a fixed key → account map, comparing keys in constant time.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { Principal } from '../service/index.js';
import type { Authenticate } from './authenticate.js';

/**
 * `staticApiKeys({ 'sk_live_…': 'acct-1' })`. Keys are compared as SHA-256 digests with
 * `timingSafeEqual`, every key every time, so neither the key's length nor how much of it
 * matched shows in the response time.
 */
export function staticApiKeys(keys: Readonly<Record<string, string>>): Authenticate {
  const entries = Object.entries(keys).map(([key, accountId]) => {
    if (key === '' || accountId === '') throw new Error('staticApiKeys: keys and account ids must be non-empty strings');
    return { digest: sha256(key), accountId };
  });
  return (key: string): Principal | null => {
    const digest = sha256(key);
    let accountId: string | null = null;
    for (const entry of entries) {
      const equal = timingSafeEqual(entry.digest, digest);
      if (equal && accountId === null) accountId = entry.accountId;
    }
    return accountId === null ? null : { accountId };
  };
}

function sha256(text: string): Buffer {
  return createHash('sha256').update(text, 'utf8').digest();
}
