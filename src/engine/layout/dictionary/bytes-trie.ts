// A reader of ICU's BytesTrie serialization, the form the word lists of ICU's dictionary break
// engines are stored in (`brkitr/*.dict`). Read-only and walk-forward only: what matching a word
// at a time needs. The layout of the bytes is ICU's (bytestrie.h); the names of the constants follow it.

/** What one step of a walk found: no word goes on this way; a prefix of a word; a word that others extend; a word no other extends. */
export const TrieResult = { NoMatch: 0, NoValue: 1, FinalValue: 2, IntermediateValue: 3 } as const;
export type TrieResult = (typeof TrieResult)[keyof typeof TrieResult];

const MAX_BRANCH_LINEAR_SUB_NODE_LENGTH = 5;
const MIN_LINEAR_MATCH = 0x10;
const MIN_VALUE_LEAD = 0x20;
const VALUE_IS_FINAL = 1;
const MIN_ONE_BYTE_VALUE_LEAD = 0x10;
const MIN_TWO_BYTE_VALUE_LEAD = 0x51;
const MIN_THREE_BYTE_VALUE_LEAD = 0x6c;
const FOUR_BYTE_VALUE_LEAD = 0x7e;
const MIN_TWO_BYTE_DELTA_LEAD = 0xc0;
const MIN_THREE_BYTE_DELTA_LEAD = 0xf0;
const FOUR_BYTE_DELTA_LEAD = 0xfe;

const valueResult = (node: number): TrieResult => (node & VALUE_IS_FINAL ? TrieResult.FinalValue : TrieResult.IntermediateValue);

/** A walk through a trie, one input byte at a time. */
export class BytesTrieCursor {
  /** Where the next node starts; -1 once the walk has left the trie. */
  private position = -1;
  /** Bytes of a linear-match node still to match, minus one. */
  private remainingMatchLength = -1;

  constructor(private readonly bytes: Uint8Array, private readonly root: number) {}

  /** Starts a new walk with its first byte. */
  first(inByte: number): TrieResult {
    this.remainingMatchLength = -1;
    return this.nextFrom(this.root, inByte & 0xff);
  }

  next(inByte: number): TrieResult {
    const byte = inByte & 0xff;
    let position = this.position;
    if (position < 0) return TrieResult.NoMatch;
    let length = this.remainingMatchLength;
    if (length >= 0) {
      if (byte !== this.bytes[position++]) return this.stop();
      this.remainingMatchLength = --length;
      this.position = position;
      const node = this.bytes[position]!;
      return length < 0 && node >= MIN_VALUE_LEAD ? valueResult(node) : TrieResult.NoValue;
    }
    return this.nextFrom(position, byte);
  }

  private stop(): TrieResult {
    this.position = -1;
    return TrieResult.NoMatch;
  }

  private nextFrom(start: number, byte: number): TrieResult {
    const bytes = this.bytes;
    let position = start;
    for (;;) {
      const node = bytes[position++]!;
      if (node < MIN_LINEAR_MATCH) return this.branchNext(position, node, byte);
      if (node < MIN_VALUE_LEAD) {
        const length = node - MIN_LINEAR_MATCH;
        if (byte !== bytes[position++]) return this.stop();
        this.remainingMatchLength = length - 1;
        this.position = position;
        const after = bytes[position]!;
        return length - 1 < 0 && after >= MIN_VALUE_LEAD ? valueResult(after) : TrieResult.NoValue;
      }
      if (node & VALUE_IS_FINAL) return this.stop();
      position = skipValue(position, node);
    }
  }

