// Table column widths against Chromium: percentage columns (and the table width they ask for),
// col/colgroup widths in auto layout, and table-layout: fixed.
import { describe, expect, it } from 'vitest';
import { solidPng } from '../../src/testing/image-fixtures.js';
import { dataUri, findBox, layoutHtml } from '../../src/testing/render.js';

const CH = (1229 / 2048) * 16;
/** A min- or max-content width in layout units: text's width rounded up to 1/64 px, as Blink does (decision 0395). */
const lu = (px: number): number => Math.ceil(px * 64) / 64;

const page = (body: string, css = ''): string =>
  `<style>@page { size: 800px 600px; margin: 0 } body { margin: 0; font: 16px/20px Cousine } table { border-spacing: 0 } td { padding: 0 2px; border: 1px solid } ${css}</style>${body}`;

const widths = async (html: string, ids: string[]): Promise<number[]> => {
  const pages = await layoutHtml(html);
  return ids.map((id) => findBox(pages, `#${id}`).width);
};

describe('percentage widths in auto layout', () => {
  it('gives a percentage column its share of a table with a width', async () => {
    const [a] = await widths(page('<table style="width: 400px"><tr><td id=a style="width: 25%">a</td><td>bbb</td><td>c</td></tr></table>'), ['a']);
    expect(a).toBeCloseTo(100, 5);
  });

  it('sizes an auto-width table so that the other columns fit beside a percentage column', async () => {
    const b = 8 * CH + 6;
    const [t, a, bb] = await widths(page('<table id=t><tr><td id=a style="width: 50%">aaaa</td><td id=b>bbbbbbbb</td></tr></table>'), ['t', 'a', 'b']);
    expect(t).toBeCloseTo(2 * b, 3);
    expect(a).toBeCloseTo(b, 3);
    expect(bb).toBeCloseTo(b, 3);
  });

  it('sizes an auto-width table so that a percentage column holds its content', async () => {
    const a = 4 * CH + 6;
    const [t, aa, b, c] = await widths(page('<table id=t><tr><td id=a style="width: 20%">aaaa</td><td id=b style="width: 30%">bb</td><td id=c>c</td></tr></table>'), ['t', 'a', 'b', 'c']);
    expect(t).toBeCloseTo(a * 5, 3);
    expect(aa).toBeCloseTo(a, 3);
    expect(b).toBeCloseTo(a * 1.5, 3);
    expect(c).toBeCloseTo(a * 2.5, 3);
  });
});

describe('sharing the width among px, percentage and auto columns (Chromium\'s guesses)', () => {
  it('squeezes px-width columns below their width, in proportion to how much they could grow', async () => {
    const [a, b] = await widths(page('<table style="width: 400px"><tr><td id=a style="width: 100px">a</td><td id=b style="width: 300px">b</td></tr></table>'), ['a', 'b']);
    expect(a).toBeCloseTo(103.141, 1);
    expect(b).toBeCloseTo(296.859, 1);
  });

  it('does not let px widths push an auto-width table past its container', async () => {
    const [t, f, g] = await widths(page('<table id=t><tr><td id=f style="width: 300px">f</td><td id=g style="width: 600px">g</td></tr></table>'), ['t', 'f', 'g']);
    expect(t).toBeCloseTo(800, 5);
    expect(f).toBeCloseTo(269.063, 1);
    expect(g).toBeCloseTo(530.938, 1);
  });

  it('gives percentage columns less than their share when their shares and minimums overfill the table', async () => {
    const long = 'dddd '.repeat(11).trim();
    const [t, c, d, e] = await widths(page(`<table id=t style="width: 400px"><tr><td id=c style="width: 10%"><span style="display: inline-block; width: 200px">c</span></td><td id=d style="width: 80%">${long}</td><td id=e>e</td></tr></table>`), ['t', 'c', 'd', 'e']);
    expect(t).toBe(400);
    expect(c).toBe(206);
    expect(d).toBeCloseTo(178.391, 1);
    expect(e).toBe(lu(CH) + 6);
  });

  it('gives the rest to the auto column once px columns have their width', async () => {
    const [h, i] = await widths(page('<table style="width: 400px"><tr><td id=h style="width: 50px">h</td><td id=i>iiii</td></tr></table>'), ['h', 'i']);
    expect([h, i]).toEqual([56, 344]);
  });
});

