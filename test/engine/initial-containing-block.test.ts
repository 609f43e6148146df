// The initial containing block of a printed page is Chromium's viewport: the space between the page
// margins rounded down to whole px, where the page area lines are laid out in is rounded up (decisions 0148, 0340).
import { describe, expect, it } from 'vitest';
import { findBox, layoutHtml } from '../../src/testing/render.js';

// The default paper (596 × 843pt, 794.671875 × 1124px) with 3cm margins (113.375px in layout units):
// the page area is ceil(567.92) × ceil(897.25) = 568 × 898 at (113, 113), the viewport 567 × 897.
const doc = (css: string, body: string): string =>
  `<!doctype html><html><head><style>@page { margin: 3cm } body { margin: 0 } div { position: absolute } ${css}</style></head><body>${body}</body></html>`;

describe('the initial containing block', () => {
  it('puts bottom: 0 and right: 0 where Chromium does: at the viewport’s edges, not the page area’s', async () => {
    // Chromium 156 prints the box at x 580–680, y 910–1010.
    const pages = await layoutHtml(doc('#a { bottom: 0; right: 0; width: 100px; height: 100px }', '<div id="a"></div>'));
    const a = findBox(pages, '#a');
    expect([a.x, a.y, a.x + a.width, a.y + a.height]).toEqual([580, 910, 680, 1010]);
  });

  it('resolves percentages against the viewport: width 100% is 567px, top 50% is 448.5px down', async () => {
    const pages = await layoutHtml(doc('#w { top: 50%; left: 0; width: 100%; height: 10px }', '<div id="w"></div>'));
    const w = findBox(pages, '#w');
    expect([w.width, w.y]).toEqual([567, 113 + 448.5]);
  });

  it('keeps the page area for the flow: the body is 568px wide', async () => {
    const pages = await layoutHtml(doc('', '<p>text</p>'));
    expect(findBox(pages, 'body').width).toBe(568);
  });
});
