// Absolutely positioned boxes that reach past their page's end go on over the next pages, as
// Chromium prints them (decision 0415): placed on the page their offset reaches, broken between
// lines where they cross a page's end, with pages added after the flow's last for them.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readPdf } from '../../src/testing/read-pdf.js';
import { findBoxes, layoutHtml, renderPdf, textRuns } from '../../src/testing/render.js';

// A 220px page area (300px page, 40px margins) with 20px lines.
const doc = (body: string, css = ''): string =>
  `<html><head><style>@page { size: 400px 300px; margin: 40px } body { margin: 0; font: 16px/20px Arimo } .a { position: absolute; left: 10px } ${css}</style></head><body>${body}</body></html>`;

const pageTexts = async (html: string): Promise<string[]> => (await readPdf(await renderPdf(html))).pages.map((p) => p.text.replace(/\s+/g, ' ').trim());

describe('absolutely positioned boxes past the page', () => {
  it('puts a box placed below the first page on the page its offset reaches, adding pages for it', async () => {
    const html = doc('<p style="margin:0">Flow</p><div id="far" class="a" style="top: 300px">Far</div><div id="farther" class="a" style="top: 700px">Farther</div>');
    const pages = await layoutHtml(html);
    expect(pages).toHaveLength(4);
    const [far] = findBoxes(pages, '#far');
    const [farther] = findBoxes(pages, '#farther');
    // 300 − 220 = 80px into page 2's area; 700 − 3 × 220 = 40px into page 4's.
    expect([far.page, far.y]).toEqual([1, 40 + 80]);
    expect([farther.page, farther.y]).toEqual([3, 40 + 40]);
    expect(await pageTexts(html)).toEqual(['Flow', 'Far', '', 'Farther']);
  });

  it('breaks a box crossing the page\u2019s end between its lines, the rest at the next page\u2019s top', async () => {
    const lines = Array.from({ length: 8 }, (_, i) => `line${i + 1}`);
    const html = doc(`<div id="t" class="a" style="top: 150px; width: 200px">${lines.join('<br>')}</div>`);
    const pages = await layoutHtml(html);
    const runs = textRuns(pages, '#t');
    // 150 + 3 × 20 = 210 ≤ 220: three lines on page 1, five at the top of page 2.
    expect(runs.filter((r) => r.page === 0).map((r) => r.text)).toEqual(lines.slice(0, 3));
    const rest = runs.filter((r) => r.page === 1);
    expect(rest.map((r) => r.text)).toEqual(lines.slice(3));
    expect(Math.min(...rest.map((r) => r.baseline))).toBeLessThan(40 + 20);
    expect(findBoxes(pages, '#t').map((b) => b.page)).toEqual([0, 1]);
  });

  it('keeps what fits of its first lines against orphans (its start is no place to break), and keeps widows', async () => {
    const html = doc('<div id="a" class="a" style="top: 181px">a1<br>a2<br>a3</div><div id="b" class="a" style="top: 141px; left: 110px">b1<br>b2<br>b3<br>b4</div><div id="c" class="a" style="top: 215px; left: 220px">c1<br>c2</div>');
    const runs = textRuns(await layoutHtml(html));
    const onPage = (page: number) => runs.filter((r) => r.page === page).map((r) => r.text).sort();
    // a: one line fits (181–201); b: three fit but two widows move b3 on; c: not one fits.
    expect(onPage(0)).toEqual(['a1', 'b1', 'b2']);
    expect(onPage(1)).toEqual(['a2', 'a3', 'b3', 'b4', 'c1', 'c2']);
  });

  it('carries on the children of a positioned box in the flow, and a box met late whose offset is from the first page', async () => {
    const html = doc('<div style="height: 500px"></div><div style="position: relative">Relative<div id="child" class="a" style="top: 250px">Child</div></div><div id="late" class="a" style="top: 260px">Late</div>');
    const pages = await layoutHtml(html);
    const [child] = findBoxes(pages, '#child');
    const [late] = findBoxes(pages, '#late');
    // The relative box starts at 500 − 2 × 220 = 60px into page 3; its child 250px below: page 4.
    expect([child.page, child.y]).toEqual([3, 40 + 60 + 250 - 220]);
    // Placed against the first page's area: 260px is 40px into page 2.
    expect([late.page, late.y]).toEqual([1, 40 + 40]);
  });

  it('counts pages in the layout\u2019s own units on pages shrunk to fit wide content', async () => {
    // 600px of content in a 320px page area shrinks the page by 1.5 at most: its area holds 330px.
    const html = doc('<div style="width: 600px">wide</div><div id="near" class="a" style="top: 300px">Near</div><div id="far" class="a" style="top: 400px">Far</div>');
    const pages = await layoutHtml(html);
    expect(pages).toHaveLength(2);
    expect(pages[0].scale).toBeCloseTo(1 / 1.5, 5);
    expect(findBoxes(pages, '#near').map((b) => b.page)).toEqual([0]);
    const [far] = findBoxes(pages, '#far');
    expect([far.page, far.y]).toEqual([1, 40 * 1.5 + 400 - 330]);
  });

  it('keeps a box its containing block clips where it was; a clip it escapes does not hold it', async () => {
    const html = doc('<div style="position: relative; overflow: hidden; height: 50px">Clip<div id="clipped" class="a" style="top: 400px">Clipped</div></div><div style="overflow: hidden; height: 50px">Plain<div id="escapes" class="a" style="top: 400px">Escapes</div></div>');
    const pages = await layoutHtml(html);
    expect(findBoxes(pages, '#clipped').map((b) => b.page)).toEqual([0]);
    expect(findBoxes(pages, '#escapes').map((b) => b.page)).toEqual([1]);
  });

  it('prints every word of random boxes once, each line inside a page area, over many renders', async () => {
    await fc.assert(fc.asyncProperty(
      fc.array(fc.record({ top: fc.integer({ min: 0, max: 900 }), lines: fc.integer({ min: 1, max: 14 }), height: fc.constantFrom('', 'height: 90px;', 'height: 330px;') }), { minLength: 1, maxLength: 4 }),
      async (boxes) => {
        const words: string[] = [];
        const body = boxes.map((b, i) => {
          const own = Array.from({ length: b.lines }, (_, l) => `w${i}x${l}`);
          words.push(...own);
          return `<div class="a" style="top: ${b.top}px; width: 150px; ${b.height}">${own.join('<br>')}</div>`;
        }).join('');
        const pages = await layoutHtml(doc(`<p style="margin:0">start</p>${body}`));
        const runs = textRuns(pages).filter((r) => r.text.startsWith('w'));
        expect(runs.map((r) => r.text).sort()).toEqual([...words].sort());
        for (const r of runs) {
          expect(r.baseline).toBeGreaterThan(40);
          expect(r.baseline).toBeLessThanOrEqual(40 + 220);
        }
      },
    ), { numRuns: 40 });
  });
});
