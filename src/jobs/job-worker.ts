// startJobWorker: renders the queued documents with a DocumentService, records each result, and sends each finished job's webhook.
import type { Job } from 'bullmq';
import { DocumentCreationError } from '../errors/index.js';
import type { DocumentService } from '../service/create-document-service.js';
import type { MonthlyLimit } from '../service/deps.js';
import type { GenerateOutcome } from '../service/produce-document.js';
import { JobRecords, type StoredResult } from './job-records.js';
import { jobData } from './job-status.js';
import { webhookTaskId, type RenderTask, type WebhookTask } from './job-tasks.js';
import { DEFAULT_QUEUE_PREFIX, openQueueConnection, RENDER_QUEUE, WEBHOOK_QUEUE } from './queue-connection.js';
import { deliverWebhook } from './webhook-delivery.js';

export interface JobWorkerOptions {
  /** The same Redis and key prefix as the servers taking the jobs. */
  readonly redisUrl: string;
  readonly prefix?: string;
  /**
   * Renders and stores the documents: its document store must be the one the servers download
   * from (PostgreSQL), its quota store the one they count in.
   */
  readonly service: DocumentService;
  /** Documents rendered at once by this worker (default 4). */
  readonly concurrency?: number;
  /**
   * How long a document stays claimed without this worker renewing its claim (default 30 000 ms):
   * a worker that dies loses its documents to another worker this long after.
   */
  readonly lockDurationMs?: number;
  /** Signing secrets by account. */
  readonly webhookSecrets?: ReadonlyMap<string, string>;
  /** Hosts whose webhooks may go to private or loopback addresses. */
  readonly webhookAllowHosts?: readonly string[];
  /** Tries per webhook (default 8), the first retry after `webhookBackoffMs` (default 1 000), each next one twice as late. */
  readonly webhookAttempts?: number;
  readonly webhookBackoffMs?: number;
  /** Per try (default 10 000 ms). */
  readonly webhookTimeoutMs?: number;
  /** Told each job's monthly limit before its documents render; see `createJobMonthlyLimits`. */
  readonly monthlyLimits?: JobMonthlyLimits;
  /** For logs. */
  readonly onEvent?: (event: JobWorkerEvent) => void;
}

export type JobWorkerEvent =
  | { readonly type: 'document'; readonly jobId: string; readonly index: number; readonly status: number }
  | { readonly type: 'job-completed'; readonly jobId: string; readonly succeeded: number; readonly failed: number }
  | { readonly type: 'document-reclaimed'; readonly taskId: string }
  | { readonly type: 'webhook'; readonly jobId: string; readonly result: 'delivered' | 'retrying' | 'failed'; readonly detail: string }
  | { readonly type: 'error'; readonly error: unknown };

export interface JobWorker {
  /** Stops taking documents, lets those under way finish, then closes the connection (not the service). */
  close(): Promise<void>;
}

/** The monthly limit each job carries, given to the worker's service as its `monthlyLimit` (decision 0264). */
export interface JobMonthlyLimits {
  readonly monthlyLimit: MonthlyLimit;
  remember(accountId: string, limit: number): void;
}

export function createJobMonthlyLimits(fallback: number): JobMonthlyLimits {
  const limits = new Map<string, number>();
  return {
    monthlyLimit: (accountId) => limits.get(accountId) ?? fallback,
    remember: (accountId, limit) => void limits.set(accountId, limit),
  };
}

