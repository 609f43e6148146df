// Text in every script the bundled fonts carry (issue 24): per-character fallback to the Noto faces
// by script and `lang`, .notdef with a warning for what no face has, and the text layer keeping
// every character. The golden cases of test/fidelity/world read back as Chromium's references do.
import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { RenderWarning } from '../../src/engine/types.js';
import { readPdf } from '../../src/testing/read-pdf.js';
import { layoutHtml, lineBoxes, renderPdf, textRuns } from '../../src/testing/render.js';
import { describeWithTools, pdftotext, pdftotextInDrawingOrder } from '../protect/tools.js';

const WORLD = new URL('../fidelity/world/', import.meta.url);
const cases = readdirSync(WORLD).filter((f) => f.endsWith('.html')).map((f) => f.slice(0, -5));

const page = (body: string, css = ''): string =>
  `<!doctype html><style>@page { size: 600px 400px; margin: 0 } body { margin: 0 } ${css}</style>${body}`;

/** The words of a text, spaces and line ends alike, without the bidi embeddings pdftotext writes around right-to-left text. */
const words = (text: string): string[] => text.replace(/[\u202a-\u202e\u2066-\u2069]/g, '').split(/\s+/).filter((w) => w !== '');

/** The text of an HTML document's body as written, without spaces: what its PDF must read back. */
function bodyText(html: string): string {
  const body = html.slice(html.indexOf('<body>'), html.indexOf('</body>'));
  return body.replace(/<rp>.*?<\/rp>/g, '').replace(/<[^>]*>/g, '').replace(/&amp;/g, '&').replace(/\s+/g, '');
}

const sorted = (text: string): string => [...text].sort().join('');

/**
 * The cases pdftotext reads word for word as it reads Chromium's PDFs. Not: the vertical ones,
 * where which glyphs of a column poppler joins into a word turns on the last bits of their
 * positions (decision 0373), ruby-vertical (likewise), the Bengali and Hindi letters, where
 * pdftotext cuts a few of Chromium's words after a vowel sign (कु मार, কৃ ষ্ণ), lao-khmer-myanmar,
 * whose lines break as Chromium's (decision 0383) but where pdftotext cuts a few of Chromium's words
 * after a vowel sign (សំណួ រ, တို့ ၏), and the Arabic invoice, where it joins a tanween mark to
 * the word after it in Chromium's PDF and not in ours.
 */
const READ_AS_CHROMIUM: ReadonlySet<string> = new Set(cases.filter((name) => !/^(vertical-|ruby-vertical|bengali-|hindi-|lao-khmer-myanmar|arabic-)/.test(name)));

describeWithTools(['pdftotext'], 'the golden cases read back', () => {
  it.each(cases)('%s: its text, with the characters Chromium prints, read as Chromium\u2019s reads', async (name) => {
    const html = readFileSync(new URL(`${name}.html`, WORLD), 'utf8');
    const pdf = await renderPdf(html);
    const ours = words(pdftotext(pdf).text);
    const reference = words(pdftotext(readFileSync(new URL(`${name}.chromium.pdf`, WORLD))).text);
    expect(sorted(ours.join(''))).toBe(sorted(bodyText(html)));
    expect(sorted(ours.join(''))).toBe(sorted(reference.join('')));
    // The CJK faces print as Type 3 fonts as Chromium's do (decision 0356), so pdftotext cuts and
    // orders their words as it does Chromium's, word for word. Vertical lines are drawn glyph by
    // glyph in logical order, as Chromium draws them (decision 0373): pdftotext's layout reads them
    // across the columns as it reads Chromium's, and in drawing order (-raw) as written.
    if (READ_AS_CHROMIUM.has(name)) expect(ours).toEqual(reference);
    else if (name.startsWith('vertical-')) expect(words(pdftotextInDrawingOrder(pdf)).join('')).toBe(bodyText(html));
    // pdftotext reads right-to-left lines in its own order (and lam-alef as Chromium's reads it).
    else if (name !== 'ruby-vertical' && !/^(hebrew|arabic)-/.test(name)) expect(ours.join('')).toBe(bodyText(html));
  });
});

