// `clip: rect()` on absolutely positioned boxes (CSS 2.1 §11.1.2): what is outside the rectangle is
// not painted (text wholly outside it is left out of the PDF), and the visually-hidden pattern
// (`clip: rect(0 0 0 0)`) prints nothing at all.
import { describe, expect, it } from 'vitest';
import { readPdf } from '../../src/testing/read-pdf.js';
import { assertPixels, paintHtml, pixelPage, renderPdf, skipPixelTests } from '../../src/testing/render.js';

const box = (clip: string): string => pixelPage(6, 4, '', `<div style="position:absolute;top:0;left:0;width:6px;height:4px;background:red;clip:${clip}"></div>`);

describe.skipIf(skipPixelTests())('clip: rect()', () => {
  it('paints only the rectangle, its sides measured from the border box\'s top-left corner', async () => {
    await assertPixels(box('rect(1px, 5px, 3px, 2px)'), `
      ______
      __RRR_
      __RRR_
      ______
    `);
  });

  it('keeps the box\'s own edge for auto sides, and takes the legacy space-separated form', async () => {
    await assertPixels(box('rect(auto auto 2px 3px)'), `
      ___RRR
      ___RRR
      ______
      ______
    `);
  });

  it('is ignored on boxes that are not absolutely positioned, and for auto', async () => {
    await assertPixels(pixelPage(2, 1, '', '<div style="height:1px;background:red;clip:rect(0,0,0,0)"></div>'), 'RR');
    await assertPixels(box('auto'), 'RRRRRR\nRRRRRR\nRRRRRR\nRRRRRR');
  });
});

describe('the visually-hidden pattern', () => {
  it('leaves the screen-reader-only text out of the PDF, as Chromium does', async () => {
    const css = '.sr-only { position: absolute; width: 1px; height: 1px; padding: 0; margin: -1px; overflow: hidden; clip: rect(0, 0, 0, 0); white-space: nowrap; border: 0 }';
    const pdf = await readPdf(await renderPdf(`<style>${css}</style><p>Total <span class="sr-only">amount due including tax</span>€12</p>`));
    expect(pdf.pages[0].text).not.toContain('amount due');
    expect(pdf.pages[0].text).toContain('Total');
  });
});

/** The PDF's text, pages joined, of `body` in 12px/15px Arimo (`.c`: an absolutely positioned box). */
const text = async (body: string): Promise<string> =>
  (await readPdf(await renderPdf(`<style>body { margin: 0; font: 12px/15px Arimo } .c { position: absolute; top: 10px; left: 10px; width: 200px }</style>${body}`))).pages.map((p) => p.text).join('\n');

describe('text an overflow clip hides', () => {

  it('is left out of the PDF when wholly outside the clip, as Chromium leaves it out', async () => {
    expect(await text('<div style="height: 15px; overflow: hidden">one<br>two<br>three</div><p>after</p>')).toBe('one\nafter');
    expect(await text('<div style="width: 60px; overflow: hidden; white-space: nowrap">shown <span style="padding-left: 80px">hidden</span></div>')).toBe('shown');
  });

  it('is kept when any of it shows, and everywhere without a clip', async () => {
    expect(await text('<div style="height: 20px; overflow: hidden">one<br>two<br>three</div>')).toBe('one\ntwo');
    expect(await text('<div style="height: 15px">one<br>two</div>')).toBe('one\ntwo');
  });
});

describe('glyphs a clip hides', () => {
  it('leaves out the glyphs of a word wholly outside an overflow clip, keeping those that show', async () => {
    const shown = await text('<div style="width: 60px; overflow: hidden; white-space: nowrap">Supercalifragilistic expialidocious</div>');
    expect(shown).toMatch(/^Supercal/);
    expect(shown).not.toContain('expialidocious');
    expect(shown.length).toBeLessThan('Supercalifragilistic'.length);
  });

  it('leaves out the glyphs left of the page area, as Chromium prints a box that overflows it', async () => {
    const shown = await text('<div style="margin-left: -60px; white-space: nowrap">Overflowing words end here</div>');
    expect(shown).toContain('words end here');
    expect(shown).not.toContain('Overflowing');
  });

  it('leaves out the glyphs of a box moved out of the page area by a translation (an off-canvas menu)', async () => {
    const shown = await text('<div style="position: fixed; left: 0; top: 0; width: 192px; transform: translateX(-100%); text-align: right">SIDEBAR</div><p>Main text</p>');
    expect(shown).toContain('Main text');
    expect(shown).not.toContain('SIDEBAR');
  });

  it('cuts a right-to-left line that overflows on the left at the page area', async () => {
    const spy = await paintHtml('<html dir="rtl"><meta charset="utf-8"><style>@page { margin: 20px } body { margin: 0; font: 12px Arimo }</style><div style="width: 900px; white-space: nowrap">ראשון ' + 'מילה '.repeat(80) + 'אחרון</div></html>');
    const run = spy.calls.flatMap((c) => (c.method === 'text' ? [c.args[0]] : []))[0];
    expect(run.rightToLeft).toBe(true);
    expect(run.x).toBeLessThan(0);
    expect(run.visible?.left).toBeCloseTo(20, 1);
  });

  it('paints text inside its clips without a visible range', async () => {
    const spy = await paintHtml('<div style="width: 200px; overflow: hidden">short</div>');
    const run = spy.calls.flatMap((c) => (c.method === 'text' ? [c.args[0]] : []))[0];
    expect(run.visible).toBeUndefined();
  });
});

describe('text a clip: rect() hides', () => {

  it('is left out of the PDF when wholly outside the rectangle, as Chromium leaves it out', async () => {
    expect(await text('<div class=c style="clip: rect(0, 200px, 15px, 0)">first<br>second<br>third</div>')).toBe('first');
    expect(await text('<div class=c style="clip: rect(15px, 200px, 30px, 0)">first<br>second<br>third</div>')).toBe('second');
  });

  it('is kept when any of it shows, also where a transform inside moves it into the rectangle', async () => {
    expect(await text('<div class=c style="clip: rect(0, 200px, 20px, 0)">first<br>second<br>third</div>')).toBe('first\nsecond');
    expect(await text('<div class=c style="clip: rect(0, 200px, 15px, 0)"><div style="transform: translateY(-15px)">first<br>second</div></div>')).toContain('second');
  });
});
