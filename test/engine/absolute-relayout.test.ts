// Absolutely positioned boxes inside items laid out more than once (stretched, flexed, measured
// then split over pages) print once, where the item's kept layout put them; a box placed by `top`
// met in a later fragment of its containing block goes against the first fragment, and a column
// flex item that justify-content puts past the page's end goes on at that offset; a flex container's
// positioned child without insets is placed as the container's sole item would be (decision 0427).
// Every expected position was printed by Chromium 156 (reference-pdf.mjs).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readPdf } from '../../src/testing/read-pdf.js';
import { findBoxes, layoutHtml, renderPdf } from '../../src/testing/render.js';

// A 220px page area (300px page, 40px margins) with 20px lines.
const doc = (body: string): string =>
  `<html><head><style>@page { size: 400px 300px; margin: 40px } body { margin: 0; font: 16px/20px Arimo } .a { position: absolute }</style></head><body>${body}</body></html>`;

const places = async (html: string, ...selectors: string[]): Promise<Record<string, { page: number; y: number }[]>> => {
  const pages = await layoutHtml(html);
  return Object.fromEntries(selectors.map((s) => [s, findBoxes(pages, s).map((f) => ({ page: f.page, y: Math.round(f.y) }))]));
};

describe('positioned boxes in items laid out again', () => {
  const badge = '<span id="b" class="a" style="top: 0; right: 0">New</span>';
  const containers: [string, string][] = [
    ['a stretched column card in a row', `<div style="display: flex; position: relative"><div style="height: 150px; width: 100px"></div><div style="display: flex; flex-direction: column; justify-content: center; flex: 1"><div>Card${badge}</div></div></div>`],
    ['a flexed item of a column of fixed height', `<div style="display: flex; flex-direction: column; height: 150px; position: relative"><div style="flex: 1 1 0">Card${badge}</div><div style="flex: 1 1 0">Other</div></div>`],
    ['a stretched grid item', `<div style="display: grid; grid-template-columns: 1fr 1fr; position: relative"><div style="height: 150px"></div><div style="display: flex; flex-direction: column; justify-content: flex-end"><div>Card${badge}</div></div></div>`],
  ];
  for (const [name, body] of containers) {
    it(`prints a badge in ${name} once`, async () => {
      const found = await places(doc(body), '#b');
      expect(found['#b']).toEqual([{ page: 0, y: 40 }]);
      const text = (await readPdf(await renderPdf(doc(body)))).pages.map((p) => p.text).join(' ');
      expect(text.match(/New/g)).toHaveLength(1);
    });
  }

  it('prints each positioned box once whatever the items\u2019 sizes and where the page ends', async () => {
    await fc.assert(fc.asyncProperty(
      fc.integer({ min: 0, max: 400 }), fc.integer({ min: 20, max: 500 }), fc.constantFrom('center', 'flex-end', 'space-between'), fc.boolean(),
      async (before, tall, justify, relative) => {
        const html = doc(`<div style="height: ${before}px"></div><div style="display: flex;${relative ? ' position: relative' : ''}"><div style="height: ${tall}px; width: 50px"></div>`
          + `<div style="display: flex; flex-direction: column; justify-content: ${justify}; flex: 1"><div>One <span id="s" class="a">S</span></div><div>Two<span id="x" class="a" style="top: 5px; right: 0">X</span></div></div></div>`);
        const found = await places(html, '#s', '#x');
        expect(found['#s']).toHaveLength(1);
        expect(found['#x']).toHaveLength(1);
      },
    ), { numRuns: 25 });
  });
});

