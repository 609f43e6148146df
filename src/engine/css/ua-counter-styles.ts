// The predefined counter styles (CSS Counter Styles 3 §6–7) written as the user agent's
// @counter-style rules, with Chromium's ranges: one algorithm (boxes/counter-style.ts) serves them
// and the author's. Styles whose spec'd algorithm is not a plain system use Chromium's internal
// ones (`-internal-hebrew`, `-internal-trad-chinese-informal`, …), written out in
// boxes/counter-systems.ts.

/** Ten consecutive digits from `zero` (the Unicode decimal digits of a script). */
function digits(zero: number): string {
  return Array.from({ length: 10 }, (_, i) => `"${String.fromCodePoint(zero + i)}"`).join(' ');
}

function quoted(symbols: string): string {
  return [...symbols].map((s) => `"${s}"`).join(' ');
}

/** Additive symbols from the 9 symbols of each power of ten, greatest first ("ABCDEFGHI" = 1…9). */
function decimalAdditive(...powers: readonly string[]): string {
  const tuples: string[] = [];
  for (let p = powers.length - 1; p >= 0; p--) {
    const symbols = [...powers[p]];
    for (let d = symbols.length; d >= 1; d--) tuples.push(`${d * 10 ** p} "${symbols[d - 1]}"`);
  }
  return tuples.join(', ');
}

/** Japanese numbers below 10 000: each power's marker after its digit (a lone 1 as `one[p]` writes it). */
function japanese(numerals: string, markers: readonly [string, string, string], ones: readonly [string, string, string], zero: string): string {
  const tuples: string[] = [];
  const digit = [...numerals];
  for (let p = 3; p >= 1; p--) {
    for (let d = 9; d >= 1; d--) tuples.push(`${d * 10 ** p} "${d === 1 ? ones[p - 1] : digit[d - 1] + markers[p - 1]}"`);
  }
  for (let d = 9; d >= 1; d--) tuples.push(`${d} "${digit[d - 1]}"`);
  tuples.push(`0 "${zero}"`);
  return tuples.join(', ');
}

const IDEOGRAPHIC_COMMA = '"、"';
const HIRAGANA = 'あいうえおかきくけこさしすせそたちつてとなにぬねのはひふへほまみむめもやゆよらりるれろわゐゑをん';
const HIRAGANA_IROHA = 'いろはにほへとちりぬるをわかよたれそつねならむうゐのおくやまけふこえてあさきゆめみしゑひもせす';
/** Katakana sit 0x60 after the hiragana of the same sound. */
const katakana = (hiragana: string): string => [...hiragana].map((c) => String.fromCodePoint(c.codePointAt(0)! + 0x60)).join('');
const KOREAN_NEGATIVE = '"마이너스 "';

const NUMERIC_DIGITS: readonly (readonly [string, number])[] = [
  ['arabic-indic', 0x660], ['bengali', 0x9e6], ['cambodian', 0x17e0], ['devanagari', 0x966], ['gujarati', 0xae6],
  ['gurmukhi', 0xa66], ['kannada', 0xce6], ['lao', 0xed0], ['malayalam', 0xd66], ['mongolian', 0x1810],
  ['myanmar', 0x1040], ['oriya', 0xb66], ['persian', 0x6f0], ['tamil', 0xbe6], ['telugu', 0xc66], ['thai', 0xe50],
  ['tibetan', 0xf20],
];

/** The Chinese styles (Chromium's own algorithm, boxes/counter-systems.ts) with their negative sign. */
const CHINESE_STYLES: readonly (readonly [string, string])[] = [
  ['simp-chinese-informal', '负'], ['simp-chinese-formal', '负'], ['trad-chinese-informal', '負'], ['trad-chinese-formal', '負'],
];

