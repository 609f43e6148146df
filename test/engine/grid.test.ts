// Grid layout: track lists, placement, track sizing, alignment, gaps, shrink-to-fit and pagination.
import { describe, expect, it } from 'vitest';
import { findBox, findBoxes, layoutHtml, lineBoxes } from '../../src/testing/render.js';

const lineBoxesCount = (pages: Awaited<ReturnType<typeof layoutHtml>>, selector: string): number => lineBoxes(pages, selector).length;

/** A 400×600 page without margins and a margin-less body, so positions are plain CSS arithmetic. */
const page = (body: string, css = ''): string =>
  `<style>@page { size: 400px 600px; margin: 0 } body { margin: 0; font: 16px/20px Arimo } ${css}</style>${body}`;

const rect = (pages: Awaited<ReturnType<typeof layoutHtml>>, selector: string) => {
  const b = findBox(pages, selector);
  return { x: b.x, y: b.y, width: b.width, height: b.height };
};

describe('grid: fixed and flexible columns', () => {
  it('places items in fixed columns left to right, then on a new row', async () => {
    const pages = await layoutHtml(page('<div style="display:grid;grid-template-columns:100px 50px"><p id=a style="margin:0">a</p><p id=b style="margin:0">b</p><p id=c style="margin:0">c</p></div>'));
    expect(rect(pages, '#a')).toEqual({ x: 0, y: 0, width: 100, height: 20 });
    expect(rect(pages, '#b')).toEqual({ x: 100, y: 0, width: 50, height: 20 });
    expect(rect(pages, '#c')).toEqual({ x: 0, y: 20, width: 100, height: 20 });
  });

  it('shares the free space between fr columns by their factors', async () => {
    const pages = await layoutHtml(page('<div style="display:grid;grid-template-columns:100px 1fr 2fr"><div id=a></div><div id=b></div><div id=c></div></div>'));
    expect(findBox(pages, '#a').width).toBe(100);
    expect(findBox(pages, '#b').width).toBe(100);
    expect(findBox(pages, '#c')).toMatchObject({ x: 200, width: 200 });
  });

  it('subtracts column gaps and row gaps', async () => {
    const pages = await layoutHtml(page('<div style="display:grid;grid-template-columns:1fr 1fr;gap:10px 20px"><div id=a style="height:30px"></div><div id=b></div><div id=c></div></div>'));
    expect(rect(pages, '#a')).toEqual({ x: 0, y: 0, width: 190, height: 30 });
    expect(rect(pages, '#b')).toEqual({ x: 210, y: 0, width: 190, height: 30 });
    expect(findBox(pages, '#c').y).toBe(40);
  });

  it('resolves percentages and em against the grid and the font', async () => {
    const pages = await layoutHtml(page('<div style="display:grid;grid-template-columns:25% 5em"><div id=a></div><div id=b></div></div>'));
    expect(findBox(pages, '#a').width).toBe(100);
    expect(findBox(pages, '#b')).toMatchObject({ x: 100, width: 80 });
  });

  it('repeats a track list a given number of times', async () => {
    const pages = await layoutHtml(page('<div style="display:grid;grid-template-columns:repeat(4, 1fr)"><div></div><div></div><div></div><div id=d></div></div>'));
    expect(findBox(pages, '#d')).toMatchObject({ x: 300, y: 0, width: 100 });
  });
});

