// Several `pagesmith serve` processes on one PostgreSQL database (quota there or in Redis): one quota, one set of records, and no slot lost to a process killed mid-render.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceUrl, testPostgres, testRedis, type TestPostgres, type TestRedis } from '../../src/testing/test-databases.js';
import { POSTGRES_SCHEMA_VERSION, PostgresQuotaStore, quotaPeriod, RedisQuotaStore, type QuotaStore } from '../../src/stores/index.js';
import { ROOT, run, serve, type Served } from './cli-harness.js';
import { ALICE_KEY, client } from './harness.js';

const databaseUrl = serviceUrl('DATABASE_URL', 'test/http/many-processes.test.ts (pagesmith serve on PostgreSQL)');
const redisUrl = serviceUrl('REDIS_URL', 'test/http/many-processes.test.ts with the quota in Redis');

const RUN = randomBytes(4).toString('hex');
let accounts = 0;
/** An account no other test (or earlier run on the same servers) has used. */
const freshAccount = (): string => `acct-${RUN}-${(accounts += 1)}`;

let postgres: TestPostgres | undefined;
let redis: TestRedis | undefined;
let schema = '';
const running: Served[] = [];

beforeAll(async () => {
  if (databaseUrl === null) return;
  postgres = testPostgres(databaseUrl);
  if (redisUrl !== null) redis = testRedis(redisUrl);
  // Through the CLI, as an operator would: the schema is this run's own.
  schema = postgres.schemaName();
  const migrated = await run(['migrate', '--database-url', databaseUrl, '--database-schema', schema]);
  expect(migrated.code, migrated.stderr).toBe(0);
  expect(migrated.stdout.toString()).toContain(`schema ${schema} was at migration 0; applied 1 (initial), 2 (template-language)`);
  expect(migrated.stdout.toString()).toContain(`now at ${POSTGRES_SCHEMA_VERSION}`);
}, 60_000);

afterAll(async () => {
  await Promise.all(running.map((served) => served.stop()));
  if (redis) {
    // serve's keys are pagesmith:quota:{<period>:<account>}:…; this run's accounts carry RUN.
    const keys = await redis.client.keys(`pagesmith:quota:*acct-${RUN}-*`);
    if (keys.length > 0) await redis.client.del(...keys);
  }
  await redis?.close();
  await postgres?.close();
}, 60_000);

/** `pagesmith serve` on this run's schema, ALICE_KEY being `account`; quota in Redis when asked. */
async function start(account: string, quotaIn: 'postgres' | 'redis', extra: readonly string[] = []): Promise<Served> {
  const args = ['--database-url', databaseUrl as string, '--database-schema', schema, '--threads', '1', ...extra];
  if (quotaIn === 'redis') args.push('--redis-url', redisUrl as string);
  const served = await serve(args, { PAGESMITH_API_KEYS: `${ALICE_KEY}:${account}` });
  running.push(served);
  return served;
}

async function stop(served: Served): Promise<void> {
  running.splice(running.indexOf(served), 1);
  expect(await served.stop()).toBe(0);
}

/** The quota as the stores see it, from outside both processes. */
function quotaView(quotaIn: 'postgres' | 'redis'): QuotaStore {
  if (quotaIn === 'redis') return new RedisQuotaStore({ client: (redis as TestRedis).client });
  return new PostgresQuotaStore({ pool: (postgres as TestPostgres).pool, schema });
}

/** The spec's 400 envelope for an account limited to 50, as the server writes it. */
const LIMIT_REACHED = `{"success":false,"message":"You've reached the maximum monthly limit of 50 documents for your subscription.","data":[]}`;

const backends = [
  { quotaIn: 'postgres' as const, skip: databaseUrl === null },
  { quotaIn: 'redis' as const, skip: databaseUrl === null || redisUrl === null },
];

