// svg-to-pdfkit draws no glyph whose advance width is 0 (source.js: `isNotEqual(pos[j].width, 0)`),
// so the marks of SVG text — Thai vowels and tones, Indic vowel signs, Arabic harakat, combining
// accents — were left out of the page and its text layer. Their width is made too small to move
// anything instead.

/** What svg-to-pdfkit reads of a pdfkit embedded font's encode(): glyph codes and positions. */
interface EncodingFont {
  encode(text: string, features?: unknown): [string[], { advanceWidth: number }[]];
}

/** An advance width (in 1/1000 em) that svg-to-pdfkit takes as not zero and that moves nothing. */
const MARK_WIDTH = 1e-4;

const wrapped = new WeakSet<object>();

/** Makes `font`'s encode() give zero-width glyphs a width svg-to-pdfkit draws (once per font). */
export function drawZeroWidthGlyphs(font: EncodingFont): void {
  if (wrapped.has(font)) return;
  wrapped.add(font);
  const encode = font.encode.bind(font);
  font.encode = (text, features) => {
    const [codes, positions] = encode(text, features);
    return [codes, positions.map((position) => (position.advanceWidth === 0 ? { ...position, advanceWidth: MARK_WIDTH } : position))];
  };
}
