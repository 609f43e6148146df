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
  /** Why it stopped, if a round failed; its figures are then those of the rounds before. */
  readonly failed?: string;
}

/**
 * A warm-up round each of `warmupMs` (not counted: threads start, fonts are parsed, code is
 * compiled — a fresh render thread needs hundreds of documents before it runs at speed), then `rounds` rounds; each round's order is the previous
 * one's reversed, so no contender always runs right after the same other.
 */
export async function interleave(contenders: readonly Contender[], options: { rounds: number; roundMs: number; warmupMs?: number; onRound?: (round: number) => void }): Promise<Map<string, Tally>> {
  const tallies = new Map<string, { docs: number; seconds: number; rounds: number; pages: number; failed?: string }>();
  for (const contender of contenders) tallies.set(contender.name, { docs: 0, seconds: 0, rounds: 0, pages: 0 });
  const run = async (contender: Contender, counted: boolean): Promise<void> => {
    const tally = tallies.get(contender.name)!;
    if (tally.failed !== undefined || (counted && tally.rounds >= (contender.maxRounds ?? Infinity))) return;
    try {
      const result = await contender.round(counted ? options.roundMs : (options.warmupMs ?? options.roundMs));
      tally.pages = result.pages;
      if (!counted) return;
      tally.docs += result.docs;
      tally.seconds += result.seconds;
      tally.rounds += 1;
    } catch (error) {
      tally.failed = error instanceof Error ? error.message.split('\n')[0] : String(error);
    }
  };
  for (const contender of contenders) await run(contender, false);
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
