// vertical-align of inline boxes, inline-blocks and images: baseline, top, middle, bottom,
// sub, super, text-top, text-bottom, lengths and percentages.
import { describe, expect, it } from 'vitest';
import { findBox, layoutHtml, lineBoxes, textRuns } from '../../src/testing/render.js';

// Cousine metrics (em): ascent 0.83251953125, descent 0.30029296875, x-height 0.5283203125.
const ASCENT = 0.83251953125 * 16;
const DESCENT = 0.30029296875 * 16;
const X_HEIGHT = 0.5283203125 * 16;

const page = (body: string, css = ''): string =>
  `<style>@page { size: 400px 600px; margin: 0 } body { margin: 0; font: 16px/20px Cousine } ${css}</style>${body}`;

const ib = (id: string, style: string): string => `<span id=${id} style="display:inline-block;width:10px;${style}"></span>`;

async function parts(body: string): Promise<{ base: number; line: { y: number; height: number; baseline: number }; box: (sel: string) => { y: number; height: number } }> {
  const pages = await layoutHtml(page(body));
  const [line] = lineBoxes(pages, '#t');
  const base = textRuns(pages, '#t').find((r) => r.text.startsWith('x'))!.baseline;
  return { base, line, box: (sel) => findBox(pages, sel) };
}

