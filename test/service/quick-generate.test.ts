// Quick generate (spec 4.2): content in the request, optional saving as a template, escaping and Jinja spellings.
import { describe, expect, it } from 'vitest';
import { createDocumentService } from '../../src/index.js';
import { readPdf } from '../../src/testing/read-pdf.js';
import { ALICE, BOB, BASE_URL, base64Bytes, pdfBytes, pdfText, setup, UUID } from './setup.js';

describe('quickGenerate', () => {
  it('renders the content in the request to a PDF', async () => {
    const { service } = setup();
    const outcome = await service.quickGenerate({ html: '<p>Dear {{ name }},</p>', data: { name: 'Linus' }, response_type: 'pdf' }, ALICE);
    expect(outcome).toMatchObject({ ok: true, status: 200, headers: { 'content-type': 'application/pdf' } });
    expect(await pdfText(pdfBytes(outcome))).toContain('Dear Linus,');
  });

  it('accepts an empty data object', async () => {
    const { service } = setup();
    const outcome = await service.quickGenerate({ html: '<p>Static</p>', data: {}, response_type: 'pdf' }, ALICE);
    expect(await pdfText(pdfBytes(outcome))).toContain('Static');
  });

  it('gives template_id null when the content is not saved', async () => {
    const { service } = setup();
    const outcome = await service.quickGenerate({ html: 'x', data: {}, response_type: 'document_id', save_template: false }, ALICE);
    expect(outcome.body).toMatchObject({ success: true, message: 'Document generated successfully', data: { template_id: null } });
  });

  it('uses the fields of 4.1 for json_with_base64', async () => {
    const { service } = setup();
    const outcome = await service.quickGenerate({ html: '<p>b64</p>', data: {}, response_type: 'json_with_base64' }, ALICE);
    const body = outcome.body as unknown as { data: Record<string, unknown> };
    expect(Object.keys(body.data).sort()).toEqual(['content_type', 'document_id', 'filename', 'pdf_content', 'size_bytes', 'template_id']);
    expect(body.data).toMatchObject({ template_id: null, content_type: 'application/pdf' });
    expect(body.data.filename).toMatch(/^file_20260309_140507_[0-9a-f]{8}\.pdf$/);
    expect(await pdfText(base64Bytes(outcome))).toContain('b64');
  });

  it('saves content, content_type and extra_css as a template of the application when asked', async () => {
    const { service, templates } = setup();
    const application = await templates.createApplication({ accountId: ALICE.accountId });
    const outcome = await service.quickGenerate(
      {
        html: '# Hello {{ who }}',
        data: { who: 'world' },
        response_type: 'document_id',
        content_type: 'markdown',
        extra_css: 'h1 { color: red }',
        save_template: true,
        application_id: application.id,
      },
      ALICE,
    );
    const templateId = (outcome.body as { data: { template_id: string } }).data.template_id;
    expect(templateId).toMatch(new RegExp(`^template-${UUID}$`));
    expect(await templates.getTemplate(templateId)).toMatchObject({
      applicationId: application.id,
      accountId: ALICE.accountId,
      content: '# Hello {{ who }}',
      contentType: 'markdown',
      extraCss: 'h1 { color: red }',
      isActive: true,
    });
    const again = await service.generate({ template_id: templateId, data: { who: 'again' }, response_type: 'pdf' }, ALICE);
    expect(await pdfText(pdfBytes(again))).toContain('Hello again');
  });

  it.each([
    ['does not exist', async () => 'app-00000000-0000-4000-8000-000000000000'],
    ['is inactive', async (fixture: ReturnType<typeof setup>) =>
      (await fixture.templates.createApplication({ accountId: ALICE.accountId, isActive: false })).id],
    ['belongs to another account', async (fixture: ReturnType<typeof setup>) =>
      (await fixture.templates.createApplication({ accountId: BOB.accountId })).id],
  ])('refuses to save under an application that %s, before rendering', async (_, makeApplicationId) => {
    const fixture = setup();
    const applicationId = await makeApplicationId(fixture);
    const outcome = await fixture.service.quickGenerate(
      { html: 'x', data: {}, response_type: 'pdf', save_template: true, application_id: applicationId },
      ALICE,
    );
    expect(outcome.status).toBe(422);
    expect(!outcome.ok && 'errors' in outcome.body && outcome.body.errors).toEqual([
      expect.objectContaining({ field: 'application_id', type: 'value_error' }),
    ]);
    expect(fixture.engine.calls).toHaveLength(0);
  });

  it('does not keep the template when generation fails', async () => {
    const fixture = setup();
    const application = await fixture.templates.createApplication({ accountId: ALICE.accountId });
    const created: string[] = [];
    const createTemplate = fixture.templates.createTemplate.bind(fixture.templates);
    fixture.templates.createTemplate = async (input) => {
      const template = await createTemplate(input);
      created.push(template.id);
      return template;
    };
    fixture.documents.saveDocument = async () => Promise.reject(new Error('disk full'));
    const outcome = await fixture.service.quickGenerate(
      { html: 'x', data: {}, response_type: 'document_id', save_template: true, application_id: application.id },
      ALICE,
    );
    expect(outcome.status).toBe(500);
    expect(created).toHaveLength(1);
    expect(await fixture.templates.getTemplate(created[0] ?? '')).toBeNull();
  });

  it('HTML-escapes data so it cannot inject markup, unless | safe (Jinja2, the default)', async () => {
    const { service, engine } = setup();
    const data = { name: '<b>Bold</b> & <script>x()</script>' };
    const outcome = await service.quickGenerate({ html: '<p>{{ name }}</p><p>{{ name | safe }}</p><p>{{ name | e }}</p>', data, response_type: 'pdf' }, ALICE);
    expect(outcome.ok).toBe(true);
    expect(engine.calls[0]?.html).toBe(
      '<p>&lt;b&gt;Bold&lt;/b&gt; &amp; &lt;script&gt;x()&lt;/script&gt;</p><p><b>Bold</b> & <script>x()</script></p><p>&lt;b&gt;Bold&lt;/b&gt; &amp; &lt;script&gt;x()&lt;/script&gt;</p>',
    );
  });

  it('HTML-escapes data so it cannot inject markup, unless | raw (Liquid)', async () => {
    const { service, engine } = setup();
    const data = { name: '<b>Bold</b> & <script>x()</script>' };
    const outcome = await service.quickGenerate({ html: '<p>{{ name }}</p><p>{{ name | raw }}</p>', data, response_type: 'pdf', template_language: 'liquid' }, ALICE);
    expect(outcome.ok).toBe(true);
    expect(engine.calls[0]?.html).toBe(
      '<p>&lt;b&gt;Bold&lt;/b&gt; &amp; &lt;script&gt;x()&lt;/script&gt;</p><p><b>Bold</b> & <script>x()</script></p>',
    );
    // The PDF's text is decoded by the real engine and not by the stub, so only entity-free text is checked there.
    expect(await pdfText(pdfBytes(outcome))).toContain('Bold');
  });

  it('renders Markdown with the default stylesheet, extra_css last, and data as literal text (Liquid)', async () => {
    const { service, engine } = setup();
    const outcome = await service.quickGenerate(
      {
        html: '# Report for {{ client }}\n\n| Item | Qty |\n|---|---|\n{% for row in rows %}| {{ row.item }} | {{ row.qty }} |\n{% endfor %}',
        data: { client: '*ACME* <Corp>', rows: [{ item: 'Pens | blue', qty: 2 }, { item: '[x](y)', qty: 1 }] },
        response_type: 'pdf',
        content_type: 'markdown',
        template_language: 'liquid',
        extra_css: 'h1 { font-size: 20pt }',
      },
      ALICE,
    );
    const html = engine.calls[0]?.html ?? '';
    expect(html).toMatch(/^<!DOCTYPE html>/);
    expect(html).toContain('<h1>Report for *ACME* &lt;Corp&gt;</h1>');
    expect(html).toContain('<td>Pens | blue</td>');
    expect(html).toContain('<td>[x](y)</td>');
    expect(html).not.toContain('<em>');
    expect(html.indexOf('h1 { font-size: 20pt }')).toBeGreaterThan(html.indexOf('font-size: 16px'));
    const text = await pdfText(pdfBytes(outcome));
    expect(text).toContain('Report for *ACME*');
    expect(text).toContain('Pens | blue');
  });

  it("accepts the hosted service's Jinja spellings", async () => {
    const { service } = setup();
    const outcome = await service.quickGenerate(
      {
        html: '{% for item in items %}<p>{{ loop.index }} of {{ loop.length }}: {{ item }}{% if loop.last %} (last){% endif %}</p>{% endfor %}{% if total > 100 %}<p>big</p>{% elif total > 10 %}<p>medium</p>{% else %}<p>small</p>{% endif %}',
        data: { items: ['apple', 'pear'], total: 50 },
        response_type: 'pdf',
      },
      ALICE,
    );
    const text = await pdfText(pdfBytes(outcome));
    expect(text).toContain('1 of 2: apple');
    expect(text).toContain('2 of 2: pear (last)');
    expect(text).toContain('medium');
    expect(text).not.toContain('small');
  });

  it('lets a template test for missing keys with is defined and | default (Jinja2, the default)', async () => {
    const { service } = setup();
    const outcome = await service.quickGenerate(
      { html: "<p>{% if vat is defined %}VAT {{ vat }}{% endif %}Note: {{ note | default('n/a') }}</p>", data: {}, response_type: 'pdf' },
      ALICE,
    );
    expect(await pdfText(pdfBytes(outcome))).toContain('Note: n/a');
  });

  it('treats missing keys as empty in {% if %} and | default (Liquid)', async () => {
    const { service } = setup();
    const outcome = await service.quickGenerate(
      { html: '<p>{% if vat %}VAT {{ vat }}{% endif %}Note: {{ note | default: "n/a" }}</p>', data: {}, response_type: 'pdf', template_language: 'liquid' },
      ALICE,
    );
    expect(await pdfText(pdfBytes(outcome))).toContain('Note: n/a');
  });

  it('joins download_url without a double slash when baseUrl ends with /', async () => {
    const service = createDocumentService({ baseUrl: `${BASE_URL}/` });
    const outcome = await service.quickGenerate({ html: 'x', data: {}, response_type: 'document_id' }, ALICE);
    const data = (outcome.body as { data: { document_id: string; download_url: string } }).data;
    expect(data.download_url).toBe(`${BASE_URL}/v1/documents/download/${data.document_id}`);
  });

  it('runs on defaults: memory stores and the native engine', async () => {
    const service = createDocumentService({ baseUrl: BASE_URL });
    const application = await service.stores.templates.createApplication({ accountId: ALICE.accountId });
    const outcome = await service.quickGenerate(
      { html: '<p>{{ a }}</p>', data: { a: 'defaults' }, response_type: 'document_id', save_template: true, application_id: application.id },
      ALICE,
    );
    expect(outcome.ok).toBe(true);
    const usage = await service.usage(ALICE);
    expect(usage.body).toMatchObject({ data: { used: 1, limit: 100 } });
  });

  it('keeps Markdown at its size when a table has a long line (the stylesheet bounds tables to the page)', async () => {
    const { service } = setup();
    const paragraph = Array.from({ length: 40 }, (_, i) => `word${i}`).join(' ');
    const longCell = Array.from({ length: 120 }, (_, i) => `cell${i}`).join(' ');
    const firstLine = async (markdown: string): Promise<string> => {
      const outcome = await service.quickGenerate({ html: markdown, content_type: 'markdown', data: {}, response_type: 'pdf' }, ALICE);
      return (await readPdf(pdfBytes(outcome))).pages[0]?.text.split('\n')[0] ?? '';
    };
    const alone = await firstLine(paragraph);
    expect(alone).toMatch(/^word0 word1 .* word\d+$/);
    // Were the document shrunk to fit the table, more words would fit on the line.
    expect(await firstLine(`${paragraph}\n\n| Code | Notes |\n|---|---|\n| A1 | ${longCell} |\n`)).toBe(alone);
  });
});

