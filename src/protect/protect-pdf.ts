// protectPdf: encrypts any PDF after the fact (AES-256, revision 6). The rewriting is done with
// @cantoo/pdf-lib, imported on first use: loading it costs ~27 MB of resident memory, and engines
// that encrypt their own output (the native one) never need it.
import { resolveProtection, type ProtectOptions } from './protect-options.js';

/**
 * Every string and stream is encrypted under a fresh file key; the output has a classic
 * cross-reference table, no object streams, and a fresh /ID. Object and cross-reference streams
 * and incremental updates in the input are read, flattened to the latest revision. Rejects with
 * ValidationError for a password breaking the rules (see `validatePassword`) and with
 * DocumentCreationError for input that is not a readable, unencrypted PDF.
 */
export async function protectPdf(bytes: Uint8Array, options: ProtectOptions): Promise<Uint8Array> {
  const protection = resolveProtection(options);
  const { protectWithPdfLib } = await import('./pdf-lib-protect.js');
  return protectWithPdfLib(bytes, protection);
}
