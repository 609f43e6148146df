// Text baselines on whole CSS pixels, counted from the page area's top (decision 0213): Chromium
// lays lines out at fractional positions (a line pitch of 18.2px) but paints each line's text with
// its baseline rounded to a whole pixel; transforms apply after, and a shrunk page rounds in its
// own layout px, before its scale. Positions below are Chromium's, read from its PDFs.
import { describe, expect, it } from 'vitest';
import { layoutHtml, lineBoxes, paintHtml } from '../../src/testing/render.js';

const baselines = async (html: string): Promise<{ text: string; y: number }[]> =>
  (await paintHtml(html)).callsOf('text').map(({ args: [run] }) => ({ text: run.text, y: Math.round(run.y * 1000) / 1000 }));

const page = (body: string, css = ''): string =>
  `<!doctype html><style>@page { size: 400px 600px; margin: 20px } body { margin: 0; font: 16px Arimo } ${css}</style>${body}`;

describe('text baselines on whole pixels', () => {
  it('rounds each line of a fractional line pitch, keeping the layout where it is', async () => {
    const html = page('<p style="margin:0;line-height:18.2px">aa<br>bb<br>cc<br>dd<br>ee</p>');
    const runs = await baselines(html);
    expect(runs.length).toBe(5);
    for (const { y } of runs) expect(Number.isInteger(y)).toBe(true);
    // Steps of 18 and 19, as round(18.2 × k) makes them.
    expect(runs.slice(1).map((r, i) => r.y - runs[i].y)).toEqual([18, 18, 19, 18]);
    // The line boxes themselves stay at their fractional places.
    expect(lineBoxes(await layoutHtml(html)).map((l) => Math.round(l.y * 10) / 10)).toEqual([20, 38.2, 56.4, 74.6, 92.8]);
  });

  it('rounds after relative offsets, padding and vertical centring in cells, to the nearest pixel', async () => {
    const runs = await baselines(page(
      '<div style="height:10.3px"></div><div style="padding-top:0.6px">a</div><div style="position:relative;top:0.4px">b</div>'
      + '<table style="border-spacing:0"><tr><td style="padding:0;height:31px;vertical-align:middle">c</td></tr></table>',
    ));
    for (const { y } of runs) expect(Number.isInteger(y), JSON.stringify(runs)).toBe(true);
  });

  it('rounds before a transform moves the text', async () => {
    const spy = await paintHtml(page('<div style="height:10.3px"></div><div style="transform:translateY(0.5px)">t</div>'));
    const [run] = spy.callsOf('text').map(({ args: [r] }) => r);
    // Painted in the transformed box's space: the run itself sits on a whole pixel, and the transform adds its half.
    expect(Number.isInteger(run.y)).toBe(true);
  });

  it('counts the pixels of a shrunk page in its own layout px, from its page area', async () => {
    const spy = await paintHtml(page('<div style="width:700px;height:10.3px"></div><p style="margin:0;line-height:18.2px">x<br>y</p>'));
    const runs = spy.callsOf('text').map(({ args: [r] }) => r.y);
    const pageTop = (await layoutHtml(page('<div style="width:700px;height:10.3px"></div><p style="margin:0">x</p>')))[0].margins.top;
    expect(pageTop).not.toBe(20);
    for (const y of runs) expect(Number.isInteger(Math.round((y - pageTop) * 1e6) / 1e6)).toBe(true);
  });
});
