import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { graphemeEnds, wordBoundariesBy } from './text-segments.js';

/** Clusters that reach across a window's cut: joined emoji, regional indicator pairs, combining marks, conjuncts, CR LF. */
const PIECES = ['a', ' ', 'e\u0301', '\u{1F468}\u200D\u{1F469}\u200D\u{1F467}', '\u{1F1EB}', '\u{1F1F7}', '\r\n', '\r', '\n', '\u1100\u1161\u11A8', '\u0915\u094D\u0937\u093F', '\u{1F44D}\u{1F3FD}', '\u0E01\u0E33', '\u2764\uFE0F'];

function directEnds(segmenter: Intl.Segmenter, text: string): number[] {
  return [...segmenter.segment(text)].map(({ index, segment }) => index + segment.length);
}

describe('grapheme clusters and words of long text', () => {
  it('finds the clusters Intl.Segmenter finds, window by window, for text longer than a window', () => {
    const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
    fc.assert(fc.property(fc.array(fc.constantFrom(...PIECES), { minLength: 1500, maxLength: 4000 }), (pieces) => {
      const text = pieces.join('');
      expect(graphemeEnds(text)).toEqual(directEnds(segmenter, text));
    }), { numRuns: 40 });
  });

  it('finds the clusters of a slice, as positions in the whole text', () => {
    expect(graphemeEnds('xe\u0301\u{1F44D}y', 1, 5)).toEqual([3, 5]);
    expect(graphemeEnds('')).toEqual([]);
  });

  it('finds the Thai words Intl.Segmenter finds in a run longer than a window', () => {
    const words = ['\u0E2A\u0E27\u0E31\u0E2A\u0E14\u0E35', '\u0E04\u0E23\u0E31\u0E1A', '\u0E20\u0E32\u0E29\u0E32\u0E44\u0E17\u0E22', '\u0E17\u0E35\u0E48', '\u0E1B\u0E23\u0E30\u0E40\u0E17\u0E28', '\u0E01\u0E32\u0E23\u0E17\u0E33\u0E07\u0E32\u0E19'];
    const segmenter = new Intl.Segmenter('th', { granularity: 'word' });
    fc.assert(fc.property(fc.array(fc.constantFrom(...words), { minLength: 2000, maxLength: 3000 }), (chosen) => {
      const text = `ab ${chosen.join('')} cd`;
      const inside = directEnds(segmenter, text.slice(3, text.length - 3)).map((end) => end + 3).filter((end) => end < text.length - 3);
      expect(wordBoundariesBy(segmenter, text, 3, text.length - 3)).toEqual(inside);
    }), { numRuns: 10 });
  });

  it('segments 200 000 characters without a break opportunity in linear time', () => {
    // Segmented whole, this took Intl.Segmenter about 30 s (past the test's time limit); a window at a time, well under 1 s.
    const text = 'a'.repeat(200_000);
    const ends = graphemeEnds(text);
    expect(ends.length).toBe(200_000);
    expect(ends[ends.length - 1]).toBe(200_000);
  });
});
