// A line height that is not `normal` is in layout units (1/64 px), a length rounded and a number
// truncated, as Blink computes it (decisions 0341, 0395): lines keep Chromium's pitch down a page instead of drifting from it.
import { describe, expect, it } from 'vitest';
import { findBox, layoutHtml } from '../../src/testing/render.js';

const doc = (css: string): string =>
  `<!doctype html><html><head><style>body { margin: 0; font-family: "Liberation Sans" } div { width: 200px } ${css}</style></head><body><div id="t">one<br>two<br>three</div></body></html>`;

/** Three lines' height, as Chromium 156 lays them out (getBoundingClientRect in print media). */
const CHROMIUM: readonly [string, number][] = [
  ['font-size: 7pt; line-height: 1.3', 36.375], // 3 × 12.125, not 3 × 12.1333
  ['font-size: 10pt; line-height: 150%', 60],
  ['font-size: 12px; line-height: 12.3px', 36.890625], // 3 × 12.296875
  ['font-size: 9.1px; line-height: 1.7', 46.359375], // the font size in layout units first: 9.09375 × 1.7
  ['font-size: 16px; line-height: 1.5', 72],
  ['font-size: 17.6px; line-height: 1.15', 60.65625], // 3 × 20.21875, not 3 × 20.24
  // A length is rounded to the nearest layout unit, not truncated (Sphinx's `pre { font-size: 0.9em; line-height: 1.3em }`).
  ['font-size: 15px; line-height: 19.89px', 59.671875], // 3 × 19.890625 (1272.96 / 64 rounded)
  ['font-size: 15.3px; line-height: 1.3em', 59.671875], // 19.89px, rounded
  ['font-size: 15.3px; line-height: 130%', 59.671875],
  ['font-size: 15.3px; line-height: 1.3', 59.625], // a number: 15.296875 × 1.3 truncated to 19.875
  ['font-size: 10px; line-height: 12.995px', 39], // 3 × 13
  ['font-size: 10px; line-height: 12.51px', 37.546875], // 3 × 12.515625
  // A number multiplies the font size rounded to layout units (14.671875), not truncated (14.65625).
  ['font-size: 11pt; line-height: 1.6', 70.40625], // 3 × 23.46875
];

describe('line heights in layout units', () => {
  it.each(CHROMIUM)('%s: three lines are as tall as in Chromium', async (css, height) => {
    const pages = await layoutHtml(doc(`#t { ${css} }`));
    expect(findBox(pages, '#t').height).toBe(height);
  });

  it('keeps lines on Chromium’s pitch far down a page: the 60th line starts at 60 × 12.125px', async () => {
    const lines = Array.from({ length: 61 }, (_, i) => `line ${i}`).join('<br>');
    const html = `<!doctype html><html><head><style>@page { size: 400px 1000px; margin: 0 } body { margin: 0; font: 7pt/1.3 "Liberation Sans" }</style></head><body><div id="t">${lines}</div><div id="after">x</div></body></html>`;
    const pages = await layoutHtml(html);
    expect(findBox(pages, '#after').y).toBe(61 * 12.125);
  });
});
