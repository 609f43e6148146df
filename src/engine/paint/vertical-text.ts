// Text on a vertical line (decision 0290): CJK characters stand upright one under the other,
// centred on the line's central baseline, punctuation in its vertical form; other text lies
// sideways, turned a quarter clockwise; a tate-chu-yoko cell holds its text horizontally. Each
// glyph is drawn in logical order as Chromium draws it (decision 0373): readers that follow the
// content stream read the text as written; poppler's layout reads it across the columns, as it
// reads Chromium's.
import type { Font as FontkitFont } from 'fontkit';
import { shapeText } from '../fonts/shape.js';
import { glyphVerticalOrigin } from '../fonts/vertical-origin.js';
import { fontFeatures } from '../fonts/features.js';
import { withFeatures } from '../fonts/face.js';
import type { LoadedFont } from '../fonts/types.js';
import type { MarkerSymbol, TextFragment, VerticalText } from '../layout/fragments.js';
import { rectPath, roundedRectPath } from './shapes.js';
import type { PaintBackend, TextRun } from './backend.js';

/**
 * Characters upright in `text-orientation: mixed` (Unicode's Vertical_Orientation U and Tu/Tr,
 * as far as printed CJK text needs): Han, kana, Hangul, Bopomofo, CJK symbols and punctuation,
 * fullwidth forms, the Katakana block's common characters (゠ ・ ー), and the symbols East Asian
 * faces draw upright.
 */
const UPRIGHT = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Bopomofo}\u00A7\u00A9\u00AE\u00B1\u00BC-\u00BE\u00D7\u00F7\u2025\u2026\u203B\u2100-\u214F\u2190-\u21FF\u2460-\u24FF\u25A0-\u27BF\u2E80-\u2FFF\u3000-\u303F\u30A0\u30FB\u30FC\u3190-\u33FF\uFE10-\uFE1F\uFE30-\uFE4F\uFF01-\uFF60\uFFE0-\uFFE6\u{1F000}-\u{1FAFF}\u{20000}-\u{3FFFF}]/u;

function standsUpright(char: string, orientation: VerticalText['orientation']): boolean {
  return orientation === 'upright' || orientation === 'mixed' && UPRIGHT.test(char);
}

export function paintVerticalText(fragment: TextFragment, backend: PaintBackend): void {
  const { vertical, style } = fragment;
  if (!vertical || style.visibility !== 'visible' || style.color.a === 0) return;
  if (fragment.symbol) return paintSymbol(fragment, fragment.symbol, backend);
  paintDecorations(fragment, backend);
  if (vertical.combined !== undefined) paintCombined(fragment, vertical.combined, backend);
  else paintColumn(fragment, vertical.orientation, backend);
}

/**
 * The text as written (small caps), when the fragment shows it otherwise: its first glyph stands
 * for all of it in the text layer, the others for nothing.
 */
function writtenText(fragment: TextFragment): () => string | undefined {
  let first = true;
  return () => {
    if (fragment.actualText === undefined) return undefined;
    const text = first ? fragment.actualText : '';
    first = false;
    return text;
  };
}

function run(fragment: TextFragment, text: string, x: number, y: number, actualText?: string): TextRun {
  return { x, y, text, font: fragment.font, size: fragment.size, color: fragment.style.color, letterSpacing: 0, wordSpacing: 0, ...(actualText !== undefined && { actualText }) };
}

/**
 * Where an upright glyph's baseline sits below the top of its em (font units over the em): the
 * face's vertical origin (fonts/vertical-origin.ts), else its ascent and descent centred on the em.
 */
function verticalOrigin(font: LoadedFont, gid: number): number {
  const fk = font.fontkit;
  const origin = glyphVerticalOrigin(fk, gid);
  if (origin !== null) return origin / fk.unitsPerEm;
  return font.ascent + (1 - font.ascent - font.descent) / 2;
}

function paintColumn(fragment: TextFragment, orientation: VerticalText['orientation'], backend: PaintBackend): void {
  const { font, size } = fragment;
  const fk = font.fontkit;
  const px = size / fk.unitsPerEm;
  // The sideways run's baseline, left of the central one by half its ascent less its descent.
  const sidewaysBaseline = fragment.x - ((font.ascent - font.descent) / 2) * size;
  let y = fragment.baseline;
  let sideways = '';
  let sidewaysTop = y;
  const written = writtenText(fragment);
  const flushSideways = (): void => {
    if (sideways === '') return;
    backend.save();
    backend.transform([0, 1, -1, 0, sidewaysBaseline, sidewaysTop]);
    backend.text(run(fragment, sideways, 0, 0, written()));
    backend.restore();
    sideways = '';
  };
  for (const chunk of shapeText(fk, fragment.text, font.features ?? null)) {
    for (let i = 0; i < chunk.glyphIds.length; i++) {
      const char = String.fromCodePoint(...chunk.codePoints[i]);
      const advance = chunk.xAdvances[i] * px;
      if (char !== '' && standsUpright(char, orientation)) {
        flushSideways();
        paintUpright(fragment, char, chunk.glyphIds[i], fragment.x - advance / 2, y, backend, written());
      } else {
        if (sideways === '') sidewaysTop = y;
        sideways += char;
      }
      y += advance;
    }
  }
  flushSideways();
}

