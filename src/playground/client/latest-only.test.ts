import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { latestOnly } from './latest-only.js';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('latestOnly', () => {
  it('runs once after the last of a burst of requests', () => {
    const runs: AbortSignal[] = [];
    const task = latestOnly(async (signal) => void runs.push(signal), 400);
    for (let i = 0; i < 5; i++) {
      task.schedule();
      vi.advanceTimersByTime(300);
    }
    expect(runs).toHaveLength(0);
    vi.advanceTimersByTime(100);
    expect(runs).toHaveLength(1);
    vi.advanceTimersByTime(10_000);
    expect(runs).toHaveLength(1);
  });

  it('aborts the run in flight as soon as a new one is asked for, so its answer is never used', () => {
    const runs: AbortSignal[] = [];
    const task = latestOnly((signal) => {
      runs.push(signal);
      return new Promise(() => undefined);
    }, 400);
    task.runNow();
    expect(runs[0]?.aborted).toBe(false);
    task.schedule();
    expect(runs[0]?.aborted).toBe(true);
    vi.advanceTimersByTime(400);
    expect(runs.map((signal) => signal.aborted)).toEqual([true, false]);
    task.runNow();
    expect(runs.map((signal) => signal.aborted)).toEqual([true, true, false]);
  });

  it('runs at once on runNow, dropping a scheduled run', () => {
    let count = 0;
    const task = latestOnly(async () => void count++, 400);
    task.schedule();
    task.runNow();
    vi.advanceTimersByTime(1000);
    expect(count).toBe(1);
  });
});
