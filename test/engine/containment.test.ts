// CSS Containment: `contain`, `content-visibility` and `container-type` make a box an independent
// formatting context and the containing block of positioned descendants, and paint containment
// clips (decision 0458). Positions are Chromium 156's, probed with reference-pdf.mjs.
import { describe, expect, it } from 'vitest';
import type { BoxFragment } from '../../src/engine/layout/fragments.js';
import { CONTAIN_INLINE_SIZE, CONTAIN_LAYOUT, CONTAIN_PAINT, CONTAIN_SIZE, CONTAIN_STYLE } from '../../src/engine/css/values/containment.js';
import { findBox, layoutHtml } from '../../src/testing/render.js';

const page = (body: string): string =>
  `<style>@page { size: 400px 600px; margin: 0 } body { margin: 0; font: 16px/20px Arimo } .b { margin: 10px 0 } p { margin: 20px 0 }</style>${body}`;

describe('contain and content-visibility', () => {
  it('parses the keywords and their combinations, rejecting repeats and size with inline-size', async () => {
    const contain = async (css: string) => ((findBox(await layoutHtml(page(`<div id=x style="contain: style; ${css}">x</div>`)), '#x').fragment as BoxFragment).style.contain);
    // An invalid value leaves the `contain: style` before it.
    expect(await contain('contain: none')).toBe(0);
    expect(await contain('contain: strict')).toBe(CONTAIN_SIZE | CONTAIN_LAYOUT | CONTAIN_STYLE | CONTAIN_PAINT);
    expect(await contain('contain: content')).toBe(CONTAIN_LAYOUT | CONTAIN_STYLE | CONTAIN_PAINT);
    expect(await contain('contain: paint layout')).toBe(CONTAIN_LAYOUT | CONTAIN_PAINT);
    expect(await contain('contain: layout layout')).toBe(CONTAIN_STYLE);
    expect(await contain('contain: size inline-size')).toBe(CONTAIN_STYLE);
    expect(await contain('contain: strict paint')).toBe(CONTAIN_STYLE);
    expect(await contain('contain: none; content-visibility: auto')).toBe(CONTAIN_LAYOUT | CONTAIN_STYLE | CONTAIN_PAINT);
    expect(await contain('contain: none; container-type: inline-size')).toBe(CONTAIN_INLINE_SIZE | CONTAIN_LAYOUT | CONTAIN_STYLE);
  });

  it('keeps a child\u2019s margins inside a box with layout or paint containment (Node.js docs\u2019 content-visibility: auto sections)', async () => {
    for (const contain of ['contain: layout', 'contain: paint', 'contain: content', 'content-visibility: auto', 'container-type: inline-size']) {
      const pages = await layoutHtml(page(`<div class=b id=box style="${contain}"><p id=p>text</p></div>`));
      // The box starts at its own 10px margin, the paragraph 20px inside it.
      expect([contain, findBox(pages, '#box').y, findBox(pages, '#p').y]).toEqual([contain, 10, 30]);
    }
    // Style containment alone, and no containment, let the margins collapse through.
    for (const contain of ['contain: style', '']) {
      const pages = await layoutHtml(page(`<div class=b id=box style="${contain}"><p id=p>text</p></div>`));
      expect([contain, findBox(pages, '#box').y, findBox(pages, '#p').y]).toEqual([contain, 20, 20]);
    }
  });

  it('is the containing block of absolutely positioned descendants', async () => {
    const pages = await layoutHtml(page('<div style="contain: layout; margin: 50px 0 0 100px; height: 50px"><span id=a style="position: absolute; left: 10px; top: 10px">a</span></div>'));
    expect([findBox(pages, '#a').x, findBox(pages, '#a').y]).toEqual([110, 60]);
  });

  it('clips the content to the padding box with paint containment', async () => {
    const pages = await layoutHtml(page('<div id=box style="contain: paint; height: 30px"><div style="width: 900px; height: 60px"></div></div>'));
    expect((findBox(pages, '#box').fragment as BoxFragment).style.overflow).toBe('clip');
  });
});
