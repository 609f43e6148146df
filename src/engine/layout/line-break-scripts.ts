// Break opportunities UAX #14 alone does not give as Chromium does (decision 0275): words of Thai,
// Lao, Khmer and Myanmar (written without spaces) found with the dictionaries of Chromium's ICU
// (decision 0383); the strictness of `line-break` before small kana and iteration marks (kinsoku);
// `line-break: anywhere`; and `word-break: keep-all`, which keeps CJK and Korean words whole.
import type { ComputedStyle } from '../css/types.js';
import { cjkLocale } from '../fonts/script-fallback.js';
import { dictionaryScriptOf, wordBoundaries } from './dictionary/script-words.js';
import { graphemeEnds } from './text-segments.js';

/** Position in the paragraph's text before which a line may end → whether it must. */
type Breaks = Map<number, boolean>;

/** Scripts UAX #14 gives the class SA (complex context): their words come from a dictionary. */
const DICTIONARY_SCRIPT = /[\u0e00-\u0eff\u1000-\u109f\u1780-\u17ff\ua9e0-\ua9ff\uaa60-\uaa7f]/;

/** Adds a soft break between the dictionary words of each run of one script's Thai, Lao, Khmer or Myanmar letters. */
function dictionaryBreaks(text: string, breaks: Breaks): void {
  let position = 0;
  while (position < text.length) {
    const script = dictionaryScriptOf(text.charCodeAt(position));
    if (script === null) {
      position++;
      continue;
    }
    let end = position + 1;
    while (end < text.length && dictionaryScriptOf(text.charCodeAt(end)) === script) end++;
    for (const boundary of wordBoundaries(text, position, end, script)) {
      if (!breaks.has(boundary)) breaks.set(boundary, false);
    }
    position = end;
  }
}

/** UAX #14's CJ class: small kana and the prolonged sound mark, which `line-break: strict` keeps off a line's start. */
const SMALL_KANA = /[\u3041\u3043\u3045\u3047\u3049\u3063\u3083\u3085\u3087\u308e\u3095\u3096\u30a1\u30a3\u30a5\u30a7\u30a9\u30c3\u30e3\u30e5\u30e7\u30ee\u30f5\u30f6\u30fc\u31f0-\u31ff\uff67-\uff70]/;
/** What `line-break: loose` also lets start a line after CJK text: iteration marks, hyphens and centred punctuation. */
const LOOSE_STARTERS = /[\u3005\u303b\u309d\u309e\u30fd\u30fe\u2010\u2013\u301c\u30a0\u30fb\uff1a\uff1b\uff65\u203c\u2047-\u2049\uff01\uff1f]/;
/** CJK letters and the closing punctuation a break before a CJK letter may follow. */
const CJK_BEFORE = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\u3001\u3002\uff0c\uff0e\u300d\u300f\uff09\u3011\u3015\u3009\u300b\uff5d\u30fc]/u;

/** `line-break: auto` is as strict as the language asks: ICU's Japanese and Chinese rules are the normal ones. */
function strictness(style: ComputedStyle): ComputedStyle['lineBreak'] {
  if (style.lineBreak !== 'auto') return style.lineBreak;
  const locale = cjkLocale(style.lang);
  return locale === 'ja' || locale === 'zh-hans' || locale === 'zh-hant' ? 'normal' : 'strict';
}

const LETTER_OR_NUMBER = /[\p{L}\p{N}]/u;
const MARK = /\p{M}/u;

/** The code point whose break class decides a break before `position`: the last base character before it. */
function baseBefore(text: string, position: number): string {
  let p = position;
  while (p > 0) {
    const low = text.charCodeAt(p - 1);
    const start = low >= 0xdc00 && low <= 0xdfff && p >= 2 ? p - 2 : p - 1;
    const char = text.slice(start, p);
    if (!MARK.test(char) || start === 0) return char;
    p = start;
  }
  return '';
}

/**
 * Tailors the paragraph's break opportunities for its scripts and its `line-break` and
 * `word-break` values; `anyWide` says whether the text has characters past printable ASCII (the
 * dictionary and CJK rules need them).
 */
export function tailorScriptBreaks(text: string, breaks: Breaks, styles: readonly ComputedStyle[], styleAt: (position: number) => ComputedStyle | null, anyWide: boolean): void {
  let cjkRules = false;
  let anywhere = false;
  let keepAll = false;
  for (const style of styles) {
    if (style.lineBreak === 'anywhere') anywhere = true;
    // Printable ASCII has no small kana, and no letters keep-all would join that its table does not.
    else if (anyWide && strictness(style) !== 'strict') cjkRules = true;
    if (anyWide && style.wordBreak === 'keep-all') keepAll = true;
  }
  if (anyWide && DICTIONARY_SCRIPT.test(text)) dictionaryBreaks(text, breaks);
  if (anyWide && cjkRules) {
    for (let p = 1; p < text.length; p++) {
      if (breaks.has(p)) continue;
      const next = text[p];
      const loose = LOOSE_STARTERS.test(next);
      if (!loose && !SMALL_KANA.test(next)) continue;
      const style = styleAt(p - 1);
      const level = style === null ? 'strict' : strictness(style);
      if (level === 'strict' || level === 'anywhere' || loose && level !== 'loose') continue;
      if (CJK_BEFORE.test(baseBefore(text, p))) breaks.set(p, false);
    }
  }
  if (keepAll) {
    for (const [position, required] of breaks) {
      if (required || position >= text.length || styleAt(position - 1)?.wordBreak !== 'keep-all') continue;
      const after = text.codePointAt(position)!;
      if (LETTER_OR_NUMBER.test(String.fromCodePoint(after)) && LETTER_OR_NUMBER.test(baseBefore(text, position))) breaks.delete(position);
    }
  }
  if (anywhere) {
    for (const end of graphemeEnds(text)) {
      if (end < text.length && !breaks.has(end) && styleAt(end - 1)?.lineBreak === 'anywhere') breaks.set(end, false);
    }
  }
}
