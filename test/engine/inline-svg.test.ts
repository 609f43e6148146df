// Inline <svg> elements: replaced boxes sized as Chromium sizes them, drawn from the element
// serialised to a standalone SVG, with nothing in them run or loaded.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inlineSvgDocument } from '../../src/engine/images/inline-svg.js';
import { parseHtml } from '../../src/engine/html/parse.js';
import type { LoadedResource, ResourceLoader } from '../../src/resources/types.js';
import { readPdf } from '../../src/testing/read-pdf.js';
import { assertPixels, findBox, fragmentsOfKind, layoutHtml, lineBoxes, pixelPage, renderPdf, skipPixelTests } from '../../src/testing/render.js';
import { solidPng } from '../../src/testing/image-fixtures.js';

const page = (body: string, css = ''): string =>
  `<style>@page { size: 400px 600px; margin: 0 } body { margin: 0; font: 16px/20px Arimo } div { width: 400px } ${css}</style>${body}`;

const RECT = '<rect width="24" height="24"/>';

const svgBox = async (svg: string, css = ''): Promise<{ x: number; y: number; width: number; height: number }> => {
  const pages = await layoutHtml(page(`<div>a${svg}b</div>`, css));
  const [image] = fragmentsOfKind(pages, 'replaced');
  return { x: image.x, y: image.y, width: image.width, height: image.height };
};

// Expected sizes are Chromium's (getBoundingClientRect of the same markup).
describe('inline svg sizes', () => {
  it('takes the width and height attributes', async () => {
    expect(await svgBox(`<svg width="16" height="16" viewBox="0 0 24 24">${RECT}</svg>`)).toMatchObject({ width: 16, height: 16 });
  });

  it('completes one attribute from the viewBox ratio', async () => {
    expect(await svgBox(`<svg width="40" viewBox="0 0 20 10">${RECT}</svg>`)).toMatchObject({ width: 40, height: 20 });
    expect(await svgBox(`<svg height="40" viewBox="0 0 20 10">${RECT}</svg>`)).toMatchObject({ width: 80, height: 40 });
  });

  it('fills the containing block with a viewBox alone', async () => {
    expect(await svgBox(`<svg viewBox="0 0 20 10">${RECT}</svg>`)).toMatchObject({ x: 0, y: 20, width: 400, height: 200 });
    expect(await svgBox(`<svg style="margin:0 50px" viewBox="0 0 20 10">${RECT}</svg>`)).toMatchObject({ x: 50, width: 300, height: 150 });
    expect(await svgBox(`<svg style="height:40px" viewBox="0 0 20 10">${RECT}</svg>`)).toMatchObject({ width: 80, height: 40 });
  });

  it('takes a percentage width attribute against its containing block (Bootstrap\u2019s placeholder images)', async () => {
    expect(await svgBox(`<div style="width:250px"><svg width="100%" height="225">${RECT}</svg></div>`)).toMatchObject({ width: 250, height: 225 });
  });

  it('falls back to 300×150 without a ratio', async () => {
    expect(await svgBox(`<svg>${RECT}</svg>`)).toMatchObject({ width: 300, height: 150 });
    expect(await svgBox(`<svg width="40">${RECT}</svg>`)).toMatchObject({ width: 40, height: 150 });
  });

  it('resolves em attributes against the element font size', async () => {
    expect(await svgBox(`<svg width="2em" height="1em" style="font-size:10px" viewBox="0 0 20 10">${RECT}</svg>`)).toMatchObject({ width: 20, height: 10 });
  });

  it('lets CSS width and height win over the attributes, which are presentation attributes (SVG 2), else keeps the viewBox\u2019s ratio', async () => {
    // The height attribute is the CSS height, as Chromium prints it: not a ratio kept with the width.
    expect(await svgBox(`<svg style="width:2em" width="16" height="16" viewBox="0 0 24 12">${RECT}</svg>`)).toMatchObject({ width: 32, height: 16 });
    expect(await svgBox(`<svg style="width:100px" height="225">${RECT}</svg>`)).toMatchObject({ width: 100, height: 225 });
    expect(await svgBox(`<svg style="width:50px" viewBox="0 0 20 10">${RECT}</svg>`)).toMatchObject({ width: 50, height: 25 });
    expect(await svgBox(`<svg class="i" width="16" height="16">${RECT}</svg>`, '.i { width: 24px; height: 12px }')).toMatchObject({ width: 24, height: 12 });
  });

  it('is inline by default and block-level with display: block', async () => {
    const inline = await svgBox(`<svg width="16" height="16">${RECT}</svg>`);
    expect(inline.x).toBeGreaterThan(5);
    const pages = await layoutHtml(page(`<div>a<svg style="display:block" width="30" height="30">${RECT}</svg>b</div>`));
    const [image] = fragmentsOfKind(pages, 'replaced');
    expect(image).toMatchObject({ x: 0, y: 20, width: 30, height: 30 });
    expect(lineBoxes(pages)).toHaveLength(2);
  });

  it('respects vertical-align: text-bottom (bottom on the text bottom, below the baseline)', async () => {
    const at = async (align: string): Promise<number> => {
      const pages = await layoutHtml(page(`<div id="d">a<svg style="vertical-align:${align}" width="10" height="10">${RECT}</svg>b</div>`, 'body { line-height: 40px }'));
      const [image] = fragmentsOfKind(pages, 'replaced');
      return image.y + image.height - findBox(pages, '#d').y;
    };
    const baseline = await at('baseline');
    const textBottom = await at('text-bottom');
    expect(textBottom).toBeGreaterThan(baseline + 2);
    expect(textBottom).toBeLessThan(baseline + 6);
  });
});

