// Forced page breaks inside boxes laid out with no page end (decision 0191): an inline-block, an
// absolutely positioned box or a margin box keeps all its content, and a float, a table cell and a
// flex item break at them as Chromium does. What clears floats that went on from the page before keeps its
// top margin and goes below them.
import { describe, expect, it } from 'vitest';
import { readPdf } from '../../src/testing/read-pdf.js';
import { findBox, findBoxes, layoutHtml, renderPdf } from '../../src/testing/render.js';

const STYLE = '<style>body { font: 14px/20px Arial; margin: 0 } h2 { break-before: page; margin: 10px 0; font-size: 16px }</style>';
const PARTS = (name: string) => `<p>${name} first.</p><h2>${name} second</h2><p>${name} third.</p>`;

const pageTexts = async (html: string): Promise<string[]> => {
  const { pages } = await readPdf(await renderPdf(html));
  return pages.map((p) => p.text.replace(/\s+/g, ' ').trim());
};

describe('forced breaks inside boxes laid out with no page end', () => {
  it.each([
    ['an inline-block', (body: string) => `<div style="display: inline-block; width: 200px">${body}</div>`],
    ['a table cell', (body: string) => `<table><tr><td>${body}</td></tr></table>`],
    ['a flex item', (body: string) => `<div style="display: flex"><div>${body}</div></div>`],
    ['a grid item', (body: string) => `<div style="display: grid"><div>${body}</div></div>`],
    ['an absolutely positioned box', (body: string) => `<div style="position: absolute; top: 100px; left: 300px; width: 200px">${body}</div>`],
    ['a margin box', (body: string) => `<style>@page { @top-center { content: element(head) } } .head { position: running(head) }</style><div class="head">${body}</div>`],
  ])('%s keeps everything after the break', async (_, wrap) => {
    const texts = await pageTexts(`${STYLE}<p>Before.</p>${wrap(PARTS('Box'))}<p>After.</p>`);
    const all = texts.join(' ');
    for (const part of ['Box first.', 'Box second', 'Box third.', 'After.']) expect(all).toContain(part);
  });

  it('an inline-block does not break the page (it is monolithic)', async () => {
    const texts = await pageTexts(`${STYLE}<p>Before.</p><div style="display: inline-block">${PARTS('IB')}</div><p>After.</p>`);
    expect(texts).toEqual(['Before. IB first. IB second IB third. After.']);
  });

  it('a table whose rows force breaks, inside an inline-block, keeps every row', async () => {
    const rows = ['One', 'Two', 'Three'].map((t) => `<tr style="break-before: page"><td>${t}</td></tr>`).join('');
    const texts = await pageTexts(`${STYLE}<div style="display: inline-block"><table>${rows}</table></div>`);
    expect(texts.join(' ')).toBe('One Two Three');
  });

  it('flex items forcing breaks, inside an inline-block, are all kept', async () => {
    const items = ['One', 'Two', 'Three'].map((t) => `<div style="break-before: page">${t}</div>`).join('');
    const texts = await pageTexts(`${STYLE}<div style="display: inline-block"><div style="display: flex; flex-direction: column">${items}</div></div>`);
    expect(texts.join(' ')).toBe('One Two Three');
  });
});

describe('forced breaks inside floats', () => {
  const FLOAT = `${STYLE}<style>.f { float: left; width: 60% } .s { float: right; width: 35% }</style>
    <p>Before the float.</p>
    <div class="f"><p>First part.</p><h2>Second section</h2><p>Second part.</p><h2>Third section</h2><p>Third part.</p></div>
    <div class="s"><p>Side float.</p></div>
    <p style="clear: both">After the floats.</p>`;

  it('break the float there, as Chromium does; what clears it follows its last part', async () => {
    // (Sentences compared as sets: floats are painted before the in-flow text beside them.)
    const sentences = (text: string) => text.split(/(?<=\.) /).sort();
    expect((await pageTexts(FLOAT)).map(sentences)).toEqual([
      ['Before the float.', 'First part.', 'Side float.'],
      ['Second section Second part.'],
      ['Third section Third part.', 'After the floats.'].sort(),
    ]);
  });

  it('a float with no forced break that fits stays whole on its page', async () => {
    const texts = await pageTexts(`${STYLE}<div style="float: left; width: 50%"><p>One.</p><p>Two.</p></div><p>Beside.</p>`);
    expect(texts).toEqual(['One. Two. Beside.']);
  });
});

describe('forced breaks inside table cells and flex items', () => {
  const at = (pages: Awaited<ReturnType<typeof layoutHtml>>, selector: string) => findBoxes(pages, selector).map((b) => [b.page, b.y]);

  it('a table cell breaks its row there; the heading after the break keeps its top margin', async () => {
    const pages = await layoutHtml(`${STYLE}<p>Before.</p><table><tr><td>${PARTS('Cell')}</td><td>Side.</td></tr><tr><td id="next">Next row</td></tr></table>`);
    expect(at(pages, 'h2')).toEqual([[1, 75 + 10]]);
    expect(findBox(pages, '#next').page).toBe(1);
    expect(await pageTexts(`${STYLE}<table><tr><td>${PARTS('Cell')}</td><td>Side.</td></tr></table>`)).toEqual(['Cell first. Side.', 'Cell second Cell third.']);
  });

  it('an item of a row flex container breaks its line there', async () => {
    const pages = await layoutHtml(`${STYLE}<div style="display: flex"><div style="flex: 1">${PARTS('Flex')}</div><div style="flex: 1">Side.</div></div><p id="after">After.</p>`);
    expect(at(pages, 'h2')).toEqual([[1, 75 + 10]]);
    expect(findBox(pages, '#after').page).toBe(1);
  });

  it('a grid item breaks its row there', async () => {
    const pages = await layoutHtml(`${STYLE}<div style="display: grid; grid-template-columns: 1fr 1fr"><div>${PARTS('Grid')}</div><div>Side.</div><div id="next">Next row.</div></div>`);
    expect(at(pages, 'h2')).toEqual([[1, 75 + 10]]);
    expect(findBox(pages, '#next').page).toBe(1);
  });

  it('an item of a column flex container breaks there', async () => {
    const pages = await layoutHtml(`${STYLE}<div style="display: flex; flex-direction: column"><div>${PARTS('Column')}</div><div id="next">Next item.</div></div>`);
    expect(at(pages, 'h2')).toEqual([[1, 75 + 10]]);
    expect(findBox(pages, '#next').page).toBe(1);
  });
});

