// Column flex layout: sizing along the height, cross alignment, gaps, auto margins, intrinsic widths,
// pagination. Expected boxes are Chromium's (print media, 400px-wide page, Arimo 16px/20px).
import { describe, expect, it } from 'vitest';
import { findBox, findBoxes, layoutHtml } from '../../src/testing/render.js';

/** A 400×600 page without margins and a margin-less body, so positions are plain CSS arithmetic. */
const page = (body: string, css = ''): string =>
  `<style>@page { size: 400px 600px; margin: 0 } body { margin: 0; font: 16px/20px Arimo } ${css}</style>${body}`;

type Pages = Awaited<ReturnType<typeof layoutHtml>>;
const rect = (pages: Pages, selector: string): number[] => {
  const b = findBox(pages, selector);
  return [b.x, b.y, b.width, b.height].map((v) => Math.round(v * 100) / 100);
};

describe('flex column: main axis', () => {
  it('grows items along a definite height by their factors', async () => {
    const pages = await layoutHtml(page('<div id=c style="display:flex;flex-direction:column;height:200px"><div id=a style="flex:1 0 20px"></div><div id=b style="flex:2 0 20px"></div><div id=d style="height:40px;flex:none"></div></div>'));
    expect(rect(pages, '#a')).toEqual([0, 0, 400, 60]);
    expect(rect(pages, '#b')).toEqual([0, 60, 400, 100]);
    expect(rect(pages, '#d')).toEqual([0, 160, 400, 40]);
  });

  it('shrinks a height: 100% flex row item to the room left, down to its content\u2019s height, not its stretched items\u2019', async () => {
    const pages = await layoutHtml(page('<div style="display:flex;flex-direction:column;height:300px"><div style="height:80px;flex:none"></div><div id=r style="height:100%;display:flex"><div id=i style="flex:1">text</div></div></div>'));
    expect(rect(pages, '#r')).toEqual([0, 80, 400, 220]);
    expect(rect(pages, '#i')[3]).toBe(220);
  });

  it('shrinks items by flex-shrink × basis, down to their content', async () => {
    const pages = await layoutHtml(page('<div id=c style="display:flex;flex-direction:column;height:100px"><div id=a style="height:80px"></div><div id=b style="height:80px;flex-shrink:3"></div></div>'));
    expect(rect(pages, '#a')).toEqual([0, 0, 400, 65]);
    expect(rect(pages, '#b')).toEqual([0, 65, 400, 35]);
  });

  it('freezes items at max-height and min-height and shares the rest', async () => {
    const pages = await layoutHtml(page('<div style="display:flex;flex-direction:column;height:300px"><div id=a style="flex:1;max-height:50px"></div><div id=b style="flex:1;min-height:200px"></div><div id=d style="flex:1"></div></div>'));
    expect(rect(pages, '#a')).toEqual([0, 0, 400, 50]);
    expect(rect(pages, '#b')).toEqual([0, 50, 400, 200]);
    expect(rect(pages, '#d')).toEqual([0, 250, 400, 50]);
  });

  it('resolves a percentage flex-basis against the definite height', async () => {
    const pages = await layoutHtml(page('<div style="display:flex;flex-direction:column;height:200px"><div id=a style="flex-basis:25%"></div><div id=b style="flex:1 1 10%"></div></div>'));
    expect(rect(pages, '#a')).toEqual([0, 0, 400, 50]);
    expect(rect(pages, '#b')).toEqual([0, 50, 400, 150]);
  });

  it('grows items into the container min-height', async () => {
    const pages = await layoutHtml(page('<div id=c style="display:flex;flex-direction:column;min-height:200px"><div id=a style="flex:1">a</div><div id=b>b</div></div>'));
    expect(rect(pages, '#c')).toEqual([0, 0, 400, 200]);
    expect(rect(pages, '#a')).toEqual([0, 0, 400, 180]);
    expect(rect(pages, '#b')).toEqual([0, 180, 400, 20]);
  });

  it('distributes free space with justify-content and gap', async () => {
    const pages = await layoutHtml(page('<div style="display:flex;flex-direction:column;height:300px;gap:10px;align-items:center;justify-content:space-between"><div id=a style="height:50px;width:100px"></div><div id=b style="flex:1">hello</div><div id=d>world wide</div></div>'));
    expect(rect(pages, '#a')).toEqual([150, 0, 100, 50]);
    expect(findBox(pages, '#b')).toMatchObject({ y: 60, height: 210 });
    expect(findBox(pages, '#d')).toMatchObject({ y: 280, height: 20 });
  });

  it('centres the items with justify-content: center, margins included', async () => {
    const pages = await layoutHtml(page('<div style="display:flex;flex-direction:column;height:200px;justify-content:center"><div id=a style="height:20px"></div><div id=b style="height:20px;margin:10px"></div></div>'));
    expect(rect(pages, '#a')).toEqual([0, 70, 400, 20]);
    expect(rect(pages, '#b')).toEqual([10, 100, 380, 20]);
  });

  it('keeps item margins apart (no collapsing)', async () => {
    const pages = await layoutHtml(page('<div id=c style="display:flex;flex-direction:column"><p id=a style="margin:20px 0">a</p><p id=b style="margin:20px 0">b</p></div>'));
    expect(rect(pages, '#c')).toEqual([0, 0, 400, 120]);
    expect(rect(pages, '#b')).toEqual([0, 80, 400, 20]);
  });
});

