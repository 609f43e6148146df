// LoadedFont over a parsed fontkit font: metrics the way Chromium reads them, cached measuring.
import type { Font as FontkitFont } from 'fontkit';
import { keepCodePointsPerLayout } from './glyph-code-points.js';
import type { FontFeatures } from './features.js';
import { advanceOf } from './shape.js';
import type { LoadedFont } from './types.js';
import { isFallbackSpace } from './space-fallback.js';
import { glyphSize } from './glyph-size.js';

interface FaceMetrics {
  readonly ascent: number;
  readonly descent: number;
  readonly lineGap: number;
  readonly xHeight: number;
  readonly capHeight: number;
  readonly underlinePosition: number;
  readonly underlineThickness: number;
}

interface Os2Like {
  readonly version?: number;
  readonly fsSelection?: { readonly useTypoMetrics?: boolean };
  readonly typoAscender?: number;
  readonly typoDescender?: number;
  readonly typoLineGap?: number;
  readonly winAscent?: number;
  readonly winDescent?: number;
  readonly xHeight?: number;
  readonly capHeight?: number;
}

interface PostLike {
  readonly underlinePosition?: number;
  readonly underlineThickness?: number;
}

function glyphTop(font: FontkitFont, codePoint: number): number | null {
  try {
    if (!font.hasGlyphForCodePoint(codePoint)) return null;
    const top = font.glyphForCodePoint(codePoint).bbox.maxY;
    return Number.isFinite(top) && top > 0 ? top : null;
  } catch {
    return null;
  }
}

/** Vertical metrics in em. USE_TYPO_METRICS (fsSelection bit 7) switches to OS/2 typo metrics, as Chromium does. */
export function readMetrics(font: FontkitFont): FaceMetrics {
  const upm = font.unitsPerEm || 1000;
  const tables = font as unknown as { 'OS/2'?: Os2Like; post?: PostLike; hhea?: { ascent: number; descent: number; lineGap: number } };
  const os2 = tables['OS/2'];
  const hhea = tables.hhea;
  let ascent: number;
  let descent: number;
  let lineGap: number;
  if (os2?.fsSelection?.useTypoMetrics && os2.typoAscender !== undefined) {
    ascent = os2.typoAscender;
    descent = -(os2.typoDescender ?? 0);
    lineGap = os2.typoLineGap ?? 0;
  } else if (hhea && (hhea.ascent !== 0 || hhea.descent !== 0)) {
    ascent = hhea.ascent;
    descent = -hhea.descent;
    lineGap = hhea.lineGap;
  } else if (os2 && ((os2.typoAscender ?? 0) !== 0 || (os2.typoDescender ?? 0) !== 0)) {
    ascent = os2.typoAscender ?? 0;
    descent = -(os2.typoDescender ?? 0);
    lineGap = os2.typoLineGap ?? 0;
  } else {
    ascent = os2?.winAscent ?? upm * 0.8;
    descent = os2?.winDescent ?? upm * 0.2;
    lineGap = 0;
  }
  const xHeight = (os2 && (os2.version ?? 0) >= 2 && os2.xHeight ? os2.xHeight : null) ?? glyphTop(font, 0x78) ?? ascent * 0.5;
  const capHeight = (os2 && (os2.version ?? 0) >= 2 && os2.capHeight ? os2.capHeight : null) ?? glyphTop(font, 0x48) ?? ascent * 0.7;
  const post = tables.post;
  const underlinePosition = post?.underlinePosition ?? -upm * 0.1;
  const underlineThickness = post?.underlineThickness || upm * 0.05;
  return {
    ascent: ascent / upm,
    descent: descent / upm,
    lineGap: Math.max(0, lineGap) / upm,
    xHeight: xHeight / upm,
    capHeight: capHeight / upm,
    underlinePosition: underlinePosition / upm,
    underlineThickness: underlineThickness / upm,
  };
}

// Not a closure over the code point: a closure would make hasGlyph allocate a context on every call.
function inUnusedRange(unused: readonly (readonly [number, number])[], codePoint: number): boolean {
  for (const [first, last] of unused) if (codePoint >= first && codePoint <= last) return true;
  return false;
}

