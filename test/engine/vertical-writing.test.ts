// Vertical writing and ruby (issue 24): geometry read back from the PDF by real readers (poppler's
// pdftotext -bbox and pdfjs, which gives every glyph's place), and the text layer drawn in logical
// order, glyph by glyph as Chromium draws it (decision 0373): `pdftotext -raw` reads it as written.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { describe, expect, it } from 'vitest';
import { layoutHtml, paintHtml, renderPdf, textRuns } from '../../src/testing/render.js';
import { describeWithTools, pdftotext, pdftotextInDrawingOrder } from '../protect/tools.js';

const WORLD = new URL('../fidelity/world/', import.meta.url);

const page = (body: string, css = '', mode = 'vertical-rl'): string =>
  `<!doctype html><html lang="ja" style="writing-mode: ${mode}"><meta charset="utf-8"><style>@page { size: 400px 300px; margin: 20px } body { margin: 0; font-size: 20px } p { margin: 0 } ${css}</style>${body}</html>`;

interface Word {
  readonly text: string;
  readonly page: number;
  readonly xMin: number;
  readonly yMin: number;
  readonly xMax: number;
  readonly yMax: number;
}

/** pdftotext -bbox's words, in its reading order, in pt. */
function bboxWords(pdf: Uint8Array): Word[] {
  const dir = mkdtempSync(join(tmpdir(), 'vertical-'));
  try {
    const file = join(dir, 'in.pdf');
    writeFileSync(file, pdf);
    const xml = execFileSync('pdftotext', ['-bbox', file, '-'], { encoding: 'utf8' });
    const words: Word[] = [];
    let pageIndex = -1;
    for (const line of xml.split('\n')) {
      if (line.includes('<page ')) pageIndex++;
      const m = /<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">(.*)<\/word>/.exec(line);
      if (m) words.push({ text: m[5], page: pageIndex, xMin: +m[1], yMin: +m[2], xMax: +m[3], yMax: +m[4] });
    }
    return words;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

interface Glyph {
  readonly text: string;
  readonly x: number;
  /** Down from the page's top, in pt. */
  readonly y: number;
  readonly width: number;
}

/** The text pieces pdfjs reads on the first page, each with the origin of its text matrix. */
async function glyphs(pdf: Uint8Array): Promise<Glyph[]> {
  const task = getDocument({ data: new Uint8Array(pdf), isEvalSupported: false, disableFontFace: true, useSystemFonts: false, verbosity: 0 });
  const doc = await task.promise;
  try {
    const first = await doc.getPage(1);
    const height = first.getViewport({ scale: 1 }).height;
    const content = await first.getTextContent();
    // (The invisible spaces that mark where a vertical line starts and ends read as spaces.)
    return content.items.flatMap((item) => ('str' in item && item.str.trim() !== '' ? [{ text: item.str.trim(), x: item.transform[4], y: height - item.transform[5], width: item.width }] : []));
  } finally {
    await task.destroy();
  }
}

const compact = (text: string): string => text.replace(/\s+/g, '');

describeWithTools(['pdftotext'], 'vertical-rl', () => {
  it('runs a line down the page and stacks the next to its left, the text in logical order', async () => {
    const pdf = await renderPdf(page('<p style="width: 60px">縦書きの文章です。二行目になります。</p>', 'p { height: 200px }'));
    expect(compact(pdftotextInDrawingOrder(pdf))).toBe('縦書きの文章です。二行目になります。');
    // Ten ems to a line (200px): the second line starts at 行, left of the first and as high.
    const read = await glyphs(pdf);
    const first = read.slice(0, read.findIndex((g) => g.text === '行'));
    const second = read.slice(first.length);
    expect(first.map((g) => g.text).join('')).toBe('縦書きの文章です。二');
    for (const glyph of first) expect(glyph.x).toBeCloseTo(first[0].x, 0);
    expect(second[0].x).toBeLessThan(first[0].x - 15);
    expect(second[0].y).toBeCloseTo(first[0].y, 0);
    // pdftotext's layout reads such columns across, a glyph or two at a time, as it reads Chromium's.
    expect(compact(pdftotext(pdf).text)).not.toBe('縦書きの文章です。二行目になります。');
  });

  it('stands CJK glyphs upright one under the other at the same x', async () => {
    const pdf = await renderPdf(page('<p>日本語</p>'));
    const read = await glyphs(pdf);
    expect(read.map((g) => g.text)).toEqual(['日', '本', '語']);
    const [a, b, c] = read;
    expect(b.x).toBeCloseTo(a.x, 1);
    expect(c.x).toBeCloseTo(a.x, 1);
    expect(b.y - a.y).toBeCloseTo(15, 1); // 20px = 15pt apart
    expect(c.y - b.y).toBeCloseTo(15, 1);
    // The first line hugs the page area's right edge (400px page, 20px margin: 285pt).
    expect(a.x).toBeGreaterThan(260);
  });

  it('lays Latin sideways in mixed orientation and keeps it in the text layer in order', async () => {
    const pdf = await renderPdf(page('<p>申込書はPDFで送付</p>'));
    expect(compact(pdftotextInDrawingOrder(pdf))).toBe('申込書はPDFで送付');
    const read = await glyphs(pdf);
    const latin = read.find((g) => g.text.includes('PDF'));
    const kanji = read.find((g) => g.text === 'は');
    // The sideways run starts below the last upright glyph, in the same line.
    expect(latin && kanji && latin.y > kanji.y).toBe(true);
  });

  it('hangs upright glyphs from the face’s vertical origin (vmtx: 0.88em over the baseline) on Chromium’s central baseline', async () => {
    // vertical-book: 16px text, pages 420px wide with 50px margins; each upright glyph where the
    // reference's is (pdf.js reads the Type 3 glyphs of both, each at its own baseline). The central
    // baseline is the floored half-leading plus half the rounded ascent and descent: 14px into a
    // 28.8px line of 16px text and 21.5px into the 43.2px line of the 24px heading, not the middles.
    const html = readFileSync(new URL('vertical-book.html', WORLD), 'utf8');
    const ours = await glyphs(await renderPdf(html));
    const reference = await glyphs(readFileSync(new URL('vertical-book.chromium.pdf', WORLD)));
    for (const char of ['第', '吾', '猫', '名']) {
      const [a, b] = [ours.find((g) => g.text === char)!, reference.find((g) => g.text === char)!];
      expect(a.y).toBeCloseTo(b.y, 1);
      expect(Math.abs(a.x - b.x)).toBeLessThan(0.02);
    }
  });

  it('sets a tate-chu-yoko number in one upright em on the line', async () => {
    const html = page('<p>令和<span style="text-combine-upright: all">12</span>年</p>');
    const runs = textRuns(await layoutHtml(html));
    const cell = runs.find((r) => r.fragment.vertical?.combined === '12');
    expect(cell?.width).toBeCloseTo(20, 5);
    const pdf = await renderPdf(html);
    expect(compact(pdftotext(pdf).text)).toBe('令和12年');
    const read = await glyphs(pdf);
    const [wa, twelve, nen] = [read.find((g) => g.text === '和')!, read.find((g) => g.text === '12')!, read.find((g) => g.text === '年')!];
    expect(twelve.y).toBeGreaterThan(wa.y);
    expect(nen.y - wa.y).toBeCloseTo(30, 0); // two ems below: the cell is one em long
  });

  it('sets a tate-chu-yoko cell in the face’s half-width forms, its ascent and descent centred in the em, as Chromium does', async () => {
    const notice = readFileSync(new URL('vertical-notice.html', WORLD), 'utf8');
    const texts = (await paintHtml(notice)).callsOf('text').map((c) => c.args[0]);
    expect(texts.find((r) => r.text === '12')?.font.features?.key).toContain('hwid=1');
    const ours = await glyphs(await renderPdf(notice));
    const reference = await glyphs(readFileSync(new URL('vertical-notice.chromium.pdf', WORLD)));
    for (const cell of ['12', '31']) {
      const [mine, chromium] = [ours.find((g) => g.text === cell)!, reference.find((g) => g.text === cell)!];
      expect([mine.x, mine.y, mine.width]).toEqual([expect.closeTo(chromium.x, 1), expect.closeTo(chromium.y, 1), expect.closeTo(chromium.width, 1)]);
    }
  });

  it('prints every character upright with text-orientation: upright, sideways with sideways', async () => {
    const upright = await glyphs(await renderPdf(page('<p style="text-orientation: upright">AB</p>')));
    expect(upright.map((g) => g.text)).toEqual(['A', 'B']);
    // Centred on the line, one under the other.
    expect(upright[1].x + upright[1].width / 2).toBeCloseTo(upright[0].x + upright[0].width / 2, 1);
    expect(upright[1].y).toBeGreaterThan(upright[0].y);
    const sideways = await glyphs(await renderPdf(page('<p style="text-orientation: sideways">日本</p>')));
    expect(sideways.map((g) => g.text).join('')).toBe('日本');
    expect(sideways).toHaveLength(1);
  });

  it('puts 、。「」, ー and kana in their vertical forms (the face’s vert glyphs) where Chromium puts them', async () => {
    const html = page('<p>あ、いー</p>');
    const texts = (await paintHtml(html)).callsOf('text').map((c) => c.args[0]);
    const [a, comma, bar] = ['あ', '、', 'ー'].map((char) => texts.find((r) => r.text === char)!);
    // Shaped with `vert` (the face draws the comma high and right in its em, and has vertical kana
    // as Chromium's Noto Sans CJK has), on the column's x. ー (Unicode's script Common) stands
    // upright in its vertical form, not turned sideways as Latin is.
    expect(comma.font.features?.key).toContain('vert=1');
    expect(a.font.features?.key).toContain('vert=1');
    expect(bar.font.features?.key).toContain('vert=1');
    expect(comma.x).toBeCloseTo(a.x, 5);
    expect(bar.x).toBeCloseTo(a.x, 5);
    expect(textRuns(await layoutHtml(html))).toHaveLength(1);
    // vertical-notice: each vertical form at Chromium's glyph origin (pdf.js reads Chromium's
    // vertical forms as their presentation-form characters, ︑ for 、).
    const notice = readFileSync(new URL('vertical-notice.html', WORLD), 'utf8');
    const ours = await glyphs(await renderPdf(notice));
    const reference = (await glyphs(readFileSync(new URL('vertical-notice.chromium.pdf', WORLD)))).map((g) => ({ ...g, text: g.text.normalize('NFKC') }));
    for (const char of ['、', '。', '「', '」']) {
      const [mine, chromium] = [ours.filter((g) => g.text === char), reference.filter((g) => g.text === char)];
      expect(mine.length).toBeGreaterThan(0);
      expect(mine.map((g) => [Math.round(g.x), Math.round(g.y)])).toEqual(chromium.map((g) => [Math.round(g.x), Math.round(g.y)]));
    }
  });

  it('draws an underline right of its line and a list marker’s disc on the line', async () => {
    const html = page('<p style="text-decoration: underline">下線</p><ul style="margin: 0; padding: 0; list-style-position: inside"><li>項目</li></ul>');
    const spy = await paintHtml(html);
    const [underlined, item] = textRuns(await layoutHtml(html)).filter((r) => r.text === '下線' || r.text === '項目');
    const fills = spy.callsOf('fillPath').map((c) => c.args[0]);
    const xsOf = (path: (typeof fills)[number]): number[] => path.flatMap((p) => ('x' in p ? [p.x] : []));
    // The underline: a thin upright rectangle right of the line's central baseline (half an em, 10px, away).
    const line = fills.find((path) => path.length === 5 && Math.min(...xsOf(path)) > underlined.x + 9);
    expect(line).toBeDefined();
    expect(Math.max(...xsOf(line!)) - Math.min(...xsOf(line!))).toBeLessThan(3);
    // The marker's disc: a curved path centred on its line's central baseline.
    const disc = fills.find((path) => path.some((p) => p.op === 'curve'));
    const discXs = xsOf(disc!);
    expect((Math.min(...discXs) + Math.max(...discXs)) / 2).toBeCloseTo(item.x, 0);
  });

  it('fills pages right to left, each line to the left of the one before, the text flowing over pages in order', async () => {
    const text = '吾輩は猫である。名前はまだ無い。'.repeat(12);
    const pdf = await renderPdf(page(`<p>${text}</p>`));
    expect(new Set(bboxWords(pdf).map((w) => w.page)).size).toBeGreaterThanOrEqual(2);
    expect(compact(pdftotextInDrawingOrder(pdf))).toBe(text);
    // In drawing order each glyph under the one before or at the top of a line further left.
    const onFirst = await glyphs(pdf);
    for (let i = 1; i < onFirst.length; i++) {
      const [before, glyph] = [onFirst[i - 1], onFirst[i]];
      if (Math.abs(glyph.x - before.x) < 1) expect(glyph.y).toBeGreaterThan(before.y);
      else expect(glyph.x).toBeLessThan(before.x - 10);
    }
  });
});

describeWithTools(['pdftotext'], 'vertical-lr and orthogonal flows', () => {
  it('stacks vertical-lr lines left to right', async () => {
    const pdf = await renderPdf(page('<p>一行目の文章です。二行目の文章です。</p>', 'p { height: 180px }', 'vertical-lr'));
    const read = await glyphs(pdf);
    const [first, second] = ['一', '二'].map((c) => read.find((g) => g.text === c)!);
    expect(second.x).toBeGreaterThan(first.x + 15);
    expect(second.y).toBeCloseTo(first.y, 0);
    expect(compact(pdftotextInDrawingOrder(pdf))).toBe('一行目の文章です。二行目の文章です。');
  });

  it('lays a vertical block of a horizontal document out in its own mode, between the paragraphs around it', async () => {
    const html = page('<p>前の段落</p><div style="writing-mode: vertical-rl; height: 120px"><p>縦書きの通知です。</p></div><p>後の段落</p>', '', 'horizontal-tb');
    const pdf = await renderPdf(html);
    expect(compact(pdftotextInDrawingOrder(pdf))).toBe('前の段落縦書きの通知です。後の段落');
    const read = await glyphs(pdf);
    const [before, tate, gaki, desu, after] = ['前', '縦', '書', 'で', '後'].map((c) => read.find((g) => g.text.startsWith(c))!);
    expect(gaki.x).toBeCloseTo(tate.x, 1);
    expect(gaki.y).toBeGreaterThan(tate.y);
    // Six ems to a line (120px), the second line left of the first; the block as wide as its two
    // lines (fit-content, as Chromium sizes an orthogonal block), on the left of the page area.
    expect(desu.x).toBeLessThan(tate.x - 15);
    expect(desu.x).toBeLessThan(before.x + 5);
    expect(tate.y).toBeGreaterThan(before.y);
    // The next paragraph goes under the block's 120px (90pt).
    expect(after.y - before.y).toBeGreaterThan(90 + 15);
  });

  it('lays a horizontal block in a vertical root out horizontally, as one block of the vertical flow', async () => {
    const pdf = await renderPdf(page('<p>前の段落</p><div style="writing-mode: horizontal-tb; width: 150px">Total 合計</div><p>後の段落</p>'));
    expect(compact(pdftotextInDrawingOrder(pdf))).toBe('前の段落Total合計後の段落');
    const read = await glyphs(pdf);
    const [before, total, after] = ['前', 'Total', '後'].map((c) => read.find((g) => g.text.startsWith(c))!);
    // Left of the first vertical line, right of the last, at the page area's top.
    expect(total.x).toBeLessThan(before.x);
    expect(total.x + total.width).toBeLessThan(before.x);
    expect(after.x).toBeLessThan(total.x);
    expect(total.y).toBeLessThan(before.y + 15);
  });

  it('leaves a vertical table cell in its table’s mode (the table sizes it horizontally)', async () => {
    const html = page('<table><tr><th style="writing-mode: vertical-rl">Quarter</th><td>1,200</td></tr></table><p>After</p>', '', 'horizontal-tb');
    const runs = textRuns(await layoutHtml(html));
    const [quarter, after] = [runs.find((r) => r.text === 'Quarter')!, runs.find((r) => r.text === 'After')!];
    expect(quarter.fragment.vertical).toBeUndefined();
    expect(after.baseline).toBeGreaterThan(quarter.baseline + 20);
  });

  it('takes the writing mode of the body, as the root’s', async () => {
    const html = '<!doctype html><html lang="ja"><style>@page { size: 400px 300px; margin: 20px } body { margin: 0; writing-mode: vertical-rl; font-size: 20px }</style><body><p style="margin: 0">縦書き</p></body></html>';
    const read = await glyphs(await renderPdf(html));
    expect(read[1].x).toBeCloseTo(read[0].x, 1);
    expect(read[1].y).toBeGreaterThan(read[0].y);
  });
});

describeWithTools(['pdftotext'], 'ruby', () => {
  it('centres the annotation over its base in horizontal text, half its size, and hides rp', async () => {
    const html = page('<p><ruby>漢字<rp>(</rp><rt>かんじ</rt><rp>)</rp></ruby>を読む</p>', '', 'horizontal-tb');
    const pdf = await renderPdf(html);
    const words = bboxWords(pdf);
    // pdftotext reads the spaced-out annotation a character a word, as it reads Chromium's.
    const [ka, , ji] = ['か', 'ん', 'じ'].map((c) => words.find((w) => w.text === c)!);
    const rt = { xMin: ka.xMin, xMax: ji.xMax, yMin: ka.yMin };
    const base = words.find((w) => w.text.startsWith('漢字'))!;
    // The annotation's baseline over the base's em box (0.88em = 13.2pt over its baseline), the base's text after it.
    const read = await glyphs(pdf);
    const [kanGlyph, kaGlyph] = [read.find((g) => g.text.startsWith('漢'))!, read.find((g) => g.text.startsWith('か'))!];
    expect(kaGlyph.y).toBeLessThan(kanGlyph.y - 13.2);
    expect(rt.yMin).toBeLessThan(base.yMin);
    // Centred over 漢字 (the base's first two ems, 15pt each), spread over it (ruby-align: space-around,
    // test/engine/ruby-align.test.ts): 10px to share, inset 10 / 3px, so 30pt less 2 × 1.25pt.
    expect((rt.xMin + rt.xMax) / 2).toBeCloseTo(base.xMin + 15, 0);
    expect(rt.xMax - rt.xMin).toBeCloseTo(27.5, 0);
    expect(pdftotext(pdf).text).not.toContain('(');
    const runs = textRuns(await layoutHtml(html));
    expect(runs.find((r) => r.text === 'か')?.size).toBe(10);
  });

  it('grows the first line by what the annotation reaches over it, and lines after a margin not at all', async () => {
    const css = 'p { margin: 0 0 16px }';
    const plain = textRuns(await layoutHtml(page('<p>漢字</p><p>漢字</p>', css, 'horizontal-tb')));
    const ruby = textRuns(await layoutHtml(page('<p><ruby>漢字<rt>かんじ</rt></ruby></p><p><ruby>漢字<rt>かんじ</rt></ruby></p>', css, 'horizontal-tb')));
    const bases = ruby.filter((r) => r.text === '漢字');
    // 10px annotation whose em box (9 + 2px, rounded up) stands on the base's (18px over its
    // baseline, 23px under the top of a 20px Noto line): 6px over the line, as Chromium's Range rects say.
    expect(bases[0].baseline - plain[0].baseline).toBeCloseTo(6, 5);
    expect(bases[1].baseline - bases[0].baseline).toBeCloseTo(plain[1].baseline - plain[0].baseline, 5);
  });

  it('sets the annotation beside its base, on the right, in vertical-rl', async () => {
    const pdf = await renderPdf(page('<p><ruby>東京<rt>とうきょう</rt></ruby>へ</p>'));
    const read = await glyphs(pdf);
    const [to, kyo] = [read.find((g) => g.text === '東')!, read.find((g) => g.text === 'と')!];
    // Their em boxes side by side, centres 15px apart as in Chromium: と's left edge 20px (15pt) right of 東's.
    expect(kyo.x - to.x).toBeCloseTo(15, 0);
    expect(compact(pdftotextInDrawingOrder(pdf))).toContain('東京');
  });
});

describe('horizontal documents', () => {
  it('lay out the same with writing-mode: horizontal-tb said or not', async () => {
    const body = '<p>Total 合計 <ruby>漢<rt>かん</rt></ruby></p>';
    const plain = textRuns(await layoutHtml(page(body, '', 'horizontal-tb').replace(' style="writing-mode: horizontal-tb"', '')));
    const said = textRuns(await layoutHtml(page(body, '', 'horizontal-tb')));
    expect(said.map((r) => [r.text, r.x, r.baseline])).toEqual(plain.map((r) => [r.text, r.x, r.baseline]));
    expect(said.every((r) => r.fragment.vertical === undefined)).toBe(true);
  });
});

describeWithTools(['pdftotext'], 'the vertical golden cases read back', () => {
  it.each(['vertical-notice', 'vertical-book', 'ruby-vertical'])('%s: its text drawn in logical order, annotations after their bases', async (name) => {
    const html = readFileSync(new URL(`${name}.html`, WORLD), 'utf8');
    const ours = compact(pdftotextInDrawingOrder(await renderPdf(html)));
    const body = html.slice(html.indexOf('<body>'), html.indexOf('</body>'));
    const bases = compact(body.replace(/<rp>.*?<\/rp>|<rt>.*?<\/rt>/g, '').replace(/<[^>]*>/g, ''));
    const annotations = [...body.matchAll(/<rt>(.*?)<\/rt>/g)].map((m) => m[1]);
    // The bases read in order; the annotations are drawn after the bases of their line.
    let rest = ours;
    for (const annotation of annotations.reverse()) {
      const at = rest.lastIndexOf(annotation);
      rest = rest.slice(0, at) + rest.slice(at + annotation.length);
    }
    expect(rest).toBe(bases);
  });
});

/** The Type 3 font (pdf.js's name, by page) of each Han or kana character a PDF draws on its own. */
async function fontsByCharacter(pdf: Uint8Array): Promise<Map<string, Set<string>>> {
  const task = getDocument({ data: new Uint8Array(pdf), isEvalSupported: false, disableFontFace: true, useSystemFonts: false, verbosity: 0 });
  const doc = await task.promise;
  const fonts = new Map<string, Set<string>>();
  try {
    for (let number = 1; number <= doc.numPages; number++) {
      const content = await (await doc.getPage(number)).getTextContent();
      for (const item of content.items) {
        // pdf.js reads a glyph Noto CJK shares with a Kangxi radical as the radical (⽉ for 月).
        const char = 'str' in item ? item.str.normalize('NFKC').trim() : '';
        if ([...char].length !== 1 || !/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u.test(char)) continue;
        const known = fonts.get(char) ?? new Set<string>();
        known.add(`${number}:${(item as { fontName: string }).fontName}`);
        fonts.set(char, known);
      }
    }
  } finally {
    await task.destroy();
  }
  return fonts;
}

describe('the Type 3 fonts of vertical text (decision 0376)', () => {
  it.each(['vertical-notice', 'vertical-book', 'ruby-vertical'])('%s: two characters share a font exactly when they share one in Chromium\u2019s PDF', async (name) => {
    const ours = await fontsByCharacter(await renderPdf(readFileSync(new URL(`${name}.html`, WORLD), 'utf8')));
    const chromium = await fontsByCharacter(readFileSync(new URL(`${name}.chromium.pdf`, WORLD)));
    const only = (fonts: Map<string, Set<string>>, char: string): string => [...fonts.get(char)!][0];
    const chars = [...chromium.keys()].filter((char) => chromium.get(char)!.size === 1 && ours.get(char)?.size === 1);
    expect(chars.length).toBeGreaterThan(40);
    const differ: string[] = [];
    for (const a of chars) {
      for (const b of chars) {
        if (a < b && (only(chromium, a) === only(chromium, b)) !== (only(ours, a) === only(ours, b))) differ.push(a + b);
      }
    }
    expect(differ).toEqual([]);
  });
});
