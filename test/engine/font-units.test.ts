// ex, ch and cap from the font's own metrics (x-height, the advance of "0", cap height), as
// Chromium resolves them, not as fixed fractions of the em.
import { describe, expect, it } from 'vitest';
import { findBox, layoutHtml } from '../../src/testing/render.js';

const widthOf = async (css: string): Promise<number> => findBox(await layoutHtml(`<!doctype html><style>body { margin: 0 }</style><div id=d style="${css}; height: 1px"></div>`), '#d').width;

describe('font-relative units', () => {
  it.each([
    // [family, unit, Chromium's px per unit at the size]
    ['sans-serif', 'ex', 8.45],
    ['sans-serif', 'ch', 8.9],
    ['serif', 'ex', 7.35],
    ['serif', 'ch', 8.0],
    ['monospace', 'ch', 7.825],
  ])('%s: 1%s as Chromium measures it', async (family, unit, px) => {
    expect((await widthOf(`font-family: ${family}; width: 40${unit}`)) / 40).toBeCloseTo(px, 1);
  });

  it('ex in font-size is the parent font\'s', async () => {
    const pages = await layoutHtml('<!doctype html><style>body { margin: 0; font: 16px serif }</style><div id=d style="font-family: sans-serif; font-size: 2ex; width: 10em; height: 1px"></div>');
    // 2ex of 16px serif = 14.7px; the div is 10em of that.
    expect(findBox(pages, '#d').width / 10).toBeCloseTo(14.7, 0);
  });
});
