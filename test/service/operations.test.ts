// What operations tooling asks of a service: readiness per dependency, thread figures, what a
// made document was (onDocument) and which limit stopped a call (limitFailure).
import { describe, expect, it } from 'vitest';
import { limitFailure } from '../../src/service/index.js';
import { MemoryDocumentStore, MemoryQuotaStore, MemoryTemplateStore, TemplateLimitError, type DocumentReport, type PdfEngine } from '../../src/index.js';
import { ALICE, setup } from './setup.js';
import { createNativeEngine } from '../../src/engine/native-engine.js';

const refused = (message: string) => async (): Promise<void> => {
  throw new Error(message);
};

describe('an engine getting ready', () => {
  it('is asked once, with its first document, before that document is rendered', async () => {
    const events: string[] = [];
    const native = createNativeEngine();
    const engine: PdfEngine = {
      name: 'counting',
      ping: async () => void events.push('ping'),
      render: async (html, options) => {
        events.push('render');
        return native.render(html, options);
      },
    };
    const { service } = setup({ engine });
    for (const name of ['Ada', 'Grace', 'Edsger']) {
      expect((await service.quickGenerate({ html: '<p>{{ name }}</p>', data: { name }, response_type: 'pdf' }, ALICE)).status).toBe(200);
    }
    expect(events).toEqual(['ping', 'render', 'render', 'render']);
  });

  it('renders on when getting ready fails: the render reports what is wrong', async () => {
    const native = createNativeEngine();
    const engine: PdfEngine = { name: 'unready', ping: async () => Promise.reject(new Error('not yet')), render: (html, options) => native.render(html, options) };
    const { service } = setup({ engine });
    expect((await service.quickGenerate({ html: '<p>x</p>', data: {}, response_type: 'pdf' }, ALICE)).status).toBe(200);
  });

  it('is the native engine loading its modules', async () => {
    await expect(createNativeEngine().ping?.()).resolves.toBeUndefined();
  });
});

describe('service.operations.readiness', () => {
  it('asks the template threads even when nothing else can answer', async () => {
    const { service } = setup();
    const checks = await service.operations.readiness();
    expect(checks).toEqual([{ name: 'template_threads', ok: true, durationMs: expect.any(Number) }]);
  });

  it('asks every store with a ping, the engine with a ping and the extra checks, and says which failed and why', async () => {
    const templates = Object.assign(new MemoryTemplateStore(), { ping: async () => undefined });
    const documents = Object.assign(new MemoryDocumentStore(), { ping: refused('connect ECONNREFUSED 127.0.0.1:5432') });
    const engine: PdfEngine = { name: 'fake', render: async () => new Uint8Array(), ping: refused('A render thread failed: out of memory') };
    const { service } = setup({ templates, documents, engine });
    const checks = await service.operations.readiness({ checks: { redis: async () => 'PONG' } });
    expect(checks.map(({ durationMs: _, ...check }) => check)).toEqual([
      { name: 'templates', ok: true },
      { name: 'documents', ok: false, reason: 'connect ECONNREFUSED 127.0.0.1:5432' },
      { name: 'engine', ok: false, reason: 'A render thread failed: out of memory' },
      { name: 'template_threads', ok: true },
      { name: 'redis', ok: true },
    ]);
  });

  it('asks a store serving several roles once, under all their names', async () => {
    let pings = 0;
    const shared = Object.assign(new MemoryQuotaStore(), { ping: async () => void (pings += 1) });
    const { service } = setup({ quota: shared, documents: shared as unknown as MemoryDocumentStore });
    const checks = await service.operations.readiness();
    expect(checks.map((check) => check.name)).toEqual(['documents+quota', 'template_threads']);
    expect(pings).toBe(1);
  });

  it('fails a check that does not answer in time, without waiting for it', async () => {
    const documents = Object.assign(new MemoryDocumentStore(), { ping: () => new Promise<void>(() => undefined) });
    const { service } = setup({ documents });
    const started = Date.now();
    const checks = await service.operations.readiness({ timeoutMs: 50 });
    expect(checks[0]).toMatchObject({ name: 'documents', ok: false, reason: 'did not answer within 50 ms' });
    expect(Date.now() - started).toBeLessThan(2000);
  });
});

