// What the queues carry: one render task per document, one webhook task per job.
import type { JobKind } from './job-request.js';

export interface RenderTask {
  readonly job_id: string;
  readonly index: number;
  readonly account_id: string;
  readonly kind: JobKind;
  /** The body the synchronous route would get; the worker's service validates it as that route does. */
  readonly body: unknown;
  /** The account's monthly maximum as the server that took the job had it (decision 0264). */
  readonly monthly_limit: number;
}

export interface WebhookTask {
  readonly job_id: string;
}

/** BullMQ ids: one task per document and one webhook per job, so adding either twice adds nothing. */
export function renderTaskId(jobId: string, index: number): string {
  return `${jobId}-${index}`;
}

export function webhookTaskId(jobId: string): string {
  return `${jobId}-webhook`;
}
