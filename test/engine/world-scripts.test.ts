// Text in every script the bundled fonts carry (issue 24): per-character fallback to the Noto faces
// by script and `lang`, .notdef with a warning for what no face has, and the text layer keeping
// every character. The golden cases of test/fidelity/world read back as Chromium's references do.
import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { RenderWarning } from '../../src/engine/types.js';
import { readPdf } from '../../src/testing/read-pdf.js';
import { layoutHtml, lineBoxes, renderPdf, textRuns } from '../../src/testing/render.js';
import { describeWithTools, pdftotext } from '../protect/tools.js';

const WORLD = new URL('../fidelity/world/', import.meta.url);
const cases = readdirSync(WORLD).filter((f) => f.endsWith('.html')).map((f) => f.slice(0, -5));

const page = (body: string, css = ''): string =>
  `<!doctype html><style>@page { size: 600px 400px; margin: 0 } body { margin: 0 } ${css}</style>${body}`;

/** The words of a text, spaces and line ends alike. */
const words = (text: string): string[] => text.split(/\s+/).filter((w) => w !== '');

/** The text of an HTML document's body as written, without spaces: what its PDF must read back. */
function bodyText(html: string): string {
  const body = html.slice(html.indexOf('<body>'), html.indexOf('</body>'));
  return body.replace(/<rp>.*?<\/rp>/g, '').replace(/<[^>]*>/g, '').replace(/&amp;/g, '&').replace(/\s+/g, '');
}

const sorted = (text: string): string => [...text].sort().join('');

describeWithTools(['pdftotext'], 'the golden cases read back', () => {
  it.each(cases)('%s: its text, in order, with the characters Chromium prints', async (name) => {
    const html = readFileSync(new URL(`${name}.html`, WORLD), 'utf8');
    const ours = words(pdftotext(await renderPdf(html)).text).join('');
    // The invoice's two address boxes side by side read line by line across both; emoji lines read
    // apart from the text around them, as Chromium's do (decision 0287); ruby annotations read on
    // lines of their own (their order: test/engine/vertical-writing.test.ts).
    if (name === 'chinese-invoice' || name.startsWith('emoji-') || name.startsWith('ruby-')) expect(sorted(ours)).toBe(sorted(bodyText(html)));
    else expect(ours).toBe(bodyText(html));
    // Chromium writes CJK faces as Type 3 fonts, which pdftotext splits into words (and orders
    // into columns) at every font change: its reference holds the same characters.
    const reference = words(pdftotext(readFileSync(new URL(`${name}.chromium.pdf`, WORLD))).text).join('');
    expect(sorted(ours)).toBe(sorted(reference));
  });
});

describeWithTools(['pdftotext'], 'the text layer', () => {
  it('keeps CJK text between Latin words ("AB 中文 CD")', async () => {
    const pdf = await renderPdf(page('<p style="font-family: Arial">AB 中文 CD</p>'));
    expect(pdftotext(pdf).text.trim()).toBe('AB 中文 CD');
  });

  it('keeps Thai vowels and tone marks in their clusters', async () => {
    const text = 'หากท่านมีข้อสงสัย กรุณาชำระเงิน';
    const pdf = await renderPdf(page(`<p lang="th">${text}</p>`));
    expect(pdftotext(pdf).text.trim()).toBe(text);
  });
});

