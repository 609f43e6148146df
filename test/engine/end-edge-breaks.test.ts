// A box whose content fits on the page and whose bottom padding and border do not: as Chromium
// fragments it, the box breaks at its last break opportunity so that content goes on with its end
// edge to the next page (decision 0185). Expected positions are Chromium's, from repros printed
// with ../shared/tools/reference-pdf.mjs.
import { describe, expect, it } from 'vitest';
import { solidPng } from '../../src/testing/image-fixtures.js';
import { findBox, findBoxes, layoutHtml, lineBoxes } from '../../src/testing/render.js';

/** Pages of 300×200px with 20px lines; a spacer of `above` px before `body`. */
const paged = (above: number, body: string, bodyCss = ''): string =>
  `<!doctype html><style>@page { size: 300px 200px; margin: 0 } body { margin: 0; font: 16px/20px Cousine; ${bodyCss} } p { margin: 0 }</style>${above > 0 ? `<div style="height: ${above}px"></div>` : ''}${body}`;
const pagesOf = (lines: { page: number; text: string }[]): Record<string, number> => Object.fromEntries(lines.map((l) => [l.text.trim(), l.page]));

describe('bottom padding that does not fit after the content', () => {
  it('takes the last block with it to the next page', async () => {
    // Three 20px lines end at 190; 40px of padding would end at 230.
    const pages = await layoutHtml(paged(130, '<div id=box style="padding-bottom: 40px"><p>one</p><p>two</p><p>three</p></div><p id=after>after</p>'));
    expect(pagesOf(lineBoxes(pages))).toEqual({ one: 0, two: 0, three: 1, after: 1 });
    const boxes = findBoxes(pages, '#box');
    // The first fragment runs to the page's end, the second holds the last line and the padding.
    expect(boxes.map((b) => [b.page, b.y, b.height])).toEqual([[0, 130, 70], [1, 0, 60]]);
    expect(findBox(pages, '#after').y).toBe(60);
  });

  it('counts a clipping box\u2019s content only down to its border box: a short list box whose rows overflow it moves on with the end edge (awsm.css)', async () => {
    // The list box (36px tall, four rows clipped) ends at 186; the box's 20px of padding would end at 206.
    const pages = await layoutHtml(paged(130, '<div id=box style="padding-bottom: 20px"><p>label</p><select id=s multiple style="display: block; height: 36px"><option>a<option>b<option>c<option>d</select></div>'));
    expect(findBox(pages, '#s').page).toBe(1);
    expect(findBoxes(pages, '#box').map((b) => b.page)).toEqual([0, 1]);
  });

  it('does the same for a bottom border', async () => {
    const pages = await layoutHtml(paged(130, '<div style="border-bottom: 40px solid"><p>one</p><p>two</p><p>three</p></div>'));
    expect(pagesOf(lineBoxes(pages))).toEqual({ one: 0, two: 0, three: 1 });
  });

  it('keeps widows: the break goes where two lines go on', async () => {
    const pages = await layoutHtml(paged(110, '<div style="padding-bottom: 40px">one<br>two<br>three<br>four</div>'));
    expect(pagesOf(lineBoxes(pages))).toEqual({ one: 0, two: 0, three: 1, four: 1 });
  });

  it('breaks between a padded paragraph\u2019s own lines where its padding does not fit, giving up orphans and widows only where none keeps both (decision 0455)', async () => {
    // The lines fit above 200; the paragraph's 16px of bottom padding does not. Chromium 156
    // breaks at the last place that keeps orphans and widows, or else before the last line, and
    // never moves the paragraph whole for its own padding (a two-line <pre> prints one and one).
    const lines = (n: number) => Array.from({ length: n }, (_, i) => `l${i + 1}`).join('<br>');
    const split = async (n: number, css = '') => {
      const above = 200 - 4 - n * 20 - 16;
      const pages = await layoutHtml(paged(above, `<p style="padding: 16px 0; ${css}">${lines(n)}</p><p>after</p>`));
      const onFirst = lineBoxes(pages).filter((l) => l.page === 0 && l.text.startsWith('l')).length;
      return `${onFirst}+${n - onFirst}`;
    };
    expect(await split(2)).toBe('1+1');
    expect(await split(3)).toBe('2+1');
    expect(await split(4)).toBe('2+2');
    expect(await split(5)).toBe('3+2');
    expect(await split(3, 'orphans: 3')).toBe('2+1');
    expect(await split(4, 'orphans: 4; widows: 1')).toBe('3+1');
    expect(await split(5, 'orphans: 3; widows: 3')).toBe('4+1');
  });

  it('breaks inside a paragraph that starts the padded box, where nothing of the box comes before it (asciidoc listings)', async () => {
    // git's asciidoc pages pad the box around each <pre>: with no break before the paragraph inside
    // that box, Chromium 156 breaks between its lines (1 + 1, 2 + 1) rather than move it; with a
    // sibling before it, it moves the paragraph.
    const split = async (n: number, before = '') => {
      const above = 200 - 4 - n * 20 - 16 - (before ? 20 : 0);
      const pages = await layoutHtml(paged(above, `<div style="padding: 16px 0"><div>${before}<p>${Array.from({ length: n }, (_, i) => `l${i + 1}`).join('<br>')}</p></div></div>`));
      const onFirst = lineBoxes(pages).filter((l) => l.page === 0 && l.text.startsWith('l')).length;
      return `${onFirst}+${n - onFirst}`;
    };
    expect(await split(2)).toBe('1+1');
    expect(await split(3)).toBe('2+1');
    expect(await split(4)).toBe('2+2');
    expect(await split(2, '<p>sib</p>')).toBe('0+2');
    expect(await split(3, '<p>sib</p>')).toBe('0+3');
  });

  it('still moves a two-line paragraph whole when its second line does not fit (orphans)', async () => {
    const pages = await layoutHtml(paged(154, '<p style="padding: 16px 0">one<br>two</p>'));
    expect(pagesOf(lineBoxes(pages))).toEqual({ one: 1, two: 1 });
  });

  it('moves a paragraph whole rather than give up its widow for the end edge (decision 0425)', async () => {
    // Lines at 130, 150 and 170; 40px of padding would end at 230. A two-and-one break would give
    // up the widow; Chromium moves the paragraph, and the padding follows it.
    const pages = await layoutHtml(paged(60, '<div style="padding-bottom: 40px"><div style="height: 70px"></div><p>one<br>two<br>three</p></div><p id=after>after</p>'));
    expect(pagesOf(lineBoxes(pages))).toEqual({ one: 1, two: 1, three: 1, after: 1 });
    expect(findBox(pages, '#after').y).toBe(100);
  });

  it('breaks inside the innermost box that ends last', async () => {
    const pages = await layoutHtml(paged(110, '<div style="padding-bottom: 20px"><div style="padding-bottom: 20px"><p>one</p><p>two</p><p>three</p></div></div>'));
    expect(pagesOf(lineBoxes(pages))).toEqual({ one: 0, two: 0, three: 1 });
  });

  it('moves a box with one line to the next page whole', async () => {
    const pages = await layoutHtml(paged(170, '<div id=box style="padding-bottom: 40px">only</div>'));
    expect(findBoxes(pages, '#box').map((b) => [b.page, b.y])).toEqual([[1, 0]]);
  });

  it("applies to the body's padding: the last line starts a page of its own", async () => {
    const pages = await layoutHtml(paged(130, '<p>one</p><p>two</p><p>three</p>', 'padding-bottom: 40px'));
    expect(pages).toHaveLength(2);
    expect(pagesOf(lineBoxes(pages))).toEqual({ one: 0, two: 0, three: 1 });
  });

  it('moves the last row of a table inside the box', async () => {
    const table = '<table style="border-spacing: 0"><tr><td style="padding: 0">r1</td></tr><tr><td style="padding: 0">r2</td></tr><tr><td style="padding: 0">r3</td></tr></table>';
    const pages = await layoutHtml(paged(130, `<div style="padding-bottom: 40px">${table}</div>`));
    expect(pagesOf(lineBoxes(pages))).toEqual({ r1: 0, r2: 0, r3: 1 });
  });

  it('moves the last row whole even when its cell\'s text would fit above the break (a row of fixed height, its text centred)', async () => {
    // On the default A4 page: Chromium prints "r3" on the second page.
    const rows = ['r1', 'r2', 'r3'].map((t) => `<tr style="height:25px"><td>${t}</td></tr>`).join('');
    const pages = await layoutHtml(`<body style="margin:0"><div style="height:870px"></div><div style="padding-bottom:50px"><table>${rows}</table></div></body>`);
    expect(pagesOf(lineBoxes(pages))).toEqual({ r1: 0, r2: 0, r3: 1 });
  });

  it('applies to a float split across pages', async () => {
    const pages = await layoutHtml(paged(130, '<div style="float: left; width: 50%; padding-bottom: 40px"><p>one</p><p>two</p><p>three</p></div><p>after</p>'));
    expect(pagesOf(lineBoxes(pages))).toEqual({ one: 0, two: 0, three: 1, after: 0 });
  });

  it('carries the edge alone to the next page when the content fits and gives no break (decision 0428)', async () => {
    // At the top of the page there is no earlier break: the content stays, filling the page, and
    // the padding goes on alone to the next one, as Chromium 156 prints it (three pages).
    const pages = await layoutHtml(paged(0, '<div id=box style="padding-bottom: 200px"><p>one</p></div><p id=after>after</p>'));
    expect(findBoxes(pages, '#box').map((f) => ({ page: f.page, y: f.y, height: f.height }))).toEqual([{ page: 0, y: 0, height: 200 }, { page: 1, y: 0, height: 200 }]);
    expect(findBox(pages, '#after')).toMatchObject({ page: 2, y: 0 });
  });
});

