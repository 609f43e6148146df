// Glyphs that carry the code points of the layout that reached them. fontkit keeps one Glyph
// object per glyph id and face for the whole process, with the code points it was first reached
// by (`getGlyph(id, codePoints)` ignores them once the id is cached). Those code points feed the
// PDF's ToUnicode map and fontkit's own shaping (default-ignorable hiding, mark positioning,
// Arabic joining), so whatever reached a glyph first, in any earlier document, decided how a
// later document's text reads back: a subset reaching Latin "e" as a component of Cyrillic "е"
// (with no code points) emptied "e" in every later PDF's text layer.
import type { Font as FontkitFont, Glyph } from 'fontkit';

interface GlyphSource {
  getGlyph(id: number, codePoints?: number[]): Glyph | null;
}

type GlyphConstructor = new (id: number, codePoints: number[], font: FontkitFont) => Glyph;

const isolated = new WeakSet<FontkitFont>();

function sameCodePoints(a: readonly number[], b: readonly number[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * Makes `font.getGlyph(id, codePoints)` return a glyph whose code points are the ones asked
 * for: the cached glyph when they are the same, else a new glyph of the same class (fontkit's
 * constructor also derives `isMark` and `isLigature` from them). The cached glyph keeps the
 * outline and metrics that are the same for every caller.
 */
export function keepCodePointsPerLayout(font: FontkitFont): void {
  if (isolated.has(font)) return;
  isolated.add(font);
  const source = font as unknown as GlyphSource;
  const cached = source.getGlyph.bind(font);
  source.getGlyph = (id: number, codePoints: number[] = []): Glyph | null => {
    const glyph = cached(id, codePoints);
    if (glyph === null || sameCodePoints(glyph.codePoints, codePoints)) return glyph;
    return new (glyph.constructor as GlyphConstructor)(id, codePoints, font);
  };
}
