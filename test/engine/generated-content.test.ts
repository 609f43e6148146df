// ::before and ::after: strings, attr(), counter(), counters(), quotes, counter-reset/increment/set, url().
import { describe, expect, it } from 'vitest';
import { solidPng } from '../../src/testing/image-fixtures.js';
import { dataUri, findBox, findBoxes, fragmentsOfKind, layoutHtml, lineBoxes, textRuns } from '../../src/testing/render.js';

const page = (body: string, css = ''): string =>
  `<style>@page { size: 400px 2000px; margin: 0 } body { margin: 0; font: 16px/20px Arimo } ${css}</style>${body}`;

const text = async (body: string, css: string, selector = '#t'): Promise<string> =>
  lineBoxes(await layoutHtml(page(body, css)), selector).map((l) => l.text).join('\n');

const textsOf = async (body: string, css: string, selector: string): Promise<string[]> => {
  const pages = await layoutHtml(page(body, css));
  return findBoxes(pages, selector).map((b) => lineBoxes([{ ...pages[b.page], root: b.fragment as never }]).map((l) => l.text).join('\n'));
};

describe('::before and ::after', () => {
  it('inserts strings before and after the content', async () => {
    expect(await text('<p id=t>body</p>', '#t::before { content: "[" } #t::after { content: "]" }')).toBe('[body]');
  });

  it('makes an inline box for each pseudo-element', async () => {
    const pages = await layoutHtml(page('<p id=t>body</p>', '#t::before { content: "a"; padding-left: 10px }'));
    const before = findBox(pages, '#t::before');
    expect(before.kind).toBe('inline');
    expect(before.x).toBe(0);
    expect(textRuns(pages, '#t')[0].x).toBe(10);
  });

  it('generates nothing for content: none, normal, or no content', async () => {
    expect(await text('<p id=t>body</p>', '#t::before { content: none } #t::after { content: normal }')).toBe('body');
    expect(await text('<p id=t>body</p>', '#t::before { color: red }')).toBe('body');
  });

  it('generates an empty box for content: ""', async () => {
    const pages = await layoutHtml(page('<p id=t>body</p>', '#t::before { content: ""; display: block; height: 10px }'));
    const before = findBox(pages, '#t::before');
    expect(before.height).toBe(10);
    expect(lineBoxes(pages, '#t')[0].y).toBe(before.y + 10);
  });

  it('lays out display: block pseudo-elements as blocks', async () => {
    const pages = await layoutHtml(page('<div id=t>body</div>', '#t::before { content: "head"; display: block } #t::after { content: "foot"; display: block }'));
    expect(lineBoxes(pages, '#t').map((l) => [l.text, l.y])).toEqual([['head', 0], ['body', 20], ['foot', 40]]);
  });

  it('inherits from the originating element and takes its own styles', async () => {
    const pages = await layoutHtml(page('<p id=t style="color:blue">x</p>', '#t::before { content: "a"; font-size: 30px }'));
    const [a, x] = textRuns(pages, '#t');
    expect(a.size).toBe(30);
    expect(a.fragment.kind === 'text' && a.fragment.style.color).toEqual({ r: 0, g: 0, b: 255, a: 1 });
    expect(x.size).toBe(16);
  });

  it('unescapes CSS escapes and keeps newlines only under white-space: pre', async () => {
    expect(await text('<p id=t>x</p>', '#t::before { content: "\\201C" } #t::after { content: "\\201D" }')).toBe('“x”');
    // The space after "\A" ends the escape.
    expect(await text('<p id=t>x</p>', '#t::before { content: "a\\A b"; white-space: pre }')).toBe('a\nbx');
    expect(await text('<p id=t>x</p>', '#t::before { content: "a\\A b" }')).toBe('a bx');
  });

  it('concatenates several items', async () => {
    expect(await text('<p id=t data-n="7">x</p>', '#t::before { content: "n=" attr(data-n) "; " }')).toBe('n=7; x');
  });

  it('inserts an image with url()', async () => {
    const png = dataUri(solidPng(8, 4), 'image/png');
    const pages = await layoutHtml(page('<p id=t>x</p>', `#t::before { content: url("${png}") }`));
    const images = fragmentsOfKind(pages, 'replaced');
    expect(images).toHaveLength(1);
    expect(images[0]).toMatchObject({ x: 0, width: 8, height: 4 });
  });

  it('generates no ::before or ::after for images (replaced elements)', async () => {
    const png = dataUri(solidPng(4, 4), 'image/png');
    expect(await text(`<p id=t>a<img src="${png}">b</p>`, 'img::before { content: "X" } img::after { content: "Y" }')).toBe('ab');
  });

  it('does not generate pseudo-elements for display: none elements', async () => {
    const pages = await layoutHtml(page('<p id=t style="display:none">x</p><p id=u>y</p>', 'p::before { content: "a" }'));
    expect(findBoxes(pages, '#t::before')).toHaveLength(0);
    expect(lineBoxes(pages, '#u')[0].text).toBe('ay');
  });
});

describe('attr()', () => {
  it('inserts an attribute value', async () => {
    expect(await text('<a id=t href="https://example.com/x">link</a>', '#t::after { content: " (" attr(href) ")" }', 'body')).toBe('link (https://example.com/x)');
  });

  it('inserts nothing for a missing attribute', async () => {
    expect(await text('<p id=t>x</p>', '#t::before { content: "[" attr(data-missing) "]" }')).toBe('[]x');
  });
});

