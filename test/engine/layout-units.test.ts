// Lengths that lay boxes out are in layout units, 1/64 px, truncated toward zero, as Blink keeps
// them (decision 0395). Each value is Chromium 156's, from getBoundingClientRect.
import { describe, expect, it } from 'vitest';
import { solidPng } from '../../src/testing/image-fixtures.js';
import { dataUri, findBox, layoutHtml } from '../../src/testing/render.js';

const doc = (inner: string): string =>
  `<!doctype html><html><head><style>@page { size: 800px 1000px; margin: 0 } body { margin: 0; font-size: 15.3px } .o { display: flow-root; width: 333.3px }</style></head><body>${inner}</body></html>`;

async function heightOf(style: string): Promise<number> {
  const pages = await layoutHtml(doc(`<div class="o" id="o"><div style="${style}"></div></div>`));
  return findBox(pages, '#o').height;
}

describe('lengths in layout units', () => {
  it.each([
    ['padding-top: 1mm', 3.765625], // 3.7795px
    ['padding-top: 1mm; padding-bottom: 1mm', 7.53125],
    ['margin-top: 1mm', 3.765625],
    ['padding-top: 0.3em', 4.578125], // 4.59px
    ['padding-top: 2.995px', 2.984375],
    ['height: 10.999px', 10.984375],
    ['padding-top: 5%', 16.65625], // 5% of 333.296875
    ['margin-top: 1.999px', 1.984375],
  ])('%s: the box is as tall as in Chromium', async (style, height) => {
    expect(await heightOf(style)).toBe(height);
  });

  it('truncates toward zero: a -1.999px margin pulls a box up by 1.984375px', async () => {
    const pages = await layoutHtml(doc('<div class="o"><div style="height: 10px"></div><div id="t" style="margin-top: -1.999px; height: 5px"></div></div>'));
    expect(findBox(pages, '#t').y).toBe(8.015625);
  });

  it('truncates widths, percentages of them, and offsets', async () => {
    const pages = await layoutHtml(doc('<div class="o" id="o"><div id="w" style="width: 100.999px; height: 1px"></div><div id="p" style="width: 33.333%; height: 1px"></div><div id="m" style="margin-left: 1.999px; height: 1px"></div></div>'));
    expect(findBox(pages, '#o').width).toBe(333.296875);
    expect(findBox(pages, '#w').width).toBe(100.984375);
    expect(findBox(pages, '#p').width).toBe(111.09375); // 33.333% of 333.296875, truncated
    expect(findBox(pages, '#m').x).toBe(1.984375);
  });

  it('truncates an image\'s size from its aspect ratio', async () => {
    const src = dataUri(solidPng(100, 37), 'image/png');
    const pages = await layoutHtml(doc(`<img id="i" src="${src}" style="width: 33px; display: block"><img id="j" src="${src}" style="height: 20.3px; display: block">`));
    expect(findBox(pages, '#i').height).toBe(12.203125); // 12.21
    expect([findBox(pages, '#j').width, findBox(pages, '#j').height]).toEqual([54.84375, 20.296875]); // 54.856 from 20.296875
  });

  it('truncates text-indent, gaps, flex-basis and grid tracks; border spacing is whole pixels', async () => {
    const pages = await layoutHtml(doc(`
      <div style="text-indent: 10.999px; width: 300px"><span id="ti">x</span></div>
      <div style="display: flex; column-gap: 10.999px; width: 300px"><div style="width: 20px; height: 5px"></div><div id="f2" style="width: 20px; height: 5px"></div></div>
      <div style="display: flex; width: 300px"><div style="flex-basis: 50.999px; flex-shrink: 0; height: 3px"></div><div id="fb2" style="width: 10px; height: 3px"></div></div>
      <div style="display: grid; grid-template-columns: 50.999px 30px"><div style="height: 5px"></div><div id="g2" style="height: 5px"></div></div>
      <table style="border-spacing: 2.6px"><tr><td style="padding: 0; width: 10px"></td><td id="s26" style="padding: 0; width: 10px"></td></tr></table>
      <table style="border-spacing: 2.999px"><tr><td style="padding: 0; width: 10px"></td><td id="s3" style="padding: 0; width: 10px"></td></tr></table>`));
    expect(findBox(pages, '#ti').x).toBe(10.984375);
    expect(findBox(pages, '#f2').x).toBe(30.984375);
    expect(findBox(pages, '#fb2').x).toBe(50.984375);
    expect(findBox(pages, '#g2').x).toBe(50.984375);
    // Blink rounds border spacing to whole pixels after adding 0.01 (RoundForImpreciseConversion).
    expect(findBox(pages, '#s26').x).toBe(2 + 10 + 2);
    expect(findBox(pages, '#s3').x).toBe(3 + 10 + 3);
  });
});
