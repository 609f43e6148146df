// The worker engine: the native engine on render threads, with the same output and errors as in
// process, the caller's resource loader reached across threads, aborts, heap caps and thread reuse.
import { afterAll, describe, expect, it } from 'vitest';
import { createNativeEngine } from '../../src/engine/native-engine.js';
import { PageLimitError, RenderMemoryLimitError } from '../../src/engine/errors.js';
import { createWorkerEngine } from '../../src/engine/worker/worker-engine.js';
import { ALICE, setup } from '../service/setup.js';
import { solidPng } from '../../src/testing/image-fixtures.js';
import { readPdf } from '../../src/testing/read-pdf.js';
import type { LoadedResource, ResourceLoader } from '../../src/resources/types.js';

const engine = createWorkerEngine({ threads: 2 });
afterAll(() => engine.close());

const table = (rows: number): string =>
  `<table><thead><tr><th>#</th><th>Item</th></tr></thead>${Array.from({ length: rows }, (_, i) => `<tr><td>${i + 1}</td><td>Row ${i + 1}</td></tr>`).join('')}</table>`;

describe('createWorkerEngine', () => {
  it('renders the same bytes as the in-process engine', async () => {
    const html = `<h1>Quarterly report</h1><p>Totals by line.</p>${table(120)}`;
    const [threaded, inProcess] = await Promise.all([
      engine.render(html, { deterministic: true }),
      createNativeEngine().render(html, { deterministic: true }),
    ]);
    expect(Buffer.from(threaded).equals(Buffer.from(inProcess))).toBe(true);
    const pdf = await readPdf(threaded);
    expect(pdf.pageCount).toBeGreaterThan(1);
    expect(pdf.pages[0].text).toContain('Quarterly report');
    expect(pdf.pages.at(-1)!.text).toContain('Row 120');
  });

  it('renders documents side by side on its threads, each its own', async () => {
    const names = ['Ada', 'Grace', 'Edsger', 'Barbara', 'Donald'];
    const pdfs = await Promise.all(names.map((name) => engine.render(`<p>Invoice for ${name}</p>`)));
    for (const [i, bytes] of pdfs.entries()) expect((await readPdf(bytes)).pages[0].text).toBe(`Invoice for ${names[i]}`);
  });

  it("loads images through the caller's resource loader, on the caller's thread", async () => {
    const asked: string[] = [];
    const loader: ResourceLoader = {
      documentBaseUrl: 'file:///assets/',
      load: async (url, kind, baseUrl) => {
        asked.push(`${kind} ${new URL(url, baseUrl).href}`);
        return url.endsWith('logo.png') ? ({ url: new URL(url, baseUrl).href, bytes: solidPng(40, 20), mimeType: 'image/png' } satisfies LoadedResource) : null;
      },
    };
    const bytes = await engine.render('<p>Logo:</p><img src="logo.png"><img src="missing.png" alt="no picture">', { resourceLoader: loader });
    expect(asked).toEqual(['image file:///assets/logo.png', 'image file:///assets/missing.png']);
    const pdf = await readPdf(bytes);
    expect(pdf.pages[0].text).toContain('no picture');
    // The loaded picture is in the file: an image XObject of its size.
    expect(Buffer.from(bytes).toString('latin1')).toMatch(/\/Subtype \/Image[\s\S]*?\/Width 40/);
  });

  it('rejects with PageLimitError, as the in-process engine does', async () => {
    const failure = engine.render(table(400), { maxPages: 2 });
    await expect(failure).rejects.toBeInstanceOf(PageLimitError);
    await expect(failure).rejects.toMatchObject({ limit: 2 });
  });

  it('password-protects its output itself', async () => {
    const bytes = await engine.render('<p>Salary statement</p>', { encryption: { userPassword: 'open sesame' } });
    await expect(readPdf(bytes)).rejects.toThrow();
    expect((await readPdf(bytes, { password: 'open sesame' })).pages[0].text).toBe('Salary statement');
  });

  it('rejects at once with the reason when aborted, and renders the next document', async () => {
    const controller = new AbortController();
    const reason = new Error('deadline passed');
    const aborted = engine.render(table(3000), { signal: controller.signal });
    setTimeout(() => controller.abort(reason), 20);
    await expect(aborted).rejects.toBe(reason);
    expect((await readPdf(await engine.render('<p>after</p>'))).pages[0].text).toBe('after');
    await expect(engine.render('<p>x</p>', { signal: AbortSignal.abort(reason) })).rejects.toBe(reason);
  });

  it("keeps the caller's event loop free while it renders", async () => {
    let ticks = 0;
    const timer = setInterval(() => ticks++, 1);
    try {
      await engine.render(table(2000));
    } finally {
      clearInterval(timer);
    }
    expect(ticks).toBeGreaterThan(0);
  });

  it('fails a document that needs more heap than allowed with RenderMemoryLimitError, then renders on a new thread', async () => {
    const small = createWorkerEngine({ maxHeapMb: 48 });
    try {
      await expect(small.render(table(40_000), { maxPages: 100_000 })).rejects.toBeInstanceOf(RenderMemoryLimitError);
      expect((await readPdf(await small.render('<p>still here</p>'))).pages[0].text).toBe('still here');
    } finally {
      await small.close();
    }
  });

  it('rejects queued and new renders once closed', async () => {
    const closing = createWorkerEngine();
    const outcomes = Promise.allSettled([closing.render(table(500)), closing.render('<p>queued</p>')]);
    await closing.close();
    for (const outcome of await outcomes) expect(outcome).toMatchObject({ status: 'rejected', reason: { message: 'The worker engine was closed' } });
    await expect(closing.render('<p>late</p>')).rejects.toThrow(/closed/);
  });

  it('serves a document service, which reports its page and memory limits as 422s and keeps the quota unit', async () => {
    const { service, quota } = setup({ engine, limits: { maxPages: 1 } });
    const ok = await service.quickGenerate({ html: '<p>Hello {{ name }}</p>', data: { name: 'Ada' }, response_type: 'pdf' }, ALICE);
    expect(ok.status).toBe(200);
    expect(await quota.usage(ALICE.accountId, '2026-03')).toEqual({ used: 1, reserved: 0 });
    const tooLong = await service.quickGenerate({ html: table(200), data: {}, response_type: 'pdf' }, ALICE);
    expect(tooLong.status).toBe(422);
    const small = createWorkerEngine({ maxHeapMb: 48 });
    try {
      const bounded = setup({ engine: small, limits: { maxPages: 100_000 } });
      const tooBig = await bounded.service.quickGenerate({ html: table(40_000), data: {}, response_type: 'pdf' }, ALICE);
      expect(tooBig).toMatchObject({ ok: false, status: 422 });
      expect(await bounded.quota.usage(ALICE.accountId, '2026-03')).toEqual({ used: 0, reserved: 0 });
    } finally {
      await small.close();
    }
  });
});
