// Family names in a font-family list: a generic keyword (sans-serif) and the same word in quotes
// ('sans-serif') are different things. The quoted word names an ordinary family (CSS Fonts 4 §4.2),
// which Chromium on Linux asks fontconfig for by name: Debian's fontconfig answers 'serif',
// 'monospace' and 'system-ui' with its aliases for them (DejaVu Serif, DejaVu Sans Mono, DejaVu
// Sans), and no font for the other words, so the list goes on to its next name.

const GENERIC_FAMILIES = new Set([
  'serif', 'sans-serif', 'monospace', 'cursive', 'fantasy', 'system-ui', 'math', 'emoji', 'fangsong',
  'ui-serif', 'ui-sans-serif', 'ui-monospace', 'ui-rounded',
]);

/** How a quoted (lower-cased) family name is kept in a computed font-family list: apart from the generic keyword it spells. */
export function quotedFamilyName(name: string): string {
  return GENERIC_FAMILIES.has(name) ? `‹${name}›` : name;
}

/** The faces fontconfig's aliases give a quoted generic word, as Chromium 156 on Debian prints them (Tailwind 4's 'system-ui'). */
const QUOTED_ALIASES: ReadonlyMap<string, string> = new Map([
  ['‹serif›', 'dejavu serif'],
  ['‹monospace›', 'dejavu sans mono'],
  ['‹system-ui›', 'dejavu sans'],
]);

/** The bundled family a quoted generic word in a computed list stands for, or null (the name is not one, or names no font). */
export function quotedGenericAlias(name: string): string | null {
  return QUOTED_ALIASES.get(name) ?? null;
}

/** The family a name in a computed list refers to, as @font-face rules name it (a quoted generic word without its marks). */
export function declaredFamilyName(name: string): string {
  return name.length > 2 && name.startsWith('‹') && name.endsWith('›') ? name.slice(1, -1) : name;
}
