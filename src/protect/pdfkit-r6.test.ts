// upgradeToR6: a pdfkit document re-keyed to revision 6, read back by pdfjs.
import PDFDocument from 'pdfkit';
import { describe, expect, it } from 'vitest';
import { readPdf } from '../testing/read-pdf.js';
import { pdfkitR6Options, upgradeToR6 } from './pdfkit-r6.js';
import type { ProtectOptions } from './protect-options.js';

const TITLE = 'Quarterly figures, confidential';

async function written(doc: PDFKit.PDFDocument): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise((resolve) => doc.on('end', resolve));
  doc.end();
  await done;
  return new Uint8Array(Buffer.concat(chunks));
}

async function protectedDocument(options: ProtectOptions): Promise<Uint8Array> {
  const doc = new PDFDocument({ info: { Title: TITLE }, ...pdfkitR6Options(options) });
  upgradeToR6(doc, options);
  doc.text('Hello, protected world');
  doc.text('pagesmith', { link: 'https://example.com/pagesmith' });
  return written(doc);
}

async function rejection(bytes: Uint8Array, password?: string): Promise<{ name?: string; code?: number }> {
  return readPdf(bytes, { password }).then(
    () => ({}),
    (error: { name?: string; code?: number }) => ({ name: error.name, code: error.code }),
  );
}

describe('upgradeToR6', () => {
  it('gives a PDF pdfjs opens with the user or owner password, strings and streams decrypted', async () => {
    const bytes = await protectedDocument({ userPassword: 'user', ownerPassword: 'owner' });
    for (const password of ['user', 'owner']) {
      const pdf = await readPdf(bytes, { password });
      expect(pdf.pages[0].text).toContain('Hello, protected world');
      expect(pdf.info.Title).toBe(TITLE);
      expect(pdf.pages[0].links).toEqual([expect.objectContaining({ url: 'https://example.com/pagesmith' })]);
    }
  });

  it('gives a PDF pdfjs refuses without the password or with a wrong one', async () => {
    const bytes = await protectedDocument({ userPassword: 'user' });
    expect(await rejection(bytes)).toEqual({ name: 'PasswordException', code: 1 });
    expect(await rejection(bytes, 'wrong')).toEqual({ name: 'PasswordException', code: 2 });
  });

  it('writes revision 6 with AESV3, the extension level, and no string in the clear', async () => {
    const bytes = await protectedDocument({ userPassword: 'user', permissions: { copy: false } });
    const text = Buffer.from(bytes).toString('latin1');
    const encrypt = /\/Filter \/Standard[\s\S]*?endobj/.exec(text)?.[0] ?? '';
    expect(encrypt).toMatch(/\/V 5\b/);
    expect(encrypt).toMatch(/\/R 6\b/);
    expect(encrypt).toMatch(/\/CFM \/AESV3\b/);
    expect(encrypt).toMatch(/\/P -20\b/);
    expect(encrypt).toMatch(/\/Perms <[0-9a-f]{32}>/);
    expect(text).toMatch(/\/ExtensionLevel 8\b/);
    expect(text).not.toContain(TITLE);
    expect(text).not.toContain('example.com');
  });

  it('draws a random /ID rather than one derived from the document information', async () => {
    const id = (bytes: Uint8Array) => /\/ID \[<([0-9a-f]+)>/.exec(Buffer.from(bytes).toString('latin1'))?.[1];
    const [a, b] = [await protectedDocument({ userPassword: 'u' }), await protectedDocument({ userPassword: 'u' })];
    expect(id(a)).toMatch(/^[0-9a-f]{32}$/);
    expect(id(a)).not.toBe(id(b));
  });

  it('refuses a document pdfkit did not set up for AES-256', () => {
    expect(() => upgradeToR6(new PDFDocument(), { userPassword: 'u' })).toThrow(/pdfVersion '1.7ext3'/);
    expect(() => upgradeToR6(new PDFDocument({ userPassword: 'u', pdfVersion: '1.7' }), { userPassword: 'u' })).toThrow(/AES-256 handler/);
  });

  it('refuses a password breaking the rules before pdfkit sees it', () => {
    expect(() => pdfkitR6Options({ userPassword: '' })).toThrow(expect.objectContaining({ status: 422 }));
  });
});
