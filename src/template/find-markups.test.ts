// findMarkups: the markup spans the old regular expression found, in one pass however hostile the text.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findMarkups, tagNameOf } from './find-markups.js';

// What translateJinjaSpellings used to match with; it backtracks, so it is run only on short text.
const OLD_MARKUP_PATTERN =
  /\{%-?\s*raw\s*-?%\}[\s\S]*?\{%-?\s*endraw\s*-?%\}|\{%-?\s*comment\s*-?%\}[\s\S]*?\{%-?\s*endcomment\s*-?%\}|\{\{[\s\S]*?\}\}|\{%[\s\S]*?%\}/g;
const OLD_TAG_NAME_PATTERN = /^\{%-?\s*([A-Za-z_#][\w]*)?/;

const spans = (text: string) => findMarkups(text).map(({ start, end }) => text.slice(start, end));
const oldSpans = (text: string) => [...text.matchAll(OLD_MARKUP_PATTERN)].map((match) => match[0]);

// Pieces that make delimiters, block tags and their near misses likely in random text.
const piece = fc.constantFrom(
  '{', '}', '%', '-', ' ', '\n', '\u00a0', 'x', '1', '#', '_',
  '{{', '}}', '{%', '%}', '{%-', '-%}', 'raw', 'endraw', 'comment', 'endcomment', 'if', 'elif',
);
const templateText = fc.array(piece, { maxLength: 40 }).map((pieces) => pieces.join(''));

describe('findMarkups', () => {
  it('finds outputs, tags, and raw and comment blocks whole', () => {
    const text = 'a {{ x }} b {% if y %}c{% endif %} {% raw %}{{ not }}{% endraw %} {%- comment -%}{% x %}{% endcomment %}';
    expect(spans(text)).toEqual(['{{ x }}', '{% if y %}', '{% endif %}', '{% raw %}{{ not }}{% endraw %}', '{%- comment -%}{% x %}{% endcomment %}']);
  });

  it('takes an unclosed raw block as a plain tag, as the old pattern did', () => {
    expect(spans('{% raw %}{{ a }}')).toEqual(['{% raw %}', '{{ a }}']);
  });

  it('matches the old regular expression on any text', () => {
    fc.assert(
      fc.property(templateText, (text) => {
        expect(spans(text)).toEqual(oldSpans(text));
      }),
      { numRuns: 3000 },
    );
  });

  it('reads tag names as the old pattern did', () => {
    fc.assert(
      fc.property(templateText, (text) => {
        for (const { start, end } of findMarkups(text)) {
          const tag = text.slice(start, end);
          if (tag.startsWith('{%')) expect(tagNameOf(text, start, end)).toBe(OLD_TAG_NAME_PATTERN.exec(tag)?.[1] ?? '');
        }
      }),
      { numRuns: 3000 },
    );
  });

  it.each([
    ['unclosed outputs', '{{'.repeat(200_000)],
    ['unclosed tags', '{%'.repeat(200_000)],
    ['unclosed raw blocks', '{% raw %}'.repeat(50_000)],
    ['unclosed comments', '{%- comment -%} '.repeat(30_000)],
    ['spaces after an opening', `{%${' '.repeat(400_000)}`],
    ['raw openings with endraw near misses', '{% raw %}{% endraw x %}'.repeat(20_000)],
  ])('finishes in one pass over %s', (_name, text) => {
    // The old pattern takes minutes on each of these (it tries every opening against the whole rest).
    expect(Array.isArray(findMarkups(text))).toBe(true);
  }, 10_000);
});
