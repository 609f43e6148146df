// `pagesmith worker`: renders queued jobs' documents into the PostgreSQL document store and sends their webhooks; start as many as you like.
import { availableParallelism } from 'node:os';
import { createWorkerEngine } from '../engine/worker/worker-engine.js';
import { createJobMonthlyLimits, startJobWorker, type JobWorker, type JobWorkerEvent } from '../jobs/index.js';
import { createDocumentService, DEFAULT_MONTHLY_LIMIT } from '../service/index.js';
import { EXIT_FAILED, EXIT_OK, EXIT_USAGE, type CliIo } from './cli-io.js';
import { JOB_OPTIONS, jobSettings } from './job-flags.js';
import { RENDER_HEAP_OPTION, RENDER_LIMIT_OPTIONS, renderHeapMb, renderLimits } from './render-limit-flags.js';
import { parseCommandLine, TEMPLATE_LANGUAGE_OPTION, templateLanguageArgument, wholeNumber } from './parse-command-line.js';
import { openServeStores, StoreUsageError, type ServeStores } from './serve-stores.js';

export const WORKER_HELP = `Usage: pagesmith worker --redis-url <url> --database-url <url> [options]

Renders the documents of jobs taken by POST /v1/jobs on "pagesmith serve", into
the PostgreSQL document store every server downloads from, and sends each
finished job's webhook. Start as many as you like, on any machine that reaches
the database and Redis: each takes documents as it has room for them.

Options:
      --redis-url <url>     The Redis the servers queue jobs in (default: $REDIS_URL);
                            the monthly quota is counted there too, as on serve
      --database-url <url>  Where templates are read and documents stored
                            (default: $DATABASE_URL)
      --database-schema <name>
                            The tables' schema (default: pagesmith, or
                            $PAGESMITH_DATABASE_SCHEMA)
      --blob-dir <dir>      Keep PDFs in this folder, as serve --blob-dir
      --quota-lease-ms <n>  How long a worker that dies holds the quota slots of
                            its renders in flight (default: 30000)
      --threads <n>         Render threads (default: the number of cores)
      --render-heap-mb <n>  Heap each render thread may use, in MB (default:
                            128); a document needing more fails
      --concurrency <n>     Documents taken at once (default: twice the threads)
      --lock-duration-ms <n>
                            How soon another worker takes over the documents of
                            a worker that died (default: 30000)
      --queue-prefix <name> Prefix of the queue's Redis keys, as on serve
                            (default: pagesmith, or $PAGESMITH_QUEUE_PREFIX)
      --webhook-allow-hosts <hosts>
                            Hosts whose webhooks may go to private or loopback
                            addresses (comma-separated, *.example.com for
                            subdomains; default: $PAGESMITH_WEBHOOK_ALLOW_HOSTS)
      --render-timeout-ms <n>
                            Longest time from template to PDF for one document
                            (default: 60000)
      --max-pages <n>       Most pages one document may have (default: 1000)
      --template-language <jinja|liquid>
                            Language of templates whose request and record
                            name none: give the one serve has
  -h, --help                Show this help

Webhooks are signed with the account's secret from PAGESMITH_WEBHOOK_SECRETS
(account:secret pairs, the same as serve's). Each job carries the monthly limit
of the server that took it. Prints "pagesmith worker ready" once it takes
documents; on SIGINT or SIGTERM it takes no more, finishes those under way and exits.
`;

const OPTIONS = {
  'redis-url': { type: 'string' },
  'database-url': { type: 'string' },
  'database-schema': { type: 'string' },
  'blob-dir': { type: 'string' },
  'quota-lease-ms': { type: 'string' },
  threads: { type: 'string' },
  concurrency: { type: 'string' },
  'lock-duration-ms': { type: 'string' },
  ...RENDER_LIMIT_OPTIONS,
  ...RENDER_HEAP_OPTION,
  ...JOB_OPTIONS,
  ...TEMPLATE_LANGUAGE_OPTION,
  help: { type: 'boolean', short: 'h' },
} as const;

