// border-image (decision 0399): parsed as CSS Backgrounds 3 says, painted as Chromium 156 prints
// it (probed with gradient borders, stretched, round, repeated and filled SVG frames).
import { describe, expect, it } from 'vitest';
import { styleDocument } from '../../src/engine/css/test-utils.js';
import { tiles } from '../../src/engine/paint/border-image.js';
import { assertPixels, paintHtml, pixelPage, skipPixelTests } from '../../src/testing/render.js';

/** A 3 × 3 px image: red corners, blue edges, a lime middle. */
const NINE = `data:image/svg+xml;utf8,${encodeURIComponent(
  "<svg xmlns='http://www.w3.org/2000/svg' width='3' height='3' shape-rendering='crispEdges'><rect width='3' height='3' fill='#00f'/><rect x='1' y='1' width='1' height='1' fill='#0f0'/>" +
  "<rect width='1' height='1' fill='#f00'/><rect x='2' width='1' height='1' fill='#f00'/><rect y='2' width='1' height='1' fill='#f00'/><rect x='2' y='2' width='1' height='1' fill='#f00'/></svg>",
)}`;

const styleOf = (css: string) => styleDocument('<div></div>', `div { ${css} }`).style('div');

describe('border-image values', () => {
  it('expands the shorthand: source, slice with fill, width, outset and repeat', () => {
    const style = styleOf('border: 4px solid; border-image: linear-gradient(red, blue) 30% fill / 10px 2 / 1 round stretch');
    expect(style.borderImageSource?.kind).toBe('linear-gradient');
    expect(style.borderImageSlice).toEqual({ offsets: [{ percent: 30 }, { percent: 30 }, { percent: 30 }, { percent: 30 }], fill: true });
    expect(style.borderImageWidth).toEqual([10, { factor: 2 }, 10, { factor: 2 }]);
    expect(style.borderImageOutset).toEqual([{ factor: 1 }, { factor: 1 }, { factor: 1 }, { factor: 1 }]);
    expect(style.borderImageRepeat).toEqual(['round', 'stretch']);
  });

  it('resets what the shorthand leaves out, and keeps the longhands\' initial values', () => {
    const style = styleOf('border-image-repeat: round; border-image: url(frame.png) 10');
    expect(style.borderImageSource).toEqual({ kind: 'url', url: 'frame.png' });
    expect(style.borderImageSlice.offsets).toEqual([10, 10, 10, 10]);
    expect(style.borderImageRepeat).toEqual(['stretch', 'stretch']);
    expect(styleOf('').borderImageSource).toBeNull();
    expect(styleOf('').borderImageSlice.offsets).toEqual([{ percent: 100 }, { percent: 100 }, { percent: 100 }, { percent: 100 }]);
  });

  it('is reset by the border shorthand, not by a side\'s', () => {
    expect(styleOf('border-image: linear-gradient(red, blue) 1; border: 2px solid').borderImageSource).toBeNull();
    expect(styleOf('border-image: linear-gradient(red, blue) 1; border-top: 2px solid').borderImageSource).not.toBeNull();
  });

  it('drops invalid declarations', () => {
    expect(styleOf('border-image: url(a.png) 10 / / round').borderImageSource).toBeNull();
    expect(styleOf('border-image-slice: -1').borderImageSlice.offsets[0]).toEqual({ percent: 100 });
    expect(styleOf('border-image-repeat: stretch round repeat').borderImageRepeat).toEqual(['stretch', 'stretch']);
  });
});

describe('border-image tiles along a side', () => {
  it('stretches one tile, rounds to whole tiles, spaces them out, or centres one and repeats it', () => {
    expect(tiles('stretch', 0, 100, 30)).toEqual({ starts: [0], size: 100 });
    const round = tiles('round', 0, 100, 30);
    expect(round.starts).toHaveLength(3);
    expect(round.size).toBeCloseTo(100 / 3, 9);
    expect(tiles('space', 0, 100, 30)).toEqual({ starts: [2.5, 35, 67.5], size: 30 });
    expect(tiles('repeat', 0, 100, 30)).toEqual({ starts: [-25, 5, 35, 65, 95], size: 30 });
    expect(tiles('space', 0, 20, 30).starts).toEqual([]);
  });
});

describe('border-image bounds', () => {
  it('stretches a cell once rather than drawing more than 1024 tiles in it (tiny tiles repeated over a page)', async () => {
    // 49% slices drawn into 1px widths make tiles a fortieth of a pixel wide: tens of thousands per side.
    const spy = await paintHtml("<div style='width: 600px; height: 900px; border: 1px solid; border-image: linear-gradient(red, blue) 49% fill / 1px repeat'></div>");
    const pieces = spy.calls.filter((call) => call.method === 'transform').length;
    expect(pieces).toBe(9);
  });
});

describe.skipIf(skipPixelTests())('border-image painting', () => {
  const div = (css: string, w: number, h: number): string => pixelPage(w, h, `div { ${css} }`, '<div></div>');

  it('draws the image\'s corners and edges in place of the border styles, the middle only with fill', async () => {
    await assertPixels(div(`width: 6px; height: 4px; border: 1px solid; border-image: url("${NINE}") 1`, 8, 6), `
      RBBBBBBR
      B______B
      B______B
      B______B
      B______B
      RBBBBBBR
    `);
    await assertPixels(div(`width: 4px; height: 2px; border: 2px solid; border-image: url("${NINE}") 1 fill`, 8, 6), `
      RRBBBBRR
      RRBBBBRR
      BBGGGGBB
      BBGGGGBB
      RRBBBBRR
      RRBBBBRR
    `);
  });

  it('draws a gradient at the size of the border box and slices it (a gradient border)', async () => {
    await assertPixels(div('width: 6px; height: 2px; border: 1px solid; border-image: linear-gradient(to right, red 50%, blue 50%) 1', 8, 4), `
      RRRRBBBB
      R______B
      R______B
      RRRRBBBB
    `);
  });

  it('paints the border styles when its image does not load, and nothing without border widths', async () => {
    await assertPixels(div('width: 2px; height: 2px; border: 1px solid red; border-image: url(missing.png) 1', 4, 4), `
      RRRR
      R__R
      R__R
      RRRR
    `);
    await assertPixels(div(`width: 2px; height: 2px; border: 1px none; border-image: url("${NINE}") 1`, 4, 4), `
      ____
      ____
      ____
      ____
    `);
  });
});
