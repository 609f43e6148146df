// A job's record and its documents' results in Redis: one hash for the job, one for the results, counted as each result lands.
import type { Redis } from 'ioredis';
import type { ErrorEnvelope } from '../errors/index.js';

/** How long a job's record lives after it is created and again after it completes (decision 0263). */
export const JOB_RETENTION_SECONDS = 7 * 24 * 3600;

export interface JobRecord {
  readonly jobId: string;
  readonly accountId: string;
  readonly total: number;
  readonly done: number;
  readonly succeeded: number;
  readonly failed: number;
  readonly createdAt: string;
  readonly startedAt: string | null;
  readonly completedAt: string | null;
  /** The base of download URLs, as the server that took the job had it. */
  readonly baseUrl: string;
  readonly webhookUrl: string | null;
  readonly webhook: WebhookState | null;
}

export interface WebhookState {
  readonly state: 'pending' | 'delivered' | 'failed';
  readonly attempts: number;
  readonly lastError: string | null;
}

/** One document's result as stored: what the document_id envelope says of it, or the failure's status and envelope. */
export type StoredResult =
  | { readonly ok: true; readonly document_id: string; readonly template_id: string | null; readonly size_bytes: number }
  | { readonly ok: false; readonly http_status: number; readonly error: ErrorEnvelope };

export type RecordedResult = 'recorded' | 'completed' | 'duplicate' | 'no-job';

/** The counters kept across all jobs, for metrics. */
export const OUTCOME_FIELDS = ['documents_succeeded', 'documents_failed', 'jobs_completed', 'webhooks_delivered', 'webhooks_failed'] as const;
export type JobOutcome = (typeof OUTCOME_FIELDS)[number];

// KEYS: job hash, results hash, outcomes hash. ARGV: index, result JSON, ok flag, now, retention seconds.
// A result is written once (a document retried after a crash keeps its first one); the last one completes the job.
const RECORD_RESULT = `
if redis.call('EXISTS', KEYS[1]) == 0 then return -1 end
if redis.call('HSETNX', KEYS[2], ARGV[1], ARGV[2]) == 0 then return 0 end
redis.call('HINCRBY', KEYS[1], ARGV[3] == '1' and 'succeeded' or 'failed', 1)
redis.call('HINCRBY', KEYS[3], ARGV[3] == '1' and 'documents_succeeded' or 'documents_failed', 1)
local done = redis.call('HINCRBY', KEYS[1], 'done', 1)
if done < tonumber(redis.call('HGET', KEYS[1], 'total')) then return 1 end
redis.call('HSET', KEYS[1], 'completed_at', ARGV[4])
redis.call('HINCRBY', KEYS[3], 'jobs_completed', 1)
redis.call('EXPIRE', KEYS[1], ARGV[5])
redis.call('EXPIRE', KEYS[2], ARGV[5])
return 2
`;

export interface NewJob {
  readonly jobId: string;
  readonly accountId: string;
  readonly total: number;
  readonly baseUrl: string;
  readonly webhookUrl: string | undefined;
  readonly createdAt: string;
}

export class JobRecords {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  async create(job: NewJob): Promise<void> {
    const fields: Record<string, string | number> = {
      account_id: job.accountId,
      total: job.total,
      done: 0,
      succeeded: 0,
      failed: 0,
      created_at: job.createdAt,
      base_url: job.baseUrl,
      ...(job.webhookUrl !== undefined && { webhook_url: job.webhookUrl, webhook_state: 'pending', webhook_attempts: 0 }),
    };
    await this.redis.multi().hset(this.jobKey(job.jobId), fields).expire(this.jobKey(job.jobId), JOB_RETENTION_SECONDS).exec();
  }

  async delete(jobId: string): Promise<void> {
    await this.redis.del(this.jobKey(jobId), this.resultsKey(jobId));
  }

  async get(jobId: string): Promise<JobRecord | null> {
    const fields = await this.redis.hgetall(this.jobKey(jobId));
    if (fields['account_id'] === undefined) return null;
    const whole = (name: string): number => Number(fields[name] ?? 0);
    return {
      jobId,
      accountId: fields['account_id'],
      total: whole('total'),
      done: whole('done'),
      succeeded: whole('succeeded'),
      failed: whole('failed'),
      createdAt: fields['created_at'] ?? '',
      startedAt: fields['started_at'] ?? null,
      completedAt: fields['completed_at'] ?? null,
      baseUrl: fields['base_url'] ?? '',
      webhookUrl: fields['webhook_url'] ?? null,
      webhook:
        fields['webhook_url'] === undefined
          ? null
          : { state: (fields['webhook_state'] ?? 'pending') as WebhookState['state'], attempts: whole('webhook_attempts'), lastError: fields['webhook_error'] ?? null },
    };
  }

  /** Results by document index. */
  async results(jobId: string): Promise<ReadonlyMap<number, StoredResult>> {
    const fields = await this.redis.hgetall(this.resultsKey(jobId));
    return new Map(Object.entries(fields).map(([index, json]) => [Number(index), JSON.parse(json) as StoredResult]));
  }

  async hasResult(jobId: string, index: number): Promise<boolean> {
    return (await this.redis.hexists(this.resultsKey(jobId), String(index))) === 1;
  }

  async markStarted(jobId: string, at: string): Promise<void> {
    await this.redis.hsetnx(this.jobKey(jobId), 'started_at', at);
  }

  /** `completed` when this result was the job's last. */
  async record(jobId: string, index: number, result: StoredResult, at: string): Promise<RecordedResult> {
    const answer = await this.redis.eval(
      RECORD_RESULT,
      3,
      this.jobKey(jobId),
      this.resultsKey(jobId),
      this.outcomesKey(),
      String(index),
      JSON.stringify(result),
      result.ok ? '1' : '0',
      at,
      JOB_RETENTION_SECONDS,
    );
    return answer === 2 ? 'completed' : answer === 1 ? 'recorded' : answer === 0 ? 'duplicate' : 'no-job';
  }

  async webhookAttempt(jobId: string, state: WebhookState['state'], error: string | null): Promise<void> {
    const key = this.jobKey(jobId);
    const pipeline = this.redis.multi().hincrby(key, 'webhook_attempts', 1).hset(key, 'webhook_state', state);
    if (error === null) pipeline.hdel(key, 'webhook_error');
    else pipeline.hset(key, 'webhook_error', error);
    if (state !== 'pending') pipeline.hincrby(this.outcomesKey(), state === 'delivered' ? 'webhooks_delivered' : 'webhooks_failed', 1);
    await pipeline.exec();
  }

  async outcomes(): Promise<Record<JobOutcome, number>> {
    const fields = await this.redis.hgetall(this.outcomesKey());
    return Object.fromEntries(OUTCOME_FIELDS.map((name) => [name, Number(fields[name] ?? 0)])) as Record<JobOutcome, number>;
  }

  private jobKey(jobId: string): string {
    return `${this.prefix}:job:${jobId}`;
  }

  private resultsKey(jobId: string): string {
    return `${this.prefix}:job:${jobId}:results`;
  }

  private outcomesKey(): string {
    return `${this.prefix}:job-outcomes`;
  }
}
