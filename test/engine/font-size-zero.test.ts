// `font-size: 0`, the usual way to drop the spaces between inline blocks: the strut of a
// zero-sized font is zero tall, so lines are as tall as their inline blocks (as in Chromium).
import { describe, expect, it } from 'vitest';
import { findBox, layoutHtml, lineBoxes } from '../../src/testing/render.js';

const BLOCKS = '<span style="display: inline-block; width: 60px; height: 10px"></span> <span style="display: inline-block; width: 60px; height: 10px"></span>';

describe('font-size: 0', () => {
  it('a line of inline blocks is as tall as they are, and its spaces take no room', async () => {
    const pages = await layoutHtml(`<!doctype html><style>body { margin: 0 }</style><div id="row" style="font-size: 0">${BLOCKS}</div>`);
    expect(lineBoxes(pages).map((l) => l.height)).toEqual([10]);
    expect(findBox(pages, '#row').height).toBe(10);
  });

  it('with a line-height factor the strut is still zero tall', async () => {
    const pages = await layoutHtml(`<!doctype html><div style="font-size: 0; line-height: 1.5">${BLOCKS}</div>`);
    expect(lineBoxes(pages).map((l) => l.height)).toEqual([10]);
  });

  it('thirty flex rows nested under it lay out once each (a NaN line height made every level lay its items out twice)', async () => {
    const pages = await layoutHtml(`<!doctype html><div style="font-size: 0">${'<div style="display: flex">'.repeat(30)}<p id="p">${BLOCKS}</p>${'</div>'.repeat(30)}</div>`);
    expect(findBox(pages, '#p').height).toBe(10);
  });
});
