// The operations routes over a real node:http server: health, readiness (and why not), Prometheus metrics, X-Request-Id, one access line per request.
import express from 'express';
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Gauge, Registry } from 'prom-client';
import { afterEach, describe, expect, it } from 'vitest';
import { createDocumentService, createFetchHandler, createWorkerEngine, MAX_REQUEST_ID_LENGTH, openApiDocument, staticApiKeys, toNodeHandler, type Logger } from '../../src/index.js';
import { ALICE_KEY, client, closeServer, isPdf, KEYS, startServer, UUID, type TestServer, type TestServerOptions } from './harness.js';
import { scrapeMetrics } from './scrape-metrics.js';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function start(options: TestServerOptions = {}): Promise<TestServer> {
  server = await startServer(options);
  return server;
}

/** A logger keeping what it is given, as pino would write it. */
function collectingLogger(): Logger & { readonly lines: { level: string; fields: Record<string, unknown>; message: string }[] } {
  const lines: { level: string; fields: Record<string, unknown>; message: string }[] = [];
  const method = (level: string) => (fields: Record<string, unknown>, message: string) => lines.push({ level, fields, message });
  return { lines, debug: method('debug'), info: method('info'), warn: method('warn'), error: method('error') };
}

const SECRET_TEXT = 'Quarterly figures for Zanzibar-7734';
const quick = { html: '<h1>{{ title }}</h1><p>Page one</p><div style="page-break-before: always">Page two</div>', data: { title: SECRET_TEXT }, response_type: 'pdf' };

describe('operations routes', () => {
  it('GET /healthz answers 200 without an API key, never cached', async () => {
    const { url } = await start();
    const answer = await client(url)('GET', '/healthz', { key: null });
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({ status: 'ok' });
    expect(answer.headers.get('cache-control')).toBe('no-store');
    const head = await fetch(`${url}/healthz`, { method: 'HEAD' });
    expect(head.status).toBe(200);
  });

  it('GET /readyz answers 200 with each dependency it asked', async () => {
    const { url } = await start();
    const answer = await client(url)('GET', '/readyz', { key: null });
    expect(answer.status).toBe(200);
    expect(answer.json.status).toBe('ok');
    expect(answer.json.reason).toBeUndefined();
    expect(answer.json.checks.map((check: { name: string }) => check.name)).toContain('template_threads');
    for (const check of answer.json.checks) expect(check.status).toBe('ok');
  });

  it('GET /readyz answers 503 naming the check that failed, and its reason', async () => {
    const { url } = await start({
      http: { operations: { checks: { upstream: () => Promise.reject(new Error('connection refused')), cache: () => Promise.resolve() } } },
    });
    const answer = await client(url)('GET', '/readyz', { key: null });
    expect(answer.status).toBe(503);
    expect(answer.json.status).toBe('unavailable');
    expect(answer.json.reason).toBe('upstream: connection refused');
    expect(answer.json.checks).toContainEqual(expect.objectContaining({ name: 'upstream', status: 'failed', reason: 'connection refused' }));
    expect(answer.json.checks).toContainEqual(expect.objectContaining({ name: 'cache', status: 'ok' }));
  });

  it('GET /readyz answers 503 naming the engine when its render threads cannot start', async () => {
    // Too small a heap for a render thread even to load: each one started dies at once.
    const engine = createWorkerEngine({ threads: 1, maxHeapMb: 1, maxYoungHeapMb: 1 });
    try {
      const { url } = await start({ service: { engine } });
      const answer = await client(url)('GET', '/readyz', { key: null });
      expect(answer.status).toBe(503);
      expect(answer.json.reason).toMatch(/^engine: \S/);
      expect(answer.json.checks).toContainEqual(expect.objectContaining({ name: 'engine', status: 'failed' }));
      expect(answer.json.checks).toContainEqual(expect.objectContaining({ name: 'template_threads', status: 'ok' }));
    } finally {
      await engine.close();
    }
  });

  it('GET /readyz answers 503 once the engine’s render threads are closed', async () => {
    const engine = createWorkerEngine({ threads: 1 });
    const { url } = await start({ service: { engine } });
    await engine.close();
    const answer = await client(url)('GET', '/readyz', { key: null });
    expect(answer.status).toBe(503);
    expect(answer.json.checks).toContainEqual(expect.objectContaining({ name: 'engine', status: 'failed' }));
  });

  it('GET /readyz counts a check that does not answer in time as failed', async () => {
    const { url } = await start({ http: { operations: { readinessTimeoutMs: 100, checks: { stuck: () => new Promise(() => undefined) } } } });
    const answer = await client(url)('GET', '/readyz', { key: null });
    expect(answer.status).toBe(503);
    expect(answer.json.reason).toBe('stuck: did not answer within 100 ms');
  });

  it('GET /readyz answers 503 "shutting down" once the shutdown signal is aborted, while /healthz stays 200', async () => {
    const shutdown = new AbortController();
    const { url } = await start({ http: { operations: { shutdown: shutdown.signal } } });
    const call = client(url);
    expect((await call('GET', '/readyz', { key: null })).status).toBe(200);
    shutdown.abort();
    const answer = await call('GET', '/readyz', { key: null });
    expect(answer.status).toBe(503);
    expect(answer.json).toEqual({ status: 'unavailable', reason: 'shutting down', checks: [] });
    expect((await call('GET', '/healthz', { key: null })).status).toBe(200);
  });

  it('operations: false turns the routes off, and openApiDocument({ operations: false }) leaves them out', async () => {
    const { url } = await start({ http: { operations: false } });
    const call = client(url);
    for (const path of ['/healthz', '/readyz', '/metrics']) expect((await call('GET', path, { key: null })).status).toBe(404);
    const served = (await (await fetch(`${url}/v1/openapi.json`)).json()) as { paths: Record<string, unknown>; tags: { name: string }[] };
    expect(Object.keys(served.paths)).not.toContain('/healthz');
    expect(served.tags.map((tag) => tag.name)).not.toContain('Operations');
    expect(openApiDocument({ operations: false })).toEqual(served);
  });

  it('serves the routes under the prefix', async () => {
    const { url } = await start({ http: { prefix: '/pdf' } });
    expect((await fetch(`${url}/pdf/healthz`)).status).toBe(200);
    expect((await fetch(`${url}/healthz`)).status).toBe(404);
  });
});

