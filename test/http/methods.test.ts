// Methods and malformed requests over a real socket: 405 with Allow for every known path, HEAD like GET, TRACE, and Node's own 400/431 as envelopes.
import { request } from 'node:http';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRoutes } from '../../src/http/routes.js';
import { ALICE_KEY, client, startServer, type TestServer } from './harness.js';

const FAILURE = { success: false, data: [] };

interface RawAnswer {
  readonly status: number;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly body: string;
}

/** node:http's client sends any method token, TRACE included, which fetch refuses to. */
function send(base: string, method: string, path: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const outgoing = request(`${base}${path}`, { method, headers: { authorization: `Bearer ${ALICE_KEY}`, ...headers } }, (incoming) => {
      let body = '';
      incoming.setEncoding('utf8');
      incoming.on('data', (chunk: string) => (body += chunk));
      incoming.on('end', () => resolve({ status: incoming.statusCode ?? 0, headers: incoming.headers, body }));
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
}

/** Writes bytes to the server as they are and reads everything until it closes the connection. */
function sendRaw(base: string, text: string): Promise<RawAnswer> {
  const { port } = new URL(base);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), '127.0.0.1', () => socket.write(text));
    let received = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (received += chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const [head = '', body = ''] = received.split('\r\n\r\n');
      const [statusLine = '', ...lines] = head.split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of lines) headers[line.slice(0, line.indexOf(':')).toLowerCase()] = line.slice(line.indexOf(':') + 1).trim();
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body });
    });
  });
}

describe('HTTP methods', () => {
  let server: TestServer;
  let call: ReturnType<typeof client>;
  let documentId: string;

  beforeAll(async () => {
    server = await startServer();
    call = client(server.url);
    documentId = (await call('POST', '/v1/documents/quick/generate', { body: { html: '<p>x</p>', data: {}, response_type: 'document_id' } })).json.data.document_id;
  });
  afterAll(() => server.close());

  it('answers 405 with Allow listing its methods on every known path, for every other method', async () => {
    const byPath = new Map<string, string[]>();
    for (const route of createRoutes()) byPath.set(route.path, [...(byPath.get(route.path) ?? []), route.method]);
    for (const [pattern, methods] of byPath) {
      const path = pattern.replace(/:[a-z_]+/, 'x-1');
      const allow = methods.flatMap((method) => (method === 'GET' ? ['GET', 'HEAD'] : [method]));
      for (const method of ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'TRACE', 'PROPFIND']) {
        if (allow.includes(method)) continue;
        const answer = await send(server.url, method, path);
        expect(answer.status, `${method} ${path}`).toBe(405);
        expect(answer.headers['allow'], `${method} ${path}`).toBe(allow.join(', '));
        if (method !== 'HEAD') expect(JSON.parse(answer.body)).toMatchObject(FAILURE);
      }
    }
  });

  it('matches literal segments first: a wrong method on /v1/documents/generate is 405, not a document lookup', async () => {
    for (const method of ['GET', 'DELETE', 'PUT']) {
      const answer = await call(method, '/v1/documents/generate');
      expect(answer).toMatchObject({ status: 405, json: { ...FAILURE, message: 'Method not allowed. Use POST for this path.' } });
      expect(answer.headers.get('allow')).toBe('POST');
    }
    expect((await call('GET', '/v1/documents/quick')).status).toBe(404);
  });

  it('answers TRACE with 405 and Allow, or 404 for an unknown path, never a 500', async () => {
    const known = await send(server.url, 'TRACE', '/v1/usage');
    expect(known.status).toBe(405);
    expect(known.headers['allow']).toBe('GET, HEAD');
    expect(known.headers['content-type']).toBe('application/json');
    expect(JSON.parse(known.body)).toEqual({ success: false, message: 'Method not allowed. Use GET, HEAD for this path.', data: [] });
    const unknown = await send(server.url, 'TRACE', '/v1/nope');
    expect(unknown.status).toBe(404);
    expect(JSON.parse(unknown.body)).toMatchObject(FAILURE);
    expect(server.errors).toEqual([]);
  });

  it('answers HEAD on a GET route as GET would, without the body', async () => {
    const usage = await call('GET', '/v1/usage');
    const head = await send(server.url, 'HEAD', '/v1/usage');
    expect(head.status).toBe(200);
    expect(head.body).toBe('');
    expect(head.headers['content-type']).toBe('application/json');
    expect(Number(head.headers['content-length'])).toBe(JSON.stringify(usage.json).length);

    const pdf = await send(server.url, 'HEAD', `/v1/documents/download/${documentId}`);
    const download = await call('GET', `/v1/documents/download/${documentId}`);
    expect(pdf.status).toBe(200);
    expect(pdf.body).toBe('');
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe(download.headers.get('content-disposition'));
    expect(Number(pdf.headers['content-length'])).toBe(download.bytes.byteLength);

    expect(await send(server.url, 'HEAD', '/v1/usage', { authorization: 'Bearer sk_wrong' })).toMatchObject({ status: 401, body: '' });
    expect(await send(server.url, 'HEAD', '/v1/nope')).toMatchObject({ status: 404, body: '' });
    expect(await send(server.url, 'HEAD', '/v1/documents/missing-1')).toMatchObject({ status: 404, body: '' });
  });

  it('answers headers larger than Node reads with 431 and the envelope', async () => {
    const answer = await sendRaw(server.url, `GET /v1/usage HTTP/1.1\r\nHost: localhost\r\nX-Padding: ${'a'.repeat(20_000)}\r\n\r\n`);
    expect(answer.status).toBe(431);
    expect(answer.headers['content-type']).toBe('application/json');
    expect(JSON.parse(answer.body)).toEqual({ success: false, message: 'Request headers are too large. Send fewer or shorter headers.', data: [] });
  });

  it('answers a request Node cannot parse with 400 and the envelope', async () => {
    for (const text of ['GET /v1/usage HTTP/1.1\r\nHost localhost\r\n\r\n', 'FOO /v1/usage HTTP/1.1\r\nHost: localhost\r\n\r\n', 'this is not http\r\n\r\n']) {
      const answer = await sendRaw(server.url, text);
      expect(answer.status, text).toBe(400);
      expect(answer.headers['content-type']).toBe('application/json');
      expect(Number(answer.headers['content-length'])).toBe(Buffer.byteLength(answer.body));
      expect(JSON.parse(answer.body)).toMatchObject(FAILURE);
    }
  });

  it('keeps serving after refusing', async () => {
    expect((await call('GET', '/v1/usage')).status).toBe(200);
  });
});
