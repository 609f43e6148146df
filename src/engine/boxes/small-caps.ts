// Synthesized small caps (CSS Fonts 4 §6.3): for `font-variant-caps: small-caps`, lowercase
// letters are shown as capitals at 70% of the font size (with `all-small-caps`, all the text), as
// Chromium shows them with faces that have no small-caps glyphs (the bundled ones); each stretch
// is its own text box.
import type { ComputedStyle } from '../css/types.js';
import type { TextBox, TextDecoration } from './types.js';

/** Chromium's size for synthesized small capitals (Blink's kSmallCapsFontSizeMultiplier). */
const SMALL_CAPS_SCALE = 0.7;

const smallStyles = new WeakMap<ComputedStyle, ComputedStyle>();

function smallStyle(style: ComputedStyle): ComputedStyle {
  let small = smallStyles.get(style);
  if (small === undefined) {
    small = { ...style, fontSize: style.fontSize * SMALL_CAPS_SCALE };
    smallStyles.set(style, small);
  }
  return small;
}

/** A character shown smaller: a lowercase letter with a capital of the same length; with `all`, any character. */
function isSmall(char: string, all: boolean): boolean {
  const upper = char.toUpperCase();
  return upper.length === char.length && (all || upper !== char);
}

/** `text` in `style` as text boxes, its lowercase stretches as smaller capitals that keep the text as written. */
export function smallCapsBoxes(text: string, style: ComputedStyle, decorations: readonly TextDecoration[]): TextBox[] {
  const boxes: TextBox[] = [];
  let piece = '';
  let small = false;
  const flush = (): void => {
    if (piece === '') return;
    if (!small) boxes.push({ kind: 'text', style, element: null, pseudo: null, anonymous: true, text: piece, decorations });
    // Words apart from the spaces between them, so that what readers extract keeps its spaces.
    else for (const part of piece.match(/ +|[^ ]+/g) ?? []) {
      const shown = part.toUpperCase();
      boxes.push({ kind: 'text', style: smallStyle(style), element: null, pseudo: null, anonymous: true, text: shown, ...(shown !== part && { actualText: part }), decorations });
    }
    piece = '';
  };
  const all = style.fontVariantCaps === 'all-small-caps';
  for (const char of text) {
    const isLower = isSmall(char, all);
    if (isLower !== small) {
      flush();
      small = isLower;
    }
    piece += char;
  }
  flush();
  return boxes;
}