describe('GET /metrics', () => {
  it('is the Prometheus text format, and its counters move with generate calls', async () => {
    const { url } = await start({ service: { monthlyLimit: 2 } });
    const call = client(url);
    const before = await scrapeMetrics(url);
    expect(before.type('pagesmith_http_requests_total')).toBe('COUNTER');
    expect(before.type('pagesmith_render_duration_seconds')).toBe('HISTOGRAM');
    expect(before.type('pagesmith_render_thread_restarts_total')).toBe('COUNTER');
    expect(before.type('process_cpu_user_seconds_total')).toBe('COUNTER');

    for (let made = 0; made < 2; made += 1) expect(isPdf((await call('POST', '/v1/documents/quick/generate', { body: quick })).bytes)).toBe(true);
    expect((await call('POST', '/v1/documents/quick/generate', { body: quick })).status).toBe(400);
    expect((await call('GET', '/v1/documents/no-such-document')).status).toBe(404);
    expect((await call('GET', '/v1/usage', { key: 'sk_wrong' })).status).toBe(401);

    const after = await scrapeMetrics(url);
    const route = '/v1/documents/quick/generate';
    expect(after.value('pagesmith_http_requests_total', { method: 'POST', route, status: '200' })).toBe(2);
    expect(after.value('pagesmith_http_requests_total', { method: 'POST', route, status: '400' })).toBe(1);
    expect(after.value('pagesmith_http_requests_total', { method: 'GET', route: '/v1/documents/:document_id', status: '404' })).toBe(1);
    expect(after.value('pagesmith_http_requests_total', { method: 'GET', route: '/v1/usage', status: '401' })).toBe(1);
    expect(after.value('pagesmith_http_requests_total', { method: 'GET', route: '/metrics', status: '200' })).toBe(1);
    expect(after.value('pagesmith_documents_total', { response_type: 'pdf' })).toBe(2);
    expect(after.value('pagesmith_pages_rendered_total')).toBe(4);
    expect(after.value('pagesmith_quota_refusals_total')).toBe(1);
    const render = after.sample('pagesmith_render_duration_seconds');
    expect(Number(render?.count)).toBe(2);
    expect(Number(render?.sum)).toBeGreaterThan(0);
    expect(Number(render?.buckets?.['+Inf'])).toBe(2);
  });

  it('counts a path no route has under one label, whatever was asked', async () => {
    const { url } = await start();
    await fetch(`${url}/wp-admin/${'x'.repeat(50)}`);
    await fetch(`${url}/.env`);
    const scrape = await scrapeMetrics(url);
    expect(scrape.value('pagesmith_http_requests_total', { method: 'GET', route: '(unmatched)', status: '404' })).toBe(2);
    expect(JSON.stringify(scrape.families)).not.toContain('wp-admin');
  });

  it('counts template limits that stopped a render, by limit', async () => {
    const { url } = await start({ service: { limits: { templateOutputChars: 1000 } } });
    // A loop Liquid and Jinja both read, writing more than the limit allows.
    const body = { html: '{% for item in items %}<p>{{ item }}</p>{% endfor %}', data: { items: Array.from({ length: 500 }, (_, n) => n) }, response_type: 'pdf' };
    expect((await client(url)('POST', '/v1/documents/quick/generate', { body })).status).toBe(500);
    expect((await scrapeMetrics(url)).value('pagesmith_template_limit_failures_total', { limit: 'output' })).toBe(1);
  });

  it('registers in a registry the app gives, beside the app’s own metrics', async () => {
    const registry = new Registry();
    const depth = new Gauge({ name: 'app_queue_depth', help: 'Jobs waiting', registers: [registry] });
    depth.set(7);
    const { url } = await start({ http: { operations: { registry, processMetrics: false } } });
    const scrape = await scrapeMetrics(url);
    expect(scrape.value('app_queue_depth')).toBe(7);
    expect(scrape.type('pagesmith_http_requests_total')).toBe('COUNTER');
    expect(scrape.type('process_cpu_user_seconds_total')).toBeUndefined();
    // The parser drops the labels of labelled histograms; the registry itself says what it holds.
    const requestTime = await registry.getSingleMetric('pagesmith_http_request_duration_seconds')?.get();
    const count = requestTime?.values.find((value) => 'metricName' in value && value.metricName === 'pagesmith_http_request_duration_seconds_count' && value.labels['route'] === '/metrics');
    expect(count?.value).toBe(1);
  });
});

