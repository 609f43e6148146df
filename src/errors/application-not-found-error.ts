// 404: no application with that id belongs to the caller.
import { PagesmithError, type PagesmithErrorOptions } from './pagesmith-error.js';

export class ApplicationNotFoundError extends PagesmithError {
  readonly code = 'APPLICATION_NOT_FOUND';
  readonly status = 404;

  constructor(options?: PagesmithErrorOptions) {
    super('Application not found.', options);
  }
}
