// `filter`'s colour functions (Filter Effects 1): every colour a box and its descendants paint goes
// through their matrix, in sRGB as Chromium 156 prints them (its pixels for a red box, within 1).
import { describe, expect, it } from 'vitest';
import { filterColor } from '../../src/engine/css/values/color-matrix.js';
import { assertPixels, layoutHtml, findBox, pixelPage, renderPixels, skipPixelTests } from '../../src/testing/render.js';
import type { BoxFragment } from '../../src/engine/layout/fragments.js';

const RED = { r: 255, g: 0, b: 0, a: 1 };

async function matrixOf(filter: string): Promise<readonly number[] | null> {
  const pages = await layoutHtml(`<div id=d style="filter: ${filter}"></div>`);
  return (findBox(pages, '#d').fragment as BoxFragment).style.filter;
}

describe('filter colour matrices', () => {
  it.each([
    // Chromium 156's pixels for a red box under each filter.
    ['grayscale(1)', [54, 54, 54, 1]],
    ['grayscale(100%)', [54, 54, 54, 1]],
    ['sepia(1)', [100, 89, 69, 1]],
    ['invert(1)', [0, 255, 255, 1]],
    ['brightness(0.5)', [128, 0, 0, 1]],
    ['contrast(0.5)', [191, 64, 64, 1]],
    ['saturate(0.3)', [115, 38, 38, 1]],
    ['opacity(0.5)', [255, 0, 0, 0.5]],
    ['grayscale(1) invert(1)', [201, 201, 201, 1]],
    ['blur(2px) brightness(0.5)', [128, 0, 0, 1]],
  ])('%s', async (filter, expected) => {
    const matrix = await matrixOf(filter);
    expect(matrix).not.toBeNull();
    const c = filterColor(RED, matrix!);
    expect([c.r, c.g, c.b].every((v, i) => Math.abs(v - expected[i]!) <= 1)).toBe(true);
    expect(c.a).toBeCloseTo(expected[3]!, 2);
  });

  it('is none for none, and invalid with a url() or an unknown function', async () => {
    expect(await matrixOf('none')).toBeNull();
    expect(await matrixOf('url(#f)')).toBeNull();
    expect(await matrixOf('wobble(2)')).toBeNull();
  });
});

describe.skipIf(skipPixelTests())('filter painting', () => {
  it('changes the colours of the box and of what it holds', async () => {
    await assertPixels(pixelPage(4, 2, 'div { height: 1px; background: red; filter: invert(1) } span { display: block; height: 1px; background: blue }', '<div><span></span></div><div style="filter: opacity(0.5)"></div>'), `
      YYYY
      pppp
    `);
    await assertPixels(pixelPage(4, 1, 'div { height: 1px; background: red; filter: brightness(0) }', '<div></div>'), 'KKKK');
  });

  it('changes the colour of text', async () => {
    const rows = await renderPixels(pixelPage(20, 24, 'p { margin: 0; font: 20px/24px Arimo; color: blue; filter: invert(1) }', '<p>\u2588</p>'), { width: 20, height: 24 });
    expect(rows.join('')).toContain('Y');
    expect(rows.join('')).not.toContain('B');
  });
});
