// Cross-references: target-counter(), target-counters(), target-text(), resolved after pagination.
import { describe, expect, it, vi } from 'vitest';
import { TargetResolver } from '../../src/engine/boxes/targets.js';
import type { BlockBox } from '../../src/engine/boxes/types.js';
import type { Element } from 'domhandler';
import type { PageFragment } from '../../src/engine/layout/fragments.js';
import { MAX_TARGET_LAYOUTS, settleTargets } from '../../src/engine/layout/targets.js';
import { parseHtml } from '../../src/engine/html/parse.js';
import { readPdf } from '../../src/testing/read-pdf.js';
import { layoutHtml, lineBoxes, renderPdf } from '../../src/testing/render.js';

const doc = (css: string, body: string): string =>
  `<html><head><style>@page { size: 400px 300px; margin: 40px } body { margin: 0; font: 12px/16px Arimo } h2 { margin: 0; font-size: 16px } ${css}</style></head><body>${body}</body></html>`;

/** Lines of text of every page, from the PDF. */
const pdfLines = async (html: string): Promise<string[][]> =>
  (await readPdf(await renderPdf(html))).pages.map((p) => p.text.split('\n'));

const chapters = (n: number, css = 'break-before: page'): string =>
  Array.from({ length: n }, (_, i) => `<h2 id="c${i + 1}" style="${css}">Heading ${i + 1}</h2><p>Body ${i + 1}</p>`).join('');

describe('target-counter(…, page)', () => {
  it('prints the page number the target lands on', async () => {
    const html = doc('a::after { content: " on page " target-counter(attr(href), page) }',
      '<p><a href="#c1">one</a> <a href="#c2">two</a> <a href="#c3">three</a></p>' + chapters(3));
    const lines = await pdfLines(html);
    expect(lines[0][0]).toBe('one on page 2 two on page 3 three on page 4');
    expect(lines[1][0]).toBe('Heading 1');
  });

  it('accepts attr(href url), url(#id) and a counter style', async () => {
    const html = doc('#a::after { content: target-counter(attr(href url), page, lower-roman) } #b::after { content: target-counter(url(#c3), page) }',
      '<p><a id="a" href="#c2">x</a> <a id="b">y</a></p>' + chapters(3));
    expect((await pdfLines(html))[0][0]).toBe('xiii y4');
  });

  it('prints nothing for a missing or external target', async () => {
    const html = doc('a::after { content: "[" target-counter(attr(href), page) "]" }',
      '<p><a href="#nowhere">a</a> <a href="https://example.com/#c1">b</a> <a>c</a> <a href="#hidden">d</a></p><p id="hidden" style="display: none">x</p>' + chapters(1));
    expect((await pdfLines(html))[0][0]).toBe('a[] b[] c[] d[]');
  });

  it('counts the page a box split across pages starts on', async () => {
    const html = doc('a::after { content: target-counter(attr(href), page) } #long p { margin: 0; height: 60px; break-inside: avoid }',
      '<p><a href="#long">long starts on </a></p><div style="height: 100px"></div><div id="long"><p>first</p><p>second</p><p>third</p></div>');
    const lines = await pdfLines(html);
    expect(lines[0]).toEqual(['long starts on 1', 'first']);
    expect(lines[1]).toEqual(['second', 'third']);
  });

  it('settles when the numbers themselves move the targets', async () => {
    // 40 references fill page 1 and 2: the chapters' pages are known only once the list is laid out.
    const refs = Array.from({ length: 40 }, (_, i) => `<li><a href="#c${i + 1}">Ref ${i + 1}</a></li>`).join('');
    const html = doc('a::after { content: " p. " target-counter(attr(href), page) } ul { margin: 0; list-style: none }', `<ul>${refs}</ul>${chapters(40)}`);
    const pages = await pdfLines(html);
    const headingPage = new Map<string, number>();
    pages.forEach((lines, i) => lines.forEach((l) => { if (/^Heading \d+$/.test(l)) headingPage.set(l.slice(8), i + 1); }));
    const printed = pages.flat().map((l) => /^Ref (\d+) p\. (\d+)$/.exec(l)).filter((m) => m !== null);
    expect(printed).toHaveLength(40);
    for (const m of printed) expect(Number(m![2])).toBe(headingPage.get(m![1]));
  });
});

