// Interleaved rounds: every contender renders for a short round in turn, round after round, so a
// change in the machine's load hits all of them alike and their ratios stay comparable (decision 0300).

export interface RoundResult {
  readonly docs: number;
  readonly seconds: number;
  /** Pages of the last document of the round (0 when not counted). */
  readonly pages: number;
}

export interface Contender {
  readonly name: string;
  /** Renders for about `ms` (at least one document). */
  round(ms: number): Promise<RoundResult>;
  /** Rounds after which it sits out (a slow renderer on a long document); all rounds when absent. */
  readonly maxRounds?: number;
}

export interface Tally {
  readonly docs: number;
  readonly seconds: number;
  readonly docsPerSecond: number;
  readonly rounds: number;
  readonly pages: number;
  /** How long it warmed up before the counted rounds. */
  readonly warmupSeconds: number;
  /** Why it stopped, if a round failed; its figures are then those of the rounds before. */
  readonly failed?: string;
}

/** How each renderer warms up before the counted rounds (not counted: threads start, fonts are parsed, code is compiled). */
export interface Warmup {
  /** Warm for at least this long. */
  readonly minMs: number;
  /** And at most this long, whether or not it has stopped getting faster. */
  readonly maxMs: number;
  /** The length of each warm-up round. */
  readonly roundMs: number;
}

/**
 * Each renderer warms up in rounds of `warmup.roundMs` until, after `minMs`, its last three rounds
 * are none of them 3% faster than the best before them (or `maxMs` has passed): a server on render threads reaches
 * its speed only after thousands of documents (the HTTP path on its main thread is compiled by
 * the requests that pass), well after an engine looping in process (decision 0370). Then
 * `rounds` rounds; each round's order is the previous one's reversed, so no contender always runs
 * right after the same other.
 */
export async function interleave(contenders: readonly Contender[], options: { rounds: number; roundMs: number; warmup?: Warmup; onRound?: (round: number) => void }): Promise<Map<string, Tally>> {
  const tallies = new Map<string, { docs: number; seconds: number; rounds: number; pages: number; warmupSeconds: number; failed?: string }>();
  for (const contender of contenders) tallies.set(contender.name, { docs: 0, seconds: 0, rounds: 0, pages: 0, warmupSeconds: 0 });
  const run = async (contender: Contender, counted: boolean, ms = options.roundMs): Promise<RoundResult | null> => {
    const tally = tallies.get(contender.name)!;
    if (tally.failed !== undefined || (counted && tally.rounds >= (contender.maxRounds ?? Infinity))) return null;
    try {
      const result = await contender.round(ms);
      tally.pages = result.pages;
      if (!counted) return result;
      tally.docs += result.docs;
      tally.seconds += result.seconds;
      tally.rounds += 1;
      return result;
    } catch (error) {
      tally.failed = error instanceof Error ? error.message.split('\n')[0] : String(error);
      return null;
    }
  };
  const warmup = options.warmup ?? { minMs: 0, maxMs: 0, roundMs: options.roundMs };
  for (const contender of contenders) {
    const started = performance.now();
    const rates: number[] = [];
    for (;;) {
      const result = await run(contender, false, warmup.roundMs);
      if (result === null) break;
      rates.push(result.docs / result.seconds);
      const elapsed = performance.now() - started;
      // A renderer that takes most of a round per document (WeasyPrint on the report) has no curve to follow.
      const tooSlowToTell = result.docs < 5;
      if (elapsed >= warmup.maxMs || (elapsed >= warmup.minMs && (tooSlowToTell || plateaued(rates)))) break;
    }
    tallies.get(contender.name)!.warmupSeconds = (performance.now() - started) / 1000;
  }
  let order = [...contenders];
  for (let round = 0; round < options.rounds; round++) {
    options.onRound?.(round + 1);
    for (const contender of order) await run(contender, true);
    order = order.reverse();
  }
  const result = new Map<string, Tally>();
  for (const [name, t] of tallies) result.set(name, { ...t, docsPerSecond: t.seconds > 0 ? t.docs / t.seconds : 0 });
  return result;
}

/** Whether the last three rates have stopped rising: none of them 3% above the best rate before them. */
function plateaued(rates: readonly number[]): boolean {
  if (rates.length < 4) return false;
  const before = Math.max(...rates.slice(0, -3));
  return Math.max(...rates.slice(-3)) <= before * 1.03;
}

/** Runs `once` from `inFlight` callers at a time for about `ms` (each at least once). */
export async function concurrentRound(once: () => Promise<number>, inFlight: number, ms: number): Promise<RoundResult> {
  const started = performance.now();
  let docs = 0;
  let pages = 0;
  await Promise.all(
    Array.from({ length: inFlight }, async () => {
      do {
        pages = await once();
        docs += 1;
      } while (performance.now() - started < ms);
    }),
  );
  return { docs, seconds: (performance.now() - started) / 1000, pages };
}
