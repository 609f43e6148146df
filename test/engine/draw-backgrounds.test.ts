// Pixel tests: background colours and images (size, position, repeat, clip, origin, layers),
// the page background, opacity, overflow clipping and colours in every syntax.
import { describe, expect, it } from 'vitest';
import { solidPng } from '../../src/testing/image-fixtures.js';
import type { PathCommand } from '../../src/engine/paint/backend.js';
import { assertPixels, dataUri, paintHtml, pixelPage, renderPdf, renderPixels, skipPixelTests } from '../../src/testing/render.js';

const BLUE_2x2 = dataUri(solidPng(2, 2, [0, 0, 255, 255]), 'image/png');
const RED_2x2 = dataUri(solidPng(2, 2, [255, 0, 0, 255]), 'image/png');

/** A page as wide and tall as the grid, with `div` styled by `css`. */
const div = (css: string, w: number, h: number, body = '<div></div>'): string => pixelPage(w, h, `div { ${css} }`, body);

describe.skipIf(skipPixelTests())('background-color', () => {
  it('fills the border box', async () => {
    await assertPixels(div('margin: 1px; height: 2px; background: red', 6, 4), `
      ______
      _RRRR_
      _RRRR_
      ______
    `);
  });

  it('paints under a transparent border by default (background-clip: border-box)', async () => {
    await assertPixels(div('width: 2px; height: 2px; border: 1px solid transparent; background: red', 4, 4), `
      RRRR
      RRRR
      RRRR
      RRRR
    `);
  });

  it('stops at the padding edge with background-clip: padding-box', async () => {
    await assertPixels(div('width: 2px; height: 2px; border: 1px solid transparent; background: red; background-clip: padding-box', 4, 4), `
      ____
      _RR_
      _RR_
      ____
    `);
  });

  it('stops at the content edge with background-clip: content-box', async () => {
    await assertPixels(div('width: 2px; height: 2px; padding: 1px; border: 1px solid blue; background: red; background-clip: content-box', 6, 6), `
      BBBBBB
      B____B
      B_RR_B
      B_RR_B
      B____B
      BBBBBB
    `);
  });

  it('paints later siblings over earlier ones and children over parents', async () => {
    await assertPixels(pixelPage(4, 4, 'div { height: 2px }', '<div style="background: red"><div style="margin: 0 1px; background: blue"></div></div><div style="background: lime; margin-top: -1px"></div>'), `
      RBBR
      GGGG
      GGGG
      ____
    `);
  });

  it('is not painted for visibility: hidden, while the children can be visible', async () => {
    await assertPixels(pixelPage(4, 2, '', '<div style="visibility: hidden; background: red; height: 2px"><div style="visibility: visible; margin-left: 2px; height: 1px; background: blue"></div></div>'), `
      __BB
      ____
    `);
  });
});

describe.skipIf(skipPixelTests())('the page background', () => {
  it('paints the root element\'s background over the page area, not the margins, as Chromium prints it (decision 0186)', async () => {
    await assertPixels('<style>@page { size: 5px 4px; margin: 1px } html { background: blue } body { margin: 0 }</style>', `
      _____
      _BBB_
      _BBB_
      _____
    `);
  });

  it('paints an @page background image over the whole sheet, margins included, on the pages its rule selects', async () => {
    const html = `<style>@page { size: 4px 2px; margin: 1px } @page :first { background: url(${BLUE_2x2}) 0 0 / 100% 100% no-repeat } body { margin: 0 } div { height: 1px }</style><div style="break-after: page"></div><div></div>`;
    await assertPixels(html, 'BBBB\nBBBB');
    await assertPixels(html, '____\n____', { page: 2 });
  });

  it('paints the @page background colour under its image', async () => {
    await assertPixels(`<style>@page { size: 4px 2px; margin: 0; background: red url(${BLUE_2x2}) 0 0 / 2px 2px no-repeat } body { margin: 0 }</style>`, 'BBRR\nBBRR');
  });

  it('paints the root element\'s background on every page', async () => {
    const html = '<style>@page { size: 3px 2px; margin: 0 } html { background: yellow } body { margin: 0 } div { height: 2px }</style><div></div><div></div>';
    await assertPixels(html, 'YYY\nYYY', { page: 2 });
  });

  it('paints a background only the body sets over the page area, not the margins (decision 0137)', async () => {
    await assertPixels('<style>@page { size: 5px 4px; margin: 1px } body { margin: 0; background: blue } div { height: 1px }</style><div></div>', `
      _____
      _BBB_
      _BBB_
      _____
    `);
  });

  it('paints the body\'s background over the page area of every page', async () => {
    const html = '<style>@page { size: 5px 4px; margin: 1px } body { margin: 0; background: blue } div { height: 2px; background: white }</style><div></div><div style="height: 1px"></div>';
    await assertPixels(html, '_____\n_____\n_BBB_\n_____', { page: 2 });
  });
});

