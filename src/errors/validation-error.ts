// 422: the request is malformed; lists every problem found at once.
import {
  PagesmithError,
  type PagesmithErrorOptions,
  type ValidationFailureEnvelope,
  type ValidationIssue,
} from './pagesmith-error.js';

export class ValidationError extends PagesmithError {
  readonly code = 'VALIDATION_FAILED';
  readonly status = 422;
  readonly issues: readonly ValidationIssue[];

  constructor(issues: readonly ValidationIssue[], options?: PagesmithErrorOptions) {
    super('Validation failed', options);
    this.issues = issues;
  }

  override toEnvelope(): ValidationFailureEnvelope {
    return {
      success: false,
      message: this.message,
      errors: this.issues.map(({ field, message, type }) => ({ field, message, type })),
    };
  }

  override toJSON(): ValidationFailureEnvelope {
    return this.toEnvelope();
  }
}
