// protectPdf's work: encrypts any PDF after the fact (AES-256, revision 6) by rewriting it through
// @cantoo/pdf-lib. Imported by protect-pdf.ts when first needed.
import { randomBytes } from 'node:crypto';
import {
  EncryptedPDFError,
  ParseSpeeds,
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFHeader,
  PDFHexString,
  PDFInvalidObject,
  PDFName,
  PDFNumber,
  PDFRawStream,
  PDFStream,
  PDFString,
  type PDFContext,
  type PDFObject,
} from '@cantoo/pdf-lib';
import { DocumentCreationError } from '../errors/index.js';
import { aesV3Encrypter } from './aes-v3.js';
import type { ResolvedProtection } from './protect-options.js';
import { newFileKey, r6EncryptDictionary } from './r6-security.js';

type Encrypt = (bytes: Uint8Array) => Uint8Array;

const TYPE = PDFName.of('Type');
const CONTENTS = PDFName.of('Contents');
const SIGNATURE_TYPES = new Set([PDFName.of('Sig'), PDFName.of('DocTimeStamp')]);
// AES-256 arrived in PDF 1.7 as Adobe extension level 8, and is part of PDF 2.0 itself.
const AES256_EXTENSION_LEVEL = 8;

export async function protectWithPdfLib(bytes: Uint8Array, protection: ResolvedProtection): Promise<Uint8Array> {
  const document = await load(bytes);
  const { context } = document;
  const fileKey = newFileKey();

  dropCrossReferenceContainers(context);
  declareAes256(context);
  encryptObjects(context, aesV3Encrypter(fileKey));

  const dictionary = r6EncryptDictionary(protection, fileKey);
  context.trailerInfo.Encrypt = context.register(context.obj({ ...dictionary }));
  const id = PDFHexString.of(randomBytes(16).toString('hex'));
  context.trailerInfo.ID = context.obj([id, id]);

  // Object streams would need their members' strings left clear and the container encrypted;
  // a classic table keeps every object on its own.
  return document.save({ useObjectStreams: false, addDefaultPage: false, updateFieldAppearances: false, objectsPerTick: Infinity });
}

async function load(bytes: Uint8Array): Promise<PDFDocument> {
  try {
    return await PDFDocument.load(bytes, { updateMetadata: false, parseSpeed: ParseSpeeds.Fastest });
  } catch (error) {
    const detail =
      error instanceof EncryptedPDFError
        ? 'protectPdf: the PDF is already encrypted; protect the unencrypted original instead'
        : `protectPdf: the input could not be read as a PDF (${error instanceof Error ? error.message : String(error)})`;
    throw new DocumentCreationError({ detail, cause: error });
  }
}

/** The input's cross-reference and object streams are not written again: their members were read out. */
function dropCrossReferenceContainers(context: PDFContext): void {
  for (const [ref, object] of context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFRawStream)) continue;
    const type = object.dict.get(TYPE);
    if (type === PDFName.of('XRef') || type === PDFName.of('ObjStm')) context.delete(ref);
  }
}

/** Raises the header to 1.7 and declares extension level 8 below PDF 2.0, as Acrobat does. */
function declareAes256(context: PDFContext): void {
  const [major, minor] = context.header.getVersionString().split('.').map((part) => parseInt(part, 10) || 0);
  if (major >= 2) return;
  if (minor < 7) context.header = PDFHeader.forVersion(1, 7);
  const catalog = context.lookupMaybe(context.trailerInfo.Root, PDFDict);
  if (!catalog) throw new DocumentCreationError({ detail: 'protectPdf: the PDF has no document catalog' });
  const extensions = catalog.lookupMaybe(PDFName.of('Extensions'), PDFDict) ?? context.obj({});
  const adbe = extensions.lookupMaybe(PDFName.of('ADBE'), PDFDict) ?? context.obj({});
  const level = adbe.lookupMaybe(PDFName.of('ExtensionLevel'), PDFNumber)?.asNumber() ?? 0;
  if (level < AES256_EXTENSION_LEVEL) {
    adbe.set(PDFName.of('BaseVersion'), PDFName.of('1.7'));
    adbe.set(PDFName.of('ExtensionLevel'), PDFNumber.of(AES256_EXTENSION_LEVEL));
  }
  extensions.set(PDFName.of('ADBE'), adbe);
  catalog.set(PDFName.of('Extensions'), extensions);
}

function encryptObjects(context: PDFContext, encrypt: Encrypt): void {
  for (const [ref, object] of context.enumerateIndirectObjects()) {
    if (object instanceof PDFStream) {
      if (!(object instanceof PDFRawStream)) {
        throw new DocumentCreationError({ detail: `protectPdf: object ${ref.toString()} is a ${object.constructor.name}, not a stream as read` });
      }
      encryptStrings(object.dict, encrypt);
      object.updateContents(encrypt(object.getContents()));
    } else if (object instanceof PDFInvalidObject) {
      // Its strings could not be found, so they could not be encrypted: refuse rather than leak them.
      throw new DocumentCreationError({ detail: `protectPdf: object ${ref.toString()} could not be parsed, so it cannot be encrypted` });
    } else {
      const encrypted = encryptStrings(object, encrypt);
      if (encrypted !== object) context.assign(ref, encrypted);
    }
  }
  const info = context.trailerInfo.Info;
  if (info instanceof PDFDict) encryptStrings(info, encrypt);
}

/** Encrypts strings in place inside dictionaries and arrays; returns a replacement for a bare string. */
function encryptStrings(object: PDFObject, encrypt: Encrypt): PDFObject {
  if (object instanceof PDFString || object instanceof PDFHexString) {
    return PDFHexString.of(Buffer.from(encrypt(object.asBytes())).toString('hex'));
  }
  if (object instanceof PDFDict) {
    // ISO 32000-2 §7.6.2: a signature's /Contents is never encrypted.
    const signature = SIGNATURE_TYPES.has(object.get(TYPE) as PDFName);
    for (const [key, value] of object.entries()) {
      if (signature && key === CONTENTS) continue;
      const encrypted = encryptStrings(value, encrypt);
      if (encrypted !== value) object.set(key, encrypted);
    }
  } else if (object instanceof PDFArray) {
    for (let i = 0; i < object.size(); i++) {
      const value = object.get(i);
      const encrypted = encryptStrings(value, encrypt);
      if (encrypted !== value) object.set(i, encrypted);
    }
  }
  return object;
}
