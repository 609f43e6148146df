// Inline layout: line breaking (spaces, UAX #14), <br>, line-height, inline boxes with edges,
// letter/word spacing, text-transform, text-indent, text-decoration, inline-blocks.
import { describe, expect, it } from 'vitest';
import { readPdf } from '../../src/testing/read-pdf.js';
import { findBox, findBoxes, layoutHtml, lineBoxes, paintHtml, renderPdf, textRuns } from '../../src/testing/render.js';
import type { PathCommand } from '../../src/engine/paint/backend.js';
import { bundledFaces } from '../../src/engine/fonts/bundled.js';
import type { InlineFragment, TextFragment } from '../../src/engine/layout/fragments.js';

/** Cousine (Courier New metrics): every glyph advances 1229/2048 em, 9.6015625px at 16px. */
const CH = (1229 / 2048) * 16;
/** A min- or max-content width in layout units: text's width rounded up to 1/64 px, as Blink does (decision 0395). */
const lu = (px: number): number => Math.ceil(px * 64) / 64;

const page = (body: string, css = ''): string =>
  `<style>@page { size: 400px 600px; margin: 0 } body { margin: 0; font: 16px/20px Cousine } ${css}</style>${body}`;

const texts = async (html: string, selector = '#t'): Promise<string[]> => lineBoxes(await layoutHtml(html), selector).map((l) => l.text);

