// Right-to-left and bidirectional text (UAX #9) and `direction: rtl` layout, as Chromium lays them
// out: lines in visual order, right-to-left runs mirrored and shaped right to left, start alignment,
// right-to-left tables, lists and over-constrained boxes, logical properties by direction.
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { bundledFaces } from '../../src/engine/fonts/bundled.js';
import { shapeText, shapeTextRightToLeft } from '../../src/engine/fonts/shape.js';
import { visualOrder, visualText } from '../../src/engine/layout/bidi.js';
import { findBox, findBoxes, layoutHtml, lineBoxes, paintHtml, renderPdf, textRuns } from '../../src/testing/render.js';
import { readPdf } from '../../src/testing/read-pdf.js';
import { describeWithTools } from '../protect/tools.js';

const PAGE = '<style>@page { size: 400px 400px; margin: 0 } body { margin: 0; font: 16px Arial }</style>';
const RTL = (body: string, css = ''): string => `<html dir="rtl"><meta charset="utf-8">${PAGE}<style>${css}</style><body>${body}</body></html>`;

/** The text runs of the first line, left to right. */
async function runsLeftToRight(html: string): Promise<string[]> {
  const pages = await layoutHtml(html);
  const line = lineBoxes(pages)[0];
  return textRuns(pages).filter((r) => r.baseline === line.baseline).sort((a, b) => a.x - b.x).map((r) => r.text.trim()).filter(Boolean);
}

describe('visual order (UAX #9 L2)', () => {
  it('reverses runs of odd levels and keeps numbers inside them left to right', () => {
    expect(visualOrder([1, 1, 1])).toEqual([2, 1, 0]);
    expect(visualOrder([0, 1, 1, 0])).toEqual([0, 2, 1, 3]);
    // A number (level 2) inside right-to-left text keeps its own order.
    expect(visualOrder([1, 2, 2, 1])).toEqual([3, 1, 2, 0]);
  });

  it('shows a list marker right to left in visual order, brackets mirrored', () => {
    expect(visualText('1. ', 'rtl')).toBe(' .1');
    expect(visualText('(א)', 'rtl')).toBe('(א)');
    expect(visualText('1. ', 'ltr')).toBe('1. ');
  });
});

