// 408: the request did not arrive whole within the server's time limit.
import { PagesmithError, type PagesmithErrorOptions } from './pagesmith-error.js';

export class RequestTimeoutError extends PagesmithError {
  readonly code = 'REQUEST_TIMEOUT';
  readonly status = 408;

  constructor(options?: PagesmithErrorOptions) {
    super('The request took too long to arrive. Send it again, faster.', options);
  }
}
