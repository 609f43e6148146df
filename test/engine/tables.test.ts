// Tables (basic): column widths from content, colspan, rowspan, border-spacing, captions,
// row heights, and rows paginated with the header (and footer) repeated on every page.
import { describe, expect, it } from 'vitest';
import { readPdf } from '../../src/testing/read-pdf.js';
import { findBox, findBoxes, layoutHtml, lineBoxes, renderPdf, textRuns } from '../../src/testing/render.js';

const CH = (1229 / 2048) * 16;
/** A min- or max-content width in layout units: text's width rounded up to 1/64 px, as Blink does (decision 0395). */
const lu = (px: number): number => Math.ceil(px * 64) / 64;

const page = (body: string, css = ''): string =>
  `<!DOCTYPE html><style>@page { size: 400px 600px; margin: 0 } body { margin: 0; font: 16px/20px Cousine } ${css}</style>${body}`;

describe('column widths', () => {
  it('sizes auto columns to their content plus cell padding, with 2px border-spacing', async () => {
    const pages = await layoutHtml(page('<table id=t><tr><td id=a>aaa</td><td id=b>b</td></tr></table>'));
    const a = findBox(pages, '#a');
    const b = findBox(pages, '#b');
    expect(a.width).toBe(lu(3 * CH) + 2);
    expect(b.width).toBe(lu(CH) + 2);
    expect(a.x).toBe(2);
    expect(b.x).toBeCloseTo(a.x + a.width + 2, 4);
    expect(findBox(pages, '#t').width).toBeCloseTo(a.width + b.width + 3 * 2, 4);
  });

  it('gives a column the width of its widest cell', async () => {
    const pages = await layoutHtml(page('<table><tr><td id=a>a</td></tr><tr><td id=b>bbbbb</td></tr></table>'));
    expect(findBox(pages, '#a').width).toBe(lu(5 * CH) + 2);
    expect(findBox(pages, '#b').width).toBe(lu(5 * CH) + 2);
  });

  it('honours border-spacing in both directions', async () => {
    const pages = await layoutHtml(page('<table id=t style="border-spacing:10px 5px"><tr><td id=a>a</td><td id=b>b</td></tr><tr><td id=c>c</td><td>d</td></tr></table>'));
    const a = findBox(pages, '#a');
    expect(a).toMatchObject({ x: 10, y: 5 });
    expect(findBox(pages, '#b').x).toBeCloseTo(10 + a.width + 10, 4);
    expect(findBox(pages, '#c').y).toBeCloseTo(5 + a.height + 5, 4);
    expect(findBox(pages, '#t').height).toBeCloseTo(5 + 2 * a.height + 5 + 5, 4);
  });

  it('puts no spacing between cells with border-collapse: collapse', async () => {
    const pages = await layoutHtml(page('<table style="border-collapse:collapse"><tr><td id=a>a</td><td id=b>b</td></tr></table>'));
    const a = findBox(pages, '#a');
    expect(a.x).toBe(0);
    expect(findBox(pages, '#b').x).toBeCloseTo(a.width, 4);
  });

  it('stretches columns to a table width, in proportion to their content', async () => {
    const pages = await layoutHtml(page('<table style="width:100%;border-spacing:0"><tr><td id=a style="padding:0">aaa</td><td id=b style="padding:0">a</td></tr></table>'));
    const a = findBox(pages, '#a');
    const b = findBox(pages, '#b');
    expect(a.width + b.width).toBeCloseTo(400, 4);
    expect(a.width / b.width).toBeCloseTo(3, 2);
  });

  it('uses a fixed cell width for its column', async () => {
    const pages = await layoutHtml(page('<table style="border-spacing:0"><tr><td id=a style="width:100px;padding:0">a</td><td id=b style="padding:0">b</td></tr></table>'));
    expect(findBox(pages, '#a').width).toBe(100);
  });

  it('takes cellspacing, cellpadding and border attributes as presentational hints', async () => {
    const pages = await layoutHtml(page('<table id=t cellspacing=0 cellpadding=5 border=1><tr><td id=a>a</td></tr></table>'));
    expect(findBox(pages, '#a')).toMatchObject({ x: 1, y: 1, height: 1 + 5 + 20 + 5 + 1 });
    expect(lineBoxes(pages, '#a')[0]).toMatchObject({ x: 7, y: 7 });
    expect(findBox(pages, '#t').height).toBe(34);
  });

  it('uses a <col> width for its column', async () => {
    const pages = await layoutHtml(page('<table style="border-spacing:0"><colgroup><col style="width:120px"><col></colgroup><tr><td id=a style="padding:0">a</td><td style="padding:0">b</td></tr></table>'));
    expect(findBox(pages, '#a').width).toBe(120);
  });

it('keeps a fixed-width column fixed and gives the extra width of the table to auto columns', async () => {
    const pages = await layoutHtml(page('<table width=300 style="border-spacing:0"><tr><td id=a width=100 style="padding:0">a</td><td id=b style="padding:0">b</td></tr></table>'));
    expect(findBox(pages, '#a').width).toBe(100);
    expect(findBox(pages, '#b').width).toBe(200);
  });

it('makes a percentage-width column that share of the table width', async () => {
    const pages = await layoutHtml(page('<table style="width:200px;border-spacing:0"><tr><td id=a style="width:25%;padding:0">a</td><td id=b style="padding:0">b</td></tr></table>'));
    expect(findBox(pages, '#a').width).toBe(50);
    expect(findBox(pages, '#b').width).toBe(150);
  });

  it('wraps cell text when the table would be wider than its container', async () => {
    const pages = await layoutHtml(page('<table style="border-spacing:0"><tr><td id=a style="padding:0">aaaa bbbb cccc dddd eeee ffff gggg hhhh iiii jjjj kkkk llll mmmm</td></tr></table>'));
    expect(findBox(pages, '#a').width).toBeLessThanOrEqual(400);
    expect(lineBoxes(pages, '#a').length).toBeGreaterThan(1);
  });

  it('never makes a column narrower than its longest word', async () => {
    const pages = await layoutHtml(page('<table style="width:10px;border-spacing:0"><tr><td id=a style="padding:0">aaaaaa bb</td></tr></table>'));
    expect(findBox(pages, '#a').width).toBeCloseTo(6 * CH, 4);
  });

  it('centres a table with margin: auto', async () => {
    const pages = await layoutHtml(page('<table id=t style="width:200px;margin:0 auto"><tr><td>a</td></tr></table>'));
    expect(findBox(pages, '#t').x).toBe(100);
  });
});