describe('service.operations.threadStats', () => {
  it('gives the engine’s render threads when it has them, and the template threads', async () => {
    const stats = { threads: 2, busy: 1, queued: 3, restarts: 4 };
    const threaded = setup({ engine: { name: 'fake', render: async () => new Uint8Array(), threadStats: () => stats } }).service.operations.threadStats();
    expect(threaded.render).toEqual(stats);
    expect(threaded.template).toEqual({ threads: expect.any(Number), busy: expect.any(Number), queued: expect.any(Number), restarts: expect.any(Number) });
    expect(setup().service.operations.threadStats().render).toBeNull();
  });
});

describe('onDocument', () => {
  const THREE_PAGES = '<p style="break-after: page">{{ a }}</p><p style="break-after: page">b</p><p>c</p>';

  it('tells what each made document was: response type, pages, size and render time', async () => {
    const { service, template } = setup();
    const reports: DocumentReport[] = [];
    const onDocument = (report: DocumentReport): void => void reports.push(report);
    const quick = await service.quickGenerate({ html: THREE_PAGES, data: { a: 'A' }, response_type: 'pdf' }, ALICE, { onDocument });
    const { template: stored } = await template(THREE_PAGES);
    const kept = await service.generate({ template_id: stored.id, data: { a: 'A' }, response_type: 'document_id', password: 'secret' }, ALICE, { onDocument });
    expect(quick.ok && kept.ok).toBe(true);
    expect(reports).toEqual([
      { responseType: 'pdf', pages: 3, sizeBytes: (quick.body as Uint8Array).byteLength, renderMs: expect.any(Number), warnings: [] },
      { responseType: 'document_id', pages: 3, sizeBytes: expect.any(Number), renderMs: expect.any(Number), warnings: [] },
    ]);
    expect(reports[0]!.renderMs).toBeGreaterThan(0);
  });

  it('is not told of a call that made no document, and a listener that throws changes nothing', async () => {
    const { service } = setup({ monthlyLimit: 1 });
    const reports: DocumentReport[] = [];
    await service.quickGenerate({ html: '{{ missing }}', data: {}, response_type: 'pdf' }, ALICE, { onDocument: (report) => void reports.push(report) });
    expect(reports).toEqual([]);
    const made = await service.quickGenerate({ html: '<p>x</p>', data: {}, response_type: 'pdf' }, ALICE, {
      onDocument: () => {
        throw new Error('metrics broke');
      },
    });
    expect(made.status).toBe(200);
    const refusedByQuota = await service.quickGenerate({ html: '<p>x</p>', data: {}, response_type: 'pdf' }, ALICE, { onDocument: (report) => void reports.push(report) });
    expect(refusedByQuota.status).toBe(400);
    expect(reports).toEqual([]);
  });
});

describe('limitFailure', () => {
  it('names a template limit', () => {
    expect(limitFailure(new TemplateLimitError({ limit: 'iterations', maximum: 10 }))).toEqual({ stage: 'template', limit: 'iterations' });
    expect(limitFailure(new Error('something else'))).toBeNull();
    expect(limitFailure('not an error')).toBeNull();
  });

  it('names the engine limit behind the contract’s 422 and 500', async () => {
    const pages = await setup({ limits: { maxPages: 1 } }).service.quickGenerate({ html: '<p style="break-after: page">1</p><p>2</p>', data: {}, response_type: 'pdf' }, ALICE);
    expect(pages.status).toBe(422);
    expect(!pages.ok && limitFailure(pages.error)).toEqual({ stage: 'engine', limit: 'pages' });
    // An engine that never answers: the service's own timer ends the render.
    const hanging: PdfEngine = { name: 'hangs', render: () => new Promise(() => undefined) };
    const late = await setup({ engine: hanging, limits: { renderTimeoutMs: 50 } }).service.quickGenerate({ html: '<p>x</p>', data: {}, response_type: 'pdf' }, ALICE);
    expect(late.status).toBe(500);
    expect(!late.ok && limitFailure(late.error)).toEqual({ stage: 'engine', limit: 'time' });
  });
});
