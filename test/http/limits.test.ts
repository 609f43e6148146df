// Body size limits: 413 as soon as the limit is passed, nothing more buffered, and the client gets to read it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDocumentService, createFetchHandler, DEFAULT_MAX_BODY_BYTES, staticApiKeys } from '../../src/index.js';
import { ALICE_KEY, client, KEYS, startServer, type TestServer } from './harness.js';

const TOO_LARGE = { success: false, data: [] };

function jsonStream(totalBytes: number, chunkBytes: number, pulled: { bytes: number }): ReadableStream<Uint8Array> {
  const chunk = new Uint8Array(chunkBytes).fill(0x20);
  return new ReadableStream({
    pull(controller) {
      if (pulled.bytes >= totalBytes) {
        controller.close();
        return;
      }
      pulled.bytes += chunk.byteLength;
      controller.enqueue(chunk);
    },
  });
}

describe('request body limit over the wire', () => {
  let server: TestServer;
  let call: ReturnType<typeof client>;
  beforeAll(async () => {
    server = await startServer({ http: { maxBodyBytes: 64 * 1024 } });
    call = client(server.url);
  });
  afterAll(() => server.close());

  it('answers 413 to a body whose Content-Length is over the limit', async () => {
    const answer = await call('POST', '/v1/documents/quick/generate', { raw: new Uint8Array(5 * 1024 * 1024).fill(0x20), headers: { 'content-type': 'application/json' } });
    expect(answer).toMatchObject({ status: 413, json: { ...TOO_LARGE, message: 'Request body is larger than the limit of 65536 bytes. Send a smaller body.' } });
  });

  it('answers 413 to a chunked body once it passes the limit, and the client reads it', async () => {
    const pulled = { bytes: 0 };
    const response = await fetch(`${server.url}/v1/documents/quick/generate`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ALICE_KEY}`, 'content-type': 'application/json' },
      body: jsonStream(8 * 1024 * 1024, 16 * 1024, pulled),
      duplex: 'half',
    } as RequestInit);
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject(TOO_LARGE);
  });

  it('drains a body far larger than the socket buffers, so the client sees 413 rather than a reset', async () => {
    const answer = await call('POST', '/v1/documents/quick/generate', { raw: new Uint8Array(48 * 1024 * 1024).fill(0x20), headers: { 'content-type': 'application/json' } });
    expect(answer).toMatchObject({ status: 413, json: TOO_LARGE });
    expect(answer.headers.get('connection')).toBe('close');
  });

  it('keeps serving after refusing', async () => {
    await call('POST', '/v1/applications', { raw: new Uint8Array(1024 * 1024).fill(0x20), headers: { 'content-type': 'application/json' } });
    expect((await call('POST', '/v1/applications', { body: { name: 'after' } })).status).toBe(201);
  });

  it('accepts a body at the limit', async () => {
    const name = 'n';
    const body = JSON.stringify({ name, description: '' }).padEnd(64 * 1024, ' ');
    expect((await call('POST', '/v1/applications', { raw: body, headers: { 'content-type': 'application/json' } })).status).toBe(201);
  });
});

describe('request body limit in the fetch handler', () => {
  const service = createDocumentService({ baseUrl: 'http://localhost' });

  it('defaults to 10 MiB', () => {
    expect(DEFAULT_MAX_BODY_BYTES).toBe(10 * 1024 * 1024);
  });

  it('stops reading a streamed body just past the limit instead of buffering the rest', async () => {
    const handler = createFetchHandler(service, { authenticate: staticApiKeys(KEYS), maxBodyBytes: 100_000 });
    const pulled = { bytes: 0 };
    const request = new Request('http://localhost/v1/documents/quick/generate', {
      method: 'POST',
      headers: { authorization: `Bearer ${ALICE_KEY}`, 'content-type': 'application/json' },
      body: jsonStream(1024 * 1024 * 1024, 10_000, pulled),
      duplex: 'half',
    } as RequestInit);
    const response = await handler(request);
    expect(response.status).toBe(413);
    expect(pulled.bytes).toBeLessThan(200_000);
  });

  it('refuses an announced length without reading anything', async () => {
    const handler = createFetchHandler(service, { authenticate: staticApiKeys(KEYS), maxBodyBytes: 10 });
    const pulled = { bytes: 0 };
    const request = new Request('http://localhost/v1/applications', {
      method: 'POST',
      headers: { authorization: `Bearer ${ALICE_KEY}`, 'content-type': 'application/json', 'content-length': '1000000' },
      body: jsonStream(1_000_000, 1000, pulled),
      duplex: 'half',
    } as RequestInit);
    expect((await handler(request)).status).toBe(413);
    expect(pulled.bytes).toBeLessThanOrEqual(1000);
  });
});
