// The bundled faces for scripts the Latin faces lack, which code points each is used for, and the
// order the CJK faces are tried in for a language (decision 0271), as Chromium on Linux picks from
// Debian's Noto fonts: a character none of a font-family list's faces has goes to the face of its
// script; Han characters to the face of the text's `lang`.

import { EMOJI_RANGES } from './emoji-sequences.js';

/** Inclusive code point ranges. */
export type CodePointRanges = readonly (readonly [number, number])[];

/** A bundled family tried for the characters of one script. */
export interface ScriptFace {
  /** The bundled family name (bundled.ts). */
  readonly family: string;
  readonly ranges: CodePointRanges;
}

/** What the CJK faces (Noto Sans JP, SC, TC and KR) are used for: Han, kana, Hangul, bopomofo, CJK punctuation and forms. */
const CJK: CodePointRanges = [
  [0x1100, 0x11ff], [0x2e80, 0x2fdf], [0x2ff0, 0x31ff], [0x3200, 0x4dbf], [0x4e00, 0x9fff], [0xa960, 0xa97f],
  [0xac00, 0xd7ff], [0xf900, 0xfaff], [0xfe10, 0xfe1f], [0xfe30, 0xfe4f], [0xff00, 0xffef], [0x1b000, 0x1b16f],
  [0x1f200, 0x1f2ff], [0x20000, 0x3ffff],
];

const face = (family: string, ranges: CodePointRanges): ScriptFace => ({ family, ranges });

const DEVANAGARI = 'noto sans devanagari';

/** Whether `cp` is one the CJK faces are used for. */
export function isCjkCodePoint(cp: number): boolean {
  return inCodePointRanges(CJK, cp);
}

/**
 * The other scripts' faces, each for its Unicode block(s) (Vedic marks and the dotted circle go
 * with the Indic ones). Not Lao: DejaVu Sans has it, and fontconfig on Debian ranks DejaVu Sans
 * first for Lao text, so Chromium prints Lao in DejaVu Sans (the last fallbacks, bundled.ts);
 * Noto Sans Lao answers its name in `font-family`.
 */
const OTHERS: readonly ScriptFace[] = [
  face('noto sans thai', [[0x0e00, 0x0e7f]]),
  face('noto sans khmer', [[0x1780, 0x17ff], [0x19e0, 0x19ff]]),
  face('noto sans myanmar', [[0x1000, 0x109f], [0xa9e0, 0xa9ff], [0xaa60, 0xaa7f]]),
  face(DEVANAGARI, [[0x0900, 0x097f], [0xa8e0, 0xa8ff], [0x1cd0, 0x1cff], [0x25cc, 0x25cc]]),
  face('noto sans bengali', [[0x0980, 0x09ff]]),
  face('noto sans gujarati', [[0x0a80, 0x0aff]]),
  face('noto sans tamil', [[0x0b80, 0x0bff], [0x11fc0, 0x11fff]]),
  // Mathematical alphanumerics (MathML's italic identifiers): fontconfig gives Chromium DejaVu Math
  // TeX Gyre for them, before DejaVu Serif, which has some (decision 0404).
  face('dejavu math tex gyre', [[0x1d400, 0x1d7ff]]),
];

/**
 * The colour emoji face (decision 0285): first for emoji-presentation sequences no listed family
 * has whole (emoji-sequences.ts), and last in the chain for pictographs no other face has.
 */
export const EMOJI_FACE: ScriptFace = face('noto color emoji', EMOJI_RANGES);

const JP = face('noto sans jp', CJK);
const SC = face('noto sans sc', CJK);
const TC = face('noto sans tc', CJK);
const KR = face('noto sans kr', CJK);

/**
 * The CJK faces in the order a language tries them. Without a CJK language Chromium on Debian
 * takes fontconfig's first, Noto Sans CJK JP; Google's Noto Sans JP lacks simplified Han and
 * Hangul, which go on to SC and KR as the CJK JP face would draw them.
 */
