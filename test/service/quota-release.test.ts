// Failed renders give their quota slot back when their call fails, even while an abandoned render goes on.
import { describe, expect, it } from 'vitest';
import { PageLimitError, type PdfEngine, type RenderOptions } from '../../src/index.js';
import { ALICE, setup } from './setup.js';

const PDF = new TextEncoder().encode('%PDF-1.7\n%%EOF\n');

type Failure = 'page limit' | 'render time limit' | 'engine crash';

/**
 * Renders `good` at once; anything else fails as `failure` does. A render past its time limit is
 * abandoned, not stopped: it ignores its signal and only settles seconds later.
 */
function failingEngine(failure: Failure): PdfEngine & { readonly stillRunning: () => number } {
  let running = 0;
  return {
    name: failure,
    stillRunning: () => running,
    async render(html: string, options?: RenderOptions) {
      if (html.includes('good')) return PDF;
      running += 1;
      try {
        switch (failure) {
          case 'page limit':
            await new Promise((resolve) => setTimeout(resolve, 20));
            throw new PageLimitError(options?.maxPages ?? 0);
          case 'engine crash':
            await new Promise((resolve) => setTimeout(resolve, 20));
            throw new TypeError("Cannot read properties of undefined (reading 'boxes')");
          case 'render time limit':
            await new Promise((resolve) => setTimeout(resolve, 5_000));
            return PDF;
        }
      } finally {
        running -= 1;
      }
    },
  };
}

const STATUS: Record<Failure, number> = { 'page limit': 422, 'render time limit': 500, 'engine crash': 500 };

describe.each(['page limit', 'render time limit', 'engine crash'] as const)('after 25 calls failing with %s', (failure) => {
  it('a limit of 20 still grants 10 good documents at once, and usage counts only them', async () => {
    const engine = failingEngine(failure);
    const { service, quota } = setup({ engine, monthlyLimit: 20, limits: { renderTimeoutMs: 100 } });
    // At most 20 are in flight at once, so each of the 25 fails as its render does, none for the limit.
    const failed = [
      ...(await Promise.all(Array.from({ length: 20 }, () => service.quickGenerate({ html: '<p>bad</p>', data: {}, response_type: 'document_id' }, ALICE)))),
      ...(await Promise.all(Array.from({ length: 5 }, () => service.quickGenerate({ html: '<p>bad</p>', data: {}, response_type: 'document_id' }, ALICE)))),
    ];
    expect(failed.map((outcome) => outcome.status)).toEqual(Array.from({ length: 25 }, () => STATUS[failure]));
    if (failure === 'render time limit') expect(engine.stillRunning()).toBe(25);

    expect(await quota.usage(ALICE.accountId, '2026-03')).toEqual({ used: 0, reserved: 0 });
    const good = await Promise.all(Array.from({ length: 10 }, () => service.quickGenerate({ html: '<p>good</p>', data: {}, response_type: 'document_id' }, ALICE)));
    expect(good.map((outcome) => outcome.status)).toEqual(Array.from({ length: 10 }, () => 200));
    expect((await service.usage(ALICE)).body).toMatchObject({ data: { used: 10, limit: 20 } });
    expect(await quota.usage(ALICE.accountId, '2026-03')).toEqual({ used: 10, reserved: 0 });
  });
});

describe('a call whose caller goes away', () => {
  it('aborts the render and gives the slot back at once, even if the render goes on', async () => {
    const engine = failingEngine('render time limit');
    const { service, quota } = setup({ engine, monthlyLimit: 1 });
    const caller = new AbortController();
    const abandoned = service.quickGenerate({ html: '<p>slow</p>', data: {}, response_type: 'pdf' }, ALICE, { signal: caller.signal });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await quota.usage(ALICE.accountId, '2026-03')).toEqual({ used: 0, reserved: 1 });
    caller.abort();
    expect((await abandoned).status).toBe(500);
    expect(engine.stillRunning()).toBe(1);
    expect(await quota.usage(ALICE.accountId, '2026-03')).toEqual({ used: 0, reserved: 0 });
    expect((await service.quickGenerate({ html: '<p>good</p>', data: {}, response_type: 'pdf' }, ALICE)).status).toBe(200);
  });

  it('never starts when the caller has already gone', async () => {
    const { service, quota, engine } = setup({ monthlyLimit: 1 });
    const outcome = await service.quickGenerate({ html: '<p>x</p>', data: {}, response_type: 'pdf' }, ALICE, { signal: AbortSignal.abort() });
    expect(outcome.status).toBe(500);
    expect(engine.calls).toHaveLength(0);
    expect(await quota.usage(ALICE.accountId, '2026-03')).toEqual({ used: 0, reserved: 0 });
  });
});