describe('spans', () => {
  it('gives a colspan cell the width of its columns and the spacing between them', async () => {
    const pages = await layoutHtml(page('<table><tr><td id=a>aaa</td><td id=b>bb</td></tr><tr><td id=s colspan=2>s</td></tr></table>'));
    const a = findBox(pages, '#a');
    const b = findBox(pages, '#b');
    const s = findBox(pages, '#s');
    expect(s.x).toBe(a.x);
    expect(s.width).toBeCloseTo(a.width + 2 + b.width, 4);
  });

  it('widens the spanned columns for a wide colspan cell', async () => {
    const pages = await layoutHtml(page('<table><tr><td id=a>a</td><td id=b>b</td></tr><tr><td id=s colspan=2>ssssssssss</td></tr></table>'));
    const a = findBox(pages, '#a');
    const b = findBox(pages, '#b');
    expect(a.width + 2 + b.width).toBeCloseTo(10 * CH + 2, 4);
  });

  it('gives a rowspan cell the height of its rows and the spacing between them', async () => {
    const pages = await layoutHtml(page('<table><tr><td id=r rowspan=2>r</td><td id=a>a</td></tr><tr><td id=b>b</td></tr></table>'));
    const r = findBox(pages, '#r');
    const a = findBox(pages, '#a');
    const b = findBox(pages, '#b');
    expect(r.y).toBe(a.y);
    expect(r.y + r.height).toBeCloseTo(b.y + b.height, 4);
    expect(b.x).toBe(a.x);
  });

  it('skips the slots a rowspan covers when placing later rows', async () => {
    const pages = await layoutHtml(page('<table><tr><td rowspan=2>r</td><td id=a>a</td><td id=c>c</td></tr><tr><td id=b>b</td><td id=d>d</td></tr></table>'));
    expect(findBox(pages, '#b').x).toBe(findBox(pages, '#a').x);
    expect(findBox(pages, '#d').x).toBe(findBox(pages, '#c').x);
  });

  it('grows the last spanned row for a tall rowspan cell', async () => {
    const pages = await layoutHtml(page('<table style="border-spacing:0"><tr><td id=r rowspan=2 style="height:100px;padding:0">r</td><td id=a style="padding:0">a</td></tr><tr><td id=b style="padding:0">b</td></tr></table>'));
    const r = findBox(pages, '#r');
    const b = findBox(pages, '#b');
    expect(r.height).toBe(100);
    expect(b.y + b.height).toBeCloseTo(100, 4);
  });
});

