// Tables in the collapsing border model (CSS 2.1 §17.6.2) as Chromium prints them: one border per
// grid edge chosen by width, style and source, half of it inside each cell and the table, and
// every edge painted once with the strongest edge owning each joint.
import { describe, expect, it } from 'vitest';
import { assertPixels, findBox, layoutHtml, pixelPage, skipPixelTests } from '../../src/testing/render.js';

const page = (body: string, css = ''): string =>
  `<!DOCTYPE html><style>@page { size: 400px 600px; margin: 0 } body { margin: 0; font: 16px/20px Cousine } table { border-collapse: collapse } ${css}</style>${body}`;

describe('collapsed border geometry', () => {
  it('puts half of each edge in the cells on both sides and half of the outer edges in the table', async () => {
    const pages = await layoutHtml(page('<table id=t><tr><td id=a></td><td id=b></td></tr></table>', 'td { padding: 0; width: 10px; height: 10px; border: 2px solid }'));
    expect(findBox(pages, '#t')).toMatchObject({ x: 0, y: 0, width: 26, height: 1 + 1 + 10 + 1 + 1 });
    expect(findBox(pages, '#a')).toMatchObject({ x: 1, y: 1, width: 12 });
    expect(findBox(pages, '#b')).toMatchObject({ x: 13, width: 12 });
  });

  it('lets the wider border win an edge', async () => {
    const pages = await layoutHtml(page('<table><tr><td id=a></td><td id=b style="border-left-width: 6px"></td></tr></table>', 'td { padding: 0; width: 10px; border: 2px solid }'));
    expect(findBox(pages, '#a')).toMatchObject({ x: 1, width: 1 + 10 + 3 });
    expect(findBox(pages, '#b')).toMatchObject({ x: 15, width: 3 + 10 + 1 });
  });

  it('lets hidden win over any border, leaving no border on that edge', async () => {
    const pages = await layoutHtml(page('<table id=t><tr><td id=a style="border-right: hidden"></td><td id=b></td></tr></table>', 'td { padding: 0; width: 10px; border: 4px solid }'));
    expect(findBox(pages, '#a')).toMatchObject({ x: 2, width: 2 + 10 });
    expect(findBox(pages, '#b')).toMatchObject({ x: 14, width: 10 + 2 });
    expect(findBox(pages, '#t').width).toBe(2 + 12 + 12 + 2);
  });

  it("takes the table's border where it is wider than the cells'", async () => {
    const pages = await layoutHtml(page('<table id=t style="border: 8px solid"><tr><td id=a></td></tr></table>', 'td { padding: 0; width: 10px; height: 10px; border: 2px solid }'));
    expect(findBox(pages, '#t')).toMatchObject({ width: 26, height: 4 + 4 + 10 + 4 + 4 });
    expect(findBox(pages, '#a')).toMatchObject({ x: 4, y: 4, width: 18, height: 18 });
  });

  it('ignores padding on the table', async () => {
    const pages = await layoutHtml(page('<table id=t style="padding: 20px"><tr><td id=a></td></tr></table>', 'td { padding: 0; width: 10px; height: 10px; border: 2px solid }'));
    expect(findBox(pages, '#a')).toMatchObject({ x: 1, y: 1 });
    expect(findBox(pages, '#t').width).toBe(14);
  });

  it('adds half borders and padding to a cell height', async () => {
    const pages = await layoutHtml(page('<table><tr><td id=a></td></tr></table><table style="border-collapse: separate"><tr><td id=b></td></tr></table>', 'td { padding: 3px; height: 30px; border: 2px solid }'));
    expect(findBox(pages, '#a').height).toBe(1 + 3 + 30 + 3 + 1);
    expect(findBox(pages, '#b').height).toBe(2 + 3 + 30 + 3 + 2);
  });

  it('collapses the 1px borders of GitHub-style tables to one pixel between cells', async () => {
    const pages = await layoutHtml(page('<table><tr><th id=a>Option</th><th id=b>Type</th></tr><tr><td id=c>x</td><td id=d>y</td></tr></table>', 'th, td { padding: 6px 13px; border: 1px solid #d1d9e0 } tr { border-top: 1px solid #d1d9e0b3 }'));
    const a = findBox(pages, '#a');
    const b = findBox(pages, '#b');
    expect(b.x).toBeCloseTo(a.x + a.width, 5);
    expect(a.height).toBe(0.5 + 6 + 20 + 6 + 0.5);
    expect(findBox(pages, '#c').y).toBeCloseTo(a.y + a.height, 5);
  });
});

