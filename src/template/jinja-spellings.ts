// Rewrites the hosted service's Jinja spellings into Liquid (`elif`, `loop.*`), keeping a position map.
import { findMarkups, tagNameOf } from './find-markups.js';
import { lastAtMost } from './scan-text.js';

/** A `{{ … }}` or `{% … %}` span of the rewritten source. */
export interface Markup {
  readonly start: number;
  readonly end: number;
  /** The tag name for `{% … %}`, null for `{{ … }}`. */
  readonly tagName: string | null;
}

export interface TranslatedTemplate {
  readonly source: string;
  readonly markups: readonly Markup[];
  /** Maps a 1-based line and column in `source` back to the text the author wrote. */
  toAuthorPosition(line: number, column: number): { line: number; column: number };
  /** Maps a 1-based line and column in `source` to an offset in `source`. */
  offsetOf(line: number, column: number): number;
}

interface Edit {
  readonly outputStart: number;
  readonly outputEnd: number;
  readonly sourceStart: number;
  readonly sourceEnd: number;
}

const QUOTED_PATTERN = /"[^"]*"|'[^']*'/g;
const LOOP_PATTERN = /(?<![\w.\]])loop\.(index0|index|first|last|length|revindex0|revindex)\b/g;
const LOOP_TO_FORLOOP: Readonly<Record<string, string>> = {
  index: 'index',
  index0: 'index0',
  first: 'first',
  last: 'last',
  length: 'length',
  revindex: 'rindex',
  revindex0: 'rindex0',
};

export function translateJinjaSpellings(authored: string): TranslatedTemplate {
  const edits: Edit[] = [];
  const markups: Markup[] = [];
  let output = '';
  let copiedUpTo = 0;
  let forDepth = 0;

  const replace = (sourceStart: number, sourceEnd: number, replacement: string): void => {
    output += authored.slice(copiedUpTo, sourceStart);
    edits.push({ outputStart: output.length, outputEnd: output.length + replacement.length, sourceStart, sourceEnd });
    output += replacement;
    copiedUpTo = sourceEnd;
  };

  // raw and comment blocks come whole; their insides are not markup.
  for (const span of findMarkups(authored)) {
    const start = span.start;
    const text = authored.slice(start, span.end);
    const isTag = text.startsWith('{%');
    const tagName = isTag ? tagNameOf(authored, start, span.end) : null;
    if (tagName === 'raw' || tagName === 'comment') continue;

    const outputStart = start + (output.length - copiedUpTo);
    if (tagName === 'elif') {
      const nameStart = start + text.indexOf('elif');
      replace(nameStart, nameStart + 'elif'.length, 'elsif');
    }
    // `loop` in a for tag's own arguments belongs to the enclosing loop, so test the depth first.
    if (forDepth > 0) rewriteLoopReferences(text, start, replace);
    if (tagName === 'for') forDepth += 1;
    if (tagName === 'endfor') forDepth = Math.max(0, forDepth - 1);

    const outputEnd = start + text.length + (output.length - copiedUpTo);
    markups.push({ start: outputStart, end: outputEnd, tagName: tagName === 'elif' ? 'elsif' : tagName });
  }
  output += authored.slice(copiedUpTo);

  const outputLineStarts = lineStarts(output);
  const authoredLineStarts = lineStarts(authored);
  const editStarts = edits.map((edit) => edit.outputStart);
  const offsetOf = (line: number, column: number): number =>
    (outputLineStarts[Math.max(0, Math.min(line, outputLineStarts.length) - 1)] ?? 0) + Math.max(0, column - 1);

  return {
    source: output,
    markups,
    offsetOf,
    toAuthorPosition(line, column) {
      const authoredOffset = toAuthoredOffset(offsetOf(line, column), edits, editStarts);
      return positionOf(authoredOffset, authoredLineStarts);
    },
  };
}

function rewriteLoopReferences(
  markup: string,
  markupStart: number,
  replace: (sourceStart: number, sourceEnd: number, replacement: string) => void,
): void {
  // Rewrite only outside string literals, so `"loop.index"` stays text.
  let segmentStart = 0;
  const rewriteSegment = (segmentEnd: number): void => {
    const segment = markup.slice(segmentStart, segmentEnd);
    for (const loopMatch of segment.matchAll(LOOP_PATTERN)) {
      const absolute = markupStart + segmentStart + loopMatch.index;
      const property = loopMatch[1] ?? '';
      replace(absolute, absolute + loopMatch[0].length, `forloop.${LOOP_TO_FORLOOP[property] ?? property}`);
    }
  };
  for (const quoted of markup.matchAll(QUOTED_PATTERN)) {
    rewriteSegment(quoted.index);
    segmentStart = quoted.index + quoted[0].length;
  }
  rewriteSegment(markup.length);
}

/** Edits are in order and do not overlap, so only the last one starting at or before the offset matters. */
function toAuthoredOffset(outputOffset: number, edits: readonly Edit[], editStarts: readonly number[]): number {
  const edit = edits[lastAtMost(editStarts, outputOffset)];
  if (!edit) return outputOffset;
  if (outputOffset < edit.outputEnd) return Math.min(edit.sourceStart + (outputOffset - edit.outputStart), edit.sourceEnd);
  return outputOffset + (edit.sourceEnd - edit.outputEnd);
}

function lineStarts(text: string): number[] {
  const starts = [0];
  for (let index = text.indexOf('\n'); index !== -1; index = text.indexOf('\n', index + 1)) starts.push(index + 1);
  return starts;
}

function positionOf(offset: number, starts: readonly number[]): { line: number; column: number } {
  const line = Math.max(0, lastAtMost(starts, offset));
  return { line: line + 1, column: offset - (starts[line] ?? 0) + 1 };
}