describe('nested boxes whose bottom paddings do not fit', () => {
  it('lays out forty of them, at a page end and at a page top, each box laid out again at most once over', async () => {
    const nest = (depth: number, pad: number, inner: string): string => `${`<div style="padding-bottom: ${pad}px">`.repeat(depth)}${inner}${'</div>'.repeat(depth)}`;
    const atEnd = await layoutHtml(paged(150, nest(40, 2, '<p>one</p><p>two</p>')));
    expect(pagesOf(lineBoxes(atEnd))).toEqual({ one: 0, two: 1 });
    const atTop = await layoutHtml(paged(0, nest(40, 30, 'only')));
    expect(pagesOf(lineBoxes(atTop))).toEqual({ only: 0 });
  });
});

describe('a fixed-height box that clips its content and ends on the page', () => {
  it('holds its content whole: nothing is moved out of it by a break inside', async () => {
    // The inner box's content fits in the sheet, its padding does not fit on the page: inside a
    // clipping sheet that ends on this page, nothing breaks (Chromium prints paper-css this way).
    const pages = await layoutHtml(paged(0, '<div style="height: 200px; overflow: hidden"><div style="height: 130px"></div><div style="padding-bottom: 40px"><p>one</p><p>two</p><p>three</p></div></div>'));
    expect(pages).toHaveLength(1);
    expect(lineBoxes(pages).map((l) => [l.text.trim(), l.page, l.y])).toEqual([['one', 0, 130], ['two', 0, 150], ['three', 0, 170]]);
  });
});