describe('in multi-column layout', () => {
  it('column breaks inside an inline-block, a float and a table cell keep everything after them', async () => {
    const b = 'style="break-before: column"';
    const texts = await pageTexts(`${STYLE}<div style="columns: 2"><p>Col one.</p>
      <div style="display: inline-block; width: 150px"><p>IB first.</p><p ${b}>IB second.</p></div>
      <div style="float: left; width: 150px"><p>Float first.</p><p ${b}>Float second.</p></div>
      <table><tr><td><p>Cell first.</p><p ${b}>Cell second.</p></td></tr></table></div>`);
    const all = texts.join(' ');
    for (const part of ['Col one.', 'IB first.', 'IB second.', 'Float first.', 'Float second.', 'Cell first.', 'Cell second.']) expect(all).toContain(part);
  });

  it('a table going on in the next column is placed in that column', async () => {
    const rows = Array.from({ length: 14 }, (_, i) => `<tr><td>Row ${i}</td></tr>`).join('');
    const pages = await layoutHtml(`<style>@page { size: 600px 800px; margin: 50px } body { margin: 0; font: 14px/20px Arial } .c { columns: 2; column-gap: 20px; height: 200px; column-fill: auto }</style><div class="c"><table>${rows}</table></div>`);
    const tables = findBoxes(pages, 'table');
    // Two columns of (500 - 20) / 2 px: the second part of the table starts at the second one's left edge.
    expect(tables.map((t) => [t.x, t.y])).toEqual([[50, 50], [310, 50]]);
  });
});

describe('clearing floats that went on from the page before', () => {
  const paragraphs = Array.from({ length: 30 }, (_, i) => `<p>Float paragraph ${i}.</p>`).join('');
  const html = `<style>@page { size: 600px 800px; margin: 50px } body { font: 14px/20px Arial; margin: 0 } p { margin: 14px 0 }</style>
    <p>Before.</p><div style="float: left; width: 60%">${paragraphs}</div><p id="after" style="clear: both">After the floats.</p>`;

  it('the clearing block goes below the float, its top margin kept, at the left edge', async () => {
    const pages = await layoutHtml(html);
    const after = findBox(pages, '#after');
    const float = findBoxes(pages, 'div').at(-1)!;
    expect(after.page).toBe(float.page);
    expect(after.x).toBe(50);
    // Clearance puts its border edge at the float's bottom (CSS 2.1 §9.5.2). Its 14px top margin was
    // taken as truncated at the page's top before, which left it 14px too high, beside the float.
    expect(after.y).toBeCloseTo(float.y + float.height, 3);
  });

  it('a clearing box that is its own formatting context (a clearfix table) goes to the next page below the float, with its text', async () => {
    const html = `<style>@page { size: 600px 400px; margin: 50px } body { margin: 0; font: 16px/20px Arial } .col { float: left; width: 50% }</style>
      <div style="height: 240px"></div>
      <div><div class="col">${Array.from({ length: 10 }, (_, i) => `L${i + 1}`).join('<br>')}</div><div class="col">R1<br>R2</div>
      <div id="clearer" style="clear: both; display: table">CLEARER</div></div><h2 id="after" style="margin: 0">After row</h2>`;
    const pages = await layoutHtml(html);
    const clearer = findBox(pages, '#clearer');
    const lastFloat = findBoxes(pages, '.col').at(-1)!;
    expect(clearer.page).toBe(1);
    expect(clearer.x).toBe(50);
    expect(clearer.y).toBeCloseTo(lastFloat.y + lastFloat.height, 3);
    expect(findBox(pages, '#after').y).toBeCloseTo(clearer.y + clearer.height, 3);
    expect((await pageTexts(html)).join(' ')).toContain('CLEARER');
  });
});

describe('a floated container starting inline content', () => {
  it('runs over as many pages as it needs, as a block-level float does: none of its text is lost', async () => {
    const paragraphs = Array.from({ length: 40 }, (_, i) => `<p>Paragraph ${i + 1} of the floated main column.</p>`).join('');
    const html = `<style>body { margin: 0; font: 14px/21px Arial } #main { float: left; width: 70% }</style><div id="main">${paragraphs}</div> loose text after the float <br>`;
    const texts = await pageTexts(html);
    expect(texts.length).toBeGreaterThan(1);
    const all = texts.join(' ');
    for (let i = 1; i <= 40; i++) expect(all).toContain(`Paragraph ${i} of`);
    expect(all).toContain('loose text after the float');
  });
});