describe('line breaking', () => {
  it('breaks at spaces, filling each line greedily', async () => {
    // 100px holds 10 monospace characters.
    expect(await texts(page('<div id=t style="width:100px">aaaa bbbb cccc dddd eeeeeeee</div>'))).toEqual(['aaaa bbbb', 'cccc dddd', 'eeeeeeee']);
  });

  it('lets a trailing space hang past the line end', async () => {
    // "aaaa bbbbb" is exactly 10 characters; the space after it hangs.
    expect(await texts(page('<div id=t style="width:97px">aaaa bbbbb cc</div>'))).toEqual(['aaaa bbbbb', 'cc']);
  });

  // Chromium 156 keeps a line whose text is up to one layout unit (1/64 px) wider than the line:
  // ten Cousine characters (96.015625px) fit in 96px, not in 95.99px (95.984375 in layout units).
  it.each([['96px', ['aaaa bbbbb', 'cc']], ['95.99px', ['aaaa', 'bbbbb cc']]])('breaks a line at width %s as Chromium does', async (width, lines) => {
    expect(await texts(page(`<div id=t style="width:${width}">aaaa bbbbb cc</div>`))).toEqual(lines);
  });

  it('keeps a single line when the text fits', async () => {
    const pages = await layoutHtml(page('<div id=t style="width:100px">aa bb</div>'));
    const lines = lineBoxes(pages, '#t');
    expect(lines).toHaveLength(1);
    expect(textRuns(pages, '#t')[0].width).toBeCloseTo(5 * CH, 3);
  });

  it('lets a word longer than the line overflow rather than breaking it', async () => {
    expect(await texts(page('<div id=t style="width:50px">abcdefghijkl mn</div>'))).toEqual(['abcdefghijkl', 'mn']);
  });

  it('breaks inside an overlong word with overflow-wrap: break-word', async () => {
    expect(await texts(page('<div id=t style="width:50px;overflow-wrap:break-word">abcdefghijkl</div>'))).toEqual(['abcde', 'fghij', 'kl']);
  });

  it('breaks an overlong word that runs across inline boxes and the text after them, counting their edges (Chromium)', async () => {
    // 100px holds 10 characters (96px); each case's lines as Chromium 156 breaks them in Liberation Mono.
    const wrapped = (body: string) => texts(page(`<div id=t style="width:100px;overflow-wrap:break-word">${body}</div>`));
    // A padded <code> and the full stop after it are one word: 5px + 9 characters, then 6 and the stop.
    expect(await wrapped('<span style="padding:0 5px">aaaaaaaaaaaaaaa</span>.')).toEqual(['aaaaaaaaa', 'aaaaaa.']);
    expect(await wrapped('xx <b>mmmmmmmmmmmmmmm</b>mmmmmmmm')).toEqual(['xx', 'mmmmmmmmmm', 'mmmmmmmmmm', 'mmm']);
    // The end padding goes with the box's last character: ten fit alone, not with 10px after them.
    expect(await wrapped('<span style="padding-right:10px">aaaaaaaaaa</span>')).toEqual(['aaaaaaaaa', 'a']);
    expect(await wrapped('<span style="padding-right:10px">aaaaaaaaaa</span>bb')).toEqual(['aaaaaaaaa', 'abb']);
    // The start padding goes to the line its first character goes to.
    expect(await wrapped('aa <span style="padding-left:20px">bbbbbbbbbbbb</span>')).toEqual(['aa', 'bbbbbbbb', 'bbbb']);
  });

  it('measures a space with the letter before it, so a kerning pair such as "A " gives its room to the line (Chromium)', async () => {
    // Arimo kerns "A" and the space after it: the span starts 0.9px earlier than the two measured apart.
    const body = (width: string) => `<div id=t style="width:${width};font:16px Arimo">A <span id=s>version</span> set of things</div>`;
    const wide = await layoutHtml(page(body('max-content')));
    const [line] = lineBoxes(wide, '#t');
    const end = line.fragment.children.reduce((right, child) => Math.max(right, child.x + child.width), 0) - line.fragment.x;
    // As wide as the line shaped, plus a hair: it is one line, as in Chromium, not two.
    expect(await texts(page(body(`${end + 0.2}px`)))).toEqual(['A version set of things']);
  });

  it('adds no break opportunity with overflow-wrap where text does not wrap (white-space: pre, nowrap)', async () => {
    expect(await texts(page('<div id=t style="width:50px;overflow-wrap:break-word;white-space:pre">abcdefghijkl\nmn</div>'))).toEqual(['abcdefghijkl', 'mn']);
    expect(await texts(page('<div id=t style="width:50px;overflow-wrap:anywhere;white-space:nowrap">abcdefghijkl</div>'))).toEqual(['abcdefghijkl']);
  });

  it('breaks inside an overlong word with overflow-wrap: anywhere', async () => {
    expect(await texts(page('<div id=t style="width:50px;overflow-wrap:anywhere">abcdefghijkl</div>'))).toEqual(['abcde', 'fghij', 'kl']);
  });

  it('breaks between any two letters with word-break: break-all', async () => {
    expect(await texts(page('<div id=t style="width:50px;word-break:break-all">ab cdefghij</div>'))).toEqual(['ab cd', 'efghi', 'j']);
  });

  it('keeps punctuation rules with word-break: break-all: no break before ")" or "%", none after "(" (Chromium)', async () => {
    // Cousine at 16px is 9.6px a character: 8 fit in 80px; Chromium breaks "25.00 (10)%" as "25.00 (1" "0)%".
    expect(await texts(page('<div id=t style="width:80px;word-break:break-all">25.00 (10)%</div>'))).toEqual(['25.00 (1', '0)%']);
    expect(await texts(page('<div id=t style="width:60px;word-break:break-all">A(B)C(D)E%</div>'))).toEqual(['A(B)C', '(D)E%']);
  });

  it('breaks after a hyphen (UAX #14 class HY)', async () => {
    expect(await texts(page('<div id=t style="width:100px">aaaa-bbbb-cccc</div>'))).toEqual(['aaaa-bbbb-', 'cccc']);
  });

  it('breaks at a zero-width space', async () => {
    const lines = await texts(page('<div id=t style="width:100px">aaaaaa\u200Bbbbbbb</div>'));
    expect(lines.map((l) => l.replace('\u200B', ''))).toEqual(['aaaaaa', 'bbbbbb']);
  });

  it('breaks around an em dash (UAX #14 class B2)', async () => {
    const lines = await texts(page('<div id=t style="width:100px;font-family:Arimo">aaaaaaaaa\u2014bbbbbbbb</div>'));
    expect(lines.length).toBe(2);
    expect(lines.join('')).toBe('aaaaaaaaa\u2014bbbbbbbb');
  });

  it('does not break at a no-break space', async () => {
    expect(await texts(page('<div id=t style="width:100px">aaaaaa\u00A0bbbb cc</div>'))).toEqual(['aaaaaa\u00A0bbbb', 'cc']);
  });

  it('does not break between a word and the punctuation after it', async () => {
    expect(await texts(page('<div id=t style="width:100px">aaaa bbbbbb. cc</div>'))).toEqual(['aaaa', 'bbbbbb. cc']);
  });

  it('breaks across inline elements at the spaces between them', async () => {
    expect(await texts(page('<div id=t style="width:100px"><b>aaaa</b> <i>bbbb</i> <span>cccc</span></div>'))).toEqual(['aaaa bbbb', 'cccc']);
  });

  it('does not break where an element boundary falls inside a word', async () => {
    expect(await texts(page('<div id=t style="width:100px">aaaa bb<b>bbbbbb</b>cc</div>'))).toEqual(['aaaa', 'bbbbbbbbcc']);
  });

  it('collapses runs of white space to one space', async () => {
    const pages = await layoutHtml(page('<div id=t>a   \n\t  b</div>'));
    expect(lineBoxes(pages, '#t')[0].text).toBe('a b');
  });

  it('drops white space at the start and end of a block\'s lines', async () => {
    const pages = await layoutHtml(page('<div id=t>   a b   </div>'));
    const run = textRuns(pages, '#t')[0];
    expect(run.x).toBe(0);
    expect(lineBoxes(pages, '#t')[0].text).toBe('a b');
  });

  it('removes the space after a line break', async () => {
    const pages = await layoutHtml(page('<div id=t style="width:100px">aaaa bbbb cccc</div>'));
    const runs = textRuns(pages, '#t');
    const second = runs.find((r) => r.text.startsWith('cccc'));
    expect(second?.x).toBe(0);
  });
});

