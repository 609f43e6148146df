// The base of every pagesmith failure: a status, a stable code and the envelope clients see.

/** The failure body of every status except 422: `{ success: false, message, data: [] }`. */
export interface FailureEnvelope {
  readonly success: false;
  readonly message: string;
  readonly data: readonly [];
}

/** One problem in a request, in the shape of the hosted service's 422 body. */
export interface ValidationIssue {
  /** The request field at fault, dotted for nested paths; `""` for the body as a whole. */
  readonly field: string;
  readonly message: string;
  /** Pydantic-style error type: `missing`, `string_type`, `literal_error`, `value_error`, ... */
  readonly type: string;
}

/** The 422 body: `{ success: false, message: "Validation failed", errors: [...] }`. */
export interface ValidationFailureEnvelope {
  readonly success: false;
  readonly message: string;
  readonly errors: readonly ValidationIssue[];
}

export type ErrorEnvelope = FailureEnvelope | ValidationFailureEnvelope;

export type PagesmithErrorCode =
  | 'LIMIT_REACHED'
  | 'TEMPLATE_NOT_FOUND'
  | 'DOCUMENT_NOT_FOUND'
  | 'VALIDATION_FAILED'
  | 'TEMPLATE_ENGINE_ERROR'
  | 'DOCUMENT_CREATION_FAILED'
  | 'MISSING_PEER_DEPENDENCY'
  | 'APPLICATION_NOT_FOUND'
  | 'NOTHING_TO_UPDATE'
  | 'UNAUTHORIZED'
  | 'ROUTE_NOT_FOUND'
  | 'METHOD_NOT_ALLOWED'
  | 'PAYLOAD_TOO_LARGE'
  | 'UNSUPPORTED_MEDIA_TYPE'
  | 'MALFORMED_REQUEST'
  | 'HEADERS_TOO_LARGE'
  | 'REQUEST_TIMEOUT'
  | 'JOB_NOT_FOUND'
  | 'TOO_MANY_DOCUMENTS'
  | 'JOBS_UNAVAILABLE'
  | 'PAGE_IMAGES_UNAVAILABLE'
  | 'PAGE_NOT_FOUND'
  | 'NO_PAGE_IMAGES';

export interface PagesmithErrorOptions {
  /** What went wrong, for logs only: never part of the envelope. */
  readonly detail?: string;
  readonly cause?: unknown;
}

export abstract class PagesmithError extends Error {
  abstract readonly code: PagesmithErrorCode;
  abstract readonly status: number;
  /** What went wrong, for logs only: never part of the envelope. */
  readonly detail: string | undefined;

  constructor(message: string, options: PagesmithErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = new.target.name;
    this.detail = options.detail;
  }

  /** The JSON body a client receives for this failure. */
  toEnvelope(): ErrorEnvelope {
    return { success: false, message: this.message, data: [] };
  }

  /** `JSON.stringify(error)` gives the envelope, never the detail. */
  toJSON(): ErrorEnvelope {
    return this.toEnvelope();
  }
}