describe('auto margins of a table wider than its container', () => {
  it('are zero, so the table starts at the container\'s left edge (CSS 2.1 §10.3.3)', async () => {
    const pages = await layoutHtml(page('<div style="width: 300px; margin-left: 100px"><table id=a style="width: 400px; margin: 0 auto"><tr><td>a</td></tr></table><table id=b align=center style="width: 400px"><tr><td>b</td></tr></table><table id=c style="width: 400px; margin-left: auto"><tr><td>c</td></tr></table></div>'));
    expect(['#a', '#b', '#c'].map((id) => findBox(pages, id).x)).toEqual([100, 100, 100]);
  });

  it('are zero for a block-level image too', async () => {
    const img = dataUri(solidPng(40, 10), 'image/png');
    const pages = await layoutHtml(page(`<div style="width: 300px; margin-left: 100px"><img id=i src="${img}" style="display: block; width: 400px; margin: 0 auto"></div>`));
    expect(findBox(pages, '#i').x).toBe(100);
  });
});

describe('column elements in auto layout', () => {
  it('gives a column its col width', async () => {
    const [a, b] = await widths(page('<table><col style="width: 100px"><col><tr><td id=a>a</td><td id=b>b</td></tr></table>'), ['a', 'b']);
    expect(a).toBe(100);
    expect(b).toBe(lu(CH) + 6);
  });

  it('takes px and percentage widths from cols inside a colgroup; the auto column takes the rest', async () => {
    const [a, b, c] = await widths(page('<table style="width: 300px"><colgroup><col style="width: 50px"><col style="width: 20%"></colgroup><tr><td id=a>a</td><td id=b>b</td><td id=c>c</td></tr></table>'), ['a', 'b', 'c']);
    expect([a, b, c]).toEqual([50, 60, 190]);
  });
});

