// 413: the request body is over the configured size limit.
import { PagesmithError, type PagesmithErrorOptions } from './pagesmith-error.js';

export class PayloadTooLargeError extends PagesmithError {
  readonly code = 'PAYLOAD_TOO_LARGE';
  readonly status = 413;
  /** The limit that was passed, in bytes. */
  readonly maxBytes: number;

  constructor(maxBytes: number, options?: PagesmithErrorOptions) {
    super(`Request body is larger than the limit of ${maxBytes} bytes. Send a smaller body.`, options);
    this.maxBytes = maxBytes;
  }
}
