// Percentage heights of absolutely positioned boxes resolve against their containing block's
// height, which is definite once it is laid out (CSS 2.1 §10.5); they were `auto` before.
import { describe, expect, it } from 'vitest';
import { solidPng } from '../../src/testing/image-fixtures.js';
import { findBox, layoutHtml } from '../../src/testing/render.js';

// The default paper (794.671875 × 1124px) with 3cm margins: the viewport is 567 × 897 at (113, 113).
const doc = (body: string): string =>
  `<!doctype html><html><head><style>@page { margin: 3cm } body { margin: 0 } p { margin: 0 }</style></head><body>${body}</body></html>`;

describe('percentage heights of absolutely positioned boxes', () => {
  it('take a share of a positioned ancestor’s padding box, with calc() and padding', async () => {
    const pages = await layoutHtml(doc(`
      <div style="position: relative; width: 300px; height: 200px; padding-bottom: 20px">
        <div id="half" style="position: absolute; top: 0; left: 0; width: 50%; height: 50%"><p>A1</p></div>
        <div id="calc" style="position: absolute; top: 10%; right: 0; width: 30%; height: calc(40% + 10px); padding: 5px"><p>A2</p></div>
      </div>`));
    // The padding box is 220px tall.
    expect(findBox(pages, '#half').height).toBe(110);
    const calc = findBox(pages, '#calc');
    expect([calc.y - 113, calc.height]).toEqual([22, 88 + 10 + 10]);
  });

  it('size an image too: Bulma\u2019s 16:9 figure stretches a square image over its padding box', async () => {
    const square = `data:image/png;base64,${Buffer.from(solidPng(10, 10)).toString('base64')}`;
    const pages = await layoutHtml(doc(`
      <div id="figure" style="position: relative; width: 320px; padding-top: 56.25%">
        <img id="img" src="${square}" style="position: absolute; top: 0; left: 0; width: 100%; height: 100%">
      </div>`));
    // Chromium 156: as wide as the figure and as tall as its padding (56.25% of the body's width), not square.
    const img = findBox(pages, '#img');
    expect([img.width, img.height]).toEqual([320, findBox(pages, '#figure').height]);
    expect(img.height).toBeGreaterThan(318);
  });

  it('take a share of the viewport without a positioned ancestor, as Chromium prints them', async () => {
    const pages = await layoutHtml(doc(`
      <div id="quarter" style="position: absolute; top: 300px; left: 0; width: 100px; height: 25%"></div>
      <div id="tenth" style="position: absolute; bottom: 0; left: 200px; width: 100px; height: 10%"></div>`));
    expect(findBox(pages, '#quarter').height).toBe(224.25);
    const tenth = findBox(pages, '#tenth');
    expect([tenth.height, tenth.y + tenth.height]).toEqual([89.6875, 113 + 897]); // 89.7 in layout units (decision 0395)
  });

  it('follow the text at the bottom of a flex column where Chromium puts it', async () => {
    const pages = await layoutHtml(doc(`
      <div style="position: relative; width: 300px; height: 200px">
        <div style="position: absolute; top: 0; left: 0; width: 50%; height: 50%; display: flex; flex-direction: column; justify-content: flex-end"><span id="bottom">A1</span></div>
      </div>`));
    // Chromium 156: the line's box ends 100px down the containing block.
    const bottom = findBox(pages, 'span#bottom');
    expect(bottom.y + bottom.height).toBeCloseTo(113 + 100, 1);
  });
});