describe('soft hyphens', () => {
  it('gives an unbroken soft hyphen no width', async () => {
    const pages = await layoutHtml(page('<div id=t>aaaa&shy;bbbb</div>'));
    expect(textRuns(pages, '#t')[0].width).toBeCloseTo(8 * CH, 5);
  });

  it('breaks a word at a soft hyphen', async () => {
    const pages = await layoutHtml(page('<div id=t style="width:60px">aaaa&shy;bbbb</div>'));
    expect(lineBoxes(pages, '#t').map((l) => l.text.replace('\u00AD', ''))).toEqual(['aaaa-', 'bbbb']);
  });

  it('keeps hyphens visible in a document that also has soft hyphens, in either order', async () => {
    // fontkit shares one glyph between U+00AD and "-"; shaping must not let one hide or show the other.
    const html = (body: string) => `<style>body { font: 16px Arimo }</style>${body}`;
    const plain = textRuns(await layoutHtml(html('<p id=b>well-known</p>')), '#b')[0].width;
    const after = textRuns(await layoutHtml(html('<p>x&shy;y</p><p id=b>well-known</p>')), '#b')[0].width;
    const before = textRuns(await layoutHtml(html('<p>a-b</p><p id=b>x&shy;y</p>')), '#b')[0].width;
    expect(after).toBeCloseTo(plain, 5);
    expect(before).toBeCloseTo(textRuns(await layoutHtml(html('<p id=b>xy</p>')), '#b')[0].width, 5);
    const pdf = await readPdf(await renderPdf(html('<p>x&shy;y</p><p>well-known</p>')));
    expect(pdf.pages[0].text).toBe('xy\nwell-known');
  });

it('shows a hyphen where a soft hyphen breaks the line', async () => {
    const pdf = await readPdf(await renderPdf(page('<div style="width:60px">aaaa&shy;bbbb</div>')));
    expect(pdf.pages[0].text.split('\n')[0]).toMatch(/^aaaa[-\u2010]$/);
  });

it('does not break at a soft hyphen with hyphens: none', async () => {
    const pages = await layoutHtml(page('<div id=t style="width:60px;hyphens:none">aaaa&shy;bbbb</div>'));
    expect(lineBoxes(pages, '#t')).toHaveLength(1);
  });
});

describe('<br> and forced breaks', () => {
  it('ends the line at <br>', async () => {
    expect(await texts(page('<div id=t>one<br>two</div>'))).toEqual(['one', 'two']);
  });

  it('makes an empty line of the full line height for <br><br>', async () => {
    const pages = await layoutHtml(page('<div id=t>one<br><br>three</div>'));
    const lines = lineBoxes(pages, '#t');
    expect(lines.map((l) => l.y)).toEqual([0, 20, 40]);
    expect(findBox(pages, '#t').height).toBe(60);
  });

  it('does not add an empty line for a trailing <br>', async () => {
    const pages = await layoutHtml(page('<div id=t>one<br></div>'));
    expect(findBox(pages, '#t').height).toBe(20);
  });

  it('makes one line for a lone <br>', async () => {
    const pages = await layoutHtml(page('<div id=t><br></div>'));
    expect(findBox(pages, '#t').height).toBe(20);
  });

  it('breaks inside an inline element at <br>', async () => {
    expect(await texts(page('<div id=t><span>one<br>two</span> three</div>'))).toEqual(['one', 'two three']);
  });
});

describe('line-height', () => {
  it('uses a px line-height for every line', async () => {
    const pages = await layoutHtml(page('<div id=t style="line-height:30px">a<br>b</div>'));
    expect(lineBoxes(pages, '#t').map((l) => [l.y, l.height])).toEqual([[0, 30], [30, 30]]);
  });

  it('multiplies a number by the font size', async () => {
    const pages = await layoutHtml(page('<div id=t style="font-size:20px;line-height:1.5">a<br>b</div>'));
    expect(findBox(pages, '#t').height).toBe(60);
  });

  it('resolves a percentage against the element\'s own font size', async () => {
    const pages = await layoutHtml(page('<div id=t style="font-size:10px;line-height:250%">a</div>'));
    expect(findBox(pages, '#t').height).toBe(25);
  });

  it('resolves em against the element\'s font size', async () => {
    const pages = await layoutHtml(page('<div id=t style="font-size:12px;line-height:2em">a</div>'));
    expect(findBox(pages, '#t').height).toBe(24);
  });

  it('inherits a number as a factor, recomputed for the child\'s font size', async () => {
    const pages = await layoutHtml(page('<div style="font-size:10px;line-height:2"><div id=t style="font-size:20px">a</div></div>'));
    expect(findBox(pages, '#t').height).toBe(40);
  });

  it('inherits a percentage as the parent\'s computed length', async () => {
    const pages = await layoutHtml(page('<div style="font-size:10px;line-height:200%"><div id=t style="font-size:20px">a</div></div>'));
    expect(findBox(pages, '#t').height).toBe(20);
  });

  it('uses the font\'s ascent + descent + line gap, each rounded to whole px as Chromium does, for normal', async () => {
    // Cousine at 16px: ascent 13.32 → 13, descent 4.80 → 5, no line gap → 18px.
    const pages = await layoutHtml(page('<div id=t style="line-height:normal">a</div>'));
    expect(findBox(pages, '#t').height).toBe(18);
  });

  it('centres the glyphs in the line with half-leading above and below', async () => {
    const pages = await layoutHtml(page('<div id=t style="line-height:40px">a</div><div id=u style="line-height:20px">a</div>'));
    const [tall] = lineBoxes(pages, '#t');
    const [short] = lineBoxes(pages, '#u');
    expect(tall.baseline - tall.y).toBeCloseTo(short.baseline - short.y + 10, 5);
  });

  it('grows the line to hold a larger inline with its own line-height', async () => {
    const pages = await layoutHtml(page('<div id=t>a<span style="font-size:32px;line-height:40px">B</span>c</div>'));
    const [line] = lineBoxes(pages, '#t');
    expect(line.height).toBeGreaterThanOrEqual(40);
    const runs = textRuns(pages, '#t');
    expect(new Set(runs.map((r) => r.baseline)).size).toBe(1);
  });

  it('keeps line boxes as tall as the strut even when the inline content is smaller', async () => {
    const html = page('<div id=t style="line-height:30px"><span style="font-size:8px;line-height:8px">a</span></div>');
    expect(lineBoxes(await layoutHtml(`<!DOCTYPE html>${html}`), '#t')[0].height).toBe(30);
    // Without a doctype the line-height quirk drops the strut: Chromium makes the line 8px.
    expect(lineBoxes(await layoutHtml(html), '#t')[0].height).toBe(8);
  });
});