export async function startJobWorker(options: JobWorkerOptions, neededBy = 'startJobWorker()'): Promise<JobWorker> {
  const prefix = options.prefix ?? DEFAULT_QUEUE_PREFIX;
  const connection = await openQueueConnection(options.redisUrl, neededBy, { blocking: true });
  const { Queue, Worker, UnrecoverableError } = connection.bullmq;
  const records = new JobRecords(connection.redis, prefix);
  const webhookQueue = new Queue<WebhookTask>(WEBHOOK_QUEUE, { connection: connection.redis, prefix });
  const lockDuration = options.lockDurationMs ?? 30_000;
  const attempts = options.webhookAttempts ?? 8;
  const tell = (event: JobWorkerEvent): void => {
    try {
      options.onEvent?.(event);
    } catch {
      // A failing logger must not fail a document.
    }
  };

  /** Once a job's last result is in: its webhook, added once whichever worker gets here (the task id is the job's). */
  async function finish(jobId: string): Promise<void> {
    const record = await records.get(jobId);
    if (record === null || record.done < record.total) return;
    if (record.webhookUrl !== null && record.webhook?.state === 'pending') {
      await webhookQueue.add('webhook', { job_id: jobId }, {
        jobId: webhookTaskId(jobId),
        attempts,
        backoff: { type: 'exponential', delay: options.webhookBackoffMs ?? 1000 },
        removeOnComplete: true,
        removeOnFail: { age: 7 * 24 * 3600 },
      });
    }
  }

  async function renderDocument(task: Job<RenderTask>): Promise<void> {
    const { job_id: jobId, index, account_id: accountId, kind, body, monthly_limit: monthlyLimit } = task.data;
    // Rendered before, by a worker that died before saying so: keep that result, never count it twice.
    if (await records.hasResult(jobId, index)) return finish(jobId);
    await records.markStarted(jobId, new Date().toISOString());
    options.monthlyLimits?.remember(accountId, monthlyLimit);
    const principal = { accountId };
    const outcome = kind === 'generate' ? await options.service.generate(body, principal) : await options.service.quickGenerate(body, principal);
    const recorded = await records.record(jobId, index, storedResult(outcome), new Date().toISOString());
    tell({ type: 'document', jobId, index, status: outcome.status });
    if (recorded === 'completed') {
      const record = await records.get(jobId);
      tell({ type: 'job-completed', jobId, succeeded: record?.succeeded ?? 0, failed: record?.failed ?? 0 });
    }
    if (recorded === 'completed' || recorded === 'duplicate') await finish(jobId);
  }

  async function sendWebhook(task: Job<WebhookTask>): Promise<void> {
    const jobId = task.data.job_id;
    const record = await records.get(jobId);
    if (record === null || record.webhookUrl === null || record.webhook?.state !== 'pending') return;
    const secret = options.webhookSecrets?.get(record.accountId);
    if (secret === undefined) {
      await records.webhookAttempt(jobId, 'failed', 'no webhook secret for the account on the worker (PAGESMITH_WEBHOOK_SECRETS)');
      tell({ type: 'webhook', jobId, result: 'failed', detail: `no webhook secret for account ${record.accountId}` });
      return;
    }
    const body = JSON.stringify({ event: 'job.completed', data: jobData(record, await records.results(jobId)) });
    const result = await deliverWebhook(
      { url: record.webhookUrl, body, secret, id: jobId, timeoutMs: options.webhookTimeoutMs ?? 10_000 },
      { allowHosts: options.webhookAllowHosts ?? [] },
    );
    if (result.kind === 'delivered') {
      await records.webhookAttempt(jobId, 'delivered', null);
      tell({ type: 'webhook', jobId, result: 'delivered', detail: `HTTP ${result.status}` });
      return;
    }
    const last = result.kind === 'refused' || task.attemptsMade + 1 >= attempts;
    await records.webhookAttempt(jobId, last ? 'failed' : 'pending', result.reason);
    tell({ type: 'webhook', jobId, result: last ? 'failed' : 'retrying', detail: result.reason });
    // BullMQ tries again later, with exponential backoff; an address the policy refuses stays refused.
    throw result.kind === 'refused' ? new UnrecoverableError(result.reason) : new Error(result.reason);
  }

  const workerOptions = { connection: connection.redis, prefix, lockDuration, stalledInterval: lockDuration, maxStalledCount: 3 };
  const renderWorker = new Worker<RenderTask>(RENDER_QUEUE, renderDocument, { ...workerOptions, concurrency: options.concurrency ?? 4 });
  const webhookWorker = new Worker<WebhookTask>(WEBHOOK_QUEUE, sendWebhook, { ...workerOptions, concurrency: 4 });
  renderWorker.on('stalled', (taskId) => tell({ type: 'document-reclaimed', taskId }));
  // Out of tries (Redis failing under the worker, say): the document fails with the 500 envelope so that its job still completes.
  renderWorker.on('failed', (task, error) => {
    if (task === undefined || task.attemptsMade < (task.opts.attempts ?? 1)) return;
    const failure = new DocumentCreationError({ detail: error.message, cause: error });
    const result: StoredResult = { ok: false, http_status: failure.status, error: failure.toEnvelope() };
    void records
      .record(task.data.job_id, task.data.index, result, new Date().toISOString())
      .then((recorded) => (recorded === 'completed' ? finish(task.data.job_id) : undefined))
      .catch((recordError: unknown) => tell({ type: 'error', error: recordError }));
  });
  for (const worker of [renderWorker, webhookWorker]) worker.on('error', (error) => tell({ type: 'error', error }));
  await Promise.all([renderWorker.waitUntilReady(), webhookWorker.waitUntilReady()]);

  return {
    async close() {
      await Promise.all([renderWorker.close(), webhookWorker.close()]);
      await webhookQueue.close();
      await connection.close();
    },
  };
}

function storedResult(outcome: GenerateOutcome): StoredResult {
  if (!outcome.ok) return { ok: false, http_status: outcome.status, error: outcome.body };
  const body = outcome.body;
  if (body instanceof Uint8Array || !('download_url' in body.data)) {
    // The task's response_type is document_id; anything else is this worker's bug, reported as the 500 it would be.
    const failure = new DocumentCreationError({ detail: 'a job document was not answered with its document_id' });
    return { ok: false, http_status: failure.status, error: failure.toEnvelope() };
  }
  return { ok: true, document_id: body.data.document_id, template_id: body.data.template_id, size_bytes: body.data.size_bytes };
}

