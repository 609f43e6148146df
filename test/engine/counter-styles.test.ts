// @counter-style, the predefined counter styles, ::marker and font-variant-caps (issue 28), each
// checked against what Chromium prints: marker strings read back from the layout and the PDF,
// representations of the predefined styles as Chromium's PDF text gives them.
import { readFileSync, readdirSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CounterStyles, counterStylesOf, formatCounter, markerText, predefinedCounterStyles } from '../../src/engine/boxes/counter-style.js';
import { parseStylesheet } from '../../src/engine/css/stylesheet.js';
import { PREDEFINED_COUNTER_STYLES } from '../../src/engine/css/ua-counter-styles.js';
import { findBoxes, hasPoppler, layoutHtml, lineBoxes, renderPdf, textRuns } from '../../src/testing/render.js';
import { readPdf } from '../../src/testing/read-pdf.js';
import { describeWithTools, pdftotext } from '../protect/tools.js';

const FEATURES = new URL('../fidelity/features/', import.meta.url);
const goldenCases = readdirSync(FEATURES).filter((f) => f.endsWith('.html')).map((f) => f.slice(0, -5));

/** The words of a PDF as pdftotext reads them. */
const words = (pdf: Uint8Array): string[] => pdftotext(pdf).text.split(/\s+/).filter((w) => w !== '');

describeWithTools(['pdftotext'], 'the golden cases of test/fidelity/features', () => {
  it.each(goldenCases)('%s: reads back word for word as Chromium\'s PDF does, markers and small capitals included', async (name) => {
    const ours = words(await renderPdf(readFileSync(new URL(`${name}.html`, FEATURES), 'utf8')));
    expect(ours).toEqual(words(readFileSync(new URL(`${name}.chromium.pdf`, FEATURES))));
  });
});

const page = (css: string, body: string): string =>
  `<!DOCTYPE html><style>@page { size: 500px 900px; margin: 0 } body { margin: 0; font: 16px/20px Arimo } ${css}</style>${body}`;

/** The outside marker of each li, in order. */
async function markers(css: string, body: string): Promise<string[]> {
  const pages = await layoutHtml(page(css, body));
  return findBoxes(pages, 'li').map((li) => lineBoxes([{ ...pages[li.page], root: li.fragment as never }])[0]?.marker ?? '');
}

const items = (n: number): string => Array.from({ length: n }, (_, i) => `<li>item ${i + 1}</li>`).join('');

/** A document's counter styles from its CSS. */
const stylesOf = (css: string): CounterStyles => counterStylesOf([parseStylesheet(css, 'author')]);

// The case Chromium printed (fidelity 99.8 against its PDF): each system, with prefix, suffix, negative, pad, range and fallback.
const CUSTOM = `
@counter-style fix3 { system: fixed 3; symbols: A B C; suffix: ") "; }
@counter-style add { system: additive; additive-symbols: 10 X, 5 V, 4 IV, 1 I; }
@counter-style stars { system: symbolic; symbols: "*" "†"; suffix: " "; }
@counter-style pre { system: numeric; symbols: "0" "1"; prefix: "["; suffix: "] "; negative: "(" ")"; pad: 4 "0"; }
@counter-style ext { system: extends lower-roman; suffix: " – "; range: 1 5; fallback: upper-alpha; }`;

