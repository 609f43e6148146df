// Lists the placeholders a template reads from its data, and whether each one must be present.
import type { Variable } from 'liquidjs';
import { GuardedPaths } from './guarded-paths.js';
import { inspectJinja } from './jinja/index.js';
import type { Markup } from './jinja-spellings.js';
import { parseTemplate } from './parse-template.js';
import { isSpace, isWordCharacter, lastAtMost, skipSpaces, skipSpacesBack } from './scan-text.js';
import { DEFAULT_TEMPLATE_LANGUAGE, type TemplateLanguage } from './template-language.js';

export interface TemplateLanguageOption {
  /** `jinja` (Python's Jinja2) or `liquid`. Defaults to DEFAULT_TEMPLATE_LANGUAGE. */
  readonly language?: TemplateLanguage;
}

export interface TemplateLocation {
  readonly line: number;
  readonly column: number;
}

export interface TemplatePlaceholder {
  /** The variable path as written, e.g. `customer.name` or `items[0].price`. */
  readonly path: string;
  /** Property names and indexes of the path, up to the first one computed from another variable. */
  readonly segments: readonly (string | number)[];
  /** False when every use tolerates a missing value (`{% if %}`, `| default`, `assign`, inside an `{% if %}` testing it, ...). */
  readonly required: boolean;
  readonly locations: readonly TemplateLocation[];
}

// Under `lenientIf`, LiquidJS treats a missing variable as nil in these tags.
const LENIENT_TAGS = new Set(['if', 'elsif', 'unless', 'case', 'when', 'assign']);

/**
 * The data paths a template uses, in order of first use. Loop variables, names it sets
 * (`assign`, `{% set %}`) and `forloop`/`loop` are not listed: only what must come from the data.
 * Throws TemplateEngineError when the template does not parse (a JinjaSyntaxFailure for Jinja),
 * and for Liquid its subclass TemplateLimitError (`tags`) when it has more than 100 000 tags.
 * Takes time in proportion to the template's length.
 */
export function inspectTemplate(content: string, options: TemplateLanguageOption = {}): TemplatePlaceholder[] {
  return (options.language ?? DEFAULT_TEMPLATE_LANGUAGE) === 'jinja' ? inspectJinja(content) : inspectLiquid(content);
}

function inspectLiquid(content: string): TemplatePlaceholder[] {
  const { liquid, translated, templates } = parseTemplate(content, 'html');
  const { source, markups } = translated;
  const guards = new GuardedPaths(source, markups);
  const markupStarts = markups.map((markup) => markup.start);
  const lineTags = new Map<number, string | null>();
  const analysis = liquid.analyzeSync(templates, { partials: false });
  const byPath = new Map<string, { segments: (string | number)[]; required: boolean; locations: TemplateLocation[] }>();
  const occurrences = Object.values(analysis.globals)
    .flat()
    .sort((a, b) => a.location.row - b.location.row || a.location.col - b.location.col);
  for (const variable of occurrences) {
    const path = String(variable);
    const { row, col } = variable.location;
    const offset = translated.offsetOf(row, col);
    const index = lastAtMost(markupStarts, offset);
    const markup = markups[index];
    let required = true;
    if (markup && offset < markup.end) {
      guards.advanceTo(index);
      const tagName = markup.tagName === 'liquid' ? liquidLineTag(source, lineTags, Math.max(translated.offsetOf(row, 1), markup.start), offset) : markup.tagName;
      required = !(isLenientUse(source, markup, tagName, offset) || guards.has(path));
    }
    const location = translated.toAuthorPosition(row, col);
    const entry = byPath.get(path);
    if (entry) {
      entry.required ||= required;
      entry.locations.push(location);
    } else {
      byPath.set(path, { segments: staticSegments(variable), required, locations: [location] });
    }
  }
  return [...byPath].map(([path, entry]) => ({ path, ...entry }));
}

function staticSegments(variable: Variable): (string | number)[] {
  const segments: (string | number)[] = [];
  for (const segment of variable.segments) {
    if (typeof segment !== 'string' && typeof segment !== 'number') break;
    segments.push(segment);
  }
  return segments;
}

function isLenientUse(source: string, markup: Markup, tagName: string | null, offset: number): boolean {
  if (tagName !== null && LENIENT_TAGS.has(tagName)) return true;
  // `| default` only softens the value the expression starts with.
  const startsExpression = tagName === null ? startsOutput(source, markup, offset) : tagName === 'echo' && followsEcho(source, markup, offset);
  return startsExpression && readsThenDefault(source, offset, markup.end);
}

/** Whether only `{{`, an optional `-` and spaces come before `offset` in the markup. */
function startsOutput(source: string, markup: Markup, offset: number): boolean {
  const before = skipSpacesBack(source, offset, markup.start);
  const opening = before - markup.start;
  return (opening === 2 || (opening === 3 && source.charCodeAt(before - 1) === 0x2d)) && source.startsWith('{{', markup.start);
}

/** Whether the word `echo` and at least one space come right before `offset`. */
function followsEcho(source: string, markup: Markup, offset: number): boolean {
  const before = skipSpacesBack(source, offset, markup.start);
  const wordStart = before - 4;
  return (
    before < offset &&
    wordStart >= markup.start &&
    source.startsWith('echo', wordStart) &&
    (wordStart === markup.start || !isWordCharacter(source.charCodeAt(wordStart - 1)))
  );
}

/**
 * Whether the variable at `offset` is followed by `| default` (a word boundary after it): a
 * path of word characters, `-`, `.` and `[…]` groups, spaces, `|`, spaces, `default`.
 */
function readsThenDefault(source: string, offset: number, end: number): boolean {
  let at = offset;
  while (at < end) {
    const code = source.charCodeAt(at);
    if (isWordCharacter(code) || code === 0x2d || code === 0x2e) {
      at += 1;
    } else if (code === 0x5b) {
      let close = at + 1;
      while (close < end && source.charCodeAt(close) !== 0x5d) close += 1;
      if (close >= end) break;
      at = close + 1;
    } else {
      break;
    }
  }
  if (at === offset) return false;
  at = skipSpaces(source, at, end);
  if (source.charCodeAt(at) !== 0x7c || at >= end) return false;
  at = skipSpaces(source, at + 1, end);
  const after = at + 'default'.length;
  return after <= end && source.startsWith('default', at) && (after === end || !isWordCharacter(source.charCodeAt(after)));
}

/**
 * Inside `{% liquid %}`, the tag a position belongs to is the first word of its line (after
 * `{%- liquid` on the first line). Remembered per line, so many uses on one line cost it once.
 */
function liquidLineTag(source: string, cache: Map<number, string | null>, lineStart: number, offset: number): string | null {
  const cached = cache.get(lineStart);
  if (cached !== undefined) return cached;
  let at = lineStart;
  if (source.startsWith('{%', at)) {
    const name = skipSpaces(source, source.charCodeAt(at + 2) === 0x2d ? at + 3 : at + 2, offset);
    if (!(source.startsWith('liquid', name) && name + 6 < offset && isSpace(source.charCodeAt(name + 6)))) return null;
    at = name + 6;
  }
  at = skipSpaces(source, at, offset);
  const wordStart = at;
  while (at < offset && isWordCharacter(source.charCodeAt(at))) at += 1;
  const tag = at > wordStart ? source.slice(wordStart, at) : null;
  // A word that runs on to the position may be longer for a later one on the same line.
  if (at < offset) cache.set(lineStart, tag);
  return tag;
}