describe('password', () => {
  it('accepts 1 to 127 UTF-8 bytes and hands the PDF to the protect hook', async () => {
    const seen: string[] = [];
    const { service } = setup({
      protect: async (pdf, password) => {
        seen.push(password);
        return pdf;
      },
    });
    for (const password of ['p', 'é'.repeat(63), 'x'.repeat(127)]) {
      const outcome = await service.quickGenerate({ html: 'secret', data: {}, response_type: 'pdf', password }, ALICE);
      expect(outcome.ok).toBe(true);
    }
    expect(seen).toEqual(['p', 'é'.repeat(63), 'x'.repeat(127)]);
  });

  it('skips the protect hook without a password', async () => {
    let calls = 0;
    const { service } = setup({ protect: async (pdf) => (calls++, pdf) });
    await service.quickGenerate({ html: 'open', data: {}, response_type: 'pdf' }, ALICE);
    await service.quickGenerate({ html: 'open', data: {}, response_type: 'pdf', password: null }, ALICE);
    expect(calls).toBe(0);
  });

  it.each([
    ['', 'string_too_short'],
    ['x'.repeat(128), 'string_too_long'],
    ['é'.repeat(64), 'string_too_long'],
  ])('refuses %j with a 422 on the password field', async (password, type) => {
    const { service, template } = setup();
    const { template: stored } = await template('x');
    for (const outcome of [
      await service.quickGenerate({ html: 'x', data: {}, response_type: 'pdf', password }, ALICE),
      await service.generate({ template_id: stored.id, data: {}, response_type: 'pdf', password }, ALICE),
    ]) {
      expect(outcome.status).toBe(422);
      expect(!outcome.ok && 'errors' in outcome.body && outcome.body.errors).toEqual([expect.objectContaining({ field: 'password', type })]);
    }
  });

  it('refuses a password that is not a string', async () => {
    const { service } = setup();
    const outcome = await service.quickGenerate({ html: 'x', data: {}, response_type: 'pdf', password: 1234 } as unknown, ALICE);
    expect(!outcome.ok && 'errors' in outcome.body && outcome.body.errors).toEqual([
      { field: 'password', message: 'Input should be a valid string', type: 'string_type' },
    ]);
  });
});
