// Multi-column layout: column count and width, balancing, column-fill, spanners, rules, pages.
import { describe, expect, it } from 'vitest';
import { styleDocument } from '../../src/engine/css/test-utils.js';
import { assertPixels, findBox, findBoxes, layoutHtml, pixelPage, skipPixelTests, textRuns } from '../../src/testing/render.js';

type Pages = Awaited<ReturnType<typeof layoutHtml>>;

const computeStyleOf = (declarations: string) => styleDocument(`<div style="${declarations}"></div>`).style('div');

/** A 400×600 page without margins and a margin-less body, so positions are plain CSS arithmetic. */
const page = (body: string, css = '', size = '400px 600px'): string =>
  `<style>@page { size: ${size}; margin: 0 } body { margin: 0; font: 16px/20px Arimo } p { margin: 0 } ${css}</style>${body}`;

const paragraphs = (prefix: string, n: number, from = 1): string =>
  Array.from({ length: n }, (_, i) => `<p>${prefix}${from + i}</p>`).join('');

/** Where each word starts: page, x, and the top of its 20px line (baseline − 15). */
const at = (pages: Pages, text: string): [number, number, number] => {
  const run = textRuns(pages).find((r) => r.text === text);
  if (!run) throw new Error(`no text run "${text}"`);
  return [run.page, Math.round(run.x * 100) / 100, Math.round((run.baseline - 15) * 100) / 100];
};

describe('multicol: column count and width (§3.4)', () => {
  it('splits the content width into column-count columns less the gaps', async () => {
    const pages = await layoutHtml(page(`<div style="column-count:3;column-gap:20px">${paragraphs('a', 3)}</div>`));
    expect(at(pages, 'a1')).toEqual([0, 0, 0]);
    expect(at(pages, 'a2')).toEqual([0, 140, 0]);
    expect(at(pages, 'a3')).toEqual([0, 280, 0]);
    expect(findBoxes(pages, 'p').map((b) => b.width)).toEqual([120, 120, 120]);
  });

  it('uses a 1em gap when column-gap is normal', async () => {
    const pages = await layoutHtml(page(`<div style="columns:2">${paragraphs('a', 2)}</div>`));
    expect(at(pages, 'a2')).toEqual([0, 208, 0]);
    expect(findBoxes(pages, 'p').map((b) => b.width)).toEqual([192, 192]);
  });

  it('fits as many column-width columns as the width allows and widens them to fill it', async () => {
    const pages = await layoutHtml(page(`<div style="column-width:100px">${paragraphs('c', 3)}</div>`));
    expect(at(pages, 'c2')[1]).toBeCloseTo(138.67, 1);
    expect(at(pages, 'c3')[1]).toBeCloseTo(277.33, 1);
  });

  it('takes the smaller of column-count and what column-width allows', async () => {
    const pages = await layoutHtml(page(`<div style="columns:150px 4;column-gap:0">${paragraphs('d', 4)}</div>`));
    // 400px fits two 150px columns: two columns of 200px.
    expect(at(pages, 'd2')).toEqual([0, 0, 20]);
    expect(at(pages, 'd3')).toEqual([0, 200, 0]);
  });

  it('lays a container with one column-count column as one column', async () => {
    const pages = await layoutHtml(page(`<div style="column-count:1">${paragraphs('e', 2)}</div>`));
    expect(at(pages, 'e2')).toEqual([0, 0, 20]);
  });

  it('flows inline content (a paragraph with columns) line by line into the columns', async () => {
    const pages = await layoutHtml(page('<p style="columns:2;column-gap:0;width:200px">aaaaaaaa bbbbbbbb cccccccc dddddddd</p>'));
    expect(at(pages, 'aaaaaaaa')).toEqual([0, 0, 0]);
    expect(at(pages, 'bbbbbbbb')).toEqual([0, 0, 20]);
    expect(at(pages, 'cccccccc')).toEqual([0, 100, 0]);
    expect(findBox(pages, 'p').height).toBe(40);
  });
});

