// previewTemplate and documentPageImage (issue 29): check's answer plus painted pages, stored documents' pages from their kept HTML, no quota used.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createNativeEngine, RenderTimeoutError, type PdfEngine, type TemplatePreviewData } from '../../src/index.js';
import { RasterUnavailableError } from '../../src/engine/errors.js';
import { readPageImage } from './read-page-image.js';
import { recordingImageEngine, type RecordingImageEngine } from './recording-image-engine.js';
import { ALICE, BOB, setup } from './setup.js';

const TWO_PAGES = '<h1>{{ title }}</h1><p>{{ body }}</p><div style="break-before: page">Second {{ title }}</div>';
const DATA = { title: 'Quarterly report', body: 'All well.' };

function imageSetup(engine: PdfEngine = recordingImageEngine(), options: Parameters<typeof setup>[0] = {}) {
  return { ...setup({ engine, ...options }), imageEngine: engine };
}

function previewData(outcome: { ok: boolean; body: unknown }): TemplatePreviewData {
  if (!outcome.ok) throw new Error(`expected a preview, got ${JSON.stringify(outcome.body)}`);
  return (outcome.body as { data: TemplatePreviewData }).data;
}

describe('previewTemplate', () => {
  it('answers what check answers, the page count, the time and the first pages as PNG data URLs', async () => {
    const { service, imageEngine } = imageSetup();
    const outcome = await service.previewTemplate({ html: TWO_PAGES, data: DATA, extra_css: 'h1 { color: rgb(200, 0, 0) }' }, ALICE);
    expect(outcome).toMatchObject({ ok: true, status: 200, headers: { 'content-type': 'application/json' } });
    expect(outcome.body).toMatchObject({ success: true, message: 'The template has no problems.' });
    const data = previewData(outcome);
    expect(data).toMatchObject({ valid: true, problems: [], page_count: 2 });
    expect(data.placeholders.map((placeholder) => placeholder.path)).toEqual(['title', 'body']);
    expect(data.render_ms).toBeGreaterThanOrEqual(0);
    expect(data.pages.map(({ page, width }) => ({ page, width }))).toEqual([
      { page: 1, width: 800 },
      { page: 2, width: 800 },
    ]);
    const [first, second] = await Promise.all(
      data.pages.map(async (page) => {
        expect(page.image).toMatch(/^data:image\/png;base64,/);
        const read = await readPageImage(page.image);
        // An A4 page, 800 pixels across.
        expect(read).toMatchObject({ width: page.width, height: page.height });
        expect(Math.abs(read.height - (800 * 297) / 210)).toBeLessThanOrEqual(1);
        return read;
      }),
    );
    // The heading, red by the extra CSS, is on the first page; the second has text, none of it red.
    expect(first!.red).toBeGreaterThan(100);
    expect(second!.red).toBe(0);
    expect(second!.inked).toBeGreaterThan(0.0005);
    // The engine painted the template rendered with the data, the extra CSS in.
    const painted = (imageEngine as RecordingImageEngine).imageCalls[0]!;
    expect(painted.html).toContain('Second Quarterly report');
    expect(painted.html).toContain('h1 { color: rgb(200, 0, 0) }');
    expect(painted.options).toMatchObject({ pages: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10], width: 800, format: 'png', maxPages: 1000 });
  });

  it('paints max_pages pages at the width and in the format asked', async () => {
    const { service, imageEngine } = imageSetup();
    const data = previewData(await service.previewTemplate({ html: TWO_PAGES, data: DATA, max_pages: 1, width: 240, format: 'png' }, ALICE));
    expect(data.page_count).toBe(2);
    expect(data.pages.map(({ page, width }) => ({ page, width }))).toEqual([{ page: 1, width: 240 }]);
    expect((imageEngine as RecordingImageEngine).imageCalls[0]!.options).toMatchObject({ pages: [1], width: 240 });
  });

  it('gives check’s valid, problems and placeholders for any template, painting only when the template renders', async () => {
    const { service } = imageSetup();
    const templates = [
      '<p>{{ total | money }}</p>',
      '<p>{% if x %}open</p>',
      '<h1>{{ customer.name }}</h1><p>{{ total }}</p>',
      '{% for line in lines %}<li>{{ line.price }}</li>{% endfor %}',
      '# {{ title }}\n\n- item',
      '<p>plain</p>',
    ];
    const datas = [undefined, {}, { customer: { name: 'Ada' }, total: 2, lines: [{ price: 1 }, {}], title: 'T' }];
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...templates), fc.constantFrom(...datas), fc.constantFrom('jinja' as const, 'liquid' as const), async (html, data, language) => {
        const body = { html, ...(data && { data }), template_language: language, ...(html.startsWith('#') && { content_type: 'markdown' as const }) };
        const check = await service.checkTemplate(body, ALICE);
        const preview = previewData(await service.previewTemplate(body, ALICE));
        const checked = (check.body as unknown as { data: Record<string, unknown> }).data;
        const syntaxOnly = data === undefined;
        // Without data check reads the syntax only; the preview still renders (with {}) and says when that fails.
        const added = preview.problems.slice((checked['problems'] as unknown[]).length);
        expect(preview.problems.slice(0, (checked['problems'] as unknown[]).length)).toEqual(checked['problems']);
        expect(added.every((problem) => syntaxOnly && problem.type === 'render_error')).toBe(true);
        expect(preview.placeholders).toEqual(checked['placeholders']);
        expect(preview.valid).toBe(preview.problems.length === 0);
        const stopped = preview.problems.some((problem) => problem.type !== 'missing_data');
        if (stopped) expect(preview).toMatchObject({ page_count: 0, pages: [] });
        if (preview.valid) expect(preview.pages.length).toBeGreaterThan(0);
      }),
      { numRuns: 30 },
    );
  });

  it('answers a template that does not parse with its problems and no pages', async () => {
    const { service } = imageSetup();
    const data = previewData(await service.previewTemplate({ html: '<p>\n{{ total | money }}</p>', data: { total: 1 } }, ALICE));
    expect(data).toMatchObject({ valid: false, page_count: 0, pages: [], placeholders: [] });
    expect(data.problems).toEqual([{ type: 'syntax_error', message: "TemplateAssertionError: No filter named 'money'.", line: 2, column: 12, construct: '{{ total | money }}', path: null }]);
  });

  it('lists missing keys as check does, painting nothing when the render fails over them (as generate would)', async () => {
    const { service } = imageSetup();
    const data = previewData(await service.previewTemplate({ html: '<h1>{{ title }}</h1><p>{{ missing }}</p>', data: { title: 'T' } }, ALICE));
    expect(data).toMatchObject({ valid: false, page_count: 0, pages: [] });
    expect(data.problems).toMatchObject([{ type: 'missing_data', path: 'missing', line: 1, column: 27 }]);
  });

  it('renders a template without data with {}, saying where that fails', async () => {
    const { service } = imageSetup();
    const data = previewData(await service.previewTemplate({ html: '<h1>\n{{ title }}</h1>' }, ALICE));
    expect(data).toMatchObject({ valid: false, page_count: 0, pages: [] });
    expect(data.problems).toEqual([{ type: 'render_error', message: "UndefinedError: 'title' is undefined", line: 2, column: 4, construct: '{{ title }}', path: null }]);
    expect(previewData(await service.previewTemplate({ html: '<h1>Static</h1>' }, ALICE))).toMatchObject({ valid: true, page_count: 1 });
  });

  it('says when the document passes the page limit, and paints nothing', async () => {
    const { service } = imageSetup(recordingImageEngine(), { limits: { maxPages: 1 } });
    const data = previewData(await service.previewTemplate({ html: TWO_PAGES, data: DATA }, ALICE));
    expect(data).toMatchObject({ valid: false, page_count: 0, pages: [] });
    expect(data.problems).toEqual([{ type: 'limit_exceeded', message: 'the document would have more than 1 pages', line: null, column: null, construct: null, path: null }]);
  });

  it('says when the render runs out of time', async () => {
    const slow: PdfEngine = { name: 'slow', render: () => Promise.reject(new Error('unused')), renderImages: () => Promise.reject(new RenderTimeoutError(5)) };
    const { service } = imageSetup(slow);
    const data = previewData(await service.previewTemplate({ html: '<p>x</p>' }, ALICE));
    expect(data.problems).toMatchObject([{ type: 'limit_exceeded', message: 'rendering took longer than the 60000 ms limit', line: null }]);
  });

  it('uses no quota and stores nothing, preview after preview', async () => {
    const { service, documents } = imageSetup(recordingImageEngine(), { monthlyLimit: 1 });
    for (const title of ['one', 'two', 'three', 'four']) {
      const data = previewData(await service.previewTemplate({ html: '<h1>{{ title }}</h1>', data: { title } }, ALICE));
      expect(data).toMatchObject({ valid: true, page_count: 1 });
    }
    expect((await service.usage(ALICE)).body).toMatchObject({ data: { used: 0, limit: 1 } });
    expect(documents.size).toBe(0);
  });

  it('refuses a body that is not a preview request with the 422 envelope, every field at once', async () => {
    const { service } = imageSetup();
    const outcome = await service.previewTemplate({ html: 3, width: 50, max_pages: 1.5, format: 'gif', extra_css: 1, data: [] }, ALICE);
    expect(outcome.status).toBe(422);
    expect(outcome.body).toMatchObject({ success: false, message: 'Validation failed' });
    const errors = (outcome.body as unknown as { errors: { field: string; type: string; message: string }[] }).errors;
    expect(errors.map(({ field, type }) => `${field}:${type}`).sort()).toEqual(
      ['data:dict_type', 'extra_css:string_type', 'format:literal_error', 'html:string_type', 'max_pages:int_from_float', 'width:greater_than_equal'].sort(),
    );
    expect(errors.find((error) => error.field === 'width')?.message).toBe('Input should be greater than or equal to 100');
    const tooWide = await service.previewTemplate({ html: 'x', width: 2001, max_pages: 51 }, ALICE);
    expect((tooWide.body as unknown as { errors: unknown[] }).errors).toEqual([
      { field: 'width', type: 'less_than_equal', message: 'Input should be less than or equal to 2000' },
      { field: 'max_pages', type: 'less_than_equal', message: 'Input should be less than or equal to 50' },
    ]);
    expect((await service.previewTemplate({ html: 'x', width: '800' }, ALICE)).body).toMatchObject({ errors: [{ field: 'width', type: 'int_type' }] });
    expect((await service.previewTemplate('x', ALICE)).status).toBe(422);
  });

  it('answers 501 naming the package to install when the engine cannot paint', async () => {
    const pdfOnly: PdfEngine = { name: 'pdf-only', render: (html, options) => createNativeEngine().render(html, options) };
    const peerMissing: PdfEngine = { ...pdfOnly, renderImages: () => Promise.reject(new RasterUnavailableError()) };
    for (const engine of [pdfOnly, peerMissing]) {
      const outcome = await imageSetup(engine).service.previewTemplate({ html: '<p>x</p>' }, ALICE);
      expect(outcome.status).toBe(501);
      expect(outcome.body).toEqual({ success: false, message: expect.stringContaining('npm install @napi-rs/canvas'), data: [] });
    }
  });
});

