// Chromium's line-break table for pairs of printable ASCII characters, which it uses instead of
// UAX #14 there: no break after '/' or '|' before a letter, breaks after '-' and '?', and before
// '(' '<' '[' '{' after closing punctuation; and a break after every space before one.

const FIRST = 0x21;
const LAST = 0x7f;

/** Characters after which a break is allowed before an opening `( < [ {`. */
const BEFORE_OPENING = new Set('!"#%&)*+,.:;=>\\]|}~');
const OPENING = new Set('(<[{');
/** What may follow '-' or '?' across a break (digits after '-' are decided by the character before it). */
const AFTER_HYPHEN = new Set('"#$%&\'(*+-<=>@[\\^_`{|~\x7f');
const AFTER_QUESTION = new Set('#$%&(*+-0123456789<=>@[\\^_`{|~');

function isAsciiAlnum(c: string | undefined): boolean {
  return c !== undefined && /^[A-Za-z0-9]$/.test(c);
}

function isLetter(c: string): boolean {
  return /^[A-Za-z]$/.test(c);
}

/** Whether Chromium allows a line break between two printable ASCII characters `a` and `b`. */
export function asciiBreakAllowed(beforeA: string | undefined, a: string, b: string): boolean {
  if (a === '-') {
    if (b >= '0' && b <= '9') return isAsciiAlnum(beforeA);
    return isLetter(b) || AFTER_HYPHEN.has(b);
  }
  if (a === '?') return isLetter(b) || AFTER_QUESTION.has(b);
  return OPENING.has(b) && BEFORE_OPENING.has(a);
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
    if (asciiBreakAllowed(text[p - 2], text[p - 1], text[p])) breaks.set(p, false);
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
  for (let p = 1; p < text.length; p++) {
    const code = text.charCodeAt(p);
    if (code === 0x20) continue;
    if (text.charCodeAt(p - 1) === 0x20 || asciiBreakAllowed(text[p - 2], text[p - 1], text[p])) breaks.set(p, false);
  }
}
