// The Jinja2 dialect: renders templates as Python's Jinja2 SandboxedEnvironment(autoescape=True, undefined=StrictUndefined) does, with an interpreter of its own (no code generation), and lists the data a template reads.
import { PagesmithError, TemplateLimitError } from '../../errors/index.js';
import type { MissingDataIssue } from '../check-data.js';
import { escapeMarkdownText } from '../escape-markdown.js';
import type { TemplateLocation, TemplatePlaceholder } from '../inspect-template.js';
import type { TemplateMode } from '../liquid-engine.js';
import { DEFAULT_TEMPLATE_LIMITS, type TemplateLimits } from '../render-template.js';
import type { TemplateAst } from './jinja-ast.js';
import { JinjaBudget } from './jinja-budget.js';
import { toPythonData } from './jinja-data.js';
import { JinjaRuntimeError, JinjaSyntaxError } from './jinja-errors.js';
import { FILTERS } from './jinja-filters.js';
import { makeGlobals } from './jinja-globals.js';
import { inspectAst } from './jinja-inspect.js';
import { Interpreter } from './jinja-interpreter.js';
import { findMissingPath } from './jinja-missing-data.js';
import { parseTemplateAst } from './jinja-parser.js';
import { JinjaError, JinjaSyntaxFailure, JinjaUndefinedError } from './jinja-public-errors.js';
import { TESTS } from './jinja-tests.js';
import { escapeHtml } from './python-values.js';
import { checkNames } from './jinja-names.js';

export { JinjaError, JinjaSyntaxFailure, JinjaUndefinedError } from './jinja-public-errors.js';
export type { JinjaErrorOptions } from './jinja-public-errors.js';

export interface RenderJinjaOptions {
  /** The budget of one render: source length, tags, output size, loop iterations and other blocks, allocations, time. Defaults to DEFAULT_TEMPLATE_LIMITS. */
  readonly limits?: TemplateLimits;
  /**
   * `html` (the default) escapes printed values as HTML, as Jinja's autoescape does; `markdown`
   * escapes them as literal Markdown text instead (Markup, `| safe`, still prints as it is).
   */
  readonly mode?: TemplateMode;
}

/** A parsed Jinja template, ready to render (its parts are internal). */
export interface ParsedJinjaTemplate {
  readonly source: string;
  /** @internal */
  readonly ast: TemplateAst;
}

/**
 * Renders `source` with `data` as Jinja2 does, synchronously. Throws JinjaSyntaxFailure for a
 * template that does not parse, JinjaUndefinedError for a value the data lacks, JinjaError for any
 * other failure (each with line, column and construct), and TemplateLimitError when the render
 * goes past one of its limits.
 */
export function renderJinja(source: string, data: unknown, options: RenderJinjaOptions = {}): string {
  const limits = { ...DEFAULT_TEMPLATE_LIMITS, ...options.limits };
  const startedAt = performance.now();
  const parsed = parseJinja(source, limits);
  const budget = new JinjaBudget(limits, startedAt);
  budget.checkClock();
  try {
    const escapeText = options.mode === 'markdown' ? escapeMarkdownText : escapeHtml;
    return new Interpreter({ filters: FILTERS, tests: TESTS, globals: makeGlobals(), escapeText }, budget).render(parsed.ast, toPythonData(data));
  } catch (error) {
    throw toPublicError(error, source);
  }
}

/** Parses `source`; throws JinjaSyntaxFailure (line, column, construct) when it does not parse, TemplateLimitError past the tag limit. */
export function parseJinja(source: string, limits: TemplateLimits = {}): ParsedJinjaTemplate {
  const { parseLimit, tagLimit } = { ...DEFAULT_TEMPLATE_LIMITS, ...limits };
  if (source.length > parseLimit) throw new TemplateLimitError({ limit: 'tags', maximum: parseLimit, detail: `the template is longer than the parse limit of ${parseLimit} characters` });
  let tags = 0;
  const onTag = (): void => {
    tags += 1;
    if (tags > tagLimit) throw new TemplateLimitError({ limit: 'tags', maximum: tagLimit, detail: `the template has more than ${tagLimit} tags` });
  };
  try {
    const ast = parseTemplateAst(source, { onTag });
    checkNames(ast, FILTERS, TESTS);
    return { source, ast };
  } catch (error) {
    throw toPublicError(error, source);
  }
}

