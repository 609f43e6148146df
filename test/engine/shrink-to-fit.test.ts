// Shrink to fit: content wider than its page area is laid out on larger pages and scaled down, by
// the factor Chromium uses (decision 0161). Expected factors are Chromium's, measured on probes.
import { describe, expect, it } from 'vitest';
import type { PageFragment } from '../../src/engine/layout/fragments.js';
import { findBox, layoutHtml, paintHtml, textRuns } from '../../src/testing/render.js';

/** How much the document was shrunk: 1 / the pages' scale. */
const factorOf = (pages: readonly PageFragment[]): number => 1 / pages[0].scale;

const layout = (body: string, css = ''): Promise<PageFragment[]> =>
  layoutHtml(`<!doctype html><style>body { margin: 0 } ${css}</style>${body}<p>Hello world</p>`);

/** The page area a page was laid out in, in layout px. */
const areaOf = (page: PageFragment): [number, number] => [
  page.width / page.scale - page.margins.left - page.margins.right,
  page.height / page.scale - page.margins.top - page.margins.bottom,
];

describe('shrink to fit: what overflows', () => {
  it.each([
    ['a 700px block', '<div style="width: 700px; height: 10px"></div>', 700 / 646],
    ['a negative right margin', '<div style="margin-right: -100px; height: 10px"></div>', 746 / 646],
    ['margin: 0 -2cm', '<div style="margin: 0 -2cm; height: 10px"></div>', (646 + 96 / 1.27) / 646],
    ['an absolutely positioned box', '<div style="position: absolute; left: 600px; top: 0; width: 200px; height: 10px"></div>', 800 / 646],
    ['a relatively positioned box', '<div style="position: relative; left: 200px; width: 600px; height: 10px"></div>', 800 / 646],
    ['a float', '<div style="float: left; width: 750px; height: 10px"></div>', 750 / 646],
    ['a block image', '<img style="display: block; width: 800px; height: 10px" alt="">', 800 / 646],
    ['a body 21cm wide', '', 793.7 / 646, 'body { width: 21cm }'],
    ['a transformed box: translateX(200px) on 600px', '<div style="transform: translateX(200px); width: 600px; height: 10px"></div>', 800 / 646],
    ['a transformed box: scale(8) from its corner on 100px', '<div style="transform: scale(8); transform-origin: 0 0; width: 100px; height: 10px"></div>', 800 / 646],
    ['content on page 3 only', '<div style="height: 2000px"></div><div style="width: 800px; height: 10px"></div>', 800 / 646],
  ])('%s', async (_, body, expected, css = '') => {
    expect(factorOf(await layout(body, css))).toBeCloseTo(expected, 3);
  });

  it.each([
    ['what an overflow: hidden box clips', '<div style="overflow: hidden; height: 20px"><div style="width: 900px; height: 10px"></div></div>'],
    ['a negative left margin', '<div style="margin-left: -100px; width: 700px; height: 10px"></div>'],
    ['a fixed box (it repeats on every page)', '<div style="position: fixed; left: 600px; top: 0; width: 200px; height: 10px"></div>'],
    ['a 700px block on a first page with no margins', '<div style="width: 700px; height: 10px"></div>', '@page :first { margin: 0 }'],
  ])('not %s', async (_, body, css = '') => {
    expect(factorOf(await layout(body, css))).toBe(1);
  });

  it('text overflowing its line: a nowrap line reaching 953px (Chromium: 1.4754)', async () => {
    const pages = await layout('<div style="width: 300px"><p id=nowrap style="white-space: nowrap; margin: 0">Lorem ipsum dolor sit amet consectetur adipiscing elit sed do eiusmod tempor incididunt ut labore et dolore magna aliqua Ut enim ad minim veniam</p></div>');
    expect(factorOf(pages)).toBeCloseTo(1.4754, 3);
    const [run] = textRuns(pages, '#nowrap');
    expect(run.x + run.width - pages[0].margins.left).toBeCloseTo(646 * factorOf(pages), 3);
  });

  it('a word too long for its line (Chromium: 1.02344)', async () => {
    const pages = await layout('<p>Supercalifragilisticexpialidocious_Supercalifragilisticexpialidocious_Supercalifragilisticexpialidocious</p>');
    expect(factorOf(pages)).toBeCloseTo(1.02344, 3);
  });

  it('shrinks by at most 1.5', async () => {
    expect(factorOf(await layout('<div style="width: 2000px; height: 10px"></div>'))).toBe(1.5);
  });
});

