// CSS the stylesheets of the last five years write (issue 28): each mechanism checked against the geometry Chromium prints.
import { describe, expect, it } from 'vitest';
import { findBox, findBoxes, layoutHtml, lineBoxes } from '../../src/testing/render.js';

describe('custom properties in @page rules', () => {
  it('resolves var() in page descriptors from the root element, as Chromium does', async () => {
    const pages = await layoutHtml(`<!DOCTYPE html><style>:root { --page-margin: 50px; --paper: 400px 600px }
      @page { size: var(--paper); margin: var(--page-margin) var(--missing, 30px) }
      body { margin: 0 }</style><div id=a style="height:10px"></div>`);
    expect([pages[0]!.width, pages[0]!.height]).toEqual([400, 600]);
    expect(findBox(pages, '#a')).toMatchObject({ x: 30, y: 50, width: 340 });
  });

  it('takes custom properties the @page rule sets itself, and ignores a descriptor whose var() is missing', async () => {
    const pages = await layoutHtml(`<!DOCTYPE html><style>@page { --m: 20px; size: 400px 600px; margin: var(--m) }
      @page :first { margin-left: var(--nowhere) }
      body { margin: 0 }</style><div id=a style="height:10px"></div>`);
    expect(findBox(pages, '#a')).toMatchObject({ x: 20, y: 20, width: 360 });
  });
});

describe('aspect-ratio', () => {
  const page = (body: string): string => `<!DOCTYPE html><style>@page { size: 600px 800px; margin: 0 } body { margin: 0; font: 16px/20px Arimo }</style>${body}`;
  // A 200 × 100 image: its own ratio is 2.
  const image = `data:image/svg+xml;utf8,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" width="200" height="100"><rect width="200" height="100" fill="red"/></svg>')}`;

  it('gives a block of auto height the height its width makes, in the box box-sizing names', async () => {
    const pages = await layoutHtml(page(`<div id=a style="width:320px; aspect-ratio: 16 / 9"></div>
      <div id=b style="width:300px; padding:10px; aspect-ratio: 3"></div>
      <div id=c style="width:300px; padding:10px; box-sizing:border-box; aspect-ratio: 3"></div>
      <div id=d style="width:100px; aspect-ratio: 1; height: 30px"></div>`));
    expect(findBox(pages, '#a').height).toBeCloseTo(180, 5);
    expect(findBox(pages, '#b').height).toBeCloseTo(100 + 20, 5);
    expect(findBox(pages, '#c').height).toBeCloseTo(100, 5);
    expect(findBox(pages, '#d').height).toBe(30);
  });

  it('gives a box of auto width the width its definite height makes: blocks, flex items, inline-blocks (probed in Chromium 156)', async () => {
    const pages = await layoutHtml(page(`<div id=a style="height:40px; aspect-ratio: 2"></div>
      <div id=b style="height:40px; aspect-ratio: 2; padding: 0 10px"></div>
      <div id=c style="height:40px; aspect-ratio: 2; box-sizing: border-box; padding: 5px"></div>
      <div style="display:flex"><div id=d style="height:40px; aspect-ratio: 2">d</div><div id=e style="height:30px; aspect-ratio: 3; padding: 5px">e</div><div id=z>z</div></div>
      <span id=g style="display:inline-block; height:30px; aspect-ratio: 2">g</span>
      <div style="height:100px"><div id=h style="height:50%; aspect-ratio: 3"></div></div>
      <div id=i style="height:20px; aspect-ratio: 1">averyveryverylongword</div>`));
    expect(findBox(pages, '#a').width).toBe(80);
    expect(findBox(pages, '#b').width).toBe(100);
    expect(findBox(pages, '#c').width).toBe(80);
    expect([findBox(pages, '#d').width, findBox(pages, '#e').width, findBox(pages, '#z').x]).toEqual([80, 100, 180]);
    expect(findBox(pages, '#g').width).toBe(60);
    expect(findBox(pages, '#h').width).toBe(150);
    // Never narrower than its content's longest word.
    expect(findBox(pages, '#i').width).toBeGreaterThan(100);
  });

  it('gives flex and grid containers of auto height the height their width makes, content centred in it, and grows them for more (probed in Chromium 156)', async () => {
    const pages = await layoutHtml(page(`<div id=a style="display:flex; aspect-ratio: 4 / 3; width:200px; align-items:center"><span id=t>01</span></div>
      <div style="display:grid; grid-template-columns: 1fr 1fr; width: 400px"><div><div id=b style="display:flex; aspect-ratio: 4 / 3">b</div></div></div>
      <div id=c style="display:flex; flex-direction:column; aspect-ratio: 2; width:200px; justify-content:center">c</div>
      <div id=d style="display:grid; aspect-ratio: 1; width:100px; box-sizing:border-box; padding:10px">d</div>
      <div id=e style="display:flex; flex-wrap:wrap; aspect-ratio: 2; width:100px">lots of words in a small box that need more lines than the ratio</div>`));
    expect(findBox(pages, '#a').height).toBeCloseTo(150, 5);
    // Centred on its cross axis in that height.
    expect(findBox(pages, '#t').y - findBox(pages, '#a').y).toBeCloseTo((150 - 20) / 2, 0);
    expect(findBox(pages, '#b').height).toBeCloseTo(150, 5);
    expect(findBox(pages, '#c').height).toBeCloseTo(100, 5);
    expect(findBox(pages, '#d').height).toBeCloseTo(100, 5);
    expect(findBox(pages, '#e').height).toBeGreaterThan(50);
  });

  it('grows a block to hold content taller than the ratio, unless it clips', async () => {
    const lines = '<br>'.repeat(9);
    const pages = await layoutHtml(page(`<div id=a style="width:200px; aspect-ratio: 4">x${lines}</div><div id=b style="width:200px; aspect-ratio: 4; overflow:hidden">x${lines}</div>`));
    expect(findBox(pages, '#a').height).toBe(9 * 20);
    expect(findBox(pages, '#b').height).toBeCloseTo(50, 5);
  });

  it("sizes a replaced element by aspect-ratio over its own ratio, and by its own with 'auto'", async () => {
    const pages = await layoutHtml(page(`<img id=a src="${image}" style="display:block; width:150px; aspect-ratio: 1">
      <img id=b src="${image}" style="display:block; width:150px; aspect-ratio: auto 1">
      <img id=c src="${image}" style="display:block; aspect-ratio: 4 / 1">
      <img id=d src="${image}" style="display:block; height:60px; aspect-ratio: 1 / 2">`));
    expect(findBox(pages, '#a')).toMatchObject({ width: 150, height: 150 });
    expect(findBox(pages, '#b')).toMatchObject({ width: 150, height: 75 });
    expect(findBox(pages, '#c')).toMatchObject({ width: 200, height: 50 });
    expect(findBox(pages, '#d')).toMatchObject({ width: 30, height: 60 });
  });
});

