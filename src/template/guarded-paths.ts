// Finds the paths an enclosing `{% if %}` has already tested, so uses inside that branch can't fail.
import type { Markup } from './jinja-spellings.js';

interface OpenBlock {
  readonly kind: 'if' | 'unless' | 'other';
  /** Paths the block's own condition tests, when it is a plain `and` of operands. */
  readonly testedPaths: ReadonlySet<string>;
  /** Paths known truthy in the branch being read. */
  guards: ReadonlySet<string>;
}

const NO_PATHS: ReadonlySet<string> = new Set();
const PATH_PATTERN = /(?<![\w.\]"'])[A-Za-z_][\w-]*(?:\.[A-Za-z_][\w-]*|\[\d+\])*/g;
const KEYWORDS = new Set(['and', 'or', 'contains', 'true', 'false', 'nil', 'null', 'empty', 'blank', 'not']);
const BLOCK_CLOSERS: Readonly<Record<string, string>> = {
  endif: 'if',
  endunless: 'unless',
  endcase: 'other',
  endfor: 'other',
  endtablerow: 'other',
  endcapture: 'other',
};
const OTHER_BLOCKS = new Set(['case', 'for', 'tablerow', 'capture']);

/** For each markup, the paths an enclosing if/elsif (or unless…else) branch guarantees are present. */
export function guardedPaths(source: string, markups: readonly Markup[]): Map<Markup, ReadonlySet<string>> {
  const guardsByMarkup = new Map<Markup, ReadonlySet<string>>();
  const stack: OpenBlock[] = [];
  const activeGuards = (): ReadonlySet<string> => {
    const all = new Set<string>();
    for (const block of stack) for (const path of block.guards) all.add(path);
    return all;
  };
  for (const markup of markups) {
    const name = markup.tagName;
    const top = stack[stack.length - 1];
    if (name === 'if' || name === 'unless') {
      const tested = conditionPaths(source.slice(markup.start, markup.end), name);
      stack.push({ kind: name, testedPaths: tested, guards: name === 'if' ? tested : NO_PATHS });
    } else if (name === 'elsif' && top?.kind === 'if') {
      top.guards = conditionPaths(source.slice(markup.start, markup.end), name);
    } else if (name === 'else' && top) {
      top.guards = top.kind === 'unless' ? top.testedPaths : NO_PATHS;
    } else if (name !== null && OTHER_BLOCKS.has(name)) {
      stack.push({ kind: 'other', testedPaths: NO_PATHS, guards: NO_PATHS });
    } else if (name !== null && name in BLOCK_CLOSERS) {
      stack.pop();
    }
    guardsByMarkup.set(markup, activeGuards());
  }
  return guardsByMarkup;
}

/** The operand paths of a condition joined only by `and`; with `or` nothing is guaranteed. */
function conditionPaths(tag: string, name: string): ReadonlySet<string> {
  const condition = tag
    .replace(/^\{%-?\s*/, '')
    .replace(/\s*-?%\}$/, '')
    .slice(name.length)
    .replace(/"[^"]*"|'[^']*'/g, '""');
  if (/\bor\b/.test(condition)) return NO_PATHS;
  const paths = new Set<string>();
  for (const match of condition.matchAll(PATH_PATTERN)) if (!KEYWORDS.has(match[0])) paths.add(match[0]);
  return paths;
}
