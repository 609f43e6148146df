// inspectJinja lists the data a Jinja template reads, with line and column; checkJinjaData names every key the data lacks, before rendering.
import { describe, expect, it } from 'vitest';
import { checkJinjaData, inspectJinja, parseJinja, renderJinja } from '../../src/template/jinja/index.js';

const TEMPLATE = `<h1>{{ customer.name }}</h1>
{% for item in order['items'] if item.qty %}{{ item.name }} {{ loop.index }}{% endfor %}
{{ note|default('') }} {% if vat is defined %}{{ vat.rate }}{% endif %}
{% set total = order.total %}{{ total }} {{ rows[0].cells[idx] }}
{% macro m(a) %}{{ a }}{{ extra }}{% endmacro %}{{ m(1) }}
{{ d.items()|list }} {% with w = 2 %}{{ w }}{% endwith %}{{ range(2)|list }}`;

describe('inspectJinja', () => {
  it('lists the data paths with where they are read, leaving out the template’s own names', () => {
    const placeholders = inspectJinja(TEMPLATE);
    expect(placeholders.map(({ path, required, locations }) => [path, required, locations[0]?.line, locations[0]?.column])).toEqual([
      ['customer.name', true, 1, 8],
      ['order.items', true, 2, 16],
      ['note', false, 3, 4],
      ['vat', false, 3, 30],
      ['vat.rate', false, 3, 50],
      ['order.total', true, 4, 16],
      ['rows[0].cells', true, 4, 45],
      ['idx', true, 4, 59],
      ['extra', true, 5, 27],
      ['d.items', true, 6, 4],
    ]);
    expect(placeholders.find((placeholder) => placeholder.path === 'rows[0].cells')?.segments).toEqual(['rows', 0, 'cells']);
  });

  it('gathers every use of a path', () => {
    expect(inspectJinja('{{ a }}\n{{ a }}{{ a|default(1) }}')).toEqual([{ path: 'a', segments: ['a'], required: true, locations: [{ line: 1, column: 4 }, { line: 2, column: 4 }, { line: 2, column: 11 }] }]);
  });

  it('fails with the syntax error, line and column of a template that does not parse', () => {
    expect(() => inspectJinja('ok\n{% for x in %}')).toThrow(expect.objectContaining({ pythonType: 'TemplateSyntaxError', line: 2, column: 13, construct: '{% for %}', jinjaMessage: "Expected an expression, got 'end of statement block'" }));
    expect(() => parseJinja('{% if x %}')).toThrow(expect.objectContaining({ jinjaMessage: "Unexpected end of template. Jinja was looking for the following tags: 'elif' or 'else' or 'endif'. The innermost block that needs to be closed is 'if'." }));
  });
});

describe('checkJinjaData', () => {
  it('names every missing key at once, each where it is first read', () => {
    expect(checkJinjaData(TEMPLATE, { customer: {}, order: { items: [], total: 1 }, rows: [], d: {} })).toEqual([
      { path: 'customer.name', line: 1, column: 8, message: 'No value for "customer.name" (line 1, column 8)' },
      { path: 'rows[0]', line: 4, column: 45, message: 'No value for "rows[0]" (line 4, column 45)' },
      { path: 'idx', line: 4, column: 59, message: 'No value for "idx" (line 4, column 59)' },
      { path: 'extra', line: 5, column: 27, message: 'No value for "extra" (line 5, column 27)' },
    ]);
  });

  it('finds nothing missing when the data has every key, and the render agrees', () => {
    const data = { customer: { name: 'C' }, order: { items: [{ qty: 1, name: 'i' }], total: 3 }, rows: [{ cells: ['c0'] }], idx: 0, extra: '+', d: { k: 1 } };
    expect(checkJinjaData(TEMPLATE, data)).toEqual([]);
    expect(renderJinja(TEMPLATE, data)).toContain('<h1>C</h1>');
  });

  it('reports the render’s missing key with its line and column', () => {
    expect(() => renderJinja('a\n  {{ customer.name }}', { customer: {} })).toThrow(
      expect.objectContaining({ name: 'JinjaUndefinedError', pythonType: 'UndefinedError', jinjaMessage: "'dict object' has no attribute 'name'", line: 2, column: 6, construct: '{{ … }}' }),
    );
    expect(() => renderJinja('{% for x in xs %}\n{{ x.price }}{% endfor %}', { xs: [{}] })).toThrow(expect.objectContaining({ line: 2, column: 4, jinjaMessage: "'dict object' has no attribute 'price'" }));
  });
});
