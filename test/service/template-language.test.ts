// template_language (an extension of the spec): chosen per request, per stored template and per service, in that order.
import { describe, expect, it } from 'vitest';
import { createNativeEngine, openApiDocument, type GenerateOutcome } from '../../src/index.js';
import { parseJinjaJson } from '../../src/template/jinja/index.js';
import { ALICE_KEY, startServer } from '../http/harness.js';
import { ALICE, pdfText, recordingEngine, setup } from './setup.js';

// `upcase` is a Liquid filter and no Jinja one: the outcome tells which language rendered.
const LIQUID_ONLY = '<p>{{ name | upcase }}</p>';
const DATA = { name: 'Linus' };

function renderedAsLiquid(outcome: GenerateOutcome): boolean {
  if (outcome.ok) return true;
  expect(outcome.status).toBe(500);
  return false;
}

describe('template_language', () => {
  it('picks the language of a quick generate from the request, else from the service', async () => {
    const jinjaService = setup({ templateLanguage: 'jinja', templateThreads: 0 }).service;
    const liquidService = setup({ templateLanguage: 'liquid', templateThreads: 0 }).service;
    const body = { html: LIQUID_ONLY, data: DATA, response_type: 'pdf' } as const;
    expect(renderedAsLiquid(await liquidService.quickGenerate(body, ALICE))).toBe(true);
    expect(renderedAsLiquid(await jinjaService.quickGenerate(body, ALICE))).toBe(false);
    expect(renderedAsLiquid(await jinjaService.quickGenerate({ ...body, template_language: 'liquid' }, ALICE))).toBe(true);
    expect(renderedAsLiquid(await liquidService.quickGenerate({ ...body, template_language: 'jinja' }, ALICE))).toBe(false);
  });

  it('renders a stored template in its own language unless the request names one', async () => {
    const { service, templates } = setup({ templateLanguage: 'jinja', templateThreads: 0 });
    const application = await templates.createApplication({ accountId: ALICE.accountId });
    const stored = await templates.createTemplate({ applicationId: application.id, content: LIQUID_ONLY, templateLanguage: 'liquid' });
    const unnamed = await templates.createTemplate({ applicationId: application.id, content: LIQUID_ONLY });
    const generate = (templateId: string, extra: object = {}) => service.generate({ template_id: templateId, data: DATA, response_type: 'pdf', ...extra }, ALICE);
    expect(renderedAsLiquid(await generate(stored.id))).toBe(true);
    expect(renderedAsLiquid(await generate(stored.id, { template_language: 'jinja' }))).toBe(false);
    expect(renderedAsLiquid(await generate(unnamed.id))).toBe(false);
    expect(renderedAsLiquid(await generate(unnamed.id, { template_language: 'liquid' }))).toBe(true);
  });

  it('saves the language a quick generate names with the template, and null when it names none', async () => {
    const { service, templates } = setup({ templateLanguage: 'liquid', templateThreads: 0 });
    const application = await templates.createApplication({ accountId: ALICE.accountId });
    const save = async (extra: object) => {
      const outcome = await service.quickGenerate(
        { html: LIQUID_ONLY, data: DATA, response_type: 'document_id', save_template: true, application_id: application.id, ...extra },
        ALICE,
      );
      const templateId = (outcome.body as { data: { template_id: string } }).data.template_id;
      return (await templates.getTemplate(templateId))?.templateLanguage;
    };
    expect(await save({ template_language: 'liquid' })).toBe('liquid');
    expect(await save({})).toBeNull();
  });

  it('refuses a language it does not know with the 422 of a wrong value', async () => {
    const { service } = setup({ templateThreads: 0 });
    const body: unknown = { html: 'x', data: {}, response_type: 'pdf', template_language: 'mustache' };
    const outcome = await service.quickGenerate(body, ALICE);
    expect(outcome).toMatchObject({ ok: false, status: 422 });
    expect(outcome.body).toMatchObject({
      success: false,
      message: 'Validation failed',
      errors: [{ field: 'template_language', message: "Input should be 'jinja' or 'liquid'" }],
    });
  });

  it('stores, shows and changes a template language through the management calls', async () => {
    const { service, templates } = setup({ templateThreads: 0 });
    const application = await templates.createApplication({ accountId: ALICE.accountId });
    const created = await service.management.createTemplate(ALICE, { application_id: application.id, name: 'Receipt', content: 'x', template_language: 'liquid' });
    const data = (created.body as { data: { template_id: string; template_language: string | null } }).data;
    expect(data.template_language).toBe('liquid');
    const updated = await service.management.updateTemplate(ALICE, data.template_id, { template_language: 'jinja' });
    expect((updated.body as { data: { template_language: string } }).data.template_language).toBe('jinja');
    const plain = await service.management.createTemplate(ALICE, { application_id: application.id, name: 'Plain', content: 'x' });
    expect((plain.body as { data: { template_language: null } }).data.template_language).toBeNull();
  });

  it('prints data into Markdown as literal text in either language', async () => {
    const { service, engine } = setup({ templateThreads: 0 });
    for (const template_language of ['jinja', 'liquid'] as const) {
      const body = { html: '# {{ client }}', data: { client: '*ACME* <Corp>' }, response_type: 'pdf', content_type: 'markdown', template_language } as const;
      expect((await service.quickGenerate(body, ALICE)).ok).toBe(true);
      expect(engine.calls.at(-1)?.html).toContain('<h1>*ACME* &lt;Corp&gt;</h1>');
    }
  });

  it('prints whole numbers the JSON wrote as floats as Jinja2 does (1180.0), on template threads too; Liquid as numbers', async () => {
    const text = '{"html":"<p>{{ total }} {{ qty }} {{ rate }}</p>","data":{"total":1180.0,"qty":2,"rate":2.5,"lines":[{"amount":1e3}]},"response_type":"pdf"}';
    for (const templateThreads of [0, 2]) {
      const { service, engine } = setup({ templateThreads });
      const body = parseJinjaJson(text) as Record<string, unknown>;
      const send = (extra: object = {}): Promise<GenerateOutcome> => service.quickGenerate({ ...body, ...extra } as unknown, ALICE);
      expect((await send()).ok).toBe(true);
      expect(engine.calls.at(-1)?.html).toBe('<p>1180.0 2 2.5</p>');
      expect((await send({ html: '{{ lines[0].amount }}' })).ok).toBe(true);
      expect(engine.calls.at(-1)?.html).toBe('1000.0');
      expect((await send({ template_language: 'liquid' })).ok).toBe(true);
      expect(engine.calls.at(-1)?.html).toBe('<p>1180 2 2.5</p>');
      const check = await service.checkTemplate({ html: '{{ total }}', data: body['data'] }, ALICE);
      expect(check.body).toMatchObject({ data: { valid: true } });
    }
  });

  it('reads a JSON body over HTTP as Python does, so 1180.0 prints 1180.0', async () => {
    const engine = recordingEngine(createNativeEngine());
    const server = await startServer({ service: { engine } });
    try {
      const answer = await fetch(`${server.url}/v1/documents/quick/generate`, {
        method: 'POST',
        headers: { authorization: `Bearer ${ALICE_KEY}`, 'content-type': 'application/json' },
        body: '{"html":"<p>Total {{ total }}</p>","data":{"total":1180.0},"response_type":"pdf"}',
      });
      expect(answer.status).toBe(200);
      expect(await pdfText(new Uint8Array(await answer.arrayBuffer()))).toContain('Total 1180.0');
      expect(engine.calls[0]?.html).toBe('<p>Total 1180.0</p>');
    } finally {
      await server.close();
    }
  });

  it('checks a template in the language the request names', async () => {
    const { service } = setup({ templateLanguage: 'jinja' });
    const outcome = await service.checkTemplate({ html: '{% for x in items %}{{ x }}{% endfor %}', template_language: 'liquid' }, ALICE);
    expect(outcome.body).toMatchObject({ success: true, data: { valid: true, placeholders: [{ path: 'items' }] } });
  });

  it('is documented in the OpenAPI document as an extension of the spec, on every body that takes a template', () => {
    const schemas = (openApiDocument() as { components: { schemas: Record<string, { properties: Record<string, { description?: string; anyOf?: unknown }> }> } }).components.schemas;
    for (const name of ['GenerateRequest', 'QuickGenerateRequest', 'CheckTemplateRequest', 'CreateTemplateRequest', 'UpdateTemplateRequest']) {
      const field = schemas[name]?.properties['template_language'];
      expect(field?.description, name).toMatch(/^pagesmith extension/);
      expect(JSON.stringify(field), name).toContain('"jinja"');
    }
  });
});
