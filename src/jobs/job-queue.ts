// openJobQueue: what the HTTP routes use to take jobs and report on them; the documents are rendered by `startJobWorker`.
import { randomUUID } from 'node:crypto';
import { DocumentCreationError, JobNotFoundError, PagesmithError, ValidationError } from '../errors/index.js';
import { DEFAULT_MONTHLY_LIMIT, type MonthlyLimit, type Principal } from '../service/deps.js';
import type { FailureOutcome, OutcomeHeaders } from '../service/outcome.js';
import { failureOutcome } from '../service/outcome.js';
import type { SuccessEnvelope } from '../service/envelopes.js';
import { JobRecords, type JobOutcome } from './job-records.js';
import { parseJobRequest, webhookIssue } from './job-request.js';
import { jobData, type JobEnvelope } from './job-status.js';
import { renderTaskId, type RenderTask } from './job-tasks.js';
import { DEFAULT_QUEUE_PREFIX, openQueueConnection, RENDER_QUEUE, WEBHOOK_QUEUE } from './queue-connection.js';
import { checkWebhookTarget } from './webhook-target.js';

export interface JobQueueOptions {
  /** `redis://[:password@]host:6379[/db]`; the same Redis as the workers'. */
  readonly redisUrl: string;
  /** Prefix of every key the queues and job records use (default `pagesmith`); workers must use the same. */
  readonly prefix?: string;
  /** Prefix of the documents' `download_url`, as the service's `baseUrl`. */
  readonly baseUrl: string;
  /** Per account, as the service's; a job carries it to the workers. Default 100. */
  readonly monthlyLimit?: MonthlyLimit;
  /** Accounts that may ask for webhooks, with the secret their webhooks are signed with. */
  readonly webhookSecrets?: ReadonlyMap<string, string>;
  /** Hosts whose webhooks may go to private or loopback addresses. */
  readonly webhookAllowHosts?: readonly string[];
}

export interface JobAcceptedData {
  readonly job_id: string;
  readonly status: 'queued';
  readonly total: number;
  /** Where GET /v1/jobs/:job_id answers (also in the Location header). */
  readonly status_url: string;
}

export type JobAcceptedEnvelope = SuccessEnvelope<JobAcceptedData>;

export type JobQueueOutcome<Body> = { readonly ok: true; readonly status: 200 | 202; readonly headers: OutcomeHeaders; readonly body: Body } | FailureOutcome;

/** Queue depth and outcomes across every process sharing the Redis (the same figures from every server). */
export interface JobMetrics {
  readonly render: QueueCounts;
  readonly webhooks: QueueCounts;
  /** Totals since the Redis was new: documents succeeded and failed, jobs completed, webhooks delivered and failed. */
  readonly outcomes: Readonly<Record<JobOutcome, number>>;
}

export interface QueueCounts {
  readonly waiting: number;
  readonly active: number;
  readonly delayed: number;
  readonly failed: number;
}

