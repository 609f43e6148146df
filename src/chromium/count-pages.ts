// The page count of a PDF another program wrote (object streams and all), read with pdf-lib.
import { PDFDocument } from '@cantoo/pdf-lib';

export async function countPdfPages(bytes: Uint8Array): Promise<number> {
  const document = await PDFDocument.load(bytes, { updateMetadata: false, ignoreEncryption: true });
  return document.getPageCount();
}
