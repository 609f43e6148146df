// The framework examples: each started on 127.0.0.1 port 0 and called over a real socket; the Next.js route called with real Requests.
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { start as startExpress } from '../../examples/express.js';
import { start as startFastify } from '../../examples/fastify.js';
import { start as startHono } from '../../examples/hono.js';
import type { StartedExample } from '../../examples/express.js';
import { ALICE_KEY, client, isPdf, KEYS } from './harness.js';

describe.each([
  ['Express', startExpress],
  ['Fastify', startFastify],
  ['Hono', startHono],
])('%s example', (_name, start) => {
  let example: StartedExample;
  beforeAll(async () => {
    example = await start(0, { apiKeys: KEYS });
  });
  afterAll(() => example.close());

  it('generates, downloads and manages over a real socket', async () => {
    const call = client(example.url);
    const pdf = await call('POST', '/v1/documents/quick/generate', { body: { html: '<h1>{{ t }}</h1>', data: { t: 'hi' }, response_type: 'pdf' } });
    expect(pdf.status).toBe(200);
    expect(isPdf(pdf.bytes)).toBe(true);

    const made = await call('POST', '/v1/documents/quick/generate', { body: { html: '<p>x</p>', data: {}, response_type: 'document_id' } });
    expect(made.json.data.download_url.startsWith(`${example.url}/v1/documents/download/`)).toBe(true);
    const download = await fetch(made.json.data.download_url, { headers: { authorization: `Bearer ${ALICE_KEY}` } });
    expect(download.status).toBe(200);
    expect((await download.arrayBuffer()).byteLength).toBe(made.json.data.size_bytes);

    expect((await call('POST', '/v1/applications', { body: { name: 'A' } })).status).toBe(201);
    expect((await call('GET', '/v1/usage')).json.data.used).toBe(2);
  });

  it('answers the edge failures itself, not the framework', async () => {
    const call = client(example.url);
    expect((await call('GET', '/v1/usage', { key: null })).status).toBe(401);
    expect((await call('DELETE', '/v1/usage')).headers.get('allow')).toBe('GET, HEAD');
    expect((await call('POST', '/v1/applications', { raw: 'name=x', headers: { 'content-type': 'text/plain' } })).status).toBe(415);
    expect((await call('POST', '/v1/applications', { raw: '{', headers: { 'content-type': 'application/json' } })).status).toBe(422);
    expect((await call('GET', '/v1/nope')).status).toBe(404);
    const tooLarge = await rawAnswer(example.url, `GET /v1/usage HTTP/1.1\r\nHost: x\r\nX-Padding: ${'a'.repeat(20_000)}\r\n\r\n`);
    expect(tooLarge).toMatch(/^HTTP\/1\.1 431 /);
    expect(JSON.parse(tooLarge.slice(tooLarge.indexOf('\r\n\r\n') + 4))).toMatchObject({ success: false, data: [] });
  });

  it('leaves the rest of the app alone', async () => {
    const root = await fetch(`${example.url}/`);
    expect(root.status).toBe(200);
    expect(await root.text()).toContain('/v1');
  });
});

describe('Express example', () => {
  it('answers the routes registered after pagesmith', async () => {
    const example = await startExpress(0, { apiKeys: KEYS });
    try {
      const health = await fetch(`${example.url}/health`);
      expect(health.status).toBe(200);
      expect(await health.json()).toEqual({ ok: true });
    } finally {
      await example.close();
    }
  });
});

describe('Next.js route handler example', () => {
  type Route = typeof import('../../examples/nextjs/app/api/[...path]/route.js');
  let route: Route;
  beforeAll(async () => {
    process.env['PAGESMITH_API_KEYS'] = `${ALICE_KEY}:acct-alice`;
    process.env['PAGESMITH_BASE_URL'] = 'https://app.example.test/api';
    route = await import('../../examples/nextjs/app/api/[...path]/route.js');
  });

  const request = (method: string, path: string, body?: unknown, key: string | null = ALICE_KEY): Request =>
    new Request(`https://app.example.test/api${path}`, {
      method,
      headers: { ...(key ? { authorization: `Bearer ${key}` } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });

  it('exports a handler for each method, on the Node runtime', () => {
    for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const) expect(typeof route[method]).toBe('function');
    expect(route.runtime).toBe('nodejs');
  });

  it('answers under /api with download URLs that come back to it', async () => {
    const made = await route.POST(request('POST', '/v1/documents/quick/generate', { html: '<p>x</p>', data: {}, response_type: 'document_id' }));
    expect(made.status).toBe(200);
    const { data } = (await made.json()) as { data: { document_id: string; download_url: string } };
    expect(data.download_url).toBe(`https://app.example.test/api/v1/documents/download/${data.document_id}`);
    const download = await route.GET(request('GET', `/v1/documents/download/${data.document_id}`));
    expect(download.headers.get('content-type')).toBe('application/pdf');
    expect(isPdf(new Uint8Array(await download.arrayBuffer()))).toBe(true);

    const application = await route.POST(request('POST', '/v1/applications', { name: 'Next' }));
    const { data: created } = (await application.json()) as { data: { app_id: string } };
    expect((await route.PATCH(request('PATCH', `/v1/applications/${created.app_id}`, { is_active: false }))).status).toBe(200);
    expect((await route.PUT(request('PUT', `/v1/applications/${created.app_id}`, { name: 'Renamed' }))).status).toBe(200);
    expect((await route.DELETE(request('DELETE', `/v1/applications/${created.app_id}`))).status).toBe(200);
    expect((await route.GET(request('GET', '/v1/usage', undefined, null))).status).toBe(401);
    expect((await route.GET(new Request('https://app.example.test/v1/usage'))).status).toBe(404);
  });
});

/** Writes bytes to the server as they are and reads everything until it closes the connection. */
function rawAnswer(base: string, text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(Number(new URL(base).port), '127.0.0.1', () => socket.write(text));
    let received = '';
    socket.on('data', (chunk) => (received += chunk.toString()));
    socket.on('close', () => resolve(received));
    socket.on('error', reject);
  });
}