/** The data paths the template reads, in order of first use, with where it reads them. Throws JinjaSyntaxFailure when it does not parse. */
export function inspectJinja(source: string): TemplatePlaceholder[] {
  const { ast } = parseJinja(source);
  return inspectAst(ast, locator(source));
}

/** Every data key the template requires that `data` lacks, with where it is first read. Throws JinjaSyntaxFailure when it does not parse. */
export function checkJinjaData(source: string, data: unknown): MissingDataIssue[] {
  const issues = new Map<string, MissingDataIssue>();
  const pythonData = toPythonData(data);
  for (const placeholder of inspectJinja(source)) {
    if (!placeholder.required) continue;
    const missing = findMissingPath(pythonData, placeholder.segments);
    if (missing === null || issues.has(missing)) continue;
    const { line, column } = placeholder.locations[0] ?? { line: 1, column: 1 };
    issues.set(missing, { path: missing, line, column, message: `No value for "${missing}" (line ${line}, column ${column})` });
  }
  return [...issues.values()];
}

/** Turns offsets into 1-based lines and columns; `\r\n`, `\r` and `\n` each end a line. Each answer takes log(lines). */
function locator(source: string): (offset: number) => TemplateLocation {
  const lineStarts = [0];
  for (let index = 0; index < source.length; index++) {
    const code = source.charCodeAt(index);
    if (code === 0x0a || (code === 0x0d && source.charCodeAt(index + 1) !== 0x0a)) lineStarts.push(index + 1);
  }
  return (offset) => {
    const end = Math.min(offset, source.length);
    let low = 0;
    let high = lineStarts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if ((lineStarts[middle] as number) <= end) low = middle;
      else high = middle - 1;
    }
    return { line: low + 1, column: end - (lineStarts[low] as number) + 1 };
  };
}

function locate(source: string, offset: number): TemplateLocation {
  return locator(source)(offset);
}

/** The construct around an offset: `{% for %}` for a statement tag, `{{ … }}` for an output, `template text` elsewhere. */
function constructAt(source: string, offset: number): string {
  const statement = source.lastIndexOf('{%', offset);
  const output = source.lastIndexOf('{{', offset);
  const start = Math.max(statement, output);
  if (start === -1) return 'template text';
  const closing = source.indexOf(start === statement ? '%}' : '}}', start + 2);
  if (closing !== -1 && closing + 2 <= offset) return 'template text';
  if (start === output) return '{{ … }}';
  const name = /^[-+]?\s*([A-Za-z_]\w*)/.exec(source.slice(start + 2, start + 64));
  return name ? `{% ${name[1]} %}` : '{% … %}';
}

function toPublicError(error: unknown, source: string): unknown {
  if (error instanceof PagesmithError) return error;
  if (error instanceof JinjaSyntaxError) {
    const { line, column } = locate(source, error.offset);
    return new JinjaSyntaxFailure({ pythonType: error.pythonType, jinjaMessage: error.message, line, column, construct: constructAt(source, error.offset), cause: error });
  }
  if (error instanceof JinjaRuntimeError) {
    const offset = error.offset ?? 0;
    const { line, column } = locate(source, offset);
    const options = { pythonType: error.pythonType, jinjaMessage: error.message, line, column, construct: error.construct ?? constructAt(source, offset), cause: error };
    return error.pythonType === 'UndefinedError' ? new JinjaUndefinedError(options) : new JinjaError(options);
  }
  if (error instanceof RangeError && /call stack/i.test(error.message)) {
    return new JinjaError({ pythonType: 'RecursionError', jinjaMessage: 'maximum recursion depth exceeded', line: 1, column: 1, construct: 'template', cause: error });
  }
  return error;
}

export { parseJinjaJson } from './jinja-json.js';
