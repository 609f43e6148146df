// text-shadow as Chromium prints it: each shadow is the text (and its decorations) again, offset
// and in the shadow's colour, under the text, the last listed lowest; a blurred shadow is drawn
// fainter (decision 0166).
import { describe, expect, it } from 'vitest';
import { readPdf } from '../../src/testing/read-pdf.js';
import { paintHtml, renderPdf } from '../../src/testing/render.js';

const page = (css: string, body = '<p>Shadow</p>'): string =>
  `<!DOCTYPE html><style>@page { size: 300px 100px; margin: 0 } body { margin: 0; font: 20px/24px Arimo } p { margin: 0 } ${css}</style>${body}`;

const texts = async (html: string) => (await paintHtml(html)).callsOf('text').map(({ args: [run] }) => ({ x: run.x, y: run.y, text: run.text, color: run.color }));

describe('text-shadow', () => {
  it('paints the text again under itself, offset and in the shadow colour', async () => {
    const [shadow, text] = await texts(page('p { text-shadow: 2px 3px 0 red }'));
    expect(shadow).toMatchObject({ text: 'Shadow', color: { r: 255, g: 0, b: 0, a: 1 } });
    expect(text).toMatchObject({ text: 'Shadow', color: { r: 0, g: 0, b: 0, a: 1 } });
    expect(shadow.x - text.x).toBeCloseTo(2, 5);
    expect(shadow.y - text.y).toBeCloseTo(3, 5);
  });

  it('paints several shadows last first, is inherited, and stops at none', async () => {
    const runs = await texts(page('div { text-shadow: 1px 1px red, -1px -1px 0 blue } .none { text-shadow: none }', '<div><p>a</p><p class=none>b</p></div>'));
    expect(runs.map((r) => [r.text, r.color.r, r.color.b])).toEqual([['a', 0, 255], ['a', 255, 0], ['a', 0, 0], ['b', 0, 0]]);
  });

  it('draws a blurred shadow fainter, and a shadow of transparent text under the text drawn unseen (decision 0429)', async () => {
    const [blurred] = await texts(page('p { text-shadow: 0 0 8px rgb(0 0 255) }'));
    expect(blurred.color.a).toBeGreaterThan(0.1);
    expect(blurred.color.a).toBeLessThan(0.5);
    const runs = await texts(page('p { color: transparent; text-shadow: 1px 1px green }'));
    expect(runs.map((r) => [r.color.g, r.color.a])).toEqual([[128, 1], [0, 0]]);
  });

  it('gives the decorations a shadow too', async () => {
    const spy = await paintHtml(page('p { text-decoration: underline; text-shadow: 0 4px red }'));
    const lines = spy.callsOf('fillPath').map(({ args: [path, color] }) => ({ y: (path[0] as { y: number }).y, red: color.r === 255 }));
    expect(lines).toHaveLength(2);
    expect(lines[0].red).toBe(true);
    expect(lines[0].y - lines[1].y).toBeCloseTo(4, 5);
  });

  it('ignores inset and spread, which text-shadow does not take', async () => {
    expect(await texts(page('p { text-shadow: 1px 1px 1px 1px red }'))).toHaveLength(1);
    expect(await texts(page('p { text-shadow: inset 1px 1px red }'))).toHaveLength(1);
  });

  it('writes the shadow as text, as Chromium writes a sharp shadow', async () => {
    const pdf = await readPdf(await renderPdf(page('p { text-shadow: 1px 1px 0 #ccc }')));
    expect(pdf.pages[0].text.replace(/\s/g, '')).toBe('ShadowShadow');
  });
});
