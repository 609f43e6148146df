// The size glyphs are measured and placed at (decision 0347): Chromium's Skia sets a FreeType face's size in 26.6
// fixed point, so a font size's glyph advances are those of the size cut to 1/64 px (13.6px text
// advances as 13.59375px text; Liberation Mono's 8.1613px glyph advances 8.1576px in Chromium's PDF).

/** `fontSize` cut to 1/64 px: what glyph advances scale with. Whole and 1/64 sizes are unchanged. */
export function glyphSize(fontSize: number): number {
  return Math.floor(fontSize * 64 + 1e-6) / 64;
}
