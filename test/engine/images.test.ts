// Images: PNG, JPEG and SVG with their intrinsic sizes, width/height, min/max, attributes,
// block-level images, alt text for missing images, and object-fit / object-position.
import { describe, expect, it } from 'vitest';
import { jpegWithOrientation, solidPng, TINY_JPEG, truncatedPng } from '../../src/testing/image-fixtures.js';
import { assertPixels, dataUri, findBox, findBoxes, fragmentsOfKind, layoutHtml, lineBoxes, paintHtml, pixelPage, skipPixelTests, textRuns } from '../../src/testing/render.js';

const page = (body: string, css = ''): string =>
  `<style>@page { size: 400px 600px; margin: 0 } body { margin: 0; font: 16px/20px Arimo } ${css}</style>${body}`;

const PNG_20x10 = dataUri(solidPng(20, 10, [0, 0, 255, 255]), 'image/png');
const JPEG_8x4 = dataUri(TINY_JPEG, 'image/jpeg');
const svg = (attrs: string): string => dataUri(`<svg xmlns="http://www.w3.org/2000/svg" ${attrs}><rect width="100%" height="100%" fill="red"/></svg>`, 'image/svg+xml');

const imgBox = async (img: string, css = ''): Promise<{ x: number; y: number; width: number; height: number }> => {
  const pages = await layoutHtml(page(`<div>${img}</div>`, css));
  const [image] = fragmentsOfKind(pages, 'replaced');
  return { x: image.x, y: image.y, width: image.width, height: image.height };
};

describe('intrinsic sizes', () => {
  it('sizes a PNG by its pixels (1 image px = 1 CSS px)', async () => {
    expect(await imgBox(`<img src="${PNG_20x10}">`)).toMatchObject({ width: 20, height: 10 });
  });

  it('sizes a JPEG by its pixels', async () => {
    expect(await imgBox(`<img src="${JPEG_8x4}">`)).toMatchObject({ width: 8, height: 4 });
  });

  it('swaps width and height of a JPEG rotated by its EXIF orientation', async () => {
    expect(await imgBox(`<img src="${dataUri(jpegWithOrientation(6), 'image/jpeg')}">`)).toMatchObject({ width: 4, height: 8 });
  });

  it('sizes an SVG by its width and height attributes', async () => {
    expect(await imgBox(`<img src="${svg('width="30" height="15"')}">`)).toMatchObject({ width: 30, height: 15 });
  });

  it('converts SVG units', async () => {
    expect(await imgBox(`<img src="${svg('width="1in" height="36pt"')}">`)).toMatchObject({ width: 96, height: 48 });
  });

  it('completes an SVG size from its viewBox ratio', async () => {
    expect(await imgBox(`<img src="${svg('width="40" viewBox="0 0 20 10"')}">`)).toMatchObject({ width: 40, height: 20 });
  });

  it('keeps an SVG\'s viewBox ratio when CSS sets one side', async () => {
    expect(await imgBox(`<img style="width:100px" src="${svg('viewBox="0 0 20 10"')}">`)).toMatchObject({ width: 100, height: 50 });
  });

  it('defaults an SVG without size or viewBox to 300×150', async () => {
    expect(await imgBox(`<img src="${svg('')}">`)).toMatchObject({ width: 300, height: 150 });
  });
});

