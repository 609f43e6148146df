// Call outcomes that mirror HTTP responses: status, headers, body, and the error on failure.
import type { ErrorEnvelope, PagesmithError } from '../errors/index.js';

export type OutcomeHeaders = Readonly<Record<string, string>>;

export interface SuccessOutcome<Body> {
  readonly ok: true;
  readonly status: 200;
  readonly headers: OutcomeHeaders;
  readonly body: Body;
}

export interface FailureOutcome {
  readonly ok: false;
  readonly status: number;
  readonly headers: OutcomeHeaders;
  readonly body: ErrorEnvelope;
  readonly error: PagesmithError;
}

export type Outcome<Body> = SuccessOutcome<Body> | FailureOutcome;

const JSON_HEADERS: OutcomeHeaders = { 'content-type': 'application/json' };

/** What a freshly generated PDF's headers say of it: a body of bytes has nowhere else to carry them. */
export interface PdfIds {
  /** `X-Document-Id`: the generation's id (downloadable only when the document was kept). */
  readonly documentId: string;
  /** `X-Template-Id`: the template used or saved, if any. */
  readonly templateId: string | null;
}

export function pdfOutcome(bytes: Uint8Array, filename: string, ids?: PdfIds, extraHeaders?: OutcomeHeaders): SuccessOutcome<Uint8Array> {
  return {
    ok: true,
    status: 200,
    headers: {
      'content-type': 'application/pdf',
      'content-disposition': `inline; filename="${filename}"`,
      'content-length': String(bytes.byteLength),
      ...(ids && { 'x-document-id': ids.documentId }),
      ...(ids?.templateId && { 'x-template-id': ids.templateId }),
      ...extraHeaders,
    },
    body: bytes,
  };
}

export function jsonOutcome<Body>(body: Body, headers?: OutcomeHeaders): SuccessOutcome<Body> {
  return { ok: true, status: 200, headers: headers ? { ...JSON_HEADERS, ...headers } : JSON_HEADERS, body };
}

export function failureOutcome(error: PagesmithError): FailureOutcome {
  return { ok: false, status: error.status, headers: JSON_HEADERS, body: error.toEnvelope(), error };
}
