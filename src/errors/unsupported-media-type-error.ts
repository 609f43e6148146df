// 415: the request body is not declared as JSON.
import { PagesmithError, type PagesmithErrorOptions } from './pagesmith-error.js';

export class UnsupportedMediaTypeError extends PagesmithError {
  readonly code = 'UNSUPPORTED_MEDIA_TYPE';
  readonly status = 415;

  constructor(options?: PagesmithErrorOptions) {
    super('Unsupported content type. Send the body as JSON with Content-Type: application/json.', options);
  }
}