describe('inline boxes', () => {
  it('adds horizontal padding, border and margin of an inline to the line', async () => {
    const pages = await layoutHtml(page('<div id=t>ab<span id=s style="margin-left:5px;padding:0 10px;border-left:3px solid">cd</span>ef</div>'));
    const runs = textRuns(pages, '#t');
    expect(runs.map((r) => r.text)).toEqual(['ab', 'cd', 'ef']);
    expect(runs[1].x).toBeCloseTo(2 * CH + 5 + 3 + 10, 3);
    expect(runs[2].x).toBeCloseTo(4 * CH + 5 + 3 + 10 + 10, 3);
    const s = findBox(pages, '#s');
    expect(s.kind).toBe('inline');
    expect(s.x).toBeCloseTo(2 * CH + 5, 3);
    expect(s.width).toBeCloseTo(3 + 10 + 2 * CH + 10, 3);
  });

  it('does not let vertical padding and borders of an inline change the line height', async () => {
    const pages = await layoutHtml(page('<div id=t>ab<span style="padding:20px 0;border:5px solid">cd</span></div>'));
    expect(findBox(pages, '#t').height).toBe(20);
  });

  it('extends an inline\'s background box by its vertical padding around the content area', async () => {
    const pages = await layoutHtml(page('<div id=t>ab<span id=s style="padding:4px 0">cd</span><span id=u>ef</span></div>'));
    const s = findBox(pages, '#s');
    const u = findBox(pages, '#u');
    expect(s.y).toBeCloseTo(u.y - 4, 5);
    expect(s.height).toBeCloseTo(u.height + 8, 5);
    // The content area is the font's ascent + descent: 18.125px for Cousine at 16px.
    expect(u.height).toBeCloseTo(18.125, 3);
  });

  it('splits an inline across lines, its start edge on the first piece and end edge on the last', async () => {
    const pages = await layoutHtml(page('<div id=t style="width:100px">aaaa <span id=s style="padding:0 7px;border:0 solid red;border-width:0 2px">bbbb cccc dddd</span></div>'));
    const pieces = findBoxes(pages, '#s');
    expect(pieces).toHaveLength(2);
    const [first, last] = pieces.map((p) => p.fragment as InlineFragment);
    expect(first).toMatchObject({ hasStart: true, hasEnd: false });
    expect(last).toMatchObject({ hasStart: false, hasEnd: true });
    expect(first.padding.left).toBe(7);
    expect(first.padding.right).toBe(0);
    expect(last.padding.left).toBe(0);
    expect(last.padding.right).toBe(7);
    expect(last.x).toBe(0);
    expect(pieces[1].y).toBeGreaterThan(pieces[0].y);
  });

  it('puts all text of a line on one baseline across fonts and sizes', async () => {
    const pages = await layoutHtml(page('<div id=t>a<span style="font:24px Tinos">b</span><span style="font:10px Arimo">c</span></div>'));
    const runs = textRuns(pages, '#t');
    expect(runs).toHaveLength(3);
    expect(runs[1].baseline).toBe(runs[0].baseline);
    expect(runs[2].baseline).toBe(runs[0].baseline);
  });

  it('places consecutive runs edge to edge', async () => {
    const pages = await layoutHtml(page('<div id=t>ab<b>cd</b><i>ef</i></div>'));
    const runs = textRuns(pages, '#t');
    for (let i = 1; i < runs.length; i++) expect(runs[i].x).toBeCloseTo(runs[i - 1].x + runs[i - 1].width, 5);
  });
});