describe('overflow-wrap: anywhere in table cells', () => {
  it('lets an auto-width table column shrink below its longest word, as Chromium does, and break-word does not', async () => {
    const table = (wrap: string): string => `<table id=t style="width:200px; border-spacing:0"><tr><td id=a style="padding:0; ${wrap}">averyveryverylongwordwithoutbreaks</td><td style="padding:0">second column text</td></tr></table>`;
    const page = (body: string): string => `<!DOCTYPE html><style>@page { size: 600px 800px; margin: 0 } body { margin: 0; font: 16px/20px Arimo }</style>${body}`;
    const anywhere = findBox(await layoutHtml(page(table('overflow-wrap: anywhere'))), '#a');
    const breakWord = findBox(await layoutHtml(page(table('overflow-wrap: break-word'))), '#a');
    const legacy = findBox(await layoutHtml(page(table('word-break: break-word'))), '#a');
    expect(breakWord.width).toBeGreaterThan(200 - 60);
    expect(anywhere.width).toBeLessThan(120);
    expect(anywhere.height).toBeGreaterThan(20);
    expect(legacy.width).toBe(anywhere.width);
  });
});

describe('@container size queries', () => {
  const page = (css: string, body: string): string =>
    `<!DOCTYPE html><style>@page { size: 800px 1000px; margin: 0 } body { margin: 0; font: 16px/20px Arimo } ${css}</style>${body}`;

  it('resolves cq units against the nearest container of each axis, the page without one (probed in Chromium 156)', async () => {
    const pages = await layoutHtml(page(`
      .w { container-type: inline-size; padding: 5px }
      .s { container-type: size; width: 300px; height: 100px }
      .u { width: 50cqw; height: 25cqh; font-size: 4cqi }
      .m { width: 10cqmin; height: 10px }`,
    `<div class=w style="width:400px"><div class=u id=a>a</div><div class=w style="width:200px"><div class=u id=b>b</div></div></div>
     <div class=s><div class=u id=c>c</div><div class=m id=m></div></div>
     <div class=s><div class=w style="width:100px"><div class=u id=d>d</div></div></div>
     <div class=u id=e>e</div>`));
    // #a: 50% of 400; its height from no size container: 25% of the page's 1000px.
    expect([findBox(pages, '#a').width, findBox(pages, '#a').height]).toEqual([200, 250]);
    const b = findBox(pages, '#b').fragment;
    expect([findBox(pages, '#b').width, b.kind === 'box' ? b.style.fontSize : null]).toEqual([100, 8]);
    expect([findBox(pages, '#c').width, findBox(pages, '#c').height, findBox(pages, '#m').width]).toEqual([150, 25, 10]);
    // The width from the inline-size container, the height from the size container around it.
    expect([findBox(pages, '#d').width, findBox(pages, '#d').height]).toEqual([50, 25]);
    expect([findBox(pages, '#e').width, findBox(pages, '#e').height]).toEqual([400, 250]);
  });

  it('applies the rules whose nearest container answers the query, by name or not, nested', async () => {
    const pages = await layoutHtml(page(`
      .outer { container: column / inline-size; width: 500px }
      .inner { container-type: inline-size; width: 50% }
      p { margin: 0; height: 10px }
      @container column (width >= 400px) { p { height: 20px } }
      @container (max-width: 300px) { p { padding-top: 5px } }
      @container (300px < width) and (not (width > 600px)) { p { padding-bottom: 7px } }
      @container nosuch (min-width: 1px) { p { height: 99px } }`,
    '<div class="outer"><p id=a>outer</p><div class="inner"><p id=b>inner</p></div></div><p id=c>no container</p>'));
    // #a: its container is .outer (500px): named query holds, max-width 300 does not, the range holds.
    expect(findBox(pages, '#a').height).toBe(20 + 7);
    // #b: the nearest container is .inner (250px); the named one is still .outer.
    expect(findBox(pages, '#b').height).toBe(20 + 5);
    expect(findBox(pages, '#c').height).toBe(10);
  });

  it("reads inline-size as width, and asks nothing of an inline-size container's height", async () => {
    const pages = await layoutHtml(page(`.c { container-type: inline-size; width: 300px; height: 300px } .s { container-type: size; width: 300px; height: 300px }
      p { margin: 0; height: 10px } @container (inline-size > 200px) { p { width: 50px } } @container (height > 200px) { p { height: 30px } }`,
    '<div class="c"><p id=a>x</p></div><div class="s"><p id=b>y</p></div>'));
    expect(findBox(pages, '#a')).toMatchObject({ width: 50, height: 10 });
    expect(findBox(pages, '#b')).toMatchObject({ width: 50, height: 30 });
  });

  it('sizes an inline-size container as if empty where its size comes from its content', async () => {
    const pages = await layoutHtml(page('.ib { display: inline-block; container-type: inline-size } .fl { float: left; container-type: inline-size; padding: 3px }',
      '<p>Before <span class="ib" id=a>inline-block container</span> after</p><div class="fl" id=b>floated text</div>'));
    expect(findBox(pages, '#a').width).toBe(0);
    expect(findBox(pages, '#b').width).toBe(6);
  });
});

