// The ids of pdf and json_with_base64 answers over a real socket: X-Template-Id and X-Document-Id on PDFs, downloads only of kept documents, and the OpenAPI document saying so (decision 0235).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, startServer, UUID, type TestServer } from './harness.js';

describe('ids of pdf and json_with_base64 answers', () => {
  let server: TestServer;
  let call: ReturnType<typeof client>;
  let applicationId: string;
  beforeAll(async () => {
    server = await startServer();
    call = client(server.url);
    applicationId = (await call('POST', '/v1/applications', { body: { name: 'Invoices' } })).json.data.app_id;
  });
  afterAll(() => server.close());

  it('names a template saved with response_type pdf in X-Template-Id, and it can be used', async () => {
    const pdf = await call('POST', '/v1/documents/quick/generate', {
      body: { html: '<p>{{ n }}</p>', data: { n: 1 }, response_type: 'pdf', save_template: true, application_id: applicationId },
    });
    expect(pdf.status).toBe(200);
    const templateId = pdf.headers.get('x-template-id') as string;
    expect(templateId).toMatch(new RegExp(`^template-${UUID}$`));
    expect((await call('GET', `/v1/templates/${templateId}`)).json.data).toMatchObject({ template_id: templateId, content: '<p>{{ n }}</p>' });
    const again = await call('POST', '/v1/documents/generate', { body: { template_id: templateId, data: { n: 2 }, response_type: 'pdf' } });
    expect(again.status).toBe(200);
    expect(again.headers.get('x-template-id')).toBe(templateId);
    expect(again.headers.get('x-document-id')).toMatch(new RegExp(`^document-${UUID}$`));
  });

  it('does not keep pdf and json_with_base64 results: their ids do not download', async () => {
    const pdf = await call('POST', '/v1/documents/quick/generate', { body: { html: '<p>x</p>', data: {}, response_type: 'pdf' } });
    expect(pdf.headers.get('x-template-id')).toBeNull();
    const base64 = await call('POST', '/v1/documents/quick/generate', { body: { html: '<p>x</p>', data: {}, response_type: 'json_with_base64' } });
    for (const id of [pdf.headers.get('x-document-id'), base64.json.data.document_id]) {
      expect((await call('GET', `/v1/documents/download/${id}`)).status).toBe(404);
    }
  });

  it('says so in the OpenAPI document', async () => {
    const document = (await (await fetch(`${server.url}/v1/openapi.json`)).json()) as Record<string, any>;
    for (const path of ['/v1/documents/generate', '/v1/documents/quick/generate']) {
      const headers = document['paths'][path].post.responses['200'].headers;
      expect(Object.keys(headers)).toEqual(['X-Document-Id', 'X-Template-Id', 'X-Pagesmith-Warnings']);
      expect(headers['X-Document-Id'].description).toContain('only when the server keeps pdf and json_with_base64 results');
    }
    expect(document['components'].schemas.Base64Envelope.properties.data.properties.document_id.description).toContain('--retain-documents');
  });
});

describe('with retainDocuments', () => {
  it('keeps pdf and json_with_base64 results for download by their ids', async () => {
    const server = await startServer({ service: { retainDocuments: true } });
    try {
      const call = client(server.url);
      const pdf = await call('POST', '/v1/documents/quick/generate', { body: { html: '<p>x</p>', data: {}, response_type: 'pdf' } });
      const base64 = await call('POST', '/v1/documents/quick/generate', { body: { html: '<p>y</p>', data: {}, response_type: 'json_with_base64' } });
      const fromHeader = await call('GET', `/v1/documents/download/${pdf.headers.get('x-document-id')}`);
      expect(Buffer.from(fromHeader.bytes).equals(Buffer.from(pdf.bytes))).toBe(true);
      const fromBody = await call('GET', `/v1/documents/download/${base64.json.data.document_id}`);
      expect(Buffer.from(fromBody.bytes).toString('base64')).toBe(base64.json.data.pdf_content);
    } finally {
      await server.close();
    }
  });
});