describe.each(backends)('two pagesmith serve processes on one database, quota in $quotaIn', ({ quotaIn, skip }) => {
  it.skipIf(skip)('share one monthly limit: 200 concurrent generate calls split between them give exactly 50 PDFs and 150 limit answers', async () => {
    const account = freshAccount();
    const [first, second] = await Promise.all([start(account, quotaIn, ['--monthly-limit', '50']), start(account, quotaIn, ['--monthly-limit', '50'])]);
    const calls = [client(first.url), client(second.url)] as const;
    const application = await calls[0]('POST', '/v1/applications', { body: { name: 'Billing' } });
    expect(application.status).toBe(201);
    const template = await calls[0]('POST', '/v1/templates', {
      body: { application_id: application.json.data.application_id, name: 'Note', content: '<h1>Note {{ n }}</h1><p>{{ text }}</p>' },
    });
    expect(template.status).toBe(201);
    const templateId = template.json.data.template_id as string;

    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, n) =>
        (calls[n % 2] as (typeof calls)[0])('POST', '/v1/documents/generate', {
          body: { template_id: templateId, data: { n, text: 'Some text.' }, response_type: 'pdf' },
        }),
      ),
    );
    const pdfs = answers.filter((answer) => answer.status === 200);
    const refused = answers.filter((answer) => answer.status === 400);
    expect(answers.filter((answer) => answer.status !== 200 && answer.status !== 400).map((answer) => answer.status)).toEqual([]);
    expect(pdfs).toHaveLength(50);
    expect(refused).toHaveLength(150);
    for (const pdf of pdfs) expect(new TextDecoder().decode(pdf.bytes.subarray(0, 5))).toBe('%PDF-');
    for (const answer of refused) expect(new TextDecoder().decode(answer.bytes)).toBe(LIMIT_REACHED);
    // Both report the one count, and so do the stores.
    for (const call of calls) expect((await call('GET', '/v1/usage')).json.data).toMatchObject({ used: 50, limit: 50 });
    expect(await quotaView(quotaIn).usage(account, quotaPeriod(new Date()))).toEqual({ used: 50, reserved: 0 });
    await Promise.all([stop(first), stop(second)]);
  }, 240_000);

  it.skipIf(skip)('lose no slot to a process killed with SIGKILL mid-render: its leases run out, while a live process keeps its own', async () => {
    const account = freshAccount();
    const leaseMs = 1500;
    const options = ['--monthly-limit', '2', '--quota-lease-ms', String(leaseMs)];
    const [doomed, survivor] = await Promise.all([start(account, quotaIn, options), start(account, quotaIn, options)]);
    const quota = quotaView(quotaIn);
    const period = quotaPeriod(new Date());
    // Two long documents on the doomed process's one render thread: both slots held while they render.
    const slow = { html: '{% for i in range(1, n + 1) %}<p>Paragraph {{ i }}, long enough to wrap once or twice across the line of a page.</p>{% endfor %}', data: { n: 12000 }, response_type: 'pdf' };
    const doomedCalls = [client(doomed.url)('POST', '/v1/documents/quick/generate', { body: slow }), client(doomed.url)('POST', '/v1/documents/quick/generate', { body: slow })];
    for (const call of doomedCalls) call.catch(() => undefined);
    await until(async () => (await quota.usage(account, period)).reserved === 2, 20_000);

    const call = client(survivor.url);
    const quick = { html: '<p>{{ n }}</p>', data: { n: 1 }, response_type: 'document_id' };
    // Past a whole lease the doomed process still renders, renewing its leases: the limit holds.
    await new Promise((resolve) => setTimeout(resolve, leaseMs + 500));
    expect((await quota.usage(account, period)).reserved).toBe(2);
    expect((await call('POST', '/v1/documents/quick/generate', { body: quick })).status).toBe(400);

    process.kill(doomed.serverPid(), 'SIGKILL');
    const killedAt = Date.now();
    running.splice(running.indexOf(doomed), 1);
    await doomed.exited;
    // Within a lease (and a little) the slots are back: the survivor makes exactly two documents.
    await until(async () => (await quota.usage(account, period)).reserved === 0, leaseMs + 3000);
    expect(Date.now() - killedAt).toBeLessThan(leaseMs + 3000);
    const made = [await call('POST', '/v1/documents/quick/generate', { body: quick }), await call('POST', '/v1/documents/quick/generate', { body: quick })];
    expect(made.map((answer) => answer.status)).toEqual([200, 200]);
    expect((await call('POST', '/v1/documents/quick/generate', { body: quick })).status).toBe(400);
    expect(await quota.usage(account, period)).toEqual({ used: 2, reserved: 0 });
    expect((await call('GET', '/v1/usage')).json.data).toMatchObject({ used: 2, limit: 2 });
    await stop(survivor);
  }, 120_000);
});

