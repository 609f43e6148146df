// staticApiKeys: exact keys only, each mapped to its account.
import { describe, expect, it } from 'vitest';
import { staticApiKeys } from './static-api-keys.js';

describe('staticApiKeys', () => {
  const authenticate = staticApiKeys({ sk_live_aaaa: 'acct-1', sk_live_bbbb: 'acct-2' });

  it('maps each key to its account', () => {
    expect(authenticate('sk_live_aaaa')).toEqual({ accountId: 'acct-1' });
    expect(authenticate('sk_live_bbbb')).toEqual({ accountId: 'acct-2' });
  });

  it.each(['', 'sk_live_aaa', 'sk_live_aaaaa', 'SK_LIVE_AAAA', ' sk_live_aaaa', 'acct-1'])('refuses %j', (key) => {
    expect(authenticate(key)).toBeNull();
  });

  it('refuses everything with no keys, and refuses empty keys or accounts up front', () => {
    expect(staticApiKeys({})('anything')).toBeNull();
    expect(() => staticApiKeys({ '': 'acct' })).toThrow();
    expect(() => staticApiKeys({ key: '' })).toThrow();
  });
});