describe('target-counter() and target-counters() of other counters', () => {
  const numbered = 'body { counter-reset: chapter } h2 { counter-increment: chapter } h2::before { content: counter(chapter) ". " }';

  it('reads the counter at the target, forward and backward', async () => {
    const html = doc(`${numbered} a::after { content: " (chapter " target-counter(attr(href), chapter) ")" }`,
      '<p><a href="#c3">see</a></p>' + chapters(3, '') + '<p><a href="#c1">back</a></p>');
    const lines = (await pdfLines(html)).flat();
    expect(lines).toContain('see (chapter 3)');
    expect(lines).toContain('back (chapter 1)');
    expect(lines).toContain('3. Heading 3');
  });

  it('target-counters() joins nested counters', async () => {
    const css = 'ol { counter-reset: item; list-style: none } li { counter-increment: item } a::after { content: " → " target-counters(attr(href), item, ".", upper-alpha) }';
    const html = doc(css, '<ol><li>a</li><li>b<ol><li>c</li><li id="deep">d</li></ol></li></ol><p><a href="#deep">go</a></p>');
    expect((await pdfLines(html)).flat()).toContain('go → B.B');
  });
});

describe('target-text()', () => {
  it('prints the target\'s text, or its ::before or ::after content or first letter', async () => {
    const css = 'h2::before { content: "§ " } h2::after { content: " ¶" }'
      + ' #t1::after { content: " «" target-text(attr(href)) "»" } #t2::after { content: " «" target-text(attr(href), before) "»" }'
      + ' #t3::after { content: " «" target-text(attr(href), after) "»" } #t4::after { content: " «" target-text(attr(href), first-letter) "»" }';
    const html = doc(css, '<p><a id="t1" href="#c2">A</a> <a id="t2" href="#c2">B</a> <a id="t3" href="#c2">C</a> <a id="t4" href="#q">D</a></p>'
      + chapters(2, '') + '<p id="q">"Quoted  text"</p>');
    expect((await pdfLines(html))[0][0]).toBe('A «Heading 2» B «§» C «¶» D «"Q»');
  });
});

describe('the cross-reference loop', () => {
  it('costs nothing when no content refers to a target', () => {
    const targets = new TargetResolver(parseHtml('<p id="x">x</p>'));
    const first = { root: {} as BlockBox, pages: [] };
    const build = vi.fn();
    const layout = vi.fn();
    expect(settleTargets(targets, first, build, layout)).toBe(first);
    expect(build).not.toHaveBeenCalled();
    expect(layout).not.toHaveBeenCalled();
  });

  it('stops after two builds print the same values', () => {
    const targets = new TargetResolver(parseHtml('<p id="x">x</p>'));
    targets.used = true;
    const build = vi.fn(() => ({}) as BlockBox);
    const layout = vi.fn(() => []);
    settleTargets(targets, { root: {} as BlockBox, pages: [] }, build, layout);
    // Build 2 records, build 3 prints what build 2 did: its layout stands.
    expect(build).toHaveBeenCalledTimes(2);
    expect(layout).toHaveBeenCalledTimes(1);
  });
});

describe('the cross-reference loop on a document whose numbers never settle', () => {
  it('stops after MAX_TARGET_LAYOUTS layouts and keeps the last one', () => {
    const document = parseHtml('<p id="x">x</p>');
    const target = (document.children[0] as Element).children.flatMap((c) => ('children' in c ? c.children : [])).find((c) => 'attribs' in c) as Element;
    const targets = new TargetResolver(document);
    const item = { type: 'target-counter', url: { url: '#x' }, name: 'page', style: 'decimal' } as const;
    let layouts = 0;
    // The target moves to the other page each time it is laid out: page 1, 2, 1, 2, …
    const layout = (): PageFragment[] => {
      layouts++;
      const pages = [{ root: null }, { root: null }] as unknown as PageFragment[];
      (pages[(layouts + 1) % 2] as { root: unknown }).root = { kind: 'box', box: { element: target, pseudo: null }, children: [] };
      return pages;
    };
    const build = (): BlockBox => {
      targets.resolve(item, target);
      return { layouts } as unknown as BlockBox;
    };
    const first = { root: build(), pages: layout() };
    const result = settleTargets(targets, first, build, layout);
    expect(layouts).toBe(MAX_TARGET_LAYOUTS);
    expect(result.root).toEqual({ layouts: MAX_TARGET_LAYOUTS - 1 });
  });
});

