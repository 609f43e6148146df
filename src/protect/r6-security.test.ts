// The revision 6 entries: each password recovers the file key only through its own entries.
import { createDecipheriv } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hash2B } from './hash-2b.js';
import { resolveProtection } from './protect-options.js';
import { newFileKey, r6EncryptDictionary } from './r6-security.js';

const ZERO_IV = Buffer.alloc(16);

function unwrap(key: Uint8Array, wrapped: Uint8Array): Buffer {
  return createDecipheriv('aes-256-cbc', key, ZERO_IV).setAutoPadding(false).update(wrapped);
}

/** ISO 32000-2 Algorithm 11: the user password matches /U. */
function userMatches(password: string, U: Uint8Array): boolean {
  return hash2B(Buffer.from(password), U.subarray(32, 40)).equals(U.subarray(0, 32));
}

/** Algorithm 12: the owner password matches /O (hashed with /U). */
function ownerMatches(password: string, O: Uint8Array, U: Uint8Array): boolean {
  return hash2B(Buffer.from(password), O.subarray(32, 40), U).equals(O.subarray(0, 32));
}

describe('r6EncryptDictionary', () => {
  const fileKey = newFileKey();

  it('writes a V5 R6 AESV3 dictionary with entries of the sizes ISO 32000-2 gives', () => {
    const dictionary = r6EncryptDictionary(resolveProtection({ userPassword: 'user', ownerPassword: 'owner' }), fileKey);
    expect(dictionary).toMatchObject({ Filter: 'Standard', V: 5, R: 6, Length: 256, StmF: 'StdCF', StrF: 'StdCF', P: -4 });
    expect(dictionary.CF.StdCF).toEqual({ AuthEvent: 'DocOpen', CFM: 'AESV3', Length: 32 });
    expect([dictionary.U.length, dictionary.O.length, dictionary.UE.length, dictionary.OE.length, dictionary.Perms.length]).toEqual([48, 48, 32, 32, 16]);
  });

  it('lets the user password, and only it, recover the file key through /U and /UE', () => {
    const { U, UE } = r6EncryptDictionary(resolveProtection({ userPassword: 'user', ownerPassword: 'owner' }), fileKey);
    expect(userMatches('user', U)).toBe(true);
    expect(userMatches('owner', U)).toBe(false);
    expect(unwrap(hash2B(Buffer.from('user'), U.subarray(40, 48)), UE).equals(fileKey)).toBe(true);
  });

  it('lets the owner password recover the file key through /O and /OE', () => {
    const { U, O, OE } = r6EncryptDictionary(resolveProtection({ userPassword: 'user', ownerPassword: 'owner' }), fileKey);
    expect(ownerMatches('owner', O, U)).toBe(true);
    expect(ownerMatches('user', O, U)).toBe(false);
    expect(unwrap(hash2B(Buffer.from('owner'), O.subarray(40, 48), U), OE).equals(fileKey)).toBe(true);
  });

  it('hashes the SASLprep form of a password', () => {
    const { U } = r6EncryptDictionary(resolveProtection({ userPassword: 'ﬁ\u00a0x' }), fileKey);
    expect(userMatches('fi x', U)).toBe(true);
  });

  it('gives no owner password when none is set: the user password does not match /O', () => {
    const { U, O } = r6EncryptDictionary(resolveProtection({ userPassword: 'user' }), fileKey);
    expect(ownerMatches('user', O, U)).toBe(false);
    expect(ownerMatches('', O, U)).toBe(false);
  });

  it('seals /P into /Perms under the file key (Algorithm 10)', () => {
    const { Perms, P } = r6EncryptDictionary(resolveProtection({ userPassword: 'u', permissions: { copy: false, print: false } }), fileKey);
    const block = createDecipheriv('aes-256-ecb', fileKey, null).setAutoPadding(false).update(Perms);
    expect(block.readInt32LE(0)).toBe(P);
    expect(P).toBe(-4 & ~(1 << 4) & ~(1 << 2) & ~(1 << 11));
    expect(block.subarray(4, 12).toString('latin1')).toBe('\xff\xff\xff\xffTadb');
  });

  it('draws fresh salts each time', () => {
    const protection = resolveProtection({ userPassword: 'user', ownerPassword: 'owner' });
    const a = r6EncryptDictionary(protection, fileKey);
    const b = r6EncryptDictionary(protection, fileKey);
    expect(Buffer.from(a.U).equals(b.U)).toBe(false);
    expect(Buffer.from(a.O).equals(b.O)).toBe(false);
  });

  it('refuses a file key that is not 32 bytes', () => {
    expect(() => r6EncryptDictionary(resolveProtection({ userPassword: 'u' }), new Uint8Array(16))).toThrow(/32 bytes/);
  });
});

describe('resolveProtection', () => {
  it('refuses a password breaking the rules with a ValidationError on the option', () => {
    expect(() => resolveProtection({ userPassword: '' })).toThrow(expect.objectContaining({ status: 422, issues: [expect.objectContaining({ field: 'userPassword' })] }));
    expect(() => resolveProtection({ userPassword: 'u', ownerPassword: 'x'.repeat(128) })).toThrow(
      expect.objectContaining({ issues: [expect.objectContaining({ field: 'ownerPassword', message: expect.stringContaining('127 bytes') })] }),
    );
  });
});