describe('shrink to fit: each page against its own page area', () => {
  it('a first page with no margins has a 795px page area: 900px shrinks by 900 / 795', async () => {
    expect(factorOf(await layout('<div style="width: 900px; height: 10px"></div>', '@page :first { margin: 0 }'))).toBeCloseTo(900 / 795, 4);
  });

  it('the page that overflows most sets the factor for all: 830px on the margin-free first page, 720px on the second', async () => {
    const pages = await layout('<div style="width: 830px; height: 10px"></div><div style="height: 1200px"></div><div style="width: 720px; height: 10px"></div>', '@page :first { margin: 0 }');
    expect(pages.map((p) => p.scale)).toEqual([646 / 720, 646 / 720]);
  });

  it('a box pulled 3cm left, 21cm wide with 4cm of padding, on a second page (the report\'s skills heading)', async () => {
    const pages = await layout('<div style="height: 1200px"></div><h3 style="margin: 0 -3cm; padding: 1cm 1cm 1cm 3cm; width: 21cm">Skills</h3>', '@page :first { margin: 0 }');
    expect(factorOf(pages)).toBeCloseTo(831.5 / 646, 4);
  });
});

describe('shrink to fit: the page area of the larger pages', () => {
  it('is snapped again: 831.5px content lays out in an 831px area, 1254px tall', async () => {
    const pages = await layout('<div id=w style="width: 831.5px; height: 10px"></div><div id=full style="height: 10px"></div>');
    expect(areaOf(pages[0])[0]).toBeCloseTo(831, 6);
    expect(areaOf(pages[0])[1]).toBeCloseTo(1255, 6);
    expect(findBox(pages, '#full').width).toBe(831);
  });

  it('at the 1.5 cap: a 968 × 1462 area (the margins scale to 112px exactly)', async () => {
    const pages = await layout('<div style="width: 1000px; height: 10px"></div>');
    expect(areaOf(pages[0])[0]).toBeCloseTo(968, 6);
    expect(areaOf(pages[0])[1]).toBeCloseTo(1462, 6);
  });

  it('@page { margin: 2cm }: 831.5px content in an 831px area, shrunk by 644 / 831.5', async () => {
    const pages = await layout('<div style="width: 831.5px; height: 10px"></div>', '@page { margin: 2cm }');
    expect(factorOf(pages)).toBeCloseTo(831.5 / 644, 4);
    expect(areaOf(pages[0])[0]).toBeCloseTo(831, 6);
  });

  it('the page area keeps its corner on the paper: 75px from the edges', async () => {
    const [page] = await layout('<div style="width: 1000px; height: 10px"></div>');
    expect(page.margins.left * page.scale).toBeCloseTo(75, 6);
    expect(page.margins.top * page.scale).toBeCloseTo(75, 6);
  });

  it('breaks pages at the larger area\'s height: 207 lines of 7px after a 7px block (Chromium)', async () => {
    const lines = Array.from({ length: 260 }, (_, i) => `<p>L${i + 1}</p>`).join('');
    const pages = await layout(`<div style="width: 1000px; height: 7px"></div>${lines}`, 'p { margin: 0; height: 7px; font-size: 6px; line-height: 7px }');
    expect(textRuns([pages[0]]).filter((r) => r.text.startsWith('L')).length).toBe(207);
  });
});

describe('shrink to fit: viewport units', () => {
  it('resolve against the larger viewport the shrunk document is laid out in, as in Chromium', async () => {
    const pages = await layout('<div style="width: 1000px; height: 10px"></div><div id=v style="height: 50vh; width: 10vw"></div>');
    const [width, height] = areaOf(pages[0]);
    // (The viewport is the page area times the factor, before the area is snapped to whole px.)
    expect(Math.abs(findBox(pages, '#v').height - height / 2)).toBeLessThan(1);
    expect(Math.abs(findBox(pages, '#v').width - width / 10)).toBeLessThan(1);
    expect(findBox(pages, '#v').height).toBeGreaterThan(700);
    // Without the wide block: the page area itself (645 × 974).
    const plain = await layout('<div id=v style="height: 50vh; width: 10vw"></div>');
    expect(findBox(plain, '#v').height).toBeCloseTo(487, 0);
  });
});

describe('shrink to fit: margin boxes', () => {
  const css = "@page { @top-left { content: 'TOPLEFT'; width: 1cm; height: 1cm } @bottom-right { content: 'BR' } }";
  const wide = '<div style="width: 900px; height: 10px"></div>';

  it('are laid out on the paper, at the size they have on a page that is not shrunk (Chromium does not scale them)', async () => {
    const [shrunk] = await layout(wide, css);
    const [plain] = await layout('', css);
    expect(factorOf([shrunk])).toBeCloseTo(900 / 646, 4);
    const rects = (page: PageFragment) => page.marginBoxes.map((b) => [b.x, b.y, b.width, b.height]);
    expect(rects(shrunk)).toEqual(rects(plain));
  });

  it('are painted with the page\'s scale undone', async () => {
    const spy = await paintHtml(`<!doctype html><style>body { margin: 0 } ${css}</style>${wide}`);
    const at = spy.calls.findIndex((c) => c.method === 'text' && c.args[0].text === 'TOPLEFT');
    const undo = spy.calls.slice(0, at).reverse().find((c) => c.method === 'transform');
    expect(undo?.args[0][0]).toBeCloseTo(900 / 646, 4);
    expect(undo?.args[0][3]).toBeCloseTo(900 / 646, 4);
  });
});