describe('letter-spacing, word-spacing, text-transform', () => {
  it('adds letter-spacing after every character', async () => {
    const pages = await layoutHtml(page('<div id=t style="letter-spacing:2px">abc</div>'));
    expect(textRuns(pages, '#t')[0].width).toBeCloseTo(3 * CH + 6, 3);
  });

  it('lets negative letter-spacing tighten the text', async () => {
    const pages = await layoutHtml(page('<div id=t style="letter-spacing:-1px">abcd</div>'));
    expect(textRuns(pages, '#t')[0].width).toBeCloseTo(4 * CH - 4, 3);
  });

  it('resolves letter-spacing in em', async () => {
    const pages = await layoutHtml(page('<div id=t style="letter-spacing:0.25em">ab</div>'));
    expect(textRuns(pages, '#t')[0].width).toBeCloseTo(2 * CH + 8, 3);
  });

  it('adds word-spacing to every space', async () => {
    const pages = await layoutHtml(page('<div id=t style="word-spacing:10px">a b c</div>'));
    const run = textRuns(pages, '#t')[0];
    expect(run.width).toBeCloseTo(5 * CH + 20, 3);
    expect(run.fragment.kind === 'text' && run.fragment.wordSpacing).toBe(10);
  });

  it('makes lines wrap earlier with letter-spacing', async () => {
    expect(await texts(page('<div id=t style="width:100px;letter-spacing:2px">aaaa bbbb</div>'))).toEqual(['aaaa', 'bbbb']);
  });

  it('upper-cases, lower-cases and capitalizes', async () => {
    const pages = await layoutHtml(page(`<div id=u style="text-transform:uppercase">hello world</div>
      <div id=l style="text-transform:lowercase">HeLLo WoRLD</div>
      <div id=c style="text-transform:capitalize">hello big world</div>`));
    expect(lineBoxes(pages, '#u')[0].text).toBe('HELLO WORLD');
    expect(lineBoxes(pages, '#l')[0].text).toBe('hello world');
    expect(lineBoxes(pages, '#c')[0].text).toBe('Hello Big World');
  });

  it('capitalizes words that start inside an inline element', async () => {
    const pages = await layoutHtml(page('<div id=c style="text-transform:capitalize">one <b>two</b> three</div>'));
    expect(lineBoxes(pages, '#c')[0].text).toBe('One Two Three');
  });

  it('does not capitalize in the middle of a word split by an element', async () => {
    const pages = await layoutHtml(page('<div id=c style="text-transform:capitalize">wo<b>rd</b></div>'));
    expect(lineBoxes(pages, '#c')[0].text).toBe('Word');
  });

  // As Chromium 156 prints them: the text before (in a block of its own, or not capitalized) ends a word.
  it.each([
    ['after a block of other text', '<div class=n>twitter</div><div id=c><b class=n>soundcloud</b></div>', 'Soundcloud'],
    ['after a space outside the capitalized element', '<p class=n>twitter</p><p id=c>x <span class=n>again</span></p>', 'x Again'],
    ['after a word not capitalized', '<p class=n>twitter</p><p id=c>plain<span class=n> next</span></p>', 'plain Next'],
    ['inside a word not capitalized', '<p id=c>plain<span class=n>next</span></p>', 'plainnext'],
  ])('capitalizes a word %s', async (_, body, expected) => {
    const pages = await layoutHtml(page(`<style>.n { text-transform: capitalize }</style>${body}`));
    expect(lineBoxes(pages, '#c')[0].text).toBe(expected);
  });
});

describe('text-indent', () => {
  it('indents only the first line', async () => {
    const pages = await layoutHtml(page('<div id=t style="width:100px;text-indent:20px">aaaa bbbb cccc</div>'));
    const runs = textRuns(pages, '#t');
    expect(runs[0].x).toBe(20);
    expect(runs[runs.length - 1].x).toBe(0);
    expect(lineBoxes(pages, '#t').map((l) => l.text)).toEqual(['aaaa', 'bbbb cccc']);
  });

  it('resolves a percentage indent against the block width', async () => {
    const pages = await layoutHtml(page('<div id=t style="width:200px;text-indent:10%">a</div>'));
    expect(textRuns(pages, '#t')[0].x).toBe(20);
  });

  it('lets a negative indent hang the first line out to the left', async () => {
    const pages = await layoutHtml(page('<div style="padding-left:30px"><div id=t style="text-indent:-20px">a</div></div>'));
    expect(textRuns(pages, '#t')[0].x).toBe(10);
  });

  it('indents the first line after a <br> no further', async () => {
    const pages = await layoutHtml(page('<div id=t style="text-indent:20px">a<br>b</div>'));
    expect(textRuns(pages, '#t').map((r) => r.x)).toEqual([20, 0]);
  });
});

