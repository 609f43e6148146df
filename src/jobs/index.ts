// Queued generation on BullMQ: the queue the HTTP routes submit to, the worker that renders, and webhook signatures.
export { openJobQueue, jobStatusUrl } from './job-queue.js';
export type { JobAcceptedData, JobAcceptedEnvelope, JobMetrics, JobQueue, JobQueueOptions, JobQueueOutcome, QueueCounts } from './job-queue.js';
export { createJobMonthlyLimits, startJobWorker } from './job-worker.js';
export type { JobMonthlyLimits, JobWorker, JobWorkerEvent, JobWorkerOptions } from './job-worker.js';
export { JobRequestSchema, MAX_JOB_DOCUMENTS, JOB_KINDS } from './job-request.js';
export type { JobKind } from './job-request.js';
export type { JobData, JobDocumentResult, JobEnvelope, JobState, JobWebhookData } from './job-status.js';
export type { JobOutcome } from './job-records.js';
export { JOB_RETENTION_SECONDS } from './job-records.js';
export { DEFAULT_QUEUE_PREFIX } from './queue-connection.js';
export { parseWebhookSecrets } from './webhook-secrets.js';
export { DEFAULT_SIGNATURE_TOLERANCE_SECONDS, signWebhookPayload, verifyWebhookSignature, WEBHOOK_SIGNATURE_HEADER } from './webhook-signature.js';
export type { VerifyWebhookOptions } from './webhook-signature.js';
