// POST /v1/jobs bodies: the documents (each a generate or quick-generate body plus its kind) and an optional webhook_url.
import * as v from 'valibot';
import { TooManyDocumentsError, ValidationError, type ValidationIssue } from '../errors/index.js';
import { GenerateRequestSchema, QuickGenerateRequestSchema } from '../service/request-schemas.js';
import { MESSAGES } from '../service/request-schemas.js';
import { assertObjectBody, toValidationIssue } from '../service/validate-request.js';

/** The most documents one job holds (decision 0262). */
export const MAX_JOB_DOCUMENTS = 1000;
export const MAX_WEBHOOK_URL_LENGTH = 2048;
export const JOB_KINDS = ['generate', 'quick_generate'] as const;
export type JobKind = (typeof JOB_KINDS)[number];

const KIND_MESSAGE = "Input should be 'generate' or 'quick_generate'";

/** What is checked when the job is submitted: the shape of the batch and each item's kind; the rest of an item is the worker's service's to check. */
const JobRequestShape = v.object(
  {
    documents: v.pipe(v.array(v.looseObject({ kind: v.picklist(JOB_KINDS, KIND_MESSAGE) }, MESSAGES.body), 'Input should be a valid list'), v.minLength(1, 'List should have at least 1 item')),
    webhook_url: v.nullish(v.pipe(v.string(MESSAGES.string), v.maxLength(MAX_WEBHOOK_URL_LENGTH, `String should have at most ${MAX_WEBHOOK_URL_LENGTH} characters`))),
  },
  MESSAGES.body,
);

const optionalResponseType = v.pipe(
  v.optional(GenerateRequestSchema.entries.response_type),
  v.description('Optional in a job: every document of a job is stored and answered with its document_id and download_url, whatever the value.'),
);

/** For the OpenAPI document: each item in full, as the synchronous routes take it, plus `kind`. */
export const JobRequestSchema = v.object({
  documents: v.pipe(
    v.array(
      v.variant('kind', [
        v.object({ kind: v.literal('generate'), ...GenerateRequestSchema.entries, response_type: optionalResponseType }),
        v.object({ kind: v.literal('quick_generate'), ...QuickGenerateRequestSchema.entries, response_type: optionalResponseType }),
      ]),
    ),
    v.minLength(1),
    v.maxLength(MAX_JOB_DOCUMENTS),
    v.description(`1 to ${MAX_JOB_DOCUMENTS} documents, each the body of POST /v1/documents/generate or /v1/documents/quick/generate plus its kind.`),
  ),
  webhook_url: v.pipe(
    v.nullish(v.pipe(v.string(), v.maxLength(MAX_WEBHOOK_URL_LENGTH))),
    v.description('Called once the job is complete, signed with the account’s webhook secret (Pagesmith-Signature). http or https; private and loopback addresses only when the operator allow-lists the host.'),
  ),
});

export interface JobItem {
  readonly kind: JobKind;
  /** The body the synchronous route would get, with `response_type` set to `document_id`. */
  readonly body: Record<string, unknown>;
}

export interface JobRequest {
  readonly items: readonly JobItem[];
  readonly webhookUrl: string | undefined;
}

/**
 * Throws TooManyDocumentsError (400) for more than MAX_JOB_DOCUMENTS documents, ValidationError
 * (422) for a body that is not `{ documents: [...], webhook_url? }` or an item without a valid kind.
 */
export function parseJobRequest(body: unknown): JobRequest {
  assertObjectBody(body);
  const documents = body['documents'];
  if (Array.isArray(documents) && documents.length > MAX_JOB_DOCUMENTS) throw new TooManyDocumentsError(MAX_JOB_DOCUMENTS, documents.length);
  const result = v.safeParse(JobRequestShape, body, { abortEarly: false });
  if (!result.success) throw new ValidationError(result.issues.map(toValidationIssue));
  const webhookUrl = result.output.webhook_url ?? undefined;
  if (webhookUrl !== undefined) {
    const problem = webhookUrlProblem(webhookUrl);
    if (problem) throw new ValidationError([problem]);
  }
  return { items: result.output.documents.map(toItem), webhookUrl };
}

/** The URL's form; where it points is checked against the address policy afterwards. */
function webhookUrlProblem(text: string): ValidationIssue | null {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return webhookIssue('webhook_url is not an absolute URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return webhookIssue('webhook_url must be an http or https URL');
  if (url.username !== '' || url.password !== '') return webhookIssue('webhook_url must not carry credentials');
  return null;
}

export function webhookIssue(message: string): ValidationIssue {
  return { field: 'webhook_url', type: 'value_error', message: `Value error, ${message}` };
}

/**
 * Every document of a job is stored for download, so any valid response_type (or none) becomes
 * `document_id`; an invalid one stays, for the service's own 422 (decision 0262).
 */
function toItem(document: { kind: JobKind } & Record<string, unknown>): JobItem {
  const { kind, ...body } = document;
  const responseType = body['response_type'];
  const valid = responseType === undefined || v.is(GenerateRequestSchema.entries.response_type, responseType);
  return { kind, body: valid ? { ...body, response_type: 'document_id' } : body };
}
