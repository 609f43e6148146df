// Queued generation end to end: pagesmith serve takes jobs into BullMQ on Redis, two pagesmith worker processes render them into PostgreSQL, webhooks arrive signed.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPagesmithWebhook } from '../../examples/verify-webhook.js';
import { verifyWebhookSignature } from '../../src/index.js';
import { serviceUrl, testPostgres, testRedis, type TestPostgres, type TestRedis } from '../../src/testing/test-databases.js';
import { cli, cliPid, ROOT, serve, type Served } from './cli-harness.js';
import { ALICE_KEY, BOB_KEY, client, closeServer, isPdf, startServer } from './harness.js';

const databaseUrl = serviceUrl('DATABASE_URL', 'test/http/jobs.test.ts (queued jobs: documents in PostgreSQL)');
const redisUrl = serviceUrl('REDIS_URL', 'test/http/jobs.test.ts (queued jobs: BullMQ on Redis)');
const skip = databaseUrl === null || redisUrl === null;

const RUN = randomBytes(4).toString('hex');
const ALICE = `acct-jobs-${RUN}-alice`;
const BOB = `acct-jobs-${RUN}-bob`;
const SECRET = `whsec_${randomBytes(16).toString('hex')}`;

interface Received {
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
}

interface WorkerProcess {
  /** What it has written to stdout so far. */
  stdout(): string;
  kill(signal: NodeJS.Signals): void;
  readonly exited: Promise<number | null>;
}

let postgres: TestPostgres | undefined;
let redis: TestRedis | undefined;
let schema = '';
let prefix = '';
let served: Served | undefined;
const workers: WorkerProcess[] = [];
let receiver: Server | undefined;
let receiverUrl = '';
const received: Received[] = [];