describe('overflow on the root and the body goes to the viewport (CSS Overflow 3 §3.3)', () => {
  const wide = '<div style="width: 800px; height: 10px"></div>';

  it.each([
    ['html { overflow: hidden }'],
    ['html { overflow: auto }'],
    ['body { overflow: hidden }'],
    ['html { overflow: auto } body { overflow: hidden; width: 800px } div { width: auto !important }'],
  ])('does not keep a wide document from shrinking to fit, as in Chromium: %s', async (css) => {
    expect(factorOf(await layout(wide, css))).toBeCloseTo(800 / 646, 6);
  });

  it('leaves the body its own clip when the root has one', async () => {
    const pages = await layoutHtml('<!doctype html><style>html { overflow: auto } body { margin: 0; overflow: hidden; height: 40px; font: 16px/20px Arimo }</style><div>one</div><div>two</div><div id=three>three</div>');
    expect(textRuns(pages).map((r) => r.text)).toEqual(['one', 'two', 'three']);
    const spy = await paintHtml('<!doctype html><style>html { overflow: auto } body { margin: 0; overflow: hidden; height: 40px; font: 16px/20px Arimo }</style><div>one</div><div>two</div><div>three</div>');
    expect(spy.callsOf('text').map(({ args: [run] }) => run.text)).toEqual(['one', 'two']);
  });

  it('gives the body one used style, so its descendants share their computed styles from render to render', async () => {
    const html = '<!doctype html><style>body { overflow: hidden } p { color: red }</style><p id=p>Text</p>';
    const styleOf = async (): Promise<unknown> => (findBox(await layoutHtml(html), '#p').fragment as { style: unknown }).style;
    expect(await styleOf()).toBe(await styleOf());
  });

  it('lets a body whose overflow went to the viewport collapse its margins with its children, as Chromium does', async () => {
    const top = async (css: string): Promise<number> =>
      findBox(await layoutHtml(`<!doctype html><style>body { margin: 8px; ${css} } h1 { margin-top: 30px }</style><h1 id=t>Title</h1>`), '#t').y;
    expect(await top('overflow: hidden')).toBe(await top(''));
    expect(await top('overflow: hidden') - await top('overflow: hidden; border-top: 1px solid')).toBeLessThan(-8);
  });
});

describe('shrink to fit: empty inline boxes', () => {
  it('counts the padding of an inline box with nothing in it, as an icon font\'s <i> in a padded <span> (probed in Chromium 156)', async () => {
    const pages = await layoutHtml(`<!DOCTYPE html><style>@page { size: 400px 600px; margin: 0 } body { margin: 0; font: 16px/20px Arimo }</style>
      <div style="display:flex"><div id=a><span style="padding-left:8px"><i></i></span></div><div id=b>b</div></div>
      <div id=f style="float:left"><span style="padding-left:8px; border-right: 2px solid"></span></div><div>x</div>
      <div style="display:flex; clear:both"><div id=c>text<span style="padding-left:5px"></span></div><div>c</div></div>
      <div style="display:flex"><div id=t>text</div><div>t</div></div>`);
    expect([findBox(pages, '#a').width, findBox(pages, '#b').x]).toEqual([8, 8]);
    expect(findBox(pages, '#f').width).toBe(10);
    // After text too: the empty box at the paragraph's end keeps its padding.
    expect(findBox(pages, '#c').width).toBeCloseTo(findBox(pages, '#t').width + 5, 5);
  });
});

describe('shrink to fit: vertical pages (probed in Chromium 156)', () => {
  const vertical = (body: string): Promise<PageFragment[]> =>
    layoutHtml(`<!doctype html><html lang="ja" style="writing-mode: vertical-rl"><meta charset="utf-8"><style>@page { size: 500px 400px; margin: 40px } body { margin: 0; font-size: 20px } p { margin: 0 }</style>${body}</html>`);

  it('shrinks for a line running past the page area\u2019s foot: 360px of nowrap text in 320px, by 360 / 320', async () => {
    expect(factorOf(await vertical(`<p>縦書き</p><p style="white-space: nowrap">${'長い行'.repeat(6)}</p>`))).toBeCloseTo(1.125, 5);
    expect(factorOf(await vertical(`<p>縦書き</p><p style="white-space: nowrap">${'長い行'.repeat(12)}</p>`))).toBeCloseTo(1.5, 5);
  });

  it('does not shrink for what stands out on the block-start side: a box moved right, ruby over the first line', async () => {
    expect(factorOf(await vertical('<p>縦書き</p><div style="position: relative; right: -60px">右へ</div>'))).toBe(1);
    // The first line's annotation: its line box stands out right of the page area.
    expect(factorOf(await vertical('<p><ruby>漢字<rt>かんじ</rt></ruby>の読み方</p>'))).toBe(1);
  });
});
