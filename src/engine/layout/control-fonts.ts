// The font measurements form controls are sized by (boxes/form-controls.ts), read as Blink reads them.
import type { ComputedStyle } from '../css/types.js';
import type { ControlFonts } from '../boxes/form-controls.js';
import type { FontSelector, LoadedFont } from '../fonts/types.js';
import { lineHeightOf } from './context.js';
import { fontQuery } from './inline.js';

/**
 * The bundled faces stand in for the Liberation fonts Chromium prints with; their advances match,
 * but not the font-wide figures Blink sizes text controls by (OS/2 xAvgCharWidth, and the head
 * bounding box's width). These are the Liberation 2.1 fonts' own (Debian's fonts-liberation2,
 * which fontconfig gives Chromium before the 1.07 ones), in units of 2048 per em (decisions 0142, 0209).
 */
const LIBERATION: Readonly<Record<string, readonly [avg: number, range: number]>> = {
  'Arimo-Regular': [1187, 3780], 'Arimo-Bold': [1248, 3658], 'Arimo-Italic': [1185, 4147], 'Arimo-BoldItalic': [1249, 3757],
  'Tinos-Regular': [1124, 3732], 'Tinos-Bold': [1180, 3867], 'Tinos-Italic': [1098, 3749], 'Tinos-BoldItalic': [1141, 3792],
  'Cousine-Regular': [1229, 2508], 'Cousine-Bold': [1229, 2414], 'Cousine-Italic': [1229, 2674], 'Cousine-BoldItalic': [1229, 2607],
};

/**
 * Families whose average character width Blink distrusts (LayoutTextControl's list, Mac fonts
 * whose OS/2 tables are wrong), by the first family the CSS names: those fields are sized by the
 * width of '0', with no allowance for the widest character. Measured: Helvetica, Times and Lucida
 * Grande are on it, Courier is not.
 */
const INVALID_AVG: ReadonlySet<string> = new Set([
  'american typewriter', 'arial hebrew', 'chalkboard', 'cochin', 'corsiva hebrew', 'euphemia ucas', 'geneva', 'gill sans',
  'hei', 'helvetica', 'hoefler text', 'inaimathi', 'krungthep', 'lucida grande', 'marker felt', 'monaco', 'mshtakan',
  'new peninsim', 'osaka', 'raanana', 'stheiti', 'symbol', 'times', 'apple braille', 'apple symbols', 'applegothic', 'applemyungjo',
]);

interface FontTables {
  readonly 'OS/2'?: { readonly xAvgCharWidth?: number };
  readonly head?: { readonly xMin: number; readonly xMax: number };
}

/** Average and widest character in em; avg 0 when the face gives none. */
function emWidths(font: LoadedFont): { avg: number; range: number } {
  const known = LIBERATION[font.key.replace(/#.*$/, '')];
  if (known) return { avg: known[0] / 2048, range: known[1] / 2048 };
  const upm = font.fontkit.unitsPerEm || 1000;
  const tables = font.fontkit as unknown as FontTables;
  const avg = tables['OS/2']?.xAvgCharWidth ?? 0;
  const head = tables.head;
  return { avg: avg > 0 ? avg / upm : 0, range: avg > 0 && head ? (head.xMax - head.xMin) / upm : 0 };
}

/** ControlFonts over the document's fonts. */
export function controlFonts(fonts: FontSelector): ControlFonts {
  const measure = (text: string, style: ComputedStyle): number => {
    let width = 0;
    for (const run of fonts.runs(text, fontQuery(style))) width += run.font.measure(run.text, style.fontSize);
    return width;
  };
  return {
    charWidths(style) {
      const font = fonts.primary(fontQuery(style));
      const { avg, range } = INVALID_AVG.has(style.fontFamily[0] ?? '') ? { avg: 0, range: 0 } : emWidths(font);
      const size = style.fontSize;
      // Blink takes the average rounded when that rounds it up, as measured against Chromium;
      // without an average, the width of '0' and no widest-character allowance.
      if (avg <= 0) return { avg: measure('0', style), max: 0 };
      const raw = avg * size;
      return { avg: Math.max(raw, Math.round(raw)), max: Math.round(range * size) };
    },
    measure,
    lineHeight(style) {
      const font = fonts.primary(fontQuery(style));
      const size = style.fontSize;
      const normal = Math.round(font.ascent * size) + Math.round(font.descent * size) + Math.round(font.lineGap * size);
      return style.lineHeight === 'normal' ? normal : lineHeightOf(style, size > 0 ? normal / size : 0);
    },
    textHeight(style) {
      const font = fonts.primary(fontQuery(style));
      return Math.round(font.ascent * style.fontSize) + Math.round(font.descent * style.fontSize);
    },
  };
}
