// GCPM named strings: `string-set` on elements, `content: string(name, policy)` in margin boxes.
import { describe, expect, it } from 'vitest';
import { readPdf } from '../../src/testing/read-pdf.js';
import { renderPdf } from '../../src/testing/render.js';

const doc = (css: string, body: string): string =>
  `<html><head><style>@page { size: 1000px 300px; margin: 40px } body { margin: 0; font: 12px Arimo }
  p { margin: 0; height: 100px } h2 { margin: 0; font-size: 12px; height: 20px } ${css}</style></head><body>${body}</body></html>`;

/** Each page's top-centre line: the margin box text, told apart by a "head:" prefix. */
async function heads(css: string, body: string): Promise<string[]> {
  const pdf = await readPdf(await renderPdf(doc(css, body)));
  return pdf.pages.map((p) => p.text.split('\n').map((l) => l.trim()).find((l) => l.startsWith('head:')) ?? '');
}

// Pages: [A 1 2] [3 B 4 C 4b] [5]: two chapters start on page 2, neither before its content.
const chapters = '<h2>A</h2><p>1</p><p>2</p><p>3</p><h2>B</h2><p style="height: 40px">4</p><h2>C</h2><p style="height: 40px">4b</p><p>5</p>';
const setting = 'h2 { string-set: chapter content() }';

describe('string-set and string()', () => {
  it('first (the default): the first value set on the page, else the value at its start', async () => {
    const css = `${setting} @page { @top-center { content: "head:" string(chapter) } }`;
    expect(await heads(css, chapters)).toEqual(['head:A', 'head:B', 'head:C']);
  });

  it('last: the last value set on the page', async () => {
    const css = `${setting} @page { @top-center { content: "head:" string(chapter, last) } }`;
    expect(await heads(css, chapters)).toEqual(['head:A', 'head:C', 'head:C']);
  });

  it('start: a value set before any content of the page, else the one carried over', async () => {
    const css = `${setting} @page { @top-center { content: "head:" string(chapter, start) } }`;
    expect(await heads(css, chapters)).toEqual(['head:A', 'head:A', 'head:C']);
  });

  it('first-except: empty on the pages where the value is set', async () => {
    const css = `${setting} @page { @top-center { content: "head:" string(chapter, first-except) } }`;
    expect(await heads(css, chapters)).toEqual(['head:', 'head:', 'head:C']);
  });

  it('is empty before the first assignment', async () => {
    const css = `${setting} @page { @top-center { content: "head:" string(chapter) } }`;
    expect(await heads(css, '<p>0</p><p>0</p><p>0</p><h2>A</h2>')).toEqual(['head:', 'head:A']);
  });

  it('builds values from literals, counters, attributes and ::before', async () => {
    const css = `h2 { counter-increment: ch; string-set: chapter "Ch. " counter(ch, upper-roman) " " attr(title) " " content(before) "/" content(text), short content(first-letter) }
      h2::before { content: "§" } @page { @top-center { content: "head:" string(chapter) " (" string(short) ")" } }`;
    expect(await heads(css, '<h2 title="t1">First</h2><p>1</p><p>2</p><h2 title="t2">  Second   one </h2>'))
      .toEqual(['head:Ch. I t1 §/First (F)', 'head:Ch. II t2 §/Second one (S)']);
  });

  it('sets strings from inline elements and mixes them with page counters', async () => {
    const css = `.t { string-set: title content() } @page { @top-center { content: "head:" string(title) " — " counter(page) "/" counter(pages) } }`;
    expect(await heads(css, '<p>intro <span class="t">Alpha</span></p><p>x</p><p>y <em class="t">Beta</em></p>'))
      .toEqual(['head:Alpha — 1/2', 'head:Beta — 2/2']);
  });

  it('several names in one string-set', async () => {
    const css = `h2 { string-set: a content(), b "x" } @page { @top-left { content: "head:" string(a) } @bottom-left { content: string(b) } }`;
    const pdf = await readPdf(await renderPdf(doc(css, '<h2>One</h2>')));
    expect(pdf.pages[0].text.split('\n').map((l) => l.trim())).toEqual(expect.arrayContaining(['head:One', 'x']));
  });

  it('sets strings from display: contents elements on their first child, before the child\'s own', async () => {
    const css = `.c { display: contents; string-set: a "outer" } h2 { string-set: b content() }
      @page { @top-left { content: "head:" string(a) "+" string(b) } }`;
    expect(await heads(css, '<div class="c"><h2>inner</h2></div>')).toEqual(['head:outer+inner']);
  });

  it('sets strings from table rows and cells', async () => {
    const css = `td.name { string-set: name content() } tr { height: 100px } @page { @top-left { content: "head:" string(name, last) } }`;
    const rows = ['Ann', 'Bob', 'Cy'].map((n) => `<tr><td class="name">${n}</td><td>x</td></tr>`).join('');
    expect(await heads(css, `<table>${rows}</table>`)).toEqual(['head:Bob', 'head:Cy']);
  });
});
