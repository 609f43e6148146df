// protectPdf over PDFs pagesmith did not write: Chromium's (classic table), the same rewritten with
// object streams, both with an incremental update; read back by pdfjs, qpdf and pdftotext.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DocumentCreationError, protectPdf, ValidationError } from '../../src/index.js';
import { readPdf } from '../../src/testing/read-pdf.js';
import { appendInfoUpdate } from './incremental-update.js';
import { describeWithTools, pdfjs, pdfjsText, pdftotext, qpdf, words } from './tools.js';

const fixture = (name: string) => new Uint8Array(readFileSync(new URL(`../fixtures/chromium/${name}`, import.meta.url)));
const latin1 = (bytes: Uint8Array) => Buffer.from(bytes).toString('latin1');

const CLASSIC = fixture('gotenberg-pages-3.pdf');
const OBJECT_STREAMS = fixture('gotenberg-pages-3.objstm.pdf');
const LINKS = fixture('postmark-receipt-email.pdf');

/** The information dictionary's entries, without what pdfjs adds about the file (version, encryption). */
const documentInfo = (info: Readonly<Record<string, string>>) =>
  Object.fromEntries(Object.entries(info).filter(([key]) => key !== 'PDFFormatVersion' && key !== 'EncryptFilterName'));

const INPUTS: readonly [string, Uint8Array][] = [
  ['a Chromium PDF (classic cross-reference table)', CLASSIC],
  ['the same with object streams and a cross-reference stream', OBJECT_STREAMS],
  ['a Chromium PDF with links', LINKS],
];

describe('protectPdf (pdfjs)', () => {
  it('has fixtures of each structure', () => {
    expect(latin1(CLASSIC)).toMatch(/\nxref\n/);
    expect(latin1(OBJECT_STREAMS)).toMatch(/\/Type\s*\/ObjStm/);
    expect(latin1(OBJECT_STREAMS)).toMatch(/\/Type\s*\/XRef/);
    expect(latin1(LINKS)).toMatch(/\/URI/);
  });

  it.each(INPUTS)('keeps %s whole behind the password: text, information, links', async (_, input) => {
    const original = await readPdf(input);
    const bytes = await protectPdf(input, { userPassword: 'user pw', ownerPassword: 'owner pw' });
    for (const password of ['user pw', 'owner pw']) {
      const read = await readPdf(bytes, { password });
      expect(read.pageCount).toBe(original.pageCount);
      expect(pdfjsText(read)).toBe(pdfjsText(original));
      expect(documentInfo(read.info)).toEqual(documentInfo(original.info));
      expect(read.pages.map((page) => page.links)).toEqual(original.pages.map((page) => page.links));
    }
  });

  it.each(INPUTS)('makes %s unreadable without the password or with a wrong one', async (_, input) => {
    const bytes = await protectPdf(input, { userPassword: 'user pw' });
    expect(await pdfjs(bytes)).toEqual({ passwordException: 'need' });
    expect(await pdfjs(bytes, 'wrong')).toEqual({ passwordException: 'incorrect' });
    expect(await pdfjs(bytes, 'User pw')).toEqual({ passwordException: 'incorrect' });
  });

  it('leaves no string in the clear and writes one classic table, no object streams', async () => {
    const original = latin1(LINKS);
    const title = /\/Title \(([^)]+)\)/.exec(original)?.[1];
    const uri = /\/URI \(([^)]+)\)/.exec(original)?.[1];
    expect(title && uri).toBeTruthy();
    const text = latin1(await protectPdf(LINKS, { userPassword: 'u' }));
    expect(text).not.toContain(title);
    expect(text).not.toContain(uri);
    expect(text).not.toMatch(/\/Type\s*\/(ObjStm|XRef)\b/);
    expect(text.match(/\nxref\n/g)).toHaveLength(1);
    expect(text.match(/\/Encrypt \d+ 0 R/g)).toHaveLength(1);
    expect(text.startsWith('%PDF-1.7')).toBe(true);
    expect(text).toMatch(/\/ExtensionLevel 8\b/);
  });

  it('takes non-ASCII and 127-byte passwords as pdfjs types them', async () => {
    const longest = 'é'.repeat(63) + 'x';
    const bytes = await protectPdf(CLASSIC, { userPassword: 'pässwörd €', ownerPassword: longest });
    expect(await pdfjs(bytes, 'pässwörd €')).toMatchObject({ pageCount: 3 });
    expect(await pdfjs(bytes, longest)).toMatchObject({ pageCount: 3 });
    expect(await pdfjs(bytes, 'passwörd €')).toEqual({ passwordException: 'incorrect' });
  });

  it('draws a fresh /ID each time', async () => {
    const id = (bytes: Uint8Array) => /\/ID \[\s*<([0-9a-fA-F]+)>/.exec(latin1(bytes))?.[1];
    const a = await protectPdf(CLASSIC, { userPassword: 'u' });
    const b = await protectPdf(CLASSIC, { userPassword: 'u' });
    expect(id(a)).toMatch(/^[0-9a-f]{32}$/);
    expect(id(a)).not.toBe(id(b));
    expect(id(a)).not.toBe(id(CLASSIC));
  });

  it.each([
    ['a classic table', CLASSIC, 'table'],
    ['a cross-reference stream', OBJECT_STREAMS, 'stream'],
  ] as const)('keeps the latest revision of an incremental update in %s', async (_, input, style) => {
    const updated = appendInfoUpdate(input, 'Revised title', style);
    expect((await readPdf(updated)).info.Title).toBe('Revised title');
    const read = await readPdf(await protectPdf(updated, { userPassword: 'u' }), { password: 'u' });
    expect(read.info.Title).toBe('Revised title');
    expect(pdfjsText(read)).toBe(pdfjsText(await readPdf(input)));
  });

  it('refuses an encrypted PDF, and anything that is not a PDF, with DocumentCreationError', async () => {
    const encrypted = await protectPdf(CLASSIC, { userPassword: 'u' });
    await expect(protectPdf(encrypted, { userPassword: 'v' })).rejects.toSatisfy(
      (error) => error instanceof DocumentCreationError && /already encrypted/.test(error.detail ?? ''),
    );
    await expect(protectPdf(Buffer.from('hello'), { userPassword: 'v' })).rejects.toBeInstanceOf(DocumentCreationError);
  });

  it('refuses passwords breaking the rules with ValidationError', async () => {
    await expect(protectPdf(CLASSIC, { userPassword: '' })).rejects.toBeInstanceOf(ValidationError);
    await expect(protectPdf(CLASSIC, { userPassword: 'u', ownerPassword: '\u0000' })).rejects.toBeInstanceOf(ValidationError);
  });

  it('does not change its input', async () => {
    const copy = new Uint8Array(LINKS);
    await protectPdf(LINKS, { userPassword: 'u' });
    expect(Buffer.from(LINKS).equals(copy)).toBe(true);
  });
});

