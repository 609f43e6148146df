// Tables across pages: rowspan cells split at a page break, break-inside: avoid and forced breaks
// on row groups and rows, and visibility: collapse on rows, row groups, columns and column groups.
import { describe, expect, it } from 'vitest';
import { assertPixels, findBox, findBoxes, layoutHtml, lineBoxes, pixelPage, renderPdf, skipPixelTests } from '../../src/testing/render.js';
import { readPdf } from '../../src/testing/read-pdf.js';
import type { BoxFragment } from '../../src/engine/layout/fragments.js';

/** Pages of 300×200px; rows 20px tall with no spacing. */
const paged = (body: string, css = ''): string =>
  `<!doctype html><style>@page { size: 300px 200px; margin: 0 } body { margin: 0; font: 16px/20px Cousine } table { border-spacing: 0 } td, th { padding: 0; height: 20px } ${css}</style>${body}`;
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

describe('break-inside: avoid on a row taller than a page', () => {
  it('moves it to a new page, then breaks it there as Chromium does', async () => {
    const lines = Array.from({ length: 13 }, (_, i) => `L${i + 1}`).join('<br>');
    const pages = await layoutHtml(paged(`<table><tr><td>r0</td></tr><tr style="break-inside:avoid"><td id=t>${lines}</td></tr><tr><td id=r2>r2</td></tr></table>`));
    expect(lineBoxes(pages, '#t').map((l) => l.page)).toEqual([1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 2, 2, 2]);
    expect(findBox(pages, '#r2')).toMatchObject({ page: 2, y: 60 });
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

describe('rowspan cells across a page break', () => {
  const span = (n: number, content: string, style = 'background:yellow;border:2px solid red'): string =>
    `<td id=s rowspan=${n} style="${style}">${content}</td>`;

  it('breaks between the rows a rowspan cell spans, as other rows, and cuts the cell there', async () => {
    const body = `${rows('r', 0, 6)}<tr><td id=r7>r7</td>${span(3, 'SPAN')}</tr><tr><td id=r8>r8</td></tr><tr><td id=r9>r9</td></tr>${rows('r', 10, 10)}`;
    const pages = await layoutHtml(paged(`<table>${head}<tbody>${body}</tbody></table>`));
    expect(findBox(pages, '#r8')).toMatchObject({ page: 0, y: 180 });
    expect(findBox(pages, '#r9')).toMatchObject({ page: 1, y: 20 });
    expect(findBox(pages, '#r10')).toMatchObject({ page: 1, y: 40 });
    const pieces = findBoxes(pages, '#s');
    expect(pieces.map((p) => [p.page, p.y, p.height])).toEqual([[0, 160, 40], [1, 20, 20]]);
    expect(pieces.map((p) => p.fragment.kind === 'box' && [p.fragment.hasTop, p.fragment.hasBottom])).toEqual([[true, false], [false, true]]);
    expect(lineBoxes(pages, '#s').map((l) => [l.page, l.text])).toEqual([[0, 'SPAN']]);
  });

  it('continues the content of a rowspan cell taller than the page after the repeated header', async () => {
    const lines = Array.from({ length: 12 }, (_, i) => `L${i + 1}`).join('<br>');
    const body = `${rows('r', 0, 1)}<tr><td id=r2>r2</td>${span(12, lines, 'vertical-align:top')}</tr>${Array.from({ length: 11 }, (_, i) => `<tr><td id=r${i + 3}>r${i + 3}</td></tr>`).join('')}${rows('r', 14, 14)}`;
    const pages = await layoutHtml(paged(`<table>${head}<tbody>${body}</tbody></table>`));
    expect(findBox(pages, '#r8')).toMatchObject({ page: 0, y: 180 });
    expect(findBox(pages, '#r9')).toMatchObject({ page: 1, y: 20 });
    const lines2 = lineBoxes(pages, '#s');
    expect(lines2.filter((l) => l.page === 0).map((l) => l.text)).toEqual(['L1', 'L2', 'L3', 'L4', 'L5', 'L6', 'L7']);
    expect(lines2.filter((l) => l.page === 1).map((l) => [l.text, l.y])).toEqual([['L8', 20], ['L9', 40], ['L10', 60], ['L11', 80], ['L12', 100]]);
    expect(findBoxes(pages, '#s').map((p) => [p.page, p.y, p.height])).toEqual([[0, 60, 140], [1, 20, 100]]);
  });

  it('moves the rows after a split row with a rowspan cell below the rest of its content', async () => {
    const body = `${rows('r', 0, 5)}<tr><td id=r6>r6</td>${span(2, 'A<br>B<br>C<br>D<br>E<br>F', 'vertical-align:top')}</tr><tr><td id=r7>r7</td></tr>${rows('r', 8, 9)}`;
    const pages = await layoutHtml(paged(`<table>${head}<tbody>${body}</tbody></table>`));
    expect(lineBoxes(pages, '#s').map((l) => [l.page, l.text])).toEqual([[0, 'A'], [0, 'B'], [0, 'C'], [1, 'D'], [1, 'E'], [1, 'F']]);
    expect(findBoxes(pages, '#s').map((p) => [p.page, p.y, p.height])).toEqual([[0, 140, 60], [1, 20, 60]]);
    expect(findBox(pages, '#r8')).toMatchObject({ page: 1, y: 80 });
  });

  it('grows the last spanned row when the rest of the content needs more room than its rows', async () => {
    const block = (t: string): string => `<div style="height:30px;break-inside:avoid">${t}</div>`;
    const body = `${rows('r', 0, 6)}<tr><td id=r7>r7</td>${span(3, block('A') + block('B'), 'vertical-align:top')}</tr><tr><td id=r8>r8</td></tr><tr><td id=r9>r9</td></tr>${rows('r', 10, 10)}`;
    const pages = await layoutHtml(paged(`<table>${head}<tbody>${body}</tbody></table>`));
    expect(lineBoxes(pages, '#s').map((l) => [l.page, l.text, l.y])).toEqual([[0, 'A', 160], [1, 'B', 20]]);
    expect(findBoxes(pages, '#s').map((p) => [p.page, p.y, p.height])).toEqual([[0, 160, 40], [1, 20, 30]]);
    expect(findBox(pages, '#r9')).toMatchObject({ page: 1, y: 20, height: 30 });
    expect(findBox(pages, '#r10')).toMatchObject({ page: 1, y: 50 });
  });

  it('gives the last spanned row on a later page only the room the rest of the cell needs', async () => {
    const lines = Array.from({ length: 12 }, (_, i) => `L${i + 1}`).join('<br>');
    const body = `<tr><td id=a>a</td>${span(3, lines, 'vertical-align:top')}</tr><tr><td>b</td></tr><tr style="break-before:page"><td id=c style="height:auto">c</td></tr><tr><td id=d>d</td></tr>`;
    const pages = await layoutHtml(paged(`<table><tbody>${body}</tbody></table>`));
    expect(lineBoxes(pages, '#s').map((l) => [l.page, l.text]).filter(([p]) => p === 1)).toEqual([[1, 'L11'], [1, 'L12']]);
    // Row c is as tall as the last two lines (not its share of all twelve), its content still centred.
    expect(findBox(pages, '#c')).toMatchObject({ page: 1, y: 0, height: 40 });
    expect(lineBoxes(pages, '#c')[0].y).toBe(10);
    expect(findBox(pages, '#d')).toMatchObject({ page: 1, y: 40 });
  });

  it('carries a rowspan cell over three pages when only its content moves on', async () => {
    const lines = Array.from({ length: 25 }, (_, i) => `L${i + 1}`).join('<br>');
    const pages = await layoutHtml(paged(`<table><tbody><tr><td>a</td>${span(2, lines, 'vertical-align:top')}</tr><tr><td>b</td></tr></tbody></table>`));
    expect(lineBoxes(pages, '#s').map((l) => l.text)).toEqual(Array.from({ length: 25 }, (_, i) => `L${i + 1}`));
    expect(findBoxes(pages, '#s').map((p) => p.page)).toEqual([0, 1, 2]);
  });

  it('grows the rows under a whole rowspan cell that lost the share of a cut one', async () => {
    const lines = Array.from({ length: 12 }, (_, i) => `L${i + 1}`).join('<br>');
    const body = `<tr><td>a</td>${span(2, lines, 'vertical-align:top')}</tr><tr style="break-before:page"><td id=b rowspan=3 style="vertical-align:top;height:auto">B1<br>B2<br>B3</td></tr><tr></tr><tr></tr><tr><td id=after>after</td><td>x</td></tr>`;
    const pages = await layoutHtml(paged(`<table><tbody>${body}</tbody></table>`));
    expect(findBox(pages, '#b')).toMatchObject({ page: 1, y: 0, height: 60 });
    expect(findBox(pages, '#after')).toMatchObject({ page: 1, y: 60 });
  });

  it('moves a row ending a rowspan cell to the next page when rows of no height used up the room', async () => {
    const body = `${Array.from({ length: 6 }, (_, i) => `<tr><td>r${i}</td></tr>`).join('')}<tr><td id=s rowspan=6>S<br>S</td></tr>${'<tr></tr>'.repeat(5)}`;
    const pages = await layoutHtml(paged(`<table style="border-spacing:0 5px"><tbody>${body}</tbody><tfoot><tr><td class=f>F</td></tr></tfoot></table>`, 'td { height: auto }'));
    expect([...findBoxes(pages, 'td'), ...findBoxes(pages, '#s')].filter((b) => b.y + b.height > 200)).toEqual([]);
    expect(lineBoxes(pages, '#s').map((l) => l.text)).toEqual(['S', 'S']);
  });

  it('keeps a rowspan cell whole when all its rows fit on the page', async () => {
    const body = `${rows('r', 0, 2)}<tr><td id=r3>r3</td>${span(3, 'SPAN')}</tr><tr><td>r4</td></tr><tr><td>r5</td></tr>${rows('r', 6, 12)}`;
    const pages = await layoutHtml(paged(`<table>${head}<tbody>${body}</tbody></table>`));
    expect(findBoxes(pages, '#s').map((p) => [p.page, p.y, p.height])).toEqual([[0, 80, 60]]);
    // vertical-align: middle as usual.
    expect(lineBoxes(pages, '#s')[0].y).toBe(100);
  });

  it('prints every line of a rowspan cell once across the pages', async () => {
    const lines = Array.from({ length: 12 }, (_, i) => `L${i + 1}`).join('<br>');
    const body = `${rows('r', 0, 1)}<tr><td>r2</td>${span(12, lines)}</tr>${Array.from({ length: 11 }, (_, i) => `<tr><td>r${i + 3}</td></tr>`).join('')}`;
    const pdf = await readPdf(await renderPdf(paged(`<table>${head}<tbody>${body}</tbody></table>`)));
    const all = pdf.pages.flatMap((p) => p.text.match(/L\d+/g) ?? []);
    expect(all).toEqual(Array.from({ length: 12 }, (_, i) => `L${i + 1}`));
    expect(pdf.pages.flatMap((p) => p.text.match(/r\d+/g) ?? [])).toEqual(Array.from({ length: 14 }, (_, i) => `r${i}`));
  });
});

describe.skipIf(skipPixelTests())('rowspan cells across a page break, painted', () => {
  // Pages of 20×40px: a black header row, then blue 10px cells beside a yellow rowspan cell with a
  // red 2px border spanning four rows; the fourth row goes to the second page.
  const css = 'table { border-spacing: 0 } td, th { padding: 0; height: 10px; width: 10px; box-sizing: border-box } th { background: black } .b { background: blue } #s { background: yellow; border: 2px solid red }';
  const html = pixelPage(20, 40, css, '<table><thead><tr><th></th><th></th></tr></thead><tbody><tr><td class=b></td><td id=s rowspan=4></td></tr><tr><td class=b></td></tr><tr><td class=b></td></tr><tr><td class=b></td></tr></tbody></table>');
  const header = 'KKKKKKKKKKKKKKKKKKKK\n'.repeat(10);

  it('paints the top and sides of the cell on the first page, no bottom', async () => {
    await assertPixels(html, header + 'BBBBBBBBBBRRRRRRRRRR\n'.repeat(2) + 'BBBBBBBBBBRRYYYYYYRR\n'.repeat(28));
  });

  it('paints its sides and bottom on the second page, under the repeated header', async () => {
    await assertPixels(html, header + 'BBBBBBBBBBRRYYYYYYRR\n'.repeat(8) + 'BBBBBBBBBBRRRRRRRRRR\n'.repeat(2) + '____________________\n'.repeat(20), { page: 2 });
  });
});

describe('visibility: collapse in tables', () => {
  const page = (body: string, css = ''): string =>
    `<!doctype html><style>@page { size: 400px 300px; margin: 0 } body { margin: 0; font: 16px/20px Cousine } td { padding: 0; height: 20px } ${css}</style>${body}`;
  const CH = 9.6015625; // Cousine 16px advance

  it('takes a collapsed row and column out of the grid with one spacing each', async () => {
    const pages = await layoutHtml(page('<table id=t style="border-spacing:10px 5px"><col><col style="visibility:collapse"><col><tr><td>a0</td><td id=b0>b0</td><td id=c0>c0</td></tr><tr style="visibility:collapse"><td id=a1>a1</td><td>b1</td><td>c1</td></tr><tr><td id=a2>a2</td><td>b2</td><td>c2</td></tr></table>'));
    expect(findBox(pages, '#t')).toMatchObject({ width: 10 + 2 * CH + 10 + 2 * CH + 10, height: 5 + 20 + 5 + 20 + 5 });
    expect(findBox(pages, '#c0').x).toBeCloseTo(10 + 2 * CH + 10, 4);
    expect(findBox(pages, '#a2').y).toBe(30);
    expect(lineBoxes(pages).map((l) => l.text)).toEqual(['a0', 'c0', 'a2', 'c2']);
  });

  it('shrinks a rowspan cell over a collapsed row', async () => {
    const pages = await layoutHtml(page('<table id=t style="border-spacing:0"><tr><td>a0</td><td id=s rowspan=3>S<br>S2</td></tr><tr style="visibility:collapse"><td>a1</td></tr><tr><td id=a2>a2</td></tr><tr><td id=a3>a3</td><td>z3</td></tr></table>'));
    expect(findBox(pages, '#s')).toMatchObject({ y: 0, height: 40 });
    expect(findBox(pages, '#a2').y).toBe(20);
    expect(findBox(pages, '#a3').y).toBe(40);
    expect(findBox(pages, '#t').height).toBe(60);
  });

  it('collapses every row of a row group and every column of a column group', async () => {
    const pages = await layoutHtml(page('<table id=t style="border-spacing:0"><colgroup style="visibility:collapse"><col><col></colgroup><col><tbody><tr><td>a0</td><td>b0</td><td id=c0>c0</td></tr></tbody><tbody style="visibility:collapse"><tr><td>a1</td><td>b1</td><td>c1</td></tr></tbody><tbody><tr><td>a2</td><td>b2</td><td id=c2>c2</td></tr></tbody></table>'));
    expect(findBox(pages, '#t')).toMatchObject({ width: 2 * CH, height: 40 });
    expect(findBox(pages, '#c0').x).toBe(0);
    expect(findBox(pages, '#c2').y).toBe(20);
    expect(lineBoxes(pages).map((l) => l.text)).toEqual(['c0', 'c2']);
  });

  it('narrows a colspan cell to the columns left, and paints nothing of the collapsed ones', async () => {
    const pages = await layoutHtml(page('<table style="border-spacing:0"><col><col style="visibility:collapse"><col><tr><td id=a>aaa</td><td>bbbbbb</td><td>ccc</td></tr><tr><td id=s colspan=2>spanning</td><td>zz</td></tr></table>'));
    expect(findBox(pages, '#s').width).toBeCloseTo(findBox(pages, '#a').width, 4);
    const pdf = await readPdf(await renderPdf(page('<table><col><col style="visibility:collapse"><tr><td>aaa</td><td>bbbbbb</td></tr></table>')));
    expect(pdf.pages[0].text).not.toContain('bbbbbb');
    expect(pdf.pages[0].text).toContain('aaa');
  });

  it('leaves the other rows of a collapsed-row table on their pages', async () => {
    const body = Array.from({ length: 14 }, (_, i) => `<tr${i % 2 ? ' style="visibility:collapse"' : ''}><td id=r${i}>r${i}</td></tr>`).join('');
    const pages = await layoutHtml(paged(`<table>${body}</table>`));
    expect(pages).toHaveLength(1);
    expect(findBox(pages, '#r12')).toMatchObject({ page: 0, y: 120 });
  });

  it('resolves collapsed borders between the rows and columns left, ignoring the collapsed cells', async () => {
    const pages = await layoutHtml(page('<table id=t style="border-collapse:collapse;border:4px solid red"><col><col style="visibility:collapse"><tr><td style="border:2px solid black">a0</td><td style="border:6px solid blue">b0</td><td style="border:2px solid black">c0</td></tr><tr style="visibility:collapse"><td style="border:8px solid black">a1</td><td>b1</td><td>c1</td></tr><tr><td style="border:2px solid black">a2</td><td>b2</td><td style="border:2px solid black">c2</td></tr></table>'));
    const t = findBox(pages, '#t');
    const segments = t.fragment.kind === 'box' ? t.fragment.collapsedBorders ?? [] : [];
    expect(segments.every((s) => s.width > 0 && s.height > 0)).toBe(true);
    expect(new Set(segments.map((s) => (s.horizontal ? s.height : s.width)))).toEqual(new Set([4, 2]));
    // As if the collapsed row and column were not there at all.
    const without = findBox(await layoutHtml(page('<table id=t style="border-collapse:collapse;border:4px solid red"><tr><td style="border:2px solid black">a0</td><td style="border:2px solid black">c0</td></tr><tr><td style="border:2px solid black">a2</td><td style="border:2px solid black">c2</td></tr></table>')), '#t');
    expect([t.width, t.height]).toEqual([without.width, without.height]);
    const plain = without.fragment.kind === 'box' ? without.fragment.collapsedBorders ?? [] : [];
    expect(segments.filter((s) => !s.horizontal).map((s) => [s.x, s.width, s.height])).toEqual(plain.filter((s) => !s.horizontal).map((s) => [s.x, s.width, s.height]));
  });

  it('leaves collapsed columns out of the table\'s shrink-to-fit width', async () => {
    const pages = await layoutHtml(page('<div id=f style="float:left"><table style="border-spacing:0"><col><col style="visibility:collapse"><tr><td>aaa</td><td>bbbbbbbbbb</td></tr></table></div>'));
    expect(findBox(pages, '#f').width).toBe(Math.ceil(3 * CH * 64) / 64); // in layout units, rounded up (decision 0395)
  });

  it('hides a non-table element with visibility: collapse but keeps its room', async () => {
    const pages = await layoutHtml(page('<div id=d style="visibility:collapse">hidden</div><p id=p style="margin:0">after</p>'));
    expect(findBox(pages, '#p').y).toBe(20);
    const pdf = await readPdf(await renderPdf(page('<div style="visibility:collapse">hidden</div><p>after</p>')));
    expect(pdf.pages[0].text).not.toContain('hidden');
  });
});

describe('tables across pages, generated', () => {
  // Tables of random rowspans, colspans, line counts, forced breaks, avoided breaks and collapsed
  // rows, with or without header and footer: every line is laid out once, and nothing runs past the page.
  let seed = 7;
  const random = (n: number): number => Math.floor((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648 * n);
  const generate = (): { html: string; words: string[] } => {
    const R = 5 + random(22);
    const C = 1 + random(3);
    const covered = Array.from({ length: R }, () => new Array<boolean>(C).fill(false));
    const words: string[] = [];
    let html = `<table style="border-spacing:${random(2) * 3}px;border-collapse:${random(3) ? 'separate' : 'collapse'}">${random(2) ? '<thead><tr><th>H</th></tr></thead>' : ''}<tbody>`;
    for (let r = 0; r < R; r++) {
      const collapsed = random(10) === 0;
      const style = [random(8) === 0 ? 'break-before:page' : '', collapsed ? 'visibility:collapse' : '', random(8) === 0 ? 'break-inside:avoid' : ''].join(';');
      html += `<tr style="${style}">`;
      for (let c = 0; c < C; c++) {
        if (covered[r][c]) continue;
        const rowspan = random(3) === 0 ? 1 + random(Math.min(12, R - r)) : 1;
        let colspan = 1;
        while (c + colspan < C && !covered[r][c + colspan] && random(3) === 0) colspan++;
        for (let k = 0; k < rowspan; k++) for (let j = 0; j < colspan; j++) covered[r + k][c + j] = true;
        const lines = Array.from({ length: random(4) === 0 ? 1 + random(14) : 1 }, (_, i) => `w${r}x${c}y${i}`);
        if (!collapsed) words.push(...lines);
        html += `<td rowspan=${rowspan} colspan=${colspan} style="vertical-align:${['top', 'middle', 'bottom'][random(3)]}">${lines.join('<br>')}</td>`;
        c += colspan - 1;
      }
      html += '</tr>';
    }
    return { html: `${html}</tbody>${random(3) === 0 ? '<tfoot><tr><td>F</td></tr></tfoot>' : ''}</table>`, words };
  };

  it('lays every line out once and keeps every line on its page', async () => {
    for (let t = 0; t < 40; t++) {
      const { html, words } = generate();
      const pages = await layoutHtml(paged(html, 'td { height: auto; border: 1px solid black }'));
      const lines = lineBoxes(pages).filter((l) => l.text !== 'H' && l.text !== 'F');
      expect(lines.map((l) => l.text).sort(), html).toEqual([...words].sort());
      expect(lineBoxes(pages).filter((l) => l.y + l.height > 200.01).map((l) => l.text), html).toEqual([]);
    }
  });
});

describe('a cell whose bottom padding runs past the page', () => {
  it('keeps its content on the page and carries the rest of its padding to the next, as Chromium does', async () => {
    const lines = Array.from({ length: 8 }, (_, i) => `<div>line ${i + 1}</div>`).join('');
    const pages = await layoutHtml(paged(`<table><tr><td id=c style="padding-bottom: 80px; height: auto">${lines}</td></tr></table><div id=after>after</div>`));
    // 8 lines (160px) fit on the 200px page; of the 80px of padding 40 are left for the next page.
    expect(pages).toHaveLength(2);
    const cells = findBoxes(pages, '#c');
    expect(cells.map((c) => [c.page, Math.round(c.height)])).toEqual([[0, 200], [1, 40]]);
    const after = findBox(pages, '#after');
    expect([after.page, Math.round(after.y)]).toEqual([1, 40]);
  });
});

describe('a row whose content fits at the page end but whose bottom padding does not', () => {
  it('moves to the next page whole, as Chromium moves it (below the top of the page)', async () => {
    // 180px of rows, then a row of 20px text and 6px padding: its text fits (ends at 200) but its padding does not.
    const pages = await layoutHtml(paged(`<table>${rows('r', 1, 7)}<tr><td id=p style="padding-bottom: 6px; height: auto">pad</td><td>x</td></tr>${rows('s', 1, 1)}</table>`, 'td { height: auto } #r1 { height: 60px }'));
    const cells = findBoxes(pages, '#p');
    expect(cells.map((c) => [c.page, c.y, c.height])).toEqual([[1, 0, 26]]);
    expect([findBox(pages, '#s1').page, findBox(pages, '#s1').y]).toEqual([1, 26]);
  });
});

describe('the bottom edge of a table at a page break', () => {
  it('is not reserved on a page where the table goes on: a row ending at the page end stays there', async () => {
    // A bottom border of 10px: nine rows end at 11 + 9 × 20 = 191, and the border would end past the page.
    const pages = await layoutHtml(paged(`<div style="height: 11px"></div><table style="border: 10px solid; border-top: 0">${rows('r', 1, 10)}</table>`));
    expect([findBox(pages, '#r9').page, findBox(pages, '#r10').page]).toEqual([0, 1]);
  });

  it('is reserved below the row the table ends with', async () => {
    const pages = await layoutHtml(paged(`<div style="height: 11px"></div><table style="border: 10px solid; border-top: 0">${rows('r', 1, 9)}</table>`));
    expect(findBox(pages, '#r9').page).toBe(1);
  });
});

describe('the table going on after a page break', () => {
  it('starts its repeated header at the top of the page, without border-spacing above it', async () => {
    const pages = await layoutHtml(paged(`<table style="border-spacing: 0 4px"><thead><tr><th id=h>head</th></tr></thead>${rows('r', 1, 12)}</table>`));
    const heads = findBoxes(pages, '#h');
    expect(heads[0].y).toBe(4);
    expect(heads[1].page).toBe(1);
    expect(heads[1].y).toBe(0);
  });

  it('truncates the top margin of what a cell resumes with, as after any unforced break', async () => {
    const blocks = Array.from({ length: 4 }, (_, i) => `<div id=b${i + 1} style="break-inside: avoid"><h3 style="margin: 20px 0 0; font-size: 16px; line-height: 20px">B${i + 1}</h3><p style="margin: 0">text</p><p style="margin: 0">text</p></div>`).join('');
    const pages = await layoutHtml(paged(`<table><tr><td style="height: auto">${blocks}</td></tr></table>`));
    const moved = findBoxes(pages, 'h3').find((h) => h.page === 1)!;
    expect(moved.y).toBe(0);
  });
});

describe('a row whose cells\u2019 content fits but whose last margin does not', () => {
  // Chromium's positions (scratch/scout5/min/07c-row-break-trailing-margin.html): the page area is
  // 972.5px tall; the second block starts 951px down, its line and <hr> end 991px down.
  const doc = (block: string): string => `<!doctype html><style>
    body { margin: 0; font: 15px/19px Arimo } table { border-collapse: collapse; border-spacing: 0; width: 100% }
    th { padding: 0; text-align: left; font-weight: normal; vertical-align: top }
    .col { padding: 0 16px 16px 16px } hr { height: 0; border: 0; border-bottom: 1px solid #888; margin: 20px auto }
  </style><div style="height: 850px"></div>${block}${block}<p id=total style="margin: 0">Total</p>`;

  it('is cut after the content; the rest of the margin and the bottom padding go on at the next page\u2019s top', async () => {
    for (const block of [
      '<div style="padding: 0 16px 16px"><table><tr><th>&nbsp;<hr></th></tr></table></div>',
      '<table><tr><th class=col><table><tr><th>&nbsp;<hr></th></tr></table></th></tr></table>',
    ]) {
      const pages = await layoutHtml(doc(block));
      expect(findBoxes(pages, 'hr').map((hr) => [hr.page, hr.y])).toEqual([[0, 964], [0, 1040]]);
      // 11px of the <hr>'s 20px bottom margin did not fit, then the 16px padding: 75 + 27.
      expect(findBox(pages, '#total')).toMatchObject({ page: 1, y: 102 });
    }
  });

  it('moves whole when the cell has bottom padding of its own after that margin (as Chromium does)', async () => {
    const pages = await layoutHtml(doc('<table><tr><th class=col>&nbsp;<hr></th></tr></table>'));
    expect(findBoxes(pages, 'hr').map((hr) => hr.page)).toEqual([0, 1]);
  });
});

describe('which header and footer groups repeat', () => {
  // Chromium repeats only <thead> and <tfoot>; a group made a header or footer by display alone
  // goes first or last, once (decision 0203).
  const many = rows('r', 0, 30);

  it('repeats a <thead> and a <tfoot> on every page', async () => {
    const pages = await layoutHtml(paged(`<table>${head}<tfoot><tr><td class=f>foot</td></tr></tfoot><tbody>${many}</tbody></table>`));
    expect(findBoxes(pages, '.h').length).toBeGreaterThan(1);
    expect(findBoxes(pages, '.h').length).toBe(findBoxes(pages, '.f').length);
  });

  it('places a tbody shown as a header group first, once, and one shown as a footer group last, once', async () => {
    const pages = await layoutHtml(paged(`<table><tbody style="display: table-footer-group"><tr><td class=f>foot</td></tr></tbody><tbody>${many}</tbody><tbody style="display: table-header-group"><tr><td class=h>head</td></tr></tbody></table>`));
    const [header] = findBoxes(pages, '.h');
    const [footer] = findBoxes(pages, '.f');
    expect(findBoxes(pages, '.h')).toHaveLength(1);
    expect(findBoxes(pages, '.f')).toHaveLength(1);
    expect(header.page).toBe(0);
    expect(footer.page).toBe(pages.length - 1);
  });

  it('does not repeat a div table\'s header group', async () => {
    const divRows = Array.from({ length: 30 }, (_, i) => `<div style="display: table-row"><div style="display: table-cell">r${i}</div></div>`).join('');
    const pages = await layoutHtml(paged(`<div style="display: table"><div style="display: table-header-group"><div style="display: table-row"><div class=h style="display: table-cell">head</div></div></div>${divRows}</div>`));
    expect(pages.length).toBeGreaterThan(1);
    expect(findBoxes(pages, '.h')).toHaveLength(1);
  });
});

describe('break-after and break-before: avoid between rows', () => {
  // Pages of 10 rows. Chromium moves a heading row that asks to stay with the next row to the
  // next page with it, rather than leave it alone at the bottom.
  it('keeps a row with break-after: avoid with the row after it', async () => {
    const body = `${rows('a', 0, 8)}<tr style="break-after: avoid"><td id=head>Group</td><td>x</td></tr>${rows('b', 0, 5)}`;
    const pages = await layoutHtml(paged(`<table><tbody>${body}</tbody></table>`));
    expect(findBox(pages, '#head').page).toBe(1);
    expect(findBox(pages, '#b0').page).toBe(1);
    expect(findBox(pages, '#a8').page).toBe(0);
  });

  it('does the same for break-before: avoid and the legacy page-break-after: avoid', async () => {
    for (const [before, after] of [['', ' style="break-before: avoid"'], [' style="page-break-after: avoid"', '']]) {
      const body = `${rows('a', 0, 8)}<tr${before}><td id=head>Group</td><td>x</td></tr><tr${after}><td id=first>first</td><td>x</td></tr>${rows('b', 1, 5)}`;
      const pages = await layoutHtml(paged(`<table><tbody>${body}</tbody></table>`));
      expect([findBox(pages, '#head').page, findBox(pages, '#first').page]).toEqual([1, 1]);
    }
  });
});

describe('a caption at the end of a page', () => {
  // Chromium breaks between a table's captions and its grid: the caption ends the page, the grid
  // (with its top border and header) starts the next one; when its header rows fit below the
  // caption, the table starts with them, its body on the next page under the repeated header.
  it('stays on the page when the first row does not fit after it, and the table starts whole on the next', async () => {
    const html = paged(`<div style="height:160px"></div><table id=t style="border:2px solid red"><caption id=c>cap</caption><tbody>${rows('a', 0, 3)}</tbody></table>`);
    const pages = await layoutHtml(html);
    expect(findBox(pages, '#c')).toMatchObject({ page: 0, y: 160 });
    expect(findBox(pages, '#a0')).toMatchObject({ page: 1, y: 2 });
    // The table's border box, with its top border, is on the second page only.
    const tables = findBoxes(pages, '#t').map((t) => ({ page: t.page, fragment: t.fragment as BoxFragment }));
    expect(tables.map((t) => [t.page, t.fragment.border.top])).toEqual([[0, 0], [1, 2]]);
    expect(tables[0].fragment.style.borderTop.style).toBe('none');
  });

  it('keeps the header rows that fit below it, the body going on under the repeated header (probed in Chromium 156)', async () => {
    const html = paged(`<div style="height:150px"></div><table id=t style="border:2px solid red"><caption id=c>cap</caption>${head}<tbody>${rows('a', 0, 3)}</tbody></table>`);
    const pages = await layoutHtml(html);
    expect(findBox(pages, '#c')).toMatchObject({ page: 0, y: 150 });
    expect(findBoxes(pages, 'th.h').map((th) => [th.page, th.y])).toEqual([[0, 172], [1, 0]]);
    expect(findBox(pages, '#a0')).toMatchObject({ page: 1, y: 20 });
    const tables = findBoxes(pages, '#t').map((t) => ({ page: t.page, fragment: t.fragment as BoxFragment }));
    expect(tables.map((t) => [t.page, t.fragment.border.top])).toEqual([[0, 2], [1, 0]]);
  });

  it('with header and footer rows: stays alone when the header does not fit, moves with the table when the header fits but not the footer too (probed in Chromium 156)', async () => {
    const foot = '<tfoot><tr><td class=f>foot</td><td>F2</td></tr></tfoot>';
    const at = async (spacer: number) => {
      const pages = await layoutHtml(paged(`<div style="height:${spacer}px"></div><table><caption id=c>cap</caption>${head}<tbody>${rows('a', 0, 2)}</tbody>${foot}</table>`));
      const caption = findBox(pages, '#c');
      return { caption: [caption.page, caption.y], header: findBoxes(pages, 'th.h')[0]!.page, body: findBox(pages, '#a0').page };
    };
    // Caption, header and footer fit: the table starts here, its body on the next page.
    expect(await at(140)).toEqual({ caption: [0, 140], header: 0, body: 1 });
    // The header fits below the caption, the footer not with it: all of it on the next page.
    expect(await at(150)).toEqual({ caption: [1, 0], header: 1, body: 1 });
    expect(await at(160)).toEqual({ caption: [1, 0], header: 1, body: 1 });
    // Not even the header fits: the caption ends this page alone.
    expect(await at(165)).toEqual({ caption: [0, 165], header: 1, body: 1 });
  });

  it('moves with the table when the caption does not fit either', async () => {
    const pages = await layoutHtml(paged(`<div style="height:190px"></div><table><caption id=c>cap</caption><tbody>${rows('a', 0, 1)}</tbody></table>`));
    expect(findBox(pages, '#c')).toMatchObject({ page: 1, y: 0 });
    expect(findBox(pages, '#a0')).toMatchObject({ page: 1, y: 20 });
  });

  it("stays when it ends the page exactly, and moves when the table's top border does not fit after it", async () => {
    const at = async (css: string): Promise<number> => findBox(await layoutHtml(paged(`<div style="height:180px"></div><table style="${css}"><caption id=c>cap</caption><tbody>${rows('a', 0, 1)}</tbody></table>`)), '#c').page;
    expect(await at('')).toBe(0);
    expect(await at('border-top: 2px solid')).toBe(1);
    expect(await at('padding-top: 1px')).toBe(1);
  });

  it('keeps the caption with the table when the first row fits', async () => {
    const pages = await layoutHtml(paged(`<div style="height:140px"></div><table><caption id=c>cap</caption><tbody>${rows('a', 0, 3)}</tbody></table>`));
    expect(findBox(pages, '#c')).toMatchObject({ page: 0, y: 140 });
    expect(findBox(pages, '#a0')).toMatchObject({ page: 0, y: 160 });
    expect(findBox(pages, '#a2')).toMatchObject({ page: 1, y: 0 });
  });

  it('prints the caption on the first page and the rows on the second', async () => {
    const pdf = await readPdf(await renderPdf(paged(`<div style="height:170px"></div><table style="width:100%"><caption>Quarterly totals</caption>${head}<tbody>${rows('r', 0, 1)}</tbody></table>`)));
    expect(pdf.pages.map((p) => p.text.trim().replace(/\s+/g, ' '))).toEqual(['Quarterly totals', 'head H2 r0 x r1 x']);
  });
});

describe('the top of a table going on from the page before', () => {
  it('has neither the table\'s top border nor its top padding (decision 0183, probed in Chromium 156)', async () => {
    const pages = await layoutHtml(paged(`<div style="height:150px"></div><table style="padding-top:25px;border-top:1px solid"><tr><td style="height:auto"><p id=p1 style="margin:0">one</p><p id=p2 style="margin:0">two</p><p id=p3 style="margin:0">three</p></td></tr></table>`));
    expect(findBox(pages, '#p1')).toMatchObject({ page: 0, y: 176 });
    expect(findBox(pages, '#p2')).toMatchObject({ page: 1, y: 0 });
    expect(findBox(pages, '#p3')).toMatchObject({ page: 1, y: 20 });
  });
});
