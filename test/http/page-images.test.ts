// POST /v1/templates/preview and GET /v1/documents/:document_id/pages/:n.png over a real socket, every JSON answer checked against the OpenAPI document.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNativeEngine, type PdfEngine } from '../../src/index.js';
import { agreement, decodeImage, hasPdftoppm, pdftoppmPages } from '../../src/testing/image-agreement.js';
import { readPageImage } from '../service/read-page-image.js';
import { ALICE_KEY, BOB_KEY, client, startServer, type TestServer } from './harness.js';

const TWO_PAGES = '<h1>{{ title }}</h1><div style="break-before: page">{{ title }}, page two</div>';

describe('page images over HTTP', () => {
  let server: TestServer;
  let call: ReturnType<typeof client>;
  beforeAll(async () => {
    server = await startServer();
    call = client(server.url);
  });
  afterAll(() => server.close());

  async function storedDocument(extra: Record<string, unknown> = {}): Promise<string> {
    const answer = await call('POST', '/v1/documents/quick/generate', { body: { html: TWO_PAGES, data: { title: 'Report' }, response_type: 'document_id', ...extra } });
    expect(answer.status).toBe(200);
    return answer.json.data.document_id as string;
  }

  describe('POST /v1/templates/preview', () => {
    it('answers check’s fields, the page count, the time and the pages as data URLs, using no quota', async () => {
      const before = (await call('GET', '/v1/usage')).json.data.used as number;
      for (const title of ['First', 'Second', 'Third']) {
        const answer = await call('POST', '/v1/templates/preview', { body: { html: TWO_PAGES, data: { title }, width: 200, max_pages: 1 } });
        expect(answer.status).toBe(200);
        expect(answer.json).toMatchObject({ success: true, message: 'The template has no problems.', data: { valid: true, problems: [], page_count: 2 } });
        expect(answer.json.data.placeholders.map((placeholder: { path: string }) => placeholder.path)).toEqual(['title']);
        expect(answer.json.data.pages).toHaveLength(1);
        const [page] = answer.json.data.pages as { page: number; width: number; height: number; image: string }[];
        expect(page).toMatchObject({ page: 1, width: 200 });
        const read = await readPageImage(page!.image);
        expect(read).toMatchObject({ width: 200, height: page!.height });
        expect(read.inked).toBeGreaterThan(0.001);
      }
      expect((await call('GET', '/v1/usage')).json.data.used).toBe(before);
      expect(server.stores.documents.size).toBe(0);
    });

    it('answers a broken template with its problems at line and column, and no pages', async () => {
      const answer = await call('POST', '/v1/templates/preview', { body: { html: '<p>\n{% if x %}open</p>', data: { x: 1 } } });
      expect(answer.status).toBe(200);
      expect(answer.json.data).toMatchObject({ valid: false, page_count: 0, pages: [], problems: [{ type: 'syntax_error', line: 2 }] });
    });

    it('answers 422 with the validation envelope, and 401 without a key', async () => {
      const invalid = await call('POST', '/v1/templates/preview', { body: { html: 'x', width: 99, format: 'bmp' } });
      expect(invalid.status).toBe(422);
      expect(invalid.json).toEqual({
        success: false,
        message: 'Validation failed',
        errors: [
          { field: 'width', type: 'greater_than_equal', message: 'Input should be greater than or equal to 100' },
          { field: 'format', type: 'literal_error', message: "Input should be 'png', 'jpeg' or 'webp'" },
        ],
      });
      expect((await call('POST', '/v1/templates/preview', { body: { html: 'x' }, key: null })).status).toBe(401);
    });
  });

  describe('GET /v1/documents/:document_id/pages/:n.png', () => {
    it('paints a page of the caller’s stored document at the width asked, HEAD alike, no quota used', async () => {
      const id = await storedDocument();
      const used = (await call('GET', '/v1/usage')).json.data.used as number;
      const answer = await call('GET', `/v1/documents/${id}/pages/2.png?width=300`);
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toBe('image/png');
      expect(answer.headers.get('x-page-count')).toBe('2');
      expect(Number(answer.headers.get('content-length'))).toBe(answer.bytes.byteLength);
      expect(await readPageImage(answer.bytes)).toMatchObject({ width: 300, inked: expect.any(Number) });
      expect((await readPageImage((await call('GET', `/v1/documents/${id}/pages/1.png`)).bytes)).width).toBe(800);
      const head = await call('HEAD', `/v1/documents/${id}/pages/1.png`);
      expect(head.status).toBe(200);
      expect(head.bytes.byteLength).toBe(0);
      expect((await call('GET', '/v1/usage')).json.data.used).toBe(used);
    });

    it('lets a page of an allowed origin read the page count', async () => {
      const app = 'https://app.example';
      const allowed = await startServer({ http: { cors: { origins: [app] } } });
      try {
        const made = await fetch(`${allowed.url}/v1/documents/quick/generate`, {
          method: 'POST',
          headers: { authorization: `Bearer ${ALICE_KEY}`, 'content-type': 'application/json' },
          body: JSON.stringify({ html: '<p>x</p>', data: {}, response_type: 'document_id' }),
        });
        const id = ((await made.json()) as { data: { document_id: string } }).data.document_id;
        const page = await fetch(`${allowed.url}/v1/documents/${id}/pages/1.png?width=100`, { headers: { authorization: `Bearer ${ALICE_KEY}`, origin: app } });
        expect(page.headers.get('access-control-allow-origin')).toBe(app);
        expect(page.headers.get('access-control-expose-headers')?.split(', ')).toContain('X-Page-Count');
      } finally {
        await allowed.close();
      }
    });

    it('paints JPEG and WebP at .jpeg and .webp', async () => {
      const id = await storedDocument();
      for (const format of ['jpeg', 'webp']) {
        const answer = await call('GET', `/v1/documents/${id}/pages/1.${format}?width=400`);
        expect(answer.status).toBe(200);
        expect(answer.headers.get('content-type')).toBe(`image/${format}`);
        expect(answer.headers.get('content-disposition')).toMatch(new RegExp(`-page-1\\.${format}"$`));
        expect((await decodeImage(answer.bytes)).width).toBe(400);
      }
    });

    it.skipIf(!hasPdftoppm())('paints the page as pdftoppm draws the stored PDF, almost pixel for pixel', async () => {
      const html = '<h1 style="color: rgb(200, 0, 0)">Invoice {{ n }}</h1><table border="1"><tr><td>Widget</td><td>3</td></tr></table><p style="background: #def; padding: 12px">Thank you.</p>';
      const made = await call('POST', '/v1/documents/quick/generate', { body: { html, data: { n: 42 }, response_type: 'document_id' } });
      const id = made.json.data.document_id as string;
      const pdf = (await call('GET', `/v1/documents/download/${id}`)).bytes;
      const [drawn] = pdftoppmPages(pdf, 96);
      const reference = await decodeImage(new Uint8Array(drawn!));
      const painted = await decodeImage((await call('GET', `/v1/documents/${id}/pages/1.png?width=${reference.width}`)).bytes);
      const match = agreement(painted, reference);
      expect(Math.abs(painted.height - reference.height)).toBeLessThanOrEqual(1);
      expect(match.differing).toBeLessThan(0.01);
      expect(match.meanDifference).toBeLessThan(2);
    });

    it('answers 404 for pages it lacks and documents not the caller’s, 422 for a width out of bounds', async () => {
      const id = await storedDocument();
      const past = await call('GET', `/v1/documents/${id}/pages/3.png`);
      expect(past.status).toBe(404);
      expect(past.json).toEqual({ success: false, message: 'Page not found. The document has 2 pages, numbered from 1.', data: [] });
      expect((await call('GET', `/v1/documents/${id}/pages/0.png`)).status).toBe(404);
      expect((await call('GET', `/v1/documents/${id}/pages/1.png`, { key: BOB_KEY })).json).toEqual({ success: false, message: 'Document not found.', data: [] });
      expect((await call('GET', `/v1/documents/document-nope/pages/1.png`)).status).toBe(404);
      expect((await call('GET', `/v1/documents/${id}/pages/1.gif`)).status).toBe(404);
      const wide = await call('GET', `/v1/documents/${id}/pages/1.png?width=5000`);
      expect(wide.status).toBe(422);
      expect(wide.json).toEqual({ success: false, message: 'Validation failed', errors: [{ field: 'width', type: 'less_than_equal', message: 'Input should be less than or equal to 2000' }] });
    });
  });
});

