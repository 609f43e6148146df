// The service contract over the wire: every status and envelope of the spec, through a real socket.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALICE_KEY, BOB_KEY, client, isPdf, startServer, UUID, type TestServer } from './harness.js';

const FAILURE = { success: false, data: [] };

describe('service contract over HTTP', () => {
  let server: TestServer;
  let call: ReturnType<typeof client>;
  let applicationId: string;
  let templateId: string;

  beforeAll(async () => {
    server = await startServer({ service: { monthlyLimit: (account) => (account === 'acct-bob' ? 1 : 100), retainDocuments: true } });
    call = client(server.url);
    const application = await call('POST', '/v1/applications', { body: { name: 'Billing' } });
    applicationId = application.json.data.application_id;
    const template = await call('POST', '/v1/templates', { body: { application_id: applicationId, name: 'Hello', content: '<h1>Hello {{ name }}</h1>' } });
    templateId = template.json.data.template_id;
  });
  afterAll(() => server.close());

  describe('POST /v1/documents/generate', () => {
    it('answers response_type pdf with the PDF bytes', async () => {
      const answer = await call('POST', '/v1/documents/generate', { body: { template_id: templateId, data: { name: 'Ada' }, response_type: 'pdf' } });
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toBe('application/pdf');
      expect(answer.headers.get('content-disposition')).toMatch(/^inline; filename="file_\d{8}_\d{6}_[0-9a-f]{8}\.pdf"$/);
      expect(isPdf(answer.bytes)).toBe(true);
      expect(Number(answer.headers.get('content-length'))).toBe(answer.bytes.byteLength);
    });

    it('answers json_with_base64 with the envelope', async () => {
      const answer = await call('POST', '/v1/documents/generate', { body: { template_id: templateId, data: { name: 'Ada' }, response_type: 'json_with_base64' } });
      expect(answer.status).toBe(200);
      expect(answer.json).toMatchObject({ success: true, data: { template_id: templateId, content_type: 'application/pdf' } });
      expect(answer.json.data.document_id).toMatch(new RegExp(`^document-${UUID}$`));
      const bytes = Buffer.from(answer.json.data.pdf_content, 'base64');
      expect(isPdf(bytes)).toBe(true);
      expect(answer.json.data.size_bytes).toBe(bytes.byteLength);
    });

    it('answers document_id with a download URL that gives back the same bytes, to the owner only', async () => {
      const made = await call('POST', '/v1/documents/generate', { body: { template_id: templateId, data: { name: 'Ada' }, response_type: 'json_with_base64' } });
      const documentId = made.json.data.document_id as string;
      const downloaded = await call('GET', `/v1/documents/download/${documentId}`);
      expect(downloaded.status).toBe(200);
      expect(downloaded.headers.get('content-type')).toBe('application/pdf');
      expect(downloaded.headers.get('content-disposition')).toBe(`attachment; filename="${made.json.data.filename}"`);
      expect(Buffer.from(downloaded.bytes).equals(Buffer.from(made.json.data.pdf_content, 'base64'))).toBe(true);

      const referenced = await call('POST', '/v1/documents/generate', { body: { template_id: templateId, data: { name: 'Bo' }, response_type: 'document_id' } });
      expect(referenced.status).toBe(200);
      expect(Object.keys(referenced.json.data).sort()).toEqual(['document_id', 'download_url', 'size_bytes', 'template_id']);
      const { download_url: downloadUrl, document_id: id, size_bytes: size } = referenced.json.data;
      expect(downloadUrl).toBe(`${server.url}/v1/documents/download/${id}`);
      const viaUrl = await fetch(downloadUrl, { headers: { authorization: `Bearer ${ALICE_KEY}` } });
      const bytes = new Uint8Array(await viaUrl.arrayBuffer());
      expect(viaUrl.status).toBe(200);
      expect(bytes.byteLength).toBe(size);
      expect(isPdf(bytes)).toBe(true);

      expect(await call('GET', `/v1/documents/download/${id}`, { key: BOB_KEY })).toMatchObject({ status: 404, json: { ...FAILURE, message: 'Document not found.' } });
      expect((await call('GET', `/v1/documents/download/${id}`, { key: null })).status).toBe(401);
      expect((await call('GET', '/v1/documents/download/document-nope')).status).toBe(404);
    });

    it('gives 404 for a template that is missing, inactive, in an inactive application or another account’s', async () => {
      const missing = await call('POST', '/v1/documents/generate', { body: { template_id: 'template-nope', data: {}, response_type: 'pdf' } });
      expect(missing).toMatchObject({ status: 404, json: { ...FAILURE, message: 'Template not found. Please ensure the application and template are active.' } });
      expect((await call('POST', '/v1/documents/generate', { key: BOB_KEY, body: { template_id: templateId, data: { name: 'x' }, response_type: 'pdf' } })).status).toBe(404);
      const inactive = await call('POST', '/v1/templates', { body: { application_id: applicationId, name: 'Off', content: 'x', is_active: false } });
      expect((await call('POST', '/v1/documents/generate', { body: { template_id: inactive.json.data.template_id, data: {}, response_type: 'pdf' } })).status).toBe(404);
    });

    it('gives 422 with the validation envelope for a wrong response_type and missing fields', async () => {
      const answer = await call('POST', '/v1/documents/generate', { body: { template_id: templateId, response_type: 'docx' } });
      expect(answer.status).toBe(422);
      expect(answer.json).toEqual({
        success: false,
        message: 'Validation failed',
        errors: expect.arrayContaining([
          { field: 'response_type', type: 'literal_error', message: "Input should be 'pdf', 'json_with_base64' or 'document_id'" },
          { field: 'data', type: 'missing', message: 'Field required' },
        ]),
      });
    });

    it('gives 500 "Template engine error!" for a placeholder without data, and reports it', async () => {
      const before = server.errors.length;
      const answer = await call('POST', '/v1/documents/generate', { body: { template_id: templateId, data: {}, response_type: 'pdf' } });
      expect(answer).toMatchObject({ status: 500, json: { ...FAILURE, message: 'Template engine error!' } });
      expect(server.errors.length).toBe(before + 1);
    });
  });

  describe('POST /v1/documents/quick/generate', () => {
    it('renders content from the request in each response type', async () => {
      const pdf = await call('POST', '/v1/documents/quick/generate', { body: { html: '<p>{{ x }}</p>', data: { x: 1 }, response_type: 'pdf' } });
      expect(pdf.status).toBe(200);
      expect(isPdf(pdf.bytes)).toBe(true);
      const byId = await call('POST', '/v1/documents/quick/generate', { body: { html: '# Hi', content_type: 'markdown', data: {}, response_type: 'document_id' } });
      expect(byId.json).toMatchObject({ success: true, data: { template_id: null } });
      const base64 = await call('POST', '/v1/documents/quick/generate', { body: { html: '<p>x</p>', data: {}, response_type: 'json_with_base64', extra_css: '@page { margin: 1cm }' } });
      expect(base64.json).toMatchObject({ success: true, data: { template_id: null, content_type: 'application/pdf' } });
    });

    it('saves the content as a template when asked', async () => {
      const answer = await call('POST', '/v1/documents/quick/generate', {
        body: { html: '<p>{{ x }}</p>', data: { x: 1 }, response_type: 'document_id', save_template: true, application_id: applicationId },
      });
      expect(answer.json.data.template_id).toMatch(new RegExp(`^template-${UUID}$`));
      const template = await call('GET', `/v1/templates/${answer.json.data.template_id}`);
      expect(template.json.data).toMatchObject({ application_id: applicationId, content: '<p>{{ x }}</p>', is_active: true });
    });

    it('gives 422 value_error when save_template has no application_id', async () => {
      const answer = await call('POST', '/v1/documents/quick/generate', { body: { html: 'x', data: {}, response_type: 'pdf', save_template: true } });
      expect(answer.status).toBe(422);
      expect(answer.json.errors).toContainEqual({ field: '', type: 'value_error', message: 'Value error, application_id is required when save_template is true' });
    });

    it('gives 400 once the monthly limit is reached', async () => {
      const body = { html: '<p>x</p>', data: {}, response_type: 'pdf' };
      expect((await call('POST', '/v1/documents/quick/generate', { key: BOB_KEY, body })).status).toBe(200);
      const refused = await call('POST', '/v1/documents/quick/generate', { key: BOB_KEY, body });
      expect(refused).toMatchObject({ status: 400, json: { ...FAILURE, message: "You've reached the maximum monthly limit of 1 documents for your subscription." } });
    });
  });

  describe('GET /v1/templates/:template_id and GET /v1/usage', () => {
    it('shows a template’s id, application, content type and activity flag to its owner only', async () => {
      const answer = await call('GET', `/v1/templates/${templateId}`);
      expect(answer.status).toBe(200);
      expect(answer.json.data).toMatchObject({ template_id: templateId, application_id: applicationId, content_type: 'html', is_active: true });
      expect(await call('GET', `/v1/templates/${templateId}`, { key: BOB_KEY })).toMatchObject({ status: 404, json: FAILURE });
    });

    it('counts this month’s documents against the limit', async () => {
      const answer = await call('GET', '/v1/usage', { key: BOB_KEY });
      expect(answer.json).toMatchObject({ success: true, data: { used: 1, limit: 1 } });
      expect(answer.json.data.period).toMatch(/^\d{4}-\d{2}$/);
    });
  });

  describe('authentication', () => {
    it.each([
      ['no Authorization header', {}],
      ['an unknown key', { authorization: 'Bearer sk_test_nobody' }],
      ['another scheme', { authorization: `Basic ${ALICE_KEY}` }],
      ['an empty Bearer', { authorization: 'Bearer ' }],
      ['a key with a matching prefix', { authorization: `Bearer ${ALICE_KEY.slice(0, -1)}` }],
    ])('gives 401 with WWW-Authenticate for %s', async (_label, headers) => {
      const answer = await call('GET', '/v1/usage', { key: null, headers });
      expect(answer.status).toBe(401);
      expect(answer.headers.get('www-authenticate')).toBe('Bearer');
      expect(answer.json).toEqual({ success: false, message: 'Invalid or missing API key', data: [] });
    });

    it('checks the key before reading the body', async () => {
      const answer = await call('POST', '/v1/documents/quick/generate', { key: null, raw: 'not json', headers: { 'content-type': 'text/plain' } });
      expect(answer.status).toBe(401);
    });

    it('serves the OpenAPI document without a key', async () => {
      const answer = await fetch(`${server.url}/v1/openapi.json`);
      expect(answer.status).toBe(200);
      expect(((await answer.json()) as { openapi: string }).openapi).toBe('3.1.0');
    });
  });

  describe('requests refused at the edge', () => {
    it('gives 404 for an unknown route', async () => {
      for (const path of ['/', '/v2/usage', '/v1/nope', '/v1/documents/download', '/v1/templates/a/b']) {
        expect(await call('GET', path)).toMatchObject({ status: 404, json: FAILURE });
      }
    });

    it('gives 405 with Allow for a known path and the wrong method', async () => {
      const answer = await call('DELETE', '/v1/usage');
      expect(answer).toMatchObject({ status: 405, json: FAILURE });
      expect(answer.headers.get('allow')).toBe('GET, HEAD');
      const generate = await call('GET', '/v1/documents/quick/generate');
      expect(generate.status).toBe(405);
      expect(generate.headers.get('allow')).toBe('POST');
      expect((await call('PUT', '/v1/applications')).headers.get('allow')).toBe('POST, GET, HEAD');
    });

    it('gives 415 for a body that is not declared JSON', async () => {
      for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x']) {
        const answer = await call('POST', '/v1/documents/quick/generate', { raw: 'html=x', headers: { 'content-type': type } });
        expect(answer).toMatchObject({ status: 415, json: FAILURE });
      }
      const charset = await call('POST', '/v1/applications', { raw: JSON.stringify({ name: 'A' }), headers: { 'content-type': 'application/json; charset=utf-8' } });
      expect(charset.status).toBe(201);
    });

    it('gives 422 with the validation envelope for a body that is not JSON, or is empty', async () => {
      const broken = await call('POST', '/v1/documents/quick/generate', { raw: '{"html": ', headers: { 'content-type': 'application/json' } });
      expect(broken).toMatchObject({ status: 422, json: { success: false, message: 'Validation failed', errors: [{ field: '', type: 'json_invalid', message: 'JSON decode error' }] } });
      const empty = await call('POST', '/v1/documents/quick/generate', { raw: '', headers: { 'content-type': 'application/json' } });
      expect(empty).toMatchObject({ status: 422, json: { errors: [{ field: '', type: 'missing' }] } });
      const array = await call('POST', '/v1/documents/quick/generate', { body: [1, 2] });
      expect(array).toMatchObject({ status: 422, json: { errors: [{ field: '', type: 'model_attributes_type' }] } });
    });
  });
});

describe('mounted under a prefix', () => {
  it('answers under the prefix only, with download URLs that carry it', async () => {
    const server = await startServer({ http: { prefix: '/pdf/' } });
    try {
      const call = client(server.url, '/pdf');
      const made = await call('POST', '/v1/documents/quick/generate', { body: { html: '<p>x</p>', data: {}, response_type: 'document_id' } });
      expect(made.status).toBe(200);
      expect(made.json.data.download_url).toBe(`${server.url}/pdf/v1/documents/download/${made.json.data.document_id}`);
      expect((await call('GET', `/v1/documents/download/${made.json.data.document_id}`)).status).toBe(200);
      expect((await fetch(`${server.url}/v1/usage`, { headers: { authorization: `Bearer ${ALICE_KEY}` } })).status).toBe(404);
      const document = (await (await fetch(`${server.url}/pdf/v1/openapi.json`)).json()) as { servers: { url: string }[] };
      expect(document.servers).toEqual([{ url: '/pdf' }]);
    } finally {
      await server.close();
    }
  });
});
