// leader(): how many copies of the leader's string fill its space, on a grid anchored at the
// line's end so that the dots of consecutive lines line up (as WeasyPrint places them).

/** Most copies one leader prints (bounds the work for a tiny pattern). */
const MAX_COPIES = 10_000;

/**
 * The copies of a pattern `patternWidth` wide that fit in [start, start + span], on the grid of
 * positions `lineEnd - k × patternWidth`: where the first one starts and how many there are.
 */
export function leaderCopies(patternWidth: number, lineEnd: number, start: number, span: number): { x: number; count: number } {
  if (!(patternWidth > 0) || span <= 0) return { x: start, count: 0 };
  const epsilon = 0.01;
  // Copy k starts at lineEnd - k × w: it must start at or after `start` and end by start + span.
  const kMax = Math.floor((lineEnd - start + epsilon) / patternWidth);
  const kMin = Math.max(1, Math.ceil((lineEnd - start - span - epsilon) / patternWidth) + 1);
  const count = Math.min(MAX_COPIES, Math.max(0, kMax - kMin + 1));
  return { x: lineEnd - kMax * patternWidth, count };
}
