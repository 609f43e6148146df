// parseApiKeys: the PAGESMITH_API_KEYS format.
import { describe, expect, it } from 'vitest';
import { parseApiKeys } from './parse-api-keys.js';

describe('parseApiKeys', () => {
  it('reads comma-separated key:account pairs, ignoring blanks and spaces', () => {
    expect(parseApiKeys(' k1:acct-1, k2:acct-2 ,,')).toEqual({ k1: 'acct-1', k2: 'acct-2' });
    expect(parseApiKeys('')).toEqual({});
  });

  it('lets a key contain colons; the account is after the last one', () => {
    expect(parseApiKeys('a:b:acct')).toEqual({ 'a:b': 'acct' });
  });

  it.each(['nocolon', ':acct', 'key:', 'k:a,k:b'])('refuses %j', (text) => {
    expect(() => parseApiKeys(text)).toThrow();
  });

  it('names a bad entry without echoing the key', () => {
    expect(() => parseApiKeys('sk_live_verysecret')).toThrow(/sk_l…/);
    expect(() => parseApiKeys('sk_live_verysecret')).not.toThrow(/verysecret/);
  });
});
