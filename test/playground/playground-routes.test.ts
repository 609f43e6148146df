// GET /playground and its assets over HTTP: on only when asked, no key, the right types, a strict CSP, revalidation, gzip, the prefix.
import { gunzipSync } from 'node:zlib';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isLoopback } from '../../src/cli/serve-command.js';
import { playgroundCsp } from '../../src/http/playground/playground-response.js';
import type { PlaygroundSample } from '../../src/playground/samples.js';
import { startServer, type TestServer } from '../http/harness.js';
import { run, serve } from '../http/cli-harness.js';

let on: TestServer;
let off: TestServer;
let prefixed: TestServer;

beforeAll(async () => {
  [on, off, prefixed] = await Promise.all([startServer({ http: { playground: true } }), startServer(), startServer({ http: { playground: true, prefix: '/pdf' } })]);
}, 60_000);

afterAll(async () => {
  await Promise.all([on, off, prefixed].map((server) => server?.close()));
});

describe('the playground routes', () => {
  it('serves the page without an API key, under a CSP that allows no inline script', async () => {
    const response = await fetch(`${on.url}/playground`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(response.headers.get('cache-control')).toBe('no-store');
    const nonce = /'nonce-([\w+/=]+)'/.exec(csp)?.[1] ?? '';
    expect(nonce.length).toBeGreaterThanOrEqual(24);
    expect(csp).toBe(playgroundCsp(nonce));
    expect(csp).toMatch(/script-src 'self';/);
    expect(csp).not.toMatch(/unsafe-eval/);
    expect(csp.split('; ').filter((directive) => directive.includes('unsafe-inline'))).toEqual(["style-src-attr 'unsafe-inline'"]);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    const page = await response.text();
    // The nonce the page hands CodeMirror for its <style>, new with each load.
    expect(page).toContain(`<meta name="pagesmith-style-nonce" content="${nonce}">`);
    const again = await fetch(`${on.url}/playground`);
    expect(again.headers.get('content-security-policy')).not.toContain(nonce);
    expect(page).toContain('<script type="module" src="/playground/assets/app.js"></script>');
    // Every script is a file: no inline one.
    expect(page.match(/<script\b[^>]*>[^<]/g)).toBeNull();
  }, 60_000);

  it('serves the assets with their content types, revalidated by ETag', async () => {
    expect((await fetch(`${on.url}/playground/assets/app.js`)).headers.get('content-security-policy')).toBe(playgroundCsp());
    for (const [name, type] of [
      ['app.js', 'text/javascript; charset=utf-8'],
      ['playground.css', 'text/css; charset=utf-8'],
      ['samples.json', 'application/json; charset=utf-8'],
    ] as const) {
      const response = await fetch(`${on.url}/playground/assets/${name}`);
      expect(response.status, name).toBe(200);
      expect(response.headers.get('content-type')).toBe(type);
      expect(response.headers.get('cache-control')).toBe('no-cache');
      const etag = response.headers.get('etag') ?? '';
      expect(etag).toMatch(/^"[\w-]+"$/);
      expect((await response.arrayBuffer()).byteLength).toBeGreaterThan(0);
      const again = await fetch(`${on.url}/playground/assets/${name}`, { headers: { 'if-none-match': etag } });
      expect(again.status).toBe(304);
    }
  });

  it('sends gzip to clients that take it, and the plain file to others', async () => {
    const plain = await fetch(`${on.url}/playground/assets/samples.json`, { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    const text = await plain.text();
    const zipped = await rawGet(`${on.url}/playground/assets/samples.json`, { 'accept-encoding': 'gzip' });
    expect(zipped.encoding).toBe('gzip');
    expect(gunzipSync(zipped.body).toString('utf8')).toBe(text);
  });

  it('ships the samples of examples/: each template with its data', async () => {
    const samples = (await (await fetch(`${on.url}/playground/assets/samples.json`)).json()) as PlaygroundSample[];
    expect(samples.map((sample) => [sample.name, sample.content_type])).toEqual([
      ['invoice.html', 'html'],
      ['report.md', 'markdown'],
    ]);
    for (const sample of samples) expect(JSON.parse(sample.data)).toBeTypeOf('object');
  });

  it('answers HEAD like GET without a body, other methods with 405, unknown files with 404', async () => {
    const head = await fetch(`${on.url}/playground`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const post = await fetch(`${on.url}/playground`, { method: 'POST' });
    expect(post.status).toBe(405);
    expect(await post.json()).toMatchObject({ success: false, data: [] });
    const missing = await fetch(`${on.url}/playground/assets/nothing.js`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ success: false, data: [] });
  });

  it('is a 404 like any unknown path when off (the default)', async () => {
    for (const path of ['/playground', '/playground/assets/app.js']) {
      const response = await fetch(`${off.url}${path}`);
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ success: false, message: 'Not found. The routes this service answers are listed at /v1/openapi.json.', data: [] });
    }
  });

  it('stays out of the OpenAPI document', async () => {
    const document = (await (await fetch(`${on.url}/v1/openapi.json`)).json()) as { paths: Record<string, unknown> };
    expect(Object.keys(document.paths).filter((path) => path.includes('playground'))).toEqual([]);
  });

  it('lives under the prefix, its links and calls too', async () => {
    expect((await fetch(`${prefixed.url}/playground`)).status).toBe(404);
    const page = await (await fetch(`${prefixed.url}/pdf/playground`)).text();
    expect(page).toContain('<meta name="pagesmith-prefix" content="/pdf">');
    expect(page).toContain('src="/pdf/playground/assets/app.js"');
    expect((await fetch(`${prefixed.url}/pdf/playground/assets/app.js`)).status).toBe(200);
  });
});

describe('serve turns the playground on for loopback addresses only', () => {
  it('knows loopback hosts', () => {
    for (const host of ['127.0.0.1', '127.1.2.3', 'localhost', 'LOCALHOST', '::1', '[::1]']) expect(isLoopback(host), host).toBe(true);
    for (const host of ['0.0.0.0', '::', '192.168.1.10', '10.0.0.1', 'example.com', '128.0.0.1', '127.0.0.1.example.com']) expect(isLoopback(host), host).toBe(false);
  });

  it('leaves it out with --no-playground, and refuses both flags at once', async () => {
    const served = await serve(['--threads', '0', '--no-playground'], { PAGESMITH_API_KEYS: 'sk_test_cli:acct-1' });
    try {
      expect((await fetch(`${served.url}/playground`)).status).toBe(404);
      expect(served.stdout()).not.toContain('pagesmith playground on');
    } finally {
      await served.stop();
    }
    const both = await run(['serve', '--playground', '--no-playground'], { PAGESMITH_API_KEYS: 'sk_test_cli:acct-1' });
    expect([both.code, both.stderr]).toEqual([2, 'pagesmith serve: --playground and --no-playground contradict each other\nRun "pagesmith serve --help" for usage.\n']);
  }, 60_000);

  it('never takes a non-127 IPv4 address for loopback', () => {
    fc.assert(
      fc.property(fc.ipV4(), (address) => {
        expect(isLoopback(address)).toBe(address.startsWith('127.'));
      }),
    );
  });
});

/** A GET without fetch's automatic decompression, to see the bytes as sent. */
async function rawGet(url: string, headers: Record<string, string>): Promise<{ encoding: string | undefined; body: Buffer }> {
  const { get } = await import('node:http');
  return new Promise((resolve, reject) => {
    get(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ encoding: response.headers['content-encoding'], body: Buffer.concat(chunks) }));
    }).on('error', reject);
  });
}
