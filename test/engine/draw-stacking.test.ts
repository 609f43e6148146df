// Pixel tests: painting order (CSS 2.1 Appendix E): stacking contexts from z-index, opacity and
// transforms; negative z-index below the flow, blocks, floats, inline content, positioned boxes, positive z-index.
import { describe, it } from 'vitest';
import { solidPng } from '../../src/testing/image-fixtures.js';
import { assertPixels, dataUri, pixelPage, skipPixelTests } from '../../src/testing/render.js';

const RED_2x2 = dataUri(solidPng(2, 2, [255, 0, 0, 255]), 'image/png');

const ABS = 'position: absolute; top: 0';

describe.skipIf(skipPixelTests())('z-index', () => {
  it('paints a negative z-index box below the blocks of the flow, above the page background', async () => {
    await assertPixels(pixelPage(4, 2, 'html { background: lime } div { height: 2px }',
      `<div style="${ABS}; left: 0; width: 4px; background: red; z-index: -1"></div><div style="width: 2px; background: blue"></div>`), `
      BBRR
      BBRR
    `);
  });

  it('keeps a fixed watermark with z-index: -1 behind the content on every page', async () => {
    const html = pixelPage(4, 2, 'div.p { height: 1px; width: 2px; background: blue; break-after: page }',
      `<div style="position: fixed; left: 0; top: 0; width: 4px; height: 2px; background: silver; z-index: -1"></div><div class="p"></div><div class="p"></div>`);
    await assertPixels(html, 'BBss\nssss');
    await assertPixels(html, 'BBss\nssss', { page: 2 });
  });

  it('paints a stamp with z-index: 10 over a table with cell backgrounds that comes after it', async () => {
    await assertPixels(pixelPage(6, 3, 'table { border-spacing: 0 } td { padding: 0; width: 3px; height: 3px; background: lime }',
      `<div style="${ABS}; left: 2px; top: 1px; width: 2px; height: 1px; background: red; z-index: 10"></div><table><tr><td></td><td></td></tr></table>`), `
      GGGGGG
      GGRRGG
      GGGGGG
    `);
  });

  it('orders positive z-index by value, then by tree order', async () => {
    await assertPixels(pixelPage(4, 1, 'div { position: absolute; top: 0; height: 1px }',
      '<div style="left: 0; width: 3px; background: red; z-index: 2"></div><div style="left: 1px; width: 3px; background: blue; z-index: 1"></div>'), 'RRRB');
    await assertPixels(pixelPage(4, 1, 'div { position: absolute; top: 0; height: 1px; z-index: 1 }',
      '<div style="left: 0; width: 3px; background: red"></div><div style="left: 1px; width: 3px; background: blue"></div>'), 'RBBB');
  });

  it('paints positioned boxes with z-index auto in tree order, whatever box holds them', async () => {
    // The absolute box comes first in the document: the relative one after it paints over it.
    await assertPixels(pixelPage(4, 1, '',
      '<div style="position: relative; height: 1px"><div style="position: absolute; left: 0; top: 0; width: 3px; height: 1px; background: red"></div><div style="position: relative; margin-left: 1px; width: 3px; height: 1px; background: blue"></div></div>'), 'RBBB');
  });

  it('paints a relatively positioned block over the in-flow blocks after it', async () => {
    await assertPixels(pixelPage(4, 3, 'div { height: 2px }',
      '<div style="position: relative; background: red"></div><div style="margin-top: -1px; background: blue"></div>'), `
      RRRR
      RRRR
      BBBB
    `);
  });

  it('paints floats over the backgrounds of the blocks around them', async () => {
    await assertPixels(pixelPage(4, 2, '',
      '<div style="float: left; width: 2px; height: 2px; background: red"></div><div style="height: 2px; background: blue"></div>'), `
      RRBB
      RRBB
    `);
  });

  it('ignores z-index on a box that is not positioned, and honours it on flex items', async () => {
    await assertPixels(pixelPage(4, 3, 'div div { height: 2px }',
      '<div><div style="z-index: 5; background: red"></div><div style="margin-top: -1px; background: blue"></div></div>'), `
      RRRR
      BBBB
      BBBB
    `);
    await assertPixels(pixelPage(4, 1, '.f { display: flex } .f div { width: 3px; height: 1px }',
      '<div class="f"><div style="background: red; z-index: 1"></div><div style="background: blue; margin-left: -2px"></div></div>'), 'RRRB');
  });
});

describe.skipIf(skipPixelTests())('stacking contexts', () => {
  it('paints a negative z-index child of a transformed box above that box\'s background', async () => {
    await assertPixels(pixelPage(4, 2, '',
      '<div style="height: 2px; background: red; transform: translate(0)"><div style="position: absolute; left: 0; top: 0; width: 2px; height: 2px; background: blue; z-index: -1"></div></div>'), `
      BBRR
      BBRR
    `);
  });

  it('keeps a positive z-index child inside its parent\'s context, below a later sibling of the parent', async () => {
    await assertPixels(pixelPage(4, 1, 'div { position: absolute; top: 0; height: 1px }',
      '<div style="left: 0; width: 1px; z-index: 1"><div style="left: 0; width: 3px; background: red; z-index: 100"></div></div><div style="left: 1px; width: 3px; background: blue; z-index: 2"></div>'), 'RBBB');
  });

  it('composites an element with opacity as one group: overlapping children do not darken', async () => {
    await assertPixels(pixelPage(4, 2, '',
      '<div style="opacity: 0.5; height: 2px; background: red"><div style="height: 1px; width: 2px; background: red"></div></div>'), `
      pppp
      pppp
    `);
  });

  it('applies an image\'s opacity once, and stacks a positioned image by its z-index', async () => {
    await assertPixels(pixelPage(4, 2, '', `<img src="${RED_2x2}" style="display: block; width: 4px; height: 2px; opacity: 0.5">`), `
      pppp
      pppp
    `);
    await assertPixels(pixelPage(4, 1, '', `<img src="${RED_2x2}" style="position: absolute; left: 0; top: 0; width: 2px; height: 1px; z-index: -1"><div style="height: 1px; width: 1px; background: blue"></div>`), 'BR__');
  });

  it('paints an element with opacity over the flow after it, as a stacking context', async () => {
    await assertPixels(pixelPage(4, 2, 'div { height: 1px }',
      '<div style="opacity: 0.9; background: blue"></div><div style="margin-top: -1px; background: red"></div><div></div>'), `
      BBBB
      ____
    `);
  });

  it('clips content painted in later phases to the overflow of the box holding it', async () => {
    // The inline-block is painted after all block backgrounds, still inside the clip of its container.
    await assertPixels(pixelPage(5, 2, '',
      '<div style="overflow: hidden; width: 3px; height: 2px; font-size: 0"><span style="display: inline-block; vertical-align: top; width: 5px; height: 2px; background: red"></span></div>'), `
      RRR__
      RRR__
    `);
  });
});
