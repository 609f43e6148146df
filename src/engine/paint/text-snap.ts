// Where Chromium puts painted text on whole pixels: layout stays fractional, text does not.
import type { LineFragment, TextFragment } from '../layout/fragments.js';

/**
 * The y that Chromium rounds to a whole pixel (from the page area's top) to paint a text fragment,
 * the text keeping its fractional offset from it (decisions 0213, 0342):
 * - text directly inside an inline box with a top border or padding: that box's border-box top;
 * - other text on a line: the line box's top, so text raised or lowered on the line (sup, sub,
 *   vertical-align lengths) keeps its offset, and so does the line's baseline when the line's
 *   content puts it a fraction below the top;
 * - text on no line, and vertical text: its own baseline (or its line's).
 */
export function snapAnchor(text: TextFragment, line: LineFragment | undefined): number {
  if (text.boxTop !== undefined && !text.vertical) return text.baseline - text.boxTop;
  if (line === undefined) return text.baseline;
  return text.vertical ? line.baseline : line.y;
}
