// toNodeHandler as Express middleware, over a real socket: paths it has no route for go on to the app, unread; mounted under a path, alone or in a Router.
import express from 'express';
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createDocumentService, createFetchHandler, staticApiKeys, toNodeHandler } from '../../src/index.js';
import { ALICE_KEY, client, closeServer, isPdf, KEYS } from './harness.js';

let server: Server | undefined;
afterEach(async () => {
  if (server) await closeServer(server);
  server = undefined;
});

/** Listens on 127.0.0.1, port 0, and returns its address. */
async function listen(app: express.Express | Parameters<typeof createServer>[1]): Promise<string> {
  server = createServer(app as Parameters<typeof createServer>[1]);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** The service's download URLs need the address, which is known once listening; `base` is read per call. */
function handlerFor(base: () => string, prefix = '') {
  let service: ReturnType<typeof createDocumentService> | undefined;
  const lazy = (request: Request) => {
    service ??= createDocumentService({ baseUrl: `${base()}${prefix}` });
    return createFetchHandler(service, { authenticate: staticApiKeys(KEYS), ...(prefix ? { prefix } : {}) })(request);
  };
  return toNodeHandler(lazy);
}

describe('toNodeHandler in Express', () => {
  it('hands paths it has no route for to the routes registered after it, body unread', async () => {
    let base = '';
    const app = express();
    app.use(handlerFor(() => base));
    app.get('/health', (_req, res) => {
      res.json({ ok: true });
    });
    app.get('/v1/status', (_req, res) => {
      res.send('app status');
    });
    app.post('/echo', express.json({ limit: '1mb' }), (req, res) => {
      res.json(req.body);
    });
    base = await listen(app);

    const health = await fetch(`${base}/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ ok: true });
    expect(await (await fetch(`${base}/v1/status`)).text()).toBe('app status');
    // A body sent to a path pagesmith does not have reaches the app whole.
    const body = { text: 'x'.repeat(200_000) };
    const echo = await fetch(`${base}/echo`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    expect(echo.status).toBe(200);
    expect(await echo.json()).toEqual(body);

    // Its own paths it still answers, failures included.
    const call = client(base);
    expect((await call('GET', '/v1/usage')).status).toBe(200);
    expect((await call('GET', '/v1/usage', { key: null })).status).toBe(401);
    expect((await call('DELETE', '/v1/usage')).headers.get('allow')).toBe('GET, HEAD');
    expect((await call('GET', '/v1/documents/document-00000000-0000-0000-0000-000000000000')).json).toMatchObject({ success: false, message: 'Document not found.' });
    // Nobody has this one: Express's own 404.
    const nobody = await fetch(`${base}/v1/nope`);
    expect(nobody.status).toBe(404);
    expect(nobody.headers.get('content-type')).toMatch(/^text\/html/);
  });

  it("mounts under a path with app.use('/pdf', …) and the same prefix", async () => {
    let base = '';
    const app = express();
    app.use('/pdf', handlerFor(() => base, '/pdf'));
    app.get('/pdf/status', (_req, res) => {
      res.send('still the app');
    });
    app.get('/health', (_req, res) => {
      res.send('ok');
    });
    base = await listen(app);

    const call = client(base, '/pdf');
    const made = await call('POST', '/v1/documents/quick/generate', { body: { html: '<p>x</p>', data: {}, response_type: 'document_id' } });
    expect(made.status).toBe(200);
    expect(made.json.data.download_url).toBe(`${base}/pdf/v1/documents/download/${made.json.data.document_id}`);
    const download = await fetch(made.json.data.download_url, { headers: { authorization: `Bearer ${ALICE_KEY}` } });
    expect(isPdf(new Uint8Array(await download.arrayBuffer()))).toBe(true);

    expect(await (await fetch(`${base}/pdf/status`)).text()).toBe('still the app');
    expect(await (await fetch(`${base}/health`)).text()).toBe('ok');
    expect((await fetch(`${base}/v1/usage`, { headers: { authorization: `Bearer ${ALICE_KEY}` } })).status).toBe(404);
  });

  it('mounts in an express.Router', async () => {
    let base = '';
    const router = express.Router();
    router.use(handlerFor(() => base, '/api'));
    router.get('/ping', (_req, res) => {
      res.send('pong');
    });
    const app = express();
    app.use('/api', router);
    base = await listen(app);

    expect((await client(base, '/api')('GET', '/v1/usage')).json.data.used).toBe(0);
    expect(await (await fetch(`${base}/api/ping`)).text()).toBe('pong');
  });
});

describe('toNodeHandler on node:http', () => {
  it('answers a path it has no route for with its own 404 envelope', async () => {
    const base = await listen(handlerFor(() => ''));
    const answer = await fetch(`${base}/health`);
    expect(answer.status).toBe(404);
    expect(await answer.json()).toMatchObject({ success: false, data: [] });
  });
});
