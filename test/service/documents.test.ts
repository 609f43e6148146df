// Download, get template and usage: owners only, 404 otherwise.
import { describe, expect, it } from 'vitest';
import { ALICE, BOB, pdfText, setup } from './setup.js';

describe('download', () => {
  it("returns a stored document's PDF to its owner", async () => {
    const { service } = setup();
    const made = await service.quickGenerate({ html: '<p>Stored copy</p>', data: {}, response_type: 'document_id' }, ALICE);
    const documentId = (made.body as { data: { document_id: string } }).data.document_id;
    const outcome = await service.download(ALICE, documentId);
    expect(outcome).toMatchObject({ ok: true, status: 200, headers: { 'content-type': 'application/pdf' } });
    expect(outcome.headers['content-disposition']).toMatch(/^inline; filename="file_20260309_140507_[0-9a-f]{8}\.pdf"$/);
    expect(await pdfText(outcome.body as Uint8Array)).toContain('Stored copy');
  });

  it('answers 404 to anyone else, and for unknown ids', async () => {
    const { service } = setup();
    const made = await service.quickGenerate({ html: 'private', data: {}, response_type: 'document_id' }, ALICE);
    const documentId = (made.body as { data: { document_id: string } }).data.document_id;
    for (const outcome of [await service.download(BOB, documentId), await service.download(ALICE, 'document-nope')]) {
      expect(outcome).toMatchObject({ ok: false, status: 404, body: { success: false, message: 'Document not found.', data: [] } });
    }
  });

  it('does not keep pdf responses by default', async () => {
    const { service, documents } = setup();
    await service.quickGenerate({ html: 'x', data: {}, response_type: 'pdf' }, ALICE);
    await service.quickGenerate({ html: 'x', data: {}, response_type: 'json_with_base64' }, ALICE);
    expect(documents.size).toBe(0);
  });
});

describe('getTemplate', () => {
  it('shows the template id, application, content type and activity flag', async () => {
    const fixture = setup();
    const { template, application } = await fixture.template('# x', { contentType: 'markdown' });
    await fixture.templates.setTemplateActive(template.id, false);
    const outcome = await fixture.service.getTemplate(ALICE, template.id);
    expect(outcome).toMatchObject({ ok: true, status: 200 });
    expect(outcome.body).toEqual({
      success: true,
      message: 'Template retrieved successfully',
      data: { template_id: template.id, application_id: application.id, content_type: 'markdown', is_active: false },
    });
  });

  it("answers 404 for another account's template", async () => {
    const fixture = setup();
    const { template } = await fixture.template('x');
    const outcome = await fixture.service.getTemplate(BOB, template.id);
    expect(outcome).toMatchObject({ ok: false, status: 404 });
    expect(outcome.body).toMatchObject({ message: 'Template not found. Please ensure the application and template are active.' });
  });
});
