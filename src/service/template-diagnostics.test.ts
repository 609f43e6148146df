// templateDiagnostics in process: every problem with its line, column and construct, for syntax, data and a trial render.
import { describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS } from './limits.js';
import { templateDiagnostics, type CheckJob } from './template-diagnostics.js';

const check = (content: string, data: Record<string, unknown> | null = {}, extra: Partial<CheckJob> = {}, limits = DEFAULT_LIMITS) =>
  templateDiagnostics({ content, contentType: 'html', language: 'liquid', data, ...extra }, limits);

describe('templateDiagnostics', () => {
  it('reports a syntax error with its place and construct, and stops there', async () => {
    const { problems, placeholders } = await check('<h1>{{ name }}</h1>\n<p>{{ total | money }}</p>', null);
    expect(problems).toEqual([{ type: 'syntax_error', message: 'undefined filter: money', line: 2, column: 4, construct: '{{ total | money }}', path: null }]);
    expect(placeholders).toEqual([]);
  });

  it('quotes an unclosed block tag, and an unclosed output to the end of its line', async () => {
    expect((await check('<ul>\n  {% for x in items %}\n<li>{{ x }}</li>\n')).problems[0]).toMatchObject({
      type: 'syntax_error',
      message: 'tag {% for x in items %} not closed',
      line: 2,
      column: 3,
      construct: '{% for x in items %}',
    });
    expect((await check('<p>\n{{ a </p>\n<p>more</p>')).problems[0]).toMatchObject({ type: 'syntax_error', line: 2, column: 1, construct: '{{ a </p>' });
  });

  it('lists every key the data lacks, at the place the template first reads it', async () => {
    const { problems, placeholders } = await check('<h1>{{ customer.name }}</h1>\n<p>{{ total }} {{ tax.rate }} {{ total }}</p>', { customer: {} });
    expect(problems).toEqual([
      { type: 'missing_data', message: 'No value for "customer.name"', line: 1, column: 8, construct: '{{ customer.name }}', path: 'customer.name' },
      { type: 'missing_data', message: 'No value for "total"', line: 2, column: 7, construct: '{{ total }}', path: 'total' },
      { type: 'missing_data', message: 'No value for "tax"', line: 2, column: 19, construct: '{{ tax.rate }}', path: 'tax' },
    ]);
    expect(placeholders.map((placeholder) => placeholder.path)).toEqual(['customer.name', 'total', 'tax.rate']);
  });

  it('finds by a trial render what only rendering shows: a key read through a loop variable', async () => {
    const { problems } = await check('<ul>\n{% for item in items %}<li>{{ item.price }}</li>{% endfor %}\n</ul>', { items: [{ price: 1 }, {}] });
    expect(problems).toEqual([{ type: 'render_error', message: 'undefined variable: item.price', line: 2, column: 31, construct: '{{ item.price }}', path: null }]);
  });

  it('reports a template limit the trial render runs into', async () => {
    const { problems } = await check('{% for i in (1..50) %}<p>{{ i }}</p>{% endfor %}', {}, {}, { ...DEFAULT_LIMITS, templateIterations: 10 });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({ type: 'limit_exceeded', line: 1 });
    expect(problems[0]?.construct).toMatch(/^\{%/);
  });

  it('gives positions in the author’s text: Jinja spellings and UTF-16 columns', async () => {
    const { problems } = await check('😀 {% if a %}x{% elif b %}{{ c }}{% endif %}', { a: false, b: true });
    expect(problems).toEqual([{ type: 'missing_data', message: 'No value for "c"', line: 1, column: 30, construct: '{{ c }}', path: 'c' }]);
  });

  it('renders Markdown content as a generate call would, and finds no problem in a good template', async () => {
    expect(await check('# {{ title }}\n\n| a | b |\n|---|---|\n| {{ x }} | 2 |', { title: 'T', x: 1 }, { contentType: 'markdown' })).toMatchObject({ problems: [] });
    const { problems, placeholders } = await check('{% if a %}{{ a }}{% endif %}', null);
    expect(problems).toEqual([]);
    expect(placeholders).toEqual([{ path: 'a', segments: ['a'], required: false, locations: [{ line: 1, column: 7 }, { line: 1, column: 14 }] }]);
  });

  it('shortens a long construct to 200 characters', async () => {
    const { problems } = await check(`{{ missing | append: "${'x'.repeat(500)}" }}`, {});
    expect(problems[0]?.construct).toHaveLength(200);
    expect(problems[0]?.construct?.endsWith('…')).toBe(true);
  });
});
