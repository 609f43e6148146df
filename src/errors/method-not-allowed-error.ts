// 405: the path exists but not for this method; `allow` lists the methods it takes.
import { PagesmithError, type PagesmithErrorOptions } from './pagesmith-error.js';

export class MethodNotAllowedError extends PagesmithError {
  readonly code = 'METHOD_NOT_ALLOWED';
  readonly status = 405;
  /** The methods the path accepts, for the `Allow` header. */
  readonly allow: readonly string[];

  constructor(allow: readonly string[], options?: PagesmithErrorOptions) {
    super(allow.length === 0 ? 'Method not allowed.' : `Method not allowed. Use ${allow.join(', ')} for this path.`, options);
    this.allow = allow;
  }
}
