// Which text prints as emoji (UTS #51 presentation): a pictograph with Emoji_Presentation, one
// followed by VS16 (U+FE0F), keycaps, flags (regional-indicator pairs), skin-tone modifier and
// ZWJ sequences, tag sequences. Such a sequence takes one face as a whole, as Chromium's emoji
// segmentation gives it one: the colour emoji face unless a listed family has all of it. A
// pictograph with text presentation by default (✈ ☎ ❤) and no VS16 is ordinary text.

// The `v` flag (Unicode sets, ES2024) is in Node 20: built at run time, as the compiler targets ES2022.
// Built on the first possible emoji: compiling them takes ~10 ms of a process's start.
let rgiEmoji: RegExp | undefined;
/** One emoji element outside the RGI list: presentation by default or by VS16, flag, keycap; with a modifier. */
const ELEMENT = '(?:[\\p{Emoji}--\\p{ASCII}]\\u{FE0F}|\\p{Emoji_Presentation}|\\p{Regional_Indicator}{2}|[0-9\\#\\*]\\u{FE0F}?\\u{20E3})\\p{Emoji_Modifier}?';
/** Sequences the RGI list lacks but a font may still join (or draws as its parts, in the emoji face). */
let anyEmoji: RegExp | undefined;
const MAYBE_EMOJI = /\p{Emoji}/u;

const VS15 = 0xfe0e;

/**
 * The length (UTF-16 code units) of the emoji-presentation sequence starting at `index`, or 0
 * when the text there is not one.
 */
export function emojiSequenceLength(text: string, index: number): number {
  const cp = text.codePointAt(index)!;
  if (cp < 0x2000) {
    // Latin text: only keycap bases followed by VS16 or the keycap mark, and © ®.
    if (cp < 0x80) {
      const next = text.charCodeAt(index + 1);
      if (!(next === 0xfe0f || next === 0x20e3) || !(cp === 0x23 || cp === 0x2a || (cp >= 0x30 && cp <= 0x39))) return 0;
    } else if (cp !== 0xa9 && cp !== 0xae) {
      return 0;
    }
  } else if ((cp >= 0x3300 && cp < 0x1f000) || !MAYBE_EMOJI.test(String.fromCodePoint(cp))) {
    // CJK, Hangul and every script after them have no emoji (the last before U+1F000 is U+3299).
    return 0;
  }
  if (text.charCodeAt(index + (cp > 0xffff ? 2 : 1)) === VS15) return 0;
  rgiEmoji ??= new RegExp('\\p{RGI_Emoji}', 'vy');
  anyEmoji ??= new RegExp(`${ELEMENT}(?:\\u{200D}(?:${ELEMENT}|\\p{Extended_Pictographic}\\u{FE0F}?))*`, 'vy');
  rgiEmoji.lastIndex = index;
  const rgi = rgiEmoji.exec(text)?.[0].length ?? 0;
  anyEmoji.lastIndex = index;
  const any = anyEmoji.exec(text)?.[0].length ?? 0;
  return Math.max(rgi, any);
}

/** The code point ranges the emoji face is a fallback for after the others (text-presentation pictographs no other face has). */
export const EMOJI_RANGES: readonly (readonly [number, number])[] = [
  [0x00a9, 0x00a9], [0x00ae, 0x00ae], [0x2000, 0x2bff], [0x3030, 0x303d], [0x3297, 0x3299], [0x1f000, 0x1faff],
];
