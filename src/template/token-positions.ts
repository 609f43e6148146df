// Makes LiquidJS find a token's line and column by binary search instead of counting from the start.
import { Token } from 'liquidjs';
import { lastAtMost } from './scan-text.js';

/** Line starts of the last few template sources positions were asked of. */
const lineStartsBySource = new Map<string, number[]>();
// Static analysis asks of one source at a time, synchronously; two keeps retention small.
const SOURCES_KEPT = 2;
let installed = false;

/**
 * LiquidJS's `Token.getPosition()` walks the source from its first character to the token, and
 * its static analysis asks it of every variable: inspecting a template with 100 000 placeholders
 * took minutes. This gives the same `[line, column]` (lines end at `\n`, columns count UTF-16
 * units from 1) from the source's line starts, computed once per source. It replaces the method
 * on LiquidJS's `Token` class, for every instance in the process, with one that answers the same;
 * it is installed the first time pagesmith builds a LiquidJS instance.
 */
export function installFastTokenPositions(): void {
  if (installed) return;
  installed = true;
  Token.prototype.getPosition = function getPosition(this: Token): number[] {
    const starts = lineStartsOf(this.input);
    const begin = Math.max(0, Math.min(this.begin, this.input.length));
    const line = Math.max(0, lastAtMost(starts, begin));
    return [line + 1, begin - (starts[line] ?? 0) + 1];
  };
}

function lineStartsOf(source: string): number[] {
  let starts = lineStartsBySource.get(source);
  if (starts) return starts;
  starts = [0];
  for (let index = source.indexOf('\n'); index !== -1; index = source.indexOf('\n', index + 1)) starts.push(index + 1);
  if (lineStartsBySource.size >= SOURCES_KEPT) lineStartsBySource.delete(lineStartsBySource.keys().next().value as string);
  lineStartsBySource.set(source, starts);
  return starts;
}