describe('@counter-style', () => {
  it('prints a fixed system and, past its symbols, its fallback with the style\'s own suffix', async () => {
    expect(await markers(`${CUSTOM} ol { list-style: fix3 }`, `<ol>${items(5)}</ol>`)).toEqual(['1) ', '2) ', 'A) ', 'B) ', 'C) ']);
  });

  it('prints an additive system greedily (9 is VIV) and a symbolic one by repeating symbols', async () => {
    expect(await markers(`${CUSTOM} ol { list-style-type: add }`, `<ol start=8>${items(3)}</ol>`)).toEqual(['VIII. ', 'VIV. ', 'X. ']);
    expect(await markers(`${CUSTOM} ol { list-style-type: stars }`, `<ol>${items(4)}</ol>`)).toEqual(['* ', '† ', '** ', '†† ']);
  });

  it('pads to the length counting the negative sign, between the prefix and suffix', async () => {
    expect(await markers(`${CUSTOM} ol { list-style-type: pre }`, `<ol start=-2>${items(4)}</ol>`)).toEqual(['[(10)] ', '[(01)] ', '[0000] ', '[0001] ']);
  });

  it('extends a predefined style, and leaves its range for the fallback', async () => {
    expect(await markers(`${CUSTOM} ol { list-style-type: ext }`, `<ol start=4>${items(3)}</ol>`)).toEqual(['iv – ', 'v – ', 'F – ']);
  });

  it('serves counter() and counters() in content, with fallback and no prefix or suffix', async () => {
    const pages = await layoutHtml(page(`${CUSTOM} span::before { content: counter(x, add) "|" counter(x, fix3) "|" counters(x, ".", upper-roman) }`,
      '<p style="counter-reset: x 9"><span style="counter-increment: x"></span></p>'));
    expect(textRuns(pages).map((r) => r.text).join('')).toBe('X|10|X');
  });

  it('writes the markers into the PDF text as Chromium does (pdftotext reads them back)', async () => {
    const pdf = await renderPdf(page(`${CUSTOM} ol { list-style: fix3 }`, `<ol>${items(4)}</ol>`));
    if (!hasPoppler()) return;
    expect(pdftotext(pdf).text.replace(/\s+/g, ' ')).toContain('1) item 1 2) item 2 A) item 3 B) item 4');
  });

  it('serves page counters in margin boxes and running elements, and target-counter()', async () => {
    const css = `@counter-style pg { system: extends lower-alpha; suffix: ""; }
      @page { size: 300px 200px; margin: 40px; @bottom-center { content: "p. " counter(page, pg) } @top-center { content: element(head) } }
      body { margin: 0; font: 12px/16px Arimo } header { position: running(head) } header::after { content: "of " counter(pages, pg) }
      h2 { break-before: page; margin: 0; font-size: 14px } a::after { content: " see " target-counter(attr(href), page, pg) }`;
    const body = '<header>Head </header><p><a href="#c2">chapter</a></p><h2>One</h2><h2 id="c2">Two</h2>';
    const { pages } = await readPdf(await renderPdf(`<!DOCTYPE html><style>${css}</style>${body}`));
    // (Margin boxes are painted before the page's content, clockwise from the top-left corner.)
    expect(pages.map((p) => p.text.replace(/\s+/g, ' ').trim())).toEqual([
      'Head of c p. a chapter see c', 'Head of c p. b One', 'Head of c p. c Two',
    ]);
  });

  it('ignores invalid rules and descriptors, and names that cannot be redefined', () => {
    const styles = stylesOf(`
      @counter-style few { system: alphabetic; symbols: a; }
      @counter-style mixed { system: extends decimal; symbols: a b; }
      @counter-style decimal { system: cyclic; symbols: x; }
      @counter-style bad-range { system: cyclic; symbols: o; range: 5 1; suffix: 1 2; }
      @counter-style down { system: additive; additive-symbols: 1 i, 5 v; }`);
    expect(styles.get('few')).toBeUndefined();
    expect(styles.get('mixed')).toBeUndefined();
    expect(styles.get('down')).toBeUndefined();
    expect(styles.marker(3, 'decimal')).toBe('3. ');
    expect(styles.marker(7, 'bad-range')).toBe('o. ');
    // An unknown style prints as decimal.
    expect(styles.marker(3, 'nowhere')).toBe('3. ');
  });

  it('keeps custom names case-sensitive and matches predefined names in any case', () => {
    const styles = stylesOf('@counter-style Dots { system: cyclic; symbols: "·"; suffix: ""; }');
    expect(styles.marker(1, 'Dots')).toBe('·');
    expect(styles.marker(1, 'dots')).toBe('1. ');
  });

  it('treats a cycle of extends as extending decimal, and ends a cycle of fallbacks in decimal', () => {
    const styles = stylesOf(`
      @counter-style a { system: extends b; prefix: "a"; }
      @counter-style b { system: extends a; suffix: "b"; }
      @counter-style p { system: fixed; symbols: P; fallback: q; }
      @counter-style q { system: fixed; symbols: Q; fallback: p; }`);
    expect(styles.marker(7, 'a')).toBe('a7. ');
    expect(styles.marker(7, 'b')).toBe('7b');
    expect(styles.format(1, 'q')).toBe('Q');
    expect(styles.format(5, 'p')).toBe('5');
  });

  it('takes the last rule of a name, from any sheet, and @counter-style inside @media print', () => {
    const styles = counterStylesOf([
      parseStylesheet('@counter-style s { system: cyclic; symbols: x; }', 'author'),
      parseStylesheet('@media print { @counter-style s { system: cyclic; symbols: y; suffix: "" } }', 'author'),
    ]);
    expect(styles.marker(1, 's')).toBe('y');
  });
});

