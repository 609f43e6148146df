// isEncryptedPdf: /Encrypt found in a classic trailer or a cross-reference stream dictionary.
import PDFDocument from 'pdfkit';
import { describe, expect, it } from 'vitest';
import { isEncryptedPdf } from './is-encrypted.js';
import { pdfkitR6Options } from './pdfkit-r6.js';

async function pdfkitBytes(options: PDFKit.PDFDocumentOptions): Promise<Uint8Array> {
  const doc = new PDFDocument(options);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise((resolve) => doc.on('end', resolve));
  doc.text('hello');
  doc.end();
  await done;
  return new Uint8Array(Buffer.concat(chunks));
}

describe('isEncryptedPdf', () => {
  it('finds /Encrypt in a classic trailer', async () => {
    expect(isEncryptedPdf(await pdfkitBytes({}))).toBe(false);
    expect(isEncryptedPdf(await pdfkitBytes(pdfkitR6Options({ userPassword: 'p' })))).toBe(true);
  });

  it('finds /Encrypt in a cross-reference stream dictionary', () => {
    const plain = xrefStreamPdf('/Type /XRef /Size 3 /Root 1 0 R');
    const encrypted = xrefStreamPdf('/Type /XRef /Size 3 /Root 1 0 R /Encrypt 2 0 R');
    expect(isEncryptedPdf(plain)).toBe(false);
    expect(isEncryptedPdf(encrypted)).toBe(true);
  });

  it('says no for anything without a trailer', () => {
    expect(isEncryptedPdf(new Uint8Array(0))).toBe(false);
    expect(isEncryptedPdf(Buffer.from('not a pdf /Encrypt'))).toBe(false);
  });
});

function xrefStreamPdf(dictionary: string): Uint8Array {
  const head = '%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\n';
  const xref = `3 0 obj\n<< ${dictionary} /Length 4 >>\nstream\n\x00\x01\x02\x03\nendstream\nendobj\n`;
  return Buffer.from(`${head}${xref}startxref\n${head.length}\n%%EOF\n`, 'latin1');
}
