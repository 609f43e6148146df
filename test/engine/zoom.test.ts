// `zoom` on the root and the body, as Chromium 156 prints it (decision 0398). Expected values are
// Chromium's, from PDFs of the same markup on the default page (A4, 75px margins): word positions
// with pdftotext -bbox, in CSS px of the paper.
import { describe, expect, it } from 'vitest';
import { findBox, layoutHtml } from '../../src/testing/render.js';
import { styleDocument } from '../../src/engine/css/test-utils.js';
import { createNativeEngine } from '../../src/engine/index.js';

const lorem = 'Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt ut labore et dolore magna aliqua. ';
const doc = (css: string, body: string): string =>
  `<!doctype html><html><head><style>body { font: 16px 'DejaVu Sans' } ${css}</style></head><body>${body}</body></html>`;

describe('zoom on the root', () => {
  it('zooms every length, the page margins and viewport units, and leaves percentages of the page area', async () => {
    const pages = await layoutHtml(doc('html { zoom: 1.5 } h1 { font-size: 24px } .w { width: 100% } .v { width: 50vw; height: 10px }',
      '<h1>Heading</h1><div class="w">full</div><div class="v"></div>'));
    const page = pages[0]!;
    expect(page.scale).toBe(1.5);
    // The page's margins zoom with the root: 75 × 1.5 on the paper, the area snapped there (Chromium's text starts at 124px).
    expect(findBox(pages, 'body').x * page.scale).toBeCloseTo(112 + 12, 6);
    // A percentage of the page area is the whole area less the body's zoomed margins: Chromium's 546.92px (410.19pt).
    expect(findBox(pages, '.w').width * page.scale).toBeCloseTo(546.92, 0);
    // 50vw of the page area the zoomed margins leave, zoomed: Chromium's 427.94px (320.96pt).
    expect(findBox(pages, '.v').width * page.scale).toBeCloseTo(427.94, 0);
    // A normal line height is the zoomed font's rounded ascent and descent: 41px for 36px DejaVu Sans Bold, not 1.5 × 28.
    expect(findBox(pages, 'h1').height * page.scale).toBeCloseTo(41, 6);
  });

  it('snaps border widths to whole pixels of the zoomed page', async () => {
    // Chromium: a 200px box with 3px borders at zoom 1.5 is 308px wide (4.5px borders print 4px).
    const pages = await layoutHtml(doc('html { zoom: 1.5 } .p { width: 200px; border: 3px solid } .q { width: 200px; border: 0.5px solid }', '<div class="p">p</div><div class="q">q</div>'));
    expect(findBox(pages, '.p').width * pages[0]!.scale).toBeCloseTo(308, 6);
    // Under a pixel is one pixel.
    expect(findBox(pages, '.q').width * pages[0]!.scale).toBeCloseTo(300 + 2, 6);
  });

  it('zooms the page margin boxes with the root, as Chromium does', async () => {
    const pages = await layoutHtml(doc("@page { margin: 60px; @bottom-center { content: 'Page ' counter(page); font: 10px 'DejaVu Sans' } } html { zoom: 0.7 }", '<p>x</p>'));
    const page = pages[0]!;
    expect(page.marginZoom).toBe(0.7);
    const box = page.marginBoxes[0]!;
    // The bottom margin is 60px zoomed: the box starts 42px above the paper's bottom edge, in the margin boxes' zoomed space.
    expect(box.y * 0.7).toBeCloseTo(page.height - 42, 0);
    expect(box.height * 0.7).toBeCloseTo(42, 0);
  });

  it('takes as many pages as Chromium', async () => {
    const body = Array.from({ length: 30 }, (_, i) => `<p>${i}. ${lorem.repeat(3)}</p>`).join('');
    expect(await layoutHtml(doc('html { zoom: 1.5 }', body))).toHaveLength(10);
    expect(await layoutHtml(doc('html { zoom: 0.5 }', body))).toHaveLength(1);
  });
});

describe('zoom on the body', () => {
  it('zooms the body and its content but not the page margins', async () => {
    const pages = await layoutHtml(doc('body { zoom: 0.8 } .v { width: 50vw; height: 10px }', '<p>x</p><div class="v"></div>'));
    const page = pages[0]!;
    expect(page.scale).toBe(0.8);
    expect(page.margins.left * page.scale).toBeCloseTo(75, 6);
    // Chromium: the body's 8px margin becomes 6.390625 (6.4 in layout units).
    expect(findBox(pages, 'body').x * page.scale).toBeCloseTo(75 + 6.39, 1);
    // 50vw of the unzoomed page area (645px), zoomed: Chromium's 257.96px (193.47pt).
    expect(findBox(pages, '.v').width * page.scale).toBeCloseTo(257.96, 1);
  });

  it('breaks pages where Chromium does, a line height of 1.4 and of normal alike', async () => {
    const paragraphs = (n: number): string => Array.from({ length: n }, (_, i) => `<p>${i}. ${lorem.repeat(3)}</p>`).join('');
    expect(await layoutHtml(doc('body { zoom: 0.75; line-height: 1.4 }', paragraphs(60)))).toHaveLength(5);
    expect(await layoutHtml(doc('body { zoom: 80% }', `<h1>Heading</h1>${paragraphs(30)}`))).toHaveLength(3);
  });
});

describe('the zoom property', () => {
  const zoomOf = (declaration: string): number => styleDocument(`<div style="${declaration}"></div>`).style('div').zoom;

  it('takes numbers, percentages and normal; 0 is 1 and negative values are invalid', () => {
    expect(zoomOf('zoom: 0.8')).toBe(0.8);
    expect(zoomOf('zoom: 125%')).toBe(1.25);
    expect(zoomOf('zoom: normal')).toBe(1);
    expect(zoomOf('zoom: 0')).toBe(1);
    expect(zoomOf('zoom: -2')).toBe(1);
    expect(zoomOf('')).toBe(1);
  });

  it('leaves documents without it on unscaled pages', async () => {
    expect((await layoutHtml(doc('', '<p>x</p>')))[0]!.scale).toBe(1);
  });
});

describe('zoom among other documents', () => {
  it('leaves nothing behind for the next document in the same engine (same stylesheet, zoom on the body or not)', async () => {
    const css = 'body { font: 14px "DejaVu Sans" } td { border: 1px solid } .frame { border: 4px solid; border-image: linear-gradient(red, blue) 1 }';
    const zoomed = `<!doctype html><style>${css}</style><body style="zoom: 0.8"><table><tr><td>a</td></tr></table><div class="frame">f</div></body>`;
    const plain = `<!doctype html><style>${css}</style><body><table><tr><td>a</td></tr></table><div class="frame">f</div></body>`;
    const engine = createNativeEngine();
    const sequence = [];
    for (const html of [zoomed, plain, zoomed, plain]) sequence.push(Buffer.from(await engine.render(html, { deterministic: true })));
    const fresh = async (html: string): Promise<Buffer> => Buffer.from(await createNativeEngine().render(html, { deterministic: true }));
    expect(sequence[0]!.equals(sequence[1]!)).toBe(false);
    expect(sequence[1]!.equals(await fresh(plain))).toBe(true);
    expect(sequence[2]!.equals(await fresh(zoomed))).toBe(true);
    expect(sequence[3]!.equals(sequence[1]!)).toBe(true);
  });
});
