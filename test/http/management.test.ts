// Management routes over the wire: applications, templates and documents, each caller seeing only its own.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOB_KEY, client, startServer, UUID, type TestServer } from './harness.js';

const NOT_FOUND = { status: 404, json: { success: false, data: [] } };

describe('management routes', () => {
  let server: TestServer;
  let call: ReturnType<typeof client>;
  beforeAll(async () => {
    server = await startServer();
    call = client(server.url);
  });
  afterAll(() => server.close());

  describe('applications', () => {
    it('creates with name, description and is_active, answering 201 with app_id beside application_id', async () => {
      const created = await call('POST', '/v1/applications', { body: { name: 'Billing', description: 'Invoices', is_active: false } });
      expect(created.status).toBe(201);
      expect(created.json).toMatchObject({ success: true, message: 'Request successful', data: { name: 'Billing', description: 'Invoices', is_active: false } });
      expect(created.json.data.app_id).toMatch(new RegExp(`^app-${UUID}$`));
      expect(created.json.data.application_id).toBe(created.json.data.app_id);
      const minimal = await call('POST', '/v1/applications', { body: { name: 'Plain' } });
      expect(minimal.json.data).toMatchObject({ description: '', is_active: true });
    });

    it('lists, reads, updates with PUT or PATCH (partial either way) and deletes', async () => {
      const { json } = await call('POST', '/v1/applications', { body: { name: 'Reports', description: 'Monthly' } });
      const id = json.data.app_id as string;
      expect((await call('GET', '/v1/applications')).json.data.map((application: { app_id: string }) => application.app_id)).toContain(id);
      expect((await call('GET', `/v1/applications/${id}`)).json.data).toMatchObject({ app_id: id, name: 'Reports' });

      const put = await call('PUT', `/v1/applications/${id}`, { body: { is_active: false } });
      expect(put.json.data).toMatchObject({ name: 'Reports', description: 'Monthly', is_active: false });
      const patch = await call('PATCH', `/v1/applications/${id}`, { body: { name: 'Reports 2', description: null } });
      expect(patch.json.data).toMatchObject({ name: 'Reports 2', description: 'Monthly', is_active: false });
      expect(Date.parse(patch.json.data.updated_at)).toBeGreaterThanOrEqual(Date.parse(patch.json.data.created_at));

      expect(await call('PATCH', `/v1/applications/${id}`, { body: { unknown: 1 } })).toMatchObject({
        status: 400,
        json: { success: false, message: 'No fields provided to update.', data: [] },
      });
      expect((await call('PATCH', `/v1/applications/${id}`, { body: { name: 7 } })).json.errors).toEqual([
        { field: 'name', type: 'string_type', message: 'Input should be a valid string' },
      ]);

      expect(await call('DELETE', `/v1/applications/${id}`)).toMatchObject({ status: 200, json: { success: true, message: 'Application successfully deleted.', data: [] } });
      expect(await call('GET', `/v1/applications/${id}`)).toMatchObject({ ...NOT_FOUND, json: { message: 'Application not found.' } });
      expect(await call('DELETE', `/v1/applications/${id}`)).toMatchObject(NOT_FOUND);
    });

    it('validates bodies with the 422 envelope', async () => {
      const answer = await call('POST', '/v1/applications', { body: { description: 3, is_active: 'yes' } });
      expect(answer.status).toBe(422);
      expect(answer.json.errors).toEqual(
        expect.arrayContaining([
          { field: 'name', type: 'missing', message: 'Field required' },
          { field: 'description', type: 'string_type', message: 'Input should be a valid string' },
          { field: 'is_active', type: 'bool_type', message: 'Input should be a valid boolean' },
        ]),
      );
      expect((await call('POST', '/v1/applications', { body: { name: 'x'.repeat(256) } })).json.errors).toEqual([
        { field: 'name', type: 'string_too_long', message: 'String should have at most 255 characters' },
      ]);
    });
  });

  describe('templates', () => {
    let applicationId: string;
    beforeAll(async () => {
      applicationId = (await call('POST', '/v1/applications', { body: { name: 'Templates' } })).json.data.app_id;
    });

    it('creates under one of the caller’s applications, lists by application, updates and deletes', async () => {
      const created = await call('POST', '/v1/templates', {
        body: { application_id: applicationId, name: 'Invoice', content: '# {{ n }}', content_type: 'markdown', extra_css: 'h1{color:red}' },
      });
      expect(created.status).toBe(201);
      const id = created.json.data.template_id as string;
      expect(created.json.data).toMatchObject({ application_id: applicationId, name: 'Invoice', content_type: 'markdown', extra_css: 'h1{color:red}', is_active: true });

      const other = (await call('POST', '/v1/applications', { body: { name: 'Other' } })).json.data.app_id;
      await call('POST', '/v1/templates', { body: { application_id: other, name: 'Elsewhere', content: 'x' } });
      const listed = await call('GET', `/v1/templates?application_id=${applicationId}`);
      expect(listed.json.data.map((template: { template_id: string }) => template.template_id)).toEqual([id]);
      expect((await call('GET', '/v1/templates')).json.data.length).toBeGreaterThanOrEqual(2);

      const updated = await call('PUT', `/v1/templates/${id}`, { body: { content: '# Now {{ n }}', extra_css: null } });
      expect(updated.json.data).toMatchObject({ name: 'Invoice', content: '# Now {{ n }}', extra_css: null, content_type: 'markdown' });
      const generated = await call('POST', '/v1/documents/generate', { body: { template_id: id, data: { n: 1 }, response_type: 'json_with_base64' } });
      expect(generated.status).toBe(200);

      await call('PATCH', `/v1/templates/${id}`, { body: { is_active: false } });
      expect((await call('POST', '/v1/documents/generate', { body: { template_id: id, data: { n: 1 }, response_type: 'pdf' } })).status).toBe(404);
      expect(await call('PATCH', `/v1/templates/${id}`, { body: {} })).toMatchObject({ status: 400, json: { message: 'No fields provided to update.' } });

      expect(await call('DELETE', `/v1/templates/${id}`)).toMatchObject({ status: 200, json: { message: 'Template successfully deleted.', data: [] } });
      expect(await call('GET', `/v1/templates/${id}`)).toMatchObject(NOT_FOUND);
    });

    it('refuses an application that is missing or another account’s', async () => {
      expect(await call('POST', '/v1/templates', { body: { application_id: 'app-nope', name: 'x', content: 'x' } })).toMatchObject({
        status: 404,
        json: { message: 'Application not found.' },
      });
      expect(await call('POST', '/v1/templates', { key: BOB_KEY, body: { application_id: applicationId, name: 'x', content: 'x' } })).toMatchObject(NOT_FOUND);
      expect(await call('GET', `/v1/templates?application_id=${applicationId}`, { key: BOB_KEY })).toMatchObject(NOT_FOUND);
    });

    it('deletes an application’s templates with it', async () => {
      const application = (await call('POST', '/v1/applications', { body: { name: 'Doomed' } })).json.data.app_id;
      const template = (await call('POST', '/v1/templates', { body: { application_id: application, name: 't', content: 'x' } })).json.data.template_id;
      await call('DELETE', `/v1/applications/${application}`);
      expect(await call('GET', `/v1/templates/${template}`)).toMatchObject(NOT_FOUND);
    });
  });

  describe('documents', () => {
    it('lists, reads, replaces the kept data only, and deletes stored documents', async () => {
      const made = await call('POST', '/v1/documents/quick/generate', { body: { html: '<p>{{ who }}</p>', data: { who: 'Ada' }, response_type: 'document_id' } });
      const id = made.json.data.document_id as string;
      const read = await call('GET', `/v1/documents/${id}`);
      expect(read.json.data).toMatchObject({
        document_id: id,
        template_id: null,
        attributes: { who: 'Ada' },
        size_bytes: made.json.data.size_bytes,
        download_url: made.json.data.download_url,
        content_type: 'application/pdf',
      });
      expect((await call('GET', '/v1/documents')).json.data.map((document: { document_id: string }) => document.document_id)).toContain(id);

      const before = await call('GET', `/v1/documents/download/${id}`);
      for (const method of ['PUT', 'PATCH']) {
        const updated = await call(method, `/v1/documents/${id}`, { body: { data: { who: method } } });
        expect(updated.json.data).toMatchObject({ document_id: id, attributes: { who: method }, size_bytes: made.json.data.size_bytes });
      }
      const after = await call('GET', `/v1/documents/download/${id}`);
      expect(Buffer.from(after.bytes).equals(Buffer.from(before.bytes))).toBe(true);
      expect((await call('PATCH', `/v1/documents/${id}`, { body: { data: [1] } })).json.errors).toEqual([
        { field: 'data', type: 'dict_type', message: 'Input should be a valid dictionary' },
      ]);

      expect(await call('GET', `/v1/documents/${id}`, { key: BOB_KEY })).toMatchObject(NOT_FOUND);
      expect(await call('DELETE', `/v1/documents/${id}`, { key: BOB_KEY })).toMatchObject(NOT_FOUND);
      expect(await call('DELETE', `/v1/documents/${id}`)).toMatchObject({ status: 200, json: { message: 'Document successfully deleted.', data: [] } });
      expect(await call('GET', `/v1/documents/download/${id}`)).toMatchObject(NOT_FOUND);
    });

    it('shows a caller none of another account’s records', async () => {
      await call('POST', '/v1/documents/quick/generate', { body: { html: 'x', data: {}, response_type: 'document_id' } });
      const fresh = client(server.url);
      for (const path of ['/v1/applications', '/v1/templates', '/v1/documents']) {
        expect((await fresh('GET', path, { key: BOB_KEY })).json.data).toEqual([]);
      }
    });
  });
});