describe('pixel snapping', () => {
  it('paints a block\'s background on its border box snapped to whole pixels, so abutting boxes share an edge (Chromium)', async () => {
    const spy = await paintHtml('<style>@page { size: 100px 100px; margin: 0 } body { margin: 0 } div { height: 10.4px; width: 20.3px; float: left; background: red }</style><div></div><div></div>');
    const rects = spy.callsOf('fillPath').map((c) => {
      const xs = c.args[0].flatMap((p) => ('x' in p ? [p.x] : []));
      const ys = c.args[0].flatMap((p) => ('y' in p ? [p.y] : []));
      return [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
    });
    expect(rects).toEqual([[0, 0, 20, 10], [20, 0, 41, 10]]);
  });
});

describe.skipIf(skipPixelTests())('the page area', () => {
  it('clips the document to the page area: a box pulled into the margins is cut at their edge (Chromium)', async () => {
    await assertPixels('<style>@page { size: 6px 5px; margin: 1px } body { margin: 0 } div { margin-left: -1px; height: 1px; background: blue } #t { position: relative; top: -2px; margin: 0 0 0 1px; width: 1px; height: 2px; background: red }</style><div></div><div id=t></div>', `
      ______
      _BRBB_
      ______
      ______
      ______
    `);
  });

  it('does not clip the margin boxes, which paint over the margins beside the root\'s background', async () => {
    await assertPixels('<style>@page { size: 6px 4px; margin: 1px; @top-left { content: ""; background: red } } html { background: yellow } body { margin: 0 }</style>', `
      _RRRR_
      _YYYY_
      _YYYY_
      ______
    `);
  });
});

describe.skipIf(skipPixelTests())('background-image', () => {
  it('draws an image once with no-repeat at a position', async () => {
    await assertPixels(div(`height: 4px; background: url("${BLUE_2x2}") no-repeat 1px 1px`, 6, 4), `
      ______
      _BB___
      _BB___
      ______
    `);
  });

  it('repeats along x with repeat-x', async () => {
    await assertPixels(div(`height: 4px; background: url("${BLUE_2x2}") repeat-x 0 1px`, 6, 4), `
      ______
      BBBBBB
      BBBBBB
      ______
    `);
  });

  it('repeats along y with repeat-y', async () => {
    await assertPixels(div(`height: 4px; background: url("${BLUE_2x2}") repeat-y 3px 0`, 6, 4), `
      ___BB_
      ___BB_
      ___BB_
      ___BB_
    `);
  });

  it('repeats in both directions by default, from the position outwards', async () => {
    await assertPixels(div(`height: 3px; background: url("${BLUE_2x2}") 1px 1px; background-size: 1px 1px; background-repeat: repeat`, 3, 3), `
      BBB
      BBB
      BBB
    `);
  });

  it('spaces whole tiles out to the edges with space', async () => {
    // Two 2px tiles fit in 5px; the 1px left over goes between them.
    await assertPixels(div(`height: 2px; background: url("${BLUE_2x2}") space`, 5, 2), `
      BB_BB
      BB_BB
    `);
  });

  it('scales the image to background-size', async () => {
    await assertPixels(div(`height: 4px; background: url("${BLUE_2x2}") no-repeat; background-size: 4px 3px`, 6, 4), `
      BBBB__
      BBBB__
      BBBB__
      ______
    `);
  });

  it('keeps the ratio when one background-size is auto', async () => {
    await assertPixels(div(`height: 4px; background: url("${BLUE_2x2}") no-repeat; background-size: 3px auto`, 6, 4), `
      BBB___
      BBB___
      BBB___
      ______
    `);
  });

  it('fits the image in the box with contain', async () => {
    await assertPixels(div(`height: 4px; background: url("${BLUE_2x2}") no-repeat; background-size: contain`, 6, 4), `
      BBBB__
      BBBB__
      BBBB__
      BBBB__
    `);
  });

  it('covers the box with cover, clipped to it', async () => {
    await assertPixels(div(`margin: 1px; height: 2px; background: url("${BLUE_2x2}") no-repeat; background-size: cover`, 6, 4), `
      ______
      _BBBB_
      _BBBB_
      ______
    `);
  });

  it.each([
    ['right bottom', ['______', '______', '____BB', '____BB']],
    ['center', ['______', '__BB__', '__BB__', '______']],
    ['100% 0%', ['____BB', '____BB', '______', '______']],
    ['right 1px bottom 1px', ['______', '___BB_', '___BB_', '______']],
    ['25% 50%', ['______', '_BB___', '_BB___', '______']],
  ])('positions the image at %s', async (position, expected) => {
    await assertPixels(div(`height: 4px; background: url("${BLUE_2x2}") no-repeat ${position}`, 6, 4), expected.join('\n'));
  });

  it('positions from the padding box by default and from the content box with background-origin', async () => {
    await assertPixels(pixelPage(6, 6, '', `
      <div style="width: 2px; height: 2px; padding: 1px; border: 1px solid transparent; background: url('${BLUE_2x2}') no-repeat; background-origin: content-box"></div>`), `
      ______
      ______
      __BB__
      __BB__
      ______
      ______
    `);
    await assertPixels(pixelPage(6, 6, '', `
      <div style="width: 2px; height: 2px; padding: 1px; border: 1px solid transparent; background: url('${BLUE_2x2}') no-repeat"></div>`), `
      ______
      _BB___
      _BB___
      ______
      ______
      ______
    `);
  });

  it('paints the first layer on top and the colour below all layers', async () => {
    await assertPixels(div(`height: 2px; background: url("${RED_2x2}") no-repeat, url("${BLUE_2x2}") no-repeat 1px 0, lime`, 5, 2), `
      RRBGG
      RRBGG
    `);
  });

  it('draws nothing for a missing image but still the colour', async () => {
    await assertPixels(div('height: 2px; background: yellow url("missing.png")', 3, 2), `
      YYY
      YYY
    `);
  });

  it('paints a linear gradient with hard stops', async () => {
    await assertPixels(div('height: 2px; background: linear-gradient(to right, red 50%, blue 50%)', 4, 2), `
      RRBB
      RRBB
    `);
  });
});

describe.skipIf(skipPixelTests())('opacity', () => {
  it('blends a half-transparent box with what is below', async () => {
    await assertPixels(div('margin: 1px; height: 2px; background: red; opacity: 0.5', 6, 4), `
      ______
      _pppp_
      _pppp_
      ______
    `);
  });

  // Opacity applies to the element as a whole (a PDF transparency group): the red child over
  // its half-transparent red parent is not darker than the parent.
  it('applies to the children as a group', async () => {
    await assertPixels(pixelPage(4, 2, '', '<div style="opacity: 0.5; background: red; height: 2px"><div style="width: 2px; height: 2px; background: red"></div></div>'), `
      pppp
      pppp
    `);
  });

  it('hides the box and its children with opacity: 0', async () => {
    await assertPixels(pixelPage(4, 2, '', '<div style="opacity: 0; background: red; height: 2px"><div style="height: 2px; background: blue"></div></div>'), `
      ____
      ____
    `);
  });

  it('blends a colour with alpha like opacity', async () => {
    await assertPixels(div('height: 1px; background: rgba(255, 0, 0, 0.5)', 2, 1), 'pp');
  });
});

describe.skipIf(skipPixelTests())('overflow clipping', () => {
  it('clips children to the padding box with overflow: hidden', async () => {
    await assertPixels(pixelPage(6, 4, '', '<div style="margin: 1px; width: 4px; height: 2px; overflow: hidden"><div style="width: 10px; height: 10px; margin: -3px; background: red"></div></div>'), `
      ______
      _RRRR_
      _RRRR_
      ______
    `);
  });

  it('lets children overflow with overflow: visible', async () => {
    await assertPixels(pixelPage(6, 4, '', '<div style="margin: 1px; width: 4px; height: 2px"><div style="width: 5px; height: 3px; background: red"></div></div>'), `
      ______
      _RRRRR
      _RRRRR
      _RRRRR
    `);
  });

  it('clips inside the border, with the border itself painted', async () => {
    await assertPixels(pixelPage(4, 4, '', '<div style="width: 2px; height: 2px; border: 1px solid blue; overflow: hidden"><div style="width: 9px; height: 9px; margin: -3px; background: red"></div></div>'), `
      BBBB
      BRRB
      BRRB
      BBBB
    `);
  });
});

describe.skipIf(skipPixelTests())('colours in every syntax', () => {
  it.each([
    ['red', 'R'], ['#f00', 'R'], ['#ff0000', 'R'], ['#f00f', 'R'], ['#FF0000FF', 'R'],
    ['rgb(255, 0, 0)', 'R'], ['rgb(255 0 0)', 'R'], ['rgba(255, 0, 0, 1)', 'R'], ['rgb(100% 0% 0%)', 'R'],
    ['hsl(0, 100%, 50%)', 'R'], ['hsl(0deg 100% 50% / 1)', 'R'], ['hsla(0, 100%, 50%, 1)', 'R'], ['hwb(0 0% 0%)', 'R'],
    ['lab(54.29 80.8 69.89)', 'R'], ['oklch(62.8% 0.2577 29.23)', 'R'], ['color(srgb 1 0 0)', 'R'],
    ['lime', 'G'], ['#00ff00', 'G'], ['hsl(120 100% 50%)', 'G'], ['green', 'g'], ['hsl(120 100% 25%)', 'g'],
    ['blue', 'B'], ['rgb(0 0 255)', 'B'], ['hsl(240, 100%, 50%)', 'B'],
    ['yellow', 'Y'], ['aqua', 'C'], ['fuchsia', 'M'], ['black', 'K'], ['gray', 'z'], ['silver', 's'], ['orange', 'o'],
    ['white', '_'], ['transparent', '_'], ['rgb(255 0 0 / 0)', '_'], ['#ff000080', 'p'], ['rgb(255 0 0 / 50%)', 'p'],
    // color-mix() as Tailwind 4's opacity modifiers and palette write it (`bg-red-500/50`).
    ['color-mix(in oklab, red 50%, transparent)', 'p'], ['color-mix(in srgb, red, red)', 'R'], ['color-mix(in oklch, blue 100%, red)', 'B'],
  ])('%s', async (color, letter) => {
    await assertPixels(div(`height: 1px; background: ${color}`, 2, 1), letter.repeat(2));
  });

  it('resolves currentcolor from the color property', async () => {
    await assertPixels(div('height: 1px; color: blue; background: currentcolor', 2, 1), 'BB');
  });

  it('paints a conic gradient clockwise from straight up: a pie chart of hard stops', async () => {
    await assertPixels(div('height: 4px; width: 4px; background: conic-gradient(red 0 25%, blue 25% 50%, lime 50% 75%, yellow 75%)', 4, 4), `
      YYRR
      YYRR
      GGBB
      GGBB
    `);
    // Turned by `from`, centred by `at`, in degrees.
    await assertPixels(div('height: 4px; width: 4px; background: conic-gradient(from 90deg at 50% 50%, red 0deg 180deg, blue 180deg)', 4, 4), `
      BBBB
      BBBB
      RRRR
      RRRR
    `);
  });

  it('paints a gradient written with a colour interpolation method, in sRGB as Chromium prints it', async () => {
    await assertPixels(div('height: 1px; background: linear-gradient(to right in oklab, red 50%, blue 50%)', 4, 1), 'RRBB');
  });
});

describe.skipIf(skipPixelTests())('text colour', () => {
  it('paints glyphs in the color property', async () => {
    // U+2588 FULL BLOCK (from DejaVu) inks most of its line.
    const red = await renderPixels(pixelPage(20, 24, 'p { margin: 0; font: 20px/24px Arimo; color: red }', '<p>\u2588</p>'), { width: 20, height: 24 });
    const letters = new Set(red.join(''));
    expect(letters.has('R')).toBe(true);
    expect([...letters].every((c) => 'R_p'.includes(c) || c === 's' || c === 'o')).toBe(true);
  });

  it('paints nothing for transparent or hidden text', async () => {
    for (const css of ['color: transparent', 'visibility: hidden']) {
      const px = await renderPixels(pixelPage(20, 24, `p { margin: 0; font: 20px/24px Arimo; ${css} }`, '<p>\u2588</p>'), { width: 20, height: 24 });
      expect(new Set(px.join(''))).toEqual(new Set(['_']));
    }
  });
});

describe('gradients as PDF shadings', () => {
  const shadingTypes = (pdf: Uint8Array): string[] => [...Buffer.from(pdf).toString('latin1').matchAll(/\/ShadingType (\d)/g)].map((m) => m[1]!);

  it('fills linear and radial gradients with one smooth shading each, not bands', async () => {
    const pdf = await renderPdf(`<!DOCTYPE html><style>div { width: 300px; height: 60px }</style>
      <div style="background: linear-gradient(90deg, red, blue)"></div><div style="background: linear-gradient(90deg, red, blue)"></div>
      <div style="background: radial-gradient(#fff, #333)"></div><div style="background: linear-gradient(to bottom, #fff 0%, #cde 50%, #036 100%)"></div>`);
    expect(shadingTypes(pdf).sort()).toEqual(['2', '2', '2', '3']);
  });

  it('unrolls a smooth repeating linear gradient into one shading over its whole line, and keeps rings for repeating radial ones', async () => {
    const pdf = await renderPdf(`<!DOCTYPE html><style>div { width: 300px; height: 60px }</style>
      <div style="background: repeating-linear-gradient(45deg, #eee, #ccc 10px, #eee 20px)"></div><div style="background: repeating-radial-gradient(circle, #333 0 5px, #fff 5px 10px)"></div>`);
    expect(shadingTypes(pdf)).toEqual(['2']);
  });

  it('draws a gradient of hard stops as solid stripes with their edges at the stops, repeating or not', async () => {
    const spy = await paintHtml(`<!DOCTYPE html><style>@page { margin: 0 } body { margin: 0 } div { width: 70px; height: 10px }</style>
      <div style="background: repeating-linear-gradient(90deg, #000 0 2px, #fff 2px 7px)"></div><div style="background: linear-gradient(90deg, red 0 50%, blue 50%)"></div>`);
    const black = spy.callsOf('fillPath').filter((c) => c.args[1].r === 0 && c.args[1].g === 0 && c.args[1].b === 0);
    expect(black).toHaveLength(10);
    const xs = (c: (typeof black)[number]) => c.args[0].filter((p): p is Extract<PathCommand, { x: number }> => 'x' in p).map((p) => p.x);
    // The second stripe: from 7px to 9px exactly.
    expect([Math.min(...xs(black[1])), Math.max(...xs(black[1]))].map((x) => Math.round(x * 1000) / 1000)).toEqual([7, 9]);
    const halves = spy.callsOf('fillPath').filter((c) => c.args[1].g === 0 && c.args[1].r + c.args[1].b === 255);
    expect(halves).toHaveLength(2);
  });


  it('fills stops of different opacity with a shading under a soft mask of their alphas', async () => {
    const pdf = await renderPdf(`<!DOCTYPE html><style>div { width: 300px; height: 60px }</style>
      <div style="background: linear-gradient(rgba(255,0,0,0), red)"></div><div style="background: radial-gradient(circle at 50% 120%, red, transparent)"></div>`);
    const text = Buffer.from(pdf).toString('latin1');
    expect(shadingTypes(pdf).sort()).toEqual(['2', '2', '3', '3']);
    expect(text.match(/\/S \/Luminosity/g)).toHaveLength(2);
    expect(text.match(/\/ColorSpace \/DeviceGray/g)).toHaveLength(2);
  });
});

describe.skipIf(skipPixelTests())('repeating linear gradients', () => {
  it('keeps 1px stripes of a repeating pattern, as Chromium prints them', async () => {
    // 2px black, 1px white, 1px black, 3px white, again: what sampling the gradient in 2px bands lost.
    await assertPixels(div('width: 14px; height: 2px; background: repeating-linear-gradient(90deg, #000 0 2px, #fff 2px 3px, #000 3px 4px, #fff 4px 7px)', 14, 2), `
      KK_K___KK_K___
      KK_K___KK_K___
    `);
  });
});

describe.skipIf(skipPixelTests())('radial gradient shape, size and position', () => {
  // A hard stop at the ending shape paints the shape red and the rest white.
  const shape = (prelude: string, w: number, h: number) => div(`width: ${w}px; height: ${h}px; background: radial-gradient(${prelude}, red 99.9%, white 100%)`, w, h);

  it('centres an ellipse through the corners by default (farthest-corner: radii √2 × the half sides)', async () => {
    await assertPixels(div('width: 8px; height: 4px; background: radial-gradient(red 70%, white 71%)', 8, 4), `
      _RRRRRR_
      RRRRRRRR
      RRRRRRRR
      _RRRRRR_
    `);
  });

  it('places a closest-side circle at the position given', async () => {
    await assertPixels(shape('circle closest-side at 2px 2px', 8, 4), `
      _RR_____
      RRRR____
      RRRR____
      _RR_____
    `);
  });

  it('sizes an ellipse in lengths and percentages', async () => {
    await assertPixels(shape('4px 1px at 50% 50%', 8, 4), `
      ________
      _RRRRRR_
      _RRRRRR_
      ________
    `);
    await assertPixels(shape('25% 50% at 0 0', 8, 4), `
      RR______
      R_______
      ________
      ________
    `);
  });

  it('takes farthest-side, closest-corner and the -webkit- syntax', async () => {
    await assertPixels(shape('circle farthest-side at 0 50%', 8, 4), `
      RRRRRRRR
      RRRRRRRR
      RRRRRRRR
      RRRRRRRR
    `);
    await assertPixels(div('width: 8px; height: 4px; background: radial-gradient(circle closest-corner at 1px 2px, red 99%, white 100%)', 8, 4), `
      RRR_____
      RRR_____
      RRR_____
      RRR_____
    `);
    await assertPixels(div('width: 8px; height: 4px; background: -webkit-radial-gradient(0 0, circle contain, red, red)', 8, 4), `
      RRRRRRRR
      RRRRRRRR
      RRRRRRRR
      RRRRRRRR
    `);
  });

  it('resolves em lengths in the ending shape and position', async () => {
    await assertPixels(div('font-size: 2px; width: 8px; height: 4px; background: radial-gradient(2em 1em at 2em 1em, red 99.9%, white 100%)', 8, 4), `
      _RRRRRR_
      RRRRRRRR
      RRRRRRRR
      _RRRRRR_
    `);
  });
});

describe('color-scheme: dark', () => {
  const fills = async (html: string): Promise<string[]> =>
    (await paintHtml(html)).calls.flatMap((c) => (c.method === 'fillPath' ? [`${c.args[1].r},${c.args[1].g},${c.args[1].b}`] : []));

  it('prints the page on Chromium\u2019s dark canvas, margins included, under light text', async () => {
    expect((await fills('<html style="color-scheme: dark; color: #ccc"><p>text</p></html>'))[0]).toBe('18,18,18');
    expect((await fills('<html style="color-scheme: light dark; color: #ccc"><p>text</p></html>'))).not.toContain('18,18,18');
    // Dark text stays readable on white: system colours do not follow the scheme.
    expect((await fills('<html style="color-scheme: dark"><p>text</p></html>'))).not.toContain('18,18,18');
  });
});