describe('bidirectional lines', () => {
  it('lays a right-to-left paragraph out right to left: its first word is rightmost', async () => {
    const pages = await layoutHtml(RTL('<p>שלום עולם</p>'));
    const runs = textRuns(pages);
    expect(runs).toHaveLength(1);
    // One right-to-left run, aligned right (text-align: start), painted right to left.
    expect(runs[0].fragment.rightToLeft).toBe(true);
    expect(runs[0].x + runs[0].width).toBeCloseTo(400, 0);
  });

  it('places left-to-right runs inside a right-to-left paragraph in visual order', async () => {
    expect(await runsLeftToRight(RTL('<p>חשבונית עבור Acme Corp בסך 120</p>'))).toEqual(['120', 'בסך', 'Acme Corp', 'חשבונית עבור']);
  });

  it('keeps a left-to-right paragraph in logical order with a Hebrew word shaped right to left', async () => {
    const pages = await layoutHtml(`<meta charset="utf-8">${PAGE}<p>Hello שלום world</p>`);
    const runs = textRuns(pages).sort((a, b) => a.x - b.x);
    expect(runs.map((r) => r.text.trim())).toEqual(['Hello', 'שלום', 'world']);
    expect(runs.map((r) => r.fragment.rightToLeft === true)).toEqual([false, true, false]);
    expect(runs[0].x).toBeCloseTo(0, 1);
  });

  it('shows brackets in right-to-left runs mirrored, their glyphs keeping the characters of the text', async () => {
    const face = bundledFaces('arimo').find((f) => f.weight[0] === 400 && f.style === 'normal')!.load()!;
    const shaped = shapeTextRightToLeft(face.fontkit, '(א) ב');
    // Visual order, left to right: "ב", the space, then "(א)" shown as ")א(".
    const glyphs = shaped.flatMap((chunk) => chunk.glyphIds);
    const chars = shaped.flatMap((chunk) => chunk.codePoints.map((cps) => String.fromCodePoint(...cps)));
    expect(chars).toEqual(['ב', ' ', ')', 'א', '(']);
    expect(glyphs[2]).toBe(face.fontkit.glyphForCodePoint(0x28).id);
    expect(glyphs[4]).toBe(face.fontkit.glyphForCodePoint(0x29).id);
    // The text itself stays in logical order, unmirrored.
    const runs = textRuns(await layoutHtml(RTL('<p>פריט (עם סוגריים)</p>')));
    expect(runs.map((r) => r.text).join('')).toContain('(עם סוגריים)');
  });

  it('isolates an inline element with dir, and <bdi>, from the text around it', async () => {
    const xOf = (runs: Awaited<ReturnType<typeof textRuns>>, text: string): number => runs.find((r) => r.text.includes(text))!.x;
    // Without isolation the number after a Hebrew name joins the right-to-left run; with <bdi> it stays after the name.
    const plain = textRuns(await layoutHtml(`<meta charset="utf-8">${PAGE}<p>User שרה כהן: 90 points</p>`));
    const isolated = textRuns(await layoutHtml(`<meta charset="utf-8">${PAGE}<p>User <bdi>שרה כהן</bdi>: 90 points</p>`));
    expect(xOf(plain, '90')).toBeLessThan(xOf(plain, 'שרה'));
    expect(xOf(isolated, '90')).toBeGreaterThan(xOf(isolated, 'שרה'));
    // A left-to-right phone number keeps "(office)" after it inside a right-to-left paragraph.
    const phone = textRuns(await layoutHtml(RTL('<p>טלפון: <span dir="ltr">+972-3-555-1234 (office)</span> בשעות</p>')));
    expect(phone.map((r) => r.text)).toContain('+972-3-555-1234 (office)');
    const unisolated = textRuns(await layoutHtml(RTL('<p>טלפון: +972-3-555-1234 (office) בשעות</p>')));
    expect(xOf(unisolated, 'office')).toBeLessThan(xOf(unisolated, '972'));
  });

  it('moves an inline box\'s background with its text', async () => {
    const pages = await layoutHtml(RTL('<p>מחיר <span id="s" style="background: yellow">מודגש</span> סוף</p>'));
    const span = findBox(pages, '#s');
    const word = textRuns(pages).find((r) => r.text.includes('מודגש'))!;
    expect(span.x).toBeCloseTo(word.x, 1);
    expect(span.width).toBeCloseTo(word.width, 1);
  });

  it('paints right-to-left text from its last chunk to its first, so readers get the words in order', async () => {
    const spy = await paintHtml(RTL('<p>שלום עולם</p>'));
    const text = spy.calls.find((c) => c.method === 'text');
    expect(text?.method === 'text' && text.args[0].rightToLeft).toBe(true);
    const { pages } = await readPdf(await renderPdf(RTL('<p>שלום עולם</p>')));
    expect(pages[0].text).toMatch(/שלום/);
    expect(pages[0].text).toMatch(/עולם/);
  });
});

