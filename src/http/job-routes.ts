// POST /v1/jobs and GET /v1/jobs/:job_id: queued generation, answered by the JobQueue the server was given (501 without one).
import { JobsUnavailableError } from '../errors/index.js';
import type { JobQueue, JobQueueOutcome } from '../jobs/index.js';
import { jsonResponse } from './json-response.js';
import type { Route } from './routes.js';

const JOB_ID = 'job_id';

export function jobRoutes(): Route[] {
  return [
    {
      method: 'POST',
      path: '/v1/jobs',
      operationId: 'createJob',
      auth: true,
      body: true,
      doc: {
        summary: 'Queue 1 to 1 000 documents (generate or quick-generate bodies) for the workers, with an optional signed webhook once all are done',
        tag: 'Jobs',
        request: 'JobRequest',
        success: { status: 202, description: 'Queued; the job’s status is at data.status_url (and in Location)', json: 'JobAcceptedEnvelope', headers: { Location: 'The job’s status URL' } },
        failures: [400, 501],
      },
      handle: async ({ jobs, body, principal }) => answer(await queue(jobs).submit(body, principal)),
    },
    {
      method: 'GET',
      path: `/v1/jobs/:${JOB_ID}`,
      operationId: 'getJob',
      auth: true,
      body: false,
      doc: {
        summary: 'A job’s status, progress and each document’s download_url or error envelope (its own account only)',
        tag: 'Jobs',
        success: { status: 200, description: 'The job', json: 'JobEnvelope' },
        failures: [404, 501],
      },
      handle: async ({ jobs, params, principal }) => answer(await queue(jobs).get(principal, params[JOB_ID] as string)),
    },
  ];
}

function queue(jobs: JobQueue | undefined): JobQueue {
  if (!jobs) throw new JobsUnavailableError();
  return jobs;
}

/** A failure is thrown, so the handler answers it with its envelope and logs a 5xx as it does for every route. */
function answer(outcome: JobQueueOutcome<unknown>): Response {
  if (!outcome.ok) throw outcome.error;
  return jsonResponse(outcome.status, outcome.body, outcome.headers);
}