describe('vertical-align', () => {
  it('baseline: puts a box\'s bottom margin edge on the baseline when it has no lines', async () => {
    const { base, box } = await parts(`<div id=t>x${ib('a', 'height:30px')}</div>`);
    const a = box('#a');
    expect(a.y + a.height).toBeCloseTo(base, 5);
  });

  it('baseline: an inline flex or grid container keeps its item\u2019s baseline with overflow hidden, an inline-block sits on its bottom edge (Chromium)', async () => {
    const kbd = (id: string, display: string): string => `<span id=${id} style="display:${display};overflow:hidden;min-height:40px;align-items:center">Cmd</span>`;
    const flex = await parts(`<div id=t>x${kbd('a', 'inline-flex')}</div>`);
    const grid = await parts(`<div id=t>x${kbd('a', 'inline-grid')}</div>`);
    const block = await parts(`<div id=t>x${kbd('a', 'inline-block')}</div>`);
    // Centred in 40px: the text's baseline, not the box's bottom, is on the line's.
    expect(flex.box('#a').y + flex.box('#a').height - flex.base).toBeGreaterThan(5);
    expect(grid.box('#a').y + grid.box('#a').height - grid.base).toBeGreaterThan(5);
    expect(block.box('#a').y + block.box('#a').height).toBeCloseTo(block.base, 5);
  });

  it('baseline: makes the line tall enough for a box standing on the baseline', async () => {
    const { line } = await parts(`<div id=t>x${ib('a', 'height:50px')}</div>`);
    // The strut keeps its descent (with half the leading) below the baseline, as in a plain line.
    const plain = (await parts('<div id=t>x</div>')).line;
    expect(line.height).toBeCloseTo(50 + (plain.y + plain.height - plain.baseline), 5);
  });

  it('top: aligns the box top with the line box top', async () => {
    const { line, box } = await parts(`<div id=t>x${ib('a', 'height:8px;vertical-align:top')}${ib('b', 'height:40px')}</div>`);
    expect(box('#a').y).toBeCloseTo(line.y, 5);
  });

  it('bottom: aligns the box bottom with the line box bottom', async () => {
    const { line, box } = await parts(`<div id=t>x${ib('a', 'height:8px;vertical-align:bottom')}${ib('b', 'height:40px')}</div>`);
    const a = box('#a');
    expect(a.y + a.height).toBeCloseTo(line.y + line.height, 5);
  });

  it('top: a tall box grows the line downwards from its top', async () => {
    const { line, box } = await parts(`<div id=t>x${ib('a', 'height:60px;vertical-align:top')}</div>`);
    expect(line.height).toBeCloseTo(60, 5);
    expect(box('#a').y).toBeCloseTo(line.y, 5);
  });

  it('bottom: a tall box grows the line upwards from its bottom', async () => {
    const { line, box } = await parts(`<div id=t>x${ib('a', 'height:60px;vertical-align:bottom')}</div>`);
    expect(line.height).toBeCloseTo(60, 5);
    const a = box('#a');
    expect(a.y + a.height).toBeCloseTo(line.y + line.height, 5);
  });

  it('middle: centres the box on the baseline plus half the parent\'s x-height', async () => {
    const { base, box } = await parts(`<div id=t style="line-height:80px">x${ib('a', 'height:20px;vertical-align:middle')}</div>`);
    const a = box('#a');
    expect(a.y + a.height / 2).toBeCloseTo(base - X_HEIGHT / 2, 4);
  });

  // The parent's ascent and descent rounded to whole pixels, as Blink's font metrics are (probed in Chromium).
  it('text-top: aligns the box top with the parent\'s content-area top', async () => {
    const { base, box } = await parts(`<div id=t style="line-height:80px">x${ib('a', 'height:10px;vertical-align:text-top')}</div>`);
    expect(box('#a').y).toBeCloseTo(base - Math.round(ASCENT), 4);
  });

  it('text-bottom: aligns the box bottom with the parent\'s content-area bottom', async () => {
    const { base, box } = await parts(`<div id=t style="line-height:80px">x${ib('a', 'height:10px;vertical-align:text-bottom')}</div>`);
    const a = box('#a');
    expect(a.y + a.height).toBeCloseTo(base + Math.round(DESCENT), 4);
  });

  it('a sup keeps the inherited line-height, so under a tall line-height it makes its line taller (Chromium\'s UA sheet sets none)', async () => {
    const pages = await layoutHtml(page('<div style="line-height:2"><p id=a style="margin:0">plain</p><p id=b style="margin:0">note<sup>1</sup></p></div>'));
    expect(findBox(pages, '#a').height).toBe(32);
    expect(findBox(pages, '#b').height).toBeGreaterThan(32);
  });

  it('a length raises the baseline by that much', async () => {
    const { base, box } = await parts(`<div id=t style="line-height:80px">x${ib('a', 'height:10px;vertical-align:7px')}</div>`);
    const a = box('#a');
    expect(a.y + a.height).toBeCloseTo(base - 7, 5);
  });

  it('a negative length lowers it', async () => {
    const { base, box } = await parts(`<div id=t style="line-height:80px">x${ib('a', 'height:10px;vertical-align:-4px')}</div>`);
    const a = box('#a');
    expect(a.y + a.height).toBeCloseTo(base + 4, 5);
  });

  it('a percentage refers to the element\'s own line-height', async () => {
    const { base, box } = await parts(`<div id=t style="line-height:80px">x${ib('a', 'height:10px;line-height:20px;vertical-align:50%')}</div>`);
    const a = box('#a');
    expect(a.y + a.height).toBeCloseTo(base - 10, 5);
  });

  it('sub lowers and super raises text against the parent baseline', async () => {
    const pages = await layoutHtml(page('<div id=t style="line-height:60px">x<span id=sb style="vertical-align:sub">2</span><span id=sp style="vertical-align:super">3</span></div>'));
    const runs = textRuns(pages, '#t');
    const base = runs[0].baseline;
    const sub = runs.find((r) => r.text === '2')!;
    const sup = runs.find((r) => r.text === '3')!;
    // Blink's shifts against a 16px parent: 16/5 + 1 down, 16/3 + 1 up.
    expect(sub.baseline - base).toBeCloseTo(4.2, 5);
    expect(sup.baseline - base).toBeCloseTo(-(16 / 3 + 1), 5);
  });

  it('<sub> and <sup> are smaller and shifted by the UA stylesheet', async () => {
    const pages = await layoutHtml(page('<div id=t style="line-height:60px">x<sub>2</sub><sup>3</sup></div>'));
    const runs = textRuns(pages, '#t');
    const sub = runs.find((r) => r.text === '2')!;
    const sup = runs.find((r) => r.text === '3')!;
    expect(sub.size).toBeLessThan(16);
    expect(sub.baseline).toBeGreaterThan(runs[0].baseline);
    expect(sup.baseline).toBeLessThan(runs[0].baseline);
  });

  it('a raised superscript makes a tight line taller', async () => {
    const pages = await layoutHtml(page('<div id=t>x<sup>3</sup></div><div id=u>x</div>'));
    expect(findBox(pages, '#t').height).toBeGreaterThan(findBox(pages, '#u').height);
  });

  it('shifts nested inline boxes cumulatively', async () => {
    const pages = await layoutHtml(page('<div id=t style="line-height:80px">x<span style="vertical-align:5px">a<span style="vertical-align:5px">b</span></span></div>'));
    const runs = textRuns(pages, '#t');
    const x = runs[0].baseline;
    expect(runs.find((r) => r.text === 'a')!.baseline).toBeCloseTo(x - 5, 5);
    expect(runs.find((r) => r.text === 'b')!.baseline).toBeCloseTo(x - 10, 5);
  });

  it('aligns images like inline-blocks: bottom edge on the baseline by default, middle when asked', async () => {
    const png = 'data:image/svg+xml,' + encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="20"/>');
    const pages = await layoutHtml(page(`<div id=t style="line-height:80px">x<img id=a src="${png}"><img id=b style="vertical-align:middle" src="${png}"></div>`));
    const base = textRuns(pages, '#t')[0].baseline;
    const a = findBox(pages, '#a');
    const b = findBox(pages, '#b');
    expect(a.y + a.height).toBeCloseTo(base, 5);
    expect(b.y + b.height / 2).toBeCloseTo(base - X_HEIGHT / 2, 4);
  });
});