describe('unicode-bidi', () => {
  const LTR = (body: string): string => `<meta charset="utf-8">${PAGE}<body>${body}</body>`;

  it('shows <bdo dir=rtl> and bidi-override right to left, letter by letter, brackets mirrored', async () => {
    const html = LTR('<p>one <bdo dir="rtl">abc def</bdo> two</p><p>one <span style="unicode-bidi: bidi-override; direction: rtl">ghi (jk)</span> two</p>');
    const pages = await layoutHtml(html);
    expect(textRuns(pages).find((r) => r.text === 'abc def')!.fragment.rightToLeft).toBe(true);
    const { pages: read } = await readPdf(await renderPdf(html));
    expect(read[0].text).toBe('one fed cba two\none )kj( ihg two');
  });

  it('leaves left-to-right text in an rtl embedding in its order, but overrides a number\'s', async () => {
    expect(await runsLeftToRight(LTR('<p>one <span style="unicode-bidi: embed; direction: rtl">abc 123</span> two</p>'))).toEqual(['one', 'abc 123', 'two']);
    expect(await runsLeftToRight(LTR('<p>price <span style="unicode-bidi: isolate-override; direction: rtl">12-34</span> end</p>'))).toEqual(['price', '12-34', 'end']);
    const pages = await layoutHtml(LTR('<p>price <span style="unicode-bidi: isolate-override; direction: rtl">12-34</span> end</p>'));
    expect(textRuns(pages).find((r) => r.text === '12-34')!.fragment.rightToLeft).toBe(true);
  });

  it('shows Hebrew overridden left to right in logical order, shaped left to right', async () => {
    const pages = await layoutHtml(RTL('<p><bdo dir="ltr">abc שלום def</bdo> סוף</p>'));
    const runs = textRuns(pages).sort((a, b) => a.x - b.x);
    // In logical order left to right (the Hebrew in its fallback face), none of it right to left.
    const words = runs.filter((r) => r.text.trim() !== '');
    expect(words.map((r) => r.text.trim())).toEqual(['סוף', 'abc', 'שלום', 'def']);
    expect(words.slice(1).map((r) => r.fragment.rightToLeft === true)).toEqual([false, false, false]);
    // Shaped left to right, the first letter's glyph comes first (fontkit alone would reverse Hebrew).
    const face = bundledFaces('dejavu sans').find((f) => f.weight[0] === 400 && f.style === 'normal')!.load()!;
    expect(shapeText(face.fontkit, 'שלום')[0].codePoints.map((c) => c[0])).toEqual([0x5e9, 0x5dc, 0x5d5, 0x5dd]);
  });

  it('overrides a whole paragraph when its block has bidi-override', async () => {
    const { pages } = await readPdf(await renderPdf(LTR('<p style="direction: rtl; unicode-bidi: bidi-override">hello world</p>')));
    expect(pages[0].text).toBe('dlrow olleh');
  });

  it('gives a plaintext paragraph the direction of its first strong character, and aligns it there', async () => {
    const hebrew = await layoutHtml(LTR('<p style="unicode-bidi: plaintext">שלום world עולם</p>'));
    const runs = textRuns(hebrew).sort((a, b) => a.x - b.x).filter((r) => r.text.trim() !== '');
    expect(runs.map((r) => r.text.trim())).toEqual(['עולם', 'world', 'שלום']);
    expect(runs[2].x + runs[2].width).toBeCloseTo(400, 0);
    const latin = textRuns(await layoutHtml(LTR('<p style="unicode-bidi: plaintext">hello שלום</p>')));
    expect(Math.min(...latin.map((r) => r.x))).toBeCloseTo(0, 1);
  });

  it('gives a block with dir=auto the direction of its first strong letter, past elements with their own dir', async () => {
    const runs = textRuns(await layoutHtml(LTR('<p dir="auto">שלום world</p><p dir="auto">Hello שלום</p><div dir="auto"><span dir="ltr">abc</span> שלום</div><p dir="auto">123</p>')));
    const run = (text: string) => runs.find((r) => r.text.trim() === text)!;
    expect(run('world').x).toBeLessThan(run('שלום').x);
    expect(run('שלום').x + run('שלום').width).toBeCloseTo(400, 0);
    expect(run('Hello').x).toBeCloseTo(0, 1);
    expect(run('abc').x + run('abc').width).toBeCloseTo(400, 0);
    expect(run('123').x).toBeCloseTo(0, 1);
  });

  it('is not reset by all: initial, and inline boxes with dir isolate through the UA sheet', async () => {
    const pages = await layoutHtml(LTR('<p>one <bdo dir="rtl" style="all: initial; font: 16px Arial">abc</bdo> two</p>'));
    expect(textRuns(pages).find((r) => r.text === 'cba' || r.text === 'abc')!.fragment.rightToLeft).toBe(true);
    // unicode-bidi: normal on an element with dir leaves it part of the text around it.
    const plain = textRuns(await layoutHtml(LTR('<p>User <span dir="rtl" style="unicode-bidi: normal">שרה כהן</span>: 90 points</p>')));
    const at = (text: string): number => plain.find((r) => r.text.includes(text))!.x;
    expect(at('90')).toBeLessThan(at('שרה'));
  });
});