describe('rows and cells', () => {
  it('makes every cell of a row as tall as the row', async () => {
    const pages = await layoutHtml(page('<table><tr><td id=a>a</td><td id=b>b<br>b<br>b</td></tr></table>'));
    expect(findBox(pages, '#a').height).toBe(findBox(pages, '#b').height);
    expect(findBox(pages, '#b').height).toBe(3 * 20 + 2);
  });

  it('honours a row height and a cell height', async () => {
    const pages = await layoutHtml(page('<table style="border-spacing:0"><tr style="height:50px"><td id=a style="padding:0">a</td></tr><tr><td id=b style="height:30px;padding:0">b</td></tr></table>'));
    expect(findBox(pages, '#a').height).toBe(50);
    expect(findBox(pages, '#b').height).toBe(30);
  });

  it('centres cell content vertically by default (vertical-align: middle from the UA sheet)', async () => {
    const pages = await layoutHtml(page('<table style="border-spacing:0"><tr><td id=a style="padding:0">a</td><td style="padding:0;height:100px">b</td></tr></table>'));
    const [line] = lineBoxes(pages, '#a');
    expect(line.y).toBe(40);
  });

  it('aligns cell content to the top and the bottom', async () => {
    const pages = await layoutHtml(page('<table style="border-spacing:0"><tr><td id=a style="padding:0;vertical-align:top">a</td><td id=b style="padding:0;vertical-align:bottom">b</td><td style="padding:0;height:100px">c</td></tr></table>'));
    expect(lineBoxes(pages, '#a')[0].y).toBe(0);
    expect(lineBoxes(pages, '#b')[0].y).toBe(80);
  });

  it('prints cells with vertical-align: baseline at the top of their row, as Chromium 156 prints them (decision 0367)', async () => {
    const pages = await layoutHtml(page('<table style="border-spacing:0"><tr><td style="vertical-align:baseline;font-size:32px;line-height:40px;padding:0">A</td><td id=b style="vertical-align:baseline;padding:0">b</td></tr></table>'));
    expect(lineBoxes(pages, '#b')[0].y).toBe(0);
  });

  it('grows a row as aligning its baseline cells would, their content still at the top (Chromium 156 prints)', async () => {
    // The 40px line's baseline sits lower than the two-line cell's first: aligned, that cell would
    // reach past the first one's bottom by the difference, and the row takes that height.
    const pages = await layoutHtml(page('<table style="border-spacing:0"><tr><td id=a style="vertical-align:baseline;font-size:32px;line-height:40px;padding:0">A</td><td id=b style="vertical-align:baseline;padding:0">b<br>c</td></tr></table>'));
    const lines = lineBoxes(pages, '#b');
    expect(lines[0].y).toBe(0);
    const a = lineBoxes(pages, '#a')[0];
    const grown = a.baseline - lines[0].baseline + lines[1].y + lines[1].height;
    expect(findBox(pages, '#b').height).toBeCloseTo(grown, 3);
    expect(grown).toBeGreaterThan(40);
  });

  it('adds cell padding and borders around the content', async () => {
    const pages = await layoutHtml(page('<table style="border-spacing:0"><tr><td id=a style="padding:5px;border:2px solid">aa</td></tr></table>'));
    const a = findBox(pages, '#a');
    expect(a.width).toBeCloseTo(2 * CH + 14, 4);
    expect(a.height).toBe(20 + 14);
    expect(lineBoxes(pages, '#a')[0]).toMatchObject({ x: 7, y: 7 });
  });

  it('adds the table\'s own border and padding around the grid', async () => {
    const pages = await layoutHtml(page('<table id=t style="border:3px solid;padding:4px;border-spacing:0"><tr><td id=a style="padding:0">a</td></tr></table>'));
    expect(findBox(pages, '#a')).toMatchObject({ x: 7, y: 7 });
    const t = findBox(pages, '#t');
    expect(t.height).toBe(20 + 14);
  });

  it('builds anonymous rows and cells around loose content', async () => {
    const pages = await layoutHtml(page('<div id=t style="display:table"><div id=a style="display:table-cell">a</div><div id=b style="display:table-cell">b</div></div>'));
    const a = findBox(pages, '#a');
    expect(findBox(pages, '#b').x).toBeCloseTo(a.x + a.width, 4);
    expect(findBox(pages, '#b').y).toBe(a.y);
  });

  it('stacks thead, tbody and tfoot in that order whatever the source order', async () => {
    const pages = await layoutHtml(page('<table><tfoot><tr><td id=f>f</td></tr></tfoot><tbody><tr><td id=b>b</td></tr></tbody><thead><tr><td id=h>h</td></tr></thead></table>'));
    const h = findBox(pages, '#h');
    const b = findBox(pages, '#b');
    const f = findBox(pages, '#f');
    expect(h.y).toBeLessThan(b.y);
    expect(b.y).toBeLessThan(f.y);
  });
});

