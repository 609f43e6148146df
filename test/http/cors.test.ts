// CORS over a real socket: preflights from allowed origins, the headers actual answers carry, and nothing for other origins or without the option.
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDocumentService, createFetchHandler, staticApiKeys } from '../../src/index.js';
import { ALICE_KEY, startServer, type TestServer } from './harness.js';

const APP = 'https://app.example.test';
const OTHER = 'https://evil.example.test';

interface RawAnswer {
  readonly status: number;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly body: string;
}

/** node:http's client, which sends `Origin` and OPTIONS as given. */
function send(base: string, method: string, path: string, headers: Record<string, string> = {}, body?: unknown): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const text = body === undefined ? undefined : JSON.stringify(body);
    const outgoing = request(`${base}${path}`, { method, headers: { ...headers, ...(text === undefined ? {} : { 'content-type': 'application/json' }) } }, (incoming) => {
      let received = '';
      incoming.setEncoding('latin1');
      incoming.on('data', (chunk: string) => (received += chunk));
      incoming.on('end', () => resolve({ status: incoming.statusCode ?? 0, headers: incoming.headers, body: received }));
    });
    outgoing.on('error', reject);
    outgoing.end(text);
  });
}

const preflightHeaders = (origin: string, method = 'POST') => ({
  origin,
  'access-control-request-method': method,
  'access-control-request-headers': 'authorization,content-type',
});

function corsHeaders(answer: RawAnswer): string[] {
  return Object.keys(answer.headers).filter((name) => name.startsWith('access-control-'));
}

describe('CORS with allowed origins', () => {
  let server: TestServer;
  let applicationId: string;
  beforeAll(async () => {
    server = await startServer({ http: { cors: { origins: [APP, 'http://localhost:5173'] } } });
    applicationId = (await server.stores.templates.createApplication({ accountId: 'acct-alice', name: 'Web' })).id;
  });
  afterAll(() => server.close());

  it('answers a preflight from an allowed origin with 204 and what may be sent', async () => {
    const answer = await send(server.url, 'OPTIONS', '/v1/documents/quick/generate', preflightHeaders(APP));
    expect(answer.status).toBe(204);
    expect(answer.body).toBe('');
    expect(answer.headers['access-control-allow-origin']).toBe(APP);
    expect(answer.headers['access-control-allow-methods']).toBe('POST');
    expect(answer.headers['access-control-allow-headers']).toBe('Authorization, Content-Type');
    expect(answer.headers['access-control-max-age']).toBe('600');
    expect(answer.headers['access-control-allow-credentials']).toBeUndefined();
    expect(answer.headers['vary']).toContain('Origin');

    const record = await send(server.url, 'OPTIONS', '/v1/templates/template-1', preflightHeaders('http://localhost:5173', 'PATCH'));
    expect(record.status).toBe(204);
    expect(record.headers['access-control-allow-origin']).toBe('http://localhost:5173');
    expect(record.headers['access-control-allow-methods']).toBe('GET, HEAD, PUT, PATCH, DELETE');
  });

  it('marks actual answers for the allowed origin, exposing the headers a browser app reads', async () => {
    const body = { html: '<p>{{ n }}</p>', data: { n: 1 }, response_type: 'pdf', save_template: true, application_id: applicationId };
    const pdf = await send(server.url, 'POST', '/v1/documents/quick/generate', { origin: APP, authorization: `Bearer ${ALICE_KEY}` }, body);
    expect(pdf.status).toBe(200);
    expect(pdf.headers['access-control-allow-origin']).toBe(APP);
    expect(pdf.headers['vary']).toContain('Origin');
    expect(String(pdf.headers['access-control-expose-headers']).split(', ')).toEqual(['Content-Disposition', 'X-Document-Id', 'X-Template-Id', 'X-Request-Id']);

    const usage = await send(server.url, 'GET', '/v1/usage', { origin: APP, authorization: `Bearer ${ALICE_KEY}` });
    expect(usage.status).toBe(200);
    expect(usage.headers['access-control-allow-origin']).toBe(APP);
    expect(usage.headers['access-control-expose-headers']).toBe('X-Request-Id');

    // Failures too, so the page can read the envelope.
    const refused = await send(server.url, 'GET', '/v1/usage', { origin: APP });
    expect(refused.status).toBe(401);
    expect(refused.headers['access-control-allow-origin']).toBe(APP);
    expect(refused.headers['access-control-expose-headers']).toBe('X-Request-Id, WWW-Authenticate');
    expect(JSON.parse(refused.body)).toMatchObject({ success: false, data: [] });
  });

  it('gives other origins no CORS header, preflight or not', async () => {
    const preflight = await send(server.url, 'OPTIONS', '/v1/documents/quick/generate', preflightHeaders(OTHER));
    expect(preflight.status).toBe(405);
    expect(preflight.headers['allow']).toBe('POST');
    expect(corsHeaders(preflight)).toEqual([]);
    const usage = await send(server.url, 'GET', '/v1/usage', { origin: OTHER, authorization: `Bearer ${ALICE_KEY}` });
    expect(usage.status).toBe(200);
    expect(corsHeaders(usage)).toEqual([]);
    for (const origin of ['null', `${APP}:8443`, 'http://app.example.test']) {
      expect(corsHeaders(await send(server.url, 'GET', '/v1/usage', { origin, authorization: `Bearer ${ALICE_KEY}` })), origin).toEqual([]);
    }
  });

  it('still answers OPTIONS without a preflight, and preflights to unknown paths, as before', async () => {
    const plain = await send(server.url, 'OPTIONS', '/v1/usage', { origin: APP });
    expect(plain.status).toBe(405);
    expect(plain.headers['allow']).toBe('GET, HEAD');
    const unknown = await send(server.url, 'OPTIONS', '/v1/nope', preflightHeaders(APP));
    expect(unknown.status).toBe(404);
    expect(server.errors).toEqual([]);
  });
});

