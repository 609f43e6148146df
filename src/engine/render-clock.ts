// A render's time limit, checked where the work is: a render on the caller's thread holds it, so no
// timer can fire until the render ends; layout, the cascade and painting ask the clock as they go.
import { RenderTimeoutError } from './errors.js';

/** Checks between pieces of work: an aborted signal, or time past the render's limit. */
export class RenderClock {
  private checks = 0;
  private readonly endsAt: number;

  constructor(
    private readonly signal: AbortSignal | undefined,
    private readonly timeoutMs: number | undefined,
  ) {
    this.endsAt = timeoutMs === undefined ? Number.POSITIVE_INFINITY : performance.now() + timeoutMs;
  }

  /** Throws the signal's reason once it has aborted, and RenderTimeoutError once the time is up. */
  check(): void {
    if (this.signal?.aborted) throw this.signal.reason instanceof Error ? this.signal.reason : new Error('Rendering was aborted');
    // Reading the time costs more than the work between most checks: every 16th one reads it.
    if ((++this.checks & 15) === 0 && performance.now() > this.endsAt) throw new RenderTimeoutError(this.timeoutMs!);
  }
}