describe('fallback faces', () => {
  const faces = async (body: string): Promise<Record<string, string>> => {
    const runs = textRuns(await layoutHtml(page(body)));
    return Object.fromEntries(runs.map((r) => [r.text.trim(), r.font]));
  };

  it('takes each character from the first listed face that has it, then from its script’s face', async () => {
    expect(await faces('<p style="font-family: Arial">Total 合計 ภาษา हिन्दी</p>')).toMatchObject({
      Total: 'Arimo-Regular', '合計': 'NotoSansJP-Regular', 'ภาษา': 'NotoSansThai-Regular', 'हिन्दी': 'NotoSansDevanagari-Regular',
    });
  });

  it.each([
    ['', 'NotoSansJP-Regular'],
    ['ja', 'NotoSansJP-Regular'],
    ['zh-CN', 'NotoSansSC-Regular'],
    ['zh', 'NotoSansSC-Regular'],
    ['zh-TW', 'NotoSansTC-Regular'],
    ['zh-Hant', 'NotoSansTC-Regular'],
    ['zh-HK', 'NotoSansTC-Regular'],
    ['ko', 'NotoSansKR-Regular'],
  ])('gives Han characters of lang="%s" the %s face, as Chromium on Linux does', async (lang, face) => {
    const runs = textRuns(await layoutHtml(page(`<p style="font-family: Arial"${lang ? ` lang="${lang}"` : ''}>直</p>`)));
    expect(runs.map((r) => r.font)).toEqual([face]);
  });

  it('gives text of a CJK language in a generic family its language’s face, Latin letters too', async () => {
    const runs = textRuns(await layoutHtml(page('<p lang="ja">Tokyo 東京</p><p lang="ja" style="font-family: Arial">Tokyo 東京</p>')));
    expect(runs.map((r) => [r.text.trim(), r.font])).toEqual([
      ['Tokyo 東京', 'NotoSansJP-Regular'],
      ['Tokyo', 'Arimo-Regular'],
      ['東京', 'NotoSansJP-Regular'],
    ]);
  });

  it('takes the bold CJK face for bold text', async () => {
    expect(await faces('<p style="font-family: Arial; font-weight: bold">Total 合計</p>')).toMatchObject({ '合計': 'NotoSansJP-Bold' });
  });

  it('keeps a line as tall as its fallback faces need with line-height: normal, and as the primary face’s with a fixed one', async () => {
    const [latin, cjk, fixed] = lineBoxes(await layoutHtml(page('<p>Latin</p><p>Latin 中文</p><p style="line-height: 20px">Latin 中文</p>', 'p { font: 16px Arial; margin: 0 }')));
    expect(cjk.height).toBeGreaterThan(latin.height);
    expect(fixed.height).toBe(20);
  });

  it('prints a character no face has as .notdef, keeps it in the text layer and warns', async () => {
    const warnings: RenderWarning[] = [];
    const pdf = await renderPdf(page('<p style="font-family: Arial">A\uE000B</p>'), { onWarning: (w) => warnings.push(w) });
    expect(warnings).toEqual([expect.objectContaining({ code: 'missing_glyphs', characters: ['\uE000'] })]);
    expect(warnings[0].message).toContain('U+E000');
    // Read back through its ActualText: pdfjs reads glyphs alone, and .notdef stands for no character.
    expect(pdftotext(pdf).text.replace(/\s/g, '')).toContain('A\uE000B');
  });

  it('warns of nothing when every character has a face', async () => {
    const warnings: RenderWarning[] = [];
    await renderPdf(page('<p>Hello 世界 สวัสดี</p>'), { onWarning: (w) => warnings.push(w) });
    expect(warnings).toEqual([]);
  });
});

describe('CJK punctuation', () => {
  const width = async (text: string): Promise<number> => textRuns(await layoutHtml(page(`<p lang="ja" style="font-size: 20px">${text}</p>`))).reduce((sum, r) => sum + r.width, 0);

  it('trims adjacent fullwidth punctuation by half an em, as Chromium’s text-spacing-trim does', async () => {
    expect(await width('世界。」')).toBeCloseTo(3.5 * 20, 5);
    expect(await width('点：「こ')).toBeCloseTo(3.5 * 20, 5);
    expect(await width('」「')).toBeCloseTo(1.5 * 20, 5);
    expect(await width('世界。世界')).toBeCloseTo(5 * 20, 5);
  });
});

describe('embedding', () => {
  it('keeps a one-page Chinese invoice well under 1 MB: only the glyphs used are embedded', async () => {
    const pdf = await renderPdf(readFileSync(new URL('chinese-invoice.html', WORLD), 'utf8'));
    expect(pdf.length).toBeLessThan(200_000);
    expect((await readPdf(pdf)).fontNames).toEqual(expect.arrayContaining(['NotoSansSC-Regular', 'Arimo-Regular']));
  });
});