describe('grid: intrinsic columns', () => {
  it('sizes auto columns to their content and gives the rest to fr', async () => {
    const pages = await layoutHtml(page('<div style="display:grid;grid-template-columns:auto 1fr"><div id=a><span style="display:inline-block;width:60px"></span></div><div id=b></div></div>'));
    expect(findBox(pages, '#a').width).toBe(60);
    expect(findBox(pages, '#b')).toMatchObject({ x: 60, width: 340 });
  });

  it('stretches auto columns over the free space when there is no fr track', async () => {
    const pages = await layoutHtml(page('<div style="display:grid;grid-template-columns:auto auto"><div id=a><span style="display:inline-block;width:60px"></span></div><div id=b><span style="display:inline-block;width:140px"></span></div></div>'));
    expect(findBox(pages, '#a').width).toBe(160);
    expect(findBox(pages, '#b')).toMatchObject({ x: 160, width: 240 });
  });

  it('grows minmax(min-content, x) tracks up to their limits before fr tracks', async () => {
    const pages = await layoutHtml(page('<div style="display:grid;grid-template-columns:1fr minmax(min-content, 100px) 1fr"><div id=a></div><div id=b>x</div><div id=c></div></div>'));
    expect(findBox(pages, '#a').width).toBe(150);
    expect(findBox(pages, '#b')).toMatchObject({ x: 150, width: 100 });
    expect(findBox(pages, '#c')).toMatchObject({ x: 250, width: 150 });
  });

  it('keeps an fr column at least as wide as its min-content', async () => {
    const pages = await layoutHtml(page('<div style="display:grid;grid-template-columns:1fr 1fr;width:100px"><div id=a><span style="display:inline-block;width:80px"></span></div><div id=b></div></div>'));
    expect(findBox(pages, '#a').width).toBe(80);
    expect(findBox(pages, '#b')).toMatchObject({ x: 80, width: 20 });
  });

  it('sums its columns for a shrink-to-fit width', async () => {
    const pages = await layoutHtml(page('<div id=g style="float:left;display:grid;grid-template-columns:auto auto;column-gap:10px"><div><span style="display:inline-block;width:30px"></span></div><div><span style="display:inline-block;width:50px"></span></div></div>'));
    expect(findBox(pages, '#g').width).toBe(90);
  });
});

describe('grid: auto-fill and auto-fit', () => {
  it('repeats as many tracks as fit with auto-fill', async () => {
    const pages = await layoutHtml(page('<div style="display:grid;grid-template-columns:repeat(auto-fill, 120px)"><div id=a></div><div id=b></div><div id=c></div><div id=d style="height:10px"></div></div>'));
    expect(['#a', '#b', '#c', '#d'].map((id) => findBox(pages, id).x)).toEqual([0, 120, 240, 0]);
    expect(findBox(pages, '#d')).toMatchObject({ y: 0, width: 120 });
  });

  it('collapses the empty tracks of auto-fit so fr columns take their space', async () => {
    const pages = await layoutHtml(page('<div style="display:grid;grid-template-columns:repeat(auto-fit, minmax(100px, 1fr))"><div id=a></div><div id=b></div></div>'));
    expect(findBox(pages, '#a').width).toBe(200);
    expect(findBox(pages, '#b')).toMatchObject({ x: 200, width: 200 });
  });

  it('fits two calc((100% - gap)/2) columns exactly', async () => {
    const pages = await layoutHtml(page('<div style="display:grid;gap:16px;grid-template-columns:repeat(auto-fit, minmax(calc((100% - 16px)/2), 1fr))"><div id=a></div><div id=b></div><div id=c></div></div>'));
    expect(findBox(pages, '#a').width).toBe(192);
    expect(findBox(pages, '#b').x).toBe(208);
    expect(findBox(pages, '#c').x).toBe(0);
  });
});