describe('documentPageImage', () => {
  async function stored(service: ReturnType<typeof setup>['service'], extra: Record<string, unknown> = {}): Promise<string> {
    const outcome = await service.quickGenerate({ html: TWO_PAGES, data: DATA, response_type: 'document_id', extra_css: 'p { margin: 0 }', ...extra }, ALICE);
    if (!outcome.ok || outcome.body instanceof Uint8Array) throw new Error(`expected a stored document, got ${JSON.stringify(outcome.body)}`);
    return (outcome.body.data as { document_id: string }).document_id;
  }

  it('keeps the HTML the engine printed with the document, and paints its pages from it', async () => {
    const { service, documents, imageEngine } = imageSetup();
    const id = await stored(service);
    const kept = await documents.getDocument(id);
    expect(kept?.html).toContain('Second Quarterly report');
    expect(kept?.html).toContain('p { margin: 0 }');

    const outcome = await service.documentPageImage(ALICE, id, '2', { width: '320' });
    expect(outcome).toMatchObject({ ok: true, status: 200, headers: { 'content-type': 'image/png', 'x-page-count': '2' } });
    expect(outcome.headers['content-disposition']).toMatch(/^inline; filename="file_20260309_140507_[0-9a-f]{8}-page-2\.png"$/);
    const bytes = outcome.body as Uint8Array;
    expect(outcome.headers['content-length']).toBe(String(bytes.byteLength));
    const read = await readPageImage(bytes);
    expect(read.width).toBe(320);
    expect(Math.abs(read.height - (320 * 297) / 210)).toBeLessThanOrEqual(1);
    expect(read.inked).toBeGreaterThan(0.0005);
    expect((imageEngine as RecordingImageEngine).imageCalls.at(-1)).toMatchObject({ html: kept?.html, options: { pages: [2], width: 320 } });
    expect((await service.usage(ALICE)).body).toMatchObject({ data: { used: 1 } });
  });

  it('answers 404 for another account’s document, a missing one, and pages it does not have', async () => {
    const { service } = imageSetup();
    const id = await stored(service);
    expect((await service.documentPageImage(BOB, id, 1)).status).toBe(404);
    expect((await service.documentPageImage(ALICE, 'document-missing', 1)).body).toEqual({ success: false, message: 'Document not found.', data: [] });
    expect((await service.documentPageImage(ALICE, id, 3)).body).toEqual({ success: false, message: 'Page not found. The document has 2 pages, numbered from 1.', data: [] });
    for (const page of ['0', '-1', 'x', '1.5', '']) {
      expect((await service.documentPageImage(ALICE, id, page)).body).toEqual({ success: false, message: 'Page not found. Pages are numbered from 1, as in /pages/1.png.', data: [] });
    }
  });

  it('answers 422 for a width out of bounds or not a number', async () => {
    const { service } = imageSetup();
    const id = await stored(service);
    for (const [width, type] of [['99', 'greater_than_equal'], ['2001', 'less_than_equal'], ['wide', 'int_parsing'], [12.5, 'int_parsing']] as const) {
      const outcome = await service.documentPageImage(ALICE, id, 1, { width });
      expect(outcome.status).toBe(422);
      expect(outcome.body).toMatchObject({ message: 'Validation failed', errors: [{ field: 'width', type }] });
    }
  });

  it('keeps no HTML for a password-protected document, and answers 409 saying why', async () => {
    const { service, documents } = imageSetup();
    const id = await stored(service, { password: 'open sesame' });
    expect((await documents.getDocument(id))?.html ?? null).toBeNull();
    const outcome = await service.documentPageImage(ALICE, id, 1);
    expect(outcome.status).toBe(409);
    expect(outcome.body).toEqual({ success: false, message: expect.stringMatching(/^Password-protected documents have no page images/), data: [] });
  });

  it('answers 409 for a document stored before its HTML was kept', async () => {
    const { service, documents } = imageSetup();
    const id = await stored(service);
    const { html: _html, ...older } = (await documents.getDocument(id))!;
    await documents.saveDocument(older);
    const outcome = await service.documentPageImage(ALICE, id, 1);
    expect(outcome.status).toBe(409);
    expect(outcome.body).toMatchObject({ message: expect.stringContaining('stored before pagesmith kept the HTML') });
  });

  it('answers 501 when the engine cannot paint', async () => {
    const pdfOnly = createNativeEngine();
    const engine: PdfEngine = { name: 'pdf-only', render: (html, options) => pdfOnly.render(html, options) };
    const { service } = imageSetup(engine);
    const id = await stored(service);
    expect((await service.documentPageImage(ALICE, id, 1)).status).toBe(501);
  });
});