describe('direction: rtl layout', () => {
  it('puts a right-to-left table\'s first column on the right', async () => {
    const pages = await layoutHtml(RTL('<table style="border-collapse: collapse"><tr><td id="a">א</td><td id="b">ב</td><td id="c">ג</td></tr></table>'));
    const [a, b, c] = ['#a', '#b', '#c'].map((s) => findBox(pages, s));
    expect(a.x).toBeGreaterThan(b.x);
    expect(b.x).toBeGreaterThan(c.x);
    // The table itself sits at the right (its left margin gives way).
    expect(findBox(pages, 'table').x + findBox(pages, 'table').width).toBeCloseTo(400, 0);
  });

  it('aligns a box narrower than its container right, and lets a wider one overflow on the left', async () => {
    const pages = await layoutHtml(RTL('<div id="n" style="width: 100px; height: 10px"></div><div id="w" style="width: 500px; height: 10px"></div>'));
    expect(findBox(pages, '#n').x).toBeCloseTo(300, 1);
    expect(findBox(pages, '#w').x).toBeCloseTo(-100, 1);
  });

  it('floats inline-start to the right and inline-end to the left, and clears by the same sides', async () => {
    const css = '.s { float: inline-start; width: 50px; height: 50px } .e { float: inline-end; width: 60px; height: 20px }';
    const rtl = await layoutHtml(RTL('<div class="s" id="s"></div><div class="e" id="e"></div><p id="c" style="clear: inline-end">x</p>', css));
    expect(findBox(rtl, '#s').x).toBeCloseTo(350, 1);
    expect(findBox(rtl, '#e').x).toBeCloseTo(0, 1);
    expect(findBox(rtl, '#c').y).toBeGreaterThanOrEqual(20);
    expect(findBox(rtl, '#c').y).toBeLessThan(50);
    const ltr = await layoutHtml(`${PAGE}<style>${css}</style><div class="s" id="s"></div><div class="e" id="e"></div>`);
    expect(findBox(ltr, '#s').x).toBeCloseTo(0, 1);
    expect(findBox(ltr, '#e').x).toBeCloseTo(340, 1);
  });

  it('hangs list markers right of the items, a number shown as " .1"', async () => {
    const pages = await layoutHtml(RTL('<ol><li>פריט</li></ol><ul><li>פריט</li></ul>'));
    const [ordered, bulleted] = lineBoxes(pages);
    const item = findBoxes(pages, 'li')[0];
    // padding-inline-start: 40px is the right padding right to left.
    expect(item.x + item.width).toBeCloseTo(360, 0);
    const marker = ordered.fragment.children.find((f) => f.kind === 'text' && f.text.includes('1'));
    expect(marker?.kind === 'text' && marker.text).toBe(' .1');
    expect(marker && marker.kind === 'text' && marker.x).toBeGreaterThanOrEqual(360);
    const disc = bulleted.fragment.children.find((f) => f.kind === 'text' && f.symbol);
    expect(disc && disc.kind === 'text' && disc.x).toBeGreaterThanOrEqual(360);
  });

  it('runs a right-to-left flex row from the right, and a reversed one from the left', async () => {
    const pages = await layoutHtml(RTL('<div style="display: flex"><div id="a" style="width: 50px">א</div><div id="b" style="width: 50px">ב</div></div>'
      + '<div style="display: flex; flex-direction: row-reverse"><div id="c" style="width: 50px">ג</div><div id="d" style="width: 50px">ד</div></div>'));
    expect(findBox(pages, '#a').x).toBeCloseTo(350, 1);
    expect(findBox(pages, '#b').x).toBeCloseTo(300, 1);
    expect(findBox(pages, '#c').x).toBeCloseTo(0, 1);
    expect(findBox(pages, '#d').x).toBeCloseTo(50, 1);
  });

  it('puts a right-to-left grid\'s first column on the right, spans and justify-self: start too', async () => {
    const pages = await layoutHtml(RTL('<div style="display: grid; grid-template-columns: 100px 1fr 50px"><div id="a">א</div><div id="b">ב</div><div id="c">ג</div>'
      + '<div id="s" style="grid-column: span 2">ד</div><div id="t" style="justify-self: start; width: 20px">ה</div></div>'));
    expect(findBox(pages, '#a').x).toBeCloseTo(300, 1);
    expect(findBox(pages, '#b').x).toBeCloseTo(50, 1);
    expect(findBox(pages, '#c').x).toBeCloseTo(0, 1);
    expect(findBox(pages, '#s').x).toBeCloseTo(50, 1);
    expect(findBox(pages, '#s').width).toBeCloseTo(350, 1);
    // Start is the right edge of its 50px column.
    expect(findBox(pages, '#t').x).toBeCloseTo(30, 1);
  });

  it('maps logical properties to the right side of a right-to-left element', async () => {
    const pages = await layoutHtml(RTL('<div id="d" style="margin-inline-start: 30px; padding-inline-end: 5px; height: 10px"></div>'));
    const d = findBox(pages, '#d');
    expect(d.x).toBeCloseTo(0, 1);
    expect(d.width).toBeCloseTo(370, 1);
    expect(d.fragment.kind === 'box' && d.fragment.padding.left).toBe(5);
    // Left to right they are the left margin and the right padding.
    const ltr = findBox(await layoutHtml(`${PAGE}<div id="d" style="margin-inline-start: 30px; padding-inline-end: 5px; height: 10px"></div>`), '#d');
    expect(ltr.x).toBeCloseTo(30, 1);
    expect(ltr.fragment.kind === 'box' && ltr.fragment.padding.right).toBe(5);
  });

  it('keeps Arabic words split across elements on the one line of their shrink-to-fit box (spaces measured in the face that paints them)', async () => {
    const pages = await layoutHtml(RTL('<div id="t" style="display:inline-block">مديرة تسويق <span>شركة أكمي</span></div><div id="u" style="display:inline-block">مديرة تسويق شركة أكمي</div>'));
    expect(lineBoxes(pages, '#t')).toHaveLength(1);
    expect(findBox(pages, '#t').width).toBeCloseTo(findBox(pages, '#u').width, 3);
  });

  it('maps logical properties whose values use var() to the right side too, longhands and shorthands', async () => {
    const pages = await layoutHtml(RTL('<div id="a" style="padding-inline-start: calc(var(--u) * 2.5); height: 10px"></div><div id="b" style="padding-inline: var(--u) 0; margin-inline-end: var(--u); height: 10px"></div>', ':root { --u: 8px }'));
    const a = findBox(pages, '#a');
    expect(a.fragment.kind === 'box' && [a.fragment.padding.left, a.fragment.padding.right]).toEqual([0, 20]);
    const b = findBox(pages, '#b');
    expect(b.fragment.kind === 'box' && [b.fragment.padding.left, b.fragment.padding.right]).toEqual([0, 8]);
    expect(b.x).toBeCloseTo(8, 1);
  });

  it('lets a later physical declaration win over a logical one on the same side', async () => {
    const pages = await layoutHtml(RTL('<div id="d" style="margin-inline-start: 30px; margin-right: 10px; height: 10px"></div>'));
    expect(findBox(pages, '#d').width).toBeCloseTo(390, 1);
  });
});

