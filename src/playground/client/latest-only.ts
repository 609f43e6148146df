// Runs a task a while after the last request for it, aborting the run in flight whenever a new one is asked for.

export interface LatestOnly {
  /** Runs the task `delayMs` after the last call; a run in flight is aborted at once, so no stale answer lands. */
  schedule(): void;
  /** Runs it now. */
  runNow(): void;
}

export function latestOnly(task: (signal: AbortSignal) => Promise<void>, delayMs: number): LatestOnly {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let inFlight: AbortController | undefined;
  const start = (): void => {
    clearTimeout(timer);
    inFlight?.abort();
    const controller = new AbortController();
    inFlight = controller;
    task(controller.signal).catch((error: unknown) => {
      if (!controller.signal.aborted) console.error(error);
    });
  };
  return {
    schedule() {
      inFlight?.abort();
      clearTimeout(timer);
      timer = setTimeout(start, delayMs);
    },
    runNow: start,
  };
}