describe('flex column: automatic minimum height', () => {
  // The content-based minimum is the content's height, capped by a specified height but not by the
  // flex basis: `flex: 1 1 0` items (Bulma's tiles, Tailwind's flex-1) overflow a short column
  // instead of shrinking below their text. Chromium 156, 400px page.
  it('keeps zero-basis items at their content height, and lets overflow: hidden ones shrink', async () => {
    const pages = await layoutHtml(page(`<div style="display:flex;flex-direction:column;height:50px"><div id=a style="flex:1 1 0">A<br>A</div><div id=b style="flex:1 1 0;height:100px">B<br>B</div></div>
      <div style="display:flex;flex-direction:column;height:50px"><div id=c style="flex:1 0 0">C<br>C</div><div id=d style="flex:1 1 0%;overflow:hidden">D<br>D</div></div><div id=e>E</div>`));
    expect(rect(pages, '#a')).toEqual([0, 0, 400, 40]);
    expect(rect(pages, '#b')).toEqual([0, 40, 400, 40]);
    expect(rect(pages, '#c')).toEqual([0, 50, 400, 40]);
    expect(rect(pages, '#d')).toEqual([0, 90, 400, 10]);
    expect(rect(pages, '#e')[1]).toBe(100);
  });
});

describe('flex column: reverse and auto margins', () => {
  it('stacks column-reverse items bottom up, with gaps', async () => {
    const pages = await layoutHtml(page('<div style="display:flex;flex-direction:column-reverse;gap:5px"><div id=a>a</div><div id=b>b</div><div id=d>d</div></div>'));
    expect(findBox(pages, '#d').y).toBe(0);
    expect(findBox(pages, '#b').y).toBe(25);
    expect(findBox(pages, '#a').y).toBe(50);
  });

  it('packs column-reverse items at the bottom of a definite height', async () => {
    const pages = await layoutHtml(page('<div style="display:flex;flex-direction:column-reverse;height:200px"><div id=a>a</div><div id=b>b</div></div>'));
    expect(findBox(pages, '#a').y).toBe(180);
    expect(findBox(pages, '#b').y).toBe(160);
  });

  it('gives free space to auto margins on both axes', async () => {
    const pages = await layoutHtml(page('<div style="display:flex;flex-direction:column;height:200px"><div id=a style="margin:auto;width:50px;height:20px"></div><div id=b style="margin-top:auto;margin-left:auto;width:30px;height:10px"></div></div>'));
    expect(rect(pages, '#a')).toEqual([175, 56.67, 50, 20]);
    expect(rect(pages, '#b')).toEqual([370, 190, 30, 10]);
  });
});

describe('flex column: cross axis', () => {
  it('stretches auto widths, or shrinks to fit for flex-end and center', async () => {
    const pages = await layoutHtml(page('<div style="display:flex;flex-direction:column;padding:5px;border:2px solid"><div id=a>x</div><div id=b style="align-self:flex-end">end</div><div id=d style="align-self:center;max-width:30px">center me now</div><div id=e style="margin:10px 20px">m</div></div>'));
    expect(rect(pages, '#a')).toEqual([7, 7, 386, 20]);
    const b = findBox(pages, '#b');
    expect(b.x + b.width).toBe(393);
    expect(b.width).toBeLessThan(40);
    expect(findBox(pages, '#d')).toMatchObject({ x: 185, width: 30, height: 60 });
    expect(rect(pages, '#e')).toEqual([27, 117, 346, 20]);
  });

  it('sizes a column container in a row by its widest item', async () => {
    const pages = await layoutHtml(page('<div id=c style="display:inline-flex;flex-direction:column;border:1px solid"><div id=a style="width:80px;height:10px"></div><div id=b style="width:120px;height:10px"></div></div>'));
    expect(rect(pages, '#c')).toEqual([0, 0, 122, 22]);
  });

  it('shrink-wraps a floated column container', async () => {
    const pages = await layoutHtml(page('<div id=c style="float:left;display:flex;flex-direction:column"><div id=a>short</div><div id=b>a longer line</div></div>'));
    const c = findBox(pages, '#c');
    expect(findBox(pages, '#a').width).toBe(c.width);
    expect(c.width).toBeCloseTo(findBox(pages, '#b').width, 5);
    expect(c.width).toBeLessThan(120);
  });

  it('lays out column items inside a row item aligned to the row end', async () => {
    const pages = await layoutHtml(page('<div style="display:flex;align-items:flex-end"><div id=s style="display:flex;flex-direction:column;min-width:8em;flex-basis:100%"><div id=a style="text-align:center;min-height:1.8em">____</div><div id=b>name</div></div><div id=t style="display:flex;flex-direction:column;flex-basis:100%"><div id=d>x</div></div></div>'));
    expect(rect(pages, '#s')).toEqual([0, 0, 200, 48.8]);
    expect(rect(pages, '#a')).toEqual([0, 0, 200, 28.8]);
    expect(rect(pages, '#t')).toEqual([200, 28.8, 200, 20]);
  });
});

