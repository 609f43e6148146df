// Text in a transparent colour (`color: transparent`, a floating label's `::placeholder`) prints
// unseen but stays in the PDF's text layer, as Chromium 156 prints it; inside `opacity: 0` nothing
// prints, and text that clips a background (`background-clip: text`) is not written twice.
import { describe, expect, it } from 'vitest';
import { readPdf } from '../../src/testing/read-pdf.js';
import { paintHtml, renderPdf, renderPixels, skipPixelTests } from '../../src/testing/render.js';

const doc = (body: string, css = ''): string =>
  `<!doctype html><style>@page { size: 200px 100px; margin: 0 } body { margin: 0; font: 16px/20px Arimo } p { margin: 0 } ${css}</style>${body}`;
const text = async (html: string): Promise<string> => (await readPdf(await renderPdf(html))).pages.map((p) => p.text.replace(/\s+/g, ' ').trim()).join(' | ');

describe('transparent text', () => {
  it('is in the text layer: a transparent span, a transparent paragraph, bold, and a placeholder made transparent', async () => {
    const html = doc('<p>Seen <span style="color: transparent">unseen words</span> end</p><p style="color: rgba(0, 0, 0, 0); font-weight: bold">bold unseen</p><input placeholder="Enter your name">',
      'input::placeholder { color: transparent }');
    expect(await text(html)).toBe('Seen unseen words end bold unseen Enter your name');
  });

  it('is not there inside opacity: 0, and gradient text clipped to its glyphs is written once', async () => {
    expect(await text(doc('<p>Seen</p><p style="opacity: 0"><span style="color: transparent">gone</span> also gone</p>'))).toBe('Seen');
    const gradient = doc('<p style="background: linear-gradient(red, blue); -webkit-background-clip: text; background-clip: text; color: transparent">Gradient</p>');
    expect(await text(gradient)).toBe('Gradient');
    // Its glyphs are the background's clip; no transparent run is written over them besides.
    expect((await paintHtml(gradient)).callsOf('text').filter(({ args: [run] }) => run.text.includes('Gradient'))).toHaveLength(0);
  });

  it.skipIf(skipPixelTests())('paints nothing', async () => {
    const rows = await renderPixels(doc('<p style="color: transparent; font-weight: bold; text-decoration: none">Unseen text here</p>'), { width: 200, height: 100, palette: { w: [255, 255, 255], k: [0, 0, 0] } });
    expect(rows.join('')).toMatch(/^w+$/);
  });
});
