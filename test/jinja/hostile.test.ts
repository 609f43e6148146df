// Hostile Jinja templates: each stops at a limit with TemplateLimitError (or fails with a JinjaError) in time, never hangs, never exhausts memory, never crashes the process.
import { describe, expect, it } from 'vitest';
import { TemplateEngineError, TemplateLimitError } from '../../src/errors/index.js';
import { checkJinjaData, inspectJinja, renderJinja } from '../../src/template/jinja/index.js';

// Generous, so a loaded machine does not fail them; a hang still does.
const HOSTILE = 20_000;

function failure(work: () => unknown): unknown {
  try {
    work();
  } catch (error) {
    return error;
  }
  return undefined;
}

describe('hostile Jinja templates', () => {
  it.each([
    ['nested huge ranges', '{% for i in range(100000) %}{% for j in range(100000) %}x{% endfor %}{% endfor %}', 'iterations'],
    ['exponential string growth', "{% set ns = namespace(s='xx') %}{% for i in range(64) %}{% set ns.s = ns.s ~ ns.s %}{% endfor %}{{ ns.s|length }}", 'memory'],
    ['a huge repetition', "{{ 'x' * 10000000000 }}", 'memory'],
    ['a huge list repetition', '{{ ([1] * 100000) * 100000 }}', 'memory'],
    ['endless macro recursion', '{% macro f(n) %}{{ f(n + 1) }}{% endmacro %}{{ f(0) }}', 'iterations'],
    ['endless recursive loop', '{% for x in [1] recursive %}{{ loop([1]) }}{% endfor %}', 'iterations'],
    ['huge output', `{% for i in range(100000) %}{{ '${'x'.repeat(200)}' }}{% endfor %}`, 'output'],
    ['a huge format width', "{{ '%*d' % (1000000000, 1) }}", 'memory'],
    ['a huge format spec width', "{{ '{:>1000000000}'.format(1) }}", 'memory'],
    ['a huge center', "{{ 'x'|center(1000000000) }}", 'memory'],
    ['a huge indent', "{{ 'a\\nb'|indent(1000000000) }}", 'memory'],
    ['a huge join', "{{ (range(100000)|map('string')|join(',') ~ ',') * 1000 }}", 'memory'],
    ['sorting in a loop', '{% for i in range(100000) %}{{ range(100000)|list|sort|length }}{% endfor %}', 'memory'],
  ])('%s stops at a limit', (_name, template, limit) => {
    const error = failure(() => renderJinja(template, {}, { limits: { renderLimit: 15_000 } }));
    expect(error).toBeInstanceOf(TemplateLimitError);
    expect((error as TemplateLimitError).limit).toBe(limit);
    expect((error as TemplateLimitError).message).toBe('Template engine error!');
  }, HOSTILE);

  it('stops a long render at the time limit', () => {
    const big = Array.from({ length: 20_000 }, (_, index) => index);
    const error = failure(() => renderJinja('{% for i in range(100000) %}{% if big == big %}{% endif %}{% endfor %}', { big }, { limits: { renderLimit: 200 } }));
    expect(error).toMatchObject({ name: 'TemplateLimitError', limit: 'time', maximum: 200 });
  }, HOSTILE);

  it('refuses a range past the sandbox’s MAX_RANGE as Jinja does', () => {
    expect(failure(() => renderJinja('{{ range(100001)|length }}', {}))).toMatchObject({ pythonType: 'OverflowError' });
    expect(renderJinja('{{ range(100000)|length }}', {})).toBe('100000');
  });

  it.each([
    ['parentheses', `{{ ${'('.repeat(100_000)}1${')'.repeat(100_000)} }}`],
    ['nots', `{{ ${'not '.repeat(100_000)}x }}`],
    ['unary minus', `{{ ${'-'.repeat(100_000)}1 }}`],
    ['lists', `{{ ${'['.repeat(100_000)}${']'.repeat(100_000)} }}`],
    ['if blocks', `${'{% if x %}'.repeat(50_000)}${'{% endif %}'.repeat(50_000)}`],
    ['for blocks', `${'{% for x in y %}'.repeat(50_000)}${'{% endfor %}'.repeat(50_000)}`],
  ])('refuses %s nested 100 000 deep with a syntax error, at once', (_name, template) => {
    const error = failure(() => renderJinja(template, { x: 1, y: [] }));
    expect(error).toMatchObject({ name: 'JinjaSyntaxFailure', pythonType: 'TemplateSyntaxError' });
    expect((error as { jinjaMessage: string }).jinjaMessage).toContain('nests blocks and expressions more than 100 deep');
  }, HOSTILE);

  it.each([
    ['unclosed outputs', '{{'.repeat(200_000)],
    ['unclosed raw blocks', '{% raw %}'.repeat(50_000)],
    ['unclosed comments', '{#'.repeat(200_000)],
    ['unclosed strings', `{{ '${'a'.repeat(500_000)}`],
    ['many placeholders, one missing', '{{ a }}\n'.repeat(60_000)],
  ])('fails fast with a template engine error: %s', (_name, template) => {
    expect(failure(() => renderJinja(template, {}))).toBeInstanceOf(TemplateEngineError);
  }, HOSTILE);

  it('refuses more tags than the limit', () => {
    expect(failure(() => renderJinja('{{ a }}'.repeat(1001), { a: 1 }, { limits: { tagLimit: 1000 } }))).toMatchObject({ name: 'TemplateLimitError', limit: 'tags', maximum: 1000 });
    expect(renderJinja('{{ a }}'.repeat(1000), { a: 1 }, { limits: { tagLimit: 1000 } })).toBe('1'.repeat(1000));
  });

  it('wraps and links long words in time proportional to their length', () => {
    const word = 'a'.repeat(1_000_000);
    expect(renderJinja('{{ s|wordwrap(3)|length }}', { s: word })).toBe(String(word.length + Math.ceil(word.length / 3) - 1));
    expect(renderJinja('{{ s|urlize|length }}', { s: `x@${'a.'.repeat(500_000)}!` })).toBe(String(2 + 1_000_000 + 1));
  }, HOSTILE);

  it('inspects and checks deep and long templates in linear time', () => {
    expect(inspectJinja('{{ a }}\n'.repeat(60_000))).toHaveLength(1);
    expect(checkJinjaData(`{{ s${'.x'.repeat(50_000)} }}`, { s: {} })).toEqual([expect.objectContaining({ path: 's.x' })]);
  }, HOSTILE);

  it('renders data nested 10 000 deep without overflowing the stack', () => {
    let data: unknown = 'leaf';
    for (let depth = 0; depth < 10_000; depth++) data = { a: data };
    expect(renderJinja('{{ d|tojson|length }} {{ d|string|length }}', { d: data })).toBe('70006 70006');
  }, HOSTILE);
});
