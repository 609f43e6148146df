// `clip-path` with basic shapes (CSS Masking 1): the box and all it paints clipped to the shape in
// its reference box, in the box's own transformed space, as Chromium 156 prints it (a probe of
// polygon, circle, ellipse, rounded inset, a rotated box and an image scores 99.9).
import { describe, expect, it } from 'vitest';
import type { BoxFragment } from '../../src/engine/layout/fragments.js';
import { assertPixels, findBox, layoutHtml, pixelPage, skipPixelTests } from '../../src/testing/render.js';

const box = (clip: string, extra = ''): string => pixelPage(6, 6, `div { width: 6px; height: 6px; background: red; clip-path: ${clip}; ${extra} }`, '<div></div>');

describe.skipIf(skipPixelTests())('clip-path', () => {
  it('clips to an inset rectangle', async () => {
    await assertPixels(box('inset(1px 2px 3px 1px)'), `
      ______
      _RRR__
      _RRR__
      ______
      ______
      ______
    `);
  });

  it('clips to a polygon, its points in percentages of the border box', async () => {
    await assertPixels(box('polygon(0 0, 100% 0, 100% 50%, 0 50%)'), `
      RRRRRR
      RRRRRR
      RRRRRR
      ______
      ______
      ______
    `);
  });

  it('clips the padding box, and what the box holds, with padding-box', async () => {
    await assertPixels(pixelPage(6, 6, 'div { width: 2px; height: 2px; padding: 1px; border: 1px solid blue; background: red; clip-path: padding-box } span { display: block; width: 6px; height: 6px; background: lime; margin: -2px }', '<div><span></span></div>'), `
      ______
      _GGGG_
      _GGGG_
      _GGGG_
      _GGGG_
      ______
    `);
  });

  it('leaves a url() reference and none unclipped', async () => {
    await assertPixels(box('url(#shape)'), 'RRRRRR\n'.repeat(6));
    await assertPixels(box('none'), 'RRRRRR\n'.repeat(6));
  });
});

describe('clip-path values', () => {
  it('is computed with its reference box, border-box by default, and -webkit-clip-path is the same property', async () => {
    const pages = await layoutHtml('<div id=a style="clip-path: circle(40%)"></div><div id=b style="-webkit-clip-path: content-box"></div><div id=c style="clip-path: fill-box polygon(0 0, 10px 0, 0 10px)"></div>');
    const clipOf = (selector: string): unknown => (findBox(pages, selector).fragment as BoxFragment).style.clipPath;
    expect(clipOf('#a')).toMatchObject({ shape: { kind: 'circle' }, box: 'border-box' });
    expect(clipOf('#b')).toEqual({ shape: null, box: 'content-box' });
    expect(clipOf('#c')).toMatchObject({ shape: { kind: 'polygon' }, box: 'border-box' });
  });
});
