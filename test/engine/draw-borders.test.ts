// Pixel and paint tests: borders solid, dashed, dotted, double, the 3D styles, per-side colours
// and widths, border-radius, and borders of boxes split across pages and lines.
import { describe, expect, it } from 'vitest';
import type { PathCommand } from '../../src/engine/paint/backend.js';
import { assertPixels, findBox, layoutHtml, paintHtml, pixelPage, skipPixelTests } from '../../src/testing/render.js';

const div = (css: string, w: number, h: number): string => pixelPage(w, h, `div { ${css} }`, '<div></div>');

describe.skipIf(skipPixelTests())('solid borders', () => {
  it('draws a 1px border around the padding box', async () => {
    await assertPixels(div('width: 4px; height: 2px; border: 1px solid black', 6, 4), `
      KKKKKK
      K____K
      K____K
      KKKKKK
    `);
  });

  it('draws each side with its own width', async () => {
    await assertPixels(div('width: 2px; height: 1px; border: solid red; border-width: 1px 2px 3px 4px', 8, 5), `
      RRRRRRRR
      RRRR__RR
      RRRRRRRR
      RRRRRRRR
      RRRRRRRR
    `);
  });

  it('draws each side in its own colour, the corners split on the diagonal', async () => {
    await assertPixels(div('width: 2px; height: 2px; border: 2px solid; border-color: red blue lime yellow', 6, 6), `
      .RRRR.
      Y.RR.B
      YY__BB
      YY__BB
      Y.GG.B
      .GGGG.
    `);
  });

  it('takes the text colour when no border colour is given', async () => {
    await assertPixels(div('width: 2px; height: 0; border: 1px solid; color: blue', 4, 2), `
      BBBB
      BBBB
    `);
  });

  it('draws a side of width 0, none or hidden not at all', async () => {
    await assertPixels(div('width: 2px; height: 2px; border: 1px solid red; border-top-width: 0; border-right-style: none; border-bottom-style: hidden', 3, 3), `
      R__
      R__
      ___
    `);
  });
});

describe('border widths in layout', () => {
  it('takes no room for border-style: none or hidden, whatever the width', async () => {
    const pages = await layoutHtml('<style>@page { size: 100px 100px; margin: 0 } body { margin: 0 } div { height: 1px }</style><div id=a style="width:10px;border:5px none"></div><div id=b style="width:10px;border:5px hidden"></div>');
    expect(findBox(pages, '#a').width).toBe(10);
    expect(findBox(pages, '#b').width).toBe(10);
  });

  it('resolves thin, medium and thick to 1px, 3px and 5px', async () => {
    const pages = await layoutHtml('<style>@page { size: 100px 100px; margin: 0 } body { margin: 0 } div { width: 0; height: 1px; border-left-style: solid }</style><div id=a style="border-left-width:thin"></div><div id=b style="border-left-width:medium"></div><div id=c style="border-left-width:thick"></div>');
    expect([findBox(pages, '#a').width, findBox(pages, '#b').width, findBox(pages, '#c').width]).toEqual([1, 3, 5]);
  });
});

describe.skipIf(skipPixelTests())('double, dashed and dotted borders', () => {
  it('draws double as two lines each a third of the width', async () => {
    await assertPixels(div('width: 2px; height: 2px; border: 3px double red', 8, 8), `
      RRRRRRRR
      R......R
      R.RRRR.R
      R.R__R.R
      R.R__R.R
      R.RRRR.R
      R......R
      RRRRRRRR
    `);
  });

  it('leaves the gap of a double border unpainted', async () => {
    await assertPixels(div('width: 10px; height: 0; border-top: 3px double red', 10, 3), `
      RRRRRRRRRR
      __________
      RRRRRRRRRR
    `);
  });

  it('draws dashed with full dashes at both corners and gaps between', async () => {
    await assertPixels(div('width: 18px; height: 0; border-top: 2px dashed red', 18, 2), `
      RRRRRR______RRRRRR
      RRRRRR______RRRRRR
    `);
  });

  it('draws dotted as round dots, a dot\'s width apart, a dot at each end', async () => {
    // 4px discs every 8px; their corner pixels are only partly covered.
    await assertPixels(div('width: 28px; height: 0; border-top: 4px dotted blue', 28, 4), `
      .BB.____.BB.____.BB.____.BB.
      BBBB____BBBB____BBBB____BBBB
      BBBB____BBBB____BBBB____BBBB
      .BB.____.BB.____.BB.____.BB.
    `);
  });
});