/** The glyph of `char`'s vertical form (`vert`: 、。 small kana, brackets, ー), or null without one. */
const verticalForms = new WeakMap<FontkitFont, Map<string, number | null>>();

function verticalFormGlyph(fk: FontkitFont, char: string): number | null {
  let known = verticalForms.get(fk);
  if (known === undefined) {
    known = new Map();
    verticalForms.set(fk, known);
  }
  let glyph = known.get(char);
  if (glyph === undefined) {
    const [plain] = fk.layout(char).glyphs;
    const [alternate] = fk.layout(char, ['vert']).glyphs;
    glyph = plain !== undefined && alternate !== undefined && plain.id !== alternate.id ? alternate.id : null;
    known.set(char, glyph);
  }
  return glyph;
}

/** `font` shaping with its vertical forms, as HarfBuzz shapes vertical runs for Chromium. */
function withVerticalForms(font: LoadedFont): LoadedFont {
  return withFeature(font, 'vert');
}

/** An upright glyph, in its vertical form where the face has one, hanging from its vertical origin. */
function paintUpright(fragment: TextFragment, char: string, gid: number, x: number, top: number, backend: PaintBackend, actualText: string | undefined): void {
  const { font, size } = fragment;
  const alternate = verticalFormGlyph(font.fontkit, char);
  if (alternate === null) return backend.text(run(fragment, char, x, top + verticalOrigin(font, gid) * size, actualText));
  backend.text({ ...run(fragment, char, x, top + verticalOrigin(font, alternate) * size, actualText), font: withVerticalForms(font) });
}

/** The width variants Blink tries, in order, for a tate-chu-yoko cell wider than its em. */
const WIDTH_VARIANTS: readonly string[] = ['hwid', 'twid', 'qwid'];

/** `font` shaping with one more OpenType feature turned on. */
function withFeature(font: LoadedFont, tag: string): LoadedFont {
  return withFeatures(font, fontFeatures('auto', 'normal', [...(font.features?.settings ?? []), [tag, 1]]));
}

/**
 * Tate-chu-yoko: the text across its one-em cell, centred on the line, as Blink sets it: in the
 * face's half-, third- or quarter-width forms when the plain text is wider than the em and one of
 * them fits, else squeezed to the em; its ascent and descent (whole pixels) centred in the em.
 */
function paintCombined(fragment: TextFragment, text: string, backend: PaintBackend): void {
  const { size } = fragment;
  let font = fragment.font;
  let width = font.measure(text, size);
  for (const tag of WIDTH_VARIANTS) {
    if (width <= size) break;
    const variant = withFeature(fragment.font, tag);
    const variantWidth = variant.measure(text, size);
    if (variantWidth <= size) [font, width] = [variant, variantWidth];
  }
  const scale = width > size ? size / width : 1;
  const [ascent, descent] = [Math.round(font.ascent * size), Math.round(font.descent * size)];
  const baseline = fragment.baseline + (size - ascent - descent) / 2 + ascent;
  backend.save();
  backend.transform([scale, 0, 0, 1, fragment.x - (width * scale) / 2, baseline]);
  backend.text({ ...run(fragment, text, 0, 0), font });
  backend.restore();
}

/**
 * A list marker's disc, circle or square, upright on the line's central baseline in the middle of
 * the marker's length (its square: `symbol.size`).
 */
function paintSymbol(fragment: TextFragment, symbol: MarkerSymbol, backend: PaintBackend): void {
  const { size } = symbol;
  const box = { x: fragment.x - size / 2, y: fragment.baseline + (fragment.width - size) / 2, width: size, height: size };
  const color = fragment.style.color;
  if (symbol.kind === 'square') return backend.fillPath(rectPath(box), color);
  if (symbol.kind !== 'disc' && symbol.kind !== 'circle') return;
  const r: [number, number] = [size / 2, size / 2];
  const path = roundedRectPath(box, { topLeft: r, topRight: r, bottomRight: r, bottomLeft: r });
  if (symbol.kind === 'disc') backend.fillPath(path, color);
  else backend.strokePath(path, { width: 1, color, dash: [], lineCap: 'butt' });
}

/**
 * Underlines to the right of a vertical line (over its em box), overlines to its left, line-through
 * along its central baseline, as Chromium draws them for CJK text in vertical-rl.
 */
function paintDecorations(fragment: TextFragment, backend: PaintBackend): void {
  const { font, size } = fragment;
  const fontThickness = Math.max(1, font.underlineThickness * size);
  for (const decoration of fragment.decorations) {
    const thickness = decoration.thickness ?? fontThickness;
    const x = decoration.line === 'underline' ? fragment.x + size / 2 + thickness
      : decoration.line === 'overline' ? fragment.x - size / 2 - thickness : fragment.x;
    backend.fillPath(rectPath({ x: x - thickness / 2, y: fragment.baseline, width: thickness, height: fragment.width }), decoration.color);
  }
}