describe('inline svg documents', () => {
  const serialise = (markup: string): string => {
    const document = parseHtml(`<p>${markup}`);
    const find = (n: { children?: unknown[]; name?: string }): unknown =>
      n.name === 'svg' ? n : (n.children ?? []).map((c) => find(c as never)).find(Boolean);
    return inlineSvgDocument(find(document as never) as never, { r: 0, g: 128, b: 0, a: 1 });
  };

  it('adds the namespaces and the CSS colour, keeps <style>, ids and in-document references', () => {
    const svg = serialise('<svg viewBox="0 0 2 2"><style>.a{fill:currentcolor}</style><defs><linearGradient id="g"><stop offset="0"/></linearGradient></defs><use xlink:href="#r"/><rect id="r" class="a" fill="url(#g)" width="1" height="1"/><text>a &lt; b</text></svg>');
    expect(svg).toBe('<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" color="rgb(0,128,0)" viewBox="0 0 2 2">'
      + '<style>.a{fill:currentColor}</style><defs><linearGradient id="g"><stop offset="0"></stop></linearGradient></defs>'
      + '<use xlink:href="#r"></use><rect id="r" class="a" fill="url(#g)" width="1" height="1"></rect><text>a &lt; b</text></svg>');
  });

  it('gives the root the page font (family, weight, style) its text inherits, unless the element sets its own', () => {
    const document = parseHtml('<p><svg font-weight="300"><text>a</text></svg>');
    const find = (n: { children?: unknown[]; name?: string }): unknown =>
      n.name === 'svg' ? n : (n.children ?? []).map((c) => find(c as never)).find(Boolean);
    const svg = inlineSvgDocument(find(document as never) as never, { r: 0, g: 0, b: 0, a: 1 }, {
      fontFamily: ['open sans', '‹serif›', 'a,b', 'sans-serif'], fontWeight: 700, fontStyle: 'italic',
    });
    expect(svg).toContain(' font-family="open sans, &quot;serif&quot;, &quot;a,b&quot;, sans-serif" font-style="italic" font-weight="300">');
  });

  it('copies in what #id references name elsewhere in the page (icon sprites)', () => {
    const svg = serialise('<svg width="1" height="1"><use href="#icon"/></svg><div><svg style="display:none"><symbol id="icon" viewBox="0 0 1 1"><rect fill="url(#paint)" width="1" height="1"/></symbol>'
      + '<linearGradient id="paint"><stop stop-color="red"/></linearGradient><symbol id="unused"/></svg></div>');
    expect(svg).toContain('<use href="#icon"></use><defs><symbol id="icon" viewBox="0 0 1 1"><rect fill="url(#paint)" width="1" height="1"></rect></symbol><linearGradient id="paint">');
    expect(svg).not.toContain('unused');
  });

  it('drops scripts, event attributes, foreignObject and external references', () => {
    const svg = serialise('<svg onload="alert(1)"><script>alert(2)</script><foreignObject><img src="http://x/"></foreignObject>'
      + '<image href="file:///etc/passwd" width="1" height="1"/><image xlink:href="http://127.0.0.1/a.png"/><use href="other.svg#x"/>'
      + '<rect onclick="x()" fill="url(http://h/p.svg#g)" style="fill:url(file:///f#g)"/><a href="javascript:alert(3)"><rect/></a><style>@import url(http://h/s.css);</style></svg>');
    const body = svg.replace(/^<svg [^>]*>/, '');
    for (const banned of ['alert', 'script', 'onload', 'onclick', 'foreignObject', 'passwd', '127.0.0.1', 'other.svg', 'http', 'file:', 'javascript', '@import']) {
      expect(body, banned).not.toContain(banned);
    }
    expect(svg).toContain('<use></use>');
  });
});