describe('<canvas>', () => {
  const page = (body: string): string => `<!DOCTYPE html><style>@page { size: 600px 800px; margin: 0 } body { margin: 0; font: 16px/20px Arimo } canvas { display: block }</style>${body}`;

  it('is a replaced element as big as its width and height attributes, 300 × 150 without them, blank', async () => {
    const pages = await layoutHtml(page('<canvas id=a></canvas><canvas id=b width="120" height="80"></canvas><canvas id=c width="abc" height="-5"></canvas><canvas id=d width=" 50px" height="20"></canvas>'));
    expect(findBox(pages, '#a')).toMatchObject({ kind: 'replaced', width: 300, height: 150 });
    expect(findBox(pages, '#b')).toMatchObject({ width: 120, height: 80 });
    expect(findBox(pages, '#c')).toMatchObject({ width: 300, height: 150 });
    expect(findBox(pages, '#d')).toMatchObject({ width: 50, height: 20 });
  });

  it('keeps the ratio of its attributes when CSS sets only its width (a chart at width: 100%)', async () => {
    const pages = await layoutHtml(page('<div style="width:450px"><canvas id=a width="900" height="380" style="width:100%"></canvas><canvas id=b height="100" style="max-width:100%"></canvas></div>'));
    expect(findBox(pages, '#a').width).toBe(450);
    expect(findBox(pages, '#a').height).toBeCloseTo(190, 6);
    expect(findBox(pages, '#b')).toMatchObject({ width: 300, height: 100 });
  });
});