describe('X-Request-Id', () => {
  it('echoes a sane id the caller sent, on success and failure', async () => {
    const { url } = await start();
    const ok = await fetch(`${url}/v1/usage`, { headers: { authorization: `Bearer ${ALICE_KEY}`, 'x-request-id': 'req-42.abc_DEF:9' } });
    expect(ok.headers.get('x-request-id')).toBe('req-42.abc_DEF:9');
    const refused = await fetch(`${url}/v1/usage`, { headers: { 'x-request-id': 'req-43' } });
    expect(refused.status).toBe(401);
    expect(refused.headers.get('x-request-id')).toBe('req-43');
  });

  it('makes a UUID when none is sent, or the one sent is too long or not visible ASCII', async () => {
    const { url } = await start();
    const made = new RegExp(`^${UUID}$`);
    for (const given of [undefined, 'a'.repeat(MAX_REQUEST_ID_LENGTH + 1), 'two words', 'é-accent', '']) {
      const response = await fetch(`${url}/healthz`, { headers: given === undefined ? {} : { 'x-request-id': given } });
      expect(response.headers.get('x-request-id')).toMatch(made);
    }
    const longest = 'a'.repeat(MAX_REQUEST_ID_LENGTH);
    expect((await fetch(`${url}/healthz`, { headers: { 'x-request-id': longest } })).headers.get('x-request-id')).toBe(longest);
  });

  it('is exposed to browser pages of allowed origins', async () => {
    const { url } = await start({ http: { cors: { origins: ['https://app.example.com'] } } });
    const response = await fetch(`${url}/healthz`, { headers: { origin: 'https://app.example.com' } });
    expect(response.headers.get('access-control-expose-headers')).toContain('X-Request-Id');
  });
});

