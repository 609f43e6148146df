// ::first-letter (CSS Pseudo-Elements 4 §2.2): the first letter of a block container's first line,
// with the punctuation around it, split from its text into a box of its own (inline, or a float
// for a drop cap).
import type { Box, TextBox } from './types.js';

/**
 * Makes the box the letter (a text box styled as the text it came from) goes in: an inline box, or
 * a float when its style floats it.
 */
export type LetterBox = (letter: TextBox) => Box;

// Any punctuation (P*), dashes included, as Chromium takes it (CSS Pseudo-Elements 4 §2.2).
const PUNCTUATION = /\p{P}/u;
const SPACE = /[ \t\n\r\f]/;

/** Where the letter styled as the first letter sits in a text: `end` is where it ends; `letter` false when the text holds punctuation alone. */
interface LetterSpan {
  readonly start: number;
  readonly end: number;
  readonly letter: boolean;
}

/**
 * The first letter of `text`: after leading white space, the punctuation and spaces before the
 * letter, the letter with its combining marks, and the punctuation right after it, as Chromium
 * takes them ("“ S" of "“ Spaced"). Text of punctuation and spaces only gives them all, with
 * `letter` false; white space alone gives null.
 */
function letterSpan(text: string): LetterSpan | null {
  let start = 0;
  while (start < text.length && SPACE.test(text[start])) start++;
  if (start === text.length) return null;
  const chars = [...text.slice(start)];
  let i = 0;
  while (i < chars.length && (PUNCTUATION.test(chars[i]) || SPACE.test(chars[i]))) i++;
  if (i === chars.length) return { start, end: text.length, letter: false };
  i++;
  // Combining marks stay with their letter.
  while (i < chars.length && /\p{M}/u.test(chars[i])) i++;
  while (i < chars.length && PUNCTUATION.test(chars[i])) i++;
  return { start, end: start + chars.slice(0, i).join('').length, letter: true };
}

/** A text box of the first line, where it sits among its siblings; or where the first line's text stops. */
type Leaf = { readonly text: TextBox; readonly siblings: Box[]; readonly index: number } | 'stop';

/**
 * The text boxes the first line starts with, in order, descending into inline boxes and into a
 * first block child holding the first line; 'stop' where a line break, an atomic inline, an image
 * or the end of that block ends the search. Floats, positioned and running boxes are passed over.
 */
function* firstLineLeaves(children: Box[]): Generator<Leaf, boolean> {
  for (let index = 0; index < children.length; index++) {
    const child = children[index];
    if (child.style.position === 'absolute' || child.style.position === 'fixed' || child.style.float !== 'none' || child.running) continue;
    switch (child.kind) {
      case 'text':
        yield { text: child, siblings: children, index };
        break;
      case 'inline':
        if (child.pseudo === 'marker') continue;
        if (!(yield* firstLineLeaves(child.children as Box[]))) return false;
        break;
      case 'block':
        // The first line may be inside the first in-flow block child (not one that is its own
        // formatting context, such as an inline-block, which is atomic).
        if (child.level === 'block') yield* firstLineLeaves(child.children as Box[]);
        yield 'stop';
        return false;
      default:
        yield 'stop';
        return false;
    }
  }
  return true;
}

/**
 * Splits the first letter of the first line out of `children` (a block container's); true when it
 * found one. A line break, an atomic inline or an image before any letter means the first line has
 * none. Punctuation that ends one text box before a letter in the next is the first letter alone,
 * as in Chromium (`<span>“</span>Quoted`, or a quote mark from `::before`).
 */
export function splitFirstLetter(children: Box[], letterBox: LetterBox): boolean {
  let punctuation: { readonly leaf: Exclude<Leaf, 'stop'>; readonly span: LetterSpan } | null = null;
  for (const leaf of firstLineLeaves(children)) {
    if (leaf === 'stop') return false;
    const { text } = leaf;
    if (text.leader || text.symbol !== undefined || text.pageCounter !== undefined) return false;
    const span = letterSpan(text.text);
    if (span === null) continue;
    if (punctuation !== null) {
      if (!span.letter) continue;
      split(punctuation.leaf, punctuation.span, letterBox);
      return true;
    }
    if (!span.letter) {
      punctuation = { leaf, span };
      continue;
    }
    split(leaf, span, letterBox);
    return true;
  }
  return false;
}

function split(leaf: Exclude<Leaf, 'stop'>, span: LetterSpan, letterBox: LetterBox): void {
  const { text, siblings, index } = leaf;
  const letter: TextBox = { ...text, text: text.text.slice(span.start, span.end), actualText: undefined };
  const parts: Box[] = [];
  if (span.start > 0) parts.push({ ...text, text: text.text.slice(0, span.start) });
  parts.push(letterBox(letter));
  if (span.end < text.text.length) parts.push({ ...text, text: text.text.slice(span.end) });
  siblings.splice(index, 1, ...parts);
}
