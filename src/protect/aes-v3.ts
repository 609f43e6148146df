// The AESV3 crypt filter: AES-256-CBC under the file key, a fresh random IV first, PKCS#7 padding.
import { createCipheriv, randomBytes, type Cipheriv } from 'node:crypto';

/** Encrypts one string or stream; revision 6 uses the file key itself, not a per-object key. */
export type EncryptAesV3 = (data: Uint8Array) => Buffer;

// Below this, CBC chained by hand over one reusable AES-256-ECB cipher beats a new cipher per call.
const SHORT_BYTES = 64;
const IV_POOL_BYTES = 4096;
let ivPool: Buffer = Buffer.alloc(0);
let ivOffset = 0;

/** An encrypter for one document: PDFs hold many short strings, each with its own IV. */
export function aesV3Encrypter(fileKey: Uint8Array): EncryptAesV3 {
  let ecb: Cipheriv | undefined;
  return (data) => {
    const iv = nextIv();
    if (data.length >= SHORT_BYTES) {
      const cipher = createCipheriv('aes-256-cbc', fileKey, iv);
      return Buffer.concat([iv, cipher.update(data), cipher.final()]);
    }
    ecb ??= createCipheriv('aes-256-ecb', fileKey, null).setAutoPadding(false);
    const padding = 16 - (data.length % 16);
    const out = Buffer.alloc(16 + data.length + padding, padding);
    iv.copy(out, 0);
    out.set(data, 16);
    for (let block = 16; block < out.length; block += 16) {
      for (let i = 0; i < 16; i++) out[block + i] ^= out[block - 16 + i];
      ecb.update(out.subarray(block, block + 16)).copy(out, block);
    }
    return out;
  };
}

/** 16 bytes from the CSPRNG, drawn 4 KB at a time. */
function nextIv(): Buffer {
  if (ivOffset + 16 > ivPool.length) {
    ivPool = randomBytes(IV_POOL_BYTES);
    ivOffset = 0;
  }
  ivOffset += 16;
  return ivPool.subarray(ivOffset - 16, ivOffset);
}
