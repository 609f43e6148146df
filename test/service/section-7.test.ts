// Every row of section 7 (Errors) of the service contract, through the public API.
import { describe, expect, it } from 'vitest';
import {
  DocumentCreationError,
  LimitReachedError,
  MemoryDocumentStore,
  TemplateEngineError,
  TemplateNotFoundError,
  ValidationError,
  type PdfEngine,
} from '../../src/index.js';
import { ALICE, setup } from './setup.js';

const JSON_HEADERS = { 'content-type': 'application/json' };

describe('400 Limit Reached', () => {
  it.each(['generate', 'quickGenerate'] as const)('%s: states the subscription maximum once the month is used up', async (operation) => {
    const { service, template } = setup({ monthlyLimit: 1 });
    const { template: stored } = await template('<p>{{ n }}</p>');
    const body =
      operation === 'generate'
        ? { template_id: stored.id, data: { n: 1 }, response_type: 'document_id' }
        : { html: '<p>{{ n }}</p>', data: { n: 1 }, response_type: 'document_id' };
    expect((await service[operation](body as unknown, ALICE)).ok).toBe(true);
    const outcome = await service[operation](body as unknown, ALICE);
    expect(outcome).toMatchObject({ ok: false, status: 400, headers: JSON_HEADERS });
    expect(outcome.body).toEqual({
      success: false,
      message: "You've reached the maximum monthly limit of 1 documents for your subscription.",
      data: [],
    });
    expect(!outcome.ok && outcome.error).toBeInstanceOf(LimitReachedError);
  });
});

describe('404 Template Not Found (generate)', () => {
  const NOT_FOUND = { success: false, message: 'Template not found. Please ensure the application and template are active.', data: [] };

  it.each([
    ['does not exist', async () => 'template-00000000-0000-4000-8000-000000000000'],
    ['was deleted', async (fixture: ReturnType<typeof setup>) => {
      const { template } = await fixture.template('x');
      await fixture.templates.deleteTemplate(template.id);
      return template.id;
    }],
    ['is inactive', async (fixture: ReturnType<typeof setup>) => {
      const { template } = await fixture.template('x');
      await fixture.templates.setTemplateActive(template.id, false);
      return template.id;
    }],
    ['belongs to an inactive application', async (fixture: ReturnType<typeof setup>) => {
      const { template, application } = await fixture.template('x');
      await fixture.templates.setApplicationActive(application.id, false);
      return template.id;
    }],
    ['belongs to another account', async (fixture: ReturnType<typeof setup>) => {
      const { template } = await fixture.template('x', { principal: { accountId: 'acct-other' } });
      return template.id;
    }],
  ])('when the template %s', async (_, makeTemplateId) => {
    const fixture = setup();
    const templateId = await makeTemplateId(fixture);
    const outcome = await fixture.service.generate({ template_id: templateId, data: {}, response_type: 'pdf' }, ALICE);
    expect(outcome).toMatchObject({ ok: false, status: 404, headers: JSON_HEADERS, body: NOT_FOUND });
    expect(!outcome.ok && outcome.error).toBeInstanceOf(TemplateNotFoundError);
    expect(fixture.engine.calls).toHaveLength(0);
  });
});

describe('422 Validation Error', () => {
  it.each(['generate', 'quickGenerate'] as const)('%s: an invalid response_type is a literal_error listing the allowed values', async (operation) => {
    const { service } = setup();
    const body = operation === 'generate' ? { template_id: 't', data: {}, response_type: 'zip' } : { html: 'x', data: {}, response_type: 'zip' };
    const outcome = await service[operation](body as unknown, ALICE);
    expect(outcome).toMatchObject({ ok: false, status: 422, headers: JSON_HEADERS });
    expect(outcome.body).toEqual({
      success: false,
      message: 'Validation failed',
      errors: [{ field: 'response_type', message: "Input should be 'pdf', 'json_with_base64' or 'document_id'", type: 'literal_error' }],
    });
    expect(!outcome.ok && outcome.error).toBeInstanceOf(ValidationError);
  });

  it('generate: template_id, data and response_type are required', async () => {
    const { service } = setup();
    const outcome = await service.generate({} as unknown, ALICE);
    expect(outcome.status).toBe(422);
    expect(outcome.body).toEqual({
      success: false,
      message: 'Validation failed',
      errors: [
        { field: 'template_id', message: 'Field required', type: 'missing' },
        { field: 'data', message: 'Field required', type: 'missing' },
        { field: 'response_type', message: 'Field required', type: 'missing' },
      ],
    });
  });

  it('quick: html, data and response_type are required', async () => {
    const { service } = setup();
    const outcome = await service.quickGenerate({ content_type: 'html' } as unknown, ALICE);
    expect(outcome.body).toEqual({
      success: false,
      message: 'Validation failed',
      errors: [
        { field: 'html', message: 'Field required', type: 'missing' },
        { field: 'data', message: 'Field required', type: 'missing' },
        { field: 'response_type', message: 'Field required', type: 'missing' },
      ],
    });
  });

  it.each(['generate', 'quickGenerate'] as const)('%s: a wrong data type is reported on its field', async (operation) => {
    const { service } = setup();
    const body = operation === 'generate' ? { template_id: 42, data: [1], response_type: 'pdf' } : { html: 42, data: 'x', response_type: 'pdf' };
    const outcome = await service[operation](body as unknown, ALICE);
    expect(outcome.status).toBe(422);
    expect(!outcome.ok && 'errors' in outcome.body && outcome.body.errors).toEqual([
      { field: operation === 'generate' ? 'template_id' : 'html', message: 'Input should be a valid string', type: 'string_type' },
      { field: 'data', message: 'Input should be a valid dictionary', type: 'dict_type' },
    ]);
  });

  it('quick: save_template without application_id is a value_error on the empty field', async () => {
    const { service } = setup();
    const outcome = await service.quickGenerate({ html: 'x', data: {}, response_type: 'pdf', save_template: true }, ALICE);
    expect(outcome.body).toEqual({
      success: false,
      message: 'Validation failed',
      errors: [{ field: '', message: 'Value error, application_id is required when save_template is true', type: 'value_error' }],
    });
  });
});