describe('text-decoration', () => {
  it('gives underlined text an underline in its colour', async () => {
    const pages = await layoutHtml(page('<div id=t style="color:red;text-decoration:underline">a</div>'));
    const run = textRuns(pages, '#t')[0].fragment as TextFragment;
    expect(run.decorations).toEqual([{ line: 'underline', color: { r: 255, g: 0, b: 0, a: 1 }, style: 'solid', thickness: null, underlineOffset: null }]);
  });

  it('propagates the decoration to children with the decorating element\'s colour', async () => {
    const pages = await layoutHtml(page('<div id=t style="color:red;text-decoration:line-through">a<span style="color:blue">b</span></div>'));
    const b = textRuns(pages, '#t')[1].fragment as TextFragment;
    expect(b.decorations).toEqual([{ line: 'line-through', color: { r: 255, g: 0, b: 0, a: 1 }, style: 'solid', thickness: null, underlineOffset: null }]);
  });

  it('stacks a child\'s own decoration on top of the inherited one', async () => {
    const pages = await layoutHtml(page('<div id=t style="text-decoration:underline">a<span style="text-decoration:overline dashed">b</span></div>'));
    const b = textRuns(pages, '#t')[1].fragment as TextFragment;
    expect(b.decorations.map((d) => [d.line, d.style])).toEqual([['underline', 'solid'], ['overline', 'dashed']]);
  });

  it('honours text-decoration-color and the style keyword', async () => {
    const pages = await layoutHtml(page('<div id=t style="text-decoration:underline wavy;text-decoration-color:#00f">a</div>'));
    const run = textRuns(pages, '#t')[0].fragment as TextFragment;
    expect(run.decorations).toEqual([{ line: 'underline', color: { r: 0, g: 0, b: 255, a: 1 }, style: 'wavy', thickness: null, underlineOffset: null }]);
  });

  it('takes text-decoration-thickness and text-underline-offset from the decorating box, lengths and percentages of 1em', async () => {
    const pages = await layoutHtml(page('<div id=t style="font-size:20px;text-decoration:underline 3px;text-underline-offset:0.5em">a<span style="font-size:10px;text-decoration:line-through;text-decoration-thickness:25%;text-underline-offset:auto">b</span></div>'));
    const [a, b] = textRuns(pages, '#t').map((r) => (r.fragment as TextFragment).decorations);
    expect(a).toEqual([expect.objectContaining({ line: 'underline', thickness: 3, underlineOffset: 10 })]);
    expect(b).toEqual([expect.objectContaining({ line: 'underline', thickness: 3, underlineOffset: 10 }), expect.objectContaining({ line: 'line-through', thickness: 2.5, underlineOffset: null })]);
  });

  it('draws the lines where Chromium 156 draws them: the offset from the baseline, a given thickness half its size below it', async () => {
    // 16px Arial on a 38px grid of paragraphs: Chromium's rectangles' tops, from each paragraph's top.
    const styles = ['text-underline-offset:0', 'text-underline-offset:6px', 'text-decoration-thickness:4px', 'text-decoration:underline 3px;text-underline-offset:0.5em'];
    const body = styles.map((css) => `<p style="margin:0 0 20px;font:16px Arial;text-decoration:underline;${css}">x</p>`).join('');
    const spy = await paintHtml(`<style>@page { size: 200px 300px; margin: 0 } body { margin: 0 }</style>${body}`);
    const lines = spy.callsOf('fillPath').map((c) => c.args[0].flatMap((p) => ('y' in p ? [p.y] : []))).map((ys) => [Math.min(...ys), Math.max(...ys) - Math.min(...ys)]);
    expect(lines.map(([top, height], k) => [Math.round(top! - 38 * k), Math.round(height!)])).toEqual([[14, 1], [20, 1], [16, 4], [22, 3]]);
  });

  it('underlines links by default', async () => {
    const pages = await layoutHtml(page('<div id=t><a href="https://example.com">x</a></div>'));
    const run = textRuns(pages, '#t')[0].fragment as TextFragment;
    expect(run.decorations.map((d) => d.line)).toEqual(['underline']);
    expect(run.style.color).toEqual({ r: 0, g: 0, b: 0xee, a: 1 });
  });

  it('does not propagate decorations into inline-blocks', async () => {
    const pages = await layoutHtml(page('<div id=t style="text-decoration:underline">a<span style="display:inline-block">b</span></div>'));
    const runs = textRuns(pages, '#t');
    expect((runs[1].fragment as TextFragment).decorations).toEqual([]);
  });
});

describe('painting inline boxes and decorations', () => {
  const rect = (path: readonly PathCommand[]): { x: number; y: number; width: number; height: number } => {
    const pts = path.filter((p): p is Extract<PathCommand, { x: number }> => 'x' in p);
    const xs = pts.map((p) => p.x);
    const ys = pts.map((p) => p.y);
    return { x: Math.min(...xs), y: Math.min(...ys), width: Math.max(...xs) - Math.min(...xs), height: Math.max(...ys) - Math.min(...ys) };
  };

  it('paints an inline background over the content area and padding', async () => {
    const spy = await paintHtml(page('<p style="margin:0">a<span style="background:yellow;padding:2px 3px">bb</span></p>'));
    const [fill] = spy.callsOf('fillPath');
    expect(fill.args[1]).toEqual({ r: 255, g: 255, b: 0, a: 1 });
    const r = rect(fill.args[0]);
    expect(r.x).toBeCloseTo(CH, 5);
    expect(r.width).toBeCloseTo(3 + 2 * CH + 3, 5);
    // Content area (ascent + descent = 18.125px) plus 2px padding above and below.
    expect(r.height).toBeCloseTo(18.125 + 4, 4);
  });

  it('paints the background before the text on top of it', async () => {
    const spy = await paintHtml(page('<p style="margin:0"><span style="background:yellow">bb</span></p>'));
    expect(spy.methods().filter((m) => m === 'fillPath' || m === 'text')).toEqual(['fillPath', 'text']);
  });

  it('draws an underline as a band below the baseline, as wide as the text', async () => {
    const pages = await layoutHtml(page('<p id=p style="margin:0;text-decoration:underline">abc</p>'));
    const [run] = textRuns(pages, '#p');
    const spy = await paintHtml(page('<p id=p style="margin:0;text-decoration:underline">abc</p>'));
    const [fill] = spy.callsOf('fillPath');
    const r = rect(fill.args[0]);
    expect(r.x).toBeCloseTo(run.x, 5);
    expect(r.width).toBeCloseTo(3 * CH, 5);
    expect(r.y).toBeGreaterThan(run.baseline);
    expect(r.height).toBeGreaterThanOrEqual(1);
  });

  it('draws a line-through a third of the rounded ascent above the baseline and an overline above the ascent, on whole pixels', async () => {
    const spy = await paintHtml(page('<p style="margin:0;text-decoration:line-through overline">abc</p>'));
    const pages = await layoutHtml(page('<p id=p style="margin:0">abc</p>'));
    const base = textRuns(pages, '#p')[0].baseline;
    const rects = spy.callsOf('fillPath').map((f) => rect(f.args[0]));
    // Cousine's ascent is 0.8325em (13.32px, 13 rounded); the automatic thickness a tenth of 16px, drawn 1px tall.
    const thickness = 1.6;
    const near = (y: number) => rects.find((r) => Math.abs(r.y - y) <= 0.5);
    const through = near(base - 13 / 3 - thickness / 2);
    const over = near(base - 0.83251953125 * 16 - 1);
    for (const r of [through, over]) {
      expect(r).toBeDefined();
      expect(r!.height).toBe(1);
      expect(r!.y).toBe(Math.round(r!.y));
    }
  });

  it('strokes dotted and dashed decorations', async () => {
    const spy = await paintHtml(page('<p style="margin:0"><span style="text-decoration:underline dotted">a</span><span style="text-decoration:underline dashed">b</span></p>'));
    const strokes = spy.callsOf('strokePath');
    expect(strokes).toHaveLength(2);
    // The automatic thickness is a tenth of the font size (Chromium's), unrounded for strokes.
    expect(strokes[0].args[1].dash).toEqual([1.6, 1.6]);
    expect(strokes[1].args[1].dash.length).toBe(2);
  });

  it('draws a second line for double decorations', async () => {
    const spy = await paintHtml(page('<p style="margin:0;text-decoration:underline double">a</p>'));
    expect(spy.callsOf('fillPath')).toHaveLength(2);
  });
});

