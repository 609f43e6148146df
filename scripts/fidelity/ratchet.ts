// The score ratchet: compare a run with the recorded scores, and decide what to write back.

export type ScoreRecord = Readonly<Record<string, number>>;

export interface Regression {
  readonly id: string;
  readonly recorded: number;
  readonly current: number;
}

/** Documents whose overall score fell more than `tolerance` points below the recorded one. */
export function findRegressions(recorded: ScoreRecord, current: ScoreRecord, tolerance = 2): Regression[] {
  return Object.entries(current)
    .filter(([id, score]) => id in recorded && score < recorded[id] - tolerance)
    .map(([id, score]) => ({ id, recorded: recorded[id], current: score }));
}

/**
 * The record after a run: each document measured takes the better of old and new score, or
 * the new score outright with `force`; documents not measured this run keep their score.
 */
export function updateRecord(recorded: ScoreRecord, current: ScoreRecord, force: boolean): ScoreRecord {
  const next: Record<string, number> = { ...recorded };
  for (const [id, score] of Object.entries(current)) {
    next[id] = force || !(id in recorded) ? score : Math.max(recorded[id], score);
  }
  return Object.fromEntries(Object.entries(next).sort(([a], [b]) => a.localeCompare(b)));
}
