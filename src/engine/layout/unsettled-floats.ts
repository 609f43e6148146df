// Floats placed while the margins above them are still collapsing: a float in an empty block (a
// header holding only floated columns) or before a block's first content sits at the top edge of
// its container, which margins met further on can still move down (CSS 2.1 §8.3.1, a box whose
// margins collapse through, and §9.5.1: a float is no higher than its containing block's top).
// Chromium places such floats once the margins are resolved; pagesmith places them where the
// margins seen so far end, and places them again when the margins settle.
import type { FloatContext } from './float.js';
import type { BoxFragment } from './fragments.js';

interface UnsettledFloat {
  /** Places the float again no higher than y (its fragment translated there), in the float context. */
  readonly placeAgain: (y: number) => BoxFragment;
  /** Where it was asked to go last. */
  y: number;
}

/**
 * The floats of one chain of boxes whose top margins collapse together: the first box whose top
 * edge is not its container's owns it and hands it to its children while its own top is open.
 */
export interface UnsettledFloats {
  readonly floats: FloatContext;
  /** How many floats the context held before the first of these. */
  readonly mark: number;
  readonly placed: UnsettledFloat[];
  /** Done with: the margins settled, or something else placed floats among these. */
  closed: boolean;
}

export function openUnsettledFloats(floats: FloatContext): UnsettledFloats {
  return { floats, mark: floats.count, placed: [], closed: false };
}

/** Notes a float just placed whole at `y` (or closes the chain when it could not be, cut or moved at a page's end). */
export function noteUnsettledFloat(chain: UnsettledFloats, placeAgain: ((y: number) => BoxFragment) | undefined, y: number): void {
  if (chain.closed) return;
  if (placeAgain === undefined || chain.floats.count !== chain.mark + chain.placed.length + 1) {
    chain.closed = true;
    return;
  }
  chain.placed.push({ placeAgain, y });
}

/**
 * The margins settled with the chain's top edge at `y`: its floats go there, unless one would then
 * run past the page's end (`bottom`), when they stay. `final` false when more margins may yet
 * come (lines that held only floats).
 */
export function settleUnsettledFloats(chain: UnsettledFloats, y: number, bottom: number, final = true): void {
  if (chain.closed) return;
  if (final) chain.closed = true;
  const { floats, placed } = chain;
  if (placed.length === 0 || floats.count !== chain.mark + placed.length || placed.every((float) => Math.abs(float.y - y) < 0.01)) return;
  const placeAll = (at: (float: UnsettledFloat) => number): boolean => {
    floats.truncate(chain.mark);
    let fits = true;
    for (const float of placed) {
      const fragment = float.placeAgain(at(float));
      if (fragment.y + fragment.height > bottom + 0.01) fits = false;
    }
    return fits;
  };
  if (placeAll(() => y)) {
    for (const float of placed) float.y = y;
  } else {
    placeAll((float) => float.y);
  }
}
