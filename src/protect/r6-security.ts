// The standard security handler, revision 6 (ISO 32000-2 Algorithms 8, 9, 10): the /Encrypt entries.
import { createCipheriv, randomBytes } from 'node:crypto';
import { hash2B } from './hash-2b.js';
import type { ResolvedProtection } from './protect-options.js';

/** The /Encrypt dictionary's values; strings are raw bytes, names are plain strings. */
export interface R6EncryptDictionary {
  readonly Filter: 'Standard';
  readonly V: 5;
  readonly R: 6;
  readonly Length: 256;
  readonly CF: { readonly StdCF: { readonly AuthEvent: 'DocOpen'; readonly CFM: 'AESV3'; readonly Length: 32 } };
  readonly StmF: 'StdCF';
  readonly StrF: 'StdCF';
  readonly O: Uint8Array;
  readonly U: Uint8Array;
  readonly OE: Uint8Array;
  readonly UE: Uint8Array;
  readonly P: number;
  readonly Perms: Uint8Array;
}

const ZERO_IV = new Uint8Array(16);
// Bytes 4-11 of /Perms: 0xFFFFFFFF, 'T' (metadata encrypted too), 'adb'.
const PERMS_MIDDLE = new Uint8Array([0xff, 0xff, 0xff, 0xff, 0x54, 0x61, 0x64, 0x62]);

/** A fresh random file encryption key (AES-256). */
export function newFileKey(): Uint8Array {
  return new Uint8Array(randomBytes(32));
}

/**
 * Salts are drawn fresh each call. Without an owner password, /O and /OE are random bytes: the hash
 * of a random password nobody keeps is indistinguishable from them and matches no password anyone
 * can type, and skipping it halves the cost (two Algorithm 2.B runs instead of four).
 */
export function r6EncryptDictionary(protection: ResolvedProtection, fileKey: Uint8Array): R6EncryptDictionary {
  if (fileKey.length !== 32) throw new Error(`r6EncryptDictionary: the file key must be 32 bytes, not ${fileKey.length}`);
  const user = protection.userPassword;
  const userSalts = randomBytes(16);
  const U = Buffer.concat([hash2B(user, userSalts.subarray(0, 8)), userSalts]);
  const UE = wrapKey(hash2B(user, userSalts.subarray(8, 16)), fileKey);

  const owner = protection.ownerPassword;
  let O: Uint8Array;
  let OE: Uint8Array;
  if (owner === null) {
    O = randomBytes(48);
    OE = randomBytes(32);
  } else {
    const ownerSalts = randomBytes(16);
    O = Buffer.concat([hash2B(owner, ownerSalts.subarray(0, 8), U), ownerSalts]);
    OE = wrapKey(hash2B(owner, ownerSalts.subarray(8, 16), U), fileKey);
  }

  const permsBlock = Buffer.alloc(16);
  permsBlock.writeInt32LE(protection.permissions, 0);
  permsBlock.set(PERMS_MIDDLE, 4);
  randomBytes(4).copy(permsBlock, 12);
  const Perms = createCipheriv('aes-256-ecb', fileKey, null).setAutoPadding(false).update(permsBlock);

  return {
    Filter: 'Standard',
    V: 5,
    R: 6,
    Length: 256,
    CF: { StdCF: { AuthEvent: 'DocOpen', CFM: 'AESV3', Length: 32 } },
    StmF: 'StdCF',
    StrF: 'StdCF',
    O,
    U,
    OE,
    UE,
    P: protection.permissions,
    Perms,
  };
}

/** /UE and /OE: the file key under AES-256-CBC with a zero IV and no padding. */
function wrapKey(key: Uint8Array, fileKey: Uint8Array): Buffer {
  return createCipheriv('aes-256-cbc', key, ZERO_IV).setAutoPadding(false).update(fileKey);
}
