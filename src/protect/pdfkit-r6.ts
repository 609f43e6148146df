// Revision 6 for pdfkit: re-keys the AES-256 (revision 5) handler pdfkit builds to ISO 32000-2 revision 6.
import { randomBytes } from 'node:crypto';
import { aesV3Encrypter } from './aes-v3.js';
import { resolveProtection, type ProtectOptions } from './protect-options.js';
import { r6EncryptDictionary } from './r6-security.js';

/** The pdfkit 0.20 internals touched here; checked at run time, so a pdfkit that changed them fails loudly. */
interface PdfkitSecurity {
  version: unknown;
  encryptionKey: unknown;
  dictionary: { data: Record<string, unknown> };
  getEncryptFn(objectNumber: number, generation: number): (data: Uint8Array) => Uint8Array;
}

interface PdfkitDocument {
  _security?: PdfkitSecurity | null;
  _id?: unknown;
  _root?: { data: Record<string, unknown> };
}

/**
 * Options for `new PDFDocument(...)`: pdfkit's AES-256 handler, which `upgradeToR6` then re-keys.
 * Throws ValidationError for a password breaking the rules, before pdfkit sees it.
 */
export function pdfkitR6Options(options: ProtectOptions): { pdfVersion: '1.7ext3'; userPassword: string } {
  const { userPassword } = resolveProtection(options);
  // pdfkit needs a password to build its handler; every entry it derives from it is replaced.
  return { pdfVersion: '1.7ext3', userPassword: Buffer.from(userPassword).toString('utf8') };
}

/**
 * Call right after `new PDFDocument(pdfkitR6Options(options) + ...)`, before anything is written.
 * pdfkit draws a random 32-byte file key and encrypts each string and stream with it as it writes;
 * that key is the same in revisions 5 and 6, so only the password entries (/U /UE /O /OE, now
 * hashed with Algorithm 2.B), /P, /Perms and R change. Strings and streams are then encrypted with
 * node:crypto, a fresh IV each (pdfkit reuses one per object). The /ID becomes random, as pdfkit
 * derives it from the document information, which it would otherwise leak.
 */
export function upgradeToR6(doc: object, options: ProtectOptions): void {
  const target = doc as PdfkitDocument;
  const security = target._security;
  if (!security || security.version !== 5 || !(security.encryptionKey instanceof Uint8Array) || security.encryptionKey.length !== 32) {
    throw new Error("upgradeToR6: the document has no pdfkit AES-256 handler; create it with pdfkitR6Options(...) (pdfVersion '1.7ext3')");
  }
  if (!target._root || typeof security.dictionary?.data !== 'object' || security.dictionary.data.V !== 5) {
    throw new Error('upgradeToR6: pdfkit internals are not the expected ones (pdfkit 0.20); check src/protect/pdfkit-r6.ts');
  }
  const fileKey = new Uint8Array(security.encryptionKey);
  const dictionary = r6EncryptDictionary(resolveProtection(options), fileKey);
  Object.assign(security.dictionary.data, dictionary);
  const encrypt = aesV3Encrypter(fileKey);
  security.getEncryptFn = () => encrypt;
  target._id = new Uint8Array(randomBytes(16));
  // pdfkit writes %PDF-1.7 for '1.7ext3' but no extension dictionary; AES-256 is ADBE level 8.
  target._root.data.Extensions = { ADBE: { BaseVersion: '1.7', ExtensionLevel: 8 } };
}
