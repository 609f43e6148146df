// Outlines (CSS UI 4 §5): drawn outline-offset outside the border box, over everything else in the
// stacking context, taking no room in the layout (measured in Chromium: a 4px outline sits 4px
// outside a 40 × 20 box, outline-offset moves it out or in, double and dashed styles as borders).
import { describe, it } from 'vitest';
import { assertPixels, pixelPage, skipPixelTests } from '../../src/testing/render.js';

describe.skipIf(skipPixelTests())('outline', () => {
  it('draws outside the border box and takes no room', async () => {
    await assertPixels(pixelPage(6, 6, '', '<div style="margin: 2px; width: 2px; height: 2px; background: blue; outline: 1px solid red"></div>'), `
      ______
      _RRRR_
      _RBBR_
      _RBBR_
      _RRRR_
      ______
    `);
  });

  it('moves out by a positive outline-offset and in by a negative one', async () => {
    await assertPixels(pixelPage(8, 8, '', '<div style="margin: 3px; width: 2px; height: 2px; background: blue; outline: 1px solid red; outline-offset: 1px"></div>'), `
      ________
      _RRRRRR_
      _R____R_
      _R_BB_R_
      _R_BB_R_
      _R____R_
      _RRRRRR_
      ________
    `);
    await assertPixels(pixelPage(4, 4, '', '<div style="width: 4px; height: 4px; background: blue; outline: 1px solid red; outline-offset: -2px"></div>'), `
      BBBB
      BRRB
      BRRB
      BBBB
    `);
  });

  it('is painted over the backgrounds of the boxes after it', async () => {
    await assertPixels(pixelPage(4, 5, '', '<div style="margin: 1px; width: 2px; height: 1px; outline: 1px solid red"></div><div style="height: 2px; margin-top: -1px; background: blue"></div>'), `
      RRRR
      R__R
      RRRR
      BBBB
      ____
    `);
  });

  it('takes the shorthand in any order, and nothing for none or a zero width', async () => {
    await assertPixels(pixelPage(4, 4, '', '<div style="margin: 1px; width: 2px; height: 2px; outline: red 1px solid"></div>'), `
      RRRR
      R__R
      R__R
      RRRR
    `);
    await assertPixels(pixelPage(4, 4, '', '<div style="margin: 1px; width: 2px; height: 2px; outline: 1px none red"></div><div style="outline: 0 solid red; height: 1px"></div>'), `
      ____
      ____
      ____
      ____
    `);
  });

  it('uses the text colour unless outline-color says otherwise, and draws auto as solid', async () => {
    await assertPixels(pixelPage(4, 4, '', '<div style="margin: 1px; width: 2px; height: 2px; color: lime; outline: 1px auto"></div>'), `
      GGGG
      G__G
      G__G
      GGGG
    `);
  });
});
