// Character classes for the template scanners, exactly as regular expressions define `\s` and `\w`.

/** `\s`: the ECMAScript WhiteSpace and LineTerminator code points. */
export function isSpace(code: number): boolean {
  if (code <= 0x20) return code === 0x20 || (code >= 0x09 && code <= 0x0d);
  if (code < 0xa0) return false;
  return (
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff
  );
}

/** `\w`: ASCII letters, digits and `_`. */
export function isWordCharacter(code: number): boolean {
  return (code >= 0x61 && code <= 0x7a) || (code >= 0x41 && code <= 0x5a) || (code >= 0x30 && code <= 0x39) || code === 0x5f;
}

/** The first position at or after `from`, and before `end`, that is not `\s`. */
export function skipSpaces(text: string, from: number, end = text.length): number {
  let at = from;
  while (at < end && isSpace(text.charCodeAt(at))) at += 1;
  return at;
}

/** The position just after the last character before `from`, and at or after `start`, that is not `\s`. */
export function skipSpacesBack(text: string, from: number, start = 0): number {
  let at = from;
  while (at > start && isSpace(text.charCodeAt(at - 1))) at -= 1;
  return at;
}

/** The index of the last element of sorted `values` that is at most `target`, or -1. */
export function lastAtMost(values: readonly number[], target: number): number {
  let low = 0;
  let high = values.length - 1;
  let found = -1;
  while (low <= high) {
    const middle = (low + high) >>> 1;
    if ((values[middle] as number) <= target) {
      found = middle;
      low = middle + 1;
    } else {
      high = middle - 1;
    }
  }
  return found;
}
