import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { breaksAll } from './line-break-all.js';

/** The positions break-all opens in `text`. */
const opened = (text: string): number[] => [...text].map((_, i) => i).filter((i) => i > 0 && breaksAll(text, i));

describe('word-break: break-all opportunities (Blink\'s break-all table)', () => {
  it('breaks between letters and digits, after "/" before a digit, never before "/" or "?"', () => {
    expect(opened('ab1')).toEqual([1, 2]);
    // 2026/11?r: 2|0|2|6 /|1|1 ?|r
    expect(opened('2026/11?r')).toEqual([1, 2, 3, 5, 6, 8]);
  });

  it('keeps brackets and percent signs with their digits: "(10)%" opens only "(1|0)%"', () => {
    expect(opened('(10)%')).toEqual([2]);
  });

  it('takes the class before a combining mark from the character it sits on', () => {
    expect(opened('e\u0301x')).toEqual([2]);
  });

  it('never opens a break inside a surrogate pair', () => {
    fc.assert(fc.property(fc.string({ unit: 'grapheme', maxLength: 12 }), (text) => {
      for (let i = 1; i < text.length; i++) {
        const c = text.charCodeAt(i);
        if (c >= 0xdc00 && c <= 0xdfff) expect(breaksAll(text, i)).toBe(false);
      }
    }));
  });
});