  private branchNext(start: number, lengthLead: number, byte: number): TrieResult {
    const bytes = this.bytes;
    let position = start;
    let length = lengthLead === 0 ? bytes[position++]! : lengthLead;
    length++;
    while (length > MAX_BRANCH_LINEAR_SUB_NODE_LENGTH) {
      if (byte < bytes[position++]!) {
        length >>= 1;
        position = jumpByDelta(bytes, position);
      } else {
        length -= length >> 1;
        position = skipDelta(bytes, position);
      }
    }
    do {
      if (byte === bytes[position++]) {
        let node = bytes[position]!;
        let result: TrieResult;
        if (node & VALUE_IS_FINAL) {
          result = TrieResult.FinalValue;
        } else {
          position++;
          node >>= 1;
          let delta: number;
          if (node < MIN_TWO_BYTE_VALUE_LEAD) {
            delta = node - MIN_ONE_BYTE_VALUE_LEAD;
          } else if (node < MIN_THREE_BYTE_VALUE_LEAD) {
            delta = ((node - MIN_TWO_BYTE_VALUE_LEAD) << 8) | bytes[position++]!;
          } else if (node < FOUR_BYTE_VALUE_LEAD) {
            delta = ((node - MIN_THREE_BYTE_VALUE_LEAD) << 16) | (bytes[position]! << 8) | bytes[position + 1]!;
            position += 2;
          } else if (node === FOUR_BYTE_VALUE_LEAD) {
            delta = (bytes[position]! << 16) | (bytes[position + 1]! << 8) | bytes[position + 2]!;
            position += 3;
          } else {
            delta = (bytes[position]! << 24) | (bytes[position + 1]! << 16) | (bytes[position + 2]! << 8) | bytes[position + 3]!;
            position += 4;
          }
          position += delta;
          node = bytes[position]!;
          result = node >= MIN_VALUE_LEAD ? valueResult(node) : TrieResult.NoValue;
        }
        this.position = position;
        return result;
      }
      length--;
      position = skipValue(position + 1, bytes[position]!);
    } while (length > 1);
    if (byte === bytes[position++]) {
      this.position = position;
      const node = bytes[position]!;
      return node >= MIN_VALUE_LEAD ? valueResult(node) : TrieResult.NoValue;
    }
    return this.stop();
  }
}

function skipValue(position: number, leadByte: number): number {
  if (leadByte >= MIN_TWO_BYTE_VALUE_LEAD << 1) {
    if (leadByte < MIN_THREE_BYTE_VALUE_LEAD << 1) return position + 1;
    if (leadByte < FOUR_BYTE_VALUE_LEAD << 1) return position + 2;
    return position + 3 + ((leadByte >> 1) & 1);
  }
  return position;
}

function jumpByDelta(bytes: Uint8Array, start: number): number {
  let position = start;
  let delta = bytes[position++]!;
  if (delta < MIN_TWO_BYTE_DELTA_LEAD) {
    // one byte
  } else if (delta < MIN_THREE_BYTE_DELTA_LEAD) {
    delta = ((delta - MIN_TWO_BYTE_DELTA_LEAD) << 8) | bytes[position++]!;
  } else if (delta < FOUR_BYTE_DELTA_LEAD) {
    delta = ((delta - MIN_THREE_BYTE_DELTA_LEAD) << 16) | (bytes[position]! << 8) | bytes[position + 1]!;
    position += 2;
  } else if (delta === FOUR_BYTE_DELTA_LEAD) {
    delta = (bytes[position]! << 16) | (bytes[position + 1]! << 8) | bytes[position + 2]!;
    position += 3;
  } else {
    delta = (bytes[position]! << 24) | (bytes[position + 1]! << 16) | (bytes[position + 2]! << 8) | bytes[position + 3]!;
    position += 4;
  }
  return position + delta;
}

function skipDelta(bytes: Uint8Array, start: number): number {
  const delta = bytes[start]!;
  if (delta < MIN_TWO_BYTE_DELTA_LEAD) return start + 1;
  if (delta < MIN_THREE_BYTE_DELTA_LEAD) return start + 2;
  if (delta < FOUR_BYTE_DELTA_LEAD) return start + 3;
  return start + 4 + (delta & 1);
}
