// translateJinjaSpellings: elif and loop.* rewrites, and the position map back.
import { describe, expect, it } from 'vitest';
import { translateJinjaSpellings } from './jinja-spellings.js';

describe('translateJinjaSpellings', () => {
  it('renames elif to elsif, with whitespace control', () => {
    expect(translateJinjaSpellings('{% if a %}1{% elif b %}2{%- elif c -%}3{% endif %}').source).toBe(
      '{% if a %}1{% elsif b %}2{%- elsif c -%}3{% endif %}',
    );
  });

  it('maps loop.* to forloop.* inside for loops only', () => {
    const { source } = translateJinjaSpellings(
      '{{ loop.index }}{% for x in xs %}{{ loop.index }}{{ loop.index0 }}{{ loop.revindex }}{% if loop.last %}{% endif %}{% endfor %}{{ loop.first }}',
    );
    expect(source).toBe(
      '{{ loop.index }}{% for x in xs %}{{ forloop.index }}{{ forloop.index0 }}{{ forloop.rindex }}{% if forloop.last %}{% endif %}{% endfor %}{{ loop.first }}',
    );
  });

  it('leaves text, string literals, raw blocks and other names alone', () => {
    const authored =
      'loop.index elif {% for x in xs %}loop.index {{ "loop.index" }} {{ myloop.index }} {{ x.loop.index }}{% raw %}{{ loop.index }}{% elif %}{% endraw %}{% endfor %}';
    expect(translateJinjaSpellings(authored).source).toBe(authored);
  });

  it('maps positions in the rewritten text back to the authored text', () => {
    const translated = translateJinjaSpellings('{% for x in xs %}{{ loop.index }} {{ y }}\n{% elif %}{{ z }}');
    const yColumn = translated.source.split('\n')[0]?.indexOf('{{ y }}');
    expect(translated.toAuthorPosition(1, (yColumn ?? 0) + 4)).toEqual({ line: 1, column: 38 });
    expect(translated.toAuthorPosition(2, 14)).toEqual({ line: 2, column: 13 });
  });
});
