// The queued jobs' figures in GET /metrics: queue depth and outcomes, read from Redis at each scrape (the same in every server).
import { Counter, Gauge, type Registry } from 'prom-client';
import type { JobMetrics, JobQueue } from '../jobs/index.js';

const STATES = ['waiting', 'active', 'delayed', 'failed'] as const;

/** Registers the job metrics in `registry`; one read of Redis serves every metric of a scrape. */
export function registerJobMetrics(registry: Registry, jobs: Pick<JobQueue, 'metrics'>): void {
  const registers = [registry];
  let reading: Promise<JobMetrics> | undefined;
  const read = (): Promise<JobMetrics> => {
    reading ??= jobs.metrics().finally(() => setTimeout(() => (reading = undefined), 100).unref());
    return reading;
  };
  new Gauge({
    name: 'pagesmith_job_queue_tasks',
    help: 'Queued-job tasks by queue (render: one per document; webhooks: one per job) and state, across every worker',
    labelNames: ['queue', 'state'],
    registers,
    async collect() {
      const metrics = await read();
      for (const queue of ['render', 'webhooks'] as const) for (const state of STATES) this.set({ queue, state }, metrics[queue][state]);
    },
  });
  /** A counter whose values are the totals Redis keeps: set, not added to, at each scrape. */
  const totals = (name: string, help: string, labelNames: readonly string[], values: (metrics: JobMetrics) => readonly [Record<string, string>, number][]): void => {
    new Counter({
      name,
      help,
      labelNames,
      registers,
      async collect() {
        this.reset();
        for (const [labels, value] of values(await read())) this.inc(labels, value);
      },
    });
  };
  totals('pagesmith_job_documents_total', 'Documents of queued jobs, by result, across every worker', ['result'], ({ outcomes }) => [
    [{ result: 'succeeded' }, outcomes.documents_succeeded],
    [{ result: 'failed' }, outcomes.documents_failed],
  ]);
  totals('pagesmith_jobs_completed_total', 'Queued jobs completed (every document has a result), across every worker', [], ({ outcomes }) => [[{}, outcomes.jobs_completed]]);
  totals('pagesmith_job_webhooks_total', 'Job webhooks by result (failed: out of tries, or refused by the address policy), across every worker', ['result'], ({ outcomes }) => [
    [{ result: 'delivered' }, outcomes.webhooks_delivered],
    [{ result: 'failed' }, outcomes.webhooks_failed],
  ]);
}
