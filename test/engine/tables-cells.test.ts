// Table cells and tables across pages as Chromium prints them: empty-cells: hide, vertical-align
// in cells (also in rows split across pages), break-inside: avoid on tables and rows.
import { describe, expect, it } from 'vitest';
import { assertPixels, findBox, findBoxes, layoutHtml, pixelPage, skipPixelTests, textRuns } from '../../src/testing/render.js';

const page = (body: string, css = ''): string =>
  `<!DOCTYPE html><style>@page { size: 400px 200px; margin: 0 } body { margin: 0; font: 16px/20px Cousine } table { border-spacing: 0 } td { padding: 0 } ${css}</style>${body}`;

describe.skipIf(skipPixelTests())('empty-cells: hide', () => {
  it('paints no border or background on empty cells, which keep their size', async () => {
    await assertPixels(pixelPage(16, 6, 'table { border-spacing: 1px; empty-cells: hide } td { padding: 0; width: 2px; height: 2px; border: 1px solid black; background: red }', '<table><tr><td></td><td> </td><td><span></span></td></tr></table>'), `
      ________________
      ___________KKKK_
      ___________KRRK_
      ___________KRRK_
      ___________KKKK_
      ________________
    `);
  });

  it('paints empty cells by default', async () => {
    await assertPixels(pixelPage(11, 6, 'table { border-spacing: 1px } td { padding: 0; width: 2px; height: 2px; border: 1px solid black; background: red }', '<table><tr><td></td><td></td></tr></table>'), `
      ___________
      _KKKK_KKKK_
      _KRRK_KRRK_
      _KRRK_KRRK_
      _KKKK_KKKK_
      ___________
    `);
  });
});

describe('vertical-align in cells', () => {
  const row = (va: string): string => page(`<table><tr><td id=tall>a<br>b<br>c</td><td id=x style="vertical-align: ${va}"><span id=s>x</span></td></tr></table>`);

  it('puts top, middle and bottom content at the top, middle and bottom of the row', async () => {
    const top = findBox(await layoutHtml(row('top')), '#s').y;
    expect(top).toBeLessThan(5);
    for (const [va, shift] of [['middle', 20], ['bottom', 40]] as const) {
      const pages = await layoutHtml(row(va));
      expect(findBox(pages, '#x').height).toBe(60);
      expect(findBox(pages, '#s').y).toBeCloseTo(top + shift, 5);
    }
  });

  it('aligns the content of a cell with its own height inside that height, as Chromium does', async () => {
    const at = async (va: string): Promise<number> =>
      findBox(await layoutHtml(page(`<table><tr><td style="height:100px;vertical-align:${va}"><span id=s>x</span></td></tr></table>`)), '#s').y;
    const top = await at('top');
    expect(await at('middle')).toBeCloseTo(top + 40, 5);
    expect(await at('bottom')).toBeCloseTo(top + 80, 5);
  });

  it('places middle-aligned cells at the top of a row split across pages', async () => {
    const pages = await layoutHtml(page('<div style="height: 160px"></div><table><tr><td>a<br>b<br>c<br>d</td><td><span id=s>x</span></td></tr></table>', 'td { vertical-align: middle }'));
    const s = findBox(pages, '#s');
    expect(s.page).toBe(0);
    expect(s.y).toBeLessThan(165);
  });
});

// Chromium 156 resolves a cell's percentage padding against its table's width, not the cell's.
describe('percentage padding in cells', () => {
  it.each([
    ['a table', '<table style="width: 300px"><tr><td id=c style="padding-left: 10%; padding-top: 10%; width: 30%">A</td><td>B</td></tr></table>'],
    ['display: table', '<div style="display: table; width: 300px"><div style="display: table-row"><div id=c style="display: table-cell; padding-left: 10%; padding-top: 10%; width: 30%">A</div><div style="display: table-cell">B</div></div></div>'],
  ])('resolves against the table\'s width in %s', async (_, body) => {
    const pages = await layoutHtml(page(body));
    const fragment = findBox(pages, '#c').fragment;
    const padding = 'padding' in fragment ? fragment.padding : null;
    expect(padding).toMatchObject({ left: 30, top: 30 });
  });
});