describe('specified sizes', () => {
  it('keeps the ratio when only width is set', async () => {
    expect(await imgBox(`<img style="width:40px" src="${PNG_20x10}">`)).toMatchObject({ width: 40, height: 20 });
  });

  it('keeps the ratio when only height is set', async () => {
    expect(await imgBox(`<img style="height:30px" src="${PNG_20x10}">`)).toMatchObject({ width: 60, height: 30 });
  });

  it('stretches to both width and height', async () => {
    expect(await imgBox(`<img style="width:50px;height:5px" src="${PNG_20x10}">`)).toMatchObject({ width: 50, height: 5 });
  });

  it('takes width and height attributes as presentational hints', async () => {
    expect(await imgBox(`<img width=40 src="${PNG_20x10}">`)).toMatchObject({ width: 40, height: 20 });
    expect(await imgBox(`<img width=40 height=40 src="${PNG_20x10}">`)).toMatchObject({ width: 40, height: 40 });
  });

  it('lets CSS override the attributes', async () => {
    expect(await imgBox(`<img width=40 style="width:10px" src="${PNG_20x10}">`)).toMatchObject({ width: 10, height: 5 });
  });

  it('resolves a percentage width against the containing block', async () => {
    expect(await imgBox(`<img style="width:50%" src="${PNG_20x10}">`)).toMatchObject({ width: 200, height: 100 });
  });

  it('shrinks a wide image to max-width: 100%, keeping its ratio', async () => {
    const wide = dataUri(solidPng(800, 100), 'image/png');
    expect(await imgBox(`<img style="max-width:100%" src="${wide}">`)).toMatchObject({ width: 400, height: 50 });
  });

  it('grows an image to min-width, keeping its ratio', async () => {
    expect(await imgBox(`<img style="min-width:60px" src="${PNG_20x10}">`)).toMatchObject({ width: 60, height: 30 });
  });

  it('clamps by max-height, keeping its ratio', async () => {
    expect(await imgBox(`<img style="max-height:5px" src="${PNG_20x10}">`)).toMatchObject({ width: 10, height: 5 });
  });

  it('adds padding and borders around the content size', async () => {
    expect(await imgBox(`<img style="padding:2px;border:3px solid" src="${PNG_20x10}">`)).toMatchObject({ width: 30, height: 20 });
  });

  it('keeps padding and borders inside a border-box width', async () => {
    expect(await imgBox(`<img style="box-sizing:border-box;width:30px;padding:5px" src="${PNG_20x10}">`)).toMatchObject({ width: 30, height: 10 + 10 });
  });
});

describe('placement', () => {
  it('sits inline on the baseline and advances the text after it', async () => {
    const pages = await layoutHtml(page(`<div id=t>a<img src="${PNG_20x10}">b</div>`));
    const [image] = fragmentsOfKind(pages, 'replaced');
    const [line] = lineBoxes(pages, '#t');
    expect(image.y + image.height).toBeCloseTo(line.baseline, 5);
  });

  it('makes the line tall enough for a tall image', async () => {
    const tall = dataUri(solidPng(10, 60), 'image/png');
    const pages = await layoutHtml(page(`<div id=t>a<img src="${tall}"></div>`));
    expect(findBox(pages, '#t').height).toBeGreaterThan(60);
  });

  it('lays out a display: block image as a block, centred by auto margins', async () => {
    const pages = await layoutHtml(page(`<img id=i style="display:block;margin:10px auto" src="${PNG_20x10}"><div id=after>x</div>`));
    const image = findBox(pages, '#i');
    expect(image).toMatchObject({ x: 190, y: 10, width: 20, height: 10 });
    expect(findBox(pages, '#after').y).toBe(30);
  });

  it('moves a block image that does not fit to the next page', async () => {
    const tall = dataUri(solidPng(10, 400), 'image/png');
    const pages = await layoutHtml(page(`<div style="height:300px"></div><img id=i style="display:block" src="${tall}">`));
    expect(findBox(pages, '#i')).toMatchObject({ page: 1, y: 0 });
  });
});