describe('the predefined counter styles', () => {
  // Values and their representations as Chromium's PDF gives them (0, 1, 11, 15, 110, 1001, 12345, 100000001, -12).
  const VALUES = [0, 1, 11, 15, 110, 1001, 12345, 100000001, -12];
  const CHROMIUM: readonly (readonly [string, readonly string[]])[] = [
    ['armenian', ['0', 'Ա', 'ԺԱ', 'ԺԵ', 'ՃԺ', 'ՌԱ', 'Ա̂ՍՅԽԵ', '100000001', '-12']],
    ['lower-armenian', ['0', 'ա', 'ժա', 'ժե', 'ճժ', 'ռա', 'ա̂սյխե', '100000001', '-12']],
    ['georgian', ['0', 'ა', 'ია', 'იე', 'რი', 'ჩა', 'ჵცტმე', '100000001', '-12']],
    ['hebrew', ['אפס', 'א', 'יא', 'טו', 'קי', 'א׳א', 'יב׳שמה', '100000001', '-12']],
    ['cjk-decimal', ['〇', '一', '一一', '一五', '一一〇', '一〇〇一', '一二三四五', '一〇〇〇〇〇〇〇一', '-12']],
    ['japanese-informal', ['〇', '一', '十一', '十五', '百十', '千一', '一二三四五', '一〇〇〇〇〇〇〇一', 'マイナス十二']],
    ['japanese-formal', ['零', '壱', '壱拾壱', '壱拾伍', '壱百壱拾', '壱阡壱', '一二三四五', '一〇〇〇〇〇〇〇一', 'マイナス壱拾弐']],
    ['korean-hangul-formal', ['영', '일', '일십일', '일십오', '일백일십', '일천일', '일만 이천삼백사십오', '일억 일', '마이너스 일십이']],
    ['korean-hanja-informal', ['零', '一', '十一', '十五', '百十', '千一', '萬 二千三百四十五', '億 一', '마이너스 十二']],
    ['simp-chinese-informal', ['零', '一', '十一', '十五', '一百一十', '一千零一', '一万二千三百四十五', '一亿零一', '负十二']],
    ['trad-chinese-formal', ['零', '壹', '壹拾壹', '壹拾伍', '壹佰壹拾', '壹仟零壹', '壹萬貳仟參佰肆拾伍', '壹億零壹', '負壹拾貳']],
    ['ethiopic-numeric', ['0', '፩', '፲፩', '፲፭', '፻፲', '፲፻፩', '፼፳፫፻፵፭', '፼፼፩', '-12']],
    ['cjk-earthly-branch', ['〇', '子', '戌', '一五', '一一〇', '一〇〇一', '一二三四五', '一〇〇〇〇〇〇〇一', '-12']],
    ['lower-greek', ['0', 'α', 'λ', 'ο', 'δξ', 'αρρ', 'φκι', 'μνιτβρ', '-12']],
    ['upper-roman', ['0', 'I', 'XI', 'XV', 'CX', 'MI', '12345', '100000001', '-12']],
    ['hiragana', ['0', 'あ', 'さ', 'そ', 'いせ', 'とる', 'おちけ', 'つりこゆち', '-12']],
    ['katakana-iroha', ['0', 'イ', 'ル', 'ヨ', 'ロタ', 'ナカ', 'ホオケ', 'ネムチタク', '-12']],
    ['decimal-leading-zero', ['00', '01', '11', '15', '110', '1001', '12345', '100000001', '-12']],
    ['thai', ['๐', '๑', '๑๑', '๑๕', '๑๑๐', '๑๐๐๑', '๑๒๓๔๕', '๑๐๐๐๐๐๐๐๑', '-๑๒']],
    ['devanagari', ['०', '१', '११', '१५', '११०', '१००१', '१२३४५', '१०००००००१', '-१२']],
    ['persian', ['۰', '۱', '۱۱', '۱۵', '۱۱۰', '۱۰۰۱', '۱۲۳۴۵', '۱۰۰۰۰۰۰۰۱', '-۱۲']],
  ];

  it.each(CHROMIUM)('writes %s as Chromium does', (style, expected) => {
    expect(VALUES.map((v) => formatCounter(v, style))).toEqual(expected);
  });

  it('gives CJK styles the ideographic comma, Korean ", " and symbols a space', () => {
    expect(markerText(3, 'cjk-decimal')).toBe('三、');
    expect(markerText(3, 'korean-hangul-formal')).toBe('삼, ');
    expect(markerText(3, 'disc')).toBe('• ');
    expect(markerText(3, 'square')).toBe('■ ');
    expect(markerText(3, 'ethiopic-numeric')).toBe('፫/ ');
  });

  it('defines every predefined style it names', () => {
    const styles = predefinedCounterStyles();
    for (const name of PREDEFINED_COUNTER_STYLES) expect(styles.get(name)?.name, name).toBe(name);
    expect(PREDEFINED_COUNTER_STYLES.size).toBeGreaterThanOrEqual(58);
  });

  it('prints the predefined styles in list markers', async () => {
    const types = ['lower-roman', 'upper-alpha', 'lower-greek', 'decimal-leading-zero', 'georgian', 'cjk-decimal'];
    const result = await Promise.all(types.map((t) => markers(`ol { list-style-type: ${t} }`, `<ol start=9>${items(2)}</ol>`)));
    expect(result).toEqual([['ix. ', 'x. '], ['I. ', 'J. '], ['ι. ', 'κ. '], ['09. ', '10. '], ['თ. ', 'ი. '], ['九、', '一〇、']]);
  });
});