describe.skipIf(skipPixelTests())('collapsed border painting', () => {
  const table = (css: string, w: number, h: number, rows = '<tr><td></td><td></td></tr>'): string =>
    pixelPage(w, h, `table { border-collapse: collapse } td { padding: 0; width: 2px; height: 2px } ${css}`, `<table>${rows}</table>`);

  it('paints one border between cells', async () => {
    await assertPixels(table('td { border: 2px solid black }', 10, 6), `
      KKKKKKKKKK
      KKKKKKKKKK
      KK__KK__KK
      KK__KK__KK
      KKKKKKKKKK
      KKKKKKKKKK
    `);
  });

  it('gives an edge between equal borders to the cell on the left, and the joint to the strongest edge', async () => {
    await assertPixels(table('td { border: 2px solid red } td + td { border-color: blue }', 10, 6), `
      RRRRRRBBBB
      RRRRRRBBBB
      RR__RR__BB
      RR__RR__BB
      RRRRRRBBBB
      RRRRRRBBBB
    `);
  });

  it('runs a wider horizontal edge through the joints', async () => {
    await assertPixels(table('td { border: 2px solid red; border-top: 4px solid blue; border-bottom: 4px solid blue }', 10, 10), `
      BBBBBBBBBB
      BBBBBBBBBB
      BBBBBBBBBB
      BBBBBBBBBB
      RR__RR__RR
      RR__RR__RR
      BBBBBBBBBB
      BBBBBBBBBB
      BBBBBBBBBB
      BBBBBBBBBB
    `);
  });

  it('gives an edge between rows to the row above', async () => {
    await assertPixels(table('td { border: 2px solid red } tr + tr td { border-color: blue }', 10, 10, '<tr><td></td><td></td></tr><tr><td></td><td></td></tr>'), `
      RRRRRRRRRR
      RRRRRRRRRR
      RR__RR__RR
      RR__RR__RR
      RRRRRRRRRR
      RRRRRRRRRR
      BB__BB__BB
      BB__BB__BB
      BBBBBBBBBB
      BBBBBBBBBB
    `);
  });

  it('lets a cell border beat the row border of the same width and style', async () => {
    await assertPixels(table('td { border: 2px solid black } tr { border: 2px solid red }', 10, 6), `
      KKKKKKKKKK
      KKKKKKKKKK
      KK__KK__KK
      KK__KK__KK
      KKKKKKKKKK
      KKKKKKKKKK
    `);
  });

  it('paints a row border that is wider than the cells\'', async () => {
    await assertPixels(table('td { border: 2px solid black } tr { border-top: 4px solid red }', 10, 8), `
      RRRRRRRRRR
      RRRRRRRRRR
      RRRRRRRRRR
      RRRRRRRRRR
      KK__KK__KK
      KK__KK__KK
      KKKKKKKKKK
      KKKKKKKKKK
    `);
  });

  it('moves the borders with a positioned table', async () => {
    await assertPixels(pixelPage(12, 8, 'table { border-collapse: collapse; position: absolute; left: 2px; top: 2px } td { padding: 0; width: 2px; height: 2px; border: 2px solid black }', '<table><tr><td></td><td></td></tr></table>'), `
      ____________
      ____________
      __KKKKKKKKKK
      __KKKKKKKKKK
      __KK__KK__KK
      __KK__KK__KK
      __KKKKKKKKKK
      __KKKKKKKKKK
    `);
  });

  it('paints nothing on a hidden edge', async () => {
    await assertPixels(pixelPage(28, 8, 'table { border-collapse: collapse } td { padding: 0; width: 10px; height: 2px; border: 4px solid black }', '<table><tr><td style="border-right: hidden"></td><td></td></tr></table>'), `
      KKKKKKKKKKKKKKKKKKKKKKKKKKKK
      KKKKKKKKKKKKKKKKKKKKKKKKKKKK
      KKKKKKKKKKKKKKKKKKKKKKKKKKKK
      KKKKKKKKKKKKKKKKKKKKKKKKKKKK
      KKKK____________________KKKK
      KKKK____________________KKKK
      KKKKKKKKKKKKKKKKKKKKKKKKKKKK
      KKKKKKKKKKKKKKKKKKKKKKKKKKKK
    `);
  });
});
