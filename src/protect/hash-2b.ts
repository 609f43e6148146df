// ISO 32000-2 Algorithm 2.B: the deliberately slow hash revision 6 checks passwords and wraps keys with.
import { createCipheriv, createHash } from 'node:crypto';

const NEXT_HASH = ['sha256', 'sha384', 'sha512'] as const;
const EMPTY = new Uint8Array(0);

/** `udata` is empty for the user password and the 48-byte /U entry for the owner password. */
export function hash2B(password: Uint8Array, salt: Uint8Array, udata: Uint8Array = EMPTY): Buffer {
  let k: Buffer = createHash('sha256').update(password).update(salt).update(udata).digest();
  // K1 is 64 copies of password || K || udata, K at most 64 bytes (SHA-512).
  const k1 = Buffer.allocUnsafe((password.length + 64 + udata.length) * 64);
  for (let round = 1; ; round++) {
    const unit = password.length + k.length + udata.length;
    k1.set(password, 0);
    k1.set(k, password.length);
    k1.set(udata, password.length + k.length);
    const total = unit * 64;
    for (let filled = unit; filled < total; filled *= 2) k1.copy(k1, filled, 0, Math.min(filled, total - filled));
    const e = createCipheriv('aes-128-cbc', k.subarray(0, 16), k.subarray(16, 32)).setAutoPadding(false).update(k1.subarray(0, total));
    // The first 16 bytes of E as one big-endian number, mod 3, equal their byte sum mod 3 (256 ≡ 1).
    let sum = 0;
    for (let i = 0; i < 16; i++) sum += e[i];
    k = createHash(NEXT_HASH[sum % 3]).update(e).digest();
    if (round >= 64 && e[e.length - 1] <= round - 32) return k.subarray(0, 32);
  }
}
