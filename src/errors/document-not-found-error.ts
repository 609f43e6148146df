// 404: no stored document with that id belongs to the caller.
import { PagesmithError, type PagesmithErrorOptions } from './pagesmith-error.js';

export class DocumentNotFoundError extends PagesmithError {
  readonly code = 'DOCUMENT_NOT_FOUND';
  readonly status = 404;

  constructor(options?: PagesmithErrorOptions) {
    super('Document not found.', options);
  }
}
