// One of ICU's break-engine dictionaries (`brkitr/<script>dict.dict`): a BytesTrie of words whose
// code points are stored as bytes by an offset from the script's block. `matches` is ICU's
// BytesDictionaryMatcher::matches.
import { BytesTrieCursor, TrieResult } from './bytes-trie.js';

const TRIE_TYPE_MASK = 7;
const TRIE_TYPE_BYTES = 0;
const TRANSFORM_TYPE_MASK = 0x7f000000;
const TRANSFORM_TYPE_OFFSET = 0x1000000;
const TRANSFORM_OFFSET_MASK = 0x1fffff;

/** The dictionary words starting at one place in a text. */
export interface DictionaryMatches {
  /** How many words start there (at most the limit asked for). */
  readonly count: number;
  /** Their lengths in UTF-16 code units, shortest first. */
  readonly lengths: readonly number[];
  /** How many code points the walk read before it left the trie: the longest prefix of a word, plus one when it stopped on a mismatch. */
  readonly prefix: number;
}

export class IcuDictionary {
  private readonly bytes: Uint8Array;
  private readonly root: number;
  private readonly offset: number;

  constructor(data: Uint8Array) {
    const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
    const headerSize = view.getUint16(0, true);
    const indexes = (i: number): number => view.getInt32(headerSize + 4 * i, true);
    const trieOffset = indexes(0);
    const trieType = indexes(4);
    const transform = indexes(5);
    if ((trieType & TRIE_TYPE_MASK) !== TRIE_TYPE_BYTES || (transform & TRANSFORM_TYPE_MASK) !== TRANSFORM_TYPE_OFFSET) {
      throw new Error('not a byte-trie dictionary with an offset transform');
    }
    this.bytes = data.subarray(headerSize);
    this.root = trieOffset;
    this.offset = transform & TRANSFORM_OFFSET_MASK;
  }

  private transform(codePoint: number): number {
    if (codePoint === 0x200d) return 0xff;
    if (codePoint === 0x200c) return 0xfe;
    const delta = codePoint - this.offset;
    return delta < 0 || delta > 0xfd ? -1 : delta;
  }

  /** The words of the dictionary that start at `start` and end by `end`, at most `limit` of them. */
  matches(text: string, start: number, end: number, limit: number): DictionaryMatches {
    const cursor = new BytesTrieCursor(this.bytes, this.root);
    const lengths: number[] = [];
    let codePointsMatched = 0;
    let position = start;
    while (position < text.length) {
      const codePoint = text.codePointAt(position)!;
      position += codePoint > 0xffff ? 2 : 1;
      const byte = this.transform(codePoint);
      const result = codePointsMatched === 0 ? cursor.first(byte) : cursor.next(byte);
      codePointsMatched++;
      if (result === TrieResult.FinalValue || result === TrieResult.IntermediateValue) {
        if (lengths.length < limit) lengths.push(position - start);
        if (result === TrieResult.FinalValue) break;
      } else if (result === TrieResult.NoMatch) {
        break;
      }
      if (position - start >= end - start) break;
    }
    return { count: lengths.length, lengths, prefix: codePointsMatched };
  }
}