describe('leader()', () => {
  const toc = (css: string, items: string): string => doc(`a { color: black } ul { list-style: none; padding: 0; margin: 0 } ${css}`, `<ul>${items}</ul>`);

  it('fills the line between the text and what follows, which ends at the right edge', async () => {
    const pages = await layoutHtml(toc('a::after { content: leader(".") "12" }', '<li><a>Intro</a></li><li><a>A much longer title</a></li>'));
    for (const line of lineBoxes(pages, 'li')) {
      const runs = line.fragment.children.filter((c) => c.kind === 'text');
      const last = runs[runs.length - 1] as { x: number; width: number; text: string };
      expect(last.text).toBe('12');
      expect(last.x + last.width).toBeCloseTo(40 + 320, 1);
      expect(line.text).toMatch(/^(Intro|A much longer title)\.{10,}12$/);
    }
  });

  it('lines the dots of consecutive lines up on one grid', async () => {
    const pages = await layoutHtml(toc('a::after { content: leader(dotted) counter(list-item) }', '<li><a>A</a></li><li><a>Bbbbbbbb</a></li><li><a>Cc</a></li>'));
    const dots = lineBoxes(pages, 'li').map((l) => l.fragment.children.find((c) => c.kind === 'text' && c.text.startsWith('..')) as { x: number; width: number });
    const ends = dots.map((d) => d.x + d.width);
    expect(ends[1]).toBeCloseTo(ends[0], 3);
    expect(ends[2]).toBeCloseTo(ends[0], 3);
  });

  it('repeats a string or a space, and leaves a full line alone', async () => {
    const pages = await layoutHtml(toc('#s::after { content: leader("-=") "9" } #w::after { content: leader(space) "9" }',
      '<li><a id="s">x</a></li><li><a id="w">y</a></li><li><a id="s">' + 'word '.repeat(20) + '</a></li>'));
    const lines = lineBoxes(pages, 'li');
    expect(lines[0].text).toMatch(/^x(-=)+9$/);
    expect(lines[1].text).toMatch(/^y +9$/);
    const runs = lines[1].fragment.children.filter((c) => c.kind === 'text') as { x: number; width: number; text: string }[];
    expect(runs[runs.length - 1].x + runs[runs.length - 1].width).toBeCloseTo(360, 1);
    // The long entry wraps at its spaces; the number stays with the leader on the last line.
    expect(lines[lines.length - 1].text).toMatch(/9$/);
  });
});

describe('a generated table of contents', () => {
  it('prints each heading\'s page at the right edge', async () => {
    const css = '.toc a::after { content: leader(".") target-counter(attr(href), page) } .toc a { color: black; text-decoration: none }'
      + ' ul { list-style: none; padding: 0; margin: 0 } section { break-before: page }';
    const sections = [1, 2, 3, 4].map((n) => `<section><h2 id="ch${n}">Chapter ${n}</h2>${'<p>Lorem ipsum dolor sit amet.</p>'.repeat(n === 2 ? 30 : 3)}</section>`).join('');
    const html = doc(css, `<h1>Contents</h1><ul class="toc">${[1, 2, 3, 4].map((n) => `<li><a href="#ch${n}">Chapter ${n}</a></li>`).join('')}</ul>${sections}`);
    const pdf = await renderPdf(html);
    const { pages } = await readPdf(pdf);
    const headingPage = (n: number): number => pages.findIndex((p) => p.text.split('\n').includes(`Chapter ${n}`) && !p.text.includes('Contents')) + 1;
    expect([1, 2, 3, 4].map(headingPage)).toEqual([2, 3, 7, 8]);
    const entries = pages[0].text.split('\n').slice(1);
    expect(entries).toEqual([1, 2, 3, 4].map((n) => expect.stringMatching(new RegExp(`^Chapter ${n}\\.+${headingPage(n)}$`))));
    // The numbers end at the right edge of the page area (360px = 270pt).
    const runs = await textItems(pdf, 1);
    for (const n of [1, 2, 3, 4]) {
      const number = runs.find((r) => r.str.endsWith(String(headingPage(n))) && Math.abs(r.y - runs.find((q) => q.str.startsWith(`Chapter ${n}`))!.y) < 1);
      expect(number, `entry ${n}`).toBeDefined();
      expect(number!.x + number!.width).toBeCloseTo(270, 0);
    }
  });
});

/** Text items of one page with their positions (PDF points, y up). */
async function textItems(pdf: Uint8Array, pageNumber: number): Promise<{ str: string; x: number; y: number; width: number }[]> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const task = getDocument({ data: new Uint8Array(pdf), isEvalSupported: false, disableFontFace: true, useSystemFonts: false, verbosity: 0 });
  const document = await task.promise;
  try {
    const content = await (await document.getPage(pageNumber)).getTextContent();
    return content.items.flatMap((item) => ('str' in item && item.str.trim() !== '' ? [{ str: item.str, x: item.transform[4], y: item.transform[5], width: item.width }] : []));
  } finally {
    await task.destroy();
  }
}
