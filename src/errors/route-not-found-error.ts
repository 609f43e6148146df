// 404: no route has this path; the OpenAPI document lists the ones there are.
import { PagesmithError, type PagesmithErrorOptions } from './pagesmith-error.js';

export class RouteNotFoundError extends PagesmithError {
  readonly code = 'ROUTE_NOT_FOUND';
  readonly status = 404;

  constructor(options?: PagesmithErrorOptions) {
    super('Not found. The routes this service answers are listed at /v1/openapi.json.', options);
  }
}