describe('flex column: pagination', () => {
  it('breaks between items and splits an item that does not fit', async () => {
    const lines = Array.from({ length: 12 }, (_, k) => `line ${k}`).join('<br>');
    const pages = await layoutHtml(page(`<div id=c style="display:flex;flex-direction:column;gap:10px;border:2px solid"><div id=a style="height:200px"></div><div id=b>${lines}</div><div id=d style="height:380px;break-inside:avoid"></div></div>`, '@page { size: 400px 400px }'));
    const b = findBoxes(pages, '#b');
    expect(b.map((f) => f.page)).toEqual([0, 1]);
    expect(b[0]).toMatchObject({ y: 212 });
    expect(b[0].height).toBeLessThanOrEqual(400 - 212);
    expect(b[1].y).toBe(0);
    expect(findBox(pages, '#d')).toMatchObject({ page: 2, y: 0, height: 380 });
    expect(findBoxes(pages, '#c').map((f) => f.page)).toEqual([0, 1, 2]);
  });

  // Bootstrap's card (a column container of auto height whose body has `flex: 1 1 auto`): the body
  // had no height to grow into, so the card grows with what a break pushed on (Chromium 156).
  it('grows a container of auto height with what a break pushed on, though its item may grow', async () => {
    const pages = await layoutHtml(page('<div style="height:290px"></div><div id=card style="display:flex;flex-direction:column;border:1px solid"><div style="flex:1 1 auto;padding:0 10px 48px"><div style="display:flex;flex-wrap:wrap"><div style="width:100%">L1<br>L2</div><div id=l3 style="width:100%">L3<br>L4</div></div></div></div><p id=after style="margin:0">after</p>', '@page { size: 400px 400px }'));
    expect(findBoxes(pages, '#card').map((f) => [f.page, f.y, f.height])).toEqual([[0, 290, 110], [1, 0, 89]]);
    expect(findBox(pages, '#l3')).toMatchObject({ page: 1, y: 0 });
    expect(findBox(pages, '#after')).toMatchObject({ page: 1, y: 89 });
  });

  it('moves a whole item to the next page when nothing of it fits', async () => {
    const pages = await layoutHtml(page('<div style="display:flex;flex-direction:column"><div id=a style="height:350px"></div><div id=b style="height:100px;break-inside:avoid"></div></div>', '@page { size: 400px 400px }'));
    expect(findBox(pages, '#b')).toMatchObject({ page: 1, y: 0, height: 100 });
  });
});

describe('flex column: forced breaks', () => {
  it('breaks before an item with break-before: page and after one with break-after: page', async () => {
    const pages = await layoutHtml(page('<div style="display:flex;flex-direction:column"><div id=a>a</div><div id=b style="break-before:page">b</div><div id=d style="break-after:page">d</div><div id=e>e</div></div>'));
    expect(findBox(pages, '#a').page).toBe(0);
    expect(findBox(pages, '#b')).toMatchObject({ page: 1, y: 0 });
    expect(findBox(pages, '#d')).toMatchObject({ page: 1, y: 20 });
    expect(findBox(pages, '#e')).toMatchObject({ page: 2, y: 0 });
  });

  it('takes a break before its first item as a break before the container', async () => {
    const pages = await layoutHtml(page('<p style="margin:0">before</p><div id=f style="display:flex;flex-direction:column"><div id=a style="break-before:page">a</div></div>'));
    expect(findBoxes(pages, '#f')[0]).toMatchObject({ page: 1, y: 0 });
  });
});