describe('counters', () => {
  it('counts with counter-increment and shows counter()', async () => {
    expect(await textsOf('<h2>A</h2><h2>B</h2><h2>C</h2>', 'h2::before { counter-increment: sec; content: counter(sec) ". " }', 'h2'))
      .toEqual(['1. A', '2. B', '3. C']);
  });

  it('formats counter() in a counter style', async () => {
    expect(await textsOf('<h2>A</h2><h2>B</h2><h2>C</h2><h2>D</h2>', 'h2 { counter-increment: sec } h2::before { content: counter(sec, upper-roman) " " }', 'h2'))
      .toEqual(['I A', 'II B', 'III C', 'IV D']);
  });

  it('increments by a given amount and resets to a given value', async () => {
    expect(await textsOf('<div style="counter-reset: c 10"><p>a</p><p>b</p></div>', 'p { counter-increment: c 5 } p::before { content: counter(c) }', 'p'))
      .toEqual(['15a', '20b']);
  });

  it('sets a counter with counter-set', async () => {
    expect(await textsOf('<p>a</p><p id=s>b</p><p>c</p>', 'p { counter-increment: c } #s { counter-set: c 100 } p::before { content: counter(c) }', 'p'))
      .toEqual(['1a', '100b', '101c']);
  });

  it('applies reset, then increment, then set on one element', async () => {
    expect(await textsOf('<p>a</p>', 'p { counter-reset: c 5; counter-increment: c 2; counter-set: c 50 } p::before { content: counter(c) }', 'p'))
      .toEqual(['50a']);
  });

  it('resets counters for nested sections and joins them with counters()', async () => {
    const css = 'ol { counter-reset: item; list-style: none } li { counter-increment: item } li::before { content: counters(item, ".") " " }';
    const html = '<ol><li id=a>a<ol><li id=a1>x</li><li id=a2>y<ol><li id=a21>z</li></ol></li></ol></li><li id=b>b</li></ol>';
    const pages = await layoutHtml(page(html, css));
    const first = (id: string): string => lineBoxes(pages, id)[0].text;
    expect(first('#a')).toBe('1 a');
    expect(first('#a1')).toBe('1.1 x');
    expect(first('#a2')).toBe('1.2 y');
    expect(first('#a21')).toBe('1.2.1 z');
    expect(first('#b')).toBe('2 b');
  });

  it('formats counters() in a counter style', async () => {
    const css = 'div { counter-reset: s; counter-increment: s } div::before { content: counters(s, "-", lower-alpha) " " }';
    expect(await text('<div><div><div id=t>x</div></div></div>', css)).toBe('a-a-a x');
  });

  it('lets a counter-reset on a sibling start a scope the following siblings share', async () => {
    const css = 'h1 { counter-reset: sub } h2 { counter-increment: sub } h2::before { content: counter(sub) " " }';
    expect(await textsOf('<h1>I</h1><h2>a</h2><h2>b</h2><h1>II</h1><h2>c</h2>', css, 'h2')).toEqual(['1 a', '2 b', '1 c']);
  });

  it('creates a counter on first use when nothing reset it', async () => {
    expect(await textsOf('<p>a</p><p>b</p>', 'p::before { counter-increment: fresh; content: counter(fresh) }', 'p')).toEqual(['1a', '2b']);
  });

  it('shows 0 for a counter never reset or incremented', async () => {
    expect(await text('<p id=t>x</p>', '#t::before { content: counter(nothing) }')).toBe('0x');
  });

  it('exposes the list-item counter to ::before', async () => {
    expect(await textsOf('<ol style="list-style:none"><li>a</li><li>b</li></ol>', 'li::before { content: counter(list-item) ") " }', 'li'))
      .toEqual(['1) a', '2) b']);
  });
});

describe('quotes', () => {
  it('draws curly quotes for <q> by default and nests them', async () => {
    expect(await text('<p id=t><q>a <q>b</q> c</q></p>', '')).toBe('“a ‘b’ c”');
  });

  it('uses the quotes property', async () => {
    expect(await text('<p id=t><q>a <q>b</q></q></p>', 'q { quotes: "«" "»" "<" ">" }')).toBe('«a <b>»');
  });

  it('reuses the last pair when nesting is deeper than the list', async () => {
    expect(await text('<p id=t><q>a<q>b<q>c</q></q></q></p>', 'q { quotes: "(" ")" "[" "]" }')).toBe('(a[b[c]])');
  });

  it('draws nothing with quotes: none', async () => {
    expect(await text('<p id=t><q>a</q></p>', 'q { quotes: none }')).toBe('a');
  });

  it('tracks depth through no-open-quote and no-close-quote', async () => {
    const css = '.skip::before { content: no-open-quote } .skip::after { content: no-close-quote }';
    expect(await text('<p id=t><span class=skip>x<q>y</q></span><q>z</q></p>', css)).toBe('x‘y’“z”');
  });

  it('inserts open-quote and close-quote in any element', async () => {
    expect(await text('<p id=t>x</p>', '#t::before { content: open-quote } #t::after { content: close-quote }')).toBe('“x”');
  });
});
