// A 200-row invoice through the public API: the table spans pages, its header repeats on every
// page and the footer says "Page N of M" correctly.
import { describe, expect, it } from 'vitest';
import { createDocumentService } from '../../src/index.js';
import { readPdf } from '../../src/testing/read-pdf.js';

const template = `<html><head><style>
@page { margin: 60px; @bottom-center { content: "Page " counter(page) " of " counter(pages); font: 10px Arimo } }
body { font: 12px Arimo; margin: 0 }
table { width: 100%; border-collapse: collapse }
th, td { border-bottom: 1px solid #ccc; padding: 4px; text-align: left }
</style></head><body>
<h1>Invoice {{ number }}</h1>
<table><thead><tr><th>#</th><th>Item</th><th>Amount</th></tr></thead><tbody>
{% for item in items %}<tr><td>{{ loop.index }}</td><td>{{ item.name }}</td><td>{{ item.amount }}</td></tr>{% endfor %}
</tbody></table></body></html>`;

describe('a 200-row invoice', () => {
  it('repeats the table header and numbers every page "Page N of M"', async () => {
    const items = Array.from({ length: 200 }, (_, i) => ({ name: `Line item ${i + 1}`, amount: `${(i + 1) * 3}.00` }));
    const service = createDocumentService({ baseUrl: 'http://localhost' });
    const outcome = await service.quickGenerate({ html: template, data: { number: 'INV-200', items }, response_type: 'pdf' }, { accountId: 'a' });
    expect(outcome.status).toBe(200);
    const pdf = await readPdf(outcome.body as Uint8Array);
    expect(pdf.pageCount).toBeGreaterThan(3);
    pdf.pages.forEach((page, i) => {
      const lines = page.text.split('\n');
      expect(lines).toContain(`Page ${i + 1} of ${pdf.pageCount}`);
      // The header row ("#", "Item", "Amount") is on every page, before the first line item.
      const header = lines.findIndex((line) => /^#\s*Item\s*Amount$/.test(line.trim()) || line.trim() === 'Item');
      const firstRow = lines.findIndex((line) => line.includes('Line item'));
      expect(header).toBeGreaterThanOrEqual(0);
      expect(header).toBeLessThan(firstRow);
    });
    const all = pdf.pages.map((p) => p.text).join('\n');
    for (const n of [1, 57, 123, 200]) expect(all).toContain(`Line item ${n}`);
    // Every row appears exactly once.
    expect(all.match(/Line item \d+/g)).toHaveLength(200);
  });
});