/** One face; synthetic variants share the fontkit font, metrics and measuring caches. */
export class FontkitFace implements LoadedFont {
  readonly key: string;
  readonly fontkit: FontkitFont;
  readonly ascent: number;
  readonly descent: number;
  readonly lineGap: number;
  readonly xHeight: number;
  readonly capHeight: number;
  readonly underlinePosition: number;
  readonly underlineThickness: number;
  readonly syntheticBold: boolean;
  readonly syntheticItalic: boolean;
  readonly features: FontFeatures | null;
  private readonly unitsPerEm: number;
  private readonly root: FontkitFace;
  private variants: Map<string, FontkitFace> | null = null;
  /** This face (or synthetic variant) under feature settings, by their key. */
  private featured: Map<string, FontkitFace> | null = null;
  /** BMP coverage, filled lazily: 0 unknown, 1 has glyph, 2 has not. */
  private coverage: Uint8Array | null = null;
  /** [first, last] code point ranges whose glyphs the face is not used for (see bundled.ts). */
  unused: readonly (readonly [number, number])[] = [];

  constructor(fontkit: FontkitFont, key: string, syntheticBold = false, syntheticItalic = false, root?: FontkitFace, features: FontFeatures | null = null) {
    this.features = features;
    this.root = root ?? this;
    if (root === undefined) keepCodePointsPerLayout(fontkit);
    this.fontkit = fontkit;
    this.key = key;
    this.syntheticBold = syntheticBold;
    this.syntheticItalic = syntheticItalic;
    const m: FaceMetrics = root ?? readMetrics(fontkit);
    this.ascent = m.ascent;
    this.descent = m.descent;
    this.lineGap = m.lineGap;
    this.xHeight = m.xHeight;
    this.capHeight = m.capHeight;
    this.underlinePosition = m.underlinePosition;
    this.underlineThickness = m.underlineThickness;
    this.unitsPerEm = fontkit.unitsPerEm || 1000;
  }

  measure(text: string, sizePx: number): number {
    if (text.length === 0) return 0;
    return (advanceOf(this.fontkit, text, this.features) / this.unitsPerEm) * glyphSize(sizePx);
  }

  hasGlyph(codePoint: number): boolean {
    if (codePoint > 0xffff) return this.fontkit.hasGlyphForCodePoint(codePoint);
    const root = this.root;
    root.coverage ??= new Uint8Array(0x10000);
    let known = root.coverage[codePoint];
    if (known === 0) {
      const covered = this.fontkit.hasGlyphForCodePoint(codePoint) || (isFallbackSpace(codePoint) && this.fontkit.hasGlyphForCodePoint(0x20));
      known = covered && !inUnusedRange(root.unused, codePoint) ? 1 : 2;
      root.coverage[codePoint] = known;
    }
    return known === 1;
  }

  /** This face shaped with `features` (null: the defaults); its synthesis kept. */
  withFeatures(features: FontFeatures | null): FontkitFace {
    if (features === this.features) return this;
    const plain = this.features === null ? this : this.root.withSynthesis(this.syntheticBold, this.syntheticItalic);
    if (features === null) return plain;
    plain.featured ??= new Map();
    let variant = plain.featured.get(features.key);
    if (variant === undefined) {
      variant = new FontkitFace(plain.fontkit, `${plain.key}#${features.key}`, plain.syntheticBold, plain.syntheticItalic, this.root, features);
      plain.featured.set(features.key, variant);
    }
    return variant;
  }

  /** This face painted with a fake bold stroke and/or a fake italic skew. */
  withSynthesis(bold: boolean, italic: boolean): FontkitFace {
    if (bold === this.syntheticBold && italic === this.syntheticItalic) return this;
    const root = this.root;
    if (!bold && !italic) return root;
    const key = `${root.key}${bold ? '#synthetic-bold' : ''}${italic ? '#synthetic-italic' : ''}`;
    root.variants ??= new Map();
    let variant = root.variants.get(key);
    if (variant === undefined) {
      variant = new FontkitFace(root.fontkit, key, bold, italic, root);
      root.variants.set(key, variant);
    }
    return variant;
  }
}

/** `font` shaped with `features` (the style's feature settings); itself for the defaults or a face of another kind. */
export function withFeatures(font: LoadedFont, features: FontFeatures | null | undefined): LoadedFont {
  return features && font instanceof FontkitFace ? font.withFeatures(features) : font;
}