describe('inline svg safety', () => {
  let server: Server;
  let hits = 0;
  beforeAll(async () => {
    server = createServer((_req, res) => {
      hits++;
      res.end('');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('loads nothing from files or the network, and runs nothing', async () => {
    const port = (server.address() as AddressInfo).port;
    const requested: string[] = [];
    const loader: ResourceLoader = {
      documentBaseUrl: null,
      async load(url): Promise<LoadedResource | null> {
        requested.push(url);
        return null;
      },
    };
    const png = `data:image/png;base64,${Buffer.from(solidPng(2, 2, [0, 0, 255, 255])).toString('base64')}`;
    const pdf = await renderPdf(page(`<svg width="40" height="40" onload="globalThis.ran = 1">
      <script>globalThis.ran = 2</script>
      <image href="file:///etc/passwd" width="10" height="10"/>
      <image xlink:href="http://127.0.0.1:${port}/a.png" width="10" height="10"/>
      <image href="${png}" x="20" width="10" height="10"/>
      <use href="http://127.0.0.1:${port}/b.svg#x"/>
      <rect width="5" height="5" fill="url(http://127.0.0.1:${port}/c.svg#g)"/>
      <style>@import url(http://127.0.0.1:${port}/d.css); rect { fill: url(http://127.0.0.1:${port}/e.svg#g) }</style>
      <foreignObject><img src="http://127.0.0.1:${port}/f.png"></foreignObject>
    </svg>`), { resourceLoader: loader });
    expect((await readPdf(pdf)).pageCount).toBe(1);
    expect(hits).toBe(0);
    // The SVG's <style> is a document stylesheet and the <img> an HTML image, as in browsers: both
    // go to the resource loader, whose policy decides (here: refused). Nothing else is asked for.
    expect(requested.sort()).toEqual([`http://127.0.0.1:${port}/d.css`, `http://127.0.0.1:${port}/f.png`]);
    expect((globalThis as { ran?: number }).ran).toBeUndefined();
  });
});

describe('inline svg limits', () => {
  it('renders deeply nested SVG content without overflowing the stack', async () => {
    const deep = `${'<g>'.repeat(20_000)}<rect width="1" height="1"/>${'</g>'.repeat(20_000)}`;
    const pdf = await renderPdf(page(`<p>before</p><svg width="10" height="10">${deep}</svg><p>after</p>`));
    expect((await readPdf(pdf)).pages[0].text).toContain('after');
  });
});

describe('inline svg links', () => {
  it('keeps the link of an <a> around an inline svg', async () => {
    const pdf = await renderPdf(page(`<a href="https://example.com/home"><svg width="20" height="20">${RECT}</svg></a>`));
    expect((await readPdf(pdf)).pages[0].links).toContainEqual(expect.objectContaining({ url: 'https://example.com/home' }));
  });

  it('keeps web links of <a> inside the svg, not javascript: ones', async () => {
    const pdf = await renderPdf(page(`<svg width="40" height="20"><a href="https://example.com/in"><rect width="20" height="20"/></a><a href="javascript:alert(1)"><rect x="20" width="20" height="20"/></a></svg>`));
    const links = (await readPdf(pdf)).pages[0].links;
    expect(links).toContainEqual(expect.objectContaining({ url: 'https://example.com/in' }));
    expect(JSON.stringify(links)).not.toContain('javascript');
  });
});

describe.skipIf(skipPixelTests())('inline svg in pixels', () => {
  it('draws a filled rect at its box, scaled by the viewBox', async () => {
    await assertPixels(pixelPage(6, 4, '', '<svg style="display:block;margin-left:1px" width="4" height="2" viewBox="0 0 2 1"><rect width="1" height="1" fill="blue"/><rect x="1" width="1" height="1" fill="red"/></svg>'), `
      _BBRR_
      _BBRR_
      ______
      ______
    `);
  });

  it('reads colours as CSS does: rgb() with fractions or spaces, hsl()', async () => {
    await assertPixels(pixelPage(3, 1, '', '<svg style="display:block" width="3" height="1"><rect width="1" height="1" fill="rgb(0.4, 0.2, 254.6)"/>'
      + '<rect x="1" width="1" height="1" fill="rgb(255 0 0)"/><rect x="2" width="1" height="1" fill="hsl(240 100% 50%)"/></svg>'), `
      BRB
    `);
  });

  it('fits the viewBox to the CSS size, and draws user units as px without a viewBox', async () => {
    await assertPixels(pixelPage(4, 4, '', '<svg style="display:block;width:4px;height:4px" width="2" height="2" viewBox="0 0 1 1"><rect width="1" height="1" fill="blue"/></svg>'), `
      BBBB
      BBBB
      BBBB
      BBBB
    `);
    await assertPixels(pixelPage(4, 4, '', '<svg style="display:block;width:4px;height:4px" width="2" height="2"><rect width="1" height="1" fill="blue"/></svg>'), `
      B___
      ____
      ____
      ____
    `);
  });

  it('draws embedded data: PNG images', async () => {
    const png = `data:image/png;base64,${Buffer.from(solidPng(1, 1, [0, 0, 255, 255])).toString('base64')}`;
    await assertPixels(pixelPage(4, 2, '', `<svg style="display:block" width="4" height="2"><image href="${png}" x="2" width="2" height="2"/></svg>`), `
      __BB
      __BB
    `);
  });

  it('draws a <use> of a symbol from a hidden sprite elsewhere in the page', async () => {
    await assertPixels(pixelPage(4, 2, '', '<svg style="display:none"><symbol id="sq" viewBox="0 0 1 1"><rect width="1" height="1" fill="blue"/></symbol></svg>'
      + '<svg style="display:block" width="2" height="2" viewBox="0 0 2 2"><use href="#sq" width="2" height="2"/></svg>'), `
      BB__
      BB__
    `);
  });

  it('takes fill and stroke from the page\u2019s rules: on the root, on descendants through ancestors outside the svg, var() (Chromium)', async () => {
    await assertPixels(pixelPage(6, 2, '.icon { fill: blue } .row .dot { fill: var(--accent) } :root { --accent: red }',
      '<div class="row"><svg class="icon" style="display:block" width="6" height="2"><rect width="2" height="2"/><rect class="dot" x="2" width="2" height="2"/><rect x="4" width="2" height="2" fill="lime"/></svg></div>'), `
      BBRRGG
      BBRRGG
    `);
  });

  it('lets rules win over presentation attributes, the style attribute over rules, important rules over both', async () => {
    await assertPixels(pixelPage(6, 2, 'rect { fill: blue } .a { fill: lime !important }',
      '<svg style="display:block" width="6" height="2"><rect width="2" height="2" fill="red"/><rect x="2" width="2" height="2" style="fill: red"/><rect class="a" x="4" width="2" height="2" style="fill: red"/></svg>'), `
      BBRRGG
      BBRRGG
    `);
  });

  it('strokes a path as a rule says, with no fill (an outline icon: stroke, stroke-width, fill: none)', async () => {
    await assertPixels(pixelPage(4, 4, '.outline path { stroke: blue; stroke-width: 2; fill: none }',
      '<svg class="outline" style="display:block" width="4" height="4"><path d="M0 1 H4" fill="red"/></svg>'), `
      BBBB
      BBBB
      ____
      ____
    `);
  });

  it('fills currentColor with the element\'s CSS color', async () => {
    await assertPixels(pixelPage(4, 2, '.i { color: lime }', '<div style="color:red"><svg class="i" style="display:block" width="2" height="2"><rect width="2" height="2" fill="currentColor"/></svg></div>'), `
      GG__
      GG__
    `);
  });
});
