// @page margin boxes: page furniture laid out in the margins, with page counters.
import { describe, expect, it } from 'vitest';
import { readPdf } from '../../src/testing/read-pdf.js';
import { layoutHtml, renderPdf } from '../../src/testing/render.js';
import type { Fragment, LineFragment } from '../../src/engine/layout/fragments.js';

const doc = (pageCss: string, body: string): string =>
  `<html><head><style>@page { size: 400px 300px; margin: 40px; ${pageCss} } body { margin: 0; font: 12px Arimo } p { margin: 0; height: 100px }</style></head><body>${body}</body></html>`;

const paragraphs = (n: number): string => Array.from({ length: n }, (_, i) => `<p>para ${i + 1}</p>`).join('');

describe('margin boxes', () => {
  it('prints "Page N of M" in the bottom-centre box of every page', async () => {
    const pdf = await readPdf(await renderPdf(doc('@bottom-center { content: "Page " counter(page) " of " counter(pages) }', paragraphs(5))));
    expect(pdf.pageCount).toBe(3);
    pdf.pages.forEach((page, i) => expect(page.text).toContain(`Page ${i + 1} of 3`));
  });

  it('places top boxes in the top margin and bottom boxes in the bottom margin', async () => {
    const pages = await layoutHtml(doc('@top-left { content: "head" } @bottom-right { content: "foot" }', paragraphs(1)));
    const [head, foot] = pages[0].marginBoxes;
    expect(head.y + head.height).toBeLessThanOrEqual(40);
    expect(head.x).toBe(40);
    expect(foot.y).toBeGreaterThanOrEqual(260);
    expect(foot.x + foot.width).toBeCloseTo(360, 5);
  });

  it('applies :first and :left/:right margin boxes to their pages only', async () => {
    const css = '@top-center { content: "any" } } @page :first { @top-center { content: "cover" } } @page :left { @top-center { content: "left" }';
    const pdf = await readPdf(await renderPdf(doc(css, paragraphs(5))));
    const furniture = pdf.pages.map((p) => ['cover', 'left', 'any'].filter((word) => p.text.split('\n').includes(word)));
    expect(furniture).toEqual([['cover'], ['left'], ['any']]);
  });

  it('formats the page counter in the requested style', async () => {
    const pdf = await readPdf(await renderPdf(doc('@bottom-left { content: counter(page, upper-roman) }', paragraphs(5))));
    expect(pdf.pages.map((p) => p.text.trim().split('\n')[0])).toEqual(['I', 'II', 'III']);
  });

  it('makes no box when content is none or absent', async () => {
    const pages = await layoutHtml(doc('@top-left { color: red } @top-right { content: none }', paragraphs(1)));
    expect(pages[0].marginBoxes).toHaveLength(0);
  });

  it('keeps a box in a zero margin zero high: its content overflows, its background covers nothing', async () => {
    const html = '<html><head><style>@page { size: 400px 300px; margin: 0 40px; @top-center { content: "top"; background: teal } } body { margin: 0; font: 12px Arimo }</style></head><body>x</body></html>';
    const [page] = await layoutHtml(html);
    const [box] = page.marginBoxes;
    expect(box.height).toBe(0);
    const line = box.children.flatMap((c) => c.kind === 'box' ? c.children : [c]).find((c) => c.kind === 'line');
    expect(line?.y).toBe(0);
    expect((await readPdf(await renderPdf(html))).pages[0].text).toContain('top');
  });

  // css-page-3's defaults, as Chromium 156 places them (an invalid value such as `center` leaves the default).
  it.each([
    ['left-top', '', 'top'],
    ['left-middle', '', 'middle'],
    ['left-bottom', '', 'bottom'],
    ['right-top', 'vertical-align: center', 'top'],
    ['right-bottom', '', 'bottom'],
    ['left-top', 'vertical-align: middle', 'middle'],
  ])('aligns @%s { %s } to its %s', async (name, css, expected) => {
    const html = `<html><head><style>@page { size: 400px 600px; margin: 50px; @${name} { content: "m"; ${css} } } body { margin: 0; font: 12px Arimo }</style></head><body>x</body></html>`;
    const [page] = await layoutHtml(html);
    const [box] = page.marginBoxes;
    const lines = (f: Fragment): LineFragment[] => f.kind === 'line' ? [f] : f.kind === 'box' ? f.children.flatMap(lines) : [];
    const [line] = lines(box);
    const top = line.y - box.y;
    const bottom = box.y + box.height - (line.y + line.height);
    const where = top < 1 ? 'top' : bottom < 1 ? 'bottom' : Math.abs(top - bottom) < 1 ? 'middle' : `${top}/${bottom}`;
    expect(where).toBe(expected);
  });
});