describe('counter style algorithms (properties)', () => {
  const styles = predefinedCounterStyles();
  const names = [...PREDEFINED_COUNTER_STYLES];

  it('never throws and always writes something, for any number in any predefined style', () => {
    fc.assert(fc.property(fc.constantFrom(...names), fc.oneof(fc.integer(), fc.double()), (name, value) => {
      expect(styles.format(value, name).length).toBeGreaterThan(0);
      expect(styles.marker(value, name).length).toBeGreaterThan(0);
    }));
  });

  it('writes alphabetic numbers that read back as the value (bijective base 26)', () => {
    const read = (text: string): number => [...text].reduce((n, c) => n * 26 + c.charCodeAt(0) - 96, 0);
    fc.assert(fc.property(fc.integer({ min: 1, max: 2 ** 31 - 1 }), (n) => {
      expect(read(formatCounter(n, 'lower-alpha'))).toBe(n);
    }));
  });

  it('writes additive numbers whose symbols sum to the value, greatest first, or falls back to decimal', () => {
    const weights: Record<string, number> = { M: 1000, CM: 900, D: 500, CD: 400, C: 100, XC: 90, L: 50, XL: 40, X: 10, IX: 9, V: 5, IV: 4, I: 1 };
    fc.assert(fc.property(fc.integer({ min: -5000, max: 5000 }), (n) => {
      const text = formatCounter(n, 'upper-roman');
      if (n < 1 || n > 3999) {
        expect(text).toBe(String(n));
        return;
      }
      const parts = text.match(/CM|CD|XC|XL|IX|IV|[MDCLXVI]/g)!;
      expect(parts.join('')).toBe(text);
      expect(parts.reduce((sum, p) => sum + weights[p], 0)).toBe(n);
      expect(parts.map((p) => weights[p])).toEqual([...parts.map((p) => weights[p])].sort((a, b) => b - a));
    }));
  });

  it('writes numeric numbers in any base that read back as the value, with the negative sign around them', () => {
    fc.assert(fc.property(fc.integer({ min: 2, max: 16 }), fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 }), (base, n) => {
      const symbols = '0123456789abcdef'.slice(0, base).split('').map((s) => `"${s}"`).join(' ');
      const style = stylesOf(`@counter-style b { system: numeric; symbols: ${symbols}; negative: "(" ")"; }`);
      const text = style.format(n, 'b');
      expect(text).toBe(n < 0 ? `(${Math.abs(n).toString(base)})` : n.toString(base));
    }));
  });

  it('reads any @counter-style rule without throwing', () => {
    const word = fc.constantFrom('cyclic', 'fixed', 'symbolic', 'alphabetic', 'numeric', 'additive', 'extends', 'decimal', 'x', '"a"', '3', '-1', ',', 'infinite', 'auto', '0', '"\\2022"');
    const descriptor = fc.tuple(fc.constantFrom('system', 'symbols', 'additive-symbols', 'negative', 'prefix', 'suffix', 'range', 'pad', 'fallback'), fc.array(word, { maxLength: 6 }));
    fc.assert(fc.property(fc.array(descriptor, { maxLength: 8 }), fc.integer(), (declarations, value) => {
      const css = `@counter-style s { ${declarations.map(([p, v]) => `${p}: ${v.join(' ')}`).join('; ')} }`;
      expect(typeof stylesOf(css).marker(value, 's')).toBe('string');
    }));
  });
});

