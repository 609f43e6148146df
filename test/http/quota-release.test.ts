// Over the wire: a failed or abandoned render gives its quota slot back as soon as its request has failed.
import { afterEach, describe, expect, it } from 'vitest';
import { PageLimitError, type PdfEngine, type RenderOptions } from '../../src/index.js';
import { ALICE_KEY, client, startServer, type TestServer } from './harness.js';

const PDF = new TextEncoder().encode('%PDF-1.7\n%%EOF\n');
const PERIOD = new Date().toISOString().slice(0, 7);

type Failure = 'page limit' | 'render time limit' | 'engine crash';

/** Renders `good` at once; anything else fails as `failure` does. A render past its time limit goes on for seconds, ignoring its signal. */
function failingEngine(failure: Failure): PdfEngine {
  return {
    name: failure,
    async render(html: string, options?: RenderOptions) {
      if (html.includes('good')) return PDF;
      switch (failure) {
        case 'page limit':
          await new Promise((resolve) => setTimeout(resolve, 20));
          throw new PageLimitError(options?.maxPages ?? 0);
        case 'engine crash':
          await new Promise((resolve) => setTimeout(resolve, 20));
          throw new RangeError('Maximum call stack size exceeded');
        case 'render time limit':
          await new Promise((resolve) => setTimeout(resolve, 5_000));
          return PDF;
      }
    },
  };
}

const STATUS: Record<Failure, number> = { 'page limit': 422, 'render time limit': 500, 'engine crash': 500 };

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe.each(['page limit', 'render time limit', 'engine crash'] as const)('25 requests failing with %s, then 10 good ones', (failure) => {
  it('grants the 10 under a limit of 20 and counts only them', async () => {
    server = await startServer({ service: { engine: failingEngine(failure), monthlyLimit: 20, limits: { renderTimeoutMs: 100 } } });
    const call = client(server.url);
    const bad = () => call('POST', '/v1/documents/quick/generate', { body: { html: '<p>bad</p>', data: {}, response_type: 'document_id' } });
    const failed = [...(await Promise.all(Array.from({ length: 20 }, bad))), ...(await Promise.all(Array.from({ length: 5 }, bad)))];
    expect(failed.map((answer) => answer.status)).toEqual(Array.from({ length: 25 }, () => STATUS[failure]));

    await new Promise((resolve) => setTimeout(resolve, 300));
    const good = await Promise.all(
      Array.from({ length: 10 }, () => call('POST', '/v1/documents/quick/generate', { body: { html: '<p>good</p>', data: {}, response_type: 'document_id' } })),
    );
    expect(good.map((answer) => answer.status)).toEqual(Array.from({ length: 10 }, () => 200));
    expect((await call('GET', '/v1/usage')).json.data).toMatchObject({ used: 10, limit: 20 });
  });
});

describe('a request whose client goes away mid-render', () => {
  it('gives its slot back at once, while the abandoned render goes on', async () => {
    server = await startServer({ service: { engine: failingEngine('render time limit'), monthlyLimit: 1 } });
    const call = client(server.url);
    const abort = new AbortController();
    const gone = fetch(`${server.url}/v1/documents/quick/generate`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ALICE_KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify({ html: '<p>slow</p>', data: {}, response_type: 'pdf' }),
      signal: abort.signal,
    }).catch((error: unknown) => error);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await server.stores.quota.usage('acct-alice', PERIOD)).toEqual({ used: 0, reserved: 1 });
    abort.abort();
    expect(await gone).toBeInstanceOf(Error);

    const started = performance.now();
    while ((await server.stores.quota.usage('acct-alice', PERIOD)).reserved > 0 && performance.now() - started < 2_000) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(await server.stores.quota.usage('acct-alice', PERIOD)).toEqual({ used: 0, reserved: 0 });
    const good = await call('POST', '/v1/documents/quick/generate', { body: { html: '<p>good</p>', data: {}, response_type: 'document_id' } });
    expect(good.status).toBe(200);
    expect(server.errors).toEqual([]);
  });
});
