// Which Type 3 font Chromium puts a glyph of Debian's Noto Sans CJK in (decision 0376): Skia splits
// a face's glyph ids into fonts of 255, and the bundled Noto Sans JP/SC/TC/KR that stand in for
// it (decision 0356) number their glyphs otherwise. poppler joins two glyphs of a vertical column
// into one word only when they are in one font, so the stand-ins' glyphs are grouped by the ids
// their characters have in the face Chromium prints with.
import type { CjkRegion } from '../fonts/cff-stand-ins.js';
import { NOTO_CJK_GROUPS } from './noto-cjk-groups.js';

interface Runs {
  /** The first code point of each run, ascending. */
  readonly starts: readonly number[];
  readonly groups: readonly number[];
}

const horizontalRuns = new Map<CjkRegion, Runs>();
const verticalForms = new Map<CjkRegion, ReadonlyMap<number, number>>();

/** `delta:group` pairs (base 36) as scripts/noto-cjk-groups.ts writes them. */
function decode(encoded: string): Runs {
  const starts: number[] = [];
  const groups: number[] = [];
  let codePoint = 0;
  for (const pair of encoded.split(',')) {
    const colon = pair.indexOf(':');
    codePoint += parseInt(pair.slice(0, colon), 36);
    starts.push(codePoint);
    groups.push(parseInt(pair.slice(colon + 1), 36));
  }
  return { starts, groups };
}

function horizontalGroup(region: CjkRegion, codePoint: number): number | null {
  let runs = horizontalRuns.get(region);
  if (runs === undefined) horizontalRuns.set(region, (runs = decode(NOTO_CJK_GROUPS[region].horizontal)));
  const { starts, groups } = runs;
  let low = 0;
  let high = starts.length - 1;
  if (high < 0 || codePoint < starts[0]) return null;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if (starts[middle] <= codePoint) low = middle;
    else high = middle - 1;
  }
  return groups[low];
}

function verticalGroup(region: CjkRegion, codePoint: number): number | null {
  let forms = verticalForms.get(region);
  if (forms === undefined) {
    const { starts, groups } = decode(NOTO_CJK_GROUPS[region].vertical);
    verticalForms.set(region, (forms = new Map(starts.map((start, i) => [start, groups[i]]))));
  }
  return forms.get(codePoint) ?? null;
}

/**
 * The group (glyph ids 255 × group + 1 …) Chromium's Noto Sans CJK of `region` has the glyph of
 * `codePoint` in: its plain glyph's, or its `vert` form's when `verticalForm`. Null for what the
 * table does not know (another alternate, a character the face lacks).
 */
export function chromiumGroup(region: CjkRegion, codePoint: number, verticalForm: boolean): number | null {
  return verticalForm ? verticalGroup(region, codePoint) : horizontalGroup(region, codePoint);
}
