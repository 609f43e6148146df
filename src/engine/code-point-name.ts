/** `U+4E2D`: how warnings name a character, in ASCII whatever its script. */
export function codePointName(codePoint: number): string {
  return `U+${codePoint.toString(16).toUpperCase().padStart(4, '0')}`;
}
