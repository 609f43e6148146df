// Synthesized capitals (CSS Fonts 4 §6.3), as Chromium synthesizes them for faces without the
// OpenType features (the bundled ones): with `small-caps` and `petite-caps`, lowercase letters are
// shown as capitals at 70% of the font size; with `all-small-caps` and `all-petite-caps`, all the
// text; with `unicase`, capitals (and uncased characters) are shown at 70% beside full-size
// lowercase (Blink's OpenTypeCapsSupport). `titling-caps` is not synthesized: the text stays as it
// is. Each stretch is its own text box.
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
    fullSizeStyles.set(small, style);
  }
  return small;
}

const fullSizeStyles = new WeakMap<ComputedStyle, ComputedStyle>();

/** The style synthesized capitals were made smaller from (itself for any other style): its size sets the line's height, as in Blink. */
export function fullSizeStyle(style: ComputedStyle): ComputedStyle {
  return fullSizeStyles.get(style) ?? style;
}

type Caps = ComputedStyle['fontVariantCaps'];

/** Whether a character is shown smaller: a lowercase letter with a capital of the same length, or as the mode says. */
function isSmall(char: string, caps: Caps): boolean {
  const upper = char.toUpperCase();
  const lowercase = upper !== char;
  switch (caps) {
    case 'small-caps':
    case 'petite-caps': return lowercase && upper.length === char.length;
    case 'all-small-caps':
    case 'all-petite-caps': return upper.length === char.length;
    case 'unicase': return !lowercase;
    default: return false;
  }
}

/** `text` in `style` as text boxes, its small stretches as smaller capitals that keep the text as written. */
export function smallCapsBoxes(text: string, style: ComputedStyle, decorations: readonly TextDecoration[]): TextBox[] {
  const caps = style.fontVariantCaps;
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
  for (const char of text) {
    const isLower = isSmall(char, caps);
    if (isLower !== small) {
      flush();
      small = isLower;
    }
    piece += char;
  }
  flush();
  return boxes;
}
