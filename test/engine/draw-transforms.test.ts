// Pixel tests: CSS transforms (rotate, translate, scale, skew, matrix, lists) about transform-origin,
// applied at paint time to backgrounds, borders, children, text and images, with links and text kept usable.
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { describe, expect, it } from 'vitest';
import { solidPng } from '../../src/testing/image-fixtures.js';
import { readPdf } from '../../src/testing/read-pdf.js';
import { assertPixels, dataUri, findBox, findBoxes, layoutHtml, pixelPage, renderPdf, skipPixelTests } from '../../src/testing/render.js';

const BLUE_2x2 = dataUri(solidPng(2, 2, [0, 0, 255, 255]), 'image/png');

/** The rectangles of the first page's link annotations, in PDF points. */
async function linkRects(pdf: Uint8Array): Promise<number[][]> {
  const doc = await getDocument({ data: new Uint8Array(pdf), verbosity: 0 }).promise;
  const annotations = (await (await doc.getPage(1)).getAnnotations()) as { subtype: string; rect: number[] }[];
  await doc.destroy();
  return annotations.filter((a) => a.subtype === 'Link').map((a) => a.rect);
}

/** A page as wide and tall as the grid with one absolutely positioned div styled by `css`. */
const box = (css: string, w: number, h: number, inner = ''): string =>
  pixelPage(w, h, '#t { position: absolute; ' + css + ' }', `<div id="t">${inner}</div>`);

