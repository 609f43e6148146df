// 500: an unexpected failure (PDF engine, store, time limit); the caller should retry later.
import { PagesmithError, type PagesmithErrorOptions } from './pagesmith-error.js';

export class DocumentCreationError extends PagesmithError {
  readonly code = 'DOCUMENT_CREATION_FAILED';
  readonly status = 500;

  constructor(options?: PagesmithErrorOptions) {
    super('Failed to create the document. Please try again later.', options);
  }
}
