// Glyphs advance at their font size cut to 1/64 px, as Chromium's Skia sizes FreeType faces in 26.6
// fixed point (decision 0347): 50 Liberation Mono x's and a space at 13.6px are 416.04px, not 416.23.
import { describe, expect, it } from 'vitest';
import { findBox, layoutHtml, paintHtml } from '../../src/testing/render.js';

// Where Chromium 156 prints the word after 50 x's and a space, px from the page's left edge (pdftotext -bbox).
const CHROMIUM_X: ReadonlyArray<readonly [number, number]> = [[13.6, 491.0364], [10.5, 396.3523], [9.1, 353.3140], [15.7, 555.1156], [14.2, 509.2081]];

const doc = (size: number): string =>
  `<!doctype html><html><head><style>@page { margin: 75px } body { margin: 0 } p { margin: 0; font: ${size}px 'Liberation Mono'; white-space: nowrap }</style></head>` +
  `<body><p>${'x'.repeat(50)} <span id="after">Y</span></p></body></html>`;

describe('glyph advances at fractional font sizes', () => {
  it.each(CHROMIUM_X)('at %spx put the next word where Chromium does', async (size, x) => {
    const pages = await layoutHtml(doc(size));
    expect(findBox(pages, 'span#after').x).toBeCloseTo(x, 2);
  });

  it('are painted as runs of the font size, which the PDF advances at cut to 1/64 px (src/engine/pdf/text.test.ts)', async () => {
    for (const [size] of CHROMIUM_X) {
      const runs = (await paintHtml(doc(size))).callsOf('text').map(({ args: [run] }) => run.size);
      expect(new Set(runs)).toEqual(new Set([size]));
    }
  });
});
