// GCPM running elements: `position: running(name)` out of the flow, shown by `content: element(name)` in margin boxes.
import { describe, expect, it } from 'vitest';
import { readPdf } from '../../src/testing/read-pdf.js';
import type { BoxFragment, Fragment } from '../../src/engine/layout/fragments.js';
import { solidPng } from '../../src/testing/image-fixtures.js';
import { dataUri, findBox, findBoxes, layoutHtml, renderPdf, textRuns } from '../../src/testing/render.js';

const doc = (pageCss: string, body: string, css = ''): string =>
  `<html><head><style>@page { size: 400px 300px; margin: 40px; ${pageCss} } body { margin: 0; font: 12px Arimo } p { margin: 0; height: 100px; break-inside: avoid }
  .run { position: running(header) } ${css}</style></head><body>${body}</body></html>`;

/** The lines of each page that are one of `words` (page furniture), in reading order. */
const furniture = (pages: readonly { text: string }[], words: readonly string[]): string[][] =>
  pages.map((p) => p.text.split('\n').map((l) => l.trim()).filter((l) => words.includes(l)));

describe('running elements', () => {
  it('takes a running element out of the flow: it takes no space where it sits', async () => {
    const pages = await layoutHtml(doc('', '<p id="a">a</p><div class="run">Header</div><p id="b">b</p>'));
    expect(findBox(pages, '#b').y).toBe(140);
    expect(findBoxes(pages, 'div.run')).toHaveLength(0);
    expect(textRuns(pages).map((r) => r.text).join(' ')).not.toContain('Header');
  });

  // Pages: [Alpha 1 2] [3 Beta 4 Gamma 4b] [5]: two assignments on page 2, neither before its content.
  const three = '<div class="run">Alpha</div><p>1</p><p>2</p><p>3</p><div class="run">Beta</div><p style="height: 50px">4</p>'
    + '<div class="run">Gamma</div><p style="height: 50px">4b</p><p>5</p>';
  const shown = async (value: string): Promise<string[][]> => {
    const pdf = await readPdf(await renderPdf(doc(`@top-center { content: ${value} }`, three)));
    expect(pdf.pageCount).toBe(3);
    return furniture(pdf.pages, ['Alpha', 'Beta', 'Gamma']);
  };

  it('shows the first assignment on the page, else the last one before it (element(name) is first)', async () => {
    expect(await shown('element(header)')).toEqual([['Alpha'], ['Beta'], ['Gamma']]);
    expect(await shown('element(header, first)')).toEqual([['Alpha'], ['Beta'], ['Gamma']]);
  });

  it('start: the assignment only when it comes before any content of the page', async () => {
    expect(await shown('element(header, start)')).toEqual([['Alpha'], ['Alpha'], ['Gamma']]);
  });

  it('last: the last assignment on the page', async () => {
    expect(await shown('element(header, last)')).toEqual([['Alpha'], ['Gamma'], ['Gamma']]);
  });

  it('first-except: nothing on the pages where it is assigned', async () => {
    expect(await shown('element(header, first-except)')).toEqual([[], [], ['Gamma']]);
  });

  it('a running header changes with the chapter title across pages', async () => {
    const chapter = (n: number): string => `<section><h1 class="run">Chapter ${n}</h1><p>${n}.1</p><p>${n}.2</p><p>${n}.3</p></section>`;
    const css = '@top-center { content: element(header) } @bottom-center { content: "Page " counter(page) " of " counter(pages) }';
    const html = doc(css, chapter(1) + chapter(2)).replace('</style>', 'section { break-before: page } h1 { font-size: 10px; margin: 0 }</style>');
    const pdf = await readPdf(await renderPdf(html));
    expect(pdf.pageCount).toBe(4);
    expect(furniture(pdf.pages, ['Chapter 1', 'Chapter 2'])).toEqual([['Chapter 1'], ['Chapter 1'], ['Chapter 2'], ['Chapter 2']]);
    pdf.pages.forEach((p, i) => expect(p.text).toContain(`Page ${i + 1} of 4`));
  });

  it('moves a running element to the next page with the content a break puts there', async () => {
    const pdf = await readPdf(await renderPdf(doc('@top-center { content: element(header) }',
      '<div class="run">One</div><p>1</p><div class="run">Two</div><p style="break-before: page">2</p>')));
    expect(furniture(pdf.pages, ['One', 'Two'])).toEqual([['One'], ['Two']]);
  });

  it('moves a running element to the next page when what follows it does not fit', async () => {
    const pdf = await readPdf(await renderPdf(doc('@top-center { content: element(header, start) }',
      '<div class="run">One</div><p>1</p><p>2</p><div class="run">Two</div><p>3</p>')));
    expect(furniture(pdf.pages, ['One', 'Two'])).toEqual([['One'], ['Two']]);
  });

  it('lays the element out in the margin box with its own styles: fonts, colours, borders, tables', async () => {
    const header = '<table class="run" style="font: bold 10px Cousine; color: rgb(0, 0, 255); border: 2px solid red">'
      + '<tr><td>Left</td><td style="color: green">Right</td></tr></table>';
    const html = doc('@top-center { content: element(header) }', `${header}<p>body</p>`);
    const pages = await layoutHtml(html);
    const [box] = pages[0].marginBoxes;
    const all = [...walk(box)];
    const table = all.find((f): f is BoxFragment => f.kind === 'box' && f.box.kind === 'table');
    expect(table?.style.borderTop.width).toBe(2);
    const runs = all.filter((f) => f.kind === 'text');
    expect(runs.map((r) => r.kind === 'text' && [r.text, r.font.key.split(' ')[0], r.style.color.b, r.style.color.g])).toEqual([
      ['Left', 'Cousine-Bold', 255, 0], ['Right', 'Cousine-Bold', 0, 128],
    ]);
    // The margin box sits in the top margin; the element takes no room in the flow.
    expect(table!.y + table!.height).toBeLessThanOrEqual(40);
    expect(findBox(pages, 'p').y).toBe(40);
    const pdf = await readPdf(await renderPdf(html));
    expect(pdf.fontNames).toContain('Cousine-Bold');
  });

  it('a placeholder neither names a page nor stays behind when a page name changes', async () => {
    const css = '.ch { page: chapter } @page chapter { @top-center { content: "chapter " element(header) } }';
    // Inline running elements sit on the line of the margin box's strings.
    const body = '<span class="run">A</span><div class="ch"><p>1</p></div><p>2</p><span class="run">B</span><div class="ch"><p>3</p></div>';
    const pages = await layoutHtml(doc('@top-center { content: "plain " element(header) }', body, css));
    expect(pages.map((p) => p.name)).toEqual(['chapter', null, 'chapter']);
    const pdf = await readPdf(await renderPdf(doc('@top-center { content: "plain " element(header) }', body, css)));
    expect(furniture(pdf.pages, ['chapter A', 'plain A', 'chapter B', 'plain B'])).toEqual([['chapter A'], ['plain A'], ['chapter B']]);
  });

  it('fills in counter(page) and counter(pages) generated inside the element on each page', async () => {
    const css = '.foot { position: running(footer) } .n::after { content: counter(page) } .t::after { content: counter(pages, upper-roman) }';
    const footer = '<div class="foot">Page <span class="n"></span> of <span class="t"></span></div>';
    const pdf = await readPdf(await renderPdf(doc('@bottom-center { content: element(footer) }', `${footer}<p>1</p><p>2</p><p>3</p><p>4</p><p>5</p>`, css)));
    expect(pdf.pageCount).toBe(3);
    expect(furniture(pdf.pages, ['Page 1 of III', 'Page 2 of III', 'Page 3 of III'])).toEqual([['Page 1 of III'], ['Page 2 of III'], ['Page 3 of III']]);
  });

  it('carries the images inside the element into the margin box', async () => {
    const logo = dataUri(solidPng(20, 10, [0, 0, 255, 255]), 'image/png');
    const pages = await layoutHtml(doc('@top-left { content: element(header) }', `<div class="run"><img src="${logo}"> Acme</div><p>body</p>`));
    const image = [...walk(pages[0].marginBoxes[0])].find((f) => f.kind === 'replaced');
    expect(image && [image.x, image.width, image.height]).toEqual([40, 20, 10]);
    expect(image!.y).toBeGreaterThan(0);
    expect(image!.y + 10).toBeLessThanOrEqual(40);
  });

  it('makes no flex item of a running element', async () => {
    const pages = await layoutHtml(doc('@top-left { content: element(header) }',
      '<div style="display: flex; gap: 10px"><div class="run">Head</div><div id="a">a</div><span class="run">Two</span><div id="b">b</div></div>'));
    expect(findBox(pages, '#a').x).toBe(40);
    expect(findBox(pages, '#b').x).toBeCloseTo(40 + findBox(pages, '#a').width + 10, 5);
    const runs = [...walk(pages[0].marginBoxes[0])].filter((f) => f.kind === 'text');
    expect(runs.map((r) => r.kind === 'text' && r.text)).toEqual(['Head']);
  });

  it('takes an inline running element out of its line', async () => {
    const html = doc('@top-left { content: element(header) }', '<p id="p">before <span class="run" style="font-style: italic">Run</span>after</p>');
    const pages = await layoutHtml(html);
    expect(textRuns(pages, '#p').map((r) => r.text).join('')).toBe('before after');
    const runs = [...walk(pages[0].marginBoxes[0])].filter((f) => f.kind === 'text');
    expect(runs.map((r) => r.kind === 'text' && r.text)).toEqual(['Run']);
  });
});

function* walk(fragment: Fragment): Generator<Fragment> {
  yield fragment;
  if (fragment.kind === 'box' || fragment.kind === 'line') for (const child of fragment.children) yield* walk(child);
}