describe('::marker', () => {
  it('takes content (a string, or counters in any style) in place of the marker, inside and outside', async () => {
    const css = `${CUSTOM} .b li::marker { content: "→ " } .c li::marker { content: counter(list-item, add) ") " }
      .f { list-style-position: inside } .f li::marker { content: "Step " counter(list-item, fix3) ": " }`;
    const pages = await layoutHtml(page(css, `<ul class=b>${items(1)}</ul><ol class=c start=9>${items(1)}</ol><ol class=f start=3>${items(1)}</ol>`));
    expect(lineBoxes(pages).map((l) => l.text)).toEqual(['item 1', 'item 1', 'Step A: item 1']);
    expect(lineBoxes(pages).slice(0, 2).map((l) => l.marker)).toEqual(['→ ', 'VIV) ']);
  });

  it('sizes and weighs an outside marker by its own font, ending at the content edge', async () => {
    const pages = await layoutHtml(page('li::marker { font-size: 24px; font-weight: bold; color: #c00 }', `<ol>${items(1)}</ol>`));
    const marker = textRuns(pages).find((r) => r.text === '1. ')!;
    expect(marker.size).toBe(24);
    expect(marker.fragment.style.fontWeight).toBe(700);
    const text = textRuns(pages).find((r) => r.text.startsWith('item'))!;
    expect(marker.x + marker.fragment.width).toBeCloseTo(text.x, 1);
  });

  it('places an inside marker of a custom style as the line\'s first text', async () => {
    const pages = await layoutHtml(page(`${CUSTOM} ol { list-style: inside stars }`, `<ol>${items(2)}</ol>`));
    expect(lineBoxes(pages).map((l) => l.text)).toEqual(['* item 1', '† item 2']);
  });
});

describe('font-variant-caps', () => {
  const doc = (caps: string): string => `<!DOCTYPE html><style>@page { size: 500px 300px; margin: 0 } body { margin: 0; font: 20px/28px Tinos }</style>
    <p style="${caps}">Chapter 12 Quiet</p><p id=after>after</p>`;
  const sized = async (caps: string): Promise<[string, number][]> =>
    textRuns(await layoutHtml(doc(caps))).filter((r) => r.text !== 'after').map((r) => [r.text, r.size]);

  it('synthesizes petite-caps and all-petite-caps as small-caps and all-small-caps, as Chromium does for faces without pcap', async () => {
    expect(await sized('font-variant-caps: petite-caps')).toEqual(await sized('font-variant-caps: small-caps'));
    expect(await sized('font-variant-caps: all-petite-caps')).toEqual(await sized('font-variant-caps: all-small-caps'));
    expect(await sized('font-variant-caps: petite-caps')).toEqual([['C', 20], ['HAPTER', 14], [' 12 Q', 20], ['UIET', 14]]);
  });

  it('shows capitals and uncased characters smaller with unicase, lowercase letters as they are', async () => {
    expect(await sized('font-variant-caps: unicase')).toEqual([['C', 14], ['hapter', 20], [' ', 14], ['12', 14], [' ', 14], ['Q', 14], ['uiet', 20]]);
  });

  it('leaves titling-caps as normal text (the bundled faces have no titl)', async () => {
    expect(await sized('font-variant-caps: titling-caps')).toEqual([['Chapter 12 Quiet', 20]]);
  });

  it('takes every caps value from the font-variant shorthand', async () => {
    expect(await sized('font-variant: all-petite-caps')).toEqual(await sized('font-variant-caps: all-small-caps'));
    expect(await sized('font-variant: unicase oldstyle-nums')).toEqual(await sized('font-variant-caps: unicase'));
  });

  it('shapes with a face\'s own small capitals when it has them, petite and unicase from them, as Chromium does', async () => {
    const html = readFileSync(new URL('font-variant-caps-face.html', FEATURES), 'utf8');
    const runs = textRuns(await layoutHtml(html));
    // No synthesized (smaller) capitals: every run at the text's size.
    expect(new Set(runs.map((r) => r.size))).toEqual(new Set([20]));
    const features = (text: string, index: number): readonly (readonly [string, number])[] =>
      runs.filter((r) => r.text === text)[index].fragment.style.fontFeatureSettings;
    expect(features('Chapter', 0)).toEqual([['smcp', 1]]);
    expect(features('Chapter', 1)).toEqual([['smcp', 1], ['c2sc', 1]]);
    expect(features('Chapter', 2)).toEqual([['smcp', 1]]); // petite-caps from the face's small capitals
    expect(runs.filter((r) => r.fragment.actualText === 'C').length).toBeGreaterThan(0); // unicase: C as a small capital c
  });

  it('keeps the line as high as the text\'s own size makes it', async () => {
    const after = async (caps: string): Promise<number> => findBoxes(await layoutHtml(doc(`font-variant-caps: ${caps}`)), '#after')[0].y;
    const normal = await after('normal');
    for (const caps of ['small-caps', 'all-small-caps', 'unicase']) expect(await after(caps), caps).toBe(normal);
  });
});