describe.skipIf(databaseUrl === null)('two pagesmith serve processes on one database', () => {
  it('download each other’s documents and use each other’s templates', async () => {
    const account = freshAccount();
    const [first, second] = await Promise.all([start(account, 'postgres'), start(account, 'postgres')]);
    const [one, two] = [client(first.url), client(second.url)];
    const application = await one('POST', '/v1/applications', { body: { name: 'Shared' } });
    const saved = await one('POST', '/v1/documents/quick/generate', {
      body: { html: '<h1>Hello {{ name }}</h1>', data: { name: 'Ada' }, response_type: 'document_id', save_template: true, application_id: application.json.data.application_id },
    });
    expect(saved.status).toBe(200);
    const { document_id: documentId, template_id: templateId } = saved.json.data as { document_id: string; template_id: string };

    // Made by the first, downloaded from the second, byte for byte as the first serves it.
    const fromSecond = await two('GET', `/v1/documents/download/${documentId}`);
    expect(fromSecond.status).toBe(200);
    expect(fromSecond.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(fromSecond.bytes).equals(Buffer.from((await one('GET', `/v1/documents/download/${documentId}`)).bytes))).toBe(true);
    expect(((await two('GET', '/v1/documents')).json.data as { document_id: string }[]).map((document) => document.document_id)).toEqual([documentId]);

    // Saved through the first, used by the second; an edit through the second is what the first renders.
    const generated = await two('POST', '/v1/documents/generate', { body: { template_id: templateId, data: { name: 'Grace' }, response_type: 'json_with_base64' } });
    expect(generated.status).toBe(200);
    expect(generated.json.data.template_id).toBe(templateId);
    expect((await two('PATCH', `/v1/templates/${templateId}`, { body: { is_active: false } })).status).toBe(200);
    expect((await one('POST', '/v1/documents/generate', { body: { template_id: templateId, data: { name: 'Ada' }, response_type: 'pdf' } })).status).toBe(404);
    expect((await one('GET', '/v1/usage')).json.data.used).toBe(2);
    await Promise.all([stop(first), stop(second)]);
  }, 120_000);
});

describe.skipIf(databaseUrl === null || redisUrl === null)('the README’s “Run it in production” commands', () => {
  it('migrate a database and serve from it as written, on this machine’s address', async () => {
    const commands = readmeProductionCommands();
    expect(commands.exports).toEqual(['DATABASE_URL', 'REDIS_URL']);
    // The README's database and Redis are this suite's; its schema is this run's own.
    const readmeSchema = (postgres as TestPostgres).schemaName();
    const env = { DATABASE_URL: databaseUrl as string, REDIS_URL: redisUrl as string, PAGESMITH_DATABASE_SCHEMA: readmeSchema };
    const migrate = commands.lines.find((line) => line.args[0] === 'migrate');
    const migrated = await run(migrate!.args, { ...env, ...migrate!.env });
    expect(migrated.code, migrated.stderr).toBe(0);
    expect(migrated.stdout.toString()).toContain(`schema ${readmeSchema} was at migration 0`);

    const served = commands.lines.find((line) => line.args[0] === 'serve')!;
    const args = served.args.slice(1).map((arg, i, all) => (all[i - 1] === '--host' ? '127.0.0.1' : arg));
    const portAt = args.indexOf('--port');
    args.splice(portAt, 2);
    const [key, account] = served.env['PAGESMITH_API_KEYS']!.split(':') as [string, string];
    const server = await serve(args, { ...env, ...served.env });
    running.push(server);
    const quota = new RedisQuotaStore({ client: (redis as TestRedis).client });
    const before = await quota.usage(account, quotaPeriod(new Date()));
    const made = await client(server.url)('POST', '/v1/documents/quick/generate', { key, body: { html: '<p>Hi</p>', data: {}, response_type: 'document_id' } });
    expect(made.status).toBe(200);
    expect(made.json.data.download_url).toMatch(/^https:\/\/pdf\.example\.com\/v1\/documents\/download\/document-/);
    // The quota went to Redis and the document to the README's schema.
    expect((await quota.usage(account, quotaPeriod(new Date()))).used).toBe(before.used + 1);
    const stored = await (postgres as TestPostgres).pool.query(`SELECT id FROM "${readmeSchema}".documents`);
    expect(stored.rows).toEqual([{ id: made.json.data.document_id }]);
    await stop(server);
  }, 120_000);
});

/** The shell block after `<!-- production -->` in README.md: the variables it exports and each `npx pagesmith` line's variables and arguments. */
function readmeProductionCommands(): { exports: string[]; lines: { env: Record<string, string>; args: string[] }[] } {
  const readme = readFileSync(`${ROOT}README.md`, 'utf8');
  const block = /<!-- production -->\n```sh\n([\s\S]*?)```/.exec(readme)?.[1] ?? '';
  const exports: string[] = [];
  const lines: { env: Record<string, string>; args: string[] }[] = [];
  for (const line of block.split('\n').filter((text) => text.trim() !== '')) {
    const words = line.trim().split(/\s+/);
    if (words[0] === 'export') {
      exports.push(...words.slice(1).map((word) => word.split('=')[0] as string));
      continue;
    }
    const at = words.indexOf('pagesmith');
    if (words[at - 1] !== 'npx') continue;
    const env = Object.fromEntries(words.slice(0, at - 1).map((word) => word.split(/=(.*)/s).slice(0, 2) as [string, string]));
    lines.push({ env, args: words.slice(at + 1) });
  }
  return { exports, lines };
}

async function until(condition: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