describe('flex column: wrapping', () => {
  const wrap = (css: string, items: string): string =>
    page(`<div id=c style="display:flex;flex-direction:column;flex-wrap:wrap;height:100px;width:300px;${css}">${items}</div>`);

  it('breaks items into columns by height and stretches the columns over the width', async () => {
    const pages = await layoutHtml(wrap('', '<div id=a style="height:40px">aa</div><div id=b style="height:40px">b</div><div id=d style="height:40px">d</div>'));
    expect(rect(pages, '#a')).toEqual([0, 0, 154.45, 40]);
    expect(rect(pages, '#b')).toEqual([0, 40, 154.45, 40]);
    expect(rect(pages, '#d')).toEqual([154.45, 0, 145.55, 40]);
  });

  it('packs columns at the start with align-content: flex-start and column-gap', async () => {
    const pages = await layoutHtml(wrap('align-content:flex-start;column-gap:10px', '<div id=a style="height:40px">aa</div><div id=b style="height:40px;width:50px">b</div><div id=d style="height:40px">dddd</div>'));
    expect(rect(pages, '#a')).toEqual([0, 0, 50, 40]);
    expect(findBox(pages, '#d')).toMatchObject({ x: 60, y: 0 });
  });

  it('centres columns and items with align-content and justify-content', async () => {
    const pages = await layoutHtml(wrap('align-content:center;justify-content:center', '<div id=a style="height:40px">aa</div><div id=b style="height:40px">b</div><div id=d style="height:40px">d</div>'));
    expect(findBox(pages, '#a')).toMatchObject({ y: 10 });
    expect(findBox(pages, '#a').x).toBeCloseTo(136.64, 1);
    expect(findBox(pages, '#d').x).toBeCloseTo(154.44, 1);
    expect(findBox(pages, '#d').y).toBe(30);
  });

  it('grows items within their own column', async () => {
    const pages = await layoutHtml(wrap('', '<div id=a style="height:40px;flex-grow:1">aa</div><div id=b style="height:40px">b</div><div id=d style="height:70px;flex-grow:1">d</div>'));
    expect(findBox(pages, '#a').height).toBe(60);
    expect(findBox(pages, '#b').y).toBe(60);
    expect(findBox(pages, '#d')).toMatchObject({ y: 0, height: 100 });
  });
});

describe('a column flex container or grid whose first item does not fit at a page end', () => {
  const card = (display: string) => `<!doctype html><style>@page { size: 400px 300px; margin: 0 } body { margin: 0; font: 16px/20px Arial }</style>
    <div style="height: 270px"></div>
    <div id="card" style="display: ${display}; border: 1px solid; padding-top: 4px"><div id="head" style="padding: 8px">Card header</div><div>Body</div></div>`;

  it.each([['flex; flex-direction: column'], ['grid']])('display: %s breaks inside, after its top border and padding, as Chromium does', async (display) => {
    const pages = await layoutHtml(card(display));
    const parts = findBoxes(pages, '#card');
    expect(parts.map((p) => [p.page, p.y])).toEqual([[0, 270], [1, 0]]);
    expect([findBox(pages, '#head').page, findBox(pages, '#head').y]).toEqual([1, 0]);
  });
});

describe('a column flex item whose bottom margin runs past a page end (probed in Chromium 156)', () => {
  // A 260px page: a 48px badge with a bottom margin, another badge after it (Start Bootstrap's app badges).
  const short = '@page { size: 400px 260px } .b { display: block; width: 120px; height: 48px }';
  const column = (lead: number, margin: number, last = '<a id=two class=b>Two</a>'): string =>
    `<div style="height:${lead}px"></div><div id=col style="display:flex;flex-direction:column;align-items:center"><a id=one class=b style="margin-bottom:${margin}px">One</a>${last}</div><p id=after style="margin:0">after</p>`;

  it('moves the whole container to the next page rather than break after the item', async () => {
    const pages = await layoutHtml(page(column(204, 24), short));
    expect(findBoxes(pages, '#col').map((f) => [f.page, f.y])).toEqual([[1, 0]]);
    expect(findBox(pages, '#two')).toMatchObject({ page: 1, y: 72 });
  });

  it('moves it when the item is the last one too', async () => {
    const pages = await layoutHtml(page(column(204, 24, ''), short));
    expect(findBox(pages, '#one')).toMatchObject({ page: 1, y: 0 });
    expect(findBox(pages, '#after')).toMatchObject({ page: 1, y: 72 });
  });

  it('breaks after the item when its margin fits', async () => {
    const pages = await layoutHtml(page(column(200, 10), short));
    expect(findBox(pages, '#one')).toMatchObject({ page: 0, y: 200 });
    expect(findBox(pages, '#two')).toMatchObject({ page: 1, y: 0 });
  });
});