describe('a box with nothing in flow inside whose border box does not fit', () => {
  // Chromium moves such a box (an <hr>, an empty bordered or padded div) to the next page whole,
  // its top margin truncated there; measured with a 967px block before it on its 973.8px page area.
  it('moves an <hr> pushed past the page end by its top margin to the next page', async () => {
    const pages = await layoutHtml(paged(191, '<hr id=rule><p id=next>next</p>'));
    const rule = findBox(pages, '#rule');
    expect([rule.page, rule.y]).toEqual([1, 0]);
    expect(findBox(pages, '#next').y).toBe(2 + 8);
  });

  it('moves empty boxes whose border or padding runs past the page end', async () => {
    for (const box of ['<div id=e style="border-top: 10px solid"></div>', '<div id=e style="padding: 3px; background: red"></div>']) {
      const pages = await layoutHtml(paged(195, `${box}<p id=next>next</p>`));
      expect(findBox(pages, '#e').page).toBe(1);
    }
  });

  it('keeps one that starts the page where it is', async () => {
    const pages = await layoutHtml(paged(0, '<div id=e style="height: 0; border-top: 250px solid"></div>'));
    expect(findBox(pages, '#e').page).toBe(0);
  });
});

describe('where Chromium finds no earlier break for an end edge (decision 0428)', () => {
  const section = (inner: string): string => `<div id=s style="padding-bottom: 40px">${inner}</div><p id=after>after</p>`;
  const places = (pages: Awaited<ReturnType<typeof layoutHtml>>, selector: string) => findBoxes(pages, selector).map((f) => ({ page: f.page, y: f.y, height: f.height }));

  it('takes no break inside a child going on from the page before: the child stays, the edge goes on alone', async () => {
    // Two and three go on inside a wrapper started on page 1; three ends at 170 on page 2, the
    // padding would end at 210. The break between two and three is inside the resumed wrapper.
    const pages = await layoutHtml(paged(170, section('<div><div style="height: 20px">one</div><div style="height: 100px">two</div><div id=three style="height: 70px">three</div></div>')));
    expect(places(pages, '#three')).toEqual([{ page: 1, y: 100, height: 70 }]);
    expect(places(pages, '#s')).toEqual([{ page: 0, y: 170, height: 30 }, { page: 1, y: 0, height: 200 }, { page: 2, y: 0, height: 40 }]);
    expect(findBox(pages, '#after')).toMatchObject({ page: 2, y: 40 });
  });

  it('still breaks between the box\u2019s own children on a page it goes on to', async () => {
    // The same children, directly in the section: three moves on with the padding.
    const pages = await layoutHtml(paged(170, section('<div style="height: 20px">one</div><div style="height: 100px">two</div><div id=three style="height: 70px">three</div>')));
    expect(places(pages, '#three')).toEqual([{ page: 2, y: 0, height: 70 }]);
    expect(findBox(pages, '#after')).toMatchObject({ page: 2, y: 110 });
  });

  it('does not slice a fixed height for it: the block stays whole and the edge goes on alone', async () => {
    const pages = await layoutHtml(paged(0, section('<div id=tall style="height: 170px">tall</div>')));
    expect(places(pages, '#tall')).toEqual([{ page: 0, y: 0, height: 170 }]);
    expect(places(pages, '#s')).toEqual([{ page: 0, y: 0, height: 200 }, { page: 1, y: 0, height: 40 }]);
    expect(findBox(pages, '#after')).toMatchObject({ page: 1, y: 40 });
  });
});

