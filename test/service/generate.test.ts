// Generate from a stored template (spec 4.1): the three response types and how the template applies.
import { describe, expect, it } from 'vitest';
import { readPdf } from '../../src/testing/read-pdf.js';
import { ALICE, BASE_URL, base64Bytes, pdfBytes, pdfText, setup, UUID } from './setup.js';

const FILENAME = /^file_20260309_140507_[0-9a-f]{8}\.pdf$/;

describe('generate', () => {
  it('returns the PDF itself for response_type pdf', async () => {
    const { service, template } = setup();
    const { template: stored } = await template('<h1>Invoice {{ number }}</h1><p>For {{ customer.name }}</p>');
    const outcome = await service.generate(
      { template_id: stored.id, data: { number: 'INV-7', customer: { name: 'Ada Lovelace' } }, response_type: 'pdf' },
      ALICE,
    );
    const bytes = pdfBytes(outcome);
    expect(outcome.status).toBe(200);
    expect(outcome.headers['content-type']).toBe('application/pdf');
    expect(outcome.headers['content-disposition']).toMatch(/^inline; filename="file_20260309_140507_[0-9a-f]{8}\.pdf"$/);
    expect(outcome.headers['content-length']).toBe(String(bytes.byteLength));
    expect(Buffer.from(bytes.subarray(0, 5)).toString()).toBe('%PDF-');
    const text = await pdfText(bytes);
    expect(text).toContain('Invoice INV-7');
    expect(text).toContain('For Ada Lovelace');
  });

  it('returns the json_with_base64 envelope with exactly the fields of 4.1', async () => {
    const { service, template, documents } = setup();
    const { template: stored } = await template('<p>Total {{ total }}</p>');
    const outcome = await service.generate({ template_id: stored.id, data: { total: '12.50' }, response_type: 'json_with_base64' }, ALICE);
    expect(outcome).toMatchObject({ ok: true, status: 200, headers: { 'content-type': 'application/json' } });
    const body = outcome.body as unknown as { success: boolean; message: string; data: Record<string, unknown> };
    expect(body.success).toBe(true);
    expect(body.message).toBe('Document generated successfully');
    expect(Object.keys(body.data).sort()).toEqual(['content_type', 'document_id', 'filename', 'pdf_content', 'size_bytes', 'template_id']);
    expect(body.data.document_id).toMatch(new RegExp(`^document-${UUID}$`));
    expect(body.data.template_id).toBe(stored.id);
    expect(body.data.filename).toMatch(FILENAME);
    expect(body.data.content_type).toBe('application/pdf');
    const bytes = base64Bytes(outcome);
    expect(body.data.size_bytes).toBe(bytes.byteLength);
    expect(await pdfText(bytes)).toContain('Total 12.50');
    expect(documents.size).toBe(0);
  });

  it('returns the document_id envelope, stores the PDF and links to it', async () => {
    const { service, template, documents } = setup();
    const { template: stored } = await template('<p>Hello {{ name }}</p>');
    const outcome = await service.generate({ template_id: stored.id, data: { name: 'Grace' }, response_type: 'document_id' }, ALICE);
    expect(outcome.ok).toBe(true);
    const body = outcome.body as unknown as { success: true; message: string; data: Record<string, unknown> };
    expect(body).toMatchObject({ success: true, message: 'Document generated successfully' });
    expect(Object.keys(body.data).sort()).toEqual(['document_id', 'download_url', 'size_bytes', 'template_id']);
    const documentId = body.data.document_id as string;
    expect(documentId).toMatch(new RegExp(`^document-${UUID}$`));
    expect(body.data.template_id).toBe(stored.id);
    expect(body.data.download_url).toBe(`${BASE_URL}/v1/documents/download/${documentId}`);
    const saved = await documents.getDocument(documentId);
    expect(saved).toMatchObject({ accountId: ALICE.accountId, templateId: stored.id });
    expect(saved?.filename).toMatch(FILENAME);
    expect(body.data.size_bytes).toBe(saved?.bytes.byteLength);
    expect(await pdfText(saved?.bytes ?? new Uint8Array())).toContain('Hello Grace');
  });

  it("renders the template's stored content type, unless the request names one", async () => {
    const { service, template, engine } = setup();
    const { template: stored } = await template('# Title {{ n }}', { contentType: 'markdown' });
    await service.generate({ template_id: stored.id, data: { n: 1 }, response_type: 'pdf' }, ALICE);
    expect(engine.calls[0]?.html).toContain('<h1>Title 1</h1>');
    await service.generate({ template_id: stored.id, data: { n: 2 }, response_type: 'pdf', content_type: 'html' }, ALICE);
    expect(engine.calls[1]?.html).toBe('# Title 2');
  });

  it("applies the template's stored extra_css", async () => {
    const { service, template, engine } = setup();
    const { template: stored } = await template('<html><head></head><body>x</body></html>', { extraCss: '@page { margin: 1cm }' });
    await service.generate({ template_id: stored.id, data: {}, response_type: 'pdf' }, ALICE);
    expect(engine.calls[0]?.html).toContain('<style>\n@page { margin: 1cm }\n</style></head>');
  });

  it('passes limits, the resource loader and an abort signal to the engine', async () => {
    const resourceLoader = { documentBaseUrl: null, load: async () => null };
    const { service, template, engine } = setup({ resourceLoader, limits: { maxPages: 12 } });
    const { template: stored } = await template('<p>x</p>');
    await service.generate({ template_id: stored.id, data: {}, response_type: 'pdf' }, ALICE);
    const options = engine.calls[0]?.options;
    expect(options?.resourceLoader).toBe(resourceLoader);
    expect(options?.maxPages).toBe(12);
    expect(options?.signal).toBeInstanceOf(AbortSignal);
  });

  it('keeps pdf and json_with_base64 results too when retainDocuments is on', async () => {
    const { service, template, documents } = setup({ retainDocuments: true });
    const { template: stored } = await template('<p>kept</p>');
    const outcome = await service.generate({ template_id: stored.id, data: {}, response_type: 'json_with_base64' }, ALICE);
    const documentId = (outcome.body as { data: { document_id: string } }).data.document_id;
    expect(documents.size).toBe(1);
    const download = await service.download(ALICE, documentId);
    expect(download.ok).toBe(true);
    expect(Buffer.from(download.body as Uint8Array).equals(Buffer.from(base64Bytes(outcome)))).toBe(true);
    await service.generate({ template_id: stored.id, data: {}, response_type: 'pdf' }, ALICE);
    expect(documents.size).toBe(2);
  });

  it('renders a multi-page document from a loop', async () => {
    const { service, template } = setup();
    const { template: stored } = await template('{% for row in rows %}<p>Row {{ row }} {{ filler }}</p>{% endfor %}');
    const rows = Array.from({ length: 300 }, (_, index) => index + 1);
    const outcome = await service.generate(
      { template_id: stored.id, data: { rows, filler: 'lorem ipsum dolor sit amet '.repeat(4) }, response_type: 'pdf' },
      ALICE,
    );
    const pdf = await readPdf(pdfBytes(outcome));
    expect(pdf.pageCount).toBeGreaterThan(1);
    const text = pdf.pages.map((page) => page.text).join(' ').replace(/\s+/g, ' ');
    expect(text).toContain('Row 1 ');
    expect(text).toContain('Row 300 ');
  });
});
