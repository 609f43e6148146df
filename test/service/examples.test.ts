// The shipped examples render through the service with the default engine.
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { createDocumentService } from '../../src/index.js';
import { ALICE, BASE_URL, pdfBytes, pdfText } from './setup.js';

async function example(name: string): Promise<string> {
  return readFile(new URL(`../../examples/${name}`, import.meta.url), 'utf8');
}

describe('examples', () => {
  it('renders the invoice with its line items and totals', async () => {
    const service = createDocumentService({ baseUrl: BASE_URL });
    const outcome = await service.quickGenerate(
      { html: await example('invoice.html'), data: JSON.parse(await example('invoice.json')), response_type: 'pdf' },
      ALICE,
    );
    const text = await pdfText(pdfBytes(outcome));
    for (const expected of ['INV-2026-0042', 'Acme Widgets Ltd', 'Custom template design (hours)', 'Priority rendering add-on', '2,988.00']) {
      expect(text).toContain(expected);
    }
  });

  it('renders the Markdown report with its list and table', async () => {
    const service = createDocumentService({ baseUrl: BASE_URL });
    const outcome = await service.quickGenerate(
      {
        html: await example('report.md'),
        data: JSON.parse(await example('report.json')),
        response_type: 'pdf',
        content_type: 'markdown',
      },
      ALICE,
    );
    const text = await pdfText(pdfBytes(outcome));
    for (const expected of ['Quarterly Sales Report', 'Two new enterprise customers signed', 'Region', 'North', 'GBP 380,000', 'behind']) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('{{');
    expect(text).not.toContain('\\');
  });
});
