// A render-time budget: an AbortSignal for cooperative work plus a timer race for work that hangs.
import { DocumentCreationError } from '../errors/index.js';

export interface Deadline {
  readonly signal: AbortSignal;
  /** Milliseconds left, at least 1. */
  remaining(): number;
  /** Settles like `work`, or rejects with DocumentCreationError once the time is up. */
  race<T>(work: Promise<T>): Promise<T>;
  clear(): void;
}

export function startDeadline(timeoutMs: number): Deadline {
  const controller = new AbortController();
  const endsAt = performance.now() + timeoutMs;
  const expired = new DocumentCreationError({ detail: `rendering took longer than the ${timeoutMs} ms limit` });
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort(expired);
      reject(expired);
    }, timeoutMs);
  });
  // The timer may fire after the work is done and nobody is racing any more.
  timeout.catch(() => undefined);
  return {
    signal: controller.signal,
    remaining: () => Math.max(1, Math.floor(endsAt - performance.now())),
    race: (work) => Promise.race([work, timeout]),
    clear: () => clearTimeout(timer),
  };
}
