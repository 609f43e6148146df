// The font-relative units ex, ch and cap (CSS Values 4 §6.1.1) from the font a family list names.
// They are resolved while styles are computed, before a document's own fonts are known: the first
// family with a bundled face decides (a web font's family is passed over for the next one).
import { bundledFaces, bundledFamilyName, DEFAULT_FAMILY } from './bundled.js';
import { normalizeFamily } from './font-face.js';
import { matchFace, type FaceStyle } from './match.js';

/** Per em of the font size: the x-height, the advance of "0", and the cap height. */
export interface FontUnits {
  readonly ex: number;
  readonly ch: number;
  readonly cap: number;
}

const known = new Map<string, FontUnits | null>();

export function fontUnits(families: readonly string[], weight: number, style: FaceStyle): FontUnits | null {
  const key = `${families.join(',')}|${weight}|${style}`;
  let units = known.get(key);
  if (units === undefined) {
    units = null;
    for (const family of [...families, DEFAULT_FAMILY]) {
      const name = bundledFamilyName(normalizeFamily(family));
      const face = name === null ? null : matchFace(bundledFaces(name), weight, style)?.face.load() ?? null;
      if (face === null) continue;
      units = { ex: face.xHeight, ch: face.measure('0', 1), cap: face.capHeight };
      break;
    }
    // Keys are family lists as documents write them: a bound keeps a server's memory flat.
    if (known.size >= 1024) known.clear();
    known.set(key, units);
  }
  return units;
}
