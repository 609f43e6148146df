// `pagesmith serve`: the HTTP API on node:http, keys from PAGESMITH_API_KEYS, stores in memory, in a folder, or in PostgreSQL and Redis.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { availableParallelism } from 'node:os';
import { Registry } from 'prom-client';
import { answerClientError, createFetchHandler, parseApiKeys, staticApiKeys, toNodeHandler, type NodeHandler } from '../http/index.js';
import { createCorsPolicy } from '../http/cors.js';
import { createDocumentService, DEFAULT_MONTHLY_LIMIT } from '../service/index.js';
import { createNativeEngine } from '../engine/native-engine.js';
import { createWorkerEngine } from '../engine/worker/worker-engine.js';
import { EXIT_FAILED, EXIT_OK, EXIT_USAGE, type CliIo } from './cli-io.js';
import { SERVE_HELP } from './help.js';
import { FONT_DIR_OPTION, fontDirsArgument, parseCommandLine, TEMPLATE_LANGUAGE_OPTION, templateLanguageArgument, wholeNumber } from './parse-command-line.js';
import { drainable } from './serve-drain.js';
import { createServeLogger, isLogLevel, LOG_LEVELS } from './serve-logger.js';
import { openServeStores, StoreUsageError, type ServeStores } from './serve-stores.js';
import { JOB_OPTIONS, jobSettings, openServeJobQueue } from './job-flags.js';
import { RENDER_HEAP_OPTION, renderHeapMb } from './render-limit-flags.js';
import type { JobQueue } from '../jobs/index.js';

const OPTIONS = {
  port: { type: 'string', short: 'p' },
  host: { type: 'string' },
  'base-url': { type: 'string' },
  prefix: { type: 'string' },
  'monthly-limit': { type: 'string' },
  'data-dir': { type: 'string' },
  'database-url': { type: 'string' },
  'database-schema': { type: 'string' },
  'redis-url': { type: 'string' },
  'quota-lease-ms': { type: 'string' },
  'blob-dir': { type: 'string' },
  'retention-days': { type: 'string' },
  'max-body-bytes': { type: 'string' },
  threads: { type: 'string' },
  ...RENDER_HEAP_OPTION,
  cors: { type: 'string' },
  'retain-documents': { type: 'boolean' },
  'render-timeout-ms': { type: 'string' },
  'max-pages': { type: 'string' },
  ...TEMPLATE_LANGUAGE_OPTION,
  ...FONT_DIR_OPTION,
  'no-operations': { type: 'boolean' },
  playground: { type: 'boolean' },
  'no-playground': { type: 'boolean' },
  'shutdown-timeout-ms': { type: 'string' },
  'log-level': { type: 'string' },
  ...JOB_OPTIONS,
  help: { type: 'boolean', short: 'h' },
} as const;