export const UA_COUNTER_STYLES = `
@counter-style decimal { system: numeric; symbols: ${digits(0x30)}; }
@counter-style decimal-leading-zero { system: extends decimal; pad: 2 "0"; }
${NUMERIC_DIGITS.map(([name, zero]) => `@counter-style ${name} { system: numeric; symbols: ${digits(zero)}; }`).join('\n')}
@counter-style khmer { system: extends cambodian; }
@counter-style urdu { system: extends persian; }
@counter-style cjk-decimal { system: numeric; range: 0 infinite; symbols: "〇" "一" "二" "三" "四" "五" "六" "七" "八" "九"; suffix: ${IDEOGRAPHIC_COMMA}; }
@counter-style lower-roman { system: additive; range: 1 3999; additive-symbols: 1000 m, 900 cm, 500 d, 400 cd, 100 c, 90 xc, 50 l, 40 xl, 10 x, 9 ix, 5 v, 4 iv, 1 i; }
@counter-style upper-roman { system: additive; range: 1 3999; additive-symbols: 1000 M, 900 CM, 500 D, 400 CD, 100 C, 90 XC, 50 L, 40 XL, 10 X, 9 IX, 5 V, 4 IV, 1 I; }
@counter-style georgian { system: additive; range: 1 19999; additive-symbols: 10000 "ჵ", ${decimalAdditive('აბგდევზჱთ', 'იკლმნჲოპჟ', 'რსტჳფქღყშ', 'ჩცძწჭხჴჯჰ')}; }
@counter-style armenian { system: -internal-upper-armenian; range: 1 99999999; }
@counter-style upper-armenian { system: extends armenian; }
@counter-style lower-armenian { system: -internal-lower-armenian; range: 1 99999999; }
@counter-style hebrew { system: -internal-hebrew; range: 0 999999; }
@counter-style ethiopic-numeric { system: -internal-ethiopic-numeric; range: 1 infinite; suffix: "/ "; }
@counter-style lower-alpha { system: alphabetic; symbols: ${quoted('abcdefghijklmnopqrstuvwxyz')}; }
@counter-style lower-latin { system: extends lower-alpha; }
@counter-style upper-alpha { system: alphabetic; symbols: ${quoted('ABCDEFGHIJKLMNOPQRSTUVWXYZ')}; }
@counter-style upper-latin { system: extends upper-alpha; }
@counter-style lower-greek { system: alphabetic; symbols: ${quoted('αβγδεζηθικλμνξοπρστυφχψω')}; }
@counter-style hiragana { system: alphabetic; symbols: ${quoted(HIRAGANA)}; suffix: ${IDEOGRAPHIC_COMMA}; }
@counter-style hiragana-iroha { system: alphabetic; symbols: ${quoted(HIRAGANA_IROHA)}; suffix: ${IDEOGRAPHIC_COMMA}; }
@counter-style katakana { system: alphabetic; symbols: ${quoted(katakana(HIRAGANA))}; suffix: ${IDEOGRAPHIC_COMMA}; }
@counter-style katakana-iroha { system: alphabetic; symbols: ${quoted(katakana(HIRAGANA_IROHA))}; suffix: ${IDEOGRAPHIC_COMMA}; }
@counter-style hangul { system: alphabetic; symbols: ${quoted('가나다라마바사아자차카타파하')}; }
@counter-style hangul-consonant { system: alphabetic; symbols: ${quoted('ㄱㄴㄷㄹㅁㅂㅅㅇㅈㅊㅋㅌㅍㅎ')}; }
@counter-style disc { system: cyclic; symbols: "•"; suffix: " "; }
@counter-style circle { system: cyclic; symbols: "◦"; suffix: " "; }
@counter-style square { system: cyclic; symbols: "■"; suffix: " "; }
@counter-style disclosure-open { system: cyclic; symbols: "▾"; suffix: " "; }
@counter-style disclosure-closed { system: cyclic; symbols: "▸"; suffix: " "; }
@counter-style cjk-earthly-branch { system: fixed; symbols: ${quoted('子丑寅卯辰巳午未申酉戌亥')}; suffix: ${IDEOGRAPHIC_COMMA}; fallback: cjk-decimal; }
@counter-style cjk-heavenly-stem { system: fixed; symbols: ${quoted('甲乙丙丁戊己庚辛壬癸')}; suffix: ${IDEOGRAPHIC_COMMA}; fallback: cjk-decimal; }
@counter-style japanese-informal { system: additive; range: -9999 9999; additive-symbols: ${japanese('一二三四五六七八九', ['十', '百', '千'], ['十', '百', '千'], '〇')}; suffix: ${IDEOGRAPHIC_COMMA}; negative: "マイナス"; fallback: cjk-decimal; }
@counter-style japanese-formal { system: additive; range: -9999 9999; additive-symbols: ${japanese('壱弐参四伍六七八九', ['拾', '百', '阡'], ['壱拾', '壱百', '壱阡'], '零')}; suffix: ${IDEOGRAPHIC_COMMA}; negative: "マイナス"; fallback: cjk-decimal; }
@counter-style korean-hangul-formal { system: -internal-korean-hangul-formal; suffix: ", "; negative: ${KOREAN_NEGATIVE}; fallback: cjk-decimal; }
@counter-style korean-hanja-informal { system: -internal-korean-hanja-informal; suffix: ", "; negative: ${KOREAN_NEGATIVE}; fallback: cjk-decimal; }
@counter-style korean-hanja-formal { system: -internal-korean-hanja-formal; suffix: ", "; negative: ${KOREAN_NEGATIVE}; fallback: cjk-decimal; }
${CHINESE_STYLES.map(([name, negative]) => `@counter-style ${name} { system: -internal-${name}; suffix: ${IDEOGRAPHIC_COMMA}; negative: "${negative}"; fallback: cjk-decimal; }`).join('\n')}
@counter-style cjk-ideographic { system: extends trad-chinese-informal; }
`;

/** The names of the predefined counter styles, which match whatever their case (CSS Counter Styles 3 §3). */
export const PREDEFINED_COUNTER_STYLES: ReadonlySet<string> = new Set([...UA_COUNTER_STYLES.matchAll(/@counter-style ([a-z-]+)/g)].map((m) => m[1]));

/**
 * A counter style name as written: a predefined name lower-cased (`Upper-Roman` is upper-roman),
 * any other kept as written, as custom identifiers are case-sensitive.
 */
export function counterStyleName(name: string): string {
  const lower = name.toLowerCase();
  return PREDEFINED_COUNTER_STYLES.has(lower) || lower === 'none' ? lower : name;
}
