// Line breaking beyond spaces (issue 24): between CJK ideographs with the kinsoku rules of
// `line-break`, `word-break: keep-all` for Korean, `break-all`, `line-break: anywhere`, and Thai,
// Lao, Khmer and Myanmar words found with the dictionaries of Chromium's ICU.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { layoutHtml, lineBoxes } from '../../src/testing/render.js';

const page = (body: string, css = ''): string =>
  `<!doctype html><style>@page { size: 800px 2000px; margin: 0 } body { margin: 0; font: 16px Arial } ${css}</style>${body}`;

async function lines(body: string, css = ''): Promise<string[]> {
  return lineBoxes(await layoutHtml(page(body, css))).map((l) => l.text.trim());
}

/** Characters UAX #14 and CSS Text keep off the start of a line (closing brackets, ideographic comma and full stop). */
const NO_START = /^[」』）】〕〉》、。，．！？]/u;

describe('CJK', () => {
  const letter = '拝啓　時下ますますご清栄のこととお慶び申し上げます。平素は格別のお引き立てを賜り、厚く御礼申し上げます。「秋のキャンペーン」を実施することになりました。';

  it('breaks between ideographs, and never before a closing bracket or full stop', async () => {
    for (const width of [97, 113, 130, 161, 177]) {
      const found = await lines(`<p lang="ja" style="width: ${width}px">${letter}</p>`);
      expect(found.length).toBeGreaterThan(3);
      expect(found.join('')).toBe(letter);
      for (const line of found) expect(line).not.toMatch(NO_START);
    }
  });

  it('keeps small kana off a line’s start with line-break: strict, and lets them start one with normal', async () => {
    const text = 'ショッピングセンターのチェックアウトカウンター';
    const starts = async (value: string): Promise<string[]> => {
      const found: string[] = [];
      for (let width = 40; width <= 200; width += 8) found.push(...(await lines(`<p lang="ja" style="width: ${width}px; line-break: ${value}">${text}</p>`)).slice(1).map((l) => l[0]));
      return found;
    };
    expect((await starts('strict')).filter((c) => /[ョッェー]/.test(c))).toEqual([]);
    expect((await starts('normal')).filter((c) => /[ョッェー]/.test(c)).length).toBeGreaterThan(0);
  });

  it('keeps Korean words whole with word-break: keep-all, and breaks inside them without it', async () => {
    const text = '고객님께 알려 드립니다. 시스템 점검으로 인하여 다음 주 월요일 오전 두 시부터 서비스 이용이 일시적으로 중단됩니다.';
    const words = new Set(text.split(' '));
    const kept = await lines(`<p lang="ko" style="width: 180px; word-break: keep-all">${text}</p>`);
    for (const line of kept) for (const word of line.split(' ')) expect(words).toContain(word);
    const broken = await lines(`<p lang="ko" style="width: 180px">${text}</p>`);
    expect(broken.some((line) => line.split(' ').some((word) => !words.has(word)))).toBe(true);
  });

  it('breaks Latin words anywhere with line-break: anywhere and between letters with word-break: break-all', async () => {
    const url = 'https://example.co.jp/campaign/autumn-2024';
    expect((await lines(`<p style="width: 100px; line-break: anywhere">${url}</p>`)).length).toBeGreaterThan(2);
    expect((await lines(`<p style="width: 100px; word-break: break-all">abcdefghijklmnopqrstuvwxyz</p>`)).length).toBeGreaterThan(2);
    expect(await lines(`<p style="width: 100px">abcdefghijklmnopqrstuvwxyz</p>`)).toEqual(['abcdefghijklmnopqrstuvwxyz']);
  });
});

