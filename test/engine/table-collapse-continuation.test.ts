// A table with collapsing borders split inside a cell, as Chromium 156 prints it (decision 0183):
// the cell's content runs to the page's end (the table's half bottom border is not kept free), and
// on the next page it resumes below its half top border, under the repeated header.
import { describe, expect, it } from 'vitest';
import { layoutHtml, lineBoxes, paintHtml } from '../../src/testing/render.js';

const lines = Array.from({ length: 20 }, (_, i) => `l${String(i + 1).padStart(2, '0')}`).join('<br>');
const doc = (collapse: boolean): string =>
  `<!doctype html><html><head><style>@page { size: 400px 300px; margin: 20px } body { margin: 0; font: 16px/20px "Liberation Sans" }
  table { ${collapse ? 'border-collapse: collapse' : 'border-collapse: separate; border-spacing: 0'} } th, td { border: 1px solid #000; padding: 6px 13px }</style></head>
  <body><table><thead><tr><th>Head</th></tr></thead><tbody><tr><td>${lines}</td></tr></tbody></table></body></html>`;

describe('collapsed-border tables split inside a cell', () => {
  it('resumes a cell at the page area\u2019s top when no header is repeated above it: no half top borders', async () => {
    // Probed in Chromium 156: without a header the split cell goes on at the table's top with neither
    // the table's nor the cell's half top border (the next line 1px higher than under a header);
    // a row starting fresh on the next page keeps them.
    const html = doc(true).replace(/<thead>.*<\/thead>/, '');
    const pages = await layoutHtml(html);
    const resumed = lineBoxes(pages, 'td').find((l) => l.page === 1)!;
    expect(resumed.y).toBe(20);
  });

  it('fills the first page to its end and resumes the cell below its half top border', async () => {
    const html = doc(true);
    const pages = await layoutHtml(html);
    const onPage = (page: number): string[] => lineBoxes(pages, 'td').filter((l) => l.page === page).map((l) => l.text);
    // Chromium: l01–l11 on page 1 (the last line ends at the page area's end, 280px), l12 on page 2.
    expect(onPage(0).at(-1)).toBe('l11');
    expect(onPage(1)[0]).toBe('l12');
    // Chromium's baselines (pdftotext): l11 at 275px on page 1, l12 at 69px on page 2, below the
    // repeated header's border (53–54px).
    const runs = (await paintHtml(html)).callsOf('text').map(({ args: [run] }) => run);
    expect(runs.find((r) => r.text.trim() === 'l11')!.y).toBe(275);
    expect(runs.find((r) => r.text.trim() === 'l12')!.y).toBe(69);
  });

  it('keeps the table\'s half top border on the pages it goes on to: the repeated header sits as on the first page', async () => {
    // Probed in Chromium 156 (rasterised at 192 dpi): page 2's top border covers the page area's
    // first pixel row and the header's text sits where page 1's does; we had drawn it 0.5px higher.
    const rows = Array.from({ length: 30 }, (_, i) => `<tr><td>Item ${i + 1}</td></tr>`).join('');
    const html = `<!doctype html><html><head><style>@page { size: 400px 300px; margin: 20px } body { margin: 0; font: 14px/20px "Liberation Sans" }
      table { border-collapse: collapse; width: 100% } th, td { border: 1px solid #000; padding: 4px }</style></head>
      <body><table><thead><tr><th>Head</th></tr></thead><tbody>${rows}</tbody></table></body></html>`;
    const heads = (await paintHtml(html)).callsOf('text').map(({ args: [run] }) => run).filter((r) => r.text.trim() === 'Head');
    expect(heads.length).toBeGreaterThan(1);
    expect(new Set(heads.map((r) => r.y)).size).toBe(1);
    const pages = await layoutHtml(html);
    const th = lineBoxes(pages, 'th');
    expect(th[1].y).toBeCloseTo(th[0].y, 5);
  });

  it('leaves separated borders as they were: the cell keeps room for its bottom edge', async () => {
    const pages = await layoutHtml(doc(false));
    const onPage = (page: number): string[] => lineBoxes(pages, 'td').filter((l) => l.page === page).map((l) => l.text);
    expect(onPage(0).at(-1)).toBe('l10');
    expect(lineBoxes(pages, 'td').find((l) => l.page === 1)!.y).toBe(54);
  });
});
