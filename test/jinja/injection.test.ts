// Templates from API callers never run JavaScript, reach a prototype, a constructor, `process` or a function of the data: every such attempt is an undefined value or Jinja's SecurityError, and nothing outside the render changes.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TemplateEngineError } from '../../src/errors/index.js';
import { JinjaError, renderJinja } from '../../src/template/jinja/index.js';

function failure(work: () => unknown): unknown {
  try {
    return { output: work() };
  } catch (error) {
    return error;
  }
}

const data = { x: {}, s: 'text', l: [1], n: 1 };

describe('Jinja injection attempts', () => {
  it.each([
    "{{ ''.__class__ }}",
    "{{ ''.__class__.__mro__[1].__subclasses__() }}",
    '{{ x.__class__ }}',
    '{{ l.__class__.__base__ }}',
    '{{ n.__class__ }}',
    '{{ range.__globals__ }}',
    '{{ cycler.__init__.__globals__.os }}',
    '{{ x|attr("__class__") }}',
    "{{ '{0.__class__}'.format(s) }}",
    "{{ '{0.__class__.__init__.__globals__}'.format(x) }}",
    "{{ ''['__class__'] }}",
  ])('%s is a SecurityError', (template) => {
    expect(failure(() => renderJinja(template, data))).toMatchObject({ name: 'JinjaError', pythonType: 'SecurityError' });
  });

  it.each([
    '{{ x.constructor }}',
    "{{ x['constructor'] }}",
    '{{ x.constructor.constructor("return process")() }}',
    '{{ x.__proto__ }}',
    "{{ x['__proto__'] }}",
    '{{ x.hasOwnProperty }}',
    '{{ x.toString() }}',
    '{{ x.valueOf }}',
    '{{ l.constructor }}',
    '{{ l.map }}',
    '{{ s.constructor }}',
    '{{ s.charAt(0) }}',
    '{{ s.length }}',
    '{{ n.toFixed(2) }}',
    '{{ range.call }}',
    '{{ range.apply }}',
    '{{ range.bind }}',
    '{{ dict.prototype }}',
    '{{ process }}',
    '{{ process.env }}',
    '{{ globalThis }}',
    '{{ require("fs") }}',
    '{{ this }}',
    '{{ self }}',
    '{{ import }}',
    '{{ eval("1") }}',
    '{{ Function }}',
    '{{ constructor }}',
    '{{ x|attr("constructor") }}',
    '{{ loop }}',
  ])('%s is an UndefinedError', (template) => {
    expect(failure(() => renderJinja(template, data))).toMatchObject({ name: 'JinjaUndefinedError', pythonType: 'UndefinedError' });
  });

  it('never calls a function of the data, nor reads what JSON would not send', () => {
    let calls = 0;
    const functionData = { f: () => (calls += 1), o: { g: () => (calls += 1) }, list: [() => (calls += 1)] };
    for (const template of ['{{ f() }}', '{{ f }}', '{{ o.g() }}', '{{ list[0]() }}', '{{ o|list }}', '{{ o|tojson }}']) {
      const result = failure(() => renderJinja(template, functionData));
      if (!(result instanceof JinjaError)) expect(result).toEqual({ output: expect.not.stringContaining('=>') });
    }
    expect(calls).toBe(0);
    expect(renderJinja('{{ o|tojson }} {{ list }}', functionData)).toBe('{} [None]');
  });

  it('cannot pollute prototypes or change anything outside the render', () => {
    const templates = [
      "{% set d = {} %}{% set _ = d.update({'__proto__': {'polluted': 1}}) %}{{ d|length }}",
      "{% set ns = namespace() %}{% set ns.__proto__ = {'polluted': 1} %}{{ 1 }}",
      "{% set _ = x.update({'constructor': 1, 'polluted': 2}) %}{{ x|length }}",
      "{% set x.__proto__ = 1 %}",
      '{% set _ = l.append(2) %}{{ l }}',
    ];
    const shared = { x: {}, l: [1] };
    for (const template of templates) failure(() => renderJinja(template, shared));
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
    expect(Object.getPrototypeOf(shared.x)).toBe(Object.prototype);
    // The render works on its own copy of the data.
    expect(shared).toEqual({ x: {}, l: [1] });
    expect(renderJinja("{% set _ = d.update({'__proto__': 'p'}) %}{{ d['__proto__'] }} {{ d|length }}", { d: {} })).toBe('p 1');
  });

  it('a __proto__ key in the data is an ordinary key', () => {
    const fromJson = JSON.parse('{"o": {"__proto__": {"admin": true}, "name": "n"}}') as unknown;
    expect(renderJinja("{{ o['__proto__'].admin }} {{ o.admin is defined }} {{ o|length }}", fromJson)).toBe('True False 2');
  });

  it('escapes every data string wherever it is printed (property)', () => {
    const templates = [
      '{{ s }}',
      '{{ s|upper }}',
      '{{ s|lower|trim }}',
      "{{ s ~ '!' }}",
      "{{ [s, s]|join(', ') }}",
      "{{ '%s'|format(s) }}",
      "{{ '{}'.format(s) }}",
      "{{ s|replace('a', 'b') }}",
      '{{ s|title|center(3) }}',
      '{{ s|truncate(5) }}',
      '{{ s|wordwrap(3) }}',
      '{{ s|indent(2) }}',
      '{{ s|urlize }}',
      '{{ s|striptags }}',
      '{{ s|e|e }}',
      '{{ {"k": s} }}',
      '{{ [s] }}',
      '{% macro m(v) %}{{ v }}{% endmacro %}{{ m(s) }}',
      '{% set v %}{{ s }}{% endset %}{{ v }}',
      '{% filter upper %}{{ s }}{% endfilter %}',
    ];
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('<', '>', '"', "'", '&', 'a', ' ', 'script', '\n', 'é', 'http://x.io', '@') }), fc.constantFrom(...templates), (text, template) => {
        const output = renderJinja(template, { s: text });
        // Only urlize writes markup of its own, and only <a> links.
        const checked = template.includes('urlize') ? output.replace(/<a href="[^"<>]*"(?: rel="noopener")?>|<\/a>/g, '') : output;
        expect(checked).not.toMatch(/[<>"']/);
      }),
      { numRuns: 600 },
    );
  });

  it('renders any template to a string or fails with a template engine error, never anything else (property)', () => {
    const pieces = ['{{', '}}', '{%', '%}', '{#', '#}', ' x ', ' y.z ', '|upper', '|default(1)', 'for ', ' in ', 'if ', 'endif', 'endfor', 'set ', '=', '(', ')', '[', ']', ',', "'", '"', '-', '+', '~', ' is ', 'defined', 'macro ', 'endmacro', 'loop.index', 'range(3)', '.__class__', 'raw', 'endraw', '\n', '1.5', '**', '//', '%', ':', '{', '}'];
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...pieces), { maxLength: 30 }), (parts) => {
        const result = failure(() => renderJinja(parts.join(''), { x: [1, 2], y: { z: 'a<' } }));
        if (result instanceof Error) expect(result).toBeInstanceOf(TemplateEngineError);
        else expect(typeof (result as { output: unknown }).output).toBe('string');
      }),
      { numRuns: 3000 },
    );
  });
});
