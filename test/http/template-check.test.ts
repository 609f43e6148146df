// POST /v1/templates/check over a real socket: every problem with line, column and construct, while the generate routes still answer the spec's bare 500.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALICE_KEY, client, startServer, type TestServer } from './harness.js';

const BROKEN = '<h1>{{ customer.name }}</h1>\n<p>{{ total | money }}</p>';
const MISSING = '<h1>{{ customer.name }}</h1>\n<ul>{% for line in lines %}<li>{{ line.price }}</li>{% endfor %}</ul>\n<p>{{ total }}</p>';
const TEMPLATE_ENGINE_ERROR = '{"success":false,"message":"Template engine error!","data":[]}';

describe('POST /v1/templates/check', () => {
  let server: TestServer;
  let call: ReturnType<typeof client>;
  beforeAll(async () => {
    server = await startServer({ service: { limits: { templateIterations: 100 } } });
    call = client(server.url);
  });
  afterAll(() => server.close());

  it('says where a template does not parse, and what is there', async () => {
    const answer = await call('POST', '/v1/templates/check', { body: { html: BROKEN, data: { customer: { name: 'Ada' }, total: 1 } } });
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({
      success: true,
      message: 'The template has 1 problem.',
      data: {
        valid: false,
        problems: [{ type: 'syntax_error', message: "TemplateAssertionError: No filter named 'money'.", line: 2, column: 15, construct: '{{ total | money }}', path: null }],
        placeholders: [],
      },
    });
    const liquid = await call('POST', '/v1/templates/check', { body: { html: BROKEN, data: { customer: { name: 'Ada' }, total: 1 }, template_language: 'liquid' } });
    expect(liquid.json.data.problems).toEqual([{ type: 'syntax_error', message: 'undefined filter: money', line: 2, column: 4, construct: '{{ total | money }}', path: null }]);
  });

  it('lists every key the data lacks, then what the trial render runs into once none is missing', async () => {
    const missing = await call('POST', '/v1/templates/check', { body: { html: MISSING, data: { lines: [{ price: 1 }, {}] } } });
    expect(missing.json.data.problems).toEqual([
      { type: 'missing_data', message: 'No value for "customer"', line: 1, column: 8, construct: '{{ customer.name }}', path: 'customer' },
      { type: 'missing_data', message: 'No value for "total"', line: 3, column: 7, construct: '{{ total }}', path: 'total' },
    ]);
    expect(missing.json.data.placeholders.map((placeholder: { path: string }) => placeholder.path)).toEqual(['customer.name', 'lines', 'total']);

    const rendered = await call('POST', '/v1/templates/check', { body: { html: MISSING, data: { customer: { name: 'Ada' }, total: 2, lines: [{ price: 1 }, {}] } } });
    expect(rendered.json.data.problems).toEqual([
      { type: 'render_error', message: "UndefinedError: 'dict object' has no attribute 'price'", line: 2, column: 35, construct: '{{ line.price }}', path: null },
    ]);
  });

  it('reports the limits a render would run into, and Markdown as a generate call renders it', async () => {
    const limit = await call('POST', '/v1/templates/check', { body: { html: '{% for i in range(1000) %}{{ i }}{% endfor %}', data: {} } });
    expect(limit.json.data.problems).toMatchObject([{ type: 'limit_exceeded', message: expect.stringContaining('more than 100 loop iterations') }]);
    const liquidLimit = await call('POST', '/v1/templates/check', { body: { html: '{% for i in (1..1000) %}{{ i }}{% endfor %}', data: {}, template_language: 'liquid' } });
    expect(liquidLimit.json.data.problems).toMatchObject([{ type: 'limit_exceeded', line: 1, construct: expect.stringMatching(/^\{%/) }]);
    const markdown = await call('POST', '/v1/templates/check', { body: { html: '# {{ title }}\n\n- {{ item }}', data: { title: 'T', item: 'x' }, content_type: 'markdown' } });
    expect(markdown.json).toMatchObject({ message: 'The template has no problems.', data: { valid: true, problems: [] } });
  });

  it('checks the syntax alone without data', async () => {
    const answer = await call('POST', '/v1/templates/check', { body: { html: MISSING } });
    expect(answer.json.data).toMatchObject({ valid: true, problems: [] });
    expect(answer.json.data.placeholders).toHaveLength(3);
  });

  it('needs a key and a check request, and uses no quota', async () => {
    expect((await call('POST', '/v1/templates/check', { body: { html: 'x' }, key: null })).status).toBe(401);
    const invalid = await call('POST', '/v1/templates/check', { body: { data: [], content_type: 'pdf' } });
    expect(invalid.status).toBe(422);
    expect(invalid.json.errors.map((error: { field: string }) => error.field)).toEqual(['html', 'data', 'content_type']);
    const get = await call('GET', '/v1/templates/check');
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');
    expect((await call('GET', '/v1/usage')).json.data.used).toBe(0);
  });

  it('leaves the generate routes’ failures as the spec has them, byte for byte', async () => {
    const raw = async (path: string, body: unknown): Promise<{ status: number; text: string }> => {
      const response = await fetch(`${server.url}${path}`, { method: 'POST', headers: { authorization: `Bearer ${ALICE_KEY}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
      return { status: response.status, text: await response.text() };
    };
    expect(await raw('/v1/documents/quick/generate', { html: BROKEN, data: {}, response_type: 'pdf' })).toEqual({ status: 500, text: TEMPLATE_ENGINE_ERROR });
    expect(await raw('/v1/documents/quick/generate', { html: MISSING, data: {}, response_type: 'json_with_base64' })).toEqual({ status: 500, text: TEMPLATE_ENGINE_ERROR });
    const application = await server.stores.templates.createApplication({ accountId: 'acct-alice' });
    const template = await server.stores.templates.createTemplate({ applicationId: application.id, content: MISSING });
    expect(await raw('/v1/documents/generate', { template_id: template.id, data: {}, response_type: 'document_id' })).toEqual({ status: 500, text: TEMPLATE_ENGINE_ERROR });
  });
});
