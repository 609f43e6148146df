// pagesmith in an Express app. Run: PAGESMITH_API_KEYS=sk_test_1:acct-1 npx tsx examples/express.ts
import { once } from 'node:events';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import { answerClientError, parseApiKeys } from 'pagesmith';
// #region readme
import express from 'express';
import { createDocumentService, createFetchHandler, staticApiKeys, toNodeHandler } from 'pagesmith';
// #endregion readme

export interface ExampleOptions {
  /** Key → account; defaults to PAGESMITH_API_KEYS, else `demo-key` for `demo-account`. */
  readonly apiKeys?: Readonly<Record<string, string>>;
  readonly host?: string;
}

export interface StartedExample {
  /** Where the API answers, e.g. `http://127.0.0.1:8080`. */
  readonly url: string;
  close(): Promise<void>;
}

export async function start(port = 8080, options: ExampleOptions = {}): Promise<StartedExample> {
  const host = options.host ?? '127.0.0.1';
  // #region readme
  const app = express();
  // #endregion readme
  app.get('/', (_req, res) => {
    res.send('pagesmith is mounted at /v1');
  });
  const server = app.listen(port, host);
  // Requests Node cannot parse (headers too large, malformed) get pagesmith's JSON envelope too.
  server.on('clientError', answerClientError);
  await once(server, 'listening');
  const url = `http://${host}:${(server.address() as AddressInfo).port}`;

  // Mounted once the port is known, so download URLs name it. Register no body parser before it:
  // pagesmith reads the request body itself, within its size limit.
  const apiKeys = options.apiKeys ?? keysFromEnv(); // { 'sk_live_…': 'acct-1' }
  // #region readme
  const service = createDocumentService({ baseUrl: url });
  const pagesmith = createFetchHandler(service, { authenticate: staticApiKeys(apiKeys) });
  app.use(toNodeHandler(pagesmith)); // no express.json() in front: pagesmith reads the body itself
  app.get('/health', (_req, res) => {
    res.json({ ok: true }); // paths pagesmith has no route for go on to the routes after it
  });
  // #endregion readme

  return { url, close: () => closeServer(server) };
}

function keysFromEnv(): Record<string, string> {
  return parseApiKeys(process.env['PAGESMITH_API_KEYS'] ?? 'demo-key:demo-account');
}

function closeServer(server: Server): Promise<void> {
  return new Promise((resolve, reject) => {
    server.close((error) => (error ? reject(error) : resolve()));
    server.closeIdleConnections();
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { url } = await start(Number(process.env['PORT'] ?? 8080));
  console.log(`pagesmith (Express) listening on ${url}`);
}
