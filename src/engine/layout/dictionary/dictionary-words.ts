// Where ICU's Lao and Khmer break engines (dictbe.cpp, LaoBreakEngine and KhmerBreakEngine) put
// word boundaries in a run of their script: the longest dictionary word that two more words can
// follow, else the one one word can follow, else the longest; text no word starts with is joined
// to the word before it up to a plausible word start. Chromium breaks lines there (decision 0383).
import type { IcuDictionary } from './icu-dictionary.js';

/** How a script's engine tells words apart, with ICU's thresholds for it. */
export interface WordRules {
  readonly dictionary: IcuDictionary;
  /** A non-word is joined to a preceding word only when that word is shorter than this. */
  readonly rootCombineThreshold: number;
  /** ...and only when the non-word shares fewer characters than this with a dictionary word. */
  readonly prefixCombineThreshold: number;
  /** Runs shorter than this are one word. */
  readonly minWordSpan: number;
  /** Characters a word may end with. */
  readonly endsWord: (codePoint: number) => boolean;
  /** Characters a word may start with. */
  readonly beginsWord: (codePoint: number) => boolean;
  /** Combining marks, which a boundary never comes before. */
  readonly isMark: (codePoint: number) => boolean;
}

const LOOKAHEAD = 3;
const POSSIBLE_WORD_LIST_MAX = 20;

/** The dictionary words starting at one offset, and which of them the engine is looking at and prefers (ICU's PossibleWord). */
class PossibleWord {
  private count = 0;
  private prefix = 0;
  private offset = -1;
  private mark = 0;
  private current = 0;
  private lengths: readonly number[] = [];

  /** Finds the words at `cursor.at`, leaves the cursor after the longest; how many there are. */
  candidates(cursor: Cursor, rules: WordRules, rangeEnd: number): number {
    const start = cursor.at;
    if (start !== this.offset) {
      this.offset = start;
      const found = rules.dictionary.matches(cursor.text, start, rangeEnd, POSSIBLE_WORD_LIST_MAX);
      this.count = found.count;
      this.lengths = found.lengths;
      this.prefix = found.prefix;
    }
    if (this.count > 0) cursor.at = start + this.lengths[this.count - 1]!;
    this.current = this.count - 1;
    this.mark = this.current;
    return this.count;
  }

  acceptMarked(cursor: Cursor): number {
    cursor.at = this.offset + this.lengths[this.mark]!;
    return this.lengths[this.mark]!;
  }

  backUp(cursor: Cursor): boolean {
    if (this.current > 0) {
      cursor.at = this.offset + this.lengths[--this.current]!;
      return true;
    }
    return false;
  }

  longestPrefix(): number {
    return this.prefix;
  }

  markCurrent(): void {
    this.mark = this.current;
  }
}

interface Cursor {
  readonly text: string;
  at: number;
}

function codePointAt(text: string, at: number): number {
  return text.codePointAt(at)!;
}

function nextIndex(text: string, at: number): number {
  return at + (codePointAt(text, at) > 0xffff ? 2 : 1);
}

/** The word boundaries inside `text[rangeStart, rangeEnd)`, a run of one script's dictionary characters. */
export function dictionaryWordBoundaries(text: string, rangeStart: number, rangeEnd: number, rules: WordRules): number[] {
  const boundaries: number[] = [];
  if (rangeEnd - rangeStart < rules.minWordSpan) return boundaries;
  const words = Array.from({ length: LOOKAHEAD }, () => new PossibleWord());
  const cursor: Cursor = { text, at: rangeStart };
  let wordsFound = 0;
  while (cursor.at < rangeEnd) {
    const current = cursor.at;
    let wordLength = 0;
    const candidates = words[wordsFound % LOOKAHEAD]!.candidates(cursor, rules, rangeEnd);
    if (candidates === 1) {
      wordLength = words[wordsFound % LOOKAHEAD]!.acceptMarked(cursor);
      wordsFound++;
    } else if (candidates > 1) {
      wordLength = chooseWord(words, wordsFound, cursor, rules, rangeEnd);
      wordsFound++;
    }
    if (cursor.at < rangeEnd && wordLength < rules.rootCombineThreshold) {
      const next = words[wordsFound % LOOKAHEAD]!;
      if (next.candidates(cursor, rules, rangeEnd) <= 0 && (wordLength === 0 || next.longestPrefix() < rules.prefixCombineThreshold)) {
        // Not a word: pass over it to a place where a word plausibly starts.
        let remaining = rangeEnd - (current + wordLength);
        let chars = 0;
        for (;;) {
          const before = cursor.at;
          const previousCodePoint = codePointAt(text, cursor.at);
          cursor.at = nextIndex(text, cursor.at);
          const size = cursor.at - before;
          chars += size;
          remaining -= size;
          if (remaining <= 0) break;
          const codePoint = codePointAt(text, cursor.at);
          if (rules.endsWord(previousCodePoint) && rules.beginsWord(codePoint)) {
            const found = words[(wordsFound + 1) % LOOKAHEAD]!.candidates(cursor, rules, rangeEnd);
            cursor.at = current + wordLength + chars;
            if (found > 0) break;
          }
        }
        if (wordLength <= 0) wordsFound++;
        wordLength += chars;
      } else {
        cursor.at = current + wordLength;
      }
    }
    while (cursor.at < rangeEnd && rules.isMark(codePointAt(text, cursor.at))) {
      const before = cursor.at;
      cursor.at = nextIndex(text, cursor.at);
      wordLength += cursor.at - before;
    }
    if (wordLength > 0) boundaries.push(current + wordLength);
  }
  if (boundaries.length > 0 && boundaries[boundaries.length - 1]! >= rangeEnd) boundaries.pop();
  return boundaries;
}

/** Of several words at the cursor, the longest that two more words follow, else one, else the longest. */
function chooseWord(words: readonly PossibleWord[], wordsFound: number, cursor: Cursor, rules: WordRules, rangeEnd: number): number {
  const first = words[wordsFound % LOOKAHEAD]!;
  if (cursor.at >= rangeEnd) return first.acceptMarked(cursor);
  do {
    const second = words[(wordsFound + 1) % LOOKAHEAD]!;
    if (second.candidates(cursor, rules, rangeEnd) > 0) {
      first.markCurrent();
      if (cursor.at >= rangeEnd) return first.acceptMarked(cursor);
      do {
        if (words[(wordsFound + 2) % LOOKAHEAD]!.candidates(cursor, rules, rangeEnd) > 0) {
          first.markCurrent();
          return first.acceptMarked(cursor);
        }
      } while (second.backUp(cursor));
    }
  } while (first.backUp(cursor));
  return first.acceptMarked(cursor);
}
