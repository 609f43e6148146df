// Row subgrids (`grid-template-rows: subgrid`, issue 28): the figures are the geometry Chromium prints
// of test/fidelity/features/subgrid-rows.html and of the documents below (its words sit 1.33px
// below these line tops at 14px/18px Arimo, 0.42px at 15px).
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findBox, findBoxes, layoutHtml, type FoundBox } from '../../src/testing/render.js';

const golden = readFileSync(new URL('../fidelity/features/subgrid-rows.html', import.meta.url), 'utf8');
const edges = (b: FoundBox): [number, number] => [b.y, b.y + b.height];

describe('row subgrids', () => {
  it("lines up cards' headers, bodies and footers on the parent's rows, the card's border and padding on its first and last rows", async () => {
    const pages = await layoutHtml(golden);
    // Row 1 from the two-line header, row 2 from the five-line body, row 3 from the two-line footer.
    for (const n of [1, 2, 3]) expect(edges(findBox(pages, `#h${n}`))).toEqual([52, 88]);
    for (const n of [1, 2, 3]) expect(edges(findBox(pages, `#p${n}`))).toEqual([94, 184]);
    expect(edges(findBox(pages, '#f3'))).toEqual([190, 226]);
    // align-self: end in the footer row.
    expect(edges(findBox(pages, '#f1'))).toEqual([208, 226]);
    expect(edges(findBox(pages, '#c1'))).toEqual([44, 234]);
    // The second row of cards sizes its own three rows.
    expect(findBox(pages, '#c4').y).toBe(240);
    expect([findBox(pages, '#h5').y, findBox(pages, '#p5').y, findBox(pages, '#f5').y]).toEqual([248, 272, 350]);
  });

  it('subgrids both axes: its items size the auto column and the rows they lie on', async () => {
    const pages = await layoutHtml(golden);
    // The auto column holds "Three" (36.57px) and the subgrid's 1px border and 4px padding.
    expect(findBox(pages, '#s2').x).toBeCloseTo(171.57, 1);
    expect([findBox(pages, '#s1').y, findBox(pages, '#s3').y]).toEqual([421, 447]);
    expect(edges(findBox(pages, '#sub'))).toEqual([416, 470]);
    expect(findBox(pages, '#tail').y).toBe(478);
    expect(findBox(pages, '#side').height).toBe(80);
  });

  it("centres a subgrid's own row-gap on the parent's gaps, and adds its margin to its first row", async () => {
    const pages = await layoutHtml(golden);
    // row-gap 20px in a parent with 4px: 8px more on each inner side of its items.
    expect([findBox(pages, '#g1a').y, findBox(pages, '#g1b').y, findBox(pages, '#g1c').y]).toEqual([536, 576, 632]);
    // The sibling inherits the parent's gap; its 10px top margin grows the first row.
    expect([findBox(pages, '#g2a').y, findBox(pages, '#g2b').y, findBox(pages, '#g2c').y]).toEqual([546, 568, 624]);
  });

  it('creates no implicit rows: an item placed past the spanned rows takes the last one', async () => {
    const pages = await layoutHtml(golden);
    expect(findBox(pages, '#k3').y).toBe(findBox(pages, '#k2').y);
    expect(edges(findBox(pages, '#k'))).toEqual([690, 742]);
    expect(edges(findBox(pages, '#o'))).toEqual([690, 746]);
  });

  it("breaks between a subgrid's rows as the parent's rows break", async () => {
    const pages = await layoutHtml(`<!DOCTYPE html><style>@page { size: 400px 300px; margin: 20px } body { margin: 0; font: 14px/18px Arimo }
      .cards { display: grid; grid-template-columns: 1fr 1fr; column-gap: 10px; row-gap: 6px }
      .card { display: grid; grid-row: span 3; grid-template-rows: subgrid; border: 2px solid; padding: 4px }
      .card > * { margin: 0 }</style>
      <div style="height: 170px">before</div>
      <div class=cards>
      <div class=card><h3 id=a1>A head</h3><p id=a2>A body that is long enough to wrap over a few lines of this card here</p><p id=a3>A foot</p></div>
      <div class=card><h3 id=b1>B head</h3><p id=b2>B body</p><p id=b3>B foot</p></div>
      <div class=card><h3 id=c1>C head</h3><p id=c2>C body</p><p id=c3>C foot</p></div>
      <div class=card><h3 id=d1>D head</h3><p id=d2>D body, longer, two lines at least in this card</p><p id=d3>D foot</p></div></div>`);
    // Chromium: the first cards' footers go to page 2, where the second cards follow them.
    expect([findBox(pages, '#a2').page, findBox(pages, '#a3').page, findBox(pages, '#b3').page]).toEqual([0, 1, 1]);
    expect([findBox(pages, '#a3').y, findBox(pages, '#b3').y]).toEqual([20, 20]);
    expect(findBoxes(pages, 'div.card').map((b) => b.page)).toEqual([0, 0, 1, 1, 1, 1]);
    expect([findBox(pages, '#c3').y, findBox(pages, '#d3').y]).toEqual([122, 122]);
  });

  it('lays a nested subgrid on the rows of the subgrid around it, and places a positioned box inside once', async () => {
    const pages = await layoutHtml(`<!DOCTYPE html><style>@page { size: 400px 300px; margin: 20px } body { margin: 0; font: 14px/18px Arimo }
      .g { display: grid; grid-template-columns: 1fr 1fr; gap: 6px }
      .c { display: grid; grid-row: span 2; grid-template-rows: subgrid; border: 1px solid }
      .n { display: grid; grid-row: span 2; grid-template-rows: subgrid }</style>
      <div class=g>
      <div class=c><div id=h>head <span id=abs style="position:absolute; left: 300px">ABS</span></div><div id=b>body</div></div>
      <div class=c><div class=n id=n><div id=nh>nested head</div><div id=nb>nested body that is long and wraps lines in it</div></div></div></div>`);
    // The nested subgrid's two-line body sizes the second row of the first card too.
    expect(edges(findBox(pages, '#nb'))).toEqual([45, 81]);
    expect([findBox(pages, '#h').y, findBox(pages, '#b').y, findBox(pages, '#nh').y]).toEqual([21, 45, 21]);
    expect(edges(findBox(pages, '#n'))).toEqual([21, 81]);
    expect(findBoxes(pages, 'span#abs').map((b) => [b.x, b.y])).toEqual([[320, 21]]);
  });

  it('gives every card the same header, body and footer rows, whatever their lengths', async () => {
    const words = fc.integer({ min: 1, max: 24 }).map((n) => Array.from({ length: n }, (_, k) => (k % 3 === 0 ? 'word' : 'wide-words')).join(' '));
    const card = fc.tuple(words, words, words);
    await fc.assert(fc.asyncProperty(fc.tuple(card, card, card), async (cards) => {
      const pages = await layoutHtml(`<!DOCTYPE html><style>@page { size: 600px 2000px; margin: 0 } body { margin: 0; font: 14px/18px Arimo }
        .g { display: grid; grid-template-columns: repeat(3, 1fr); gap: 5px 10px }
        .c { display: grid; grid-row: span 3; grid-template-rows: subgrid; border: 1px solid; padding: 3px }
        .c > * { margin: 0 }</style>
        <div class=g>${cards.map(([h, b, f]) => `<div class=c><b class=h>${h}</b><p class=b>${b}</p><i class=f>${f}</i></div>`).join('')}</div>`);
      for (const part of ['b.h', 'p.b', 'i.f']) {
        const boxes = findBoxes(pages, part);
        expect(new Set(boxes.map((b) => `${b.y} ${b.height}`)).size).toBe(1);
      }
    }), { numRuns: 12 });
  });
});
