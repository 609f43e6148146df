// Relative positioning: blocks, flex items, grid items, table cells and rows move by left/right and top/bottom once
// placed; percentages of the height refer to a definite containing block height, else are auto
// (positions measured against Chromium with ../shared/tools/reference-pdf.mjs).
import { describe, expect, it } from 'vitest';
import { findBox, findBoxes, layoutHtml } from '../../src/testing/render.js';

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

describe('position: relative on table cells and rows', () => {
  const table = (rows: string, css = ''): string => doc(`<style>table { border-spacing: 0 } td { padding: 0; height: 20px; width: 50px } ${css}</style><table>${rows}</table>`);

  it('moves a cell and leaves its row and its neighbours where they were', async () => {
    const pages = await layoutHtml(table('<tr id=r><td id=a>a</td><td id=b style="position: relative; left: 20px; top: 10px">b</td></tr><tr><td id=c>c</td><td>d</td></tr>'));
    expect(findBox(pages, '#b')).toMatchObject({ x: 70, y: 10 });
    expect(findBox(pages, '#a')).toMatchObject({ x: 0, y: 0 });
    expect(findBox(pages, '#c').y).toBe(20);
    expect(findBox(pages, '#r')).toMatchObject({ y: 0, height: 20 });
  });

  it('moves a row with its cells; a percentage top without a definite height does nothing', async () => {
    const pages = await layoutHtml(table('<tr><td>a</td></tr><tr id=r style="position: relative; left: 30px; top: 5px"><td id=b>b</td></tr><tr><td id=p style="position: relative; top: 50%">p</td></tr>'));
    expect(findBox(pages, '#r')).toMatchObject({ x: 30, y: 25 });
    expect(findBox(pages, '#b')).toMatchObject({ x: 30, y: 25 });
    expect(findBox(pages, '#p').y).toBe(40);
  });

  it('offsets a header cell repeated on every page once, and a split cell on both pages', async () => {
    const body = Array.from({ length: 30 }, (_, i) => `<tr><td>${i}</td></tr>`).join('');
    const pages = await layoutHtml(table(`<thead><tr><td class=h style="position: relative; left: 7px">H</td></tr></thead><tbody>${body}</tbody>`));
    expect(pages.length).toBeGreaterThan(1);
    const heads = findBoxes(pages, '.h');
    expect(heads.map((h) => [h.page, h.x, h.y])).toEqual(pages.map((_, i) => [i, 7, 0]));
    const split = await layoutHtml(table('<tr><td>a</td></tr><tr><td class=s style="position: relative; left: 5px"><div style="height: 700px"></div></td></tr>'));
    expect(findBoxes(split, '.s').map((s) => [s.page, s.x])).toEqual([[0, 5], [1, 5]]);
  });
});