describe('a column flex container whose items fit and whose end edge does not (decision 0432)', () => {
  const column = (inner: string, css = 'border: 1px solid; padding-bottom: 20px'): string => `<div id=col style="display: flex; flex-direction: column; ${css}">${inner}</div><p id=after>after</p>`;

  it('breaks before its last item, which goes on with the edge', async () => {
    // Three lines from 121 end at 181; 20px of padding and the border would end at 202.
    const pages = await layoutHtml(paged(120, column('<p>one</p><p>two</p><p>three</p>')));
    expect(pagesOf(lineBoxes(pages))).toEqual({ one: 0, two: 0, three: 1, after: 1 });
    expect(findBoxes(pages, '#col').map((b) => [b.page, b.y, b.height])).toEqual([[0, 120, 80], [1, 0, 41]]);
  });

  it('breaks inside the last item where it can', async () => {
    const pages = await layoutHtml(paged(120, column('<div><p>one</p><p>two</p><p>three</p></div>')));
    expect(pagesOf(lineBoxes(pages))).toEqual({ one: 0, two: 0, three: 1, after: 1 });
  });

  it('keeps only its top border on the page when its one item gives no break (a Bootstrap card)', async () => {
    // The card's padded body holds a flex row (no break inside it for an end edge): Chromium
    // leaves the card's top border on the page and moves the body on.
    const card = column('<div id=body style="padding: 10px"><div style="display: flex"><p>one</p></div></div>', 'border: 1px solid');
    const pages = await layoutHtml(paged(159, card));
    expect(findBoxes(pages, '#col').map((b) => b.page)).toEqual([0, 1]);
    expect(findBox(pages, '#body')).toMatchObject({ page: 1, y: 0 });
    expect(findBox(pages, '#after')).toMatchObject({ page: 1, y: 41 });
  });

  it('stays whole where it starts the page', async () => {
    const pages = await layoutHtml(paged(0, column('<div style="padding: 10px"><div style="display: flex; height: 170px">tall</div></div>', 'border: 1px solid')));
    expect(findBox(pages, '#col')).toMatchObject({ page: 0, y: 0 });
  });
});

describe('a column flex container whose first item does not fit at a page\u2019s end (probed in Chromium 156)', () => {
  const image = `<img id=img src="data:image/png;base64,${Buffer.from(solidPng(100, 80)).toString('base64')}" style="width: 100px; height: 80px">`;
  const column = (css: string, first: string): string => `<div style="height: 150px"></div><div id=col style="display: flex; flex-direction: column; ${css}">${first}<p>text</p></div><p id=after>after</p>`;

  it('moves whole when nothing separates its top from that item (a borderless Bootstrap card)', async () => {
    const pages = await layoutHtml(paged(0, column('box-shadow: 0 0 5px', image)));
    expect(findBoxes(pages, '#col').map((b) => [b.page, b.y])).toEqual([[1, 0]]);
  });

  it('keeps its top border on the page and moves the item on', async () => {
    const pages = await layoutHtml(paged(0, column('border-top: 1px solid', image)));
    expect(findBoxes(pages, '#col').map((b) => b.page)).toEqual([0, 1]);
    expect(findBox(pages, '#img')).toMatchObject({ page: 1, y: 0 });
  });

  it('truncates the top margin of an item that goes on to the next page after an unforced break, and keeps it after a forced one', async () => {
    const moved = await layoutHtml(paged(0, `<div style="height: 100px"></div><div style="display: flex; flex-direction: column"><p>first</p>${image.replace('style="', 'style="margin-top: 10px; ')}<p>text</p></div>`));
    expect(findBox(moved, '#img')).toMatchObject({ page: 1, y: 0 });
    const forced = await layoutHtml(paged(0, '<div style="display: flex; flex-direction: column"><p>first</p><p id=second style="break-before: page; margin-top: 10px">second</p></div>'));
    expect(findBox(forced, '#second')).toMatchObject({ page: 1, y: 10 });
  });

  it('sets an item that splits below its top margin once', async () => {
    const pages = await layoutHtml(paged(0, column('', '<div id=item style="height: 80px; margin-top: 10px">item</div>')));
    expect(findBoxes(pages, '#item').map((b) => [b.page, b.y])).toEqual([[0, 160], [1, 0]]);
  });
});