describe('page images on a server whose engine cannot paint them', () => {
  let server: TestServer;
  let call: ReturnType<typeof client>;
  beforeAll(async () => {
    const native = createNativeEngine();
    const pdfOnly: PdfEngine = { name: 'pdf-only', render: (html, options) => native.render(html, options) };
    server = await startServer({ service: { engine: pdfOnly } });
    call = client(server.url);
  });
  afterAll(() => server.close());

  it('answers 501 saying what to install, for previews and stored documents alike', async () => {
    const preview = await call('POST', '/v1/templates/preview', { body: { html: '<p>x</p>' } });
    expect(preview.status).toBe(501);
    expect(preview.json).toEqual({ success: false, message: expect.stringContaining('npm install @napi-rs/canvas'), data: [] });
    const made = await call('POST', '/v1/documents/quick/generate', { body: { html: '<p>x</p>', data: {}, response_type: 'document_id' } });
    const page = await call('GET', `/v1/documents/${made.json.data.document_id}/pages/1.png`);
    expect(page.status).toBe(501);
  });

  it('answers 409 for a password-protected document, whose HTML is not kept', async () => {
    const made = await call('POST', '/v1/documents/quick/generate', { body: { html: '<p>secret</p>', data: {}, response_type: 'document_id', password: 'hunter22' } });
    const page = await call('GET', `/v1/documents/${made.json.data.document_id}/pages/1.png`);
    expect(page.status).toBe(409);
    expect(page.json.message).toMatch(/^Password-protected documents have no page images/);
  });
});