describe('inline-blocks and atomic inlines', () => {
  it('shrinks an inline-block to fit its content', async () => {
    const pages = await layoutHtml(page('<div id=t>ab<span id=ib style="display:inline-block;padding:0 5px">cde</span>f</div>'));
    const ib = findBox(pages, '#ib');
    expect(ib.width).toBe(lu(3 * CH) + 10);
    expect(ib.x).toBeCloseTo(2 * CH, 3);
    expect(textRuns(pages, '#t').find((r) => r.text === 'f')?.x).toBeCloseTo(2 * CH + lu(3 * CH) + 10, 3);
  });

  it('wraps an inline-block\'s content when it is wider than the line', async () => {
    const pages = await layoutHtml(page('<div id=t style="width:100px"><span id=ib style="display:inline-block">aaaa bbbb cccc</span></div>'));
    expect(findBox(pages, '#ib').width).toBe(100);
    expect(lineBoxes(pages, '#ib').map((l) => l.text)).toEqual(['aaaa bbbb', 'cccc']);
  });

  it('aligns an inline-block\'s last line baseline with the line baseline', async () => {
    const pages = await layoutHtml(page('<div id=t>a<span style="display:inline-block;padding-top:10px">b<br>c</span>d</div>'));
    const runs = textRuns(pages, '#t');
    const a = runs.find((r) => r.text === 'a')!;
    const c = runs.find((r) => r.text === 'c')!;
    expect(c.baseline).toBeCloseTo(a.baseline, 5);
  });

  it('sits an inline-block without lines on the baseline by its bottom margin edge', async () => {
    const pages = await layoutHtml(page('<div id=t>a<span id=ib style="display:inline-block;width:20px;height:30px;margin-bottom:5px"></span></div>'));
    const ib = findBox(pages, '#ib');
    const a = textRuns(pages, '#t')[0];
    expect(ib.y + ib.height + 5).toBeCloseTo(a.baseline, 5);
  });

  it('uses the bottom margin edge as baseline for an inline-block with overflow: hidden', async () => {
    const pages = await layoutHtml(page('<div id=t>a<span id=ib style="display:inline-block;overflow:hidden">b</span></div>'));
    const ib = findBox(pages, '#ib');
    const a = textRuns(pages, '#t')[0];
    expect(ib.y + ib.height).toBeCloseTo(a.baseline, 5);
  });

  it('moves an inline-block that does not fit to the next line whole', async () => {
    const pages = await layoutHtml(page('<div id=t style="width:100px">aaaaaa <span id=ib style="display:inline-block;width:60px;height:10px"></span></div>'));
    const ib = findBox(pages, '#ib');
    expect(ib.x).toBe(0);
    expect(lineBoxes(pages, '#t')).toHaveLength(2);
  });
});

describe('position: relative on inline boxes (checked against Chromium)', () => {
  it('paints the text of a relative inline offset by top and left, the line laid out as if it were not', async () => {
    const pages = await layoutHtml(page('<p id=t style="margin:0">x <span id=s style="position:relative;left:20px;top:5px">moved</span> y</p>'));
    const [x, moved, y] = textRuns(pages, '#t');
    expect(moved.x).toBeCloseTo(2 * CH + 20, 5);
    expect(moved.baseline).toBeCloseTo(x.baseline + 5, 5);
    expect(y.x).toBeCloseTo(7 * CH, 5);
    expect(y.baseline).toBe(x.baseline);
    expect(findBox(pages, '#s').x).toBeCloseTo(2 * CH + 20, 5);
  });

  it('raises normalize.css superscripts (sup { position: relative; top: -.5em }) without growing the line', async () => {
    const css = 'sup { font-size: 75%; line-height: 0; position: relative; vertical-align: baseline; top: -.5em }';
    const pages = await layoutHtml(page('<p id=t style="margin:0">mc<sup>2</sup></p>', css));
    const [base, two] = textRuns(pages, '#t');
    expect(two.baseline).toBeCloseTo(base.baseline - 6, 5);
    expect(lineBoxes(pages, '#t')[0].height).toBe(20);
  });

  it('moves an atomic inline with position: relative, and right and bottom when left and top are auto', async () => {
    const pages = await layoutHtml(page('<p style="margin:0"><span id=b style="display:inline-block;width:10px;height:10px;position:relative;right:4px;bottom:3px"></span></p>'));
    const b = findBox(pages, '#b');
    expect(b.x).toBeCloseTo(-4, 5);
  });
});

