// The native engine: HTML + CSS to paginated PDF through pdfkit, no browser.
// TEMPORARY STUB: renders the document's text only, until the layout pipeline lands.
import PDFDocument from 'pdfkit';
import type { PdfEngine, RenderOptions } from './types.js';

export function createNativeEngine(): PdfEngine {
  return {
    name: 'native',
    async render(html: string, _options?: RenderOptions): Promise<Uint8Array> {
      const text = html.replace(/<style[\s\S]*?<\/style>/gi, '').replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ').trim();
      const doc = new PDFDocument({ size: 'A4', margin: 56.25 });
      const chunks: Buffer[] = [];
      doc.on('data', (c: Buffer) => chunks.push(c));
      const done = new Promise<void>((resolve) => doc.on('end', () => resolve()));
      doc.text(text);
      doc.end();
      await done;
      return new Uint8Array(Buffer.concat(chunks));
    },
  };
}
