// `@page :blank`: the pages left empty by left/right breaks, with their own page and margin-box rules (decision 0154).
import { describe, expect, it } from 'vitest';
import { readPdf } from '../../src/testing/read-pdf.js';
import { layoutHtml, renderPdf } from '../../src/testing/render.js';

const html = `<html><head><style>
  @page { size: 400px 300px; margin: 40px; @top-center { content: "head " counter(page) "/" counter(pages) } }
  @page :blank { background-color: yellow; @top-center { content: "BLANK" } }
  @page :first:blank { margin: 10px }
  body { margin: 0; font: 12px Arimo } h1 { break-before: right; font-size: 12px; margin: 0 }
</style></head><body><p>one</p><h1>Chapter</h1><p>two</p><h1 style="break-before: left">Next</h1></body></html>`;

describe('@page :blank', () => {
  it('applies to the page a right break leaves empty, and to no page with content', async () => {
    const pages = await layoutHtml(html);
    // one | (blank, left) | Chapter two (right) | Next (left)
    expect(pages).toHaveLength(4);
    expect(pages.map((p) => p.blank === true)).toEqual([false, true, false, false]);
    expect(pages.map((p) => p.background)).toEqual([null, expect.objectContaining({ r: 255, g: 255, b: 0 }), null, null]);
    expect(pages.map((p) => p.margins.top)).toEqual([40, 40, 40, 40]);
    const pdf = await readPdf(await renderPdf(html));
    const words = pdf.pages.map((p) => p.text.split(/\s+/).filter(Boolean).sort());
    expect(words).toEqual([['1/4', 'head', 'one'], ['BLANK'], ['3/4', 'Chapter', 'head', 'two'], ['4/4', 'Next', 'head']]);
  });

  it('keeps the rest of the stylesheet working around :blank rules', async () => {
    const pages = await layoutHtml(html.replace('@page :blank {', '@page :right:blank, :left {'));
    // `:right:blank` matches no page here (the blank page is a left one); `:left` matches pages 2 and 4.
    expect(pages.map((p) => p.background === null)).toEqual([true, false, true, false]);
  });

  it('gives a blank page the name of the page after it', async () => {
    const named = html.replace('@page :blank {', '@page chapter:blank {').replace('h1 {', 'h1 { page: chapter;');
    const pages = await layoutHtml(named);
    expect(pages[1]).toMatchObject({ blank: true, name: 'chapter' });
    expect(pages[1].background).not.toBeNull();
  });
});