describe('break-inside: avoid', () => {
  it('moves a table that would break to the next page', async () => {
    const pages = await layoutHtml(page('<div style="height: 150px"></div><table id=t style="break-inside: avoid"><tr><td>1</td></tr><tr><td>2</td></tr><tr><td>3</td></tr></table>'));
    const parts = findBoxes(pages, '#t');
    expect(parts).toHaveLength(1);
    expect(parts[0]).toMatchObject({ page: 1, y: 0, height: 60 });
  });

  it('still breaks a table taller than a page', async () => {
    const rows = Array.from({ length: 14 }, (_, i) => `<tr><td>${i}</td></tr>`).join('');
    const pages = await layoutHtml(page(`<div style="height: 150px"></div><table id=t style="break-inside: avoid">${rows}</table>`));
    const parts = findBoxes(pages, '#t');
    expect(parts.map((p) => p.page)).toEqual([1, 2]);
  });

  it('moves a row that would break to the next page instead of splitting it', async () => {
    const pages = await layoutHtml(page('<div style="height: 160px"></div><table><tr id=r style="break-inside: avoid"><td>a<br>b<br>c<br>d</td></tr></table>'));
    expect(findBoxes(pages, '#r').map((r) => [r.page, r.y])).toEqual([[1, 0]]);
  });

  // Chromium 156 counts a break between the rows a cell spans as a break inside the row it starts in.
  it('moves the rows a row\'s rowspan cell spans with it when the row avoids breaks inside', async () => {
    const spanned = (avoid: string): string => page(`<div style="height: 140px"></div><table><tr><td>x</td></tr>
      <tr id=a style="${avoid}"><td rowspan=3>span</td><td>1</td></tr><tr id=b><td>2</td></tr><tr id=c><td>3</td></tr></table>`);
    const avoided = await layoutHtml(spanned('break-inside: avoid'));
    expect(['#a', '#b', '#c'].map((id) => findBox(avoided, id).page)).toEqual([1, 1, 1]);
    const plain = await layoutHtml(spanned(''));
    expect(['#a', '#b', '#c'].map((id) => findBox(plain, id).page)).toEqual([0, 0, 1]);
  });

  it('splits a row that does not fit without it, between lines', async () => {
    const pages = await layoutHtml(page('<div style="height: 160px"></div><table><tr id=r><td>a<br>b<br>c<br>d</td></tr></table>'));
    expect(findBoxes(pages, '#r').map((r) => [r.page, r.y, r.height])).toEqual([[0, 160, 40], [1, 0, 40]]);
  });
});

describe.skipIf(skipPixelTests())('row, row-group and column backgrounds', () => {
  const rows = '<col><col class=c><tr><td></td><td></td><td></td></tr><tr class=r><td></td><td></td></tr>';

  it('paint a column background under its cells, below the row background', async () => {
    await assertPixels(pixelPage(14, 8, 'table { border-spacing: 2px } td { padding: 0; width: 2px; height: 2px } col.c { background: red } tr.r { background: lime }', `<table>${rows}</table>`), `
      ______________
      ______________
      ______RR______
      ______RR______
      ______________
      ______________
      __GG__GG______
      __GG__GG______
    `);
  });

  it('paint a row-group background over the columns and under the rows', async () => {
    await assertPixels(pixelPage(14, 8, 'table { border-spacing: 2px } td { padding: 0; width: 2px; height: 2px } tbody { background: blue } col.c { background: red } tr.r { background: lime }', `<table>${rows}</table>`), `
      ______________
      ______________
      __BB__BB__BB__
      __BB__BB__BB__
      ______________
      ______________
      __GG__GG______
      __GG__GG______
    `);
  });


  it('show only behind the cells, not in border-spacing or an empty slot', async () => {
    await assertPixels(pixelPage(14, 8, 'table { border-spacing: 2px } td { padding: 0; width: 2px; height: 2px } tr { background: red }', '<table><tr><td></td><td></td><td></td></tr><tr><td></td><td></td></tr></table>'), `
      ______________
      ______________
      __RR__RR__RR__
      __RR__RR__RR__
      ______________
      ______________
      __RR__RR______
      __RR__RR______
    `);
  });
});

describe('th alignment (HTML rendering §15.3.8)', () => {
  it('centres a th only when its parent has the initial text-align, else inherits it, as Chromium', async () => {
    const pages = await layoutHtml('<!DOCTYPE html><style>@page { size: 400px 300px; margin: 0 } body { margin: 0; font: 16px/20px Arimo } td, th { padding: 0 }</style>'
      + '<table style="width: 400px"><tr><th id=c>mid</th></tr></table>'
      + '<table style="width: 400px; text-align: left"><tr><th id=l>left</th></tr></table>'
      + '<table style="width: 400px; text-align: right"><tr><th id=r>right</th></tr></table>');
    const runs = textRuns(pages);
    const run = (text: string) => runs.find((r) => r.text === text)!;
    expect(run('mid').x + run('mid').width / 2).toBeCloseTo(200, 0);
    // (Inside the default 2px border-spacing.)
    expect(run('left').x).toBeCloseTo(2, 1);
    expect(run('right').x + run('right').width).toBeCloseTo(398, 0);
  });
});