describe('grid: placement', () => {
  it('places items at line numbers, negative lines and spans', async () => {
    const pages = await layoutHtml(page('<div style="display:grid;grid-template-columns:repeat(4, 100px)"><div id=a style="grid-column:2 / -1"></div><div id=b style="grid-column:span 2"></div><div id=c style="grid-column-start:-2"></div></div>'));
    expect(findBox(pages, '#a')).toMatchObject({ x: 100, width: 300 });
    expect(findBox(pages, '#b')).toMatchObject({ x: 0, width: 200 });
    expect(findBox(pages, '#c')).toMatchObject({ x: 300, width: 100 });
    expect(findBox(pages, '#c').y).toBe(findBox(pages, '#b').y);
  });

  it('places by named lines and by the -start/-end lines of a name', async () => {
    const pages = await layoutHtml(page('<div style="display:grid;grid-template-columns:[full-start] 50px [main-start] 100px [main-end] 50px [full-end]"><div id=a style="grid-column:main"></div><div id=b style="grid-column:full"></div></div>'));
    expect(findBox(pages, '#a')).toMatchObject({ x: 50, width: 100 });
    expect(findBox(pages, '#b')).toMatchObject({ x: 0, width: 200 });
  });

  it('places by grid-template-areas', async () => {
    const pages = await layoutHtml(page(`<div style="display:grid;grid-template-columns:100px 200px;grid-template-rows:30px 40px;grid-template-areas:'head head' 'side main'">
      <div id=m style="grid-area:main"></div><div id=h style="grid-area:head"></div><div id=s style="grid-area:side"></div></div>`));
    expect(rect(pages, '#h')).toEqual({ x: 0, y: 0, width: 300, height: 30 });
    expect(rect(pages, '#s')).toEqual({ x: 0, y: 30, width: 100, height: 40 });
    expect(rect(pages, '#m')).toEqual({ x: 100, y: 30, width: 200, height: 40 });
  });

  it('auto-places around items with definite positions', async () => {
    const pages = await layoutHtml(page('<div style="display:grid;grid-template-columns:repeat(3, 100px);grid-auto-rows:20px"><div id=a></div><div id=f style="grid-column:2;grid-row:1"></div><div id=b></div><div id=c></div></div>'));
    expect(findBox(pages, '#f')).toMatchObject({ x: 100, y: 0 });
    expect(findBox(pages, '#a')).toMatchObject({ x: 0, y: 0 });
    expect(findBox(pages, '#b')).toMatchObject({ x: 200, y: 0 });
    expect(findBox(pages, '#c')).toMatchObject({ x: 0, y: 20 });
  });

  it('leaves holes with sparse flow and fills them with dense', async () => {
    const html = (flow: string) => page(`<div style="display:grid;grid-template-columns:repeat(3, 100px);grid-auto-rows:20px;grid-auto-flow:${flow}"><div></div><div style="grid-column:span 3"></div><div id=c></div></div>`);
    expect(findBox(await layoutHtml(html('row')), '#c')).toMatchObject({ x: 0, y: 40 });
    expect(findBox(await layoutHtml(html('row dense')), '#c')).toMatchObject({ x: 100, y: 0 });
  });

  it('fills columns first with grid-auto-flow: column', async () => {
    const pages = await layoutHtml(page('<div style="display:grid;grid-template-rows:20px 20px;grid-auto-columns:50px;grid-auto-flow:column"><div></div><div id=b></div><div id=c></div></div>'));
    expect(findBox(pages, '#b')).toMatchObject({ x: 0, y: 20, width: 50 });
    expect(findBox(pages, '#c')).toMatchObject({ x: 50, y: 0 });
  });

  it('makes an item spanning two rows as tall as both', async () => {
    const pages = await layoutHtml(page('<div style="display:grid;grid-template-columns:100px 100px;grid-auto-rows:30px;row-gap:5px"><div id=a style="grid-row:span 2"></div><div></div><div id=c></div></div>'));
    expect(rect(pages, '#a')).toEqual({ x: 0, y: 0, width: 100, height: 65 });
    expect(findBox(pages, '#c')).toMatchObject({ x: 100, y: 35 });
  });

  it('lays out the children of display: contents as grid items', async () => {
    const pages = await layoutHtml(page('<div style="display:grid;grid-template-columns:100px 100px"><section style="display:contents"><div id=a></div><div id=b></div></section></div>'));
    expect(findBox(pages, '#b')).toMatchObject({ x: 100, y: 0 });
  });

  it('inherits a track list from its parent grid', async () => {
    const pages = await layoutHtml(page('<div style="display:grid;grid-template-columns:[a] 1em [b] 2em"><div id=i style="grid-column:a / span 2;display:grid;grid-template-columns:inherit"><div></div><div id=x></div></div></div>'));
    expect(findBox(pages, '#x')).toMatchObject({ x: 16, width: 32 });
  });
});