describe('table-layout: fixed', () => {
  it('takes widths from the first row and shares the rest equally, whatever the content', async () => {
    const [t, a, b, c, d] = await widths(page(`<table id=t style="table-layout: fixed; width: 300px"><tr><td id=a style="width: 50px">a</td><td id=b>${'b'.repeat(60)}</td><td id=c>c</td></tr><tr><td id=d style="width: 200px">d</td><td>e</td><td>f</td></tr></table>`), ['t', 'a', 'b', 'c', 'd']);
    expect([t, a, b, c, d]).toEqual([300, 56, 122, 122, 56]);
  });

  it('lets a col width win over the first cell, and resolves cell percentages against the table', async () => {
    const [a, b, c] = await widths(page('<table style="table-layout: fixed; width: 300px"><col style="width: 100px"><tr><td id=a style="width: 10px">a</td><td id=b style="width: 20%">b</td><td id=c>c</td></tr></table>'), ['a', 'b', 'c']);
    expect([a, b, c]).toEqual([100, 66, 134]);
  });

  it('widens the table when the columns need more than its width', async () => {
    const [t, a] = await widths(page('<table id=t style="table-layout: fixed; width: 100px"><tr><td id=a style="width: 80px">a</td><td style="width: 80px">b</td></tr></table>'), ['t', 'a']);
    expect([t, a]).toEqual([172, 86]);
  });

  it('divides a spanning first-row cell width equally among its columns', async () => {
    const [a, b, c, d] = await widths(page('<table style="table-layout: fixed; width: 300px"><tr><td id=a colspan=2 style="width: 100px">a</td><td id=b>b</td></tr><tr><td id=c>c</td><td id=d>d</td><td>e</td></tr></table>'), ['a', 'b', 'c', 'd']);
    expect([a, b, c, d]).toEqual([106, 194, 53, 53]);
  });

  it('grows every column in proportion when none is auto', async () => {
    const [a, b] = await widths(page('<table style="table-layout: fixed; width: 300px"><tr><td id=a style="width: 50px">a</td><td id=b style="width: 50px">b</td></tr></table>'), ['a', 'b']);
    expect([a, b]).toEqual([150, 150]);
  });

  it('scales percentage columns down to what the px columns leave instead of widening the table', async () => {
    const [a, b, c, d] = await widths(page('<table style="table-layout: fixed; width: 300px"><tr><td id=a style="width: 200px">a</td><td id=b style="width: 50%">b</td></tr></table><table style="table-layout: fixed; width: 300px"><tr><td id=c style="width: 60%">c</td><td id=d style="width: 60%">d</td></tr></table>'), ['a', 'b', 'c', 'd']);
    expect([a, b, c, d]).toEqual([206, 94, 150, 150]);
  });

  it('adds padding to a percentage width, then scales the columns into the table (Chromium: 120.156 and 173.844)', async () => {
    const [a, b] = await widths(page('<table style="table-layout: fixed; width: 300px; border-spacing: 2px"><tr><td id=a style="width: 40%; padding: 6px">a</td><td id=b style="width: 60%; padding: 6px">b</td></tr></table>'), ['a', 'b']);
    expect(a).toBeCloseTo(120.156, 2);
    expect(b).toBeCloseTo(173.844, 2);
  });

  it('uses automatic layout when the table width is auto', async () => {
    const [a, b] = await widths(page('<table style="table-layout: fixed"><tr><td id=a style="width: 80px">a</td><td id=b>bbbb bbbb</td></tr></table>'), ['a', 'b']);
    expect(a).toBe(86);
    expect(b).toBe(lu(9 * CH) + 6);
  });
});

describe('percentage-sized images in cells', () => {
  const logo = dataUri(solidPng(898, 106), 'image/png');
  const text = 'Created: January 1, 2023';

  it('gives a width: 100%; max-width: 300px image its 300px, as a 300px image would', async () => {
    const pages = await layoutHtml(page(`<table style="width: 556px"><tr><td id=a><img id=i src="${logo}" style="width: 100%; max-width: 300px"></td><td id=b>${text}</td></tr></table><table style="width: 556px"><tr><td id=c><img src="${logo}" style="width: 300px"></td><td>${text}</td></tr></table>`, 'td { padding: 5px; border: 0; vertical-align: top }'));
    expect(findBox(pages, '#i').width).toBe(300);
    expect(findBox(pages, '#a').width).toBeCloseTo(findBox(pages, '#c').width, 5);
    expect(findBox(pages, '#a').width).toBeGreaterThan(310);
  });

  it('lets a percentage image shrink to nothing at min-content but grow to its own width at max-content', async () => {
    const pages = await layoutHtml(page(`<table style="width: 1px"><tr><td id=a><img src="${logo}" style="width: 100%"></td><td>x</td></tr></table><table><tr><td id=b><img src="${logo}" style="width: 100%; max-width: 300px"></td><td>x</td></tr></table>`, 'td { padding: 5px; border: 0 }'));
    expect(findBox(pages, '#a').width).toBe(10);
    expect(findBox(pages, '#b').width).toBe(310);
  });

  it('treats a block-level percentage image the same way', async () => {
    const pages = await layoutHtml(page(`<table style="width: 1px"><tr><td id=a><img src="${logo}" style="display: block; width: 100%"></td><td>x</td></tr></table><table><tr><td id=b><img src="${logo}" style="display: block; width: 100%; max-width: 300px"></td><td>x</td></tr></table>`, 'td { padding: 5px; border: 0 }'));
    expect(findBox(pages, '#a').width).toBe(10);
    expect(findBox(pages, '#b').width).toBe(310);
  });
});