describe('children of rows that are not cells', () => {
  it('wraps a td made display: block in an anonymous cell, which takes the spare width (CSS 2.1 §17.2.1)', async () => {
    // The block keeps its own 200px width, centred by its auto margins in the anonymous cell.
    const pages = await layoutHtml(page('<table style="width:400px;border-spacing:0"><tr><td id=e style="padding:0"></td><td id=b width=200 style="display:block;margin:0 auto;padding:0">x</td></tr></table>'));
    expect(findBox(pages, '#e').width).toBe(0);
    expect(findBox(pages, '#b')).toMatchObject({ x: 100, width: 200 });
  });

  it('wraps a tr made display: block, in a row group, in an anonymous row and cell', async () => {
    const pages = await layoutHtml(page('<table style="border-spacing:0"><tbody><tr><td id=a style="padding:0">a</td></tr><tr id=r style="display:block"><td>b</td></tr></tbody></table>'));
    expect(findBox(pages, '#r').y).toBe(findBox(pages, '#a').y + findBox(pages, '#a').height);
  });
});

describe('captions', () => {
  it('puts a caption above the table grid, as wide as the table', async () => {
    const pages = await layoutHtml(page('<table id=t style="width:200px"><caption id=c>cap</caption><tr><td id=a>a</td></tr></table>'));
    const c = findBox(pages, '#c');
    const a = findBox(pages, '#a');
    expect(c.width).toBe(200);
    expect(c.y).toBe(0);
    expect(a.y).toBe(20 + 2);
  });

  it('keeps the caption of a table whose overflow is clipped: it is inside the box overflow clips to', async () => {
    const html = page('<table style="overflow: hidden; width: 200px"><caption>Table 1. Results</caption><tr><td>a</td></tr></table>');
    expect((await readPdf(await renderPdf(html))).pages[0].text).toContain('Table 1. Results');
  });

  it('puts a caption-side: bottom caption below', async () => {
    const pages = await layoutHtml(page('<table style="width:200px"><caption id=c style="caption-side:bottom">cap</caption><tr><td id=a>a</td></tr></table>'));
    const c = findBox(pages, '#c');
    const a = findBox(pages, '#a');
    expect(c.y).toBeGreaterThanOrEqual(a.y + a.height);
  });

  it('widens an auto table to its caption\'s longest word, the columns sharing the extra, as Chromium does', async () => {
    // Chromium: a caption's min-content width is a minimum for the table; the caption wraps to it.
    const html = (side: string) => page(`<table id=t><caption style="caption-side:${side}">a caption longword</caption><tr><td id=a>x</td><td id=b>y</td></tr></table>`);
    for (const side of ['top', 'bottom']) {
      const pages = await layoutHtml(html(side));
      const [t, a, b] = [findBox(pages, '#t'), findBox(pages, '#a'), findBox(pages, '#b')];
      expect(t.width).toBeCloseTo(lu(8 * CH), 4);
      expect(a.width).toBeCloseTo(b.width, 4);
      expect(a.width + b.width + 3 * 2).toBeCloseTo(t.width, 4);
    }
  });
});