describe.skipIf(skipPixelTests())('transform', () => {
  it('rotates a 2×4 box by 90° about its centre', async () => {
    await assertPixels(box('left: 2px; top: 0; width: 2px; height: 4px; background: red; transform: rotate(90deg)', 6, 4), `
      ______
      _RRRR_
      _RRRR_
      ______
    `);
  });

  it('rotates by 180° (a box with a coloured top edge turns it to the bottom)', async () => {
    await assertPixels(box('left: 1px; top: 0; width: 2px; height: 3px; background: red; border-top: 1px solid blue; transform: rotate(180deg)', 4, 4), `
      _RR_
      _RR_
      _RR_
      _BB_
    `);
  });

  it('translates by lengths and by percentages of the border box', async () => {
    await assertPixels(box('left: 0; top: 0; width: 2px; height: 2px; background: red; transform: translate(1px, 100%)', 4, 4), `
      ____
      ____
      _RR_
      _RR_
    `);
    await assertPixels(box('left: 0; top: 0; width: 2px; height: 1px; background: red; transform: translateX(50%) translateY(2px)', 4, 4), `
      ____
      ____
      _RR_
      ____
    `);
  });

  it('scales about the centre by default and about the top-left corner with transform-origin: 0 0', async () => {
    await assertPixels(box('left: 2px; top: 2px; width: 2px; height: 2px; background: red; transform: scale(2)', 6, 6), `
      ______
      _RRRR_
      _RRRR_
      _RRRR_
      _RRRR_
      ______
    `);
    await assertPixels(box('left: 1px; top: 1px; width: 2px; height: 1px; background: red; transform: scale(2, 3); transform-origin: 0 0', 6, 5), `
      ______
      _RRRR_
      _RRRR_
      _RRRR_
      ______
    `);
  });

  it('turns about the corner transform-origin names', async () => {
    // 90° about the bottom-right corner (4,2): the 2×2 box at (2..4, 0..2) swings to (4..6, 0..2).
    await assertPixels(box('left: 2px; top: 0; width: 2px; height: 2px; background: red; transform: rotate(90deg); transform-origin: right bottom', 7, 3), `
      ____RR_
      ____RR_
      _______
    `);
    // -90° about the top-left corner (1,2): the 3×1 box at (1..4, 2..3) stands up to (1..2, -1..2).
    await assertPixels(box('left: 1px; top: 2px; width: 3px; height: 1px; background: red; transform: rotate(-90deg); transform-origin: top left', 5, 4), `
      _R___
      _R___
      _____
      _____
    `);
  });

  it('takes transform-origin lengths and percentages from the border box', async () => {
    // Scaled 2× up from its bottom-left corner (0, 2): the box now spans y -2..2.
    await assertPixels(box('left: 0; top: 0; width: 2px; height: 2px; background: red; transform: scale(2); transform-origin: 0 100%', 4, 4), `
      RRRR
      RRRR
      ____
      ____
    `);
    // Scaled 2× about (2px, 0): the box spans x -2..2.
    await assertPixels(box('left: 0; top: 0; width: 2px; height: 2px; background: red; transform: scale(2); transform-origin: 2px 0', 4, 4), `
      RR__
      RR__
      RR__
      RR__
    `);
  });

  it('applies a list of functions in order, and matrix()', async () => {
    // A 3×1 box: turned upright about its centre, then moved 2px right…
    await assertPixels(box('left: 0; top: 1px; width: 3px; height: 1px; background: red; transform: translateX(2px) rotate(90deg)', 5, 4), `
      ___R_
      ___R_
      ___R_
      _____
    `);
    // …or moved 2px along its own x axis after turning, which points down the page.
    await assertPixels(box('left: 0; top: 0; width: 3px; height: 1px; background: red; transform: rotate(90deg) translateX(2px)', 5, 4), `
      _____
      _R___
      _R___
      _R___
    `);
    await assertPixels(box('left: 0; top: 0; width: 2px; height: 2px; background: red; transform: matrix(1, 0, 0, 1, 2, 1)', 5, 4), `
      _____
      __RR_
      __RR_
      _____
    `);
  });

  it('applies translate, rotate and scale before transform', async () => {
    // The 3×1 box is scaled to 3×2 about its top-left corner, turned upright (now covering x -2..0)
    // and moved 3px right by translate, which comes first and so is not turned.
    await assertPixels(box('left: 0; top: 0; width: 3px; height: 1px; background: red; transform-origin: 0 0; translate: 3px; rotate: 90deg; transform: scaleY(2)', 5, 4), `
      _RR__
      _RR__
      _RR__
      _____
    `);
  });

  it('nests transforms: a child is transformed inside its transformed parent', async () => {
    // The parent moves 2px right; inside it the child moves 2px down.
    await assertPixels(box('left: 0; top: 0; width: 4px; height: 4px; transform: translateX(2px)', 6, 6, '<div style="width: 2px; height: 2px; background: red; transform: translateY(2px)"></div>'), `
      ______
      ______
      __RR__
      __RR__
      ______
      ______
    `);
  });

  it('transforms backgrounds, borders, children and images alike', async () => {
    await assertPixels(box('left: 0; top: 0; width: 2px; height: 2px; border-left: 1px solid blue; transform: translate(2px, 1px)', 6, 4, `<img src="${BLUE_2x2}" style="display: block; width: 2px; height: 2px">`), `
      ______
      __BBB_
      __BBB_
      ______
    `);
  });

  it('scales an image (a logo) about the origin given', async () => {
    await assertPixels(pixelPage(6, 4, '', `<img src="${BLUE_2x2}" style="display: block; width: 4px; height: 4px; transform: scale(0.5); transform-origin: 100% 0">`), `
      __BB__
      __BB__
      ______
      ______
    `);
  });

  it('rotates the content of a table cell (a vertical header) without moving the table', async () => {
    await assertPixels(pixelPage(5, 4, 'table { border-spacing: 0 } td { padding: 0; background: lime }',
      // The 4×1 bar turns about its top-left corner (1, 0) to stand in column 0; the 1px-high row keeps its place.
      '<table><tr><td><div style="width: 4px; height: 1px; background: red; transform: rotate(90deg); transform-origin: 0 0; margin-left: 1px"></div></td><td style="width: 1px"></td></tr></table>'), `
      RGGGG
      R____
      R____
      R____
    `);
  });

  it('is clipped by the overflow of a box around it', async () => {
    await assertPixels(pixelPage(6, 2, '', '<div style="overflow: hidden; width: 4px; height: 2px; background: blue"><div style="width: 4px; height: 1px; background: red; transform: translateX(2px)"></div></div>'), `
      BBRR__
      BBBB__
    `);
  });

  it('does not move the layout: following content stays where it was', async () => {
    await assertPixels(pixelPage(4, 3, 'div { height: 1px }', '<div style="background: red; transform: translateY(2px)"></div><div style="background: blue"></div>'), `
      ____
      BBBB
      RRRR
    `);
  });

  it('skews', async () => {
    // skewX(45deg) about the centre of a 2×2 box leans it right: its top row starts 1px left of its bottom row.
    await assertPixels(box('left: 2px; top: 0; width: 2px; height: 2px; background: red; transform: skewX(45deg)', 6, 2), `
      _.R.__
      __.R._
    `);
  });

  it('ignores an invalid transform and draws nothing for a non-invertible one', async () => {
    await assertPixels(box('left: 0; top: 0; width: 2px; height: 1px; background: red; transform: rotate(10px)', 3, 1), 'RR_');
    await assertPixels(box('left: 0; top: 0; width: 2px; height: 1px; background: red; transform: scale(0)', 3, 1), '___');
    await assertPixels(box('left: 0; top: 0; width: 2px; height: 1px; background: red; transform: scale(1e999)', 3, 1), '___');
  });
});