describe('grid: rows and alignment', () => {
  it('makes a row as tall as its tallest item and stretches the others', async () => {
    const pages = await layoutHtml(page('<div style="display:grid;grid-template-columns:1fr 1fr"><div id=a>x</div><div id=b style="height:50px"></div></div>'));
    expect(findBox(pages, '#a').height).toBe(50);
  });

  it('resolves an item\u2019s percentage height against its area, and a stretched item\u2019s child\u2019s against the stretched height', async () => {
    const pages = await layoutHtml(page('<div style="display:grid;height:300px;grid-template-columns:1fr 1fr"><div id=a style="height:50%">a</div><div><div id=c style="height:50%">c</div></div></div>'));
    expect(rect(pages, '#a')).toEqual({ x: 0, y: 0, width: 200, height: 150 });
    expect(rect(pages, '#c')).toEqual({ x: 200, y: 0, width: 200, height: 150 });
  });

  it('aligns items in their areas with align-self and justify-self', async () => {
    const pages = await layoutHtml(page('<div style="display:grid;grid-template-columns:200px 200px;grid-template-rows:100px"><div id=a style="align-self:center;justify-self:end;width:50px;height:20px"></div><div id=b style="place-self:end center;width:50px;height:20px"></div></div>'));
    expect(rect(pages, '#a')).toEqual({ x: 150, y: 40, width: 50, height: 20 });
    expect(rect(pages, '#b')).toEqual({ x: 275, y: 80, width: 50, height: 20 });
  });

  it('shrinks items to fit with justify-items: start', async () => {
    const pages = await layoutHtml(page('<div style="display:grid;grid-template-columns:200px;justify-items:start"><div id=a><span style="display:inline-block;width:30px"></span></div></div>'));
    expect(findBox(pages, '#a').width).toBe(30);
  });

  it('centres the tracks with justify-content', async () => {
    const pages = await layoutHtml(page('<div style="display:grid;grid-template-columns:100px 100px;justify-content:center"><div id=a></div></div>'));
    expect(findBox(pages, '#a').x).toBe(100);
  });

  it('shares a definite height between fr rows', async () => {
    const pages = await layoutHtml(page('<div style="display:grid;height:300px;grid-template-rows:100px 1fr 2fr"><div></div><div id=b></div><div id=c></div></div>'));
    expect(findBox(pages, '#b').y).toBe(100);
    expect(findBox(pages, '#b').height).toBeCloseTo(200 / 3, 5);
    expect(findBox(pages, '#c').height).toBeCloseTo(400 / 3, 5);
  });

  it('gives a zero-height explicit row zero height', async () => {
    const pages = await layoutHtml(page('<div id=g style="display:grid;grid-template-rows:auto [content] 0;row-gap:10px"><div id=a style="height:20px"></div><div id=z style="grid-row:content"></div></div>'));
    expect(rect(pages, '#z')).toMatchObject({ y: 30, height: 0 });
    expect(findBox(pages, '#g').height).toBe(30);
  });
});

describe('grid: the grid shorthand', () => {
  it('expands grid: <rows> / <columns>', async () => {
    const pages = await layoutHtml(page('<div style="display:grid;grid:40px / 100px 100px"><div></div><div id=b></div></div>'));
    expect(rect(pages, '#b')).toEqual({ x: 100, y: 0, width: 100, height: 40 });
  });

  it('expands grid: auto-flow / <columns>', async () => {
    const pages = await layoutHtml(page('<div style="display:grid;grid:auto-flow 25px / 100px 100px"><div></div><div></div><div id=c></div></div>'));
    expect(rect(pages, '#c')).toEqual({ x: 0, y: 25, width: 100, height: 25 });
  });
});

describe('grid: pagination (probed in Chromium 156, decision 0386)', () => {
  it('keeps a row that runs past the page end on its page: its stretched items split, their rest at the next page’s top', async () => {
    const pages = await layoutHtml(page('<div style="display:grid;grid-template-columns:1fr 1fr;grid-auto-rows:250px"><div></div><div></div><div></div><div></div><div id=e></div></div>'));
    expect(pages).toHaveLength(2);
    expect(findBoxes(pages, '#e').map((b) => [b.page, b.y, b.height])).toEqual([[0, 500, 100], [1, 0, 150]]);
  });

  it('splits an item spanning rows with the rows it spans', async () => {
    const pages = await layoutHtml(page('<div style="display:grid;grid-template-columns:1fr 1fr;grid-auto-rows:250px"><div></div><div></div><div id=s style="grid-row:span 2"></div><div id=c></div></div>'));
    expect(findBoxes(pages, '#s').map((b) => [b.page, b.y, b.height])).toEqual([[0, 250, 350], [1, 0, 150]]);
    expect(findBoxes(pages, '#c').map((b) => [b.page, b.y, b.height])).toEqual([[0, 250, 250]]);
  });
});

