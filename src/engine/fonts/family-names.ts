// Family names in a font-family list: a generic keyword (sans-serif) and the same word in quotes
// ('sans-serif') are different things. The quoted word names an ordinary family (CSS Fonts 4 §4.2),
// which no installed font has, so the list goes on to its next name as in Chromium.

const GENERIC_FAMILIES = new Set([
  'serif', 'sans-serif', 'monospace', 'cursive', 'fantasy', 'system-ui', 'math', 'emoji', 'fangsong',
  'ui-serif', 'ui-sans-serif', 'ui-monospace', 'ui-rounded',
]);

/** How a quoted (lower-cased) family name is kept in a computed font-family list: apart from the generic keyword it spells. */
export function quotedFamilyName(name: string): string {
  return GENERIC_FAMILIES.has(name) ? `‹${name}›` : name;
}

/** The family a name in a computed list refers to, as @font-face rules name it (a quoted generic word without its marks). */
export function declaredFamilyName(name: string): string {
  return name.length > 2 && name.startsWith('‹') && name.endsWith('›') ? name.slice(1, -1) : name;
}
