// What Chromium rounds to a whole pixel when it paints text (decision 0342): the line box's top, the
// text keeping its fractional offset below it (a line raised by a superscript), and for text directly
// inside an inline box with a top border or padding, that box's top. Differences below are Chromium
// 156's, read from its PDFs (pdftotext -bbox).
import { describe, expect, it } from 'vitest';
import { lineBoxes, layoutHtml, paintHtml } from '../../src/testing/render.js';

const runsOf = async (html: string): Promise<{ text: string; y: number }[]> =>
  (await paintHtml(html)).callsOf('text').map(({ args: [run] }) => ({ text: run.text.trim(), y: run.y }));

const page = (css: string, body: string): string =>
  `<!doctype html><style>@page { size: 500px 900px; margin: 20px } body { margin: 0; font-family: Helvetica, Arial, sans-serif; font-size: 16px; line-height: 1.5 } p { margin: 0 0 10px } ${css}</style>${body}`;

describe('text painted from whole-pixel anchors', () => {
  it('keeps a line’s baseline a fraction below its top when a superscript raises the line', async () => {
    const html = page('', '<p>Aaaa <sup>xx</sup> bbbb</p>');
    const [line] = lineBoxes(await layoutHtml(html));
    const runs = await runsOf(html);
    const base = runs.find((r) => r.text === 'Aaaa')!;
    const sup = runs.find((r) => r.text === 'xx')!;
    // Chromium: the line's text 20.33px below the line's top (whole), the superscript 14px below.
    expect(line.y).toBe(20);
    expect(base.y - line.y).toBeCloseTo(20.333, 2);
    expect(sup.y - line.y).toBeCloseTo(14, 2);
  });

  it('rounds the top of an inline box with top padding, not the line, for the text inside it', async () => {
    // Lines 24.4px apart (the code's half-leading reaches below the line's), so each line's top has
    // another fraction; the code's text moves with its own box's top rounded.
    const paddings = [0, 0.25, 0.5, 0.75, 1, 1.25, 1.5, 2, 2.72, 3.2];
    const html = page(
      'code { font-family: "Liberation Mono"; font-size: 13.6px }',
      paddings.map((p) => `<p>Aaaa <code style="padding-top:${p}px">true</code> bbbb</p>`).join(''),
    );
    const runs = (await runsOf(html)).filter((r) => r.text !== 'bbbb');
    const offsets = paddings.map((_, i) => Math.round((runs[2 * i + 1].y - runs[2 * i].y) * 100) / 100);
    // Chromium's code baseline less the line's, per padding (to 0.02px: Chromium's 3.2px padding is
    // 3.1875px in layout units, ours 3.2px).
    const chromium = [0, 0.25, -0.5, -0.25, 0, 0.25, 0.5, 0, -0.28, -0.81];
    expect(offsets.map((o, i) => Math.abs(o - chromium[i]) < 0.02), JSON.stringify(offsets)).toEqual(chromium.map(() => true));
  });

  it('counts a top border with the padding', async () => {
    const html = page('code { font-family: "Liberation Mono"; font-size: 13.6px }', '<p>Aaaa <code style="border-top: 1px solid; padding-top: 0.3px">true</code></p>');
    const [a, code] = await runsOf(html);
    expect(Math.round((code.y - a.y) * 100) / 100).toBe(0.3);
  });
});
