// What GET /v1/jobs/:job_id and the webhook say of a job: its status, progress and each document's result.
import type { ErrorEnvelope } from '../errors/index.js';
import { downloadUrl } from '../service/document-names.js';
import type { SuccessEnvelope } from '../service/envelopes.js';
import type { JobRecord, StoredResult } from './job-records.js';

export type JobState = 'queued' | 'running' | 'completed';

export type JobDocumentResult =
  | { readonly index: number; readonly status: 'pending' }
  | { readonly index: number; readonly status: 'succeeded'; readonly document_id: string; readonly template_id: string | null; readonly download_url: string; readonly size_bytes: number }
  /** `error` is the envelope the synchronous route answers with, `http_status` its status. */
  | { readonly index: number; readonly status: 'failed'; readonly http_status: number; readonly error: ErrorEnvelope };

export interface JobWebhookData {
  readonly url: string;
  readonly state: 'pending' | 'delivered' | 'failed';
  readonly attempts: number;
  readonly last_error: string | null;
}

export interface JobData {
  readonly job_id: string;
  readonly status: JobState;
  readonly progress: { readonly done: number; readonly total: number; readonly succeeded: number; readonly failed: number };
  readonly created_at: string;
  readonly started_at: string | null;
  readonly completed_at: string | null;
  readonly documents: readonly JobDocumentResult[];
  readonly webhook: JobWebhookData | null;
}

export type JobEnvelope = SuccessEnvelope<JobData>;

export function jobData(record: JobRecord, results: ReadonlyMap<number, StoredResult>): JobData {
  const documents = Array.from({ length: record.total }, (_, index) => documentResult(record, index, results.get(index)));
  return {
    job_id: record.jobId,
    status: record.done >= record.total ? 'completed' : record.startedAt === null ? 'queued' : 'running',
    progress: { done: record.done, total: record.total, succeeded: record.succeeded, failed: record.failed },
    created_at: record.createdAt,
    started_at: record.startedAt,
    completed_at: record.completedAt,
    documents,
    webhook: record.webhook && record.webhookUrl !== null ? { url: record.webhookUrl, state: record.webhook.state, attempts: record.webhook.attempts, last_error: record.webhook.lastError } : null,
  };
}

function documentResult(record: JobRecord, index: number, result: StoredResult | undefined): JobDocumentResult {
  if (result === undefined) return { index, status: 'pending' };
  if (!result.ok) return { index, status: 'failed', http_status: result.http_status, error: result.error };
  return {
    index,
    status: 'succeeded',
    document_id: result.document_id,
    template_id: result.template_id,
    download_url: downloadUrl(record.baseUrl, result.document_id),
    size_bytes: result.size_bytes,
  };
}
