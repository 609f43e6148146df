// The monthly quota: reserved before rendering, committed on success, released on every failure, per UTC month.
import { describe, expect, it } from 'vitest';
import { MemoryQuotaStore, type PdfEngine, type QuickGenerateRequest } from '../../src/index.js';
import { ALICE, BOB, setup } from './setup.js';

const BODY: QuickGenerateRequest = { html: '<p>{{ n }}</p>', data: { n: 1 }, response_type: 'pdf' };

describe('monthly quota', () => {
  it('refuses with 400 before any rendering work once the limit is used', async () => {
    const { service, engine } = setup({ monthlyLimit: 2 });
    expect((await service.quickGenerate(BODY, ALICE)).ok).toBe(true);
    expect((await service.quickGenerate(BODY, ALICE)).ok).toBe(true);
    expect(engine.calls).toHaveLength(2);
    const refused = await service.quickGenerate(BODY, ALICE);
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ message: "You've reached the maximum monthly limit of 2 documents for your subscription." });
    expect(engine.calls).toHaveLength(2);
  });

  it('reserves before rendering and commits after', async () => {
    const quota = new MemoryQuotaStore();
    let seenDuringRender: unknown;
    const engine: PdfEngine = {
      name: 'peek',
      render: async () => {
        seenDuringRender = await quota.usage(ALICE.accountId, '2026-03');
        return new Uint8Array([37, 80, 68, 70, 45]);
      },
    };
    const { service } = setup({ quota, engine });
    await service.quickGenerate(BODY, ALICE);
    expect(seenDuringRender).toEqual({ used: 0, reserved: 1 });
    expect(await quota.usage(ALICE.accountId, '2026-03')).toEqual({ used: 1, reserved: 0 });
  });

  it.each([
    ['a validation error', { html: 1, data: {}, response_type: 'pdf' }],
    ['a template engine error', { html: '{{ missing }}', data: {}, response_type: 'pdf' }],
    ['a failing engine', { html: 'boom', data: {}, response_type: 'pdf' }],
    ['a failing document store', { html: 'x', data: {}, response_type: 'document_id' }],
  ])('uses no quota on %s', async (_, body) => {
    const engine: PdfEngine = {
      name: 'picky',
      render: async (html) => (html.includes('boom') ? Promise.reject(new Error('engine crashed')) : new Uint8Array([37])),
    };
    const fixture = setup({ engine, monthlyLimit: 1 });
    fixture.documents.saveDocument = async () => Promise.reject(new Error('store down'));
    // Some of these bodies are invalid on purpose: passed as the unchecked bodies HTTP requests give.
    const outcome = await fixture.service.quickGenerate(body as unknown, ALICE);
    expect(outcome.ok).toBe(false);
    expect(await fixture.quota.usage(ALICE.accountId, '2026-03')).toEqual({ used: 0, reserved: 0 });
  });

  it('counts UTC calendar months: the limit resets at 00:00 UTC on the 1st', async () => {
    const fixture = setup({ monthlyLimit: 1 });
    fixture.setNow('2026-03-31T23:59:59Z');
    expect((await fixture.service.quickGenerate(BODY, ALICE)).ok).toBe(true);
    // Still March in UTC, though April in UTC+2.
    fixture.setNow('2026-03-31T23:59:59.999Z');
    expect((await fixture.service.quickGenerate(BODY, ALICE)).status).toBe(400);
    expect((await fixture.service.usage(ALICE)).body).toMatchObject({ data: { used: 1, limit: 1, period: '2026-03' } });
    fixture.setNow('2026-04-01T00:00:00Z');
    expect((await fixture.service.quickGenerate(BODY, ALICE)).ok).toBe(true);
    expect((await fixture.service.usage(ALICE)).body).toMatchObject({ data: { used: 1, limit: 1, period: '2026-04' } });
  });

  it('counts each account apart, with a limit per account', async () => {
    const { service } = setup({ monthlyLimit: (accountId) => (accountId === BOB.accountId ? 3 : 1) });
    expect((await service.quickGenerate(BODY, ALICE)).ok).toBe(true);
    expect((await service.quickGenerate(BODY, ALICE)).status).toBe(400);
    for (let index = 0; index < 3; index++) expect((await service.quickGenerate(BODY, BOB)).ok).toBe(true);
    const refused = await service.quickGenerate(BODY, BOB);
    expect(refused.body).toMatchObject({ message: "You've reached the maximum monthly limit of 3 documents for your subscription." });
  });

  it('defaults to 100 documents a month', async () => {
    const { service } = setup();
    expect((await service.usage(ALICE)).body).toEqual({
      success: true,
      message: 'Usage retrieved successfully',
      data: { used: 0, limit: 100, period: '2026-03' },
    });
  });

  it('fails cleanly when the limit setting is broken', async () => {
    const { service } = setup({ monthlyLimit: async () => Promise.reject(new Error('billing API down')) });
    const outcome = await service.quickGenerate(BODY, ALICE);
    expect(outcome.status).toBe(500);
    expect(!outcome.ok && outcome.error.detail).toContain('billing API down');
  });
});