describe('multicol: balancing and column-fill', () => {
  it('balances no shorter than the flow\'s height in one column, its last margin included, shared by the columns (Chromium)', async () => {
    // Four 20px blocks with 12px bottom margins: 128px in one column, so 64px columns, not 52.
    const blocks = ['one', 'two', 'three', 'four'].map((w) => `<div style="margin-bottom:12px">${w}</div>`).join('');
    const pages = await layoutHtml(page(`<div id=m style="columns:2;column-gap:20px">${blocks}</div><p>after</p>`));
    expect(at(pages, 'three')).toEqual([0, 210, 0]);
    expect(findBox(pages, '#m').height).toBe(64);
    expect(at(pages, 'after')).toEqual([0, 0, 64]);
  });

  it('balances the content: the first columns take the extra line', async () => {
    const pages = await layoutHtml(page(`<div id=m style="columns:3;column-gap:20px">${paragraphs('a', 7)}</div><p>after</p>`));
    expect(at(pages, 'a3')).toEqual([0, 0, 40]);
    expect(at(pages, 'a4')).toEqual([0, 140, 0]);
    expect(at(pages, 'a7')).toEqual([0, 280, 0]);
    expect(findBox(pages, '#m').height).toBe(60);
    expect(at(pages, 'after')).toEqual([0, 0, 60]);
  });

  it('keeps the margins of the content inside the columns and truncates them at column breaks', async () => {
    const pages = await layoutHtml(page('<div style="columns:2;margin-top:10px"><p style="margin:10px 0">b1</p><p style="margin:10px 0">b2</p><p style="margin:10px 0">b3</p></div><p>after</p>'));
    expect(at(pages, 'b1')).toEqual([0, 0, 20]);
    expect(at(pages, 'b2')).toEqual([0, 208, 10]);
    expect(at(pages, 'b3')).toEqual([0, 208, 40]);
    // The last margin in a column is not part of the balanced height (as Chromium).
    expect(at(pages, 'after')).toEqual([0, 0, 60]);
  });

  it('balances a container with a fixed height, which keeps its height', async () => {
    const pages = await layoutHtml(page(`<div id=m style="columns:2;height:200px">${paragraphs('a', 4)}</div>`));
    expect(at(pages, 'a3')).toEqual([0, 208, 0]);
    expect(findBox(pages, '#m').height).toBe(200);
  });

  it('fills columns one by one with column-fill: auto and a height', async () => {
    const pages = await layoutHtml(page(`<div id=m style="columns:2;column-fill:auto;height:60px">${paragraphs('a', 4)}</div>`));
    expect(at(pages, 'a3')).toEqual([0, 0, 40]);
    expect(at(pages, 'a4')).toEqual([0, 208, 0]);
  });

  it('adds overflow columns inline when a fixed height cannot hold the content', async () => {
    const pages = await layoutHtml(page(`<div id=m style="columns:2;column-gap:0;height:40px;width:200px">${paragraphs('a', 6)}</div>`));
    expect(at(pages, 'a5')).toEqual([0, 200, 0]);
    expect(findBox(pages, '#m').height).toBe(40);
  });

  it('moves a box with break-inside: avoid to the next column', async () => {
    const pages = await layoutHtml(page(`<div style="columns:2;column-fill:auto;height:60px"><p>a1</p><p>a2</p><div id=k style="break-inside:avoid"><p>k1</p><p>k2</p></div></div>`));
    expect(at(pages, 'k1')).toEqual([0, 208, 0]);
  });
});

describe('multicol: column breaks', () => {
  it('moves content after break-before: column to the next column, balancing the rest', async () => {
    const pages = await layoutHtml(page('<div style="columns:2"><p>b1</p><p style="break-before:column">b2</p><p>b3</p><p>b4</p></div>'));
    expect(at(pages, 'b1')).toEqual([0, 0, 0]);
    expect(at(pages, 'b2')).toEqual([0, 208, 0]);
    expect(at(pages, 'b4')).toEqual([0, 208, 40]);
  });

  it('breaks to the next column after break-after: column', async () => {
    const pages = await layoutHtml(page('<div style="columns:2"><p style="break-after:column">b1</p><p>b2</p></div>'));
    expect(at(pages, 'b2')).toEqual([0, 208, 0]);
  });

  it('ignores break-before: column outside columns', async () => {
    const pages = await layoutHtml(page('<p>b1</p><p style="break-before:column">b2</p>'));
    expect(at(pages, 'b2')).toEqual([0, 0, 20]);
  });
});

describe('multicol: break-inside: avoid-column', () => {
  it('moves a box with break-inside: avoid-column to the next column', async () => {
    const pages = await layoutHtml(page('<div style="columns:2;column-fill:auto;height:60px"><p>a1</p><p>a2</p><div style="break-inside:avoid-column"><p>k1</p><p>k2</p></div></div>'));
    expect(at(pages, 'k1')).toEqual([0, 208, 0]);
  });

  it('takes -webkit-column-break-inside: avoid as break-inside: avoid', () => {
    expect(computeStyleOf('-webkit-column-break-inside: avoid').breakInside).toBe('avoid');
  });

  it('lets a box with break-inside: avoid-column outside columns break across pages', async () => {
    const pages = await layoutHtml(page(`<p>first</p><div style="break-inside:avoid-column">${paragraphs('k', 16)}</div>`, '', '400px 300px'));
    expect(at(pages, 'k14')).toEqual([0, 0, 280]);
    expect(at(pages, 'k15')).toEqual([1, 0, 0]);
  });
});

