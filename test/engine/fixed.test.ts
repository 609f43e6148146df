// position: fixed boxes repeat on every page, at the same place on the page, as Chromium prints them.
import { describe, expect, it } from 'vitest';
import { readPdf } from '../../src/testing/read-pdf.js';
import { findBox, findBoxes, layoutHtml, renderPdf } from '../../src/testing/render.js';

const doc = (css: string, body: string): string =>
  `<html><head><style>@page { size: 400px 300px; margin: 40px } body { margin: 0; font: 12px/16px Arimo } p { margin: 0; height: 100px; break-inside: avoid } ${css}</style></head><body>${body}</body></html>`;

const paragraphs = (from: number, to: number): string => Array.from({ length: to - from + 1 }, (_, i) => `<p>para ${from + i}</p>`).join('');

const headerFooter = '.head { position: fixed; top: 0; left: 0; right: 0; height: 20px; background: #ddd } .foot { position: fixed; bottom: 0; right: 0 }';

describe('position: fixed', () => {
  it('repeats a fixed header and footer on every page, wherever they are in the document', async () => {
    const html = doc(`${headerFooter} p { padding-top: 30px; height: 70px }`, `${paragraphs(1, 5)}<div class="head">HEADER</div><div class="foot">FOOTER</div>`);
    const pdf = await readPdf(await renderPdf(html));
    expect(pdf.pageCount).toBe(3);
    for (const page of pdf.pages) {
      const lines = page.text.split('\n');
      expect(lines.filter((l) => l === 'HEADER' || l === 'FOOTER').sort()).toEqual(['FOOTER', 'HEADER']);
    }
    expect(pdf.pages.map((p) => p.text.split('\n').filter((l) => l.startsWith('para')))).toEqual([['para 1', 'para 2'], ['para 3', 'para 4'], ['para 5']]);
  });

  it('places them against the page area, at the same place on every page', async () => {
    const pages = await layoutHtml(doc(headerFooter, `<div class="head">HEADER</div>${paragraphs(1, 5)}<div class="foot">FOOTER</div>`));
    const heads = findBoxes(pages, '.head');
    const feet = findBoxes(pages, '.foot');
    expect(heads.map((h) => [h.page, h.x, h.y, h.width, h.height])).toEqual([0, 1, 2].map((page) => [page, 40, 40, 320, 20]));
    for (const foot of feet) {
      expect(foot.x + foot.width).toBeCloseTo(360, 5);
      expect(foot.y + foot.height).toBeCloseTo(260, 5);
    }
    expect(feet.map((f) => f.page)).toEqual([0, 1, 2]);
  });

  it('prints the form controls inside a repeated box on its first page only, leaving their room empty (Chromium)', async () => {
    const controls = '<button>BTN</button><select><option>SEL</option></select><textarea>TXT</textarea><span class="keep" style="display: inline-block">SPAN</span>';
    const html = doc('.foot { position: fixed; bottom: 0; right: 0 }', `${paragraphs(1, 5)}<div class="foot">FOOT ${controls} END</div>`);
    const pdf = await readPdf(await renderPdf(html));
    const words = pdf.pages.map((page) => page.text.split(/\s+/).filter((w) => /^[A-Z]{3,4}$/.test(w)).sort());
    expect(words).toEqual([['BTN', 'END', 'FOOT', 'SEL', 'SPAN', 'TXT'], ['END', 'FOOT', 'SPAN'], ['END', 'FOOT', 'SPAN']]);
    const pages = await layoutHtml(html);
    const spans = findBoxes(pages, '.keep');
    expect(new Set(spans.map((span) => span.x)).size).toBe(1);
  });

  it('places a box by its static position inside a flex or grid item where the item ends up', async () => {
    const page = (body: string): string => `<style>@page { size: 400px 300px; margin: 20px } body { margin: 0; font: 12px/16px Arimo }</style>${body}`;
    const fixedIn = (container: string) => page(`<div style="${container};margin-left:10px"><nav><div id=f style="position:fixed;bottom:0;width:50%;height:20px">FIX</div></nav><div>content</div></div>`);
    for (const container of ['display:flex;flex-direction:column', 'display:flex', 'display:grid']) {
      expect(findBoxes(await layoutHtml(fixedIn(container)), '#f').map((f) => [f.x, f.y])).toEqual([[30, 260]]);
    }
    const absolute = await layoutHtml(page(`<div style="position:relative"><div style="display:flex;margin-left:30px;padding-top:15px"><div style="width:50px">a</div><div style="padding-left:7px"><div id=a style="position:absolute">ABS</div>b</div></div></div>`
      + `<div style="position:relative"><div style="display:grid;grid-template-columns:60px 1fr;margin:40px 0 0 10px"><div>c</div><div style="padding-top:9px"><div id=g style="position:absolute">GRD</div>d</div></div></div>`));
    // Where Chromium prints them (their text at 80.25pt and 67.5pt from the page's left edge).
    expect(findBox(absolute, '#a')).toMatchObject({ x: 107, y: 35 });
    expect(findBox(absolute, '#g')).toMatchObject({ x: 90 });
  });

  it('takes no space in the flow', async () => {
    const pages = await layoutHtml(doc(headerFooter, `<div class="head">HEADER</div>${paragraphs(1, 3)}`));
    expect(findBoxes(pages, 'p').map((p) => [p.page, p.y])).toEqual([[0, 40], [0, 140], [1, 40]]);
  });

  it('repeats a box placed by its static position from the page where it occurs, at that place', async () => {
    const css = '.auto { position: fixed; left: 100px }';
    const pages = await layoutHtml(doc(css, `${paragraphs(1, 3)}<div class="auto">here</div>${paragraphs(4, 6)}`));
    const boxes = findBoxes(pages, '.auto');
    // It occurs on page 2 below para 3 (y = 40 + 100): pages 2 and 3 show it there, page 1 does not.
    expect(boxes.map((b) => [b.page, b.x, b.y])).toEqual([[1, 140, 140], [2, 140, 140]]);
  });

  it('follows content pushed to the next page', async () => {
    const css = '.auto { position: fixed; left: 100px } .keep { break-inside: avoid } .keep p { height: 50px }';
    const pages = await layoutHtml(doc(css, `${paragraphs(1, 2)}<div class="keep"><div class="auto">here</div><p>a</p><p>b</p></div>${paragraphs(3, 4)}`));
    // The kept-together block does not fit below para 2: it moves to page 2 with the fixed box.
    expect(findBoxes(pages, '.keep').map((b) => b.page)).toEqual([1]);
    expect(findBoxes(pages, '.auto').map((b) => [b.page, b.y])).toEqual([[1, 40], [2, 40]]);
  });

  it('repeats nested fixed boxes too, and paints them above the flow', async () => {
    const css = '.wrap { margin: 10px } .stamp { position: fixed; top: 10px; right: 10px; width: 50px; height: 10px }';
    const pages = await layoutHtml(doc(css, `<div class="wrap"><section><div class="stamp"></div></section>${paragraphs(1, 5)}</div>`));
    const stamps = findBoxes(pages, '.stamp');
    expect(stamps.map((s) => [s.page, s.x, s.y])).toEqual([0, 1, 2].map((page) => [page, 300, 50]));
    for (const page of pages) {
      const children = page.root!.children;
      expect(children[children.length - 1].kind === 'box' && (children[children.length - 1] as { box: { element: { attribs: Record<string, string> } | null } }).box.element?.attribs.class).toBe('stamp');
    }
  });

  it('places absolutely positioned boxes once, not on every page', async () => {
    // Chromium puts one whose containing block is the initial one on the first page (decision 0125).
    const css = '.abs { position: absolute; top: 0; left: 0 }';
    const pages = await layoutHtml(doc(css, `${paragraphs(1, 3)}<div class="abs">once</div>`));
    expect(findBoxes(pages, '.abs').map((b) => [b.page, b.x, b.y])).toEqual([[0, 40, 40]]);
  });
});
