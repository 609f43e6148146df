// svg-to-pdfkit reads hex, names and integer rgb()/rgba() only: `rgb(76, 154.5, 137.5)` (as Pico
// CSS writes its icons), space-separated rgb(), hsl(), hwb(), lab() and the rest of CSS Color 4
// gave no colour, so strokes were not drawn and fills came out black. Its colorCallback is given
// what it could not read, to be read as CSS reads colours.
import { parseComponents } from '../css/syntax.js';
import { parseColor } from '../css/values/color.js';

/** svg-to-pdfkit's colour: [r, g, b] in 0–255 and an alpha in 0–1. */
export type SvgColor = [[number, number, number], number];

/** svg-to-pdfkit's colorCallback: its own reading, or the CSS one where it had none. */
export function svgColor(result: SvgColor | undefined, raw: string): SvgColor | undefined {
  if (result !== undefined) return result;
  const values = parseComponents(raw.trim());
  if (values.length !== 1) return undefined;
  const color = parseColor(values[0]);
  return color === undefined || color === 'currentcolor' ? undefined : [[color.r, color.g, color.b], color.a];
}
