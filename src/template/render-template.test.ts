// renderTemplate: strict, escaped, sandboxed and bounded LiquidJS rendering.
import { describe, expect, it } from 'vitest';
import { TemplateEngineError } from '../errors/index.js';
import { renderTemplate as renderAnyTemplate } from './render-template.js';

/** These tests are about the Liquid language (Jinja2 is the default). */
const renderTemplate: typeof renderAnyTemplate = (content, data, options = {}) => renderAnyTemplate(content, data, { language: 'liquid', ...options });

async function engineError(content: string, data: Record<string, unknown> = {}): Promise<TemplateEngineError> {
  const error: unknown = await renderTemplate(content, data).then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(TemplateEngineError);
  return error as TemplateEngineError;
}

describe('renderTemplate', () => {
  it('replaces placeholders, nested paths and loops', async () => {
    const output = await renderTemplate('{{ customer.name }}: {% for item in items %}{{ item.sku }}={{ item.qty }} {% endfor %}', {
      customer: { name: 'Ada' },
      items: [
        { sku: 'A1', qty: 2 },
        { sku: 'B2', qty: 1 },
      ],
    });
    expect(output).toBe('Ada: A1=2 B2=1 ');
  });

  it('HTML-escapes output by default and lets | raw opt out', async () => {
    const data = { value: `<script>alert("x")</script> & 'y'` };
    expect(await renderTemplate('{{ value }}', data)).toBe('&lt;script&gt;alert(&#34;x&#34;)&lt;/script&gt; &amp; &#39;y&#39;');
    expect(await renderTemplate('{{ value | raw }}', data)).toBe(data.value);
  });

  it('escapes output as literal Markdown text in Markdown mode', async () => {
    const output = await renderTemplate('Name: {{ name }}', { name: '# *Big* [link](http://x) <b>|' }, { mode: 'markdown' });
    expect(output).toBe('Name: \\# \\*Big\\* \\[link\\]\\(http\\:\\/\\/x\\) &lt;b&gt;\\|');
  });

  it('fails on an undefined variable with the line and column', async () => {
    const error = await engineError('<p>\n  {{ customer.email }}\n</p>', { customer: {} });
    expect(error.message).toBe('Template engine error!');
    expect([error.line, error.column]).toEqual([2, 6]);
    expect(error.detail).toContain('customer.email');
    expect(error.detail).toContain('line 2, column 6');
  });

  it('lists every missing key in the detail of an undefined-variable failure', async () => {
    const error = await engineError('{{ a }} {{ b.c }} {{ d }}', { b: {}, d: 1 });
    expect(error.detail).toContain('"a"');
    expect(error.detail).toContain('"b.c"');
    expect(error.detail).not.toContain('"d"');
  });

  it('fails on an undefined filter', async () => {
    const error = await engineError('line one\n{{ x | shout }}', { x: 'a' });
    expect(error.detail).toContain('undefined filter: shout');
    expect(error.line).toBe(2);
  });

  it('fails on bad syntax and unclosed blocks', async () => {
    expect((await engineError('{{ name ')).detail).toContain('not closed');
    expect((await engineError('{% if x %}open')).detail).toContain('not closed');
    expect((await engineError('{% for %}{% endfor %}')).detail).toMatch(/illegal|for/);
  });

  it('tolerates missing keys in if conditions and before | default', async () => {
    expect(await renderTemplate('{% if discount %}-{{ discount }}{% else %}none{% endif %}', {})).toBe('none');
    expect(await renderTemplate('{% unless vip %}regular{% endunless %}', {})).toBe('regular');
    expect(await renderTemplate('{{ note | default: "n/a" }}', {})).toBe('n/a');
  });

  it('accepts Jinja elif and loop.* spellings', async () => {
    const output = await renderTemplate(
      '{% if n > 2 %}big{% elif n > 1 %}mid{% else %}small{% endif %}|{% for x in xs %}{{ loop.index }}/{{ loop.length }}:{{ loop.index0 }}{% if loop.first %}F{% endif %}{% if loop.last %}L{% endif %} {% endfor %}',
      { n: 2, xs: ['a', 'b', 'c'] },
    );
    expect(output).toBe('mid|1/3:0F 2/3:1 3/3:2L ');
  });

  it('reports positions in the text the author wrote, even after Jinja rewrites', async () => {
    const error = await engineError('{% for x in xs %}{{ loop.index }} {{ missing }}{% endfor %}', { xs: [1] });
    // `{{ missing }}` is read at column 38 as written; in the rewritten `forloop.index` text it is column 41.
    expect([error.line, error.column]).toEqual([1, 38]);
  });

  it('hides prototype properties from templates', async () => {
    await engineError('{{ obj.constructor }}', { obj: {} });
    await engineError('{{ text.toString }}', { text: {} });
    expect(await renderTemplate('{{ items.size }} {{ name.size }}', { items: [1, 2], name: 'abc' })).toBe('2 3');
  });

  it('cannot read files through include, render or layout', async () => {
    for (const tag of ['{% include "/etc/passwd" %}', '{% render "/etc/passwd" %}', '{% layout "/etc/passwd" %}']) {
      expect((await engineError(tag)).detail).toMatch(/not found/);
    }
  });

  it('stops runaway loops by the memory limit', async () => {
    const error = await engineError('{% for i in (1..1000000000) %}{{ i }}{% endfor %}');
    expect(error.detail).toContain('memory');
  });

  it('stops a long render by the time limit', async () => {
    const rendering = renderTemplate('{% for i in (1..3000000) %}{% for j in (1..3) %}{{ i }}{% endfor %}{% endfor %}', {}, {
      limits: { renderLimit: 50, memoryLimit: 1e8, iterationLimit: 1e9 },
    });
    await expect(rendering).rejects.toMatchObject({ name: 'TemplateLimitError', limit: 'time', message: 'Template engine error!' });
  });

  it('refuses templates longer than the parse limit', async () => {
    await expect(renderTemplate('x'.repeat(200), {}, { limits: { parseLimit: 100 } })).rejects.toBeInstanceOf(TemplateEngineError);
  });

  it('does not change the data it renders', async () => {
    const data = { total: 1 };
    await renderTemplate('{% assign total = 5 %}{{ total }}', data);
    expect(data).toEqual({ total: 1 });
  });
});
