// Every problem a template has, for its author: syntax, data it lacks, and what a trial render with that data runs into.
import { TemplateEngineError, TemplateLimitError } from '../errors/index.js';
import type { ContentType } from '../stores/index.js';
import { checkData, inspectTemplate, type TemplateLanguage, type TemplatePlaceholder } from '../template/index.js';
import { JinjaError } from '../template/jinja/index.js';
import { documentHtml, type TemplateStageLimits } from './document-html.js';
import type { FloatPath } from './float-paths.js';

/** A template to check, with the data it would be rendered with (null: syntax only). */
export interface CheckJob {
  readonly content: string;
  readonly contentType: ContentType;
  readonly language: TemplateLanguage;
  readonly data: Record<string, unknown> | null;
  /** Where the data holds whole numbers written as floats (see TemplateJob). */
  readonly floats?: readonly FloatPath[];
  /**
   * For a preview: the trial render runs whenever the template parses (with `{}` when there is no
   * data), with this extra CSS, and its HTML document comes back in `html`.
   */
  readonly render?: { readonly extraCss: string | null };
}

export type TemplateProblemType = 'syntax_error' | 'missing_data' | 'render_error' | 'limit_exceeded';

export interface TemplateProblem {
  /** `syntax_error` (does not parse), `missing_data` (a key the data lacks), `render_error` (the trial render failed), `limit_exceeded`. */
  readonly type: TemplateProblemType;
  /** What is wrong, e.g. `undefined filter: money`. */
  readonly message: string;
  /** Where, 1-based, columns in UTF-16 code units; null for a problem of the whole template. */
  readonly line: number | null;
  readonly column: number | null;
  /** The `{{ … }}` or `{% … %}` at that place as written (at most 200 characters), or null. */
  readonly construct: string | null;
  /** For `missing_data`: the data path without a value, e.g. `customer.address`. */
  readonly path: string | null;
}

export interface TemplateDiagnostics {
  readonly problems: readonly TemplateProblem[];
  /** What the template reads from its data; empty when it does not parse. */
  readonly placeholders: readonly TemplatePlaceholder[];
  /** With `render`: the HTML document the trial render made, absent when it failed. */
  readonly html?: string;
}

/** Longest construct quoted in a problem. */
const CONSTRUCT_CHARS = 200;

/**
 * Parses the template (a syntax problem ends the check there), lists every key `data` lacks, and
 * when none is missing renders it with `data` under the stage's limits, Markdown included, to find
 * what only rendering shows (a key read through a loop variable, a filter failing on a value).
 * Rejects only for failures outside the template (a thread that died); see decision 0239.
 */
export async function templateDiagnostics(job: CheckJob, limits: TemplateStageLimits, signal?: AbortSignal, onMarkdown?: () => void): Promise<TemplateDiagnostics> {
  let placeholders: TemplatePlaceholder[];
  try {
    placeholders = inspectTemplate(job.content, { language: job.language });
  } catch (error) {
    return { problems: [templateProblem(error, job.content, 'syntax_error')], placeholders: [] };
  }
  if (job.data === null && job.render === undefined) return { problems: [], placeholders };
  const locate = constructLocator(job.content);
  const missing = job.data === null ? [] : checkData(job.content, job.data, { language: job.language });
  const problems: TemplateProblem[] = missing.map((issue) => ({
    type: 'missing_data',
    message: `No value for "${issue.path}"`,
    line: issue.line,
    column: issue.column,
    construct: locate(issue.line, issue.column),
    path: issue.path,
  }));
  if (problems.length > 0 && job.render === undefined) return { problems, placeholders };
  let html: string | undefined;
  try {
    const render = { content: job.content, contentType: job.contentType, language: job.language, extraCss: job.render?.extraCss ?? null, data: job.data ?? {}, floats: job.floats };
    html = await documentHtml(render, limits, signal, onMarkdown);
  } catch (error) {
    if (!(error instanceof TemplateEngineError)) throw error;
    // With keys missing, a render failing over them says nothing new; a limit it runs into does.
    if (problems.length === 0 || error instanceof TemplateLimitError) problems.push(templateProblem(error, job.content, 'render_error'));
  }
  return { problems, placeholders, ...(job.render !== undefined && html !== undefined && { html }) };
}

/** A template failure as a problem: a limit is `limit_exceeded` whatever stage ran into it. */
export function templateProblem(error: unknown, content: string, type: Exclude<TemplateProblemType, 'missing_data' | 'limit_exceeded'>): TemplateProblem {
  if (!(error instanceof TemplateEngineError)) throw error;
  const line = error.line ?? null;
  const column = error.column ?? null;
  const detail = error.detail ?? error.message;
  // The detail says where in words; the fields say it already.
  const message =
    error instanceof JinjaError ? `${error.pythonType}: ${error.jinjaMessage}` : line === null ? detail : detail.replace(` (line ${line}, column ${column})`, '');
  const located = line === null || column === null ? null : constructLocator(content)(line, column);
  return {
    type: error instanceof TemplateLimitError ? 'limit_exceeded' : type,
    message,
    line,
    column,
    construct: located ?? (error instanceof JinjaError ? error.construct : null),
    path: null,
  };
}

/**
 * Finds the markup at a line and column: from the `{{` or `{%` at or before it to its closing
 * `}}` or `%}`, or to the end of its line when it is never closed. Line starts are found once;
 * each lookup reads only the markup around the place.
 */
function constructLocator(content: string): (line: number, column: number) => string | null {
  let lineStarts: number[] | undefined;
  return (line, column) => {
    lineStarts ??= findLineStarts(content);
    const start = lineStarts[line - 1];
    if (start === undefined) return null;
    const offset = Math.min(start + Math.max(column - 1, 0), content.length);
    const open = Math.max(content.lastIndexOf('{{', offset), content.lastIndexOf('{%', offset));
    if (open === -1) return null;
    const closing = content.startsWith('{{', open) ? '}}' : '%}';
    const close = content.indexOf(closing, open + 2);
    if (close !== -1 && close + 2 <= offset) return null;
    const lineEnd = content.indexOf('\n', open);
    const end = close === -1 ? (lineEnd === -1 ? content.length : lineEnd) : close + 2;
    const construct = content.slice(open, Math.min(end, open + CONSTRUCT_CHARS + 1));
    return construct.length > CONSTRUCT_CHARS ? `${construct.slice(0, CONSTRUCT_CHARS - 1)}…` : construct;
  };
}

function findLineStarts(content: string): number[] {
  const starts = [0];
  for (let at = content.indexOf('\n'); at !== -1; at = content.indexOf('\n', at + 1)) starts.push(at + 1);
  return starts;
}
