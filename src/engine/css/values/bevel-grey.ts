// Chromium's colour for inset, outset, groove and ridge borders left at currentcolor.
import type { Color } from '../types.js';

/**
 * What an inset, outset, groove or ridge border side of a box other than a table or a cell is
 * drawn in when its colour is `currentcolor` (Chromium's ComputedStyleUtils::BorderSideColor, a
 * long-standing quirk). Its lit side is this grey itself and its shaded side the grey darkened:
 * the object is compared by identity, so that a border the author made #eeeeee lightens as others do.
 */
export const CURRENT_COLOR_BEVEL: Color = Object.freeze({ r: 238, g: 238, b: 238, a: 1 });