describe('tables across pages', () => {
  const paged = (body: string): string =>
    `<style>@page { size: 300px 200px; margin: 0 } body { margin: 0; font: 16px/20px Cousine } table { border-spacing: 0 } td, th { padding: 0; height: 20px }</style>${body}`;
  const rows = (n: number): string => Array.from({ length: n }, (_, i) => `<tr><td id=r${i}>row ${i}</td></tr>`).join('');

  it('moves rows that do not fit to the next page, whole', async () => {
    const pages = await layoutHtml(paged(`<table id=t>${rows(15)}</table>`));
    expect(pages).toHaveLength(2);
    expect(findBox(pages, '#r9')).toMatchObject({ page: 0, y: 180 });
    expect(findBox(pages, '#r10')).toMatchObject({ page: 1, y: 0 });
    expect(findBoxes(pages, '#t').map((t) => t.page)).toEqual([0, 1]);
  });

  it('repeats the thead at the top of every page the table spans', async () => {
    const pages = await layoutHtml(paged(`<table><thead><tr><th class=h>head</th></tr></thead><tbody>${rows(25)}</tbody></table>`));
    expect(pages.length).toBe(3);
    const heads = findBoxes(pages, 'th.h');
    expect(heads.map((h) => [h.page, h.y])).toEqual([[0, 0], [1, 0], [2, 0]]);
    expect(findBox(pages, '#r9')).toMatchObject({ page: 1, y: 20 });
  });

  it('repeats the tfoot at the bottom of every page the table spans', async () => {
    const pages = await layoutHtml(paged(`<table><tbody>${rows(25)}</tbody><tfoot><tr><td class=f>foot</td></tr></tfoot></table>`));
    const feet = findBoxes(pages, 'td.f');
    expect(feet.map((f) => f.page)).toEqual(pages.map((_, i) => i));
    expect(feet[0].y).toBe(180);
  });

  it('moves a table that does not fit at all, header included, to the next page', async () => {
    const pages = await layoutHtml(paged(`<div style="height:185px"></div><table><thead><tr><th class=h>head</th></tr></thead>${rows(2)}</table>`));
    expect(findBoxes(pages, 'th.h').map((h) => h.page)).toEqual([1]);
  });

  it('breaks before a row with break-before: page', async () => {
    const pages = await layoutHtml(paged(`<table>${rows(3)}</table><style>#r1 { } tr:nth-child(2) { break-before: page }</style>`));
    expect(findBox(pages, '#r1')).toMatchObject({ page: 1, y: 0 });
  });
});

