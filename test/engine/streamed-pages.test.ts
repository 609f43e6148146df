// Pages are painted as they are laid out (native-render.ts, layout/page.ts PageSink) and a table's
// rows are laid out as pages take them (layout/table-measure.ts TableRows), so that a long
// document's fragments live one page at a time (decision 0206). The PDF must be the one painting
// after layout gives: every case that needs the pages whole (margin boxes, target-counter(), fixed
// boxes, shrink to fit, a box the first page takes late) is compared byte for byte with it.
import { describe, expect, it } from 'vitest';
import type { Grid, PlacedCell } from '../../src/engine/layout/table-grid.js';
import { TableRows, type RowLayout } from '../../src/engine/layout/table-measure.js';
import type { PageFragment } from '../../src/engine/layout/fragments.js';
import type { PageSink } from '../../src/engine/layout/page.js';
import { layoutDocument } from '../../src/engine/native-render.js';
import { outlineEntries } from '../../src/engine/paint/outline.js';
import { paintPages } from '../../src/engine/paint/paint.js';
import { createPdfDocument, finishPdf } from '../../src/engine/pdf/document.js';
import { PdfkitBackend } from '../../src/engine/pdf/pdfkit-backend.js';
import { readPdf } from '../../src/testing/read-pdf.js';
import { renderPdf } from '../../src/testing/render.js';

/** The PDF as painted after the whole layout, the way the engine rendered before pages were streamed. */
async function paintedAfterLayout(html: string): Promise<Uint8Array> {
  const { pages, images, info } = await layoutDocument(html);
  const pdf = createPdfDocument({ deterministic: true, info });
  const backend = new PdfkitBackend(pdf);
  paintPages(pages, backend, { images: (url) => images.get(url) });
  backend.outline(outlineEntries(pages));
  return finishPdf(pdf);
}

function rowsHtml(count: number, css = ''): string {
  const rows = Array.from({ length: count }, (_, i) => `<tr><td>${i + 1}</td><td>Row ${i + 1}</td></tr>`).join('');
  return `<!DOCTYPE html><html><head><style>body { font: 12px Arimo } ${css}</style></head><body>
<h1>Report</h1><table><thead><tr><th>#</th><th>Name</th></tr></thead><tbody>${rows}</tbody></table></body></html>`;
}

/** A sink that records, for each page it is given, whether the page still had its fragments. */
function recordingSink(): PageSink & { readonly given: { index: number; hasRoot: boolean; marginBoxes: number }[]; restarts: number } {
  const given: { index: number; hasRoot: boolean; marginBoxes: number }[] = [];
  return {
    given,
    restarts: 0,
    page(page: PageFragment, index: number) {
      given.push({ index, hasRoot: page.root !== null, marginBoxes: page.marginBoxes.length });
    },
    restart() {
      given.length = 0;
      this.restarts++;
    },
  };
}

describe('pages painted as they are laid out', () => {
  const cases: [string, string][] = [
    ['a long table with a repeated header', rowsHtml(150)],
    ['rowspan cells across a page break', rowsHtml(120).replace('<tr><td>40</td><td>Row 40</td></tr>', '<tr><td rowspan="6">40</td><td>Row 40</td></tr>').replace(/<tr><td>(4[1-5])<\/td>/g, '<tr>')],
    ['margin boxes with the page count', rowsHtml(120, '@page { @bottom-center { content: "Page " counter(page) " of " counter(pages) } }')],
    ['target-counter()', `${rowsHtml(90)}<a href="#end" style="float: left">x</a><p id="end" style="break-before: page">End</p><p><a href="#end">see page <span class="n"></span></a></p>`.replace('</style>', 'a::after { content: target-counter(attr(href), page) } </style>')],
    ['a fixed header', rowsHtml(120, '.fixed { position: fixed; top: 0; left: 0 }').replace('<h1>', '<div class="fixed">Header</div><h1>')],
    ['content wider than the page (shrunk)', rowsHtml(120, 'table { width: 900px }')],
    ['viewport units in a shrunk document', rowsHtml(120, 'table { width: 900px } h1 { font-size: 3vw }')],
    ['headings in the outline', `${rowsHtml(60)}<h2>Second part</h2>${rowsHtml(60).replace(/^[\s\S]*<body>/, '').replace('</body></html>', '')}`],
    [
      'an absolutely positioned box the first page takes, laid out on a later page',
      rowsHtml(120, '.late { position: absolute; top: 10px; right: 10px; width: 20px; height: 20px; background: red }')
        .replace('<tr><td>100</td><td>Row 100</td></tr>', '<tr><td>100</td><td>Row 100 <span class="late"></span></td></tr>'),
    ],
  ];
  for (const [name, html] of cases) {
    it(`paints the same PDF as painting after layout: ${name}`, async () => {
      const streamed = await renderPdf(html);
      expect((await readPdf(streamed)).pageCount).toBeGreaterThan(1);
      expect(Buffer.from(streamed).equals(Buffer.from(await paintedAfterLayout(html)))).toBe(true);
    });
  }

  it('gives each page to the sink as it is laid out, with its fragments, and keeps none of them', async () => {
    const sink = recordingSink();
    const { pages } = await layoutDocument(rowsHtml(150), { sink: () => sink });
    expect(pages.length).toBeGreaterThan(2);
    expect(sink.given).toEqual(pages.map((_, index) => ({ index, hasRoot: true, marginBoxes: 0 })));
    expect(pages.every((page) => page.root === null)).toBe(true);
  });

  it('gives pages with margin boxes at the end, whole', async () => {
    const sink = recordingSink();
    const { pages } = await layoutDocument(rowsHtml(150, '@page { @top-center { content: "Page " counter(page) } }'), { sink: () => sink });
    expect(sink.given).toEqual(pages.map((_, index) => ({ index, hasRoot: true, marginBoxes: 1 })));
    expect(pages.every((page) => page.root !== null)).toBe(true);
  });

  it('starts again when the first page takes a box after it was painted', async () => {
    const sink = recordingSink();
    const html = rowsHtml(120, '.late { position: absolute; top: 10px; left: 10px }').replace('Row 100', 'Row 100 <span class="late">!</span>');
    const { pages } = await layoutDocument(html, { sink: () => sink });
    expect(sink.restarts).toBe(1);
    expect(sink.given.map((g) => g.index)).toEqual(pages.map((_, index) => index));
  });
});