describe('multicol: spanners', () => {
  it('balances the columns before a column-span: all element, lays it across, then continues in columns', async () => {
    const pages = await layoutHtml(page(`<div style="column-width:100px">${paragraphs('c', 4)}<h3 id=s style="column-span:all;margin:0;font-size:16px">span</h3>${paragraphs('d', 3)}</div>`));
    expect(at(pages, 'c2')).toEqual([0, 0, 20]);
    expect(at(pages, 'c3')[2]).toBe(0);
    expect(findBox(pages, '#s')).toMatchObject({ x: 0, y: 40, width: 400 });
    expect(at(pages, 'd1')).toEqual([0, 0, 60]);
    expect(at(pages, 'd3')[2]).toBe(60);
  });
});

describe('multicol: spanners below the children', () => {
  const css = 'h2 { column-span: all; margin: 10px 0; font: 16px/20px Arimo }';

  it('splits the box holding a spanner around it: its top edge before, its bottom edge after', async () => {
    const section = '<section style="margin:5px 0;padding:3px 0;border-top:2px solid red;border-bottom:2px solid blue">';
    const pages = await layoutHtml(page(`<div style="columns:2">${section}${paragraphs('a', 3)}<h2>span</h2>${paragraphs('b', 2)}</section><p>c1</p></div><p>after</p>`, css));
    expect(at(pages, 'a1')).toEqual([0, 0, 10]);
    expect(at(pages, 'a2')).toEqual([0, 208, 0]);
    expect(at(pages, 'span')).toEqual([0, 0, 50]);
    expect(at(pages, 'b2')).toEqual([0, 0, 100]);
    // The section's end padding and border need room in the balanced height: c1 goes to the second column.
    expect(at(pages, 'c1')).toEqual([0, 208, 80]);
    expect(at(pages, 'after')).toEqual([0, 0, 125]);
  });

  it('lays a spanner that starts its parent across the columns first', async () => {
    const pages = await layoutHtml(page(`<div style="columns:2"><section><h2>span</h2>${paragraphs('d', 2)}</section></div>`, css));
    expect(at(pages, 'span')).toEqual([0, 0, 10]);
    expect(at(pages, 'd1')).toEqual([0, 0, 40]);
    expect(at(pages, 'd2')).toEqual([0, 208, 40]);
  });
});

describe('multicol: pages', () => {
  it('fills the columns to the page bottom, continues in a new row on the next page and balances the last one', async () => {
    const body = `<p>before</p><div style="columns:2;border:5px solid green;padding:5px">${paragraphs('p', 40)}</div><p>after</p>`;
    const pages = await layoutHtml(page(body, '', '400px 300px'));
    expect(at(pages, 'p1')).toEqual([0, 10, 30]);
    expect(at(pages, 'p13')).toEqual([0, 10, 270]);
    expect(at(pages, 'p14')).toEqual([0, 208, 30]);
    expect(at(pages, 'p27')).toEqual([1, 10, 0]);
    expect(at(pages, 'p33')).toEqual([1, 10, 120]);
    expect(at(pages, 'p34')).toEqual([1, 208, 0]);
    expect(at(pages, 'after')).toEqual([1, 0, 150]);
  });
});

describe('multicol: positioned and floating content', () => {
  it('places an absolutely positioned descendant once, against a positioned container', async () => {
    const pages = await layoutHtml(page(`<div id=m style="position:relative;columns:2;margin-top:50px">${paragraphs('a', 4)}<div id=abs style="position:absolute;top:5px;left:7px;width:10px;height:10px"></div></div>`));
    expect(findBoxes(pages, '#abs')).toHaveLength(1);
    expect(findBox(pages, '#abs')).toMatchObject({ x: 7, y: 55 });
  });

  it('sits beside a preceding float, as a block formatting context', async () => {
    const pages = await layoutHtml(page(`<div style="float:left;width:100px;height:50px"></div><div id=m style="columns:2;column-gap:0">${paragraphs('a', 2)}</div>`));
    expect(findBox(pages, '#m')).toMatchObject({ x: 100, width: 300 });
    expect(at(pages, 'a2')).toEqual([0, 250, 0]);
  });
});