beforeAll(async () => {
  if (skip) return;
  postgres = testPostgres(databaseUrl);
  redis = testRedis(redisUrl);
  schema = await postgres.freshSchema();
  prefix = redis.freshPrefix().replace(/:$/, '');
  receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      // A receiver that fails its first answer for ?flaky, to see the webhook tried again.
      const flaky = req.url?.endsWith('?flaky') === true && received.filter((hook) => hook.headers['pagesmith-webhook-id'] === req.headers['pagesmith-webhook-id']).length === 1;
      res.writeHead(flaky ? 503 : 204).end();
    });
  });
  await new Promise<void>((resolve) => receiver?.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks/pagesmith`;
  const [server, ...started] = await Promise.all([startServe(['--monthly-limit', '1000']), startWorker(), startWorker()]);
  served = server;
  workers.push(...started);
}, 90_000);

afterAll(async () => {
  for (const worker of workers) worker.kill('SIGTERM');
  await Promise.all([served?.stop(), ...workers.map((worker) => worker.exited)]);
  if (receiver) await closeServer(receiver);
  await redis?.close();
  await postgres?.close();
}, 60_000);

function env(): Record<string, string> {
  return {
    PAGESMITH_API_KEYS: `${ALICE_KEY}:${ALICE},${BOB_KEY}:${BOB}`,
    PAGESMITH_WEBHOOK_SECRETS: `${ALICE}:${SECRET}`,
    PAGESMITH_WEBHOOK_ALLOW_HOSTS: '127.0.0.1',
  };
}

const storeArgs = (): string[] => ['--database-url', databaseUrl as string, '--database-schema', schema, '--redis-url', redisUrl as string, '--queue-prefix', prefix];

function startServe(extra: readonly string[]): Promise<Served> {
  return serve([...storeArgs(), '--threads', '1', ...extra], env());
}

/** `pagesmith worker`, resolved once it takes documents; by default with a short lock so that a killed worker's documents come back soon. */
async function startWorker(
  args: readonly string[] = [...storeArgs(), '--threads', '1', '--concurrency', '2', '--lock-duration-ms', '2000', '--quota-lease-ms', '1500'],
  extraEnv: Record<string, string> = {},
): Promise<WorkerProcess> {
  const child = cli(['worker', ...args], { ...env(), ...extraEnv });
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
  await new Promise<void>((resolve, reject) => {
    const check = setInterval(() => {
      if (stdout.includes('pagesmith worker ready')) {
        clearInterval(check);
        resolve();
      }
    }, 50);
    void exited.then((code) => {
      clearInterval(check);
      reject(new Error(`worker exited with ${code}: ${stderr}`));
    });
  });
  // Signals go to the CLI's own process: SIGKILL to tsx would leave the worker running.
  const pid = cliPid(child);
  return { stdout: () => stdout, kill: (signal) => process.kill(pid, signal), exited };
}

async function until<T>(probe: () => Promise<T | undefined>, timeoutMs: number, what: string): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

type Call = ReturnType<typeof client>;

/** The job's GET answer once it is completed. */
async function completed(call: Call, jobId: string, key = ALICE_KEY): Promise<Record<string, any>> {
  return until(
    async () => {
      const answer = await call('GET', `/v1/jobs/${jobId}`, { key });
      expect(answer.status).toBe(200);
      return answer.json.data.status === 'completed' ? (answer.json.data as Record<string, any>) : undefined;
    },
    90_000,
    `job ${jobId} to complete`,
  );
}

const documentLines = (worker: WorkerProcess, jobId: string): number => worker.stdout().split('\n').filter((line) => line.includes(`job ${jobId} document `)).length;
const documentIndices = (worker: WorkerProcess, jobId: string): number[] =>
  [...worker.stdout().matchAll(new RegExp(`job ${jobId} document (\\d+): `, 'g'))].map((match) => Number(match[1]));

describe.skipIf(skip)('queued jobs: pagesmith serve, two pagesmith worker processes, BullMQ on Redis, documents in PostgreSQL', () => {
  it('renders a batch of 200 on both workers, every document downloads through serve, and the webhook arrives once, signed', async () => {
    const call = client((served as Served).url);
    const application = await call('POST', '/v1/applications', { body: { name: 'Invoices' } });
    const template = await call('POST', '/v1/templates', {
      body: { application_id: application.json.data.application_id, name: 'Invoice', content: '<h1>Invoice {{ n }}</h1><p>{{ customer }}</p>' },
    });
    expect(template.status).toBe(201);
    const templateId = template.json.data.template_id as string;
    const documents = Array.from({ length: 200 }, (_, n) =>
      n % 2 === 0
        ? { kind: 'generate', template_id: templateId, data: { n, customer: `Customer ${n}` }, response_type: 'document_id' }
        : { kind: 'quick_generate', html: '<h2>Note {{ n }}</h2>', data: { n } },
    );

    const accepted = await call('POST', '/v1/jobs', { body: { documents, webhook_url: receiverUrl } });
    expect(accepted.status).toBe(202);
    const jobId = accepted.json.data.job_id as string;
    expect(jobId).toMatch(/^job-[0-9a-f-]{36}$/);
    expect(accepted.json.data).toMatchObject({ status: 'queued', total: 200, status_url: `${(served as Served).url}/v1/jobs/${jobId}` });
    expect(accepted.headers.get('location')).toBe(accepted.json.data.status_url);

    const job = await completed(call, jobId);
    expect(job.progress).toEqual({ done: 200, total: 200, succeeded: 200, failed: 0 });
    expect(job.documents.map((document: { index: number }) => document.index)).toEqual(documents.map((_, index) => index));
    // Both workers took part.
    expect(workers.map((worker) => documentLines(worker, jobId) > 0)).toEqual([true, true]);

    for (let start = 0; start < 200; start += 25) {
      await Promise.all(
        job.documents.slice(start, start + 25).map(async (document: Record<string, any>) => {
          expect(document).toMatchObject({ status: 'succeeded', template_id: document.index % 2 === 0 ? templateId : null });
          const download = await fetch(document.download_url, { headers: { authorization: `Bearer ${ALICE_KEY}` } });
          expect(download.status).toBe(200);
          const bytes = new Uint8Array(await download.arrayBuffer());
          expect(isPdf(bytes)).toBe(true);
          expect(bytes.byteLength).toBe(document.size_bytes);
        }),
      );
    }

    const delivered = await until(async () => {
      const answer = await call('GET', `/v1/jobs/${jobId}`);
      return answer.json.data.webhook.state === 'delivered' ? answer.json.data.webhook : undefined;
    }, 30_000, 'the webhook');
    expect(delivered).toEqual({ url: receiverUrl, state: 'delivered', attempts: 1, last_error: null });
    const hooks = received.filter((hook) => hook.headers['pagesmith-webhook-id'] === jobId);
    expect(hooks).toHaveLength(1);
    const [hook] = hooks as [Received];
    const header = hook.headers['pagesmith-signature'] as string;
    expect(verifyWebhookSignature({ body: hook.body, header, secret: SECRET })).toBe(true);
    // As docs/http.md tells a receiver without pagesmith to check it.
    expect(isPagesmithWebhook(hook.body, header, SECRET)).toBe(true);
    expect(isPagesmithWebhook(hook.body.replace('completed', 'complete'), header, SECRET)).toBe(false);
    expect(hook.headers['content-type']).toBe('application/json');
    const payload = JSON.parse(hook.body);
    expect(payload.event).toBe('job.completed');
    expect(payload.data).toMatchObject({ job_id: jobId, status: 'completed', progress: { done: 200, succeeded: 200 } });
    expect(payload.data.documents[7]).toEqual(job.documents[7]);
  }, 120_000);

  it('finishes the documents of a worker killed with SIGKILL mid-job on the other worker', async () => {
    const call = client((served as Served).url);
    const paragraphs = Array.from({ length: 60 }, (_, i) => `<p>Paragraph ${i} of note {{ n }}, long enough to wrap across the line once or twice.</p>`).join('');
    const documents = Array.from({ length: 40 }, (_, n) => ({ kind: 'quick_generate', html: paragraphs, data: { n } }));
    const accepted = await call('POST', '/v1/jobs', { body: { documents } });
    expect(accepted.status).toBe(202);
    const jobId = accepted.json.data.job_id as string;
    const [doomed, survivor] = workers as [WorkerProcess, WorkerProcess];
    // Mid-job: the doomed worker has rendered some documents, and holds more.
    await until(async () => (documentLines(doomed, jobId) >= 2 ? true : undefined), 60_000, 'the first worker to render');
    doomed.kill('SIGKILL');
    expect(await doomed.exited).not.toBe(0);
    workers.splice(workers.indexOf(doomed), 1);

    const job = await completed(call, jobId);
    expect(job.progress).toMatchObject({ done: 40, succeeded: 40, failed: 0 });
    expect(survivor.stdout()).toMatch(new RegExp(`took over document ${jobId}-\\d+`));
    // A worker logs a document after recording it, so SIGKILL can fall between the two: up to
    // its concurrency (2) of the doomed worker's finished documents may have no line.
    const logged = new Set([...documentIndices(doomed, jobId), ...documentIndices(survivor, jobId)]);
    expect(logged.size).toBeGreaterThanOrEqual(40 - 2);
    expect(documentIndices(survivor, jobId).length).toBeGreaterThan(0);
  }, 120_000);

  it('reports the 400 envelope for every document past the account’s monthly limit, and each other failure as the synchronous route does', async () => {
    const limited = await startServe(['--monthly-limit', '3']);
    try {
      const call = client(limited.url);
      const documents = [{ kind: 'quick_generate', data: {} }, ...Array.from({ length: 6 }, (_, n) => ({ kind: 'quick_generate', html: '<p>{{ n }}</p>', data: { n } }))];
      const accepted = await call('POST', '/v1/jobs', { key: BOB_KEY, body: { documents } });
      expect(accepted.status).toBe(202);
      const job = await completed(call, accepted.json.data.job_id as string, BOB_KEY);
      expect(job.progress).toEqual({ done: 7, total: 7, succeeded: 3, failed: 4 });
      expect(job.documents[0]).toEqual({
        index: 0,
        status: 'failed',
        http_status: 422,
        error: { success: false, message: 'Validation failed', errors: [{ field: 'html', message: 'Field required', type: 'missing' }] },
      });
      const refused = job.documents.filter((document: Record<string, unknown>) => document.http_status === 400);
      expect(refused).toHaveLength(3);
      for (const document of refused) {
        expect(document.error).toEqual({ success: false, message: "You've reached the maximum monthly limit of 3 documents for your subscription.", data: [] });
      }
      expect((await call('GET', '/v1/usage', { key: BOB_KEY })).json.data).toMatchObject({ used: 3, limit: 3 });
    } finally {
      await limited.stop();
    }
  }, 120_000);

  it('answers another account’s job, and one that never was, with 404', async () => {
    const call = client((served as Served).url);
    const accepted = await call('POST', '/v1/jobs', { body: { documents: [{ kind: 'quick_generate', html: '<p>mine</p>', data: {} }] } });
    const jobId = accepted.json.data.job_id as string;
    expect((await call('GET', `/v1/jobs/${jobId}`)).status).toBe(200);
    for (const [key, id] of [[BOB_KEY, jobId], [ALICE_KEY, 'job-00000000-0000-4000-8000-000000000000']] as const) {
      const answer = await call('GET', `/v1/jobs/${id}`, { key });
      expect(answer.status).toBe(404);
      expect(answer.json).toEqual({ success: false, message: 'Job not found. Jobs are kept for 7 days after they finish and only their own account sees them.', data: [] });
    }
  });

  it('tries a webhook the receiver failed again, after a backoff, with the same id and a fresh signature', async () => {
    const call = client((served as Served).url);
    const accepted = await call('POST', '/v1/jobs', { body: { documents: [{ kind: 'quick_generate', html: '<p>retry</p>', data: {} }], webhook_url: `${receiverUrl}?flaky` } });
    const jobId = accepted.json.data.job_id as string;
    await completed(call, jobId);
    const webhook = await until(async () => {
      const answer = await call('GET', `/v1/jobs/${jobId}`);
      return answer.json.data.webhook.state === 'delivered' ? answer.json.data.webhook : undefined;
    }, 30_000, 'the webhook to be delivered on its second try');
    expect(webhook).toMatchObject({ state: 'delivered', attempts: 2, last_error: null });
    const hooks = received.filter((hook) => hook.headers['pagesmith-webhook-id'] === jobId);
    expect(hooks).toHaveLength(2);
    for (const hook of hooks) expect(verifyWebhookSignature({ body: hook.body, header: hook.headers['pagesmith-signature'] as string, secret: SECRET })).toBe(true);
  }, 60_000);

  it('refuses more than 1 000 documents with the 400 envelope, and webhooks to private or loopback addresses not allow-listed with 422', async () => {
    const call = client((served as Served).url);
    const item = { kind: 'quick_generate', html: '<p>x</p>', data: {} };
    const tooMany = await call('POST', '/v1/jobs', { body: { documents: Array(1001).fill(item) } });
    expect(tooMany.status).toBe(400);
    expect(tooMany.json).toEqual({ success: false, message: 'A job holds at most 1000 documents; this one has 1001. Split it into several jobs.', data: [] });

    for (const webhookUrl of ['http://localhost:9/hook', 'http://10.1.2.3/hook', 'http://169.254.169.254/latest', 'http://[::1]:9/hook']) {
      const refused = await call('POST', '/v1/jobs', { body: { documents: [item], webhook_url: webhookUrl } });
      expect(refused.status, webhookUrl).toBe(422);
      expect(refused.json.errors).toEqual([{ field: 'webhook_url', type: 'value_error', message: expect.stringMatching(/non-public address .*allow-lists the host/) }]);
    }
    // Bob has no webhook secret, so nothing could sign his webhooks.
    const unsigned = await call('POST', '/v1/jobs', { key: BOB_KEY, body: { documents: [item], webhook_url: receiverUrl } });
    expect(unsigned.status).toBe(422);
    expect(unsigned.json.errors[0].message).toMatch(/no webhook secret/);
  });
});

describe.skipIf(skip)('queued jobs in operations', () => {
  it('GET /metrics shows the queues’ depth and the jobs’ outcomes, and /readyz asks the queue’s Redis', async () => {
    const { url } = served as Served;
    const metrics = await (await fetch(`${url}/metrics`)).text();
    const value = (series: string): number => Number(metrics.split('\n').find((line) => line.startsWith(`${series} `))?.split(' ')[1] ?? Number.NaN);
    expect(value('pagesmith_job_queue_tasks{queue="render",state="waiting"}')).toBeGreaterThanOrEqual(0);
    expect(value('pagesmith_job_queue_tasks{queue="webhooks",state="failed"}')).toBe(0);
    // The earlier tests' jobs: 200 + 40 documents made at least, two webhooks delivered (one on its second try).
    expect(value('pagesmith_job_documents_total{result="succeeded"}')).toBeGreaterThanOrEqual(240);
    expect(value('pagesmith_jobs_completed_total')).toBeGreaterThanOrEqual(2);
    expect(value('pagesmith_job_webhooks_total{result="delivered"}')).toBe(2);
    const readiness = await (await fetch(`${url}/readyz`)).json();
    expect(readiness.checks.map((check: { name: string }) => check.name)).toContain('job_queue');
    expect(readiness.status).toBe('ok');
  });
});

describe.skipIf(skip)('the README’s “Run it in production” worker line', () => {
  it('takes jobs as written', async () => {
    // The other workers stop, so that only the README's can take the job.
    for (const worker of workers.splice(0)) {
      worker.kill('SIGTERM');
      expect(await worker.exited).toBe(0);
    }
    const block = /<!-- production -->\n```sh\n([\s\S]*?)```/.exec(readFileSync(`${ROOT}README.md`, 'utf8'))?.[1] ?? '';
    const line = block.split('\n').find((text) => text.startsWith('npx pagesmith worker'));
    expect(line).toBeDefined();
    // The README's DATABASE_URL and REDIS_URL are this suite's, its schema and prefix this run's.
    const readmeWorker = await startWorker((line as string).split(/\s+/).slice(3), { DATABASE_URL: databaseUrl as string, REDIS_URL: redisUrl as string, PAGESMITH_DATABASE_SCHEMA: schema, PAGESMITH_QUEUE_PREFIX: prefix });
    workers.push(readmeWorker);
    const call = client((served as Served).url);
    const accepted = await call('POST', '/v1/jobs', { body: { documents: [{ kind: 'quick_generate', html: '<p>{{ n }}</p>', data: { n: 1 } }] } });
    const job = await completed(call, accepted.json.data.job_id as string);
    expect(job.progress).toMatchObject({ done: 1, succeeded: 1 });
    // The worker logs a document after recording it: the line may come a moment after the job completes.
    await until(async () => (documentLines(readmeWorker, job.job_id as string) > 0 ? true : undefined), 10_000, 'the README worker\'s document line');
    expect(documentLines(readmeWorker, job.job_id as string)).toBe(1);
  }, 60_000);
});

describe('a server without a queue', () => {
  it('answers the jobs routes with 501 and says what to configure', async () => {
    const server = await startServer();
    try {
      for (const [method, path] of [['POST', '/v1/jobs'], ['GET', '/v1/jobs/job-1']] as const) {
        const answer = await client(server.url)(method, path, method === 'POST' ? { body: { documents: [] } } : {});
        expect(answer.status).toBe(501);
        expect(answer.json.message).toMatch(/--redis-url and --database-url/);
      }
    } finally {
      await server.close();
    }
  });
});
