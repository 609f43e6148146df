// 401: the request carries no API key, or one that authenticates nobody.
import { PagesmithError, type PagesmithErrorOptions } from './pagesmith-error.js';

export class UnauthorizedError extends PagesmithError {
  readonly code = 'UNAUTHORIZED';
  readonly status = 401;

  constructor(options?: PagesmithErrorOptions) {
    super('Invalid or missing API key', options);
  }
}
