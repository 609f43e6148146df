// Absolutely positioned boxes: their containing block is the nearest positioned box whatever its display, else the page area (as Chromium prints).
import { describe, expect, it } from 'vitest';
import { findBox, findBoxes, layoutHtml } from '../../src/testing/render.js';

const doc = (css: string, body: string): string =>
  `<html><head><style>@page { size: 400px 300px; margin: 40px } body { margin: 0; font: 12px/16px Arimo } p { margin: 0; height: 100px } .a { position: absolute; bottom: 0; right: 0; width: 20px; height: 10px } ${css}</style></head><body>${body}</body></html>`;

const rect = (b: { page: number; x: number; y: number; width: number; height: number }): number[] => [b.page, b.x, b.y, b.width, b.height].map((v) => Math.round(v * 100) / 100);

describe('absolutely positioned boxes', () => {
  it('places a box without positioned ancestor against the page area, not the root element', async () => {
    const pages = await layoutHtml(doc('body { padding: 10px } #t { position: absolute; bottom: 0; left: 0; width: 50px; height: 20px }', '<div>hi</div><div id="t"></div>'));
    expect(rect(findBox(pages, '#t'))).toEqual([0, 40, 240, 50, 20]);
  });

  it('places it on the first page when it comes later in the flow (Chromium)', async () => {
    const pages = await layoutHtml(doc('#t { position: absolute; bottom: 0; right: 0; width: 50px; height: 20px }', '<p>a</p><p>b</p><p>c</p><p>d</p><p>e</p><div id="t">T</div><p>f</p>'));
    expect(pages.length).toBe(3);
    expect(findBoxes(pages, '#t').map(rect)).toEqual([[0, 310, 240, 50, 20]]);
  });

  it('keeps the static position of a box with top and bottom auto on its own page', async () => {
    const pages = await layoutHtml(doc('#t { position: absolute; right: 0; width: 50px; height: 20px }', '<p>a</p><p>b</p><p>c</p><p>d</p><div id="t">T</div><p>f</p>'));
    const t = findBox(pages, '#t');
    expect(t.page).toBe(1);
    expect(t.x).toBe(310);
  });

  it('a positioned float is the containing block of its absolute descendants', async () => {
    const pages = await layoutHtml(doc('#side { float: right; position: relative; width: 100px; height: 150px; padding: 10px } #d { right: 5px; bottom: 5px }', '<div id="side"><div>x</div><div class="a" id="d"></div></div>'));
    expect(rect(findBox(pages, '#side'))).toEqual([0, 240, 40, 120, 170]);
    expect(rect(findBox(pages, '#d'))).toEqual([0, 335, 195, 20, 10]);
  });

  it('resolves the percentage height of a float against a definite parent height, so its bottom sits there', async () => {
    const pages = await layoutHtml(doc('#box { height: 200px } #side { float: right; position: relative; width: 100px; height: 50% } #wrap > div { float: left; width: 100px; height: 50% }', '<div id="box"><div id="side">S<div class="a" id="d"></div></div></div><div id="wrap"><div id="other">O</div></div>'));
    expect(rect(findBox(pages, '#side'))).toEqual([0, 260, 40, 100, 100]);
    expect(rect(findBox(pages, '#d'))).toEqual([0, 340, 130, 20, 10]);
    // This document has no doctype: in quirks mode the percentage skips #wrap's auto height and
    // resolves against the 220px page area (decision 0200), so the float runs on to the next page.
    expect(findBoxes(pages, '#other').map((b) => b.page)).toEqual([0, 1]);
  });

  it('a positioned flex container is the containing block of its absolute children', async () => {
    const pages = await layoutHtml(doc('#f { display: flex; position: relative; margin-top: 50px; height: 100px; width: 200px }', '<div id="f"><div>x</div><div class="a" id="a"></div></div>'));
    expect(rect(findBox(pages, '#a'))).toEqual([0, 220, 180, 20, 10]);
  });

  it('a positioned column flex container is the containing block too', async () => {
    const pages = await layoutHtml(doc('#f { display: flex; flex-direction: column; position: relative; margin-top: 50px; height: 100px; width: 200px }', '<div id="f"><div>x</div><div class="a" id="a"></div></div>'));
    expect(rect(findBox(pages, '#a'))).toEqual([0, 220, 180, 20, 10]);
  });

  it('a positioned grid container is the containing block of its absolute children', async () => {
    const pages = await layoutHtml(doc('#g { display: grid; position: relative; margin-top: 150px; height: 60px; width: 100px }', '<div id="g"><div>y</div><div class="a" id="b"></div></div>'));
    expect(rect(findBox(pages, '#b'))).toEqual([0, 120, 240, 20, 10]);
  });

  it('a positioned table cell is the containing block of its absolute children', async () => {
    const pages = await layoutHtml(doc('td { position: relative; height: 50px; width: 80px; padding: 0 }', '<table><tr><td>c<div class="a" id="c"></div></td></tr></table>'));
    const td = findBox(pages, 'td');
    const c = findBox(pages, '#c');
    expect(c.x + c.width).toBeCloseTo(td.x + td.width, 1);
    expect(c.y + c.height).toBeCloseTo(td.y + td.height, 1);
  });

  it('a positioned inline-block is the containing block of its absolute children', async () => {
    const pages = await layoutHtml(doc('#i { display: inline-block; position: relative; width: 100px; height: 50px }', '<div>text <span id="i"><span class="a" id="e"></span></span></div>'));
    const i = findBox(pages, '#i');
    const e = findBox(pages, '#e');
    expect(e.x + e.width).toBeCloseTo(i.x + i.width, 1);
    expect(e.y + e.height).toBeCloseTo(i.y + i.height, 1);
  });
});

describe('shrink-to-fit widths within min-width and max-width', () => {
  const text = 'aaaa bbbb cccc dddd eeee ffff gggg hhhh iiii jjjj kkkk llll mmmm nnnn';
  const page = (body: string): string => `<!DOCTYPE html><style>@page { size: 800px 600px; margin: 0 } body { margin: 0; font: 16px Arial }</style>${body}`;

  it('keeps an absolutely positioned box within a percentage max-width of its containing block (Chromium: 300 wide, two lines)', async () => {
    const pages = await layoutHtml(page(`<div style="position: relative; width: 600px; height: 300px"><div id=a style="position: absolute; left: 10px; top: 0; max-width: 50%">${text}</div></div>`));
    expect(findBox(pages, '#a').width).toBe(300);
    expect(findBox(pages, '#a').height).toBe(36);
  });

  it('keeps floats within percentage max-width and min-width too, padding included', async () => {
    const pages = await layoutHtml(page(`<div style="width: 600px"><div id=a style="float: left; max-width: 50%; padding: 0 5%">${text}</div><div id=b style="float: right; min-width: 40%">b</div></div>`));
    expect(findBox(pages, '#a').width).toBe(360);
    expect(findBox(pages, '#b').width).toBe(240);
  });
});