describe('dashed, dotted and 3D borders: draw calls', () => {
  const page = (css: string): string => `<style>@page { size: 100px 100px; margin: 0 } body { margin: 0 }</style><div style="width:20px;height:10px;${css}"></div>`;

  it('strokes dashes along the centre line with butt caps', async () => {
    const spy = await paintHtml(page('border-top: 2px dashed red'));
    const [stroke] = spy.callsOf('strokePath');
    expect(stroke.args[1]).toMatchObject({ width: 2, lineCap: 'butt', color: { r: 255, g: 0, b: 0, a: 1 } });
    expect(stroke.args[1].dash.length).toBeGreaterThan(0);
    const ys = stroke.args[0].filter((p): p is Extract<PathCommand, { y: number }> => 'y' in p).map((p) => p.y);
    expect(new Set(ys)).toEqual(new Set([1]));
  });

  it('fills a lone solid side as that side only, not as a ring with zero-width sides (no hairline seams)', async () => {
    const spy = await paintHtml(page('border-top: 2px solid red'));
    const fills = spy.callsOf('fillPath');
    expect(fills).toHaveLength(1);
    const ys = fills[0].args[0].filter((p): p is Extract<PathCommand, { y: number }> => 'y' in p).map((p) => p.y);
    expect([Math.min(...ys), Math.max(...ys)]).toEqual([0, 2]);
  });

  it('fills dots up to 3px as squares and thicker ones as round dots, as Chromium draws them', async () => {
    const thin = await paintHtml(page('border-top: 2px dotted red'));
    expect(thin.callsOf('strokePath')).toHaveLength(0);
    const [squares] = thin.callsOf('fillPath');
    expect(squares.args[0].some((c) => c.op === 'curve')).toBe(false);
    // 20px: a square at each end and 4 between, 2px apart.
    expect(squares.args[0].filter((c) => c.op === 'move')).toHaveLength(6);
    const thick = await paintHtml(page('border-top: 4px dotted red'));
    const [dots] = thick.callsOf('fillPath');
    expect(dots.args[0].filter((c) => c.op === 'curve').length).toBe(4 * dots.args[0].filter((c) => c.op === 'move').length);
  });

  it('shades inset and outset sides with Chromium\u2019s colours: one side darkened, the other lightened', async () => {
    const sidesOf = async (css: string) => (await paintHtml(page(css))).callsOf('fillPath').map((c) => c.args[1]);
    const outset = await sidesOf('border: 2px outset rgb(200, 100, 50)');
    // Lit (top): channels scaled until the largest reaches 1; shaded (bottom): the largest loses 0.33.
    expect(outset[0]).toEqual({ r: 255, g: 127, b: 63, a: 1 });
    expect(outset[2]).toEqual({ r: 116, g: 58, b: 29, a: 1 });
    const inset = await sidesOf('border: 2px inset gray');
    expect(inset[0]).toEqual({ r: 44, g: 44, b: 44, a: 1 });
    expect(inset[2]).toEqual({ r: 212, g: 212, b: 212, a: 1 });
    // Too dark to darken (up to #202020): lightened once for the shaded side, twice for the lit one.
    const dark = await sidesOf('border: 2px inset rgb(30, 30, 30)');
    expect(dark[0]).toEqual({ r: 114, g: 114, b: 114, a: 1 });
    expect(dark[2]).toEqual({ r: 198, g: 198, b: 198, a: 1 });
    const black = await sidesOf('border: 2px groove black');
    expect(black.map((c) => c.r)).toContain(0x54);
    expect(black.map((c) => c.r)).toContain(168);
    expect((await sidesOf('border: 2px ridge rgb(33, 33, 33)')).map((c) => c.r)).toContain(0);
  });
});