describe('missing and broken images', () => {
  it('shows the alt text of a missing image after the broken-image icon, as Chromium does', async () => {
    const pages = await layoutHtml(page('<div id=t>a <img src="missing.png" alt="[logo]"> b</div>'));
    expect(textRuns(pages, '#t').map((r) => r.text).join('')).toBe('a [logo] b');
    const [icon] = fragmentsOfKind(pages, 'replaced');
    expect([icon.width, icon.height]).toEqual([16, 16]);
    expect(textRuns(pages, 'img')[0].x).toBeCloseTo(icon.x + 16, 3);
  });

  it('shows the 16px broken-image icon for a missing image without alt, and an empty box with alt=""', async () => {
    const pages = await layoutHtml(page('<div id=t>a<img id=i src="missing.png">b<img id=e src="missing.png" alt="">c</div>'));
    expect(lineBoxes(pages, '#t')[0].text).toBe('abc');
    expect([findBox(pages, '#i').width, findBox(pages, '#i').height]).toEqual([16, 16]);
    expect(findBoxes(pages, '#e').map((b) => [b.width, b.height])).toEqual([[0, 0]]);
  });

  it('keeps the size given to a missing image without alt, or one it cannot decode (a truncated GIF), as Chromium does', async () => {
    const gif = dataUri(Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIB', 'base64'), 'image/gif');
    const pages = await layoutHtml(page(`<div id=t>a<img id=m width=20 height=30 src="missing.png">b<img id=g style="width:24px;height:12px" src="${gif}">c</div>`));
    const missing = findBox(pages, '#m');
    const unsupported = findBox(pages, '#g');
    expect([missing.width, missing.height, unsupported.width, unsupported.height]).toEqual([20, 30, 24, 12]);
    // The box sits on the baseline like an image: the line is as tall as its 30px.
    expect(findBox(pages, '#t').height).toBeGreaterThanOrEqual(30);
    expect(lineBoxes(pages, '#t')[0].text).toBe('abc');
  });

  it('treats a corrupt PNG as missing', async () => {
    const pages = await layoutHtml(page(`<div id=t><img src="${dataUri(truncatedPng(10, 10), 'image/png')}" alt="x"></div>`));
    expect(textRuns(pages, '#t').map((r) => r.text).join('')).toBe('x');
  });

  it('treats bytes that are no image as missing', async () => {
    const pages = await layoutHtml(page(`<div id=t><img src="${dataUri('not an image', 'image/png')}" alt="x"></div>`));
    expect(textRuns(pages, '#t').map((r) => r.text).join('')).toBe('x');
  });
});

describe('object-fit and object-position', () => {
  /** The image() call for a 20×10 image in a 40×40 box at (0,0). */
  const drawn = async (css: string): Promise<{ x: number; y: number; width: number; height: number; clipped: boolean }> => {
    const spy = await paintHtml(page(`<img style="display:block;width:40px;height:40px;${css}" src="${PNG_20x10}">`));
    const [call] = spy.callsOf('image');
    const [, x, y, width, height] = call.args;
    // Clipped to the 40×40 content box before the image is drawn (img has overflow: clip in the UA sheet).
    const box = JSON.stringify([[0, 0], [40, 0], [40, 40], [0, 40]]);
    const clipped = spy.callsOf('clip').some((c) => JSON.stringify(c.args[0].filter((p) => p.op !== 'close').map((p) => [(p as { x: number }).x, (p as { y: number }).y])) === box);
    return { x, y, width, height, clipped };
  };

  it('fill stretches the image over the box', async () => {
    expect(await drawn('')).toMatchObject({ x: 0, y: 0, width: 40, height: 40 });
  });

  it('contain scales to fit and centres', async () => {
    expect(await drawn('object-fit:contain')).toMatchObject({ x: 0, y: 10, width: 40, height: 20 });
  });

  it('cover scales to cover, centres and clips', async () => {
    expect(await drawn('object-fit:cover')).toEqual({ x: -20, y: 0, width: 80, height: 40, clipped: true });
  });

  it('none keeps the intrinsic size, centred', async () => {
    expect(await drawn('object-fit:none')).toMatchObject({ x: 10, y: 15, width: 20, height: 10 });
  });

  it('scale-down never enlarges', async () => {
    expect(await drawn('object-fit:scale-down')).toMatchObject({ x: 10, y: 15, width: 20, height: 10 });
  });

  it('object-position moves the image in its box', async () => {
    expect(await drawn('object-fit:contain;object-position:left top')).toMatchObject({ x: 0, y: 0 });
    expect(await drawn('object-fit:none;object-position:right bottom')).toMatchObject({ x: 20, y: 30 });
    expect(await drawn('object-fit:none;object-position:5px 7px')).toMatchObject({ x: 5, y: 7 });
  });

  it('draws the image inside padding and border', async () => {
    const spy = await paintHtml(page(`<img style="display:block;padding:4px;border:6px solid" src="${PNG_20x10}">`));
    const [call] = spy.callsOf('image');
    expect(call.args.slice(1)).toEqual([10, 10, 20, 10]);
  });

  it('draws a block image once, through its replaced fragment', async () => {
    const pages = await layoutHtml(page(`<img id=i style="display:block" src="${PNG_20x10}">`));
    expect(findBoxes(pages, '#i')).toHaveLength(1);
    const spy = await paintHtml(page(`<img id=i style="display:block" src="${PNG_20x10}">`));
    expect(spy.callsOf('image')).toHaveLength(1);
  });
});

describe.skipIf(skipPixelTests())('images in pixels', () => {
  it('draws a PNG at its place and size', async () => {
    const png = dataUri(solidPng(3, 2, [0, 0, 255, 255]), 'image/png');
    await assertPixels(pixelPage(5, 4, '', `<img style="display:block;margin:1px" src="${png}">`), `
      _____
      _BBB_
      _BBB_
      _____
    `);
  });

  it('scales a PNG to its box', async () => {
    const png = dataUri(solidPng(1, 1, [255, 0, 0, 255]), 'image/png');
    await assertPixels(pixelPage(4, 3, '', `<img style="display:block;width:4px;height:2px" src="${png}">`), `
      RRRR
      RRRR
      ____
    `);
  });

  it('composites a PNG with alpha over the background', async () => {
    const png = dataUri(solidPng(2, 1, [255, 0, 0, 128]), 'image/png');
    await assertPixels(pixelPage(2, 1, '', `<img style="display:block" src="${png}">`), 'pp');
  });

  it('draws a JPEG (left half red, right half blue)', async () => {
    await assertPixels(pixelPage(8, 4, '', `<img style="display:block" src="${JPEG_8x4}">`), `
      RRR..BBB
      RRR..BBB
      RRR..BBB
      RRR..BBB
    `);
  });

  it('draws an SVG', async () => {
    await assertPixels(pixelPage(4, 2, '', `<img style="display:block" src="${svg('width="3" height="2"')}">`), `
      RRR_
      RRR_
    `);
  });

  it('scales an SVG to the size CSS gives it, with or without a viewBox (as Chromium)', async () => {
    const square = (attrs: string): string => dataUri(`<svg xmlns="http://www.w3.org/2000/svg" ${attrs}><rect width="1" height="1" fill="blue"/></svg>`, 'image/svg+xml');
    await assertPixels(pixelPage(6, 2, '', `<img style="display:block;width:4px;height:2px" src="${square('width="1" height="1" viewBox="0 0 1 1"')}">`), `
      _BB___
      _BB___
    `);
    await assertPixels(pixelPage(4, 4, '', `<img style="display:block;width:4px;height:4px" src="${square('width="2" height="2"')}">`), `
      BB__
      BB__
      ____
      ____
    `);
    // Without a viewBox, a box of another shape stretches the drawing (with one, it is fitted and centred).
    await assertPixels(pixelPage(4, 2, '', `<img style="display:block;width:4px;height:2px" src="${square('width="2" height="2"')}">`), `
      BB__
      ____
    `);
  });

  // CSS Backgrounds 3 §5.3: a replaced element's content is clipped to the curve (round avatars).
  it('clips an image to its border-radius', async () => {
    const png = dataUri(solidPng(10, 10, [255, 0, 0, 255]), 'image/png');
    await assertPixels(pixelPage(10, 10, '', `<img style="display:block;border-radius:50%" src="${png}">`), `
      __.RRRR.__
      _.RRRRRR._
      .RRRRRRRR.
      .RRRRRRRR.
      RRRRRRRRRR
      RRRRRRRRRR
      .RRRRRRRR.
      .RRRRRRRR.
      _.RRRRRR._
      __..RR..__
    `);
  });
});