/** Resolves once the worker has stopped (SIGINT or SIGTERM), or at once when it could not start. */
export async function workerCommand(args: readonly string[], io: CliIo): Promise<number> {
  const parsed = parseCommandLine(args, OPTIONS);
  if (typeof parsed === 'string') return usage(io, parsed);
  const { values, positionals } = parsed;
  if (values.help) {
    io.stdout.write(WORKER_HELP);
    return EXIT_OK;
  }
  if (positionals.length > 0) return usage(io, `unexpected argument ${positionals[0]}`);
  const redisUrl = values['redis-url'] ?? nonEmpty(io.env['REDIS_URL']);
  if (redisUrl === undefined) return usage(io, 'give --redis-url (or REDIS_URL): the Redis the servers queue jobs in');
  if ((values['database-url'] ?? nonEmpty(io.env['DATABASE_URL'])) === undefined) {
    return usage(io, 'give --database-url (or DATABASE_URL): documents go to the database every server downloads from');
  }
  const threads = values.threads === undefined ? availableParallelism() : wholeNumber(values.threads);
  if (threads === null || threads === 0) return usage(io, `--threads must be a whole number from 1, not ${values.threads}`);
  const concurrency = values.concurrency === undefined ? threads * 2 : wholeNumber(values.concurrency);
  if (concurrency === null || concurrency === 0) return usage(io, `--concurrency must be a whole number from 1, not ${values.concurrency}`);
  const lockDurationMs = values['lock-duration-ms'] === undefined ? undefined : wholeNumber(values['lock-duration-ms']);
  if (lockDurationMs === null || (lockDurationMs !== undefined && lockDurationMs < 500)) {
    return usage(io, `--lock-duration-ms must be a whole number from 500, not ${values['lock-duration-ms']}`);
  }
  const limits = renderLimits(values);
  if ('problem' in limits) return usage(io, limits.problem);
  const heap = renderHeapMb(values['render-heap-mb']);
  if ('problem' in heap) return usage(io, heap.problem);
  const templateLanguage = templateLanguageArgument(values['template-language']);
  if (typeof templateLanguage === 'object') return usage(io, templateLanguage.problem);
  const settings = jobSettings(values, io);
  if ('problem' in settings) return usage(io, settings.problem);

  const onError = (error: unknown): void => void io.stderr.write(`pagesmith worker: ${describe(error)}\n`);
  let stores: ServeStores;
  try {
    // The same stores as serve with the same flags: templates and documents in PostgreSQL, the quota in Redis.
    stores = await openServeStores({ ...values, 'redis-url': redisUrl }, io, onError);
  } catch (error) {
    if (error instanceof StoreUsageError) return usage(io, error.message);
    io.stderr.write(`pagesmith worker: ${error instanceof Error ? error.message : String(error)}\n`);
    return EXIT_FAILED;
  }
  const engine = createWorkerEngine({ threads, ...heap });
  const monthlyLimits = createJobMonthlyLimits(DEFAULT_MONTHLY_LIMIT);
  const service = createDocumentService({
    // Download URLs are made by the server answering for the job, from its own base URL.
    baseUrl: 'http://pagesmith-worker.invalid',
    monthlyLimit: monthlyLimits.monthlyLimit,
    ...(templateLanguage && { templateLanguage }),
    limits,
    engine,
    ...(stores.templates && { templates: stores.templates }),
    ...(stores.documents && { documents: stores.documents }),
    ...(stores.quota && { quota: stores.quota }),
  });
  // Ready means ready: the stores answer, and the render and template threads are up before the first document.
  const failed = (await service.operations.readiness({ timeoutMs: 60_000 })).filter((check) => !check.ok);
  if (failed.length > 0) {
    await Promise.all([engine.close(), service.operations.stopTemplateThreads(), stores.close()]);
    io.stderr.write(`pagesmith worker: not ready: ${failed.map((check) => `${check.name}: ${check.reason}`).join('; ')}\n`);
    return EXIT_FAILED;
  }
  let worker: JobWorker;
  try {
    worker = await startJobWorker(
      {
        redisUrl,
        prefix: settings.prefix,
        service,
        concurrency,
        ...(lockDurationMs !== undefined && { lockDurationMs }),
        webhookSecrets: settings.webhookSecrets,
        webhookAllowHosts: settings.webhookAllowHosts,
        monthlyLimits,
        onEvent: (event) => (event.type === 'error' ? io.stderr : io.stdout).write(`pagesmith worker: ${describeEvent(event)}\n`),
      },
      'pagesmith worker',
    );
  } catch (error) {
    await Promise.all([engine.close(), service.operations.stopTemplateThreads(), stores.close()]);
    io.stderr.write(`pagesmith worker: ${error instanceof Error ? error.message : String(error)}\n`);
    return EXIT_FAILED;
  }
  io.stdout.write(`pagesmith worker ready: ${concurrency} documents at once on ${threads} render thread${threads === 1 ? "" : "s"}, ${stores.summary}\n`);

  await new Promise<void>((resolveStop) => {
    const unregister = io.onStop(() => {
      unregister();
      void worker
        .close()
        .then(() => service.operations.stopTemplateThreads())
        .then(() => Promise.all([engine.close(), stores.close()]))
        .catch(onError)
        .then(() => resolveStop());
    });
  });
  return EXIT_OK;
}

function describeEvent(event: JobWorkerEvent): string {
  switch (event.type) {
    case 'document':
      return `job ${event.jobId} document ${event.index}: ${event.status}`;
    case 'job-completed':
      return `job ${event.jobId} completed: ${event.succeeded} succeeded, ${event.failed} failed`;
    case 'document-reclaimed':
      return `took over document ${event.taskId}: the worker holding it stopped answering`;
    case 'webhook':
      return `webhook of job ${event.jobId} ${event.result}: ${event.detail}`;
    case 'error':
      return `error: ${describe(event.error)}`;
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value === '' ? undefined : value;
}

function usage(io: CliIo, problem: string): number {
  io.stderr.write(`pagesmith worker: ${problem}\nRun "pagesmith worker --help" for usage.\n`);
  return EXIT_USAGE;
}