describe('grid: items split across pages', () => {
  it('continues a tall item on the next page, its short neighbour stretched with the row (Chromium 156)', async () => {
    const lines = Array.from({ length: 20 }, (_, i) => `<p id=p${i} style="margin:0">line ${i}</p>`).join('');
    const pages = await layoutHtml(page(`<div style="height:500px"></div><div style="display:grid;grid-template-columns:100px 1fr"><div id=h>head</div><div id=t>${lines}</div></div>`));
    expect(pages).toHaveLength(2);
    expect(findBoxes(pages, '#h').map((b) => b.page)).toEqual([0, 1]);
    expect(findBox(pages, '#p0')).toMatchObject({ x: 100, y: 500 });
    expect(findBoxes(pages, '#p5')[0]).toMatchObject({ page: 1, y: 0 });
    expect(findBoxes(pages, '#t').map((b) => b.page)).toEqual([0, 1]);
  });

  it('runs a fixed-height row that overflows on to the next page rather than cutting or moving it (Chromium 156)', async () => {
    const pages = await layoutHtml(page('<div style="height:500px"></div><div style="display:grid;grid-template-rows:50px 200px"><div id=a></div><div id=b></div></div>'));
    expect(findBoxes(pages, '#a')[0]).toMatchObject({ page: 0, y: 500 });
    expect(findBoxes(pages, '#b').map((b) => [b.page, b.y, b.height])).toEqual([[0, 550, 50], [1, 0, 150]]);
  });
});

describe('grid: more sizing and alignment (checked against Chromium)', () => {
  it('grows minmax rows to their maximum in an auto-height grid', async () => {
    const pages = await layoutHtml(page('<div style="display:grid;grid-template-rows:minmax(30px, 60px) auto"><div id=a></div><div id=b>x</div></div>'));
    expect(rect(pages, '#a')).toMatchObject({ y: 0, height: 60 });
    expect(findBox(pages, '#b').y).toBe(60);
  });

  it('resolves percentage rows against the height the grid gets with them as auto', async () => {
    const pages = await layoutHtml(page('<div id=g style="display:grid;grid-template-rows:50% 40px"><div id=a>x</div><div id=b></div></div>'));
    expect(findBox(pages, '#a').height).toBe(30);
    expect(findBox(pages, '#b').y).toBe(30);
    expect(findBox(pages, '#g').height).toBe(60);
  });

  it('centres an item with auto margins and pushes one with margin-left: auto to the end', async () => {
    const pages = await layoutHtml(page('<div style="display:grid;grid-template-columns:200px 200px;grid-auto-rows:60px"><div id=a style="margin:auto;width:20px;height:20px"></div><div id=b style="margin-left:auto;width:20px"></div></div>'));
    expect(rect(pages, '#a')).toEqual({ x: 90, y: 20, width: 20, height: 20 });
    expect(rect(pages, '#b')).toEqual({ x: 380, y: 0, width: 20, height: 60 });
  });

  it('clamps fit-content() columns and sizes min-content / max-content columns', async () => {
    const pages = await layoutHtml(page('<div style="display:grid;grid-template-columns:fit-content(60px) max-content 1fr"><div id=a>aaaa bbbb cccc</div><div id=b>dd ee</div><div id=c></div></div>'));
    expect(findBox(pages, '#a').width).toBe(60);
    const b = findBox(pages, '#b');
    expect(b.x).toBe(60);
    expect(findBox(pages, '#c').x).toBe(60 + b.width);
    expect(lineBoxesCount(pages, '#b')).toBe(1);
  });

  it('finds the nth line of a repeated name and places past the explicit grid', async () => {
    const pages = await layoutHtml(page('<div style="display:grid;grid-template-columns:repeat(2, [c] 100px);grid-auto-columns:50px"><div id=a style="grid-column:c 2"></div><div id=b style="grid-column:5"></div></div>'));
    expect(findBox(pages, '#a')).toMatchObject({ x: 100, width: 100 });
    expect(findBox(pages, '#b')).toMatchObject({ x: 300, width: 50 });
  });

  it('uses percentage column gaps of the grid width', async () => {
    const pages = await layoutHtml(page('<div style="width:300px;display:grid;grid-template-columns:1fr 1fr 1fr;column-gap:5%"><div></div><div id=b></div><div id=c></div></div>'));
    expect(findBox(pages, '#b').x).toBe(105);
    expect(findBox(pages, '#c')).toMatchObject({ x: 210, width: 90 });
  });
});

describe('grid: out-of-flow children', () => {
  it('does not make an absolutely positioned child a grid item', async () => {
    const pages = await layoutHtml(page('<div style="position:relative;padding-top:50px"><div style="display:grid;grid-template-columns:100px 100px"><div id=abs style="position:absolute;top:5px;left:7px;width:10px;height:10px"></div><div id=a></div><div id=b></div></div></div>'));
    expect(findBox(pages, '#a').x).toBe(0);
    expect(findBox(pages, '#b').x).toBe(100);
    expect(rect(pages, '#abs')).toEqual({ x: 7, y: 5, width: 10, height: 10 });
  });
});