describe('a table row laid out when first read', () => {
  /** A grid of `count` one-cell rows, with `spans` giving a rowspan to the cell of some rows. */
  function grid(count: number, spans: Record<number, number> = {}): Grid {
    const cellsByRow: PlacedCell[][] = [];
    for (let r = 0; r < count; r++) cellsByRow.push([{ row: r, column: 0, cell: { rowspan: spans[r] ?? 1 } } as unknown as PlacedCell]);
    return { rows: cellsByRow.map(() => ({})), cellsByRow, cells: cellsByRow.flat(), headerRows: 1, footerRows: 0 } as unknown as Grid;
  }

  function counting(g: Grid): { rows: TableRows; bands: [number, number][]; placed: boolean[] } {
    const bands: [number, number][] = [];
    const placed: boolean[] = [];
    const rows = new TableRows(g, ({ first, last }) => {
      bands.push([first, last]);
      return Array.from({ length: last - first + 1 }, (_, k) => ({ height: first + k } as unknown as RowLayout));
    }, placed, false);
    return { rows, bands, placed };
  }

  it('lays out only the band a row is in, once', () => {
    const { rows, bands } = counting(grid(10, { 3: 3, 4: 3 }));
    expect(rows.at(2).height).toBe(2);
    expect(bands).toEqual([[2, 2]]);
    // Row 3 spans 3..5 and row 4 spans 4..6: one band.
    expect(rows.at(5).height).toBe(5);
    expect(rows.at(3).height).toBe(3);
    expect(rows.at(6).height).toBe(6);
    expect(bands).toEqual([[2, 2], [3, 6]]);
  });

  it('lets go of body rows the pages have gone past, never the header, and lays them out again if read', () => {
    const { rows, bands, placed } = counting(grid(10));
    for (let r = 0; r < 10; r++) rows.at(r);
    placed[0] = placed[2] = true;
    rows.release(5);
    rows.at(0);
    rows.at(5);
    expect(bands.length).toBe(10);
    expect(placed[2]).toBe(true);
    rows.at(2);
    expect(bands.length).toBe(11);
    // Laid out again, the row is a new fragment: not yet placed.
    expect(placed[2]).toBe(false);
  });

  it('keeps a band that reaches past the row the pages are at', () => {
    const { rows, bands } = counting(grid(10, { 3: 4 }));
    rows.at(3);
    rows.release(5);
    rows.at(3);
    expect(bands).toEqual([[3, 6]]);
  });

  it('lays out all rows at once when the table height is shared among them', () => {
    const bands: [number, number][] = [];
    const rows = new TableRows(grid(6), ({ first, last }) => {
      bands.push([first, last]);
      return Array.from({ length: last - first + 1 }, () => ({ height: 1 } as unknown as RowLayout));
    }, [], true);
    rows.at(4);
    rows.at(1);
    expect(bands).toEqual([[0, 5]]);
  });
});
