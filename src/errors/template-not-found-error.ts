// 404: the template is missing, deleted, inactive, in an inactive application or not the caller's.
import { PagesmithError, type PagesmithErrorOptions } from './pagesmith-error.js';

export class TemplateNotFoundError extends PagesmithError {
  readonly code = 'TEMPLATE_NOT_FOUND';
  readonly status = 404;

  constructor(options?: PagesmithErrorOptions) {
    super('Template not found. Please ensure the application and template are active.', options);
  }
}