describe('column flex items past the page\u2019s end', () => {
  it('carries an item justify-content put below the page\u2019s end to the next page at that offset, the container keeping its height', async () => {
    // Item at 100 + (300 − 20) / 2 = 240: 20px past the 220px area, so 20px into page 2's;
    // the container's 300px take 120 on page 1 and 180 on page 2.
    const html = doc('<div style="height: 100px"></div><div style="display: flex; flex-direction: column; justify-content: center; height: 300px"><div id="item">Centred</div></div><p id="after" style="margin: 0">After</p>');
    expect(await places(html, '#item', '#after')).toEqual({ '#item': [{ page: 1, y: 60 }], '#after': [{ page: 1, y: 220 }] });
    expect((await readPdf(await renderPdf(html))).pages.map((p) => p.text.trim())).toEqual(['', 'Centred\nAfter']);
  });

  it('does so for a stretched column in a row split over pages, its positioned boxes with it', async () => {
    const html = doc('<div style="height: 100px"></div><div style="display: flex; position: relative"><div style="height: 300px; width: 100px"></div>'
      + '<div style="display: flex; flex-direction: column; justify-content: center; flex: 1"><div id="item">Centred <span id="s" class="a">S</span><span id="x" class="a" style="top: 0; right: 0">X</span></div></div></div><p style="margin: 0">After</p>');
    const found = await places(html, '#item', '#s', '#x');
    expect(found['#item']).toEqual([{ page: 1, y: 60 }]);
    expect(found['#s']).toEqual([{ page: 1, y: 60 }]);
    // Placed by `top` against the row's first fragment, on page 1.
    expect(found['#x']).toEqual([{ page: 0, y: 140 }]);
  });

  it('drops a gap that runs past the page\u2019s end, as a break truncates it', async () => {
    const html = doc('<div style="height: 10px"></div><div style="display: flex; flex-direction: column; gap: 50px"><div style="height: 100px"></div><div style="height: 40px"></div><div id="third">Third</div></div>');
    expect((await places(html, '#third'))['#third']).toEqual([{ page: 1, y: 40 }]);
  });
});

describe('a box placed by top met in a later fragment of its containing block', () => {
  it('goes against the first fragment; one at its static position stays where it is met', async () => {
    const html = doc('<div style="position: relative"><div style="height: 210px"></div><p style="margin: 0">Late <span id="x" class="a" style="top: 10px; right: 0">X</span><span id="s" class="a">S</span></p></div>');
    expect(await places(html, '#x', '#s')).toEqual({ '#x': [{ page: 0, y: 50 }], '#s': [{ page: 1, y: 40 }] });
    const texts = (await readPdf(await renderPdf(html))).pages.map((p) => p.text.replace(/\s+/g, ' ').trim());
    expect(texts).toEqual(['X', 'LateS']);
  });
});

describe('the static position of a flex container\u2019s positioned child', () => {
  // Containers 122px tall with a 1px border (120 of content) at x 0, 300px wide; the box 80 × 30.
  const flexDoc = (container: string, box = ''): string => doc(`<div id="c" style="display: flex; height: 120px; width: 300px; border: 1px solid; ${container}"><div id="b" class="a" style="width: 80px; height: 30px; ${box}"></div></div>`);
  const at = async (html: string): Promise<[number, number]> => {
    const [box] = findBoxes(await layoutHtml(html), '#b');
    return [Math.round(box.x), Math.round(box.y)];
  };
  it('is where the container would place it as its sole item: justify-content along the main axis, align-self across', async () => {
    expect(await at(flexDoc('justify-content: center; align-items: center'))).toEqual([40 + 1 + 110, 40 + 1 + 45]);
    expect(await at(flexDoc('justify-content: flex-end; align-items: flex-end'))).toEqual([40 + 1 + 220, 40 + 1 + 90]);
    expect(await at(flexDoc('flex-direction: row-reverse'))).toEqual([40 + 1 + 220, 40 + 1]);
    expect(await at(flexDoc('flex-direction: column; justify-content: center; align-items: flex-end'))).toEqual([40 + 1 + 220, 40 + 1 + 45]);
    expect(await at(flexDoc('justify-content: space-between; align-items: center', 'align-self: flex-end; margin: 5px'))).toEqual([40 + 1 + 5, 40 + 1 + 85]);
    expect(await at(flexDoc('justify-content: space-around; flex-wrap: wrap-reverse; align-items: flex-start'))).toEqual([40 + 1 + 110, 40 + 1 + 90]);
    // An inset given wins on its axis (against the page area, the initial containing block).
    expect(await at(flexDoc('justify-content: center; align-items: center', 'top: 0'))).toEqual([40 + 1 + 110, 40]);
  });

  it('aligns in the whole height of a container split over pages, going on to the next page with it', async () => {
    // The container starts 150px down: its 120px of content run 51px past the 220px area. At the
    // content's end the 20px box starts 100px in, at 251: 31px into page 2 (not aligned in the 69px
    // of the first fragment, which would keep it on page 1).
    const html = doc(`<div style="height: 150px"></div><div style="display: flex; height: 120px; border: 1px solid; align-items: flex-end"><div id="b" class="a" style="width: 80px; height: 20px"></div><span>Text</span></div>`);
    const [box] = findBoxes(await layoutHtml(html), '#b');
    expect([box.page, Math.round(box.y)]).toEqual([1, 40 + 1 + 150 + 100 - 220]);
  });
});