/** Resolves once the server has stopped (SIGINT or SIGTERM), or at once when it could not start. */
export async function serveCommand(args: readonly string[], io: CliIo): Promise<number> {
  const parsed = parseCommandLine(args, OPTIONS);
  if (typeof parsed === 'string') return usage(io, parsed);
  const { values, positionals } = parsed;
  if (values.help) {
    io.stdout.write(SERVE_HELP);
    return EXIT_OK;
  }
  if (positionals.length > 0) return usage(io, `unexpected argument ${positionals[0]}`);
  const port = wholeNumber(values.port ?? '8080');
  if (port === null || port > 65535) return usage(io, `--port must be a number from 0 to 65535, not ${values.port}`);
  const monthlyLimit = wholeNumber(values['monthly-limit'] ?? String(DEFAULT_MONTHLY_LIMIT));
  if (monthlyLimit === null) return usage(io, `--monthly-limit must be a whole number, not ${values['monthly-limit']}`);
  const maxBodyBytes = values['max-body-bytes'] === undefined ? undefined : wholeNumber(values['max-body-bytes']);
  if (maxBodyBytes === null) return usage(io, `--max-body-bytes must be a whole number, not ${values['max-body-bytes']}`);
  // Render threads by default, one per core: a long document never holds the server's answers.
  const threads = values.threads === undefined ? availableParallelism() : wholeNumber(values.threads);
  if (threads === null) return usage(io, `--threads must be a whole number (0 renders on the server's own thread), not ${values.threads}`);
  const heap = renderHeapMb(values['render-heap-mb']);
  if ('problem' in heap) return usage(io, heap.problem);
  if (threads === 0 && heap.maxHeapMb !== undefined) return usage(io, '--render-heap-mb caps render threads: it needs --threads from 1');
  const corsOrigins = values.cors?.split(',').map((origin) => origin.trim()).filter((origin) => origin !== '');
  if (corsOrigins !== undefined && corsOrigins.length === 0) return usage(io, '--cors needs one or more origins, e.g. --cors https://app.example.com');
  try {
    if (corsOrigins !== undefined) createCorsPolicy({ origins: corsOrigins });
  } catch (error) {
    return usage(io, `--${error instanceof Error ? error.message : String(error)}`);
  }
  const renderTimeoutMs = values['render-timeout-ms'] === undefined ? undefined : wholeNumber(values['render-timeout-ms']);
  if (renderTimeoutMs === null || renderTimeoutMs === 0) return usage(io, `--render-timeout-ms must be a whole number from 1, not ${values['render-timeout-ms']}`);
  const maxPages = values['max-pages'] === undefined ? undefined : wholeNumber(values['max-pages']);
  if (maxPages === null || maxPages === 0) return usage(io, `--max-pages must be a whole number from 1, not ${values['max-pages']}`);
  const templateLanguage = templateLanguageArgument(values['template-language']);
  if (typeof templateLanguage === 'object') return usage(io, templateLanguage.problem);
  const fonts = fontDirsArgument(values['font-dir'], io.cwd);
  if (!Array.isArray(fonts)) return usage(io, fonts.problem);
  const host = values.host ?? '127.0.0.1';
  if (values.playground && values['no-playground']) return usage(io, '--playground and --no-playground contradict each other');
  // The page needs no key to load; on a loopback address only its user can reach it (decision 0329).
  const playground = values.playground === true || (values['no-playground'] !== true && isLoopback(host));
  const shutdownTimeoutMs = wholeNumber(values['shutdown-timeout-ms'] ?? String(DEFAULT_SHUTDOWN_TIMEOUT_MS));
  if (shutdownTimeoutMs === null) return usage(io, `--shutdown-timeout-ms must be a whole number, not ${values['shutdown-timeout-ms']}`);
  const logLevel = values['log-level'] ?? 'info';
  if (!isLogLevel(logLevel)) return usage(io, `--log-level must be one of ${LOG_LEVELS.join(', ')}, not ${logLevel}`);

  let keys: Record<string, string>;
  try {
    keys = parseApiKeys(io.env['PAGESMITH_API_KEYS'] ?? '');
  } catch (error) {
    return usage(io, `PAGESMITH_API_KEYS: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (Object.keys(keys).length === 0) return usage(io, 'set PAGESMITH_API_KEYS to comma-separated key:account pairs, e.g. PAGESMITH_API_KEYS="sk_test_1:acct-1"');

  const jobFlags = jobSettings(values, io);
  if ('problem' in jobFlags) return usage(io, jobFlags.problem);

  // JSON lines on stdout, after the two plain startup lines: access lines, 5xx, pool errors, the stop.
  const logger = createServeLogger(io.stdout, logLevel);
  // PostgreSQL (and Redis) shared by many processes, or one locked folder, or memory; ready before any request.
  let stores: ServeStores;
  try {
    stores = await openServeStores(values, io, (error) => logger.error({ error: describe(error) }, 'store error'));
  } catch (error) {
    if (error instanceof StoreUsageError) return usage(io, error.message);
    io.stderr.write(`pagesmith serve: ${error instanceof Error ? error.message : String(error)}\n`);
    return EXIT_FAILED;
  }

  // The base URL may depend on the port the OS picks, so the service is made once the port is bound.
  let handle: NodeHandler | null = null;
  const server = createServer();
  const drain = drainable(server);
  server.on(
    'request',
    drain.track((req, res) => {
      if (handle) void handle(req, res);
      else res.writeHead(503).end();
    }),
  );
  // What Node's parser refuses (431, 400, 408) is answered with the JSON envelope too.
  server.on('clientError', answerClientError);
  try {
    await listen(server, port, host);
  } catch (error) {
    await stores.close();
    io.stderr.write(`pagesmith serve: cannot listen on ${host}:${port}: ${error instanceof Error ? error.message : String(error)}\n`);
    return EXIT_FAILED;
  }
  const bound = `http://${urlHost((server.address() as AddressInfo).address)}:${(server.address() as AddressInfo).port}`;
  // Documents render on worker threads and the server keeps answering meanwhile; --threads 0 renders in process.
  const engine = threads === 0 ? undefined : createWorkerEngine({ threads, ...heap, ...(fonts.length > 0 && { fonts }) });
  const service = createDocumentService({
    baseUrl: values['base-url'] ?? `${bound}${values.prefix ?? ''}`,
    monthlyLimit,
    retainDocuments: values['retain-documents'] === true,
    ...(templateLanguage && { templateLanguage }),
    limits: { ...(renderTimeoutMs !== undefined && { renderTimeoutMs }), ...(maxPages !== undefined && { maxPages }) },
    ...(engine ? { engine } : fonts.length > 0 && { engine: createNativeEngine({ fonts }) }),
    ...(stores.templates && { templates: stores.templates }),
    ...(stores.documents && { documents: stores.documents }),
    ...(stores.quota && { quota: stores.quota }),
  });
  // Queued jobs (POST /v1/jobs) when both Redis and PostgreSQL are there: workers store documents where every server downloads them.
  let jobs: JobQueue | undefined;
  try {
    jobs = await openServeJobQueue(values, io, jobFlags, { baseUrl: values['base-url'] ?? `${bound}${values.prefix ?? ''}`, monthlyLimit });
  } catch (error) {
    await Promise.all([engine?.close(), service.operations.stopTemplateThreads(), stores.close()]);
    server.close();
    io.stderr.write(`pagesmith serve: ${error instanceof Error ? error.message : String(error)}\n`);
    return EXIT_FAILED;
  }
  // Once aborted, GET /readyz answers 503 "shutting down".
  const shutdown = new AbortController();
  // /metrics reads this registry: other parts of serve (queued jobs) register their metrics in it too,
  // and add their dependencies to the readiness checks.
  const metricsRegistry = new Registry();
  const readinessChecks: Record<string, () => Promise<unknown>> = {};
  const fetchHandler = createFetchHandler(service, {
    authenticate: staticApiKeys(keys),
    ...(values.prefix === undefined ? {} : { prefix: values.prefix }),
    ...(maxBodyBytes === undefined ? {} : { maxBodyBytes }),
    ...(corsOrigins === undefined ? {} : { cors: { origins: corsOrigins } }),
    operations: values['no-operations'] === true ? false : { shutdown: shutdown.signal, registry: metricsRegistry, checks: readinessChecks },
    logger,
    ...(jobs && { jobs }),
    playground,
  });
  handle = toNodeHandler(fetchHandler);
  if (!stores.summary.startsWith('records in memory, quota with')) io.stdout.write(`pagesmith stores: ${stores.summary}${jobs ? `, jobs queued in Redis (prefix ${jobFlags.prefix})` : ''}\n`);
  io.stdout.write(`pagesmith listening on ${bound}${values.prefix ?? ''}\n`);
  if (playground) io.stdout.write(`pagesmith playground on ${bound}${values.prefix ?? ''}/playground\n`);

  // SIGTERM or SIGINT: not ready, no new connection, the answers in flight finished within the bound, then the threads and pools closed.
  await new Promise<void>((resolveStop) => {
    const unregister = io.onStop(() => {
      unregister();
      shutdown.abort();
      logger.info({ timeout_ms: shutdownTimeoutMs }, 'shutting down');
      void drain
        .drain(shutdownTimeoutMs)
        .then(async ({ cut }) => {
          if (cut > 0) logger.warn({ cut, timeout_ms: shutdownTimeoutMs }, 'answers still in flight at the shutdown timeout were cut short');
          await Promise.all([engine?.close(), service.operations.stopTemplateThreads()]);
          await jobs?.close();
          await stores.close();
          logger.info({}, 'stopped');
        })
        .catch((error: unknown) => logger.error({ error: describe(error) }, 'shutdown failed'))
        .finally(resolveStop);
    });
  });
  return EXIT_OK;
}

/** How long a stop waits for the answers in flight by default; orchestrators' grace periods should exceed it. */
const DEFAULT_SHUTDOWN_TIMEOUT_MS = 30_000;

function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise((resolveListen, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolveListen();
    });
  });
}

/** `localhost`, `::1` or an address in 127.0.0.0/8: reachable from this machine only. */
export function isLoopback(host: string): boolean {
  const bare = host.replace(/^\[(.*)\]$/, '$1').toLowerCase();
  return bare === 'localhost' || bare === '::1' || /^127\.\d+\.\d+\.\d+$/.test(bare);
}

function urlHost(address: string): string {
  return address.includes(':') ? `[${address}]` : address;
}

function describe(error: unknown): string {
  if (error instanceof Error) {
    const detail = (error as Error & { detail?: string }).detail;
    return detail ? `${error.message} (${detail})` : `${error.name}: ${error.message}`;
  }
  return String(error);
}

function usage(io: CliIo, problem: string): number {
  io.stderr.write(`pagesmith serve: ${problem}\nRun "pagesmith serve --help" for usage.\n`);
  return EXIT_USAGE;
}