describe('bookmarks', () => {
  it('makes the PDF outline from h1–h6, nested by level', async () => {
    const pdf = await readPdf(await renderPdf(doc('', '<h1>Intro</h1><h2>Scope</h2><h2>Terms</h2><h1>Usage</h1><h3>Deep <em>one</em></h3>')));
    expect(pdf.outline).toEqual([
      { title: 'Intro', level: 1 }, { title: 'Scope', level: 2 }, { title: 'Terms', level: 2 },
      { title: 'Usage', level: 1 }, { title: 'Deep one', level: 2 },
    ]);
  });

  it('honours bookmark-level: none and bookmark-label', async () => {
    const html = '<style>h2 { bookmark-level: none } h1 { bookmark-label: "Chapter: " content() }</style><h1>One</h1><h2>hidden</h2>';
    const pdf = await readPdf(await renderPdf(html));
    expect(pdf.outline).toEqual([{ title: 'Chapter: One', level: 1 }]);
  });
});

describe('named pages', () => {
  const html = `<html><head><style>
    @page { size: 400px 300px; margin: 40px; @bottom-center { content: "plain" } }
    @page chapter { background-color: yellow; @bottom-center { content: "chapter" } }
    body { margin: 0; font: 12px Arimo } .chapter { page: chapter }
  </style></head><body><p>intro</p><div class="chapter"><p>one</p></div><p>outro</p></body></html>`;

  it("starts a new page where the page name changes and uses that name's @page rules", async () => {
    const pages = await layoutHtml(html);
    expect(pages.map((p) => p.name)).toEqual([null, 'chapter', null]);
    expect(pages[1].background).toEqual({ r: 255, g: 255, b: 0, a: 1 });
    expect(pages[0].background).toBeNull();
    const pdf = await readPdf(await renderPdf(html));
    expect(pdf.pages.map((p) => p.text.includes('chapter'))).toEqual([false, true, false]);
  });

  // Start and end page values (css-page-3 §4.2.1), each case as Chromium 156 breaks it.
  const named = (body: string): string => `<html><head><style>
    @page { size: 400px 300px; margin: 40px } @page a { background: orange } @page b { background: teal }
    body { margin: 0; font: 12px Arimo } p { margin: 0 } .a { page: a } .b { page: b }
  </style></head><body>${body}</body></html>`;
  const pageTexts = async (body: string): Promise<string[]> => (await readPdf(await renderPdf(named(body)))).pages.map((p) => p.text.trim().replace(/\s+/g, ' '));

  it.each([
    ['a named first descendant breaks before its ancestors', '<p>intro</p><div><div class="a"><p>pre</p></div></div>', ['intro', 'pre']],
    ['a named last descendant breaks after its ancestors', '<div><p class="a">A</p></div><p>B</p>', ['A', 'B']],
    ['siblings whose contents share a name stay together', '<div class="a"><p>one</p></div><div class="a"><p>two</p></div>', ['one two']],
    ['the deepest name at the start is the one compared', '<p class="b">x</p><div class="a"><p class="b">y</p><p>z</p></div>', ['x y', 'z']],
    ['the deepest name at the end is the one compared', '<div class="a"><p>y</p><p class="b">w</p></div><p class="b">after</p>', ['y', 'w after']],
    ['names propagate out of flex items', '<p>x</p><div style="display: flex"><p class="a">y</p></div>', ['x', 'y']],
    ['out-of-flow boxes take no part', '<p>x</p><p class="a" style="position: absolute; top: 200px">abs</p><p>y</p>', ['x y abs']],
  ])('%s', async (_, body, expected) => {
    expect(await pageTexts(body)).toEqual(expected);
  });

  it('names the page after a propagated break by its first box', async () => {
    const pages = await layoutHtml(named('<p>intro</p><div><div class="a"><p>pre</p></div></div>'));
    expect(pages.map((p) => p.name)).toEqual([null, 'a']);
    expect(pages[1].background).toEqual({ r: 255, g: 165, b: 0, a: 1 });
  });
});

describe('margin boxes in the PDF', () => {
  it('are written before the page\u2019s content, as Chromium writes them: text extractors read the footer first', async () => {
    const pdf = await readPdf(await renderPdf(doc('@bottom-center { content: "Page " counter(page) " of " counter(pages) }', paragraphs(5))));
    pdf.pages.forEach((page, i) => expect(page.text.split('\n')[0]).toBe(`Page ${i + 1} of 3`));
  });

  it('are written round the page clockwise from the top-left corner, whatever order the rules name them in', async () => {
    const boxes = '@bottom-left { content: "BL" } @left-middle { content: "LM" } @top-center { content: "TC" } @right-middle { content: "RM" } @bottom-right { content: "BR" } @top-left-corner { content: "TLC" }';
    const pdf = await readPdf(await renderPdf(doc(boxes, paragraphs(1))));
    const text = pdf.pages[0]!.text;
    const order = ['TLC', 'TC', 'RM', 'BR', 'BL', 'LM'].map((name) => text.indexOf(name));
    expect(order.every((at) => at >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(order[order.length - 1]).toBeLessThan(text.indexOf('para 1'));
  });
});
