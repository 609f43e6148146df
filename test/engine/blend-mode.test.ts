// `mix-blend-mode` (CSS Compositing 1): the box and what it holds, as one group, blended with what
// is under it, as a PDF blend mode (a signature or stamp multiplied over the page, as in Chromium).
import { describe, expect, it } from 'vitest';
import { assertPixels, pixelPage, renderPdf, skipPixelTests } from '../../src/testing/render.js';

const page = (blend: string): string => pixelPage(4, 2, `div { width: 4px; height: 1px } .under { background: aqua } .over { background: yellow; margin-top: -1px; height: 2px; width: 2px; mix-blend-mode: ${blend} }`, '<div class="under"></div><div class="over"></div>');

describe.skipIf(skipPixelTests())('mix-blend-mode', () => {
  it('multiplies a box with what is under it', async () => {
    await assertPixels(page('multiply'), `
      GGCC
      YY__
    `);
  });

  it('paints over it with normal', async () => {
    await assertPixels(page('normal'), `
      YYCC
      YY__
    `);
  });
});

describe('mix-blend-mode in the PDF', () => {
  it('composites the group through an ExtGState with the PDF blend mode', async () => {
    const pdf = Buffer.from(await renderPdf(page('color-burn'))).toString('latin1');
    expect(pdf).toMatch(/\/BM \/ColorBurn/);
    expect(Buffer.from(await renderPdf(page('normal'))).toString('latin1')).not.toMatch(/\/BM/);
  });
});
