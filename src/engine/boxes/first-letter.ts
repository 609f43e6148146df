// ::first-letter (CSS Pseudo-Elements 4 §2.2): the first letter of a block container's first line,
// with the punctuation around it, split from its text into a box of its own (inline, or a float
// for a drop cap).
import type { Box, TextBox } from './types.js';

/**
 * Makes the box the letter (a text box styled as the text it came from) goes in: an inline box, or
 * a float when its style floats it.
 */
export type LetterBox = (letter: TextBox) => Box;

const PUNCTUATION = /[\p{Ps}\p{Pe}\p{Pi}\p{Pf}\p{Po}]/u;
const SPACE = /[ \t\n\r\f]/;

/**
 * Where the first letter of `text` ends (after the punctuation before and after it), and where it
 * starts (after leading white space); null when the text has no letter to style.
 */
function letterSpan(text: string): { start: number; end: number } | null {
  let start = 0;
  while (start < text.length && SPACE.test(text[start])) start++;
  if (start === text.length) return null;
  const chars = [...text.slice(start)];
  let i = 0;
  while (i < chars.length && PUNCTUATION.test(chars[i])) i++;
  // Punctuation alone, or punctuation followed by a space, is no first letter.
  if (i === chars.length || SPACE.test(chars[i])) return null;
  i++;
  // Combining marks stay with their letter.
  while (i < chars.length && /\p{M}/u.test(chars[i])) i++;
  while (i < chars.length && PUNCTUATION.test(chars[i])) i++;
  return { start, end: start + chars.slice(0, i).join('').length };
}

/**
 * Splits the first letter of the first line out of `children` (a block container's), descending
 * into inline boxes and into a first block child holding its first line; true when it found one.
 * A line break, an atomic inline or an image before any letter means the first line has none.
 */
export function splitFirstLetter(children: Box[], letterBox: LetterBox): boolean | null {
  for (let i = 0; i < children.length; i++) {
    const child = children[i];
    if (child.style.position === 'absolute' || child.style.position === 'fixed' || child.style.float !== 'none' || child.running) continue;
    switch (child.kind) {
      case 'text': {
        if (child.leader || child.symbol !== undefined || child.pageCounter !== undefined) return false;
        const span = letterSpan(child.text);
        if (span === null) {
          if (/^[ \t\n\r\f]*$/.test(child.text)) continue;
          return false;
        }
        const letter: TextBox = { ...child, text: child.text.slice(span.start, span.end), actualText: undefined };
        const parts: Box[] = [];
        if (span.start > 0) parts.push({ ...child, text: child.text.slice(0, span.start) });
        parts.push(letterBox(letter));
        if (span.end < child.text.length) parts.push({ ...child, text: child.text.slice(span.end) });
        children.splice(i, 1, ...parts);
        return true;
      }
      case 'inline': {
        if (child.pseudo === 'marker') continue;
        const found = splitFirstLetter(child.children as Box[], letterBox);
        if (found !== null) return found;
        continue;
      }
      case 'block':
        // The first line may be inside the first in-flow block child (not one that is its own
        // formatting context, such as an inline-block, which is atomic).
        if (child.level === 'inline') return false;
        return splitFirstLetter(child.children as Box[], letterBox) ?? false;
      default:
        return false;
    }
  }
  return null;
}
