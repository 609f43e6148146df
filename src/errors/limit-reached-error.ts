// 400: the account's monthly document quota is used up.
import { PagesmithError, type PagesmithErrorOptions } from './pagesmith-error.js';

export class LimitReachedError extends PagesmithError {
  readonly code = 'LIMIT_REACHED';
  readonly status = 400;
  /** The account's monthly maximum, as stated in the message. */
  readonly limit: number;

  constructor(limit: number, options?: PagesmithErrorOptions) {
    super(`You've reached the maximum monthly limit of ${limit} documents for your subscription.`, options);
    this.limit = limit;
  }
}
