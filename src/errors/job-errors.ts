// The failures of the queued-jobs routes: an unknown job (404), a batch over the limit (400), no queue configured (501).
import { PagesmithError, type PagesmithErrorOptions } from './pagesmith-error.js';

/** 404: no job has this id, or it belongs to another account, or it expired. */
export class JobNotFoundError extends PagesmithError {
  readonly code = 'JOB_NOT_FOUND';
  readonly status = 404;

  constructor(options?: PagesmithErrorOptions) {
    super('Job not found. Jobs are kept for 7 days after they finish and only their own account sees them.', options);
  }
}

/** 400: a job asks for more documents than one job may hold. */
export class TooManyDocumentsError extends PagesmithError {
  readonly code = 'TOO_MANY_DOCUMENTS';
  readonly status = 400;
  readonly maximum: number;

  constructor(maximum: number, sent: number, options?: PagesmithErrorOptions) {
    super(`A job holds at most ${maximum} documents; this one has ${sent}. Split it into several jobs.`, options);
    this.maximum = maximum;
  }
}

/** 501: this server has no queue, so it takes no jobs (serve without --redis-url and --database-url). */
export class JobsUnavailableError extends PagesmithError {
  readonly code = 'JOBS_UNAVAILABLE';
  readonly status = 501;

  constructor(options?: PagesmithErrorOptions) {
    super('Queued jobs are not enabled on this server: start pagesmith serve with --redis-url and --database-url (or REDIS_URL and DATABASE_URL), and run pagesmith worker.', options);
  }
}
