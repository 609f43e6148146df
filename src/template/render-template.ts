// Renders a template with its data, as Jinja2 or through LiquidJS: strict, escaped, sandboxed and bounded.
import { UndefinedVariableError } from 'liquidjs';
import { checkData } from './check-data.js';
import { renderJinja } from './jinja/index.js';
import type { TemplateMode } from './liquid-engine.js';
import { DEFAULT_PARSE_LIMIT, DEFAULT_TAG_LIMIT, parseTemplate, toTemplateError } from './parse-template.js';
import { TemplateBudget } from './template-budget.js';
import { DEFAULT_TEMPLATE_LANGUAGE, type TemplateLanguage } from './template-language.js';

export interface TemplateLimits {
  /** Longest template source, in characters (LiquidJS `parseLimit`). */
  readonly parseLimit?: number;
  /** Most tags a template may have: `{{ … }}` and `{% … %}`, each line of a `{% liquid %}` counting one. */
  readonly tagLimit?: number;
  /** Longest parse and render, in milliseconds; parsing cannot be interrupted, so it is checked once parsed. */
  readonly renderLimit?: number;
  /** Most characters and array items filters and ranges may create (LiquidJS `memoryLimit`). */
  readonly memoryLimit?: number;
  /** Most characters the template may write, text captured with `{% capture %}` included. */
  readonly outputLimit?: number;
  /** Most block bodies one render may run: every loop iteration, branch taken and capture counts one. */
  readonly iterationLimit?: number;
}

export interface RenderTemplateOptions {
  /** `jinja` (Python's Jinja2) or `liquid`. Defaults to DEFAULT_TEMPLATE_LANGUAGE. */
  readonly language?: TemplateLanguage;
  /** `html` escapes output as HTML, `markdown` as literal Markdown text. Defaults to `html`. */
  readonly mode?: TemplateMode;
  readonly limits?: TemplateLimits;
  /** Stops the render at its next step; it rejects with the signal's reason. */
  readonly signal?: AbortSignal;
}

export const DEFAULT_TEMPLATE_LIMITS = {
  parseLimit: DEFAULT_PARSE_LIMIT,
  tagLimit: DEFAULT_TAG_LIMIT,
  renderLimit: 10_000,
  // Always finite: an unbounded `(1..1000000000)` range would take the whole process down.
  memoryLimit: 10_000_000,
  outputLimit: 10_000_000,
  iterationLimit: 1_000_000,
} as const satisfies Required<TemplateLimits>;

/** Undefined-variable failures list at most this many missing keys in their detail. */
const MISSING_KEYS_LISTED = 20;

/**
 * Renders `content` with `data`. A Jinja template renders as Jinja2 would (its failures are
 * JinjaErrors, with line, column and construct). Rejects with TemplateEngineError for a missing variable or
 * filter or bad syntax, with its subclass TemplateLimitError for a template past one of its
 * limits (line and column in `detail`), and with the signal's reason once it aborts. The render
 * gives the event loop a turn every few milliseconds, so it holds the thread one slice at a time.
 */
export async function renderTemplate(
  content: string,
  data: Readonly<Record<string, unknown>>,
  options: RenderTemplateOptions = {},
): Promise<string> {
  const limits = { ...DEFAULT_TEMPLATE_LIMITS, ...options.limits };
  const language = options.language ?? DEFAULT_TEMPLATE_LANGUAGE;
  const plain = plainTemplateOutput(content, language, limits);
  if (plain !== null) {
    options.signal?.throwIfAborted();
    return plain;
  }
  if (language === 'jinja') {
    options.signal?.throwIfAborted();
    return renderJinja(content, data, { limits, mode: options.mode ?? 'html' });
  }
  const startedAt = performance.now();
  const { liquid, translated, templates } = parseTemplate(content, options.mode ?? 'html', limits.parseLimit, limits.tagLimit);
  try {
    return await new TemplateBudget(limits, options.signal, startedAt).render(liquid, templates, data);
  } catch (error) {
    throw toTemplateError(error, translated, error instanceof UndefinedVariableError ? missingNote(content, data) : undefined);
  }
}

/**
 * What a template without a tag, an output or (in Jinja) a comment renders to, without parsing it:
 * itself, and in Jinja with its line ends made `\n` and one final newline dropped, as Jinja2's
 * lexer and `keep_trailing_newline=False` do. Null for a template with any of them, or past a
 * limit (the engine then says which). Most documents sent as HTML are such: a served request
 * spent ~0.2 ms of its main thread's ~2 ms having Jinja find nothing in an invoice (issue 27).
 */
function plainTemplateOutput(content: string, language: TemplateLanguage, limits: Required<TemplateLimits>): string | null {
  if (content.includes('{{') || content.includes('{%') || (language === 'jinja' && content.includes('{#'))) return null;
  if (content.length > limits.parseLimit || content.length > limits.outputLimit) return null;
  if (language !== 'jinja') return content;
  const lines = content.includes('\r') ? content.replace(/\r\n?/g, '\n') : content;
  return lines.endsWith('\n') ? lines.slice(0, -1) : lines;
}

function missingNote(content: string, data: Readonly<Record<string, unknown>>): string | undefined {
  try {
    const missing = checkData(content, data, { language: 'liquid' });
    if (missing.length === 0) return undefined;
    const listed = missing.slice(0, MISSING_KEYS_LISTED).map((issue) => issue.message);
    if (missing.length > MISSING_KEYS_LISTED) listed.push(`and ${missing.length - MISSING_KEYS_LISTED} more`);
    return `missing data: ${listed.join('; ')}`;
  } catch {
    return undefined;
  }
}