describe('transform and layout', () => {
  it('leaves the box where layout put it', async () => {
    const pages = await layoutHtml('<div id="a" style="height: 10px; transform: translate(30px, 40px) rotate(30deg)"></div><div id="b" style="height: 10px"></div>');
    expect(findBox(pages, '#b').y - findBox(pages, '#a').y).toBe(10);
  });

  it('makes a transformed box the containing block of its absolutely positioned descendants', async () => {
    const pages = await layoutHtml('<body style="margin: 0"><div style="height: 50px"></div><div id="t" style="transform: scale(1); margin-left: 20px; height: 30px"><div id="a" style="position: absolute; left: 5px; top: 6px; width: 1px; height: 1px"></div></div>');
    const t = findBox(pages, '#t');
    const a = findBox(pages, '#a');
    expect([a.x - t.x, a.y - t.y]).toEqual([5, 6]);
  });

  it('holds a fixed descendant in a transformed box: placed against it, printed once, not on every page', async () => {
    const pages = await layoutHtml('<style>@page { size: 300px 200px; margin: 10px } body { margin: 0 }</style>' +
      '<div id="t" style="transform: translateX(20px); margin-top: 30px; height: 60px"><div id="f" style="position: fixed; right: 10px; top: 5px; width: 40px; height: 20px"></div></div>' +
      '<div id="g" style="position: fixed; left: 0; bottom: 0; width: 40px; height: 20px"></div><div style="height: 300px"></div>');
    expect(pages.length).toBeGreaterThan(1);
    const t = findBox(pages, '#t');
    const [f, ...more] = findBoxes(pages, '#f');
    expect(more).toEqual([]);
    expect([f.page, f.x + f.width, f.y - t.y]).toEqual([0, t.x + t.width - 10, 5]);
    expect(findBoxes(pages, '#g').map((g) => g.page)).toEqual(pages.map((_, i) => i));
  });
});

describe('transformed text and links', () => {
  it('keeps rotated text extractable and covers the link with the bounding box of its rotated rectangle', async () => {
    const pdf = await renderPdf('<style>@page { size: 300px 200px; margin: 0 } body { margin: 0; font: 20px Arial }</style>' +
      '<div style="position: absolute; left: 100px; top: 80px; width: 100px; height: 20px; transform: rotate(90deg)"><a href="https://example.com/paid">PAID</a> stamp</div>');
    const doc = await readPdf(pdf);
    expect(doc.pages[0].text).toContain('PAID');
    const [link] = await linkRects(pdf);
    // The link stands upright, taller than wide, in the column the rotated line covers (about 137..161px = 103..121pt),
    // running up from the box's centre (90px down = 82.5pt up) as the word runs right from its start.
    const [x1, y1, x2, y2] = link;
    expect(y2 - y1).toBeGreaterThan(2 * (x2 - x1));
    expect(x1).toBeGreaterThanOrEqual(100);
    expect(x2).toBeLessThanOrEqual(124);
    expect(y1).toBeGreaterThanOrEqual(80);
  });
});
