// The `X-Pagesmith-Warnings` header: what a render could not do as asked, beside an envelope the spec fixes.
import { codePointName } from '../engine/code-point-name.js';
import type { RenderWarning } from '../engine/types.js';

export const WARNINGS_HEADER = 'x-pagesmith-warnings';

/** Code points named in the header before it says how many more there are; the header stays short. */
const MAX_NAMED_CHARACTERS = 32;

/**
 * `missing_glyphs; characters="U+E000 U+1F600"`, warnings separated by `, `. Characters are named by
 * code point so the header stays ASCII whatever script they are in.
 */
export function warningsHeaderValue(warnings: readonly RenderWarning[]): string | undefined {
  if (warnings.length === 0) return undefined;
  return warnings.map(describeWarning).join(', ');
}

function describeWarning(warning: RenderWarning): string {
  const named = warning.characters.slice(0, MAX_NAMED_CHARACTERS).map(characterName);
  const more = warning.characters.length - named.length;
  return `${warning.code}; characters="${named.join(' ')}${more > 0 ? ` +${more}` : ''}"`;
}

/** A warning's character (one code point) by name. */
export function characterName(character: string): string {
  return codePointName(character.codePointAt(0) ?? 0);
}
