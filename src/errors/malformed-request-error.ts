// 400: the bytes received are not an HTTP request the server can read (Node's parser refused them).
import { PagesmithError, type PagesmithErrorOptions } from './pagesmith-error.js';

export class MalformedRequestError extends PagesmithError {
  readonly code = 'MALFORMED_REQUEST';
  readonly status = 400;

  constructor(options?: PagesmithErrorOptions) {
    super('Bad request. The request line or headers could not be read; send a well-formed HTTP/1.1 request.', options);
  }
}
