// A render-time budget: an AbortSignal for cooperative work plus a timer race for work that hangs; the caller's signal ends it early.
import { RenderTimeoutError } from '../engine/errors.js';
import { DocumentCreationError } from '../errors/index.js';

export interface Deadline {
  readonly signal: AbortSignal;
  /** Milliseconds left, at least 1. */
  remaining(): number;
  /** Settles like `work`, or rejects with DocumentCreationError once the time is up or the caller has gone. */
  race<T>(work: Promise<T>): Promise<T>;
  clear(): void;
}

/** `caller` is the request's own signal: when it aborts (the client went away), the work is abandoned at once. */
export function startDeadline(timeoutMs: number, caller?: AbortSignal): Deadline {
  const controller = new AbortController();
  const endsAt = performance.now() + timeoutMs;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stop = (): void => undefined;
  const timeout = new Promise<never>((_, reject) => {
    const end = (reason: DocumentCreationError): void => {
      controller.abort(reason);
      reject(reason);
    };
    // Made when the time is up, not for every render: an error captures its stack when made.
    // The cause says which limit it was, as when the engine stops itself (see limitFailure).
    timer = setTimeout(() => end(new DocumentCreationError({ detail: `rendering took longer than the ${timeoutMs} ms limit`, cause: new RenderTimeoutError(timeoutMs) })), timeoutMs);
    if (caller) {
      const onGone = (): void => end(callerGone());
      if (caller.aborted) onGone();
      else caller.addEventListener('abort', onGone, { once: true });
      stop = () => caller.removeEventListener('abort', onGone);
    }
  });
  // The timer may fire after the work is done and nobody is racing any more.
  timeout.catch(() => undefined);
  return {
    signal: controller.signal,
    remaining: () => Math.max(1, Math.floor(endsAt - performance.now())),
    race: (work) => Promise.race([work, timeout]),
    clear: () => {
      clearTimeout(timer);
      stop();
    },
  };
}

/** Thrown when the caller's signal has aborted: nobody is waiting for the document any more. */
export function callerGone(): DocumentCreationError {
  return new DocumentCreationError({ detail: 'the caller went away before the document was made' });
}
