// Ruby spacing (issue 24, decision 0335): the narrower of a base and its annotation spread over the
// column as `ruby-align` says, and the annotation overhanging the text beside it. Every expected x
// is what Chromium 156 gives the same markup (each character's Range rect, Noto Sans CJK JP at 20px).
import { describe, expect, it } from 'vitest';
import { findBox, layoutHtml, textRuns } from '../../src/testing/render.js';

const page = (body: string): string =>
  `<!doctype html><html lang="ja"><meta charset="utf-8"><style>@page { size: 600px 300px; margin: 0 } body { margin: 0; font-size: 20px } p { margin: 0 }</style><p>${body}</p></html>`;

/** Where each piece of text starts, as `text@x`, in the order laid out. */
async function starts(body: string): Promise<string[]> {
  return textRuns(await layoutHtml(page(body))).map((r) => `${r.text}@${Math.round(r.x * 100) / 100}`);
}

const aligned = (align: string, body: string): string => `<span style="ruby-align: ${align}">${body}</span>`;
const WIDE_ANNOTATION = 'あ<ruby>東京<rt>とうきょう</rt></ruby>あ';
const WIDE_BASE = 'あ<ruby>東京都<rt>とう</rt></ruby>あ';

describe('ruby-align over a base narrower than its annotation', () => {
  it('spaces the base out by default (space-around), the annotation overhanging the kana beside it by half the spacing', async () => {
    // 50px of annotation over 40px of base: 2.5px before 東, 5px between, 2.5px after; the column
    // takes 45px, its annotation reaching 2.5px over each あ.
    expect(await starts(WIDE_ANNOTATION)).toEqual(['あ@0', 'とうきょう@17.5', '東@20', '京@45', 'あ@65']);
  });

  it('follows start, center and space-between', async () => {
    expect(await starts(aligned('start', WIDE_ANNOTATION))).toEqual(['あ@0', 'とうきょう@20', '東@20', '京@40', 'あ@65']);
    expect(await starts(aligned('center', WIDE_ANNOTATION))).toEqual(['あ@0', 'とうきょう@17.5', '東@22.5', '京@42.5', 'あ@65']);
    // space-between puts the base on the column's edges and lets nothing overhang.
    expect(await starts(aligned('space-between', WIDE_ANNOTATION))).toEqual(['あ@0', 'とうきょう@20', '東@20', '京@50', 'あ@70']);
  });

  it('overhangs at most half the annotation em, nothing at the line start or over another ruby, nor over larger text', async () => {
    expect(await starts('<ruby>東京<rt>とうきょう</rt></ruby>あ')).toEqual(['とうきょう@0', '東@2.5', '京@27.5', 'あ@47.5']);
    expect(await starts('<ruby>東京<rt>とうきょう</rt></ruby><ruby>東京<rt>とうきょう</rt></ruby>'))
      .toEqual(['とうきょう@0', '東@2.5', '京@27.5', 'とうきょう@50', '東@52.5', '京@77.5']);
    expect(await starts('あ<span style="font-size: 30px">い</span><ruby>東<rt>とうきょう</rt></ruby>あ'))
      .toEqual(['あ@0', 'い@20', 'とうきょう@50', '東@65', 'あ@95']);
  });

  it('keeps the end of a column ending its line whole (nothing after it to overhang)', async () => {
    const html = '<!doctype html><html lang="ja"><meta charset="utf-8"><style>@page { size: 600px 300px; margin: 0 } body { margin: 0; font-size: 20px } p { margin: 0; width: 100px; text-align: right }</style><p>ああ<ruby>東京<rt>とうきょう</rt></ruby>あああ</p></html>';
    const first = textRuns(await layoutHtml(html))[0];
    // Chromium right-aligns the line from 10px (decision 0335: 2.5px of it unexplained); taking the end overhang too would start it at 17.5.
    expect(first.text).toBe('ああ');
    expect(Math.abs(first.x - 10)).toBeLessThanOrEqual(2.5);
  });

  it('counts the overhang in shrink-to-fit widths', async () => {
    for (const display of ['display: inline-block', 'float: left']) {
      const pages = await layoutHtml(page(`<span id="box" style="${display}">${WIDE_ANNOTATION}</span>`));
      // Chromium: 85px (あ, the 50px column less 2.5px each side, あ).
      expect(findBox(pages, '#box').width).toBe(85);
    }
  });

  it('keeps a column whole in a min-content cell', async () => {
    const runs = textRuns(await layoutHtml(page('<table style="width: 1px; border-spacing: 0"><tr><td style="padding: 0">あ<ruby>東京<rt>とうきょう</rt></ruby>あ</td></tr></table>')));
    // Chromium keeps the annotation on one line over its base; ours had wrapped both inside the column.
    expect(runs.filter((r) => r.size === 10).map((r) => r.text)).toEqual(['とうきょう']);
    expect(runs.find((r) => r.text === '東')!.baseline).toBe(runs.find((r) => r.text === '京')!.baseline);
  });

  it('spreads the base under an annotation holding inline boxes (kept whole)', async () => {
    expect(await starts('あ<ruby>東京<rt><b>とう</b>きょう</rt></ruby>あ')).toEqual(['あ@0', 'とう@17.5', 'きょう@37.5', '東@20', '京@45', 'あ@65']);
  });

  it('pairs rb bases as Chromium does, an annotation left without a base standing over the line', async () => {
    // Chromium: both rb under the first rt (か at 5, ん at 25), じ over an empty base at 40, on the same line as かん.
    const runs = textRuns(await layoutHtml(page('<ruby><rb>漢</rb><rb>字</rb><rt>かん</rt><rt>じ</rt></ruby>あ')));
    expect(runs.map((r) => `${r.text}@${r.x}`)).toEqual(['か@5', 'ん@25', '漢@0', '字@20', 'じ@40', 'あ@50']);
    expect(runs.find((r) => r.text === 'じ')!.baseline).toBe(runs.find((r) => r.text === 'か')!.baseline);
  });

  it('spreads Latin text at its spaces only, and centres a base without any', async () => {
    const runs = textRuns(await layoutHtml(page('x <ruby>ab cd<rt>annotation words long</rt></ruby> y')));
    const at = (text: string): number => runs.find((r) => r.text === text)!.x;
    // Chromium: the annotation from 9.45, c at 78.77, y at 114.11.
    expect(at('annotation words long')).toBeCloseTo(9.45, 0);
    expect(at('cd')).toBeCloseTo(78.77, 0);
    const inset = at('ab ') - at('annotation words long');
    expect(inset).toBeGreaterThan(10);
    const centred = textRuns(await layoutHtml(page('x<ruby>ab<rt>annotation</rt></ruby>y')));
    // No opportunity in "ab": centred in its column, the annotation overhanging x and y by 5px (half its 10px em).
    const [annotation, base] = [centred.find((r) => r.text === 'annotation')!, centred.find((r) => r.text === 'ab')!];
    expect(base.x - annotation.x).toBeCloseTo((annotation.width - base.width) / 2, 1); // centred in layout units (decision 0395)
    expect(centred.find((r) => r.text === 'y')!.x).toBeCloseTo(annotation.x + annotation.width - 5, 1); // the column is in layout units, rounded up (decision 0395)
  });
});