describe.skipIf(skipPixelTests())('border-radius', () => {
  // Pixels the curve crosses are partly covered (anti-aliased): `.` accepts any colour there.
  const CIRCLE = (c: string): string => `
    __.${c}${c}${c}${c}.__
    _.${c}${c}${c}${c}${c}${c}._
    .${c.repeat(8)}.
    .${c.repeat(8)}.
    ${c.repeat(10)}
    ${c.repeat(10)}
    .${c.repeat(8)}.
    .${c.repeat(8)}.
    _.${c}${c}${c}${c}${c}${c}._
    __..${c}${c}..__
  `;

  it('rounds the corners of the background', async () => {
    await assertPixels(div('width: 10px; height: 10px; border-radius: 5px; background: red', 10, 10), CIRCLE('R'));
  });

  it('rounds only the corners given', async () => {
    await assertPixels(div('width: 6px; height: 4px; border-top-left-radius: 4px; background: blue', 6, 4), `
      _.BBBB
      .BBBBB
      BBBBBB
      BBBBBB
    `);
  });

  it('makes an ellipse with 50%', async () => {
    await assertPixels(div('width: 12px; height: 6px; border-radius: 50%; background: lime', 12, 6), `
      __..GGGG..__
      ..GGGGGGGG..
      GGGGGGGGGGGG
      GGGGGGGGGGGG
      ..GGGGGGGG..
      __..GGGG..__
    `);
  });

  it('curves the border along the corner, leaving the inside and outside white', async () => {
    await assertPixels(div('width: 6px; height: 6px; border: 2px solid red; border-radius: 5px', 10, 10), `
      __.RRRR.__
      _.RRRRRR._
      .RR.__.RR.
      RR.____.R.
      RR______RR
      RR______RR
      RR.____.R.
      .RR.__.RR.
      _.RRRRRR._
      __..RR..__
    `);
  });

  it('clips a background image to the rounded border box', async () => {
    await assertPixels(div('width: 10px; height: 10px; border-radius: 5px; background: linear-gradient(red, red)', 10, 10), CIRCLE('R'));
  });

  // CSS Backgrounds 3 §5.3: overflow is clipped to the curved padding edge.
  it('clips children to the rounded corners with overflow: hidden', async () => {
    await assertPixels(pixelPage(10, 10, '', '<div style="width: 10px; height: 10px; border-radius: 5px; overflow: hidden"><div style="height: 10px; background: blue"></div></div>'), CIRCLE('B'));
  });
});

describe.skipIf(skipPixelTests())('boxes split across pages', () => {
  // 8px pages: the top border and two 3px children fit on page 1, the third child goes to page 2.
  const split = (extra: string): string =>
    `<style>@page { size: 6px 8px; margin: 0 } body { margin: 0 } .s { border: 1px solid red; ${extra} } .c { height: 3px; break-inside: avoid }</style>`
    + '<div class=s><div class=c></div><div class=c></div><div class=c></div></div>';

  it('leaves out the bottom border before the break and the top border after it (slice)', async () => {
    await assertPixels(split(''), `
      RRRRRR
      R____R
      R____R
      R____R
      R____R
      R____R
      R____R
      R____R
    `);
    await assertPixels(split(''), `
      R____R
      R____R
      R____R
      RRRRRR
      ______
      ______
      ______
      ______
    `, { page: 2 });
  });

  it('draws the whole border on every page with box-decoration-break: clone', async () => {
    await assertPixels(split('box-decoration-break: clone'), `
      RRRRRR
      R____R
      R____R
      R____R
      R____R
      R____R
      R____R
      RRRRRR
    `);
    await assertPixels(split('box-decoration-break: clone'), `
      RRRRRR
      R____R
      R____R
      R____R
      RRRRRR
      ______
      ______
      ______
    `, { page: 2 });
  });
});

describe('inline boxes split across lines: draw calls', () => {
  it('draws the left border on the first piece only and the right border on the last only', async () => {
    const spy = await paintHtml('<style>@page { size: 200px 200px; margin: 0 } body { margin: 0; font: 16px/20px Cousine; width: 60px }</style><span style="border: 0 solid; border-width: 0 3px; border-left-color: red; border-right-color: blue">aaaa bbbb</span>');
    const fills = spy.callsOf('fillPath').map((c) => c.args[1]);
    const red = fills.filter((c) => c.r === 255 && c.b === 0);
    const blue = fills.filter((c) => c.b === 255 && c.r === 0);
    expect(red).toHaveLength(1);
    expect(blue).toHaveLength(1);
  });
});
