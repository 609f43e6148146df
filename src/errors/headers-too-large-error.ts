// 431: the request's headers are larger than the server reads.
import { PagesmithError, type PagesmithErrorOptions } from './pagesmith-error.js';

export class HeadersTooLargeError extends PagesmithError {
  readonly code = 'HEADERS_TOO_LARGE';
  readonly status = 431;

  constructor(options?: PagesmithErrorOptions) {
    super('Request headers are too large. Send fewer or shorter headers.', options);
  }
}