describe('baselines of inline-blocks with positioned content', () => {
  it('takes no baseline from an absolutely positioned or floated child (a dropdown menu in a nav bar)', async () => {
    const menu = '<div style="position:absolute; width:150px">1<br>2<br>3<br>4<br>5</div>';
    const pages = await layoutHtml(`<!DOCTYPE html><style>body { margin: 0; font: 16px/20px Arimo }</style>
      <div id=a><div style="position:relative; display:inline-block"><span>Menu</span>${menu}</div></div>
      <div id=b style="display:flex; align-items:baseline"><div style="position:relative; display:inline-block">Menu${menu}</div><span>next</span></div>
      <div id=c><div style="display:inline-block"><span>Text</span><div style="float:left">1<br>2<br>3</div></div></div>`);
    expect(findBox(pages, '#a').height).toBe(20);
    expect(findBox(pages, '#b').height).toBe(20);
    expect(findBox(pages, '#c').height).toBe(60);
  });
});

describe('chains of avoided breaks', () => {
  it('moves a heading and its subheading together to the next page when the text after them does not fit', async () => {
    const paragraphs = Array.from({ length: 4 }, (_, i) => `<p id=p${i}>Paragraph ${i}</p>`).join('');
    const pages = await layoutHtml(`<!DOCTYPE html><style>@page { size: 400px 300px; margin: 0 } body { margin: 0; font: 16px/20px Arimo }
      p, h2, h3 { margin: 0; height: 50px } h2, h3 { break-after: avoid }</style>
      ${paragraphs}<h2 id=h2>Section</h2><h3 id=h3>Subsection</h3><p id=body>Body</p>`);
    // 4 × 50 + h2 + h3 = 300 fill the page; the body would have to follow the h3 across the break.
    expect(findBox(pages, '#p3').page).toBe(0);
    expect([findBox(pages, '#h2').page, findBox(pages, '#h3').page, findBox(pages, '#body').page]).toEqual([1, 1, 1]);
  });

  it('still breaks inside the chain when the whole page is one chain', async () => {
    const pages = await layoutHtml(`<!DOCTYPE html><style>@page { size: 400px 300px; margin: 0 } body { margin: 0 } div { height: 100px; break-after: avoid }</style>
      <div id=a></div><div id=b></div><div id=c></div><div id=d></div>`);
    expect(findBox(pages, '#a').page).toBe(0);
    expect(findBox(pages, '#d').page).toBe(1);
  });
});

