// The page count of a PDF another program wrote (object streams and all), read with pdf-lib.
// pdf-lib is imported when first needed: loading it costs ~27 MB of resident memory, and only the
// Chromium engine (with a page limit) uses it.
export async function countPdfPages(bytes: Uint8Array): Promise<number> {
  const { PDFDocument } = await import('@cantoo/pdf-lib');
  const document = await PDFDocument.load(bytes, { updateMetadata: false, ignoreEncryption: true });
  return document.getPageCount();
}
