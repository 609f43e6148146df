// One server, 100 requests at once: every one answered as the contract says, and the quota exact.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALICE_KEY, client, startServer, type TestServer } from './harness.js';

const LIMIT = 60;
const REQUESTS = 100;

describe('100 concurrent requests against one server', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ service: { monthlyLimit: LIMIT } });
  });
  afterAll(() => server.close());

  it('grants exactly the monthly limit, refuses the rest with 400, and fails none', async () => {
    const call = client(server.url);
    const answers = await Promise.all(
      Array.from({ length: REQUESTS }, (_, index) =>
        call('POST', '/v1/documents/quick/generate', { body: { html: '<p>{{ n }}</p>', data: { n: index }, response_type: index % 2 === 0 ? 'pdf' : 'document_id' } }),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(LIMIT);
    expect(statuses.filter((status) => status === 400)).toHaveLength(REQUESTS - LIMIT);
    expect(server.errors).toEqual([]);
    for (const answer of answers.filter((candidate) => candidate.status === 400)) {
      expect(answer.json.message).toBe(`You've reached the maximum monthly limit of ${LIMIT} documents for your subscription.`);
    }

    const usage = await call('GET', '/v1/usage');
    expect(usage.json.data).toMatchObject({ used: LIMIT, limit: LIMIT });
    expect(await server.stores.quota.usage('acct-alice', usage.json.data.period)).toEqual({ used: LIMIT, reserved: 0 });

    const stored = answers.filter((answer) => answer.status === 200 && answer.json !== undefined).length;
    const listed = await call('GET', '/v1/documents');
    expect(listed.json.data).toHaveLength(stored);
  });

  it('keeps each caller’s records apart under concurrent management calls', async () => {
    const call = client(server.url);
    await Promise.all(
      Array.from({ length: REQUESTS }, (_, index) =>
        call('POST', '/v1/applications', { key: index % 2 === 0 ? ALICE_KEY : 'sk_test_bob_0123456789', body: { name: `app ${index}` } }),
      ),
    );
    const alice = await call('GET', '/v1/applications');
    const bob = await call('GET', '/v1/applications', { key: 'sk_test_bob_0123456789' });
    expect(alice.json.data).toHaveLength(REQUESTS / 2);
    expect(bob.json.data).toHaveLength(REQUESTS / 2);
    expect(new Set([...alice.json.data, ...bob.json.data].map((application: { app_id: string }) => application.app_id)).size).toBe(REQUESTS);
  });
});