describeWithTools(['pdftotext'], 'the order a right-to-left line is drawn in', () => {
  it('draws its runs left to right, as Chromium does: pdftotext joins ",12" and ")Item" as it joins Chromium\u2019s words', async () => {
    const pdf = await renderPdf(RTL('<p>רחוב הרצל 12, תל אביב (Item two) סה"כ: ₪1,234.50</p>'));
    const words = execFileSync('pdftotext', ['-bbox', '-', '-'], { input: pdf, encoding: 'utf8' })
      .split('\n').flatMap((line) => /<word [^>]*>(.*)<\/word>/.exec(line)?.[1] ?? []).map((word) => word.replace(/&quot;/g, '"'));
    // Chromium 156's PDF of the same paragraph, read by pdftotext -bbox (each word's letters as drawn).
    expect(words).toEqual(['₪1,234.50', ':כ"הס', ')Item', 'two(', 'ביבא', 'לת', ',12', 'לצרה', 'בוחר']);
  });

});

describe('spaces at the start of a bidi run', () => {
  it('keep the space between a right-to-left word and a symbol after it, in the listed face, as Chromium does', async () => {
    const runs = textRuns(await layoutHtml(`<meta charset="utf-8">${PAGE}<p>A שלום ✈ B</p>`)).sort((a, b) => a.x - b.x);
    expect(runs.map((r) => [r.text, r.font])).toEqual([
      ['A ', 'Arimo-Regular'], ['שלום', 'DejaVuSans'], [' ', 'Arimo-Regular'], ['✈', 'DejaVuSans'], [' B', 'Arimo-Regular'],
    ]);
    for (let i = 1; i < runs.length; i++) expect(runs[i].x).toBeCloseTo(runs[i - 1].x + runs[i - 1].width, 5);
  });
});

describe('the order a left-to-right line is drawn in', () => {
  it('is its runs\u2019 logical order', async () => {
    const spy = await paintHtml(`${PAGE}<p>one <span style="color: red">two</span> three</p>`);
    expect(spy.callsOf('text').map((call) => call.args[0].text.trim())).toEqual(['one', 'two', 'three']);
  });
});
