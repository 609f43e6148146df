// Finds every data key a template needs that the data lacks, all at once.
import { inspectTemplate, type TemplateLanguageOption, type TemplateLocation } from './inspect-template.js';
import { checkJinjaData } from './jinja/index.js';
import { DEFAULT_TEMPLATE_LANGUAGE } from './template-language.js';

export interface MissingDataIssue {
  /** The data path that has no value, e.g. `customer.address`. */
  readonly path: string;
  /** Where the template first reads it. */
  readonly line: number;
  readonly column: number;
  readonly message: string;
}

/**
 * Checks `data` against the placeholders the template requires (see inspectTemplate) and returns
 * one issue per missing path; an empty array means rendering will not fail for want of a key
 * read outside a loop. Values read through loop variables are checked while rendering.
 * Throws TemplateEngineError when the template does not parse.
 */
export function checkData(content: string, data: Readonly<Record<string, unknown>>, options: TemplateLanguageOption = {}): MissingDataIssue[] {
  if ((options.language ?? DEFAULT_TEMPLATE_LANGUAGE) === 'jinja') return checkJinjaData(content, data);
  const issues = new Map<string, MissingDataIssue>();
  for (const placeholder of inspectTemplate(content, { language: 'liquid' })) {
    if (!placeholder.required) continue;
    const missingPath = firstMissingPath(data, placeholder.segments);
    if (missingPath === null || issues.has(missingPath)) continue;
    const location: TemplateLocation = placeholder.locations[0] ?? { line: 1, column: 1 };
    issues.set(missingPath, {
      path: missingPath,
      line: location.line,
      column: location.column,
      message: `No value for "${missingPath}" (line ${location.line}, column ${location.column})`,
    });
  }
  return [...issues.values()];
}

/** The shortest prefix of `segments` that has no value in `data`, or null when the path resolves. */
function firstMissingPath(data: unknown, segments: readonly (string | number)[]): string | null {
  let current: unknown = data;
  // The path is written out only when it is the answer: a long path costs its length once.
  const missing = (index: number): string => formatPath(segments.slice(0, index + 1));
  for (let index = 0; index < segments.length; index++) {
    const segment = segments[index] as string | number;
    // LiquidJS renders nil for any property of nil, without complaint.
    if (current === null) return null;
    if (typeof current === 'string' || Array.isArray(current)) {
      if (segment === 'size') return null;
      const sequence: ArrayLike<unknown> = current;
      const position = segment === 'first' ? 0 : segment === 'last' ? sequence.length - 1 : Number(segment);
      if (!Number.isInteger(position)) return missing(index);
      current = sequence[position < 0 ? sequence.length + position : position];
    } else if (typeof current === 'object') {
      if (Object.hasOwn(current, segment)) current = (current as Record<string | number, unknown>)[segment];
      else if (segment === 'size') return null;
      else return missing(index);
    } else {
      return missing(index);
    }
    if (current === undefined) return missing(index);
  }
  return null;
}

function formatPath(segments: readonly (string | number)[]): string {
  return segments
    .map((segment, index) => (typeof segment === 'number' ? `[${segment}]` : index === 0 ? segment : `.${segment}`))
    .join('');
}
