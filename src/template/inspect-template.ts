// Lists the placeholders a template reads from its data, and whether each one must be present.
import type { Variable } from 'liquidjs';
import type { Markup, TranslatedTemplate } from './jinja-spellings.js';
import { guardedPaths } from './guarded-paths.js';
import { parseTemplate } from './parse-template.js';

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
const VARIABLE_THEN_DEFAULT = /^(?:[\w-]+|\.|\[[^\]]*\])+\s*\|\s*default\b/;

/**
 * The data paths a template uses, in order of first use. Loop variables, `assign`ed names and
 * `forloop` are not listed: only what must come from the data. Throws TemplateEngineError when
 * the template does not parse.
 */
export function inspectTemplate(content: string): TemplatePlaceholder[] {
  const { liquid, translated, templates } = parseTemplate(content, 'html');
  const guards = guardedPaths(translated.source, translated.markups);
  const analysis = liquid.analyzeSync(templates, { partials: false });
  const byPath = new Map<string, { segments: (string | number)[]; required: boolean; locations: TemplateLocation[] }>();
  const occurrences = Object.values(analysis.globals)
    .flat()
    .sort((a, b) => a.location.row - b.location.row || a.location.col - b.location.col);
  for (const variable of occurrences) {
    const path = String(variable);
    const offset = translated.offsetOf(variable.location.row, variable.location.col);
    const markup = translated.markups.find((candidate) => candidate.start <= offset && offset < candidate.end);
    const required = !(markup && (isLenientUse(translated, markup, offset) || guards.get(markup)?.has(path)));
    const location = translated.toAuthorPosition(variable.location.row, variable.location.col);
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

function isLenientUse(translated: TranslatedTemplate, markup: Markup, offset: number): boolean {
  const tagName = tagNameAt(translated.source, markup, offset);
  if (tagName !== null && LENIENT_TAGS.has(tagName)) return true;
  // `| default` only softens the value the expression starts with.
  const before = translated.source.slice(markup.start, offset);
  const startsExpression = tagName === null ? /^\{\{-?\s*$/.test(before) : tagName === 'echo' && /\becho\s+$/.test(before);
  return startsExpression && VARIABLE_THEN_DEFAULT.test(translated.source.slice(offset, markup.end));
}

/** The tag a position belongs to; inside `{% liquid %}` that is the tag opening the line. */
function tagNameAt(source: string, markup: Markup, offset: number): string | null {
  if (markup.tagName !== 'liquid') return markup.tagName;
  const lineStart = source.lastIndexOf('\n', offset - 1) + 1;
  const line = source.slice(Math.max(lineStart, markup.start), offset);
  return /^(?:\{%-?\s*liquid\s+)?\s*(\w+)/.exec(line)?.[1] ?? null;
}
