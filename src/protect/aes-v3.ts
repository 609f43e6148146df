// The AESV3 crypt filter: AES-256-CBC under the file key, a fresh random IV first, PKCS#7 padding.
import { createCipheriv, randomBytes } from 'node:crypto';

/** Every string and stream is encrypted alike: revision 6 uses the file key itself, not a per-object key. */
export function encryptAesV3(fileKey: Uint8Array, data: Uint8Array): Buffer {
  const iv = randomBytes(16);
  const cipher = createCipheriv('aes-256-cbc', fileKey, iv);
  return Buffer.concat([iv, cipher.update(data), cipher.final()]);
}