describeWithTools(['qpdf', 'pdftotext'], 'protectPdf (qpdf, pdftotext)', () => {
  it.each(INPUTS)('gives %s revision 6, AESv3 and no qpdf error; pdftotext reads it with the password only', async (_, input) => {
    const bytes = await protectPdf(input, { userPassword: 'user pw', ownerPassword: 'owner pw' });
    const report = qpdf(bytes, 'user pw');
    expect(report.checkStatus, report.checkOutput).toBe(0);
    expect(report.checkOutput).toContain('No syntax or stream encoding errors');
    expect(report.encryption).toEqual(
      expect.arrayContaining([
        'R = 6',
        'Supplied password is user password',
        'stream encryption method: AESv3',
        'string encryption method: AESv3',
        'file encryption method: AESv3',
      ]),
    );
    expect(qpdf(bytes, 'owner pw').encryption).toContain('Supplied password is owner password');

    const expected = pdftotext(input);
    expect(expected.status).toBe(0);
    const read = pdftotext(bytes, 'user pw');
    expect(read.status).toBe(0);
    expect(words(read.text)).toBe(words(expected.text));
    expect(words(read.text)).not.toBe('');
    expect(pdftotext(bytes).status).not.toBe(0);
    expect(pdftotext(bytes, 'wrong').status).not.toBe(0);
  });

  it('takes non-ASCII and 127-byte passwords as qpdf and pdftotext type them', async () => {
    const longest = 'x'.repeat(127);
    const bytes = await protectPdf(CLASSIC, { userPassword: 'pässwörd €', ownerPassword: longest });
    expect(qpdf(bytes, 'pässwörd €').encryption).toContain('Supplied password is user password');
    expect(qpdf(bytes, longest).encryption).toContain('Supplied password is owner password');
    expect(pdftotext(bytes, 'pässwörd €').text).toContain('Page 1');
  });

  it('is refused by qpdf with a wrong password', async () => {
    const bytes = await protectPdf(CLASSIC, { userPassword: 'user pw' });
    expect(qpdf(bytes, 'wrong').checkStatus).not.toBe(0);
  });

  it('writes the permissions qpdf reads back', async () => {
    const all = qpdf(await protectPdf(CLASSIC, { userPassword: 'u' }), 'u').encryption;
    expect(all).toEqual(expect.arrayContaining(['P = -4', 'print high resolution: allowed', 'extract for any purpose: allowed', 'modify anything: allowed']));

    const restricted = qpdf(await protectPdf(CLASSIC, { userPassword: 'u', permissions: { printHighQuality: false, copy: false, modify: false, assemble: false } }), 'u').encryption;
    expect(restricted).toEqual(
      expect.arrayContaining([
        'print low resolution: allowed',
        'print high resolution: not allowed',
        'extract for any purpose: not allowed',
        'extract for accessibility: allowed',
        'modify document assembly: not allowed',
        'modify forms: allowed',
        'modify annotations: allowed',
        'modify other: not allowed',
      ]),
    );

    const none = qpdf(
      await protectPdf(CLASSIC, {
        userPassword: 'u',
        permissions: { print: false, copy: false, modify: false, annotate: false, fillForms: false, assemble: false, extractForAccessibility: false },
      }),
      'u',
    ).encryption;
    expect(none.filter((line) => line.endsWith(': allowed'))).toEqual([]);
    expect(none).toContain('P = -3904');
  });

  it('keeps an incremental update over object streams valid for qpdf', async () => {
    const updated = appendInfoUpdate(OBJECT_STREAMS, 'Revised title', 'stream');
    const bytes = await protectPdf(updated, { userPassword: 'u' });
    expect(qpdf(bytes, 'u').checkStatus).toBe(0);
  });
});
