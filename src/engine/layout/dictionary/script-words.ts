// The word boundaries Chromium breaks lines at in runs of Thai, Lao, Khmer and Myanmar text (UAX
// #14's class SA, written without spaces between words), one script's run at a time as ICU's line
// iterator finds them (decision 0383). Lao and Khmer take the dictionaries and thresholds
// Chromium's ICU has, which are not Node's; Thai and Burmese take Node's, which are the same.
import { type DictionaryFile, readDictionaryFile } from './dictionary-files.js';
import { dictionaryWordBoundaries, type WordRules } from './dictionary-words.js';
import { IcuDictionary } from './icu-dictionary.js';
import { wordBoundariesBy } from '../text-segments.js';

type DictionaryScript = 'thai' | 'lao' | 'khmer' | 'myanmar';

/** The dictionary script a code point is a complex-context (SA) character of, if any. */
export function dictionaryScriptOf(codePoint: number): DictionaryScript | null {
  if (codePoint >= 0x0e01 && codePoint <= 0x0e3a || codePoint >= 0x0e40 && codePoint <= 0x0e4e) return 'thai';
  if (codePoint >= 0x0e81 && codePoint <= 0x0eff && !(codePoint >= 0x0ed0 && codePoint <= 0x0ed9)) return 'lao';
  if (codePoint >= 0x1780 && codePoint <= 0x17d3 || codePoint === 0x17d7 || codePoint === 0x17dc || codePoint === 0x17dd) return 'khmer';
  if (codePoint >= 0x1000 && codePoint <= 0x103f || codePoint >= 0x1050 && codePoint <= 0x108f || codePoint >= 0x109a && codePoint <= 0x109f
    || codePoint >= 0xaa60 && codePoint <= 0xaa7f || codePoint >= 0xa9e0 && codePoint <= 0xa9ef || codePoint >= 0xa9fa && codePoint <= 0xa9fe) return 'myanmar';
  return null;
}

const MARK = /\p{M}/u;
const isMarkOf = (script: DictionaryScript) => (codePoint: number): boolean =>
  codePoint === 0x20 || dictionaryScriptOf(codePoint) === script && MARK.test(String.fromCodePoint(codePoint));

/** The dictionary, or null when its file cannot be read (a bundler left the package's assets behind). */
function dictionary(file: DictionaryFile): IcuDictionary | null {
  try {
    return new IcuDictionary(readDictionaryFile(file));
  } catch {
    return null;
  }
}

let laoRules: WordRules | null | undefined;
let khmerRules: WordRules | null | undefined;

function lao(): WordRules | null {
  if (laoRules !== undefined) return laoRules;
  const found = dictionary('laodict.dict');
  laoRules = found && {
    dictionary: found,
    rootCombineThreshold: 3,
    prefixCombineThreshold: 3,
    minWordSpan: 4,
    // Not the prefix vowels, which come before the consonant they are read after.
    endsWord: (c) => dictionaryScriptOf(c) === 'lao' && !(c >= 0x0ec0 && c <= 0x0ec4),
    beginsWord: (c) => c >= 0x0e81 && c <= 0x0eae || c === 0x0edc || c === 0x0edd || c >= 0x0ec0 && c <= 0x0ec4,
    isMark: isMarkOf('lao'),
  };
  return laoRules;
}

function khmer(): WordRules | null {
  if (khmerRules !== undefined) return khmerRules;
  const found = dictionary('khmerdict.dict');
  khmerRules = found && {
    dictionary: found,
    // Chromium's; ICU's own are 3 and 3.
    rootCombineThreshold: 10,
    prefixCombineThreshold: 5,
    minWordSpan: 4,
    // Not the coeng sign, which joins the consonant after it.
    endsWord: (c) => dictionaryScriptOf(c) === 'khmer' && c !== 0x17d2,
    beginsWord: (c) => c >= 0x1780 && c <= 0x17b3,
    isMark: isMarkOf('khmer'),
  };
  return khmerRules;
}

const segmenters = new Map<string, Intl.Segmenter>();

function segmenterBoundaries(text: string, start: number, end: number, locale: string): number[] {
  let segmenter = segmenters.get(locale);
  if (segmenter === undefined) {
    segmenter = new Intl.Segmenter(locale, { granularity: 'word' });
    segmenters.set(locale, segmenter);
  }
  return wordBoundariesBy(segmenter, text, start, end);
}

/** Chromium's dictionary's words; without it, Node's (through Intl.Segmenter) still find words. */
function withRules(rules: WordRules | null, text: string, start: number, end: number, locale: string): number[] {
  return rules === null ? segmenterBoundaries(text, start, end, locale) : dictionaryWordBoundaries(text, start, end, rules);
}

/** The positions inside `text[start, end)`, a run of one script's SA characters, where a word ends and a line may break. */
export function wordBoundaries(text: string, start: number, end: number, script: DictionaryScript): number[] {
  switch (script) {
    case 'lao': return withRules(lao(), text, start, end, 'lo');
    case 'khmer': return withRules(khmer(), text, start, end, 'km');
    case 'thai': return segmenterBoundaries(text, start, end, 'th');
    case 'myanmar': return segmenterBoundaries(text, start, end, 'my');
  }
}