describe('ruby-align over an annotation narrower than its base', () => {
  it('spaces the annotation out by default, a gap between its kana twice the inset at its ends', async () => {
    expect(await starts(WIDE_BASE)).toEqual(['あ@0', 'と@30', 'う@60', '東京都@20', 'あ@80']);
  });

  it('follows start, center and space-between, the column as wide as its base', async () => {
    expect(await starts(aligned('start', WIDE_BASE))).toEqual(['あ@0', 'と@20', 'う@30', '東京都@20', 'あ@80']);
    expect(await starts(aligned('center', WIDE_BASE))).toEqual(['あ@0', 'と@40', 'う@50', '東京都@20', 'あ@80']);
    expect(await starts(aligned('space-between', WIDE_BASE))).toEqual(['あ@0', 'と@20', 'う@70', '東京都@20', 'あ@80']);
  });

  it('insets an annotation by at most two of its ems at each end', async () => {
    // 20px of annotation over 140px of base: the inset (120 / 2 = 60px) is held to 2em = 20px, 10px each end.
    expect(await starts('<ruby>東京都東京都東<rt>とう</rt></ruby>')).toEqual(['と@10', 'う@120', '東京都東京都東@0']);
  });
});

/** Where each line of a paragraph's 20px text starts: its baseline less the 23px ascent of a 20px Noto line. */
async function lineTops(html: string): Promise<number[]> {
  const tops = textRuns(await layoutHtml(html)).filter((r) => r.size === 20).map((r) => r.baseline - 23);
  return [...new Set(tops)];
}

