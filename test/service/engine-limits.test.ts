// The engine's own limits (render time, nesting depth) end a render the same way in every engine
// mode: in process, where no timer can fire while the render holds the thread, and on render
// threads. The service answers with the spec's envelopes and uses no quota unit.
import { afterAll, describe, expect, it } from 'vitest';
import { createNativeEngine, createWorkerEngine, NestingDepthLimitError, RenderTimeoutError, type PdfEngine } from '../../src/index.js';
import { ALICE, setup } from './setup.js';

/** About two seconds of styles, layout and painting on this machine: 10 000 rules over 10 000 elements. */
const SLOW = `<style>${Array.from({ length: 10_000 }, (_, i) => `.c${i} div { color: red }`).join('\n')}</style>${'<div>x</div>'.repeat(10_000)}`;
const DEEP = `${'<div style="display: flex">'.repeat(10_000)}deep${'</div>'.repeat(10_000)}`;

const onThreads = createWorkerEngine({ threads: 1 });
afterAll(() => onThreads.close());

const modes: [string, PdfEngine][] = [
  ['in process', createNativeEngine()],
  ['on a render thread', onThreads],
];

describe.each(modes)('engine limits %s', (_, engine) => {
  it('stops a render past timeoutMs with RenderTimeoutError', async () => {
    await expect(engine.render(SLOW, { timeoutMs: 50 })).rejects.toMatchObject({ name: 'RenderTimeoutError', limitMs: 50 });
    await expect(engine.render(SLOW, { timeoutMs: 50 })).rejects.toBeInstanceOf(RenderTimeoutError);
    // The next document renders as usual.
    expect((await engine.render('<p>after</p>', { timeoutMs: 60_000 })).byteLength).toBeGreaterThan(0);
  }, 60_000);

  it('refuses boxes nested past the limit with NestingDepthLimitError', async () => {
    await expect(engine.render(DEEP)).rejects.toBeInstanceOf(NestingDepthLimitError);
  }, 60_000);

  it('through the service: the time limit is the 500 envelope, the nesting limit a 422, and no quota unit is used', async () => {
    const { service, quota } = setup({ engine, limits: { renderTimeoutMs: 50 } });
    const slow = await service.quickGenerate({ html: SLOW, data: {}, response_type: 'pdf' }, ALICE);
    expect(slow.status).toBe(500);
    expect(slow.body).toEqual({ success: false, message: 'Failed to create the document. Please try again later.', data: [] });
    const deep = await setup({ engine, quota }).service.quickGenerate({ html: DEEP, data: {}, response_type: 'pdf' }, ALICE);
    expect(deep.status).toBe(422);
    expect(deep.body).toMatchObject({ success: false, message: 'Validation failed', errors: [{ field: '', type: 'value_error', message: 'Value error, the document nests boxes more than 200 levels deep' }] });
    expect((await quota.usage(ALICE.accountId, '2026-03')).used).toBe(0);
  }, 60_000);
});
