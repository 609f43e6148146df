// 400: an update request named none of the fields that can be changed.
import { PagesmithError, type PagesmithErrorOptions } from './pagesmith-error.js';

export class NothingToUpdateError extends PagesmithError {
  readonly code = 'NOTHING_TO_UPDATE';
  readonly status = 400;

  constructor(options?: PagesmithErrorOptions) {
    super('No fields provided to update.', options);
  }
}
