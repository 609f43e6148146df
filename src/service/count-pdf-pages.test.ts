import { describe, expect, it } from 'vitest';
import { createNativeEngine } from '../engine/index.js';
import { protectPdf } from '../protect/index.js';
import { countPdfPages } from './count-pdf-pages.js';

const pdf = (text: string): Uint8Array => new TextEncoder().encode(text);

describe('countPdfPages', () => {
  it('reads the page tree of the native engine’s PDFs, encrypted as it writes or after', async () => {
    const engine = createNativeEngine();
    const html = '<p style="break-after: page">one</p><p style="break-after: page">two</p><p>three</p>';
    expect(countPdfPages(await engine.render(html))).toBe(3);
    expect(countPdfPages(await engine.render(html, { encryption: { userPassword: 'secret' } }))).toBe(3);
    // protectPdf, which encrypts any engine's PDF after it, keeps the tree readable too.
    expect(countPdfPages(await protectPdf(await engine.render(html), { userPassword: 'secret' }))).toBe(3);
  });

  it('takes the root of a tree with intermediate nodes, whatever the key order and spacing', () => {
    const tree = [
      '1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj',
      '2 0 obj <</Count 12/Type/Pages/Kids [3 0 R 4 0 R]>> endobj',
      '3 0 obj << /Type /Pages /Parent 2 0 R /Count 5 /Kids [] >> endobj',
      '4 0 obj << /Type /Pages\n/Parent 2 0 R\n/Count 7 /Kids [] >> endobj',
    ].join('\n');
    expect(countPdfPages(pdf(tree))).toBe(12);
  });

  it('is 0 when no page tree is in plain text, and reads no /Pages that is not a type', () => {
    expect(countPdfPages(pdf('%PDF-1.7\n1 0 obj << /Type /ObjStm /N 4 >> stream ... endstream'))).toBe(0);
    expect(countPdfPages(pdf('1 0 obj << /Type /Catalog /Pages 2 0 R /Count 9 >> endobj'))).toBe(0);
    expect(countPdfPages(pdf('1 0 obj << /Type /PagesX /Count 9 >> endobj'))).toBe(0);
  });
});
