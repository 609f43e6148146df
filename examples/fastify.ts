// pagesmith in a Fastify app. Run: PAGESMITH_API_KEYS=sk_test_1:acct-1 npx tsx examples/fastify.ts
import Fastify from 'fastify';
import { pathToFileURL } from 'node:url';
import {
  answerClientError,
  createDocumentService,
  createFetchHandler,
  parseApiKeys,
  staticApiKeys,
  toNodeHandler,
  type NodeHandler,
} from 'pagesmith';
import type { ExampleOptions, StartedExample } from './express.js';

export async function start(port = 8080, options: ExampleOptions = {}): Promise<StartedExample> {
  const host = options.host ?? '127.0.0.1';
  // Requests Node cannot parse (headers too large, malformed) get pagesmith's JSON envelope too.
  const app = Fastify({ clientErrorHandler: answerClientError });
  let pagesmith: NodeHandler | undefined;

  await app.register(async (scope) => {
    // Leave bodies unread in this scope: pagesmith streams them itself, within its own size limit.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
    scope.all('/v1/*', async (request, reply) => {
      reply.hijack();
      await pagesmith?.(request.raw, reply.raw);
    });
  });
  app.get('/', async () => 'pagesmith is mounted at /v1');

  await app.listen({ port, host });
  const address = app.server.address();
  const url = `http://${host}:${typeof address === 'object' && address ? address.port : port}`;
  // Built once the port is known, so download URLs name it.
  const service = createDocumentService({ baseUrl: url });
  pagesmith = toNodeHandler(createFetchHandler(service, { authenticate: staticApiKeys(options.apiKeys ?? keysFromEnv()) }));

  return { url, close: () => app.close() };
}

function keysFromEnv(): Record<string, string> {
  return parseApiKeys(process.env['PAGESMITH_API_KEYS'] ?? 'demo-key:demo-account');
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { url } = await start(Number(process.env['PORT'] ?? 8080));
  console.log(`pagesmith (Fastify) listening on ${url}`);
}
