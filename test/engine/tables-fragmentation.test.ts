// Tables across pages: rowspan cells split at a page break, break-inside: avoid and forced breaks
// on row groups and rows, and visibility: collapse on rows, row groups, columns and column groups.
import { describe, expect, it } from 'vitest';
import { findBox, findBoxes, layoutHtml, lineBoxes, renderPdf } from '../../src/testing/render.js';
import { readPdf } from '../../src/testing/read-pdf.js';

/** Pages of 300×200px; rows 20px tall with no spacing. */
const paged = (body: string, css = ''): string =>
  `<style>@page { size: 300px 200px; margin: 0 } body { margin: 0; font: 16px/20px Cousine } table { border-spacing: 0 } td, th { padding: 0; height: 20px } ${css}</style>${body}`;
const rows = (prefix: string, from: number, to: number): string =>
  Array.from({ length: to - from + 1 }, (_, i) => `<tr><td id=${prefix}${from + i}>${prefix}${from + i}</td><td>x</td></tr>`).join('');
const head = '<thead><tr><th class=h>head</th><th>H2</th></tr></thead>';

describe('break-inside: avoid on row groups', () => {
  it('moves a tbody that does not fit whole to the next page', async () => {
    const pages = await layoutHtml(paged(`<table>${head}<tbody>${rows('a', 0, 5)}</tbody><tbody style="break-inside:avoid">${rows('b', 0, 3)}</tbody><tbody>${rows('c', 0, 2)}</tbody></table>`));
    expect(findBox(pages, '#a5')).toMatchObject({ page: 0, y: 120 });
    expect(findBox(pages, '#b0')).toMatchObject({ page: 1, y: 20 });
    expect(findBox(pages, '#b3')).toMatchObject({ page: 1, y: 80 });
    expect(findBox(pages, '#c0')).toMatchObject({ page: 1, y: 100 });
    expect(findBoxes(pages, 'th.h').map((h) => h.page)).toEqual([0, 1]);
  });

  it('does the same for display: table-row-group elements', async () => {
    const css = '.t { display: table } .g { display: table-row-group } .r { display: table-row } .c { display: table-cell; height: 20px }';
    const group = (p: string, n: number): string => Array.from({ length: n }, (_, i) => `<div class=r><div class=c id=${p}${i}>${p}${i}</div></div>`).join('');
    const pages = await layoutHtml(paged(`<div class=t><div class=g>${group('a', 7)}</div><div class=g style="break-inside:avoid">${group('b', 4)}</div></div>`, css));
    expect(findBox(pages, '#a6')).toMatchObject({ page: 0, y: 120 });
    expect(findBox(pages, '#b0')).toMatchObject({ page: 1, y: 0 });
  });

  it('starts an avoiding group taller than a page on a new page, then splits it between rows', async () => {
    const pages = await layoutHtml(paged(`<table><tbody>${rows('a', 0, 6)}</tbody><tbody style="break-inside:avoid">${rows('b', 0, 14)}</tbody></table>`));
    expect(findBox(pages, '#a6')).toMatchObject({ page: 0, y: 120 });
    expect(findBox(pages, '#b0')).toMatchObject({ page: 1, y: 0 });
    expect(findBox(pages, '#b9')).toMatchObject({ page: 1, y: 180 });
    expect(findBox(pages, '#b10')).toMatchObject({ page: 2, y: 0 });
  });

  it('keeps a group that fits where it is', async () => {
    const pages = await layoutHtml(paged(`<table><tbody>${rows('a', 0, 2)}</tbody><tbody style="break-inside:avoid">${rows('b', 0, 3)}</tbody></table>`));
    expect(findBox(pages, '#b3')).toMatchObject({ page: 0, y: 120 });
  });
});

describe('forced breaks on rows and row groups', () => {
  it('breaks after a row with break-after: page', async () => {
    const pages = await layoutHtml(paged(`<table><tbody>${rows('a', 0, 1)}<tr style="break-after:page"><td id=a2>a2</td></tr>${rows('a', 3, 4)}</tbody></table>`));
    expect(findBox(pages, '#a2')).toMatchObject({ page: 0, y: 40 });
    expect(findBox(pages, '#a3')).toMatchObject({ page: 1, y: 0 });
  });

  it('breaks before and after row groups with break-before/after: page', async () => {
    const pages = await layoutHtml(paged(`<table><tbody>${rows('a', 0, 1)}</tbody><tbody style="break-before:page">${rows('b', 0, 1)}</tbody><tbody style="break-after:page">${rows('c', 0, 1)}</tbody><tbody>${rows('d', 0, 1)}</tbody></table>`));
    expect(findBox(pages, '#a1')).toMatchObject({ page: 0, y: 20 });
    expect(findBox(pages, '#b0')).toMatchObject({ page: 1, y: 0 });
    expect(findBox(pages, '#c1')).toMatchObject({ page: 1, y: 60 });
    expect(findBox(pages, '#d0')).toMatchObject({ page: 2, y: 0 });
    expect(pages).toHaveLength(3);
  });

  it('prints the rows of each forced page in the PDF, none twice', async () => {
    const pdf = await readPdf(await renderPdf(paged(`<table>${head}<tbody>${rows('a', 0, 1)}<tr style="break-after:page"><td>a2</td></tr>${rows('a', 3, 4)}</tbody></table>`)));
    expect(pdf.pages.map((p) => p.text.match(/a\d/g))).toEqual([['a0', 'a1', 'a2'], ['a3', 'a4']]);
  });
});
