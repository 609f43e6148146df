// Tracks the paths an enclosing `{% if %}` has already tested, so uses inside that branch can't fail.
import type { Markup } from './jinja-spellings.js';
import { skipSpaces, skipSpacesBack } from './scan-text.js';

interface OpenBlock {
  readonly kind: 'if' | 'unless' | 'other';
  /** Paths the block's own condition tests, when it is a plain `and` of operands. */
  readonly testedPaths: ReadonlySet<string>;
  /** Paths known truthy in the branch being read. */
  guards: ReadonlySet<string>;
}

const NO_PATHS: ReadonlySet<string> = new Set();
const PATH_PATTERN = /(?<![\w.\]"'])[A-Za-z_][\w-]*(?:\.[A-Za-z_][\w-]*|\[\d+\])*/g;
const QUOTED_PATTERN = /"[^"]*"|'[^']*'/g;
const KEYWORDS = new Set(['and', 'or', 'contains', 'true', 'false', 'nil', 'null', 'empty', 'blank', 'not']);
const BLOCK_CLOSERS = new Set(['endif', 'endunless', 'endcase', 'endfor', 'endtablerow', 'endcapture']);
const OTHER_BLOCKS = new Set(['case', 'for', 'tablerow', 'capture']);

/**
 * Walks the markups in order and answers, for the markup reached, whether an enclosing if/elsif
 * (or unless…else) branch guarantees a path is present. The paths guarded are counted as blocks
 * open and close, so each markup costs its own length, however deep the nesting.
 */
export class GuardedPaths {
  private readonly stack: OpenBlock[] = [];
  private readonly active = new Map<string, number>();
  private next = 0;

  constructor(
    private readonly source: string,
    private readonly markups: readonly Markup[],
  ) {}

  /** Applies the markups up to and including `index`; indexes asked for must not decrease. */
  advanceTo(index: number): void {
    for (; this.next <= index && this.next < this.markups.length; this.next++) this.apply(this.markups[this.next] as Markup);
  }

  has(path: string): boolean {
    return (this.active.get(path) ?? 0) > 0;
  }

  private apply(markup: Markup): void {
    const name = markup.tagName;
    const top = this.stack[this.stack.length - 1];
    if (name === 'if' || name === 'unless') {
      const tested = conditionPaths(this.source, markup, name);
      this.push({ kind: name, testedPaths: tested, guards: name === 'if' ? tested : NO_PATHS });
    } else if (name === 'elsif' && top?.kind === 'if') {
      this.guard(top, conditionPaths(this.source, markup, name));
    } else if (name === 'else' && top) {
      this.guard(top, top.kind === 'unless' ? top.testedPaths : NO_PATHS);
    } else if (name !== null && OTHER_BLOCKS.has(name)) {
      this.push({ kind: 'other', testedPaths: NO_PATHS, guards: NO_PATHS });
    } else if (name !== null && BLOCK_CLOSERS.has(name) && top) {
      this.guard(top, NO_PATHS);
      this.stack.pop();
    }
  }

  private push(block: OpenBlock): void {
    this.stack.push(block);
    this.count(block.guards, 1);
  }

  private guard(block: OpenBlock, guards: ReadonlySet<string>): void {
    this.count(block.guards, -1);
    block.guards = guards;
    this.count(guards, 1);
  }

  private count(paths: ReadonlySet<string>, change: number): void {
    for (const path of paths) this.active.set(path, (this.active.get(path) ?? 0) + change);
  }
}

/** The operand paths of a condition joined only by `and`; with `or` nothing is guaranteed. */
function conditionPaths(source: string, markup: Markup, name: string): ReadonlySet<string> {
  // The tag is `{%-? name condition -?%}`.
  const nameEnd = skipSpaces(source, source.charCodeAt(markup.start + 2) === 0x2d ? markup.start + 3 : markup.start + 2, markup.end) + name.length;
  let end = markup.end - 2;
  if (source.charCodeAt(end - 1) === 0x2d) end -= 1;
  end = skipSpacesBack(source, end, nameEnd);
  const condition = source.slice(nameEnd, Math.max(nameEnd, end)).replace(QUOTED_PATTERN, '""');
  if (/\bor\b/.test(condition)) return NO_PATHS;
  const paths = new Set<string>();
  for (const match of condition.matchAll(PATH_PATTERN)) if (!KEYWORDS.has(match[0])) paths.add(match[0]);
  return paths;
}
