// Finds the `{{ … }}` and `{% … %}` spans of template text in one left-to-right pass, in linear time.
import { isWordCharacter, skipSpaces } from './scan-text.js';

/** A markup span `[start, end)` of the text searched; raw and comment blocks come whole. */
export interface MarkupSpan {
  readonly start: number;
  readonly end: number;
}

/**
 * The spans the regular expression
 * `\{%-?\s*raw\s*-?%\}[\s\S]*?\{%-?\s*endraw\s*-?%\}|` (the same for `comment`) `|\{\{[\s\S]*?\}\}|\{%[\s\S]*?%\}`
 * matches, found without backtracking: every search for a closing delimiter that fails is
 * remembered, so a template full of unclosed `{{`, `{%` or `{% raw %}` costs one pass, not one per
 * opening.
 */
export function findMarkups(text: string): MarkupSpan[] {
  const spans: MarkupSpan[] = [];
  const outputClose = new ForwardSearch((from) => text.indexOf('}}', from));
  const tagClose = new ForwardSearch((from) => text.indexOf('%}', from));
  const endraw = new ForwardSearch((from) => findBlockTag(text, 'endraw', from));
  const endcomment = new ForwardSearch((from) => findBlockTag(text, 'endcomment', from));
  let index = text.indexOf('{', 0);
  while (index !== -1 && index + 1 < text.length) {
    const next = text.charCodeAt(index + 1);
    let end = -1;
    if (next === BRACE) {
      const close = outputClose.from(index + 2);
      if (close !== -1) end = close + 2;
    } else if (next === PERCENT) {
      end = blockEnd(text, index, 'raw', endraw) ?? blockEnd(text, index, 'comment', endcomment) ?? -1;
      if (end === -1) {
        const close = tagClose.from(index + 2);
        if (close !== -1) end = close + 2;
      }
    }
    if (end === -1) {
      index = text.indexOf('{', index + 1);
    } else {
      spans.push({ start: index, end });
      index = text.indexOf('{', end);
    }
  }
  return spans;
}

const BRACE = 0x7b; // {
const PERCENT = 0x25; // %
const DASH = 0x2d; // -
const CLOSING_BRACE = 0x7d; // }

/**
 * The end of a `{% name %}…{% endname %}` block opening at `start`, or undefined when `start`
 * opens no such tag or the block is never closed.
 */
function blockEnd(text: string, start: number, name: string, closing: ForwardSearch): number | undefined {
  const openingEnd = matchBlockTag(text, start, name);
  if (openingEnd === -1) return undefined;
  const closeStart = closing.from(openingEnd);
  if (closeStart === -1) return undefined;
  return matchBlockTag(text, closeStart, `end${name}`);
}

/** The first position at or after `from` where the tag `{%-? name -?%}` starts, or -1. */
function findBlockTag(text: string, name: string, from: number): number {
  for (let at = text.indexOf('{%', from); at !== -1; at = text.indexOf('{%', at + 2)) {
    if (matchBlockTag(text, at, name) !== -1) return at;
  }
  return -1;
}

/**
 * Matches `\{%-?\s*name\s*-?%\}` at `start` and returns where it ends, or -1. Every step is
 * forced (a space is never `-`, `%` or a letter of the name), so one pass decides.
 */
export function matchBlockTag(text: string, start: number, name: string): number {
  if (!text.startsWith('{%', start)) return -1;
  let at = start + 2;
  if (text.charCodeAt(at) === DASH) at += 1;
  at = skipSpaces(text, at);
  if (!text.startsWith(name, at)) return -1;
  at = skipSpaces(text, at + name.length);
  if (text.charCodeAt(at) === DASH) at += 1;
  if (text.charCodeAt(at) !== PERCENT || text.charCodeAt(at + 1) !== CLOSING_BRACE) return -1;
  return at + 2;
}

/** The name a `{% … %}` span opens with (`[A-Za-z_#]\w*` after `{%`, `-` and spaces), or '' when none. */
export function tagNameOf(text: string, start: number, end: number): string {
  let at = start + 2;
  if (text.charCodeAt(at) === DASH) at += 1;
  at = skipSpaces(text, at, end);
  const first = text.charCodeAt(at);
  if (!(at < end && (isWordCharacter(first) || first === 0x23) && !(first >= 0x30 && first <= 0x39))) return '';
  const nameStart = at;
  at += 1;
  while (at < end && isWordCharacter(text.charCodeAt(at))) at += 1;
  return text.slice(nameStart, at);
}

/**
 * A search for the first occurrence at or after a position, asked with positions that never
 * decrease: an answer stays valid until the position passes it, and "none" stays valid for good.
 */
class ForwardSearch {
  private searchedFrom = -1;
  private found = -1;

  constructor(private readonly search: (from: number) => number) {}

  from(position: number): number {
    const known = this.searchedFrom !== -1 && position >= this.searchedFrom && (this.found === -1 || position <= this.found);
    if (!known) {
      this.searchedFrom = position;
      this.found = this.search(position);
    }
    return this.found;
  }
}
