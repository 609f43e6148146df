// The render threads' heap limits: the defaults (decision 0440) and the caller's own.
import type { WorkerOptions } from 'node:worker_threads';
import { afterEach, describe, expect, it, vi } from 'vitest';

const made: WorkerOptions[] = [];
vi.mock('node:worker_threads', async (importOriginal) => {
  const original = await importOriginal<typeof import('node:worker_threads')>();
  class RecordingWorker extends original.Worker {
    constructor(script: string | URL, options?: WorkerOptions) {
      made.push(options ?? {});
      super(script, options);
    }
  }
  return { ...original, Worker: RecordingWorker };
});

const { createWorkerEngine } = await import('../../src/engine/worker/worker-engine.js');

afterEach(() => {
  made.length = 0;
});

describe('render threads’ heap limits', () => {
  it('default to 128 MB old and 32 MB young generation, and render with them', async () => {
    const engine = createWorkerEngine();
    try {
      const pdf = await engine.render('<p>Heap limits</p>');
      expect(new TextDecoder().decode(pdf.subarray(0, 5))).toBe('%PDF-');
      expect(made.map((options) => options.resourceLimits)).toEqual([{ maxOldGenerationSizeMb: 128, maxYoungGenerationSizeMb: 32 }]);
    } finally {
      await engine.close();
    }
  });

  it('take the caller’s sizes', async () => {
    const engine = createWorkerEngine({ maxHeapMb: 256, maxYoungHeapMb: 16 });
    try {
      await engine.render('<p>Heap limits</p>');
      expect(made.map((options) => options.resourceLimits)).toEqual([{ maxOldGenerationSizeMb: 256, maxYoungGenerationSizeMb: 16 }]);
    } finally {
      await engine.close();
    }
  });
});
