// The OpenAPI document: generated from the valibot schemas, served at /v1/openapi.json, and strict enough to catch a wrong answer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApiDocument } from '../../src/index.js';
import { client, openApiValidator, startServer, type TestServer } from './harness.js';

describe('OpenAPI document', () => {
  let server: TestServer;
  let served: Record<string, any>;

  beforeAll(async () => {
    server = await startServer();
    served = (await (await fetch(`${server.url}/v1/openapi.json`)).json()) as Record<string, any>;
  });
  afterAll(() => server.close());

  it('is OpenAPI 3.1 with bearer auth and every route', () => {
    expect(served['openapi']).toBe('3.1.0');
    expect(served['components'].securitySchemes.bearerAuth).toEqual({ type: 'http', scheme: 'bearer', description: 'An API key' });
    const operations = Object.entries(served['paths'] as Record<string, Record<string, unknown>>).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(operations.sort()).toEqual(
      [
        'GET /v1/openapi.json',
        'POST /v1/documents/generate',
        'POST /v1/documents/quick/generate',
        'GET /v1/documents/download/{document_id}',
        'GET /v1/usage',
        'GET /v1/documents',
        'GET /v1/documents/{document_id}',
        'PUT /v1/documents/{document_id}',
        'PATCH /v1/documents/{document_id}',
        'DELETE /v1/documents/{document_id}',
        'POST /v1/templates',
        'POST /v1/templates/check',
        'POST /v1/templates/preview',
        'GET /v1/documents/{document_id}/pages/{n}.png',
        'GET /v1/documents/{document_id}/pages/{n}.jpeg',
        'GET /v1/documents/{document_id}/pages/{n}.webp',
        'GET /v1/templates',
        'GET /v1/templates/{template_id}',
        'PUT /v1/templates/{template_id}',
        'PATCH /v1/templates/{template_id}',
        'DELETE /v1/templates/{template_id}',
        'POST /v1/applications',
        'GET /v1/applications',
        'GET /v1/applications/{application_id}',
        'PUT /v1/applications/{application_id}',
        'PATCH /v1/applications/{application_id}',
        'DELETE /v1/applications/{application_id}',
        'GET /healthz',
        'GET /readyz',
        'GET /metrics',
        'POST /v1/jobs',
        'GET /v1/jobs/{job_id}',
      ].sort(),
    );
    expect(served['paths']['/v1/openapi.json'].get.security).toEqual([]);
    for (const path of ['/healthz', '/readyz', '/metrics']) expect(served['paths'][path].get.security).toEqual([]);
    expect(served['paths']['/readyz'].get.responses['503'].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/Readiness' });
    expect(Object.keys(served['paths']['/metrics'].get.responses['200'].content)).toEqual(['text/plain; version=0.0.4; charset=utf-8']);
    const page = served['paths']['/v1/documents/{document_id}/pages/{n}.png'].get;
    expect(page.responses['200'].content).toEqual({ 'image/png': { schema: { type: 'string', contentMediaType: 'image/png' } } });
    expect(page.parameters.map((parameter: { name: string; in: string }) => `${parameter.in}:${parameter.name}`)).toEqual(['path:document_id', 'path:n', 'query:width']);
    expect(Object.keys(page.responses).sort()).toEqual(['200', '401', '404', '409', '422', '500', '501']);
    expect(served['paths']['/v1/templates/preview'].post.responses['200'].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/TemplatePreviewEnvelope' });
  });

  it('takes request schemas from the valibot schemas the service validates with', () => {
    const schemas = served['components'].schemas;
    expect(schemas.GenerateRequest.required).toEqual(['template_id', 'data', 'response_type']);
    expect(schemas.GenerateRequest.properties.response_type).toEqual({ type: 'string', enum: ['pdf', 'json_with_base64', 'document_id'] });
    expect(schemas.QuickGenerateRequest.required).toEqual(['html', 'data', 'response_type']);
    expect(schemas.CreateTemplateRequest.required).toEqual(['application_id', 'name', 'content']);
    expect(schemas.UpdateTemplateRequest.required ?? []).toEqual([]);
    expect(schemas.UpdateDocumentRequest.properties.data).toEqual({ type: 'object', additionalProperties: true });
    expect(schemas.CheckTemplateRequest.required).toEqual(['html']);
    expect(schemas.CheckTemplateRequest.properties.content_type.anyOf).toContainEqual({ type: 'string', enum: ['html', 'markdown'] });
    expect(schemas.PreviewTemplateRequest.required).toEqual(['html']);
    expect(Object.keys(schemas.PreviewTemplateRequest.properties)).toEqual(['html', 'data', 'content_type', 'template_language', 'extra_css', 'width', 'max_pages', 'format']);
    expect(schemas.PreviewTemplateRequest.properties.format.anyOf).toContainEqual({ type: 'string', enum: ['png', 'jpeg', 'webp'] });
  });

  it('is the same document openApiDocument() builds without a server', () => {
    expect(openApiDocument()).toEqual(served);
  });

  it('rejects an answer that strays from it', () => {
    const validator = openApiValidator(served as never);
    expect(() => validator.expectValid('GET', '/v1/usage', 200, { success: true, message: 'ok', data: { used: 1, limit: 2, period: '2026-03', extra: 1 } })).toThrow();
    expect(() => validator.expectValid('GET', '/v1/usage', 200, { success: true, message: 'ok', data: { used: '1', limit: 2, period: '2026-03' } })).toThrow();
    expect(() => validator.expectValid('GET', '/v1/usage', 418, { success: false, message: 'x', data: [] })).toThrow();
    expect(() => validator.expectValid('GET', '/v1/usage', 401, { success: false, message: 'x', data: [] })).not.toThrow();
  });

  it('matches real answers (the test client checks each one)', async () => {
    const call = client(server.url);
    expect((await call('GET', '/v1/usage')).status).toBe(200);
    expect((await call('GET', '/v1/applications')).status).toBe(200);
    expect((await call('POST', '/v1/applications', { body: {} })).status).toBe(422);
  });
});