describe('dictionary scripts', () => {
  // Where Chromium 156 breaks these lines when every break is taken (a box of no width), probed on
  // Debian's chromium: Lao and Khmer with its ICU's own dictionaries (decision 0383), Myanmar's
  // dictionary words only between its letters (not before ၏ or ၍).
  const chromiumWords: [string, string][] = [
    ['th', 'ภาษา|ไทย|เขียน|ติด|กัน|โดย|ไม่มี|การ|เว้น|วรรค|ระหว่าง|คำ|จึง|ต้อง|ใช้|พจนานุกรม|ใน|การ|ตัด|คำ|เมื่อ|ขึ้น|บรรทัด|ใหม่'],
    ['lo', 'ພາສາ|ລາວ|ຂຽນ|ຕິດກັນ|ໂດຍ|ບໍ່ມີ|ການ|ເວັ້ນ|ວັກ|ລະຫວ່າງ|ຄຳສັບ'],
    ['lo', 'ຖ້າ|ທ່ານ|ມີ|ຄຳ|ຖາມ|ກ່ຽວກັບ|ລາຍການ|ໃນ|ໃບ|ແຈ້ງ|ໜີ້|ນີ້'],
    ['lo', 'ກະລຸນາ|ຊຳລະ|ເງິນ|ພາຍໃນ|ວັນທີ|ສາມ|ສິບ|ເອັດ|ສິງຫາ'],
    ['km', 'ភាសាខ្មែរ|សរសេរ|ជាប់|គ្នា|ដោយ|គ្មាន|ដក|ឃ្លា|រវាង|ពាក្យ'],
    ['km', 'ប្រសិនបើ|លោក|អ្នក|មាន|សំណួរ|អំពី|វិក្កយបត្រ|នេះ'],
    ['km', 'សូម|បង់|ប្រាក់|មុន|ថ្ងៃទី|សាមសិប|មួយខែ|សីហា'],
    ['my', 'မြန်မာဘာသာ|စကား|ကို|စကားလုံး|များ|ကြား|တွင်|နေရာလွတ်|မ|ထား|ဘဲ|ရေး|သည်'],
    ['my', 'ဤ|ငွေ|တောင်းခံ|လွှာ|နှင့်|ပတ်သက်၍မေးခွန်း|များ|ရှိ|ပါ|က|ကျွန်ုပ်|တို့၏စာရင်း|ဌာန|သို့|ဆက်|သွယ်|ပါ။'],
  ];

  it.each(chromiumWords)('breaks %s text between the words Chromium finds', async (lang, words) => {
    const text = words.replaceAll('|', '');
    expect((await lines(`<p lang="${lang}" style="width: 0">${text}</p>`)).join('|')).toBe(words);
  });

  it.each(chromiumWords)('fills %s lines to the width, breaking only between those words', async (lang, words) => {
    const text = words.replaceAll('|', '');
    const found = await lines(`<p lang="${lang}" style="width: 120px">${text}</p>`);
    expect(found.length).toBeGreaterThan(1);
    expect(found.join('')).toBe(text);
    const boundaries = new Set<number>();
    let at = 0;
    for (const word of words.split('|')) boundaries.add((at += word.length));
    at = 0;
    for (const line of found) expect(boundaries.has((at += line.length))).toBe(true);
  });
});

describe('mixed scripts', () => {
  const pieces = ['Invoice', 'total', '12.50', '中文', '发票', '日本語', 'ショッピング', '。', '、', '」', '「', '한국어', '고객님께', 'ภาษาไทย', 'ขอบคุณ', 'हिन्दी', 'שלום', '—', '-', '/', ' ', ' ', '　'];

  it('never loses or reorders a character, whatever the text and width', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.constantFrom(...pieces), { minLength: 1, maxLength: 24 }),
        fc.integer({ min: 20, max: 300 }),
        fc.constantFrom('', 'ja', 'ko', 'zh-CN', 'th'),
        fc.constantFrom('normal', 'keep-all', 'break-all'),
        fc.constantFrom('auto', 'strict', 'loose', 'anywhere'),
        async (parts, width, lang, wordBreak, lineBreak) => {
          const text = parts.join('');
          const found = await lines(`<p lang="${lang}" style="width: ${width}px; word-break: ${wordBreak}; line-break: ${lineBreak}">${text}</p>`);
          expect(found.join('').replace(/[\s\u3000]/g, '')).toBe(text.replace(/[\s\u3000]/g, ''));
        },
      ),
      { numRuns: 60 },
    );
  });
});
