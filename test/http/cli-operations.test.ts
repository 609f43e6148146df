// `pagesmith serve` in operation: health and readiness (503 when its database goes away), Prometheus metrics, one JSON access line per request, and a graceful stop.
import { createServer, connect, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceUrl, testPostgres, type TestPostgres } from '../../src/testing/test-databases.js';
import { serve, type Served } from './cli-harness.js';
import { ALICE_KEY, isPdf } from './harness.js';
import { scrapeMetrics } from './scrape-metrics.js';

const ACCOUNT = 'acct-operations';
const env = { PAGESMITH_API_KEYS: `${ALICE_KEY}:${ACCOUNT}` };
const auth = { authorization: `Bearer ${ALICE_KEY}` };
const SECRET_TEXT = 'Confidential merger memo Orinoco-5521';
const quick = { html: '<h1>{{ title }}</h1><div style="page-break-before: always">Two</div>', data: { title: SECRET_TEXT }, response_type: 'pdf' };
/** Thousands of paragraphs (a loop Liquid and Jinja both read): a render of some seconds on one thread. */
const slow = {
  html: '{% for paragraph in paragraphs %}<p>{{ paragraph }}</p>{% endfor %}',
  data: { paragraphs: Array.from({ length: 12000 }, (_, n) => `Paragraph ${n}, long enough to wrap once or twice across the line of a page.`) },
  response_type: 'pdf',
};

