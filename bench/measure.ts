// Times repeated renders: warm-up runs, then timed runs until an iteration cap or a time budget.

export interface Timing {
  readonly iterations: number;
  readonly seconds: number;
  readonly docsPerSecond: number;
}

export async function timeRuns(run: () => Promise<unknown>, options: { warmup: number; maxIterations: number; budgetMs: number }): Promise<Timing> {
  for (let i = 0; i < options.warmup; i++) await run();
  const started = performance.now();
  let iterations = 0;
  while (iterations < options.maxIterations && performance.now() - started < options.budgetMs) {
    await run();
    iterations++;
  }
  const seconds = (performance.now() - started) / 1000;
  return { iterations, seconds, docsPerSecond: iterations / seconds };
}
