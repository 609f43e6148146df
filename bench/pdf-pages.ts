// Counts the pages of a PDF by its page objects, close enough for reporting benchmark output.

/** The number of `/Type /Page` objects in an uncompressed-xref PDF (pdfkit's and Chromium's output). */
export function countPdfPages(bytes: Uint8Array): number {
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
  return text.match(/\/Type\s*\/Page(?![a-zA-Z])/g)?.length ?? 0;
}