describe('cells spanning columns (Chromium\'s DistributeColspanCellToColumnsAuto)', () => {
  const spanning = (span: string, rows: string): string =>
    `<!DOCTYPE html><style>@page { size: 800px 600px; margin: 0 } body { margin: 0; font: 16px/20px Cousine } table { border-spacing: 0 } td { padding: 0 }</style><table><tr><td colspan=2>${span}</td></tr>${rows}</table>`;

  it('shares a spanning cell\'s extra width among its columns the way a table width is, in proportion to their max-content', async () => {
    // Columns of 5 and 15 characters (about 48 and 144px) under a 300px block: the ~108px more
    // is shared 1:3 (Chromium: 75 and 225px; an equal share gave 102 and 198).
    const pages = await layoutHtml(spanning('<div style="width: 300px; height: 10px"></div>', '<tr><td id=a>aaaaa</td><td id=b>bbbbbbbbbbbbbbb</td></tr>'));
    const extra = 300 - 20 * CH;
    expect(findBox(pages, '#a').width).toBeCloseTo(5 * CH + extra / 4, 3);
    expect(findBox(pages, '#b').width).toBeCloseTo(15 * CH + (extra * 3) / 4, 3);
  });

  it('keeps the columns\' proportions in a wide table when a spanning cell raises their min-content', async () => {
    const html = spanning('<div style="width: 250px; height: 10px"></div>', '<tr><td id=a>aaaaa</td><td id=b>bbbbbbbbbbbbbbb</td></tr>').replace('<table>', '<table style="width: 600px">');
    const pages = await layoutHtml(html);
    expect(findBox(pages, '#a').width).toBeCloseTo(150, 3);
    expect(findBox(pages, '#b').width).toBeCloseTo(450, 3);
  });

  it('leaves columns as they are when the spanning cell fits in them', async () => {
    const rows = '<tr><td id=a>aaaaa</td><td id=b>bbbbbbbbbbbbbbb</td></tr>';
    const alone = await layoutHtml(spanning('', rows));
    const under = await layoutHtml(spanning('<div style="width: 100px; height: 10px"></div> a few words', rows));
    expect(findBox(under, '#a').width).toBeCloseTo(findBox(alone, '#a').width, 3);
    expect(findBox(under, '#b').width).toBeCloseTo(findBox(alone, '#b').width, 3);
  });
});

describe('min-width and max-width on tables (probed in Chromium 156)', () => {
  it('bound the table\'s width as they bound a block\'s, never below its columns\' minimum', async () => {
    const box = async (table: string): Promise<number[]> => {
      const t = findBox(await layoutHtml(page(`<div style="width:760px">${table}</div>`)), 'table');
      return [Math.round(t.x * 10) / 10, Math.round(t.width * 10) / 10];
    };
    // An e-mail's centred 500px table: width="100%", max-width 500px, auto margins.
    expect(await box('<table width="100%" cellpadding=0 cellspacing=0 style="max-width:500px;margin:auto"><tr><td>Text</td></tr></table>')).toEqual([130, 500]);
    expect(await box('<table style="min-width:600px;margin:0 auto"><tr><td>A</td><td>B</td></tr></table>')).toEqual([80, 600]);
    expect(await box('<table style="width:700px;max-width:50%;margin-left:auto"><tr><td>C</td></tr></table>')).toEqual([380, 380]);
    expect(await box('<table style="table-layout:fixed;width:600px;max-width:300px"><tr><td>F</td><td>G</td></tr></table>')).toEqual([0, 300]);
    const [, narrowest] = await box('<table cellpadding=0 cellspacing=0 style="max-width:10px"><tr><td>Supercalifragilisticexpialidocious</td></tr></table>');
    expect(narrowest).toBeGreaterThan(200);
  });
});
