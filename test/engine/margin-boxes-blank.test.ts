// `@page :blank`: parsed, and never applied, since left/right breaks leave no blank page (decisions 0034, 0071).
import { describe, expect, it } from 'vitest';
import { readPdf } from '../../src/testing/read-pdf.js';
import { layoutHtml, renderPdf } from '../../src/testing/render.js';

const html = `<html><head><style>
  @page { size: 400px 300px; margin: 40px; @top-center { content: "head" } }
  @page :blank { background-color: yellow; @top-center { content: "BLANK" } }
  @page :first:blank { margin: 10px }
  body { margin: 0; font: 12px Arimo } h1 { break-before: right; font-size: 12px; margin: 0 }
</style></head><body><p>one</p><h1>Chapter</h1><p>two</p><h1 style="break-before: left">Next</h1></body></html>`;

describe('@page :blank', () => {
  it('never matches a page with content: left/right breaks make no blank page', async () => {
    const pages = await layoutHtml(html);
    expect(pages).toHaveLength(3);
    expect(pages.map((p) => p.background)).toEqual([null, null, null]);
    expect(pages.map((p) => p.margins.top)).toEqual([40, 40, 40]);
    const pdf = await readPdf(await renderPdf(html));
    expect(pdf.pages.map((p) => p.text.includes('BLANK'))).toEqual([false, false, false]);
    expect(pdf.pages.every((p) => p.text.includes('head'))).toBe(true);
  });

  it('keeps the rest of the stylesheet working around :blank rules', async () => {
    const pages = await layoutHtml(html.replace('@page :blank {', '@page :left:blank, :left {'));
    // The selector list still matches left pages through its `:left` part.
    expect(pages.map((p) => p.background === null)).toEqual([true, false, true]);
  });
});