async function until<T>(probe: () => Promise<T | undefined | false>, what: string, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The JSON lines of serve's log so far (the plain startup lines left out). */
function logLines(served: Served): Record<string, unknown>[] {
  return served
    .stdout()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

const accessLines = (served: Served): Record<string, unknown>[] => logLines(served).filter((line) => line['msg'] === 'request');

function post(url: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${url}/v1/documents/quick/generate`, { method: 'POST', headers: { ...auth, 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
}

describe('pagesmith serve operations', () => {
  it('answers /healthz and /readyz without a key, and its metrics move with generate calls', async () => {
    const served = await serve(['--threads', '1', '--monthly-limit', '2'], env);
    try {
      expect(await (await fetch(`${served.url}/healthz`)).json()).toEqual({ status: 'ok' });
      // Not ready until its threads have started and answer (the first probe starts them).
      const ready = await until(async () => {
        const answer = await fetch(`${served.url}/readyz`);
        return answer.status === 200 ? answer : void (await answer.arrayBuffer());
      }, 'the threads to answer');
      const readiness = (await ready.json()) as { status: string; checks: { name: string; status: string }[] };
      expect(readiness.checks.map((check) => check.name)).toEqual(['engine', 'template_threads']);
      expect(readiness.checks.every((check) => check.status === 'ok')).toBe(true);

      const before = await scrapeMetrics(served.url);
      expect(before.value('pagesmith_render_threads', { state: 'idle' })).toBe(1);
      expect(before.value('pagesmith_render_thread_restarts_total')).toBe(0);
      for (let made = 0; made < 2; made += 1) expect(isPdf(new Uint8Array(await (await post(served.url, quick)).arrayBuffer()))).toBe(true);
      expect((await post(served.url, quick)).status).toBe(400);

      const after = await scrapeMetrics(served.url);
      const route = '/v1/documents/quick/generate';
      expect(after.value('pagesmith_http_requests_total', { method: 'POST', route, status: '200' })).toBe(2);
      expect(after.value('pagesmith_http_requests_total', { method: 'POST', route, status: '400' })).toBe(1);
      expect(after.value('pagesmith_documents_total', { response_type: 'pdf' })).toBe(2);
      expect(after.value('pagesmith_pages_rendered_total')).toBe(4);
      expect(after.value('pagesmith_quota_refusals_total')).toBe(1);
      expect(Number(after.sample('pagesmith_render_duration_seconds')?.count)).toBe(2);
      expect(after.value('process_resident_memory_bytes')).toBeGreaterThan(0);
    } finally {
      expect(await served.stop()).toBe(0);
    }
  });

  it('logs one JSON line per request on stdout, with its id, route, status, time and account, and no key or content', async () => {
    const served = await serve(['--threads', '1'], env);
    try {
      const sent: [string, () => Promise<Response>][] = [
        ['log-generate', () => post(served.url, quick, { 'x-request-id': 'log-generate' })],
        ['log-usage', () => fetch(`${served.url}/v1/usage`, { headers: { ...auth, 'x-request-id': 'log-usage' } })],
        ['log-bad-key', () => fetch(`${served.url}/v1/usage`, { headers: { authorization: 'Bearer sk_wrong_key_42', 'x-request-id': 'log-bad-key' } })],
        ['log-missing', () => fetch(`${served.url}/v1/templates/nothing-here`, { headers: { ...auth, 'x-request-id': 'log-missing' } })],
        ['log-unmatched', () => fetch(`${served.url}/no/such/path?token=abc`, { headers: { 'x-request-id': 'log-unmatched' } })],
        ['log-head', () => fetch(`${served.url}/healthz`, { method: 'HEAD', headers: { 'x-request-id': 'log-head' } })],
        ['log-metrics', () => fetch(`${served.url}/metrics`, { headers: { 'x-request-id': 'log-metrics' } })],
      ];
      for (const [id, send] of sent) {
        const response = await send();
        expect(response.headers.get('x-request-id')).toBe(id);
        await response.arrayBuffer();
      }
      const made = await fetch(`${served.url}/healthz`);
      const madeId = made.headers.get('x-request-id') as string;
      expect(madeId).toMatch(/^[0-9a-f-]{36}$/);
      // A last request, once all the others are logged: had any been logged twice, it would show now.
      await until(async () => accessLines(served).length === sent.length + 1, 'the access lines');
      await (await fetch(`${served.url}/healthz`, { headers: { 'x-request-id': 'log-last' } })).arrayBuffer();
      const lines = await until(async () => (accessLines(served).length === sent.length + 2 ? accessLines(served) : undefined), 'the last access line');
      expect(lines.map((line) => line['request_id'])).toEqual([...sent.map(([id]) => id), madeId, 'log-last']);

      const byId = new Map(lines.map((line) => [line['request_id'], line]));
      expect(byId.get('log-generate')).toMatchObject({ level: 'info', method: 'POST', route: '/v1/documents/quick/generate', status: 200, account: ACCOUNT });
      expect(byId.get('log-generate')?.['duration_ms']).toBeGreaterThan(0);
      expect(byId.get('log-usage')).toMatchObject({ method: 'GET', route: '/v1/usage', status: 200, account: ACCOUNT });
      expect(byId.get('log-bad-key')).toMatchObject({ route: '/v1/usage', status: 401, account: null });
      expect(byId.get('log-missing')).toMatchObject({ route: '/v1/templates/:template_id', status: 404, account: ACCOUNT });
      expect(byId.get('log-unmatched')).toMatchObject({ route: '(unmatched)', status: 404 });
      expect(byId.get('log-head')).toMatchObject({ method: 'HEAD', route: '/healthz', status: 200 });
      for (const line of lines) {
        expect(typeof line['time']).toBe('string');
        expect(line['service']).toBe('pagesmith');
      }
      const log = served.stdout();
      expect(log).not.toContain(ALICE_KEY);
      expect(log).not.toContain('sk_wrong_key_42');
      expect(log).not.toContain(SECRET_TEXT);
      expect(log).not.toContain('token=abc');
      expect(log).not.toContain('nothing-here');
    } finally {
      expect(await served.stop()).toBe(0);
    }
  });

  it('leaves the operations routes out with --no-operations, and logs nothing with --log-level silent', async () => {
    const served = await serve(['--threads', '0', '--no-operations', '--log-level', 'silent'], env);
    try {
      for (const path of ['/healthz', '/readyz', '/metrics']) expect((await fetch(`${served.url}${path}`)).status).toBe(404);
      const document = (await (await fetch(`${served.url}/v1/openapi.json`)).json()) as { paths: Record<string, unknown> };
      expect(Object.keys(document.paths)).not.toContain('/metrics');
      expect((await fetch(`${served.url}/v1/usage`, { headers: auth })).status).toBe(200);
    } finally {
      expect(await served.stop()).toBe(0);
    }
    expect(logLines(served)).toEqual([]);
  });
});

describe('pagesmith serve stopping on SIGTERM', () => {
  it('stops accepting connections, finishes the render in flight, then exits 0', async () => {
    const served = await serve(['--threads', '1', '--render-timeout-ms', '300000'], env);
    const rendering = post(served.url, slow);
    await until(async () => (await scrapeMetrics(served.url)).value('pagesmith_render_threads', { state: 'busy' }) === 1, 'the render to start');
    const exited = served.stop();
    // A connection kept alive from an earlier request breaks (ECONNRESET) when the server closes it
    // as idle; the next attempt opens a new one, which a server that stopped listening refuses.
    const refused = await until(
      () => fetch(`${served.url}/healthz`).then(
        () => false,
        (error: Error & { cause?: { code?: string } }) => (error.cause?.code === 'ECONNRESET' ? false : error.cause?.code),
      ),
      'the server to stop accepting connections',
    );
    expect(refused).toBe('ECONNREFUSED');
    const answer = await rendering;
    expect(answer.status).toBe(200);
    expect(answer.headers.get('connection')).toBe('close');
    expect(isPdf(new Uint8Array(await answer.arrayBuffer()))).toBe(true);
    expect(await exited).toBe(0);
    const log = logLines(served);
    const stopping = log.findIndex((line) => line['msg'] === 'shutting down');
    const rendered = log.findIndex((line) => line['msg'] === 'request' && line['route'] === '/v1/documents/quick/generate');
    expect(stopping).toBeGreaterThanOrEqual(0);
    expect(rendered).toBeGreaterThan(stopping);
    expect(log.at(-1)).toMatchObject({ msg: 'stopped' });
  }, 240_000);

  it('cuts a render still running at --shutdown-timeout-ms, says so, and still exits 0', async () => {
    const served = await serve(['--threads', '1', '--shutdown-timeout-ms', '100', '--render-timeout-ms', '300000'], env);
    const rendering = post(served.url, slow).then(
      (response) => response.arrayBuffer().then(() => 'answered'),
      () => 'cut',
    );
    await until(async () => (await scrapeMetrics(served.url)).value('pagesmith_render_threads', { state: 'busy' }) === 1, 'the render to start');
    expect(await served.stop()).toBe(0);
    expect(await rendering).toBe('cut');
    expect(logLines(served)).toContainEqual(expect.objectContaining({ level: 'warn', cut: 1, timeout_ms: 100 }));
  }, 120_000);
});

const databaseUrl = serviceUrl('DATABASE_URL', 'test/http/cli-operations.test.ts (readiness of pagesmith serve on PostgreSQL)');

/** A TCP relay on 127.0.0.1 to the database, which the test can cut and restore. */
interface Relay {
  readonly port: number;
  /** Stops listening and drops every connection through it. */
  close(): Promise<void>;
  /** Listens again on the same port. */
  reopen(): Promise<void>;
}

async function relayTo(host: string, port: number): Promise<Relay> {
  const sockets = new Set<Socket>();
  const make = (): Server =>
    createServer((client) => {
      const upstream = connect(port, host);
      for (const socket of [client, upstream]) {
        sockets.add(socket);
        socket.on('close', () => sockets.delete(socket));
        socket.on('error', () => socket.destroy());
      }
      client.pipe(upstream).pipe(client);
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
    });
  const listen = (server: Server, at: number): Promise<number> =>
    new Promise((resolve, reject) => {
      server.once('error', reject);
      server.listen(at, '127.0.0.1', () => resolve((server.address() as AddressInfo).port));
    });
  let server = make();
  const relayPort = await listen(server, 0);
  return {
    port: relayPort,
    async close() {
      const closed = new Promise((resolve) => server.close(resolve));
      for (const socket of sockets) socket.destroy();
      await closed;
    },
    async reopen() {
      server = make();
      await listen(server, relayPort);
    },
  };
}

describe.skipIf(databaseUrl === null)('pagesmith serve readiness on PostgreSQL', () => {
  let postgres: TestPostgres;
  let schema: string;
  beforeAll(async () => {
    postgres = testPostgres(databaseUrl as string);
    schema = await postgres.freshSchema();
  }, 60_000);
  afterAll(() => postgres?.close(), 60_000);

  it('answers /readyz 503 naming the database while it cannot be reached, and 200 once it can again', async () => {
    const target = new URL(databaseUrl as string);
    const relay = await relayTo(target.hostname, Number(target.port || 5432));
    const throughRelay = new URL(databaseUrl as string);
    throughRelay.hostname = '127.0.0.1';
    throughRelay.port = String(relay.port);
    const served = await serve(['--threads', '1', '--database-url', throughRelay.href, '--database-schema', schema], env);
    try {
      await until(async () => (await fetch(`${served.url}/readyz`)).status === 200, 'readiness');
      await relay.close();
      const unready = await fetch(`${served.url}/readyz`);
      expect(unready.status).toBe(503);
      const body = (await unready.json()) as { status: string; reason: string; checks: { name: string; status: string; reason?: string }[] };
      expect(body.status).toBe('unavailable');
      const database = body.checks.find((check) => check.name.startsWith('templates'));
      expect(database).toMatchObject({ status: 'failed' });
      expect(database?.reason).toContain(`ECONNREFUSED 127.0.0.1:${relay.port}`);
      expect(body.reason).toContain(`${database?.name}: `);
      expect(body.checks.find((check) => check.name === 'engine')).toMatchObject({ status: 'ok' });
      // Liveness asks nothing: the process is fine, only not ready.
      expect((await fetch(`${served.url}/healthz`)).status).toBe(200);

      await relay.reopen();
      await until(async () => (await fetch(`${served.url}/readyz`)).status === 200, 'readiness to come back');
    } finally {
      await relay.close().catch(() => undefined);
      expect(await served.stop()).toBe(0);
    }
  }, 120_000);
});
