// Relative positioning: blocks, flex items and grid items move by left/right and top/bottom once
// placed; percentages of the height refer to a definite containing block height, else are auto
// (positions measured against Chromium with ../shared/tools/reference-pdf.mjs).
import { describe, expect, it } from 'vitest';
import { findBox, layoutHtml } from '../../src/testing/render.js';

const doc = (body: string): string => `<!doctype html><style>@page { size: 400px 400px; margin: 0 } body { margin: 0; font: 16px/20px Cousine }</style>${body}`;

describe('position: relative', () => {
  it('moves a block by a percentage of a definite containing block height', async () => {
    const pages = await layoutHtml(doc('<div style="height: 100px"><div id=r style="position: relative; top: 50%">x</div></div>'));
    expect(findBox(pages, '#r').y).toBe(50);
  });

  it('takes a percentage top as auto when the height is not definite: bottom applies instead', async () => {
    const pages = await layoutHtml(doc('<div><div id=r style="position: relative; top: 50%; bottom: 5px">x</div></div>'));
    expect(findBox(pages, '#r').y).toBe(-5);
  });

  it('moves flex items and grid items', async () => {
    const pages = await layoutHtml(doc(`<div style="display: flex"><div id=f style="position: relative; top: 10px; left: 20px">f</div></div>
      <div style="display: grid"><div id=g style="position: relative; top: 10px; right: 20px">g</div></div>`));
    expect(findBox(pages, '#f')).toMatchObject({ x: 20, y: 10 });
    expect(findBox(pages, '#g')).toMatchObject({ x: -20, y: 30 });
  });

  it('resolves a flex item\'s percentage top against the container\'s definite height', async () => {
    const pages = await layoutHtml(doc('<div style="display: flex; height: 100px"><div id=f style="position: relative; top: 50%">f</div></div>'));
    expect(findBox(pages, '#f').y).toBe(50);
  });
});
