// fontkit's decoded OpenType coverage and class definition tables, and how lookups read them.

/** A coverage table: format 1 (a sorted glyph list) or 2 (ranges). */
export type Coverage =
  | { readonly version: 1; readonly glyphs: readonly number[] }
  | { readonly version: 2; readonly rangeRecords: readonly { readonly start: number; readonly end: number; readonly startCoverageIndex: number }[] };

/** A class definition as fontkit decodes it: format 1 (an array from a first glyph) or 2 (ranges). */
export type ClassDef =
  | { readonly version: 1; readonly startGlyph: number; readonly classValueArray: readonly number[] }
  | { readonly version: 2; readonly classRangeRecord: readonly { readonly start: number; readonly end: number; readonly class: number }[] };

/** The glyph's index in the coverage, or -1. */
export function coverageIndex(coverage: Coverage, glyph: number): number {
  if (coverage.version === 1) return coverage.glyphs.indexOf(glyph);
  for (const range of coverage.rangeRecords) if (range.start <= glyph && glyph <= range.end) return range.startCoverageIndex + glyph - range.start;
  return -1;
}

/** The glyph's class (0 when the table names none). */
export function classOf(glyph: number, classes: ClassDef): number {
  if (classes.version === 1) {
    const i = glyph - classes.startGlyph;
    return i >= 0 && i < classes.classValueArray.length ? classes.classValueArray[i]! : 0;
  }
  for (const range of classes.classRangeRecord) if (range.start <= glyph && glyph <= range.end) return range.class;
  return 0;
}
