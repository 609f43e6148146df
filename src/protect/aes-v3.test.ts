// aesV3Encrypter: IV first, then AES-256-CBC with PKCS#7, for short strings and long streams alike.
import { createDecipheriv, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { aesV3Encrypter } from './aes-v3.js';

function decrypt(key: Uint8Array, encrypted: Uint8Array): Buffer {
  const decipher = createDecipheriv('aes-256-cbc', key, encrypted.subarray(0, 16));
  return Buffer.concat([decipher.update(encrypted.subarray(16)), decipher.final()]);
}

describe('aesV3Encrypter', () => {
  it('round-trips every length across the short and long paths', () => {
    const key = randomBytes(32);
    const encrypt = aesV3Encrypter(key);
    for (let length = 0; length <= 200; length++) {
      const data = randomBytes(length);
      const encrypted = encrypt(data);
      expect(encrypted.length).toBe(16 + (Math.floor(length / 16) + 1) * 16);
      expect(decrypt(key, encrypted).equals(data)).toBe(true);
    }
  });

  it('draws a fresh IV each call, so equal strings differ', () => {
    const encrypt = aesV3Encrypter(randomBytes(32));
    const seen = new Set<string>();
    for (let i = 0; i < 1000; i++) seen.add(encrypt(Buffer.from('same')).toString('hex'));
    expect(seen.size).toBe(1000);
  });

  it('does not change its input', () => {
    const data = Buffer.from('short string');
    aesV3Encrypter(randomBytes(32))(data);
    expect(data.toString()).toBe('short string');
  });
});
