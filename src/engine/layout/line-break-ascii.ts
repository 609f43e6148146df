// Chromium's line-break table for pairs of printable ASCII characters, which it uses instead of
// UAX #14 there: no break after '/' or '|' before a letter, breaks after '-' and '?', and before
// '(' '<' '[' '{' after closing punctuation; and a break after every space before one.

const FIRST = 0x21;
const LAST = 0x7f;

// Character classes of the table, as bits per character code.
const BEFORE_OPENING = 1; // after which a break is allowed before an opening `( < [ {`
const OPENING = 2;
const AFTER_HYPHEN = 4; // what may follow '-' across a break (digits after '-' are decided by the character before it)
const AFTER_QUESTION = 8; // what may follow '?' across a break
const LETTER = 16;
const DIGIT = 32;

const CLASSES = new Uint8Array(128);
const classify = (chars: string, bit: number): void => {
  for (const c of chars) CLASSES[c.charCodeAt(0)] |= bit;
};
classify('!"#%&)*+,.:;=>\\]|}~', BEFORE_OPENING);
classify('(<[{', OPENING);
classify('"#$%&\'(*+-<=>@[\\^_`{|~\x7f', AFTER_HYPHEN);
classify('#$%&(*+-0123456789<=>@[\\^_`{|~', AFTER_QUESTION);
classify('ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz', LETTER);
classify('0123456789', DIGIT);

function classOf(code: number): number {
  return code >= 0 && code < 128 ? CLASSES[code] : 0;
}

/**
 * Whether Chromium allows a line break between two printable ASCII characters of codes `a` and
 * `b`, `beforeA` the code of the character before `a` (-1 at the start).
 */
function breakAllowedAt(beforeA: number, a: number, b: number): boolean {
  if (a === 0x2d) {
    if ((classOf(b) & DIGIT) !== 0) return (classOf(beforeA) & (LETTER | DIGIT)) !== 0;
    return (classOf(b) & (LETTER | AFTER_HYPHEN)) !== 0;
  }
  if (a === 0x3f) return (classOf(b) & (LETTER | AFTER_QUESTION)) !== 0;
  return (classOf(b) & OPENING) !== 0 && (classOf(a) & BEFORE_OPENING) !== 0;
}

/** Whether Chromium allows a line break between two printable ASCII characters `a` and `b`. */
export function asciiBreakAllowed(beforeA: string | undefined, a: string, b: string): boolean {
  return breakAllowedAt(beforeA === undefined ? -1 : beforeA.charCodeAt(0), a.charCodeAt(0), b.charCodeAt(0));
}

function isTableChar(code: number): boolean {
  return code >= FIRST && code <= LAST;
}

/**
 * Applies the ASCII table to break opportunities found by UAX #14 (`breaks`: position before
 * which a line may end → whether it must): soft breaks between two printable ASCII characters
 * are kept, dropped or added as Chromium decides them.
 */
export function tailorAsciiBreaks(text: string, breaks: Map<number, boolean>): void {
  for (let p = 1; p < text.length; p++) {
    // After a space, before any printable ASCII character: Chromium breaks there always, where
    // UAX #14 would not before ". ) ! ?" (LB13), so "run ./build" can wrap before "./build".
    const prev = text.charCodeAt(p - 1);
    if ((prev === 0x20 || prev === 0x09) && isTableChar(text.charCodeAt(p))) {
      if (breaks.get(p) !== true) breaks.set(p, false);
      continue;
    }
    if (!isTableChar(prev) || !isTableChar(text.charCodeAt(p))) continue;
    if (breaks.get(p) === true) continue;
    if (breakAllowedAt(p >= 2 ? text.charCodeAt(p - 2) : -1, prev, text.charCodeAt(p))) breaks.set(p, false);
    else breaks.delete(p);
  }
}

/** Whether `text` is only spaces and printable ASCII, where the table above decides every break. */
export function isPrintableAscii(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x20 || code > 0x7e) return false;
  }
  return true;
}

/**
 * The soft break opportunities of printable-ASCII text (isPrintableAscii): what UAX #14 tailored
 * by tailorAsciiBreaks gives there, found without UAX #14. A space is never broken before, and
 * every printable character after a space may start a line.
 */
export function asciiBreaks(text: string, breaks: Map<number, boolean>): void {
  eachAsciiBreak(text, (position) => breaks.set(position, false));
}

/** Calls `at` with each soft break opportunity of printable-ASCII text, in order (as asciiBreaks finds them). */
export function eachAsciiBreak(text: string, at: (position: number) => void): void {
  for (let p = 1; p < text.length; p++) {
    const code = text.charCodeAt(p);
    if (code === 0x20) continue;
    const prev = text.charCodeAt(p - 1);
    if (prev === 0x20 || breakAllowedAt(p >= 2 ? text.charCodeAt(p - 2) : -1, prev, code)) at(p);
  }
}