describe('grid: robustness', () => {
  it('clamps huge spans and line numbers instead of building a billion tracks', async () => {
    const pages = await layoutHtml(page('<div id=g style="display:grid"><div style="grid-row:span 1000000000;grid-column:span 100000000"></div><div id=b style="grid-column:-100000"></div></div>'));
    expect(findBox(pages, '#g').height).toBe(0);
    expect(findBox(pages, '#b')).toBeDefined();
  });

  it('lays out an empty grid as an empty box', async () => {
    const pages = await layoutHtml(page('<div id=g style="display:grid;grid-template-columns:1fr 1fr;padding:5px"></div>'));
    expect(rect(pages, '#g')).toEqual({ x: 0, y: 0, width: 400, height: 10 });
  });
});

describe('grid: baselines and the grid-template shorthand (checked against Chromium)', () => {
  it('aligns the first baselines of a row with align-items: baseline', async () => {
    const pages = await layoutHtml(page('<div style="display:grid;grid-template-columns:1fr 1fr;align-items:baseline"><div id=a style="font-size:32px;line-height:40px">A</div><div id=b>b</div></div>'));
    const a = lineBoxes(pages, '#a')[0];
    const b = lineBoxes(pages, '#b')[0];
    expect(a.baseline).toBeCloseTo(b.baseline, 5);
    expect(findBox(pages, '#b').y).toBeGreaterThan(0);
  });

  it('takes row sizes and line names from grid-template strings', async () => {
    const pages = await layoutHtml(page(`<div style="display:grid;grid-template:'a a' 40px 'b c' 60px / 1fr 1fr"><div id=c style="grid-area:c"></div><div id=a style="grid-area:a"></div><div id=b style="grid-area:b"></div></div>`));
    expect(rect(pages, '#a')).toEqual({ x: 0, y: 0, width: 400, height: 40 });
    expect(rect(pages, '#c')).toEqual({ x: 200, y: 40, width: 200, height: 60 });
  });

  it('takes named rows and columns from grid-template', async () => {
    const pages = await layoutHtml(page('<div style="display:grid;grid-template:[top] 30px [mid] auto / [l] 100px [r] 1fr"><div id=c style="grid-row:mid;grid-column:r;height:10px"></div><div id=d></div></div>'));
    expect(rect(pages, '#c')).toEqual({ x: 100, y: 30, width: 300, height: 10 });
    expect(rect(pages, '#d')).toEqual({ x: 0, y: 0, width: 100, height: 30 });
  });
});

describe('grid: grid-template strings with names and no sizes', () => {
  it('gives unsized area rows auto and keeps names on their lines', async () => {
    const pages = await layoutHtml(page(`<div style="display:grid;grid-template:[top] 'a' [middle] 'b' 20px [bottom] / 100px"><div id=x style="grid-row:middle / bottom"></div><div id=y style="grid-row:top;height:15px"></div></div>`));
    expect(rect(pages, '#y')).toEqual({ x: 0, y: 0, width: 100, height: 15 });
    expect(rect(pages, '#x')).toEqual({ x: 0, y: 15, width: 100, height: 20 });
  });
});

describe('grid: forced and avoided breaks', () => {
  it('breaks before a row whose item has break-before: page', async () => {
    const pages = await layoutHtml(page('<div style="display:grid;grid-template-columns:1fr 1fr"><div id=a>a</div><div>b</div><div id=c style="break-before:page">c</div><div id=d>d</div></div>'));
    expect(pages).toHaveLength(2);
    expect(findBoxes(pages, '#c')[0]).toMatchObject({ page: 1, y: 0 });
    expect(findBoxes(pages, '#d')[0]).toMatchObject({ page: 1, x: 200, y: 0 });
  });

  it('breaks before the grid when an item of its first row has break-before: page (checked against Chromium)', async () => {
    const pages = await layoutHtml(page('<p id=p style="margin:0">before</p><div id=g style="display:grid"><h2 id=t style="break-before:page;margin:0">title</h2><div>c</div></div>'));
    expect(pages).toHaveLength(2);
    expect(findBoxes(pages, '#g')).toHaveLength(1);
    expect(findBoxes(pages, '#g')[0]).toMatchObject({ page: 1, y: 0 });
  });

  it('breaks after the grid when an item of its last row has break-after: page', async () => {
    const pages = await layoutHtml(page('<div style="display:grid;grid-template-columns:1fr 1fr"><div>a</div><div style="break-after:page">b</div></div><p id=after style="margin:0">after</p>'));
    expect(findBoxes(pages, '#after')[0]).toMatchObject({ page: 1, y: 0 });
  });

  it('moves a grid with break-inside: avoid whole to the next page', async () => {
    const pages = await layoutHtml(page('<div style="height:500px"></div><div id=g style="display:grid;break-inside:avoid;grid-auto-rows:60px"><div></div><div></div></div>'));
    expect(findBoxes(pages, '#g')).toHaveLength(1);
    expect(findBoxes(pages, '#g')[0]).toMatchObject({ page: 1, y: 0, height: 120 });
  });

  it('keeps a spanning item from growing fr columns, as Chromium does', async () => {
    const pages = await layoutHtml(page('<div style="width:100px;display:grid;grid-template-columns:1fr 1fr"><div style="grid-column:span 2"><span style="display:inline-block;width:150px"></span></div><div id=a></div><div id=b></div></div>'));
    expect(findBox(pages, '#b')).toMatchObject({ x: 50, width: 50 });
  });
});