describe('kerning after a space, as Chromium shapes a run whole', () => {
  it('lets a line hold text that fits only with the space-A kerning (Arimo kerns " A" by -113/2048 em)', async () => {
    const arimo = bundledFaces('arimo').find((f) => f.weight[0] === 400 && f.style === 'normal')!.load()!;
    const width = arimo.measure('your Aadhaar', 14) + 0.3;
    // Measured apart, the words would not fit.
    expect(arimo.measure('your ', 14) + arimo.measure('Aadhaar', 14)).toBeGreaterThan(width + 0.3);
    const pages = await layoutHtml(`<!DOCTYPE html><style>body { margin: 0; font: 14px/20px Arimo }</style><div id=t style="width: ${width}px">your Aadhaar</div>`);
    expect(lineBoxes(pages, '#t').map((l) => l.text)).toEqual(['your Aadhaar']);
    expect(textRuns(pages, '#t')[0].width).toBeCloseTo(width - 0.3, 6);
  });
});

describe('many inline boxes in one paragraph', () => {
  // Each line walked every item of its paragraph, each inline box was spliced into the line's
  // pieces, and justification searched every piece for each box: 10^5 spans on a line never finished.
  it('lays out 60,000 spans on one line and 30,000 spans over many justified lines, each once', async () => {
    const oneLine = `<p>${'<span>a</span>'.repeat(60_000)}</p>`;
    const manyLines = `<p style="text-align: justify">${'<span style="border-left: 1px solid red">word </span>'.repeat(30_000)}</p>`;
    expect((await layoutHtml(oneLine)).length).toBeGreaterThanOrEqual(1);
    const lines = lineBoxes(await layoutHtml(manyLines));
    expect(lines.length).toBeGreaterThan(1000);
    expect(lines.map((l) => l.text).join(' ').split(/\s+/).filter((w) => w === 'word')).toHaveLength(30_000);
  }, 60_000);

  // Boxes open from the line before were put in front as they closed, moving what later boxes had
  // noted as their place: a box going on to the next line was painted before what preceded it.
  it("paints an inline box's border right before its content, after what came before it on the line", async () => {
    const spy = await paintHtml(`<style>@page { size: 400px 400px; margin: 0 } body { margin: 0; font: 16px Arimo; width: 200px }</style>
      <p><b><i>one two three four five six seven eight nine <span style="display: inline-block; width: 20px; height: 8px; background: rgb(0, 0, 255)"></span> <span style="border: 1px solid rgb(255, 0, 0)">red goes on to the next line</span></i></b></p>`);
    const fills = spy.calls.filter((c) => c.method === 'fillPath').map((c) => (c.args[1] as { r: number; b: number }));
    const blue = fills.findIndex((c) => c.b === 255 && c.r === 0);
    const red = fills.findIndex((c) => c.r === 255 && c.b === 0);
    expect(blue).toBeGreaterThanOrEqual(0);
    expect(red).toBeGreaterThan(blue);
  });
});

describe('empty inline boxes (an icon font’s <i> with nothing in it), as Blink places them', () => {
  const icon = 'i { margin-right: 30px }';

  it('keep their end margin when they start a line', async () => {
    const runs = textRuns(await layoutHtml(page('<div id=t><i></i>Tight</div>', icon)), '#t');
    expect(runs.map((r) => [r.text, r.x])).toEqual([['Tight', 30]]);
  });

  it('take their width when the line is filled: two icons push a word onto the next line', async () => {
    // 60px of icons, "Two" (28.8px), a space and "icons" (48px) make 146.4px: more than 120.
    expect(await texts(page('<div id=t style="width:120px"><i></i><i></i>Two icons</div>', icon))).toEqual(['Two', 'icons']);
  });

  it('stay at the end of the line where the line breaks after the space before them', async () => {
    const pages = await layoutHtml(page('<div id=t style="width:150px">aaaa bbbb cccc <i id=icon></i>dddd</div>', icon));
    const lines = lineBoxes(pages, '#t');
    expect(lines.map((l) => l.text)).toEqual(['aaaa bbbb cccc', 'dddd']);
    const runs = textRuns(pages, '#t');
    expect(runs.at(-1)).toMatchObject({ text: 'dddd', x: 0 });
    const iconBox = findBox(pages, '#icon');
    expect(iconBox.y).toBeLessThan(lines[1].y);
  });

  it('print at the end of a paragraph after its last word', async () => {
    const pages = await layoutHtml(page('<div id=t>dd<i id=icon style="margin: 0 0 0 5px; border: 2px solid red"></i></div>'));
    const iconBox = findBox(pages, '#icon');
    expect(iconBox.x).toBeCloseTo(2 * CH + 5, 3);
    expect(iconBox.width).toBe(4);
  });
});
