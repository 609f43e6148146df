// The template threads as operations see them: ping (readiness), stats (threads, queue, restarts) and stop.
import { describe, expect, it } from 'vitest';
import { DocumentCreationError } from '../errors/index.js';
import type { TemplateJob } from './document-html.js';
import { DEFAULT_LIMITS } from './limits.js';
import { templateStage, type TemplateRenderOptions } from './template-threads.js';

const LIMITS = DEFAULT_LIMITS;
const job = (content: string): TemplateJob => ({ content, contentType: 'html', language: 'liquid', extraCss: null, data: {} });
const started = (): TemplateRenderOptions => ({ onStart: () => new AbortController().signal });
/** A template that keeps its thread busy for a while. */
const SLOW = job('{% for i in (1..2000000) %}{% endfor %}done');
const SLOW_LIMITS = { ...LIMITS, templateIterations: 1e9, templateMemory: 1e9 };

/** Pools are shared by the process per thread count and heap: each test takes a heap size of its own. */
describe('template threads for operations', () => {
  it('start a thread to answer the first ping, and ask the idle one after', async () => {
    const pool = templateStage(2, 101);
    expect(pool.stats()).toEqual({ threads: 0, busy: 0, queued: 0, restarts: 0 });
    await pool.ping();
    expect(pool.stats()).toEqual({ threads: 1, busy: 0, queued: 0, restarts: 0 });
    await pool.ping();
    expect(pool.stats().threads).toBe(1);
    await pool.stop();
  });

  it('count busy threads as answering, and jobs waiting for them', async () => {
    const pool = templateStage(1, 102);
    await pool.ready();
    const slow = pool.render(SLOW, SLOW_LIMITS, started());
    const next = pool.render(job('next'), LIMITS, started());
    expect(pool.stats()).toMatchObject({ threads: 1, busy: 1, queued: 1 });
    let finished = false;
    void slow.then(() => (finished = true));
    await pool.ping();
    expect(finished).toBe(false);
    expect(await Promise.all([slow, next])).toEqual(['done', 'next']);
    expect(pool.stats()).toMatchObject({ busy: 0, queued: 0, restarts: 0 });
    await pool.stop();
  });

  it('count a thread ended with its aborted job as a restart', async () => {
    const pool = templateStage(1, 103);
    await pool.ready();
    const controller = new AbortController();
    const reason = new DocumentCreationError({ detail: 'the caller went away' });
    const aborted = pool.render(SLOW, SLOW_LIMITS, { signal: controller.signal, ...started() });
    await new Promise((resolve) => setTimeout(resolve, 30));
    controller.abort(reason);
    await expect(aborted).rejects.toBe(reason);
    expect(pool.stats()).toMatchObject({ threads: 0, restarts: 1 });
    expect(await pool.render(job('after'), LIMITS, started())).toBe('after');
    expect(pool.stats()).toMatchObject({ threads: 1, restarts: 1 });
    await pool.stop();
  });

  it('stop: every thread ends, jobs running or waiting fail, and it is no restart; the next job starts a thread', async () => {
    const pool = templateStage(1, 104);
    await pool.ready();
    const failed = (work: Promise<string>): Promise<unknown> => work.then(() => undefined, (error: unknown) => error);
    const running = failed(pool.render(SLOW, SLOW_LIMITS, started()));
    const waiting = failed(pool.render(job('waiting'), LIMITS, started()));
    await pool.stop();
    expect(await running).toBeInstanceOf(DocumentCreationError);
    expect(await waiting).toMatchObject({ detail: 'the template threads were stopped' });
    expect(pool.stats()).toEqual({ threads: 0, busy: 0, queued: 0, restarts: 0 });
    expect(await pool.render(job('again'), LIMITS, started())).toBe('again');
    await pool.stop();
  });

  it('let whoever waits for a thread to start go on when that thread ends with an aborted job', async () => {
    const pool = templateStage(1, 105);
    const controller = new AbortController();
    const reason = new DocumentCreationError({ detail: 'the caller went away' });
    // The job goes to a thread still starting; ready() waits for that thread.
    const first = pool.render(job('{{ x }}'), LIMITS, { signal: controller.signal, ...started() });
    const waiting = pool.ready();
    controller.abort(reason);
    await expect(first).rejects.toBe(reason);
    const hung = new Promise((resolve) => setTimeout(() => resolve('hung'), 5000).unref());
    expect(await Promise.race([waiting.then(() => 'went on'), hung])).toBe('went on');
    await pool.stop();
  });

  it('in the caller’s thread: ping answers at once and there are no threads', async () => {
    const inProcess = templateStage(0, 256);
    await expect(inProcess.ping()).resolves.toBeUndefined();
    expect(inProcess.stats()).toEqual({ threads: 0, busy: 0, queued: 0, restarts: 0 });
  });
});