describe('grid: the automatic minimum of items (checked against Chromium)', () => {
  const wide = '<span style="display:inline-block;width:150px"></span>';
  it('lets fr columns shrink below an item with min-width: 0 or overflow: hidden', async () => {
    for (const css of ['min-width:0', 'overflow:hidden']) {
      const pages = await layoutHtml(page(`<div style="width:100px;display:grid;grid-template-columns:1fr 1fr"><div style="${css}">${wide}</div><div id=b></div></div>`));
      expect(findBox(pages, '#b')).toMatchObject({ x: 50, width: 50 });
    }
  });

  it('keeps the min-content minimum of min-content tracks', async () => {
    const pages = await layoutHtml(page(`<div style="width:100px;display:grid;grid-template-columns:min-content 1fr"><div style="min-width:0">${wide}</div><div id=b></div></div>`));
    expect(findBox(pages, '#b').x).toBe(150);
  });
});

describe('grid: going on across pages inside a float', () => {
  it('places the rows of every page in the grid\u2019s columns (Sphinx: the document is a float of 100% width)', async () => {
    // The float is sized, then placed 30px in (its block goes on for the clearing div after it), page after page:
    // rows going on from the page before are placed at each layout's own x, not moved twice.
    const rows = Array.from({ length: 100 }, (_, i) => `<dt class=t>Term ${i}</dt><dd class=d>Definition ${i}</dd>`).join('');
    const pages = await layoutHtml(page(`<div style="padding-left:30px"><div style="float:left;width:100%"><dl style="display:grid;grid-template-columns:fit-content(30%) auto;margin:0">${rows}</dl></div><div style="clear:both"></div></div>`, 'dd { margin: 0 }'));
    const terms = findBoxes(pages, '.t');
    const definitions = findBoxes(pages, '.d');
    expect(new Set(terms.map((b) => b.page)).size).toBeGreaterThan(2);
    expect(new Set(terms.map((b) => b.x))).toEqual(new Set([30]));
    expect(new Set(definitions.map((b) => b.x)).size).toBe(1);
  });
});

describe('grid: a row one of whose items cannot start on the page', () => {
  it('moves the row whole to the next page, as Chromium does, when an item\u2019s first lines would be orphans', async () => {
    // 270px of 300 are taken: the term fits, only one of the definition's two lines does.
    const html = (lines: number) => `<style>@page { size: 400px 300px; margin: 0 } body { margin: 0; font: 16px/20px Arimo } dl { display: grid; grid-template-columns: fit-content(30%) auto; margin: 0 } dd, dt { margin: 0 }</style><div style="height: 270px"></div><dl><dt id=t>Term</dt><dd id=d>${Array.from({ length: lines }, (_, i) => `line ${i}`).join('<br>')}</dd><dt>Next</dt><dd>next</dd></dl>`;
    const moved = await layoutHtml(html(2));
    expect([findBox(moved, '#t').page, findBox(moved, '#t').y, findBox(moved, '#d').page]).toEqual([1, 0, 1]);
    // Two of five lines fit after 240px: the row splits, the term staying with the first lines.
    const split = await layoutHtml(html(5).replace('height: 270px', 'height: 240px'));
    expect([findBoxes(split, '#t')[0].page, findBoxes(split, '#d').map((b) => b.page)]).toEqual([0, [0, 1]]);
  });
});