describe('multicol: many pages', () => {
  it('continues a row of columns on every page until the content ends', async () => {
    const pages = await layoutHtml(page(`<div style="columns:2">${paragraphs('p', 100)}</div>`, '', '400px 300px'));
    expect(pages).toHaveLength(4);
    expect(at(pages, 'p31')).toEqual([1, 0, 0]);
    expect(at(pages, 'p76')).toEqual([2, 208, 0]);
    // The last page holds ten paragraphs, balanced five and five.
    expect(at(pages, 'p95')).toEqual([3, 0, 80]);
    expect(at(pages, 'p96')).toEqual([3, 208, 0]);
  });
});

describe('multicol: containers laid out as formatting roots', () => {
  it('lays a flex item out in columns', async () => {
    const pages = await layoutHtml(page('<div style="display:flex"><div style="columns:2;flex:1"><p>f1</p><p>f2</p><p>f3</p></div><div style="width:100px"></div></div>'));
    expect(at(pages, 'f3')).toEqual([0, 158, 0]);
  });

  it('lays an absolutely positioned box and an inline-block out in columns', async () => {
    const pages = await layoutHtml(page('<div style="columns:3;position:absolute;top:50px;left:0;width:300px"><p>a1</p><p>a2</p><p>a3</p></div><span style="display:inline-block;columns:2;width:100px"><p>i1</p><p>i2</p></span>'));
    expect(at(pages, 'a3')[1]).toBeCloseTo(210.67, 1);
    expect(at(pages, 'a3')[2]).toBe(50);
    expect(at(pages, 'i2')).toEqual([0, 58, 0]);
  });

  it('keeps the content of a container with a zero height on its page, overflowing', async () => {
    const pages = await layoutHtml(page('<p>before</p><div style="columns:2;height:0"><p>z1</p><p>z2</p></div>', '', '400px 300px'));
    expect(at(pages, 'z1')).toEqual([0, 0, 20]);
    expect(at(pages, 'z2')).toEqual([0, 208, 20]);
  });
});

describe('multicol: intrinsic widths', () => {
  it('sizes a shrink-to-fit container as count × column width + gaps', async () => {
    const pages = await layoutHtml(page('<div id=f style="float:left;columns:3;column-gap:10px"><div style="width:50px;height:10px"></div></div>'));
    expect(findBox(pages, '#f').width).toBe(170);
  });

  it('lets column-width bound the min-content width of a container', async () => {
    const pages = await layoutHtml(page('<table><tr><td id=c style="padding:0"><div style="column-width:30px"><div style="width:80px;height:10px"></div></div></td><td style="padding:0;width:100%"></td></tr></table>'));
    expect(findBox(pages, '#c').width).toBe(30);
  });
});

describe('multicol: properties', () => {
  it('parses the columns and column-rule shorthands and their -webkit- aliases', () => {
    const s = computeStyleOf('columns: 12em 3; column-rule: 2px dashed red; -webkit-column-span: all; column-fill: auto');
    expect(s.columnWidth).toBe(192);
    expect(s.columnCount).toBe(3);
    expect(s.columnRuleWidth).toBe(2);
    expect(s.columnRuleStyle).toBe('dashed');
    expect(s.columnRuleColor).toMatchObject({ r: 255, g: 0, b: 0 });
    expect(s.columnSpan).toBe('all');
    expect(s.columnFill).toBe('auto');
    const w = computeStyleOf('-webkit-columns: 2; column-rule: dotted');
    expect(w.columnCount).toBe(2);
    expect(w.columnRuleWidth).toBe(3);
    expect(w.columnRuleColor).toBeNull();
  });
});

describe.skipIf(skipPixelTests())('multicol: column rules', () => {
  it('paints a rule in the middle of each gap between columns with content, as tall as the columns', async () => {
    const html = pixelPage(13, 5, 'div { columns: 3; column-gap: 2px; column-rule: 2px solid red; width: 13px } i { display: block; height: 2px; background: black; break-inside: avoid }',
      '<div><i></i><i></i><i></i><i></i><i></i></div>');
    await assertPixels(html, `
      KKKRRKKKRRKKK
      KKKRRKKKRRKKK
      KKKRRKKKRR___
      KKKRRKKKRR___
      _____________
    `);
  });
});

describe('page breaks inside columns', () => {
  it('are ignored, as Chromium ignores them: break-before: page in a one-column root does not break', async () => {
    const pages = await layoutHtml('<!doctype html><style>html { columns: 1 } body { margin: 0; font: 16px/20px Arial }</style><p>one</p><nav style="break-before: page">two</nav>');
    expect(pages).toHaveLength(1);
  });
});
