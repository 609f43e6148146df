// readPdf: what tests read back from a PDF.
import PDFDocument from 'pdfkit';
import { describe, expect, it } from 'vitest';
import { readPdf } from './read-pdf.js';

async function pdfkitDocument(draw: (doc: PDFKit.PDFDocument) => void, options: PDFKit.PDFDocumentOptions = {}): Promise<Uint8Array> {
  const doc = new PDFDocument({ size: 'A4', ...options });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<void>((resolve) => doc.on('end', () => resolve()));
  draw(doc);
  doc.end();
  await done;
  return new Uint8Array(Buffer.concat(chunks));
}

describe('readPdf', () => {
  it('reads page count, sizes, text per page, links, info and fonts', async () => {
    const bytes = await pdfkitDocument(
      (doc) => {
        doc.text('Hello world');
        doc.text('Second line', { link: 'https://example.com/a' });
        doc.font('Courier').text('mono');
        doc.addNamedDestination('top');
        doc.addPage({ size: 'LETTER' });
        doc.font('Helvetica').text('Page two', { goTo: 'top' });
      },
      { info: { Title: 'Report', Author: 'Ada' } },
    );
    const pdf = await readPdf(bytes);
    expect(pdf.pageCount).toBe(2);
    expect(pdf.pages[0]).toMatchObject({ width: 595.28, height: 841.89, text: 'Hello world\nSecond line\nmono' });
    expect(pdf.pages[0]?.links).toEqual([{ url: 'https://example.com/a' }]);
    expect(pdf.pages[1]).toMatchObject({ width: 612, height: 792, text: 'Page two' });
    expect(pdf.pages[1]?.links).toEqual([{ dest: 'top', destPage: 1 }]);
    expect(pdf.info).toMatchObject({ Title: 'Report', Author: 'Ada', Producer: 'PDFKit' });
    expect(pdf.fontNames).toEqual(['Courier', 'Helvetica']);
  });

  it('joins runs on one line with a space when they are apart', async () => {
    const bytes = await pdfkitDocument((doc) => {
      doc.text('left', 50, 100);
      doc.text('right', 300, 100);
    });
    expect((await readPdf(bytes)).pages[0]?.text).toBe('left right');
  });

  it('does not consume the bytes it reads', async () => {
    const bytes = await pdfkitDocument((doc) => doc.text('again'));
    await readPdf(bytes);
    expect((await readPdf(bytes)).pages[0]?.text).toBe('again');
  });
});
