// inspectTemplate and checkData: the placeholders a template needs and what the data lacks.
import { describe, expect, it } from 'vitest';
import { TemplateEngineError } from '../errors/index.js';
import { checkData as checkAnyData, type MissingDataIssue } from './check-data.js';
import { inspectTemplate as inspectAnyTemplate, type TemplatePlaceholder } from './inspect-template.js';

/** These tests are about the Liquid language (Jinja2 is the default). */
const inspectTemplate = (content: string): TemplatePlaceholder[] => inspectAnyTemplate(content, { language: 'liquid' });
const checkData = (content: string, data: Readonly<Record<string, unknown>>): MissingDataIssue[] => checkAnyData(content, data, { language: 'liquid' });

const INVOICE = `<h1>Invoice {{ invoice.number }}</h1>
<p>{{ customer.name }}{% if customer.vat %} ({{ customer.vat }}){% endif %}</p>
{% for line in lines %}<tr><td>{{ line.description }}</td><td>{{ loop.index }}</td></tr>{% endfor %}
{% assign label = title | default: "Invoice" %}
<p>{{ notes | default: "" }} {{ total }}</p>`;

describe('inspectTemplate', () => {
  it('lists the data paths a template reads, in order, with where and whether they are required', () => {
    const placeholders = inspectTemplate(INVOICE);
    expect(placeholders.map((placeholder) => [placeholder.path, placeholder.required])).toEqual([
      ['invoice.number', true],
      ['customer.name', true],
      ['customer.vat', false],
      ['lines', true],
      ['title', false],
      ['notes', false],
      ['total', true],
    ]);
    expect(placeholders[0]?.locations).toEqual([{ line: 1, column: 16 }]);
  });

  it('counts a path as required when any use of it is', () => {
    const [vat] = inspectTemplate('{% if vat %}{% endif %}{{ vat }}');
    expect(vat).toMatchObject({ path: 'vat', required: true });
    expect(vat?.locations).toHaveLength(2);
  });

  it('treats a use inside a branch that tested the same path as optional', () => {
    const required = (content: string): boolean | undefined => inspectTemplate(content).find((item) => item.path === 'x')?.required;
    expect(required('{% if x %}{{ x }}{% endif %}')).toBe(false);
    expect(required('{% if y and x %}{{ x }}{% endif %}')).toBe(false);
    expect(required('{% if y %}{% elsif x %}{{ x }}{% endif %}')).toBe(false);
    expect(required('{% unless x %}none{% else %}{{ x }}{% endunless %}')).toBe(false);
    expect(required('{% if x %}{% else %}{{ x }}{% endif %}')).toBe(true);
    expect(required('{% if x or y %}{{ x }}{% endif %}')).toBe(true);
    expect(required('{% if x %}{% endif %}{{ x }}')).toBe(true);
    expect(required('{% if y %}{% if x %}{% endif %}{{ x }}{% endif %}')).toBe(true);
  });

  it('throws TemplateEngineError for a template that does not parse', () => {
    expect(() => inspectTemplate('{% if %}')).toThrow(TemplateEngineError);
  });
});

describe('checkData', () => {
  it('returns every missing key at once', () => {
    const missing = checkData(INVOICE, { customer: {}, lines: [] });
    expect(missing.map((issue) => issue.path)).toEqual(['invoice', 'customer.name', 'total']);
    expect(missing[0]).toMatchObject({ line: 1, column: 16 });
    expect(missing[0]?.message).toContain('"invoice"');
  });

  it('passes complete data, ignoring lenient uses', () => {
    expect(checkData(INVOICE, { invoice: { number: 7 }, customer: { name: 'A' }, lines: [], total: 3 })).toEqual([]);
  });

  it('follows indexes and the size, first and last properties', () => {
    const content = '{{ items[0].sku }} {{ items.first.sku }} {{ items.last.qty }} {{ items.size }} {{ name.size }} {{ gone.x }}';
    expect(checkData(content, { items: [{ sku: 'a' }], name: 'n', gone: null })).toEqual([
      expect.objectContaining({ path: 'items.last.qty' }),
    ]);
    expect(checkData('{{ items[3].sku }}', { items: [] })).toEqual([expect.objectContaining({ path: 'items[3]' })]);
  });

  it('does not see inherited properties as present', () => {
    expect(checkData('{{ obj.constructor }}', { obj: {} })).toEqual([expect.objectContaining({ path: 'obj.constructor' })]);
  });
});
