// Whether a PDF's last trailer names an /Encrypt dictionary: a cheap check on an engine's claim to encrypt.

const TAIL_BYTES = 4096;

/**
 * Reads only the end of the file: the classic trailer just before `startxref`, or the dictionary of
 * the cross-reference stream `startxref` points at. Not a validation of the encryption itself.
 */
export function isEncryptedPdf(bytes: Uint8Array): boolean {
  const tailStart = Math.max(0, bytes.length - TAIL_BYTES);
  const tail = latin1(bytes, tailStart, bytes.length);
  const startxref = tail.lastIndexOf('startxref');
  if (startxref < 0) return false;
  const trailer = tail.lastIndexOf('trailer', startxref);
  if (trailer >= 0) return /\/Encrypt[\s/<[(\d]/.test(tail.slice(trailer, startxref));
  const offset = Number(/^startxref\s+(\d+)/.exec(tail.slice(startxref))?.[1]);
  if (!Number.isSafeInteger(offset) || offset >= bytes.length) return false;
  const head = latin1(bytes, offset, Math.min(bytes.length, offset + TAIL_BYTES));
  const dictionaryEnd = head.indexOf('stream');
  return /\/Encrypt[\s/<[(\d]/.test(dictionaryEnd < 0 ? head : head.slice(0, dictionaryEnd));
}

function latin1(bytes: Uint8Array, start: number, end: number): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset + start, end - start).toString('latin1');
}