describe('500 Template Engine Error', () => {
  it.each([
    ['a placeholder without data', '<p>{{ customer_name }}</p>'],
    ['invalid placeholder syntax', '<p>{{ customer_name </p>'],
    ['an unknown filter', '<p>{{ name | shout }}</p>'],
    ['malformed content', '<p>{% if name %}unclosed</p>'],
  ])('quick and generate: %s', async (_, content) => {
    const { service, template, engine, documents, quota } = setup();
    const { template: stored } = await template(content);
    for (const outcome of [
      await service.quickGenerate({ html: content, data: { name: 'x' }, response_type: 'document_id' }, ALICE),
      await service.generate({ template_id: stored.id, data: { name: 'x' }, response_type: 'document_id' }, ALICE),
    ]) {
      expect(outcome).toMatchObject({ ok: false, status: 500, headers: JSON_HEADERS });
      expect(outcome.body).toEqual({ success: false, message: 'Template engine error!', data: [] });
      expect(!outcome.ok && outcome.error).toBeInstanceOf(TemplateEngineError);
    }
    expect(engine.calls).toHaveLength(0);
    expect(documents.size).toBe(0);
    expect(await quota.usage(ALICE.accountId, '2026-03')).toEqual({ used: 0, reserved: 0 });
  });
});

describe('500 Document Creation Failed', () => {
  const FAILED = { success: false, message: 'Failed to create the document. Please try again later.', data: [] };

  it('when the PDF engine is unavailable', async () => {
    const broken: PdfEngine = { name: 'down', render: async () => Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:3000')) };
    const { service, template, quota } = setup({ engine: broken });
    const { template: stored } = await template('<p>hi</p>');
    const outcome = await service.generate({ template_id: stored.id, data: {}, response_type: 'pdf' }, ALICE);
    expect(outcome).toMatchObject({ ok: false, status: 500, body: FAILED });
    expect(!outcome.ok && outcome.error).toBeInstanceOf(DocumentCreationError);
    expect(!outcome.ok && outcome.error.detail).toContain('ECONNREFUSED');
    expect(JSON.stringify(outcome.body)).not.toContain('ECONNREFUSED');
    expect(await quota.usage(ALICE.accountId, '2026-03')).toEqual({ used: 0, reserved: 0 });
  });

  it('when the database fails', async () => {
    const documents = new MemoryDocumentStore();
    documents.saveDocument = async () => Promise.reject(new Error('database is locked'));
    const { service, template, quota } = setup({ documents });
    const { template: stored } = await template('<p>hi</p>');
    const outcome = await service.generate({ template_id: stored.id, data: {}, response_type: 'document_id' }, ALICE);
    expect(outcome).toMatchObject({ ok: false, status: 500, body: FAILED });
    expect(!outcome.ok && outcome.error.detail).toContain('database is locked');
    expect(await quota.usage(ALICE.accountId, '2026-03')).toEqual({ used: 0, reserved: 0 });
  });

  it('when the template store fails while resolving the template', async () => {
    const fixture = setup();
    fixture.templates.getTemplate = async () => Promise.reject(new Error('timeout'));
    const outcome = await fixture.service.generate({ template_id: 'template-x', data: {}, response_type: 'pdf' }, ALICE);
    expect(outcome).toMatchObject({ ok: false, status: 500, body: FAILED });
  });
});
