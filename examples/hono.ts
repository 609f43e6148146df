// pagesmith in a Hono app on Node via @hono/node-server. Run: PAGESMITH_API_KEYS=sk_test_1:acct-1 npx tsx examples/hono.ts
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import { answerClientError, parseApiKeys } from 'pagesmith';
import { serve } from '@hono/node-server';
// #region readme
import { Hono } from 'hono';
import { createDocumentService, createFetchHandler, staticApiKeys } from 'pagesmith';
// #endregion readme
import type { ExampleOptions, StartedExample } from './express.js';

export async function start(port = 8080, options: ExampleOptions = {}): Promise<StartedExample> {
  const host = options.host ?? '127.0.0.1';
  // #region readme
  const app = new Hono();
  // #endregion readme
  app.get('/', (c) => c.text('pagesmith is mounted at /v1'));
  const server = serve({ fetch: app.fetch, port, hostname: host });
  // Requests Node cannot parse (headers too large, malformed) get pagesmith's JSON envelope too.
  server.on('clientError', answerClientError);
  await once(server, 'listening');
  const url = `http://${host}:${(server.address() as AddressInfo).port}`;

  // Routed once the port is known, so download URLs name it; no request has been matched yet.
  const apiKeys = options.apiKeys ?? keysFromEnv(); // { 'sk_live_…': 'acct-1' }
  // #region readme
  const service = createDocumentService({ baseUrl: url });
  const pagesmith = createFetchHandler(service, { authenticate: staticApiKeys(apiKeys) });
  app.all('/v1/*', (c) => pagesmith(c.req.raw));
  // #endregion readme

  return {
    url,
    close: () =>
      new Promise((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

function keysFromEnv(): Record<string, string> {
  return parseApiKeys(process.env['PAGESMITH_API_KEYS'] ?? 'demo-key:demo-account');
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { url } = await start(Number(process.env['PORT'] ?? 8080));
  console.log(`pagesmith (Hono) listening on ${url}`);
}