const CJK_ORDERS = {
  ja: [JP, SC, TC, KR],
  ko: [KR, JP, SC, TC],
  'zh-hans': [SC, TC, JP, KR],
  'zh-hant': [TC, SC, JP, KR],
  none: [JP, SC, TC, KR],
} as const;

export type CjkLocale = keyof typeof CJK_ORDERS;

const locales = new Map<string, CjkLocale>();

/** Which CJK face a `lang` (lower-cased BCP 47) prefers: Traditional Chinese for zh-TW, zh-HK, zh-MO and zh-Hant. */
export function cjkLocale(lang: string | undefined): CjkLocale {
  if (lang === undefined || lang === '') return 'none';
  // Asked for every piece of text measured: each language tag is parsed once.
  let locale = locales.get(lang);
  if (locale === undefined) {
    locale = parseCjkLocale(lang);
    if (locales.size < 256) locales.set(lang, locale);
  }
  return locale;
}

function parseCjkLocale(lang: string): CjkLocale {
  const [language, ...rest] = lang.split(/[-_]/);
  if (language === 'ja') return 'ja';
  if (language === 'ko') return 'ko';
  if (language === 'zh' || language === 'cmn' || language === 'yue') {
    if (rest.includes('hant') || rest.some((s) => s === 'tw' || s === 'hk' || s === 'mo') || language === 'yue' && !rest.includes('hans')) return 'zh-hant';
    return 'zh-hans';
  }
  return 'none';
}

/**
 * The face the generic families serif and sans-serif (and the default font) stand for in text of
 * a CJK language, or null: Chromium on Linux asks fontconfig for the generic family with the
 * language, which answers with Noto Sans CJK of that language, Latin letters included.
 */
export function cjkGenericFamily(locale: CjkLocale): string | null {
  return locale === 'none' ? null : CJK_ORDERS[locale][0].family;
}

const ORDERED = new Map<CjkLocale, readonly ScriptFace[]>();

/** Every script face, the CJK ones in `locale`'s order. */
export function scriptFaces(locale: CjkLocale): readonly ScriptFace[] {
  let faces = ORDERED.get(locale);
  if (faces === undefined) {
    faces = [...CJK_ORDERS[locale], ...OTHERS];
    ORDERED.set(locale, faces);
  }
  return faces;
}

/** Languages written in Devanagari (fontconfig's for Noto Sans Devanagari). */
const DEVANAGARI_LANGUAGES: ReadonlySet<string> = new Set(['bh', 'bho', 'brx', 'doi', 'hi', 'hne', 'kok', 'mai', 'mr', 'ne', 'sa', 'sat']);

const CJK_FAMILIES: ReadonlySet<string> = new Set([JP.family, SC.family, TC.family, KR.family]);

/**
 * Whether the script face `family` gives text of `lang` its own weight, or its regular face made
 * bold as for every other fallback (decision 0365): Chromium 156 on Debian prints bold Hindi,
 * Marathi, Nepali and Sanskrit in Noto Sans Devanagari Bold and bold Japanese, Chinese and Korean
 * in the CJK faces' bold, but the same text without its `lang`, and bold Bengali, Tamil, Thai or
 * Khmer with theirs, in the regular face emboldened.
 */
export function scriptFaceKeepsWeight(family: string, lang: string | undefined): boolean {
  if (lang === undefined || lang === '') return false;
  if (CJK_FAMILIES.has(family)) return cjkLocale(lang) !== 'none';
  return family === DEVANAGARI && DEVANAGARI_LANGUAGES.has(lang.split(/[-_]/)[0]);
}

/** Whether text of `lang` gives Devanagari its own weight (part of a fallback chain's identity). */
export function devanagariKeepsWeight(lang: string | undefined): boolean {
  return scriptFaceKeepsWeight(DEVANAGARI, lang);
}

/** Whether `cp` is in `ranges`. */
export function inCodePointRanges(ranges: CodePointRanges | null, cp: number): boolean {
  if (ranges === null) return true;
  for (const [lo, hi] of ranges) if (cp >= lo && cp <= hi) return true;
  return false;
}
