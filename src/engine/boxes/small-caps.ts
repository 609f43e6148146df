// font-variant-caps (CSS Fonts 4 §6.3) as Blink's OpenTypeCapsSupport prints it: a face with the
// value's OpenType features (`smcp`, `c2sc`, `pcap`, `c2pc`, `unic`, `titl`) shapes the text with
// them; petite capitals fall back to a face's small capitals; otherwise capitals are synthesized
// (the bundled faces): with `small-caps` and `petite-caps`, lowercase letters are shown as
// capitals at 70% of the font size; with `all-small-caps` and `all-petite-caps`, all the text; with
// `unicase`, capitals (and uncased characters) at 70% beside full-size lowercase. `titling-caps`
// is never synthesized. Each stretch is its own text box.
import type { ComputedStyle } from '../css/types.js';
import type { TextBox, TextDecoration } from './types.js';

/** Chromium's size for synthesized small capitals (Blink's kSmallCapsFontSizeMultiplier). */
const SMALL_CAPS_SCALE = 0.7;

/**
 * Chromium prints synthesized capitals at a whole number of px: 70% of the size in single
 * precision, rounded half up (15px → 10.5 → 11, 10.12px → 7).
 */
export function smallCapsSize(fontSize: number): number {
  return Math.round(Math.fround(Math.fround(fontSize) * Math.fround(SMALL_CAPS_SCALE)));
}

const smallStyles = new WeakMap<ComputedStyle, ComputedStyle>();

function smallStyle(style: ComputedStyle): ComputedStyle {
  let small = smallStyles.get(style);
  if (small === undefined) {
    small = { ...style, fontSize: smallCapsSize(style.fontSize) };
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

/** Whether the face a style's text starts in has an OpenType feature. */
export type FaceFeatures = (style: ComputedStyle, tag: string) => boolean;

const FEATURES: Readonly<Record<Caps, readonly string[]>> = {
  normal: [], 'small-caps': ['smcp'], 'all-small-caps': ['smcp', 'c2sc'], 'petite-caps': ['pcap'],
  'all-petite-caps': ['pcap', 'c2pc'], unicase: ['unic'], 'titling-caps': ['titl'],
};

/** Petite capitals shown with a face's small capitals when it has no petite ones. */
const PETITE_FALLBACK: Partial<Record<Caps, Caps>> = { 'petite-caps': 'small-caps', 'all-petite-caps': 'all-small-caps' };

const featureStyles = new WeakMap<ComputedStyle, Map<string, ComputedStyle>>();

/** The style with these OpenType features on (before font-feature-settings, which wins). */
function withFeatures(style: ComputedStyle, tags: readonly string[]): ComputedStyle {
  let byTags = featureStyles.get(style);
  if (byTags === undefined) featureStyles.set(style, (byTags = new Map()));
  const key = tags.join(',');
  let featured = byTags.get(key);
  if (featured === undefined) {
    featured = { ...style, fontFeatureSettings: [...tags.map((tag) => [tag, 1] as const), ...style.fontFeatureSettings] };
    byTags.set(key, featured);
  }
  return featured;
}

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

const textBox = (text: string, style: ComputedStyle, decorations: readonly TextDecoration[]): TextBox =>
  ({ kind: 'text', style, element: null, pseudo: null, anonymous: true, text, decorations });

/** `text` in `style` as text boxes: shaped with the face's capitals, or its small stretches as smaller capitals that keep the text as written. */
export function smallCapsBoxes(text: string, style: ComputedStyle, decorations: readonly TextDecoration[], faceFeatures?: FaceFeatures): TextBox[] {
  const caps = style.fontVariantCaps;
  const has = (value: Caps): boolean => faceFeatures !== undefined && FEATURES[value].every((tag) => faceFeatures(style, tag));
  if (has(caps)) return featured(text, withFeatures(style, FEATURES[caps]), decorations);
  const petite = PETITE_FALLBACK[caps];
  if (petite !== undefined && has(petite)) return featured(text, withFeatures(style, FEATURES[petite]), decorations);
  if (caps === 'titling-caps') return [textBox(text, style, decorations)];
  if (caps === 'unicase' && has('small-caps')) return unicaseFromSmallCaps(text, style, decorations);
  return synthesized(text, style, decorations);
}

/** Words apart from the spaces between them, so that what readers extract keeps its spaces. */
const words = (text: string): string[] => text.match(/ +|[^ ]+/g) ?? [];

/**
 * Text shaped with a face's capitals, each word keeping the text as written for copying: a small
 * capital may stand for both cases of its letter (`smcp` and `c2sc` share it).
 */
function featured(text: string, style: ComputedStyle, decorations: readonly TextDecoration[]): TextBox[] {
  return words(text).map((word) => ({ ...textBox(word, style, decorations), ...(word[0] !== ' ' && { actualText: word }) }));
}

/** Unicase with a face's small capitals: capitals and uncased characters lower-cased and shown as small capitals. */
function unicaseFromSmallCaps(text: string, style: ComputedStyle, decorations: readonly TextDecoration[]): TextBox[] {
  const small = withFeatures(style, FEATURES['small-caps']);
  return (text.match(/\p{Ll}+|\P{Ll}+/gu) ?? []).flatMap((piece) => {
    if (/^\p{Ll}/u.test(piece)) return [textBox(piece, style, decorations)];
    return words(piece).map((word) => ({ ...textBox(word.toLowerCase(), small, decorations), ...(word[0] !== ' ' && { actualText: word }) }));
  });
}

function synthesized(text: string, style: ComputedStyle, decorations: readonly TextDecoration[]): TextBox[] {
  const caps = style.fontVariantCaps;
  const boxes: TextBox[] = [];
  let piece = '';
  let small = false;
  const flush = (): void => {
    if (piece === '') return;
    if (!small) boxes.push(textBox(piece, style, decorations));
    else for (const part of words(piece)) {
      const shown = part.toUpperCase();
      boxes.push({ ...textBox(shown, smallStyle(style), decorations), ...(shown !== part && { actualText: part }) });
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