const lines = (css: string, extra = ''): string =>
  `<!doctype html><html lang="ja"><meta charset="utf-8"><style>@page { size: 600px 300px; margin: 0 } body { margin: 0; font-size: 20px } p { margin: 0; width: 100px; ${css} }</style>`
  + `<p>ああああ<ruby>東京<rt>とうきょう</rt></ruby>ああ<ruby>東京<rt>とうきょう</rt></ruby>あああああ</p>${extra}</html>`;

describe('lines holding annotations', () => {
  it('grow after the first by what the annotation reaches over them less what the line before leaves under its text', async () => {
    // Chromium: lines 29px apart, 32px before each line holding ruby (6px reach, 3px left under the line before).
    const tops = await lineTops(lines(''));
    expect(tops.slice(1).map((t, i) => t - tops[i])).toEqual([32, 32, 29]);
    // line-height: 2 leaves the annotations room; 1.2 (24px) less: Chromium's lines are 32, 32, 24px apart.
    const loose = await lineTops(lines('line-height: 2'));
    expect(loose.slice(1).map((t, i) => t - loose[i])).toEqual([40, 40, 40]);
    const tight = await lineTops(lines('line-height: 1.2'));
    tight.slice(1).map((t, i) => t - tight[i]).forEach((gap, i) => expect(Math.abs(gap - [32, 32, 24][i])).toBeLessThanOrEqual(0.5));
  });

  it('leave a block without ruby where it was, whatever its line height', async () => {
    for (const lh of ['1', '12px', 'normal']) {
      const pages = await layoutHtml(`<!doctype html><html lang="ja"><style>@page { margin: 0 } body { margin: 0 } p { margin: 0; line-height: ${lh} }</style><p id="p">あ</p></html>`);
      expect(findBox(pages, '#p').y).toBe(0);
    }
  });

  it('under their bases with ruby-position: under, growing the line after, and the block after its last line', async () => {
    const html = lines('ruby-position: under', '<p>あ</p>');
    const runs = textRuns(await layoutHtml(html));
    const tops = [...new Set(runs.filter((r) => r.size === 20).map((r) => r.baseline - 23))];
    // Chromium: 29, 32 (8px under less the 5px over the next line's text), 32; the next paragraph
    // 29px after the last line, which holds no ruby.
    expect(tops.slice(1).map((t, i) => t - tops[i])).toEqual([29, 32, 32, 29]);
    // The annotation's em box (rounded up, 9 + 2px) stands under the base's (3px under its baseline).
    const [base, annotation] = [runs.find((r) => r.text === '東')!, runs.find((r) => r.text === 'とうきょう')!];
    expect(annotation.baseline - base.baseline).toBe(12);
    const single = await lineTops('<!doctype html><html lang="ja"><meta charset="utf-8"><style>@page { size: 600px 300px; margin: 0 } body { margin: 0; font-size: 20px } p { margin: 0; ruby-position: under }</style><p>あ<ruby>東京<rt>とう</rt></ruby></p><p>あ</p></html>');
    // One line: the block is 37px tall, its annotation 8px under the line.
    expect(single[1] - single[0]).toBe(37);
  });

  it('stand their annotation left of the base in vertical-rl with ruby-position: under, 15px centre to centre', async () => {
    const html = '<!doctype html><html lang="ja" style="writing-mode: vertical-rl"><meta charset="utf-8"><style>@page { size: 600px 300px; margin: 0 } body { margin: 0; font-size: 20px } p { margin: 0; height: 100px; ruby-position: under }</style><p>ああ<ruby>東京<rt>とう</rt></ruby></p><p>あ</p></html>';
    const runs = textRuns(await layoutHtml(html));
    const [base, annotation, next] = [runs.find((r) => r.text === '東京')!, runs.find((r) => r.text === 'と')!, runs.at(-1)!];
    expect(base.x - annotation.x).toBe(15);
    // The first block 34.5px wide in Chromium: its 29px line and 5.5px of annotation left of it.
    expect(base.x - next.x).toBe(34.5);
  });
});