describe('table height', () => {
  const heights = async (html: string, ids: string[]): Promise<number[]> => {
    const pages = await layoutHtml(page(html, 'table { border-spacing: 0 } td { padding: 0 }'));
    return ids.map((id) => findBox(pages, `#${id}`).height);
  };

  it('gives the extra height to the body rows, in proportion to their heights (header and footer keep theirs)', async () => {
    const rows = await heights('<table id=t style="height: 300px"><thead><tr id=h><td>h</td></tr></thead><tbody><tr id=a><td>a<br>a</td></tr><tr id=b><td>b</td></tr></tbody><tfoot><tr id=f><td>f</td></tr></tfoot></table>', ['t', 'h', 'a', 'b', 'f']);
    expect(rows[0]).toBe(300);
    expect(rows[1]).toBe(20);
    expect(rows[2]).toBeCloseTo(173.333, 2);
    expect(rows[3]).toBeCloseTo(86.667, 2);
    expect(rows[4]).toBe(20);
  });

  it('leaves rows with a px height as they are', async () => {
    const rows = await heights('<table style="height: 200px"><tr id=a><td>a</td></tr><tr id=b><td>b<br>b<br>b</td></tr><tr id=c style="height: 30px"><td>c</td></tr></table>', ['a', 'b', 'c']);
    expect(rows).toEqual([42.5, 127.5, 30]);
  });

  it('counts the table\'s borders and spacing in its height, and takes the height attribute and percentages of a definite height', async () => {
    const spaced = await heights('<table style="height: 200px; border-spacing: 4px; border: 1px solid"><tr id=a><td>a</td></tr><tr id=b><td>b</td></tr></table>', ['a', 'b']);
    expect(spaced).toEqual([93, 93]);
    expect(await heights('<table height=100><tr id=a><td>a</td></tr></table>', ['a'])).toEqual([100]);
    expect(await heights('<div style="height: 500px"><table style="height: 50%"><tr id=a><td>a</td></tr></table></div>', ['a'])).toEqual([250]);
    expect(await heights('<table style="height: 200px; border-collapse: collapse; border: 2px solid"><tr id=a><td>a</td></tr><tr id=b><td>b</td></tr></table>', ['a', 'b'])).toEqual([99, 99]);
  });
});

describe('the rules and frame attributes', () => {
  it('a docutils table (frame=void rules=none) collapses its borders: no border-spacing between rows', async () => {
    const pages = await layoutHtml('<!doctype html><style>body { margin: 0; font: 16px/20px Arial } td { padding: 0 }</style><table frame="void" rules="none"><tr><td id=a>a</td></tr><tr><td id=b>b</td></tr></table>');
    expect(findBox(pages, '#b').y - findBox(pages, '#a').y).toBe(20);
  });

  it('rules=all draws a 1px rule between cells, shared as collapsed borders are', async () => {
    const pages = await layoutHtml('<!doctype html><style>body { margin: 0; font: 16px/20px Arial } td { padding: 0 }</style><table rules="all"><tr><td id=a>a</td><td id=b>b</td></tr></table>');
    const a = findBox(pages, '#a');
    const b = findBox(pages, '#b');
    // No border-spacing between the cells: the rule is one collapsed border between them.
    expect(b.x - (a.x + a.width)).toBeCloseTo(0, 5);
  });
});

describe('children of a display: table box that are not table parts', () => {
  const STYLE = '<!doctype html><style>body { margin: 0; font: 16px/20px Arial } .t { display: table }</style>';

  it('go together in one anonymous cell, stacked as blocks, as Chromium lays them out', async () => {
    const pages = await layoutHtml(`${STYLE}<div class="t"><h1 style="margin: 0; font-size: 32px; line-height: 40px">Name</h1><h2 style="margin: 0; font-size: 20px">Role</h2></div>`);
    const h1 = findBox(pages, 'h1');
    const h2 = findBox(pages, 'h2');
    expect(h2.x).toBe(h1.x);
    expect(h2.y).toBe(h1.y + 40);
  });

  it('keep their text: inline text between blocks is printed', async () => {
    const html = `${STYLE}<div class="t"><div>block one</div>inline text<div>block two</div></div>`;
    expect(textRuns(await layoutHtml(html)).map((r) => r.text)).toEqual(['block one', 'inline text', 'block two']);
  });

  it('beside real cells, go in a cell of their own', async () => {
    const pages = await layoutHtml(`${STYLE}<div class="t"><div style="display: table-cell">cell</div>loose</div>`);
    const runs = textRuns(pages);
    expect(runs.map((r) => r.text)).toEqual(['cell', 'loose']);
    expect(runs[1].x).toBeGreaterThan(runs[0].x);
  });
});