describeWithTools(['pdftotext'], 'the text layer', () => {
  it('keeps CJK text between Latin words ("AB 中文 CD")', async () => {
    const pdf = await renderPdf(page('<p style="font-family: Arial">AB 中文 CD</p>'));
    // In order; pdftotext puts a Type 3 font's text on lines of its own, as it reads Chromium's.
    expect(words(pdftotext(pdf).text)).toEqual(['AB', '中文', 'CD']);
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

  it('takes a symbol the listed faces lack from the fallback\u2019s regular face, made bold for bold text, and the space after a symbol from the listed face (Chromium 156, decisions 0364, 0379)', async () => {
    const runs = async (body: string): Promise<{ text: string; font: string }[]> =>
      textRuns(await layoutHtml(page(body))).map((r) => ({ text: r.text, font: r.font }));
    // Chromium's PDF: the aeroplane a Type 3 font of DejaVu Sans (FontWeight 400) emboldened.
    expect(await runs('<p style="font-family: Arial; font-weight: bold">A ✈ B</p>')).toEqual([
      { text: 'A ', font: 'Arimo-Bold' }, { text: '✈', font: 'DejaVuSans#synthetic-bold' }, { text: ' B', font: 'Arimo-Bold' },
    ]);
    // So are Hebrew and Arabic headings the listed faces lack (Chromium: Type 3 DejaVu Sans, weight 400).
    expect(await runs('<h2 style="font-family: Arial">חשבונית</h2><h2 style="font-family: Arial">فاتورة</h2>')).toEqual([
      { text: 'חשבונית', font: 'DejaVuSans#synthetic-bold' }, { text: 'فاتورة', font: 'DejaVuSans#synthetic-bold' },
    ]);
    // DejaVu Sans ExtraLight has no ✈: Chromium prints it in DejaVu Sans, not the colour emoji face.
    expect(await runs('<p style="font-family: Arial; font-weight: 300">A ✈ B</p>')).toEqual([
      { text: 'A ', font: 'Arimo-Regular' }, { text: '✈', font: 'DejaVuSans' }, { text: ' B', font: 'Arimo-Regular' },
    ]);
  });

  it('prints Lao in DejaVu Sans, as fontconfig ranks it first for Lao on Debian, and in Noto Sans Lao when named', async () => {
    expect(await faces('<p lang="lo" style="font-family: Arial">ພາສາລາວ</p>')).toMatchObject({ 'ພາສາລາວ': 'DejaVuSans' });
    expect(await faces('<p lang="lo" style="font-family: \'Noto Sans Lao\'">ພາສາລາວ</p>')).toMatchObject({ 'ພາສາລາວ': 'NotoSansLao-Regular' });
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

  it('makes a fallback face’s regular face bold for bold text, but for the script’s own languages in Devanagari and CJK (Chromium 156, decision 0365)', async () => {
    const bold = async (lang: string, text: string): Promise<string | undefined> =>
      (await faces(`<p${lang ? ` lang="${lang}"` : ''} style="font-family: Arial; font-weight: bold">${text}</p>`))[text];
    expect(await bold('', '合計')).toBe('NotoSansJP-Regular#synthetic-bold');
    expect(await bold('ja', '合計')).toBe('NotoSansJP-Bold');
    expect(await bold('zh-CN', '合计')).toBe('NotoSansSC-Bold');
    expect(await bold('', 'हिन्दी')).toBe('NotoSansDevanagari-Regular#synthetic-bold');
    expect(await bold('hi', 'हिन्दी')).toBe('NotoSansDevanagari-Bold');
    expect(await bold('mr', 'मराठी')).toBe('NotoSansDevanagari-Bold');
    expect(await bold('bn', 'বাংলা')).toBe('NotoSansBengali-Regular#synthetic-bold');
    expect(await bold('th', 'ภาษา')).toBe('NotoSansThai-Regular#synthetic-bold');
    expect(await bold('ta', 'தமிழ்')).toBe('NotoSansTamil-Regular#synthetic-bold');
  });

  it('keeps what the listed faces lack in the fallback face the text already took when it has it: a danda after Bengali stays Bengali', async () => {
    const runs = textRuns(await layoutHtml(page('<p lang="bn" style="font-family: Arial">ধন্যবাদ। আবার, হ্যাঁ।</p>')));
    expect(runs.map((r) => [r.text, r.font])).toEqual([['ধন্যবাদ। আবার', 'NotoSansBengali-Regular'], [', ', 'Arimo-Regular'], ['হ্যাঁ।', 'NotoSansBengali-Regular']]);
    // Without Bengali before it, a danda is Devanagari's.
    expect(textRuns(await layoutHtml(page('<p style="font-family: Arial">A।</p>'))).map((r) => r.font)).toEqual(['Arimo-Regular', 'NotoSansDevanagari-Regular']);
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
    // Chromium's is 248 KB: both write the Han glyphs as Type 3 glyph procedures (decision 0356).
    expect(pdf.length).toBeLessThan(300_000);
    expect((await readPdf(pdf)).fontNames).toEqual(expect.arrayContaining(['NotoSansSC-Regular', 'Arimo-Regular']));
  });
});