describe('a flex or grid root, and grid rows in a min-height', () => {
  it('centres a fixed-size body on the page with html { display: flex }', async () => {
    const pages = await layoutHtml(`<!DOCTYPE html><style>@page { size: 800px 600px; margin: 0 }
      html { display: flex; height: 100%; align-items: center; justify-content: center }
      body { margin: 0; width: 400px; height: 200px }</style><p style="margin:0">x</p>`);
    expect(findBox(pages, 'body')).toMatchObject({ x: 200, y: 200, width: 400, height: 200 });
  });

  it('centres the body with html { display: grid; place-items: center; min-height: 100% }', async () => {
    const pages = await layoutHtml(`<!DOCTYPE html><style>@page { size: 600px 400px; margin: 20px }
      html { display: grid; place-items: center; min-height: 100% } body { margin: 0; width: 300px; height: 100px }</style>x`);
    expect(findBox(pages, 'body')).toMatchObject({ x: 20 + 130, y: 20 + 130 });
  });

  it('stretches auto rows and shares fr rows in a definite min-height', async () => {
    const pages = await layoutHtml(`<!DOCTYPE html><style>body { margin: 0 } .g { display: grid; min-height: 300px } .g > div { height: 50px }</style>
      <div class=g style="place-items:center"><div id=a style="width:100px"></div></div>
      <div class=g style="grid-template-rows: 1fr 2fr"><div id=b></div><div id=c></div></div>
      <div class=g style="align-content:end"><div id=d></div></div>`);
    const grids = findBoxes(pages, '.g');
    expect(findBox(pages, '#a').y - grids[0]!.y).toBe(125);
    expect(findBox(pages, '#c').y - findBox(pages, '#b').y).toBe(100);
    expect(findBox(pages, '#d').y - grids[2]!.y).toBe(250);
  });
});

describe('subgrid columns', () => {
  it("lays a subgrid's items on its parent's columns and gaps, so rows of an invoice line up", async () => {
    const pages = await layoutHtml(`<!DOCTYPE html><style>@page { size: 800px 600px; margin: 0 } body { margin: 0; font: 16px/20px Arimo }
      .g { display: grid; grid-template-columns: 100px 1fr 80px; gap: 8px; width: 500px }
      .row { display: grid; grid-column: 1 / -1; grid-template-columns: subgrid }
      .pad { padding: 0 10px; border-left: 2px solid }</style>
      <div class=g><div class=row><span id=a1>Item</span><span id=a2>Description that is long</span><span id=a3>10.00</span></div>
      <div class="row pad"><span id=b1>Longer item name</span><span id=b2>Short</span><span id=b3>1,000.00</span></div>
      <div class=row style="column-gap: 0"><span id=c1>x</span><span id=c2>y</span></div></div>`);
    // Parent columns: 100, 304 (500 − 100 − 80 − 2 × 8) and 80, with 8px gaps.
    expect([findBox(pages, '#a1').x, findBox(pages, '#a2').x, findBox(pages, '#a3').x]).toEqual([0, 108, 420]);
    // The subgrid's own edges take room from its first and last columns only.
    expect([findBox(pages, '#b1').x, findBox(pages, '#b2').x, findBox(pages, '#b3').x]).toEqual([12, 108, 420]);
    expect(findBox(pages, '#b1').width).toBe(100 - 12);
    // Its own column-gap replaces the parent's, centred on the parent's gap (Chromium: 104, not 100).
    expect(findBox(pages, '#c2').x).toBe(104);
  });
});

describe('align-content on block containers', () => {
  it('centres or ends a block\'s content in a taller box, safely, as Chromium 156 prints it', async () => {
    const pages = await layoutHtml(`<!DOCTYPE html><style>@page { size: 400px 600px; margin: 0 } body { margin: 0; font: 16px/20px Arimo } .b { height: 80px; margin-bottom: 4px }</style>
      <div class=b id=a style="align-content:center"><p id=p style="margin:10px 0">center</p></div>
      <div class=b id=b style="align-content:end"><div>end</div><div>two</div></div>
      <div class=b id=c style="align-content:space-between">between</div>
      <div class=b id=d style="align-content:space-evenly">evenly</div>
      <div class=b id=e style="align-content:center; height:20px">overflowing<br>lines<br>here</div>
      <div class=b id=f style="align-content:center; height:auto; min-height:60px">min-height</div>`);
    const first = (selector: string): number => lineBoxes(pages, selector)[0]!.y;
    // Its own formatting context: the paragraph's margins stay inside, 40px of content in 80px.
    expect(findBox(pages, '#p').y).toBe(30);
    expect(first('#b')).toBe(84 + 40);
    expect(first('#c')).toBe(168);
    expect(first('#d')).toBe(252 + 30);
    expect(first('#e')).toBe(336);
    expect(first('#f')).toBe(360 + 20);
  });
});
