// ICU's Lao and Khmer dictionary break engines over Chromium's dictionaries (decision 0383): what
// the dictionaries hold, and boundaries that stay inside their run, in order, never before a mark,
// whatever text comes.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dictionaryScriptOf, wordBoundaries } from '../../src/engine/layout/dictionary/script-words.js';

const split = (text: string, script: 'lao' | 'khmer'): string => {
  let out = '';
  let at = 0;
  for (const boundary of wordBoundaries(text, 0, text.length, script)) {
    out += `${text.slice(at, boundary)}|`;
    at = boundary;
  }
  return out + text.slice(at);
};

describe('dictionary words', () => {
  it('finds the words Chromium finds in Lao and Khmer', () => {
    expect(split('ວັນທີສາມສິບເອັດສິງຫາ', 'lao')).toBe('ວັນທີ|ສາມ|ສິບ|ເອັດ|ສິງຫາ');
    expect(split('ຂໍຂອບໃຈທີ່ທ່ານໃຊ້ບໍລິການ', 'lao')).toBe('ຂໍ|ຂອບໃຈ|ທີ່|ທ່ານ|ໃຊ້|ບໍລິການ');
    expect(split('ប្រសិនបើលោកអ្នកមានសំណួរ', 'khmer')).toBe('ប្រសិនបើ|លោក|អ្នក|មាន|សំណួរ');
    expect(split('មុនថ្ងៃទីសាមសិបមួយខែសីហា', 'khmer')).toBe('មុន|ថ្ងៃទី|សាមសិប|មួយខែ|សីហា');
  });

  it('keeps a run too short for two words whole, and joins letters no word starts with to a short word before them', () => {
    expect(wordBoundaries('ລາວ', 0, 3, 'lao')).toEqual([]);
    expect(split('ມີຫຫຫຫສິບ', 'lao')).toBe('ມີຫຫຫຫ|ສິບ');
    expect(split('ສາມຫຫຫຫສິບ', 'lao')).toBe('ສາມ|ຫຫຫຫ|ສິບ');
  });

  const laoLetters = [...'ກຂຄງຈຊຍດຕຖທນບປຜຝພຟມຢຣລວສຫອຮະັາຳິີຶືຸູົຼຽເແໂໃໄ່້໊໋ໍໜໝ'];
  const khmerLetters = [...'កខគឃងចឆជឈញដឋឌឍណតថទធនបផពភមយរលវសហឡអឥឦឧឩឪឫឬឭឮឯឰឱឲឳាិីឹឺុូួើឿៀេែៃោៅំះៈ៉៊់៌៍៎៏័៑្'];

  it.each([['lao', laoLetters], ['khmer', khmerLetters]] as const)('gives %s boundaries in order, inside the run, never before a mark', (script, letters) => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...letters), { minLength: 1, maxLength: 80 }), (chars) => {
        const text = chars.join('');
        const boundaries = wordBoundaries(text, 0, text.length, script);
        let previous = 0;
        for (const boundary of boundaries) {
          expect(boundary).toBeGreaterThan(previous);
          expect(boundary).toBeLessThan(text.length);
          expect(/\p{M}/u.test(text[boundary]!)).toBe(false);
          previous = boundary;
        }
        expect(wordBoundaries(text, 0, text.length, script)).toEqual(boundaries);
      }),
      { numRuns: 300 },
    );
  });

  it('classes only complex-context letters as dictionary text: not digits or punctuation', () => {
    expect(dictionaryScriptOf('ກ'.codePointAt(0)!)).toBe('lao');
    expect(dictionaryScriptOf('໕'.codePointAt(0)!)).toBeNull();
    expect(dictionaryScriptOf('៕'.codePointAt(0)!)).toBeNull();
    expect(dictionaryScriptOf('၏'.codePointAt(0)!)).toBeNull();
    expect(dictionaryScriptOf('။'.codePointAt(0)!)).toBeNull();
    expect(dictionaryScriptOf('က'.codePointAt(0)!)).toBe('myanmar');
    expect(dictionaryScriptOf('๑'.codePointAt(0)!)).toBeNull();
  });
});
