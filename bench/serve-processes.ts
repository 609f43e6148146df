// Documents per second through 1 and 2 `pagesmith serve` processes on one PostgreSQL database (DATABASE_URL):
// a saved invoice template generated with response_type document_id, so every document reads the
// template, reserves and commits a quota slot and stores its PDF in the database.
import { randomBytes } from 'node:crypto';
import { createPgPool, migratePostgres } from '../src/stores/index.js';
import type { ChildCommand } from './compile.js';
import { BENCH_KEY as KEY, CLI_FROM_SOURCE, startServe } from './serve-child.js';
import { invoiceHtml } from './workloads.js';

export interface ServeProcessesRow {
  /** Where records and the quota are: `memory` (the baseline, one process) or `PostgreSQL`. */
  readonly stores: 'memory' | 'PostgreSQL';
  readonly processes: number;
  readonly threadsEach: number;
  readonly inFlight: number;
  readonly documents: number;
  readonly failures: number;
  readonly seconds: number;
  readonly docsPerSecond: number;
}

export type ServeProcessesResult = { readonly rows: readonly ServeProcessesRow[]; readonly schema: string } | { readonly skipped: string };

/**
 * Skipped without DATABASE_URL. Otherwise a scratch schema is migrated, measured with 1 then 2
 * processes (`threadsEach` render threads each, `inFlightEach` requests in flight per process) for
 * `budgetMs` each after a warm-up, and dropped; one process with its stores in memory first, as
 * the baseline the database's share is read against.
 */
export async function measureServeProcesses(options: { budgetMs: number; threadsEach?: number; inFlightEach?: number; cli?: ChildCommand }): Promise<ServeProcessesResult> {
  const url = process.env['DATABASE_URL'];
  if (!url) return { skipped: 'DATABASE_URL is not set (bash .ci/run starts PostgreSQL and sets it; or point it at a scratch database)' };
  const threadsEach = options.threadsEach ?? 1;
  const inFlightEach = options.inFlightEach ?? threadsEach * 2;
  const schema = `pagesmith_bench_${randomBytes(4).toString('hex')}`;
  const pool = createPgPool(url, 2, 'npm run bench');
  try {
    await migratePostgres(pool, { schema });
    const cli = options.cli ?? CLI_FROM_SOURCE;
    const rows: ServeProcessesRow[] = [await measure(cli, null, schema, 1, threadsEach, inFlightEach, options.budgetMs)];
    for (const processes of [1, 2]) rows.push(await measure(cli, url, schema, processes, threadsEach, inFlightEach, options.budgetMs));
    return { rows, schema };
  } finally {
    await pool.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`).catch(() => undefined);
    await pool.end();
  }
}

async function measure(cli: ChildCommand, url: string | null, schema: string, processes: number, threadsEach: number, inFlightEach: number, budgetMs: number): Promise<ServeProcessesRow> {
  const stores = url === null ? [] : ['--database-url', url, '--database-schema', schema];
  const servers = await Promise.all(Array.from({ length: processes }, () => startServe(cli, ['--threads', String(threadsEach), ...stores])));
  try {
    const templateId = await saveTemplate(servers[0]!.url);
    const generate = async (base: string): Promise<boolean> => {
      const response = await fetch(`${base}/v1/documents/generate`, {
        method: 'POST',
        headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
        body: JSON.stringify({ template_id: templateId, data: {}, response_type: 'document_id' }),
      });
      await response.arrayBuffer();
      return response.status === 200;
    };
    // Warm-up: each process's render threads load the engine and the template.
    await Promise.all(servers.flatMap((server) => Array.from({ length: inFlightEach * 2 }, () => generate(server.url))));
    let documents = 0;
    let failures = 0;
    const started = performance.now();
    const deadline = started + budgetMs;
    await Promise.all(
      servers.flatMap((server) =>
        Array.from({ length: inFlightEach }, async () => {
          while (performance.now() < deadline) {
            if (await generate(server.url)) documents += 1;
            else failures += 1;
          }
        }),
      ),
    );
    const seconds = (performance.now() - started) / 1000;
    return { stores: url === null ? 'memory' : 'PostgreSQL', processes, threadsEach, inFlight: inFlightEach * processes, documents, failures, seconds, docsPerSecond: documents / seconds };
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
  }
}

async function saveTemplate(base: string): Promise<string> {
  const call = async (path: string, body: unknown): Promise<Record<string, string>> => {
    const response = await fetch(`${base}${path}`, { method: 'POST', headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const answer = (await response.json()) as { data: Record<string, string> };
    if (response.status !== 201) throw new Error(`${path} answered ${response.status}: ${JSON.stringify(answer)}`);
    return answer.data;
  };
  const application = await call('/v1/applications', { name: 'Bench' });
  return (await call('/v1/templates', { application_id: application['application_id'], name: 'Invoice', content: invoiceHtml() }))['template_id'] as string;
}
