// Unicode spaces a face has no glyph for print with its U+0020 glyph at a width of their own, as
// HarfBuzz shapes them for Chromium (hb-ot-shape-fallback: the "space fallback"): a face without
// U+202F still sets "25 juin" in one face, where falling back to another face for the space would
// bring that face's line height (and width) in.

/** How wide each space HarfBuzz knows is, when the face lacks it: an em divided, or another glyph's width. */
type SpaceWidth = { readonly em: number } | { readonly like: 'space-half' | 'digit' | 'punctuation' | 'space' };

const SPACES: ReadonlyMap<number, SpaceWidth> = new Map<number, SpaceWidth>([
  [0x00a0, { like: 'space' }],
  [0x2000, { em: 2 }], [0x2001, { em: 1 }], [0x2002, { em: 2 }], [0x2003, { em: 1 }],
  [0x2004, { em: 3 }], [0x2005, { em: 4 }], [0x2006, { em: 6 }], [0x2007, { like: 'digit' }],
  [0x2008, { like: 'punctuation' }], [0x2009, { em: 5 }], [0x200a, { em: 16 }],
  [0x202f, { like: 'space-half' }], [0x205f, { em: 18 / 4 }],
  // Not U+3000: Chromium prints the ideographic space in the CJK fallback face (its line height).
]);

interface SpaceFace {
  readonly unitsPerEm: number;
  hasGlyphForCodePoint(codePoint: number): boolean;
  glyphForCodePoint(codePoint: number): { readonly id: number; readonly advanceWidth: number };
}

/** Whether `codePoint` is a space that prints with the face's space glyph when the face lacks it. */
export function isFallbackSpace(codePoint: number): boolean {
  return SPACES.has(codePoint);
}

/**
 * The space glyph and advance (font units) `codePoint` prints with in `face`, when the face lacks
 * it and has U+0020; null otherwise.
 */
export function fallbackSpace(face: SpaceFace, codePoint: number): { readonly glyphId: number; readonly glyphAdvance: number; readonly advance: number } | null {
  const width = SPACES.get(codePoint);
  if (width === undefined || face.hasGlyphForCodePoint(codePoint) || !face.hasGlyphForCodePoint(0x20)) return null;
  const space = face.glyphForCodePoint(0x20);
  const advanceOf = (chars: string): number | null => {
    for (const c of chars) if (face.hasGlyphForCodePoint(c.codePointAt(0)!)) return face.glyphForCodePoint(c.codePointAt(0)!).advanceWidth;
    return null;
  };
  const advance = 'em' in width ? Math.round(face.unitsPerEm / width.em)
    : width.like === 'space-half' ? space.advanceWidth / 2
      : width.like === 'digit' ? advanceOf('0123456789') ?? space.advanceWidth
        : width.like === 'punctuation' ? advanceOf('.,') ?? space.advanceWidth
          : space.advanceWidth;
  return { glyphId: space.id, glyphAdvance: space.advanceWidth, advance };
}