describe('rows and cells made display: block (a stacked table)', () => {
  it('stack in one anonymous cell, as Chromium lays them out', async () => {
    const pages = await layoutHtml('<!doctype html><style>body { margin: 0; font: 16px/20px Arial } tr, td { display: block } td { padding: 0 }</style><table><tbody><tr><td id=a>R1A</td><td id=b>R1B</td></tr><tr><td id=c>R2A</td></tr></tbody></table>');
    const [a, b, c] = ['#a', '#b', '#c'].map((id) => findBox(pages, id));
    expect([b.x, c.x]).toEqual([a.x, a.x]);
    expect([b.y - a.y, c.y - a.y]).toEqual([20, 40]);
  });
});

describe('margins on table cells', () => {
  it('do not apply: the cell\u2019s text starts at its padding edge, as in Chromium', async () => {
    const pages = await layoutHtml('<!doctype html><style>body { margin: 0; font: 16px/20px Arial } td { padding: 0; vertical-align: top } .m { margin: 1em 0 }</style><table style="border-spacing: 0"><tr><td>a</td><td class=m>b</td></tr></table>');
    const [a, b] = textRuns(pages);
    expect(b.baseline).toBe(a.baseline);
  });
});

describe('an auto-width table whose percentage columns take 100% beside other content', () => {
  it('fills the line, as Chromium sizes it (doxygen\u2019s declaration tables)', async () => {
    const pages = await layoutHtml('<!doctype html><style>body { margin: 0; font: 16px/20px Arial } td { padding: 0 } table { border-spacing: 0 }</style><div style="width: 500px"><table id=a><tr><td>left</td><td style="width: 100%">right</td></tr></table><table id=b><tr><td>left</td><td style="width: 50%">half</td></tr></table></div>');
    expect(findBox(pages, '#a').width).toBe(500);
    expect(findBox(pages, '#b').width).toBeLessThan(500);
  });
});

describe('anonymous tables around table parts', () => {
  // Chromium skips what generates no box (display: none, comments) when it groups table parts
  // into one anonymous table (CSS 2.1 §17.2.1): tacit.css hides a thead inside a display: block table.
  const parts = (between: string): string => page(`<div style="width:400px"><div id=c style="display:table-caption">Monthly spend</div>${between}<div style="display:table-row"><div id=a style="display:table-cell">Compute</div><div style="display:table-cell">18,420</div><div style="display:table-cell">17,950</div></div></div>`);

  for (const [name, between] of [['a display: none element', '<div style="display:none">hidden</div>'], ['a comment', '<!-- note -->']]) {
    it(`keeps the caption and the rows in one table across ${name}`, async () => {
      const pages = await layoutHtml(parts(between));
      // One table: the caption is as wide as the row (one line), and the row follows it directly.
      expect(lineBoxes(pages, '#c')).toHaveLength(1);
      expect(findBox(pages, '#a').y).toBe(findBox(pages, '#c').y + findBox(pages, '#c').height);
    });
  }

  it('keeps a display: block table\'s caption and body in one table past its hidden thead (tacit.css)', async () => {
    const pages = await layoutHtml(page('<table style="display:block;width:400px"><caption id=c>Monthly spend</caption><thead style="display:none"><tr><th>Category</th></tr></thead><tbody><tr><td id=a>Compute</td><td>18,420</td><td>17,950</td></tr></tbody></table>'));
    expect(lineBoxes(pages, '#c')).toHaveLength(1);
    expect(findBox(pages, '#a').y).toBeGreaterThanOrEqual(findBox(pages, '#c').y + findBox(pages, '#c').height);
    expect(findBox(pages, '#a').y).toBeLessThan(findBox(pages, '#c').y + findBox(pages, '#c').height + 5);
  });

  it('still starts a new table after an element that generates a box', async () => {
    const pages = await layoutHtml(parts('<div>between</div>'));
    expect(lineBoxes(pages, '#c').length).toBeGreaterThan(1);
  });
});