/** Every method resolves to an outcome mirroring the HTTP response; none rejects. */
export interface JobQueue {
  /** POST /v1/jobs: 202 with the job id, 400 past 1 000 documents, 422 for a malformed body or a webhook_url not allowed. */
  submit(body: unknown, principal: Principal): Promise<JobQueueOutcome<JobAcceptedEnvelope>>;
  /** GET /v1/jobs/:job_id: 404 when the job is unknown, expired or another account's. */
  get(principal: Principal, jobId: string): Promise<JobQueueOutcome<JobEnvelope>>;
  metrics(): Promise<JobMetrics>;
  /** Rejects when Redis does not answer: for readiness. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

const JSON_HEADERS = { 'content-type': 'application/json' } as const;
const RENDER_ATTEMPTS = 3;

/** Connects (MissingPeerDependencyError when bullmq or ioredis is not installed) and checks that Redis answers. */
export async function openJobQueue(options: JobQueueOptions, neededBy = 'openJobQueue()'): Promise<JobQueue> {
  const prefix = options.prefix ?? DEFAULT_QUEUE_PREFIX;
  const connection = await openQueueConnection(options.redisUrl, neededBy, { blocking: false });
  const { Queue } = connection.bullmq;
  const render = new Queue<RenderTask>(RENDER_QUEUE, { connection: connection.redis, prefix });
  const webhooks = new Queue(WEBHOOK_QUEUE, { connection: connection.redis, prefix });
  const records = new JobRecords(connection.redis, prefix);
  const secrets = options.webhookSecrets ?? new Map<string, string>();
  const allowHosts = options.webhookAllowHosts ?? [];

  async function accept(body: unknown, principal: Principal): Promise<JobAcceptedEnvelope> {
    const request = parseJobRequest(body);
    if (request.webhookUrl !== undefined) await checkWebhookUrl(request.webhookUrl, principal.accountId);
    const monthlyLimit = await monthlyLimitOf(options.monthlyLimit ?? DEFAULT_MONTHLY_LIMIT, principal.accountId);
    const jobId = `job-${randomUUID()}`;
    await records.create({
      jobId,
      accountId: principal.accountId,
      total: request.items.length,
      baseUrl: options.baseUrl,
      webhookUrl: request.webhookUrl,
      createdAt: new Date().toISOString(),
    });
    try {
      await render.addBulk(
        request.items.map((item, index) => ({
          name: item.kind,
          data: { job_id: jobId, index, account_id: principal.accountId, kind: item.kind, body: item.body, monthly_limit: monthlyLimit },
          opts: { jobId: renderTaskId(jobId, index), attempts: RENDER_ATTEMPTS, backoff: { type: 'exponential', delay: 1000 }, removeOnComplete: true, removeOnFail: { age: 7 * 24 * 3600 } },
        })),
      );
    } catch (error) {
      await records.delete(jobId).catch(() => undefined);
      throw error;
    }
    return { success: true, message: 'Job queued', data: { job_id: jobId, status: 'queued', total: request.items.length, status_url: jobStatusUrl(options.baseUrl, jobId) } };
  }

  async function checkWebhookUrl(webhookUrl: string, accountId: string): Promise<void> {
    if (!secrets.has(accountId)) {
      throw new ValidationError([webhookIssue('this account has no webhook secret to sign webhooks with; the operator sets one in PAGESMITH_WEBHOOK_SECRETS')]);
    }
    const target = await checkWebhookTarget(new URL(webhookUrl), { allowHosts });
    if ('reason' in target) throw new ValidationError([webhookIssue(target.reason)]);
  }

  async function counts(queue: { getJobCounts(...types: ('waiting' | 'active' | 'delayed' | 'failed')[]): Promise<Record<string, number>> }): Promise<QueueCounts> {
    const found = await queue.getJobCounts('waiting', 'active', 'delayed', 'failed');
    return { waiting: found['waiting'] ?? 0, active: found['active'] ?? 0, delayed: found['delayed'] ?? 0, failed: found['failed'] ?? 0 };
  }

  return {
    submit: (body, principal) =>
      asOutcome(async () => {
        const accepted = await accept(body, principal);
        return { ok: true, status: 202, headers: { ...JSON_HEADERS, location: accepted.data.status_url }, body: accepted };
      }),
    get: (principal, jobId) =>
      asOutcome(async () => {
        const record = await records.get(jobId);
        // Another account's job is as unknown as one that never was (decision 0005).
        if (record === null || record.accountId !== principal.accountId) throw new JobNotFoundError({ detail: jobId });
        const data = jobData(record, await records.results(jobId));
        return { ok: true, status: 200, headers: JSON_HEADERS, body: { success: true, message: 'Job found', data } };
      }),
    async metrics() {
      return { render: await counts(render), webhooks: await counts(webhooks), outcomes: await records.outcomes() };
    },
    async ping() {
      await connection.redis.ping();
    },
    async close() {
      await Promise.all([render.close(), webhooks.close()]);
      await connection.close();
    },
  };
}

async function asOutcome<Body>(run: () => Promise<JobQueueOutcome<Body>>): Promise<JobQueueOutcome<Body>> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof PagesmithError) return failureOutcome(error);
    return failureOutcome(new DocumentCreationError({ detail: `job queue: ${error instanceof Error ? error.message : String(error)}`, cause: error }));
  }
}

export function jobStatusUrl(baseUrl: string, jobId: string): string {
  return `${baseUrl.replace(/\/+$/, '')}/v1/jobs/${jobId}`;
}

async function monthlyLimitOf(limit: MonthlyLimit, accountId: string): Promise<number> {
  const value = typeof limit === 'number' ? limit : await limit(accountId);
  if (!Number.isInteger(value) || value < 0) throw new Error(`monthlyLimit gave ${String(value)} for account ${accountId}; expected a non-negative integer`);
  return value;
}