describe('CORS with any origin', () => {
  it('names the caller’s origin, never *', async () => {
    const server = await startServer({ http: { cors: { origins: ['*'], maxAgeSeconds: 60 } } });
    try {
      const preflight = await send(server.url, 'OPTIONS', '/v1/usage', preflightHeaders(OTHER, 'GET'));
      expect(preflight.status).toBe(204);
      expect(preflight.headers['access-control-allow-origin']).toBe(OTHER);
      expect(preflight.headers['access-control-max-age']).toBe('60');
      const usage = await send(server.url, 'GET', '/v1/usage', { origin: OTHER, authorization: `Bearer ${ALICE_KEY}` });
      expect(usage.headers['access-control-allow-origin']).toBe(OTHER);
      expect(usage.headers['vary']).toContain('Origin');
    } finally {
      await server.close();
    }
  });
});

describe('Without the cors option', () => {
  it('sends no CORS header and answers preflights as any OPTIONS', async () => {
    const server = await startServer();
    try {
      const preflight = await send(server.url, 'OPTIONS', '/v1/documents/quick/generate', preflightHeaders(APP));
      expect(preflight.status).toBe(405);
      expect(corsHeaders(preflight)).toEqual([]);
      const usage = await send(server.url, 'GET', '/v1/usage', { origin: APP, authorization: `Bearer ${ALICE_KEY}` });
      expect(corsHeaders(usage)).toEqual([]);
      expect(usage.headers['vary']).toBeUndefined();
    } finally {
      await server.close();
    }
  });

  it('refuses an origin that is not one', () => {
    const service = createDocumentService({ baseUrl: 'https://pdf.example.test' });
    for (const origin of ['app.example.test', 'https://app.example.test/path', 'https://app.example.test?x']) {
      expect(() => createFetchHandler(service, { authenticate: staticApiKeys({}), cors: { origins: [origin] } }), origin).toThrow(/is not an origin/);
    }
    expect(createFetchHandler(service, { authenticate: staticApiKeys({}), cors: { origins: ['https://App.Example.test:443/'] } })).toBeTypeOf('function');
  });
});
