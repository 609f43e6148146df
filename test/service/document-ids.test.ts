// What a pdf or json_with_base64 result's ids lead to: X-Template-Id and X-Document-Id on PDFs, and downloads only of documents kept (decision 0235).
import { describe, expect, it } from 'vitest';
import { ALICE, base64Bytes, pdfBytes, setup, UUID } from './setup.js';

describe('ids of pdf results', () => {
  it('reports a template saved with response_type pdf in X-Template-Id, and the document in X-Document-Id', async () => {
    const { service, templates } = setup();
    const application = await templates.createApplication({ accountId: ALICE.accountId });
    const outcome = await service.quickGenerate(
      { html: '<p>{{ n }}</p>', data: { n: 1 }, response_type: 'pdf', save_template: true, application_id: application.id },
      ALICE,
    );
    pdfBytes(outcome);
    const templateId = outcome.headers['x-template-id'];
    expect(templateId).toMatch(new RegExp(`^template-${UUID}$`));
    expect((await templates.getTemplate(templateId as string))?.content).toBe('<p>{{ n }}</p>');
    expect(outcome.headers['x-document-id']).toMatch(new RegExp(`^document-${UUID}$`));

    // The saved template is one generate can use.
    const again = await service.generate({ template_id: templateId as string, data: { n: 2 }, response_type: 'pdf' }, ALICE);
    expect(again.ok).toBe(true);
    expect(again.headers['x-template-id']).toBe(templateId);
  });

  it('sends no X-Template-Id when no template was used or saved', async () => {
    const { service } = setup();
    const outcome = await service.quickGenerate({ html: '<p>x</p>', data: {}, response_type: 'pdf' }, ALICE);
    expect(outcome.headers['x-template-id']).toBeUndefined();
    expect(outcome.headers['x-document-id']).toMatch(new RegExp(`^document-${UUID}$`));
  });
});

describe('downloading pdf and json_with_base64 results', () => {
  it('cannot, by default: their document is not kept', async () => {
    const { service, documents } = setup();
    const base64 = await service.quickGenerate({ html: '<p>x</p>', data: {}, response_type: 'json_with_base64' }, ALICE);
    const pdf = await service.quickGenerate({ html: '<p>x</p>', data: {}, response_type: 'pdf' }, ALICE);
    const ids = [(base64.body as { data: { document_id: string } }).data.document_id, pdf.headers['x-document-id'] as string];
    for (const id of ids) expect(await service.download(ALICE, id)).toMatchObject({ ok: false, status: 404 });
    expect(documents.size).toBe(0);
  });

  it('can with retainDocuments, by the id in the body or in X-Document-Id', async () => {
    const { service } = setup({ retainDocuments: true });
    const base64 = await service.quickGenerate({ html: '<p>x</p>', data: {}, response_type: 'json_with_base64' }, ALICE);
    const pdf = await service.quickGenerate({ html: '<p>y</p>', data: {}, response_type: 'pdf' }, ALICE);
    const fromBody = await service.download(ALICE, (base64.body as { data: { document_id: string } }).data.document_id);
    expect(Buffer.from(fromBody.body as Uint8Array).equals(Buffer.from(base64Bytes(base64)))).toBe(true);
    const fromHeader = await service.download(ALICE, pdf.headers['x-document-id'] as string);
    expect(Buffer.from(fromHeader.body as Uint8Array).equals(Buffer.from(pdfBytes(pdf)))).toBe(true);
  });
});
