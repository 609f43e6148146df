// The worker engine's readiness and thread figures: ping starts or asks a thread, threadStats
// counts threads, renders waiting and threads ended by a failure (restarts).
import { describe, expect, it } from 'vitest';
import { createWorkerEngine } from '../../src/engine/worker/worker-engine.js';

const table = (rows: number): string => `<table>${Array.from({ length: rows }, (_, i) => `<tr><td>${i + 1}</td><td>Row ${i + 1}</td></tr>`).join('')}</table>`;

describe('createWorkerEngine: ping and threadStats', () => {
  it('starts a thread to answer the first ping, and asks the idle one after', async () => {
    const engine = createWorkerEngine({ threads: 2 });
    try {
      expect(engine.threadStats()).toEqual({ threads: 0, busy: 0, queued: 0, restarts: 0, recycled: 0 });
      await engine.ping();
      expect(engine.threadStats()).toEqual({ threads: 1, busy: 0, queued: 0, restarts: 0, recycled: 0 });
      await engine.ping();
      expect(engine.threadStats().threads).toBe(1);
    } finally {
      await engine.close();
    }
  });

  it('counts threads rendering as answering, and renders waiting for them', async () => {
    const engine = createWorkerEngine({ threads: 1 });
    try {
      const rendering = engine.render(table(800), { maxPages: 10_000 });
      const waiting = engine.render('<p>next</p>');
      expect(engine.threadStats()).toMatchObject({ threads: 1, busy: 1, queued: 1 });
      // Answered at once, not after the document.
      let rendered = false;
      void rendering.then(() => (rendered = true));
      await engine.ping();
      expect(rendered).toBe(false);
      await Promise.all([rendering, waiting]);
      expect(engine.threadStats()).toMatchObject({ busy: 0, queued: 0, restarts: 0, recycled: 0 });
    } finally {
      await engine.close();
    }
  });

  it('counts a thread ended for not stopping its aborted render as a restart, and renders on a new one', async () => {
    const engine = createWorkerEngine({ threads: 1, abortGraceMs: 1 });
    try {
      const controller = new AbortController();
      const aborted = engine.render(table(1500), { maxPages: 10_000, signal: controller.signal });
      await new Promise((resolve) => setTimeout(resolve, 50));
      controller.abort(new Error('gone'));
      await expect(aborted).rejects.toThrow('gone');
      await expect.poll(() => engine.threadStats().restarts).toBe(1);
      await engine.ping();
      expect(await engine.render('<p>after</p>')).toBeInstanceOf(Uint8Array);
      expect(engine.threadStats()).toMatchObject({ threads: 1, restarts: 1 });
    } finally {
      await engine.close();
    }
  });

  it('rejects with the reason when a thread cannot start', async () => {
    // Too little heap to load the engine: the thread dies before it can answer.
    const engine = createWorkerEngine({ maxHeapMb: 1, maxYoungHeapMb: 1 });
    try {
      await expect(engine.ping()).rejects.toThrow(/render thread/);
      expect(engine.threadStats()).toMatchObject({ threads: 0, restarts: 1 });
    } finally {
      await engine.close();
    }
  });

  it('rejects once closed, and closing is no restart', async () => {
    const engine = createWorkerEngine();
    await engine.ping();
    await engine.close();
    await expect(engine.ping()).rejects.toThrow('The worker engine is closed');
    expect(engine.threadStats()).toEqual({ threads: 0, busy: 0, queued: 0, restarts: 0, recycled: 0 });
  });
});