describe('access log', () => {
  it('writes one line per request, after its answer, with its id, route, status, time and account — no key, no content', async () => {
    const logger = collectingLogger();
    const { url } = await start({ http: { logger } });
    const call = client(url);
    await call('POST', '/v1/documents/quick/generate', { body: quick, headers: { 'x-request-id': 'render-1' } });
    await call('GET', '/v1/usage', { key: 'sk_not_a_key_0123' });
    await call('GET', '/healthz', { key: null });
    // The test client reads the OpenAPI document to check answers against: those lines are not the test's.
    const access = logger.lines.filter((line) => line.message === 'request' && line.fields['route'] !== '/v1/openapi.json');
    expect(access).toHaveLength(3);
    expect(access.every((line) => line.level === 'info')).toBe(true);
    const [render, refused, health] = access.map((line) => line.fields);
    expect(render).toMatchObject({ request_id: 'render-1', method: 'POST', route: '/v1/documents/quick/generate', status: 200, account: 'acct-alice' });
    expect(render?.['duration_ms']).toBeGreaterThan(0);
    expect(render?.['bytes_out']).toBeGreaterThan(1000);
    expect(refused).toMatchObject({ method: 'GET', route: '/v1/usage', status: 401, account: null });
    expect(health).toMatchObject({ route: '/healthz', status: 200, account: null });
    const everything = JSON.stringify(logger.lines);
    expect(everything).not.toContain(ALICE_KEY);
    expect(everything).not.toContain('sk_not_a_key_0123');
    expect(everything).not.toContain(SECRET_TEXT);
  });

  it('logs a 5xx at error level with its request id, beside its access line', async () => {
    const logger = collectingLogger();
    const { url } = await start({
      http: {
        logger,
        authenticate: () => {
          throw new Error('key service down');
        },
      },
    });
    const response = await fetch(`${url}/v1/usage`, { headers: { authorization: 'Bearer whatever', 'x-request-id': 'broken-1' } });
    expect(response.status).toBe(500);
    await response.arrayBuffer();
    expect(logger.lines.map((line) => [line.level, line.message])).toEqual([
      ['error', 'request failed'],
      ['info', 'request'],
    ]);
    expect(logger.lines[0]?.fields).toMatchObject({ request_id: 'broken-1', route: '/v1/usage', error: { type: 'Error', message: 'key service down' } });
  });

  it('logs and counts nothing for a request Express middleware hands on to the app', async () => {
    const logger = collectingLogger();
    const service = createDocumentService({ baseUrl: 'http://127.0.0.1' });
    const app = express();
    app.use(toNodeHandler(createFetchHandler(service, { authenticate: staticApiKeys(KEYS), logger })));
    app.get('/app/status', (_req, res) => {
      res.send('the app’s own');
    });
    const listening = createServer(app).listen(0, '127.0.0.1');
    await once(listening, 'listening');
    const base = `http://127.0.0.1:${(listening.address() as AddressInfo).port}`;
    try {
      expect(await (await fetch(`${base}/app/status`)).text()).toBe('the app’s own');
      expect((await fetch(`${base}/healthz`)).status).toBe(200);
      const scrape = await scrapeMetrics(base);
      expect(scrape.value('pagesmith_http_requests_total', { route: '(unmatched)' })).toBe(0);
      expect(scrape.value('pagesmith_http_requests_in_flight')).toBe(1);
      expect(logger.lines.map((line) => line.fields['route'])).toEqual(['/healthz', '/metrics']);
    } finally {
      await closeServer(listening);
    }
  });
});
