// Renders a template with its data through LiquidJS: strict, escaped, sandboxed and bounded.
import { UndefinedVariableError } from 'liquidjs';
import { checkData } from './check-data.js';
import type { TemplateMode } from './liquid-engine.js';
import { DEFAULT_PARSE_LIMIT, parseTemplate, toTemplateError } from './parse-template.js';

export interface TemplateLimits {
  /** Longest template source, in characters (LiquidJS `parseLimit`). */
  readonly parseLimit?: number;
  /** Longest render, in milliseconds (LiquidJS `renderLimit`). */
  readonly renderLimit?: number;
  /** Most characters and array items filters and ranges may create (LiquidJS `memoryLimit`). */
  readonly memoryLimit?: number;
}

export interface RenderTemplateOptions {
  /** `html` escapes output as HTML, `markdown` as literal Markdown text. Defaults to `html`. */
  readonly mode?: TemplateMode;
  readonly limits?: TemplateLimits;
}

export const DEFAULT_TEMPLATE_LIMITS = {
  parseLimit: DEFAULT_PARSE_LIMIT,
  renderLimit: 30_000,
  // Always finite: an unbounded `(1..1000000000)` range would take the whole process down.
  memoryLimit: 10_000_000,
} as const satisfies Required<TemplateLimits>;

/**
 * Renders `content` with `data`. Rejects with TemplateEngineError for a missing variable or
 * filter, bad syntax or a template past its limits (line and column in `detail`), and with
 * DocumentCreationError when the render time limit runs out.
 */
export async function renderTemplate(
  content: string,
  data: Readonly<Record<string, unknown>>,
  options: RenderTemplateOptions = {},
): Promise<string> {
  const limits = { ...DEFAULT_TEMPLATE_LIMITS, ...options.limits };
  const { liquid, translated, templates } = parseTemplate(content, options.mode ?? 'html', limits.parseLimit);
  try {
    const output: unknown = await liquid.render(templates, data, {
      renderLimit: limits.renderLimit,
      memoryLimit: limits.memoryLimit,
    });
    return typeof output === 'string' ? output : String(output);
  } catch (error) {
    throw toTemplateError(error, translated, error instanceof UndefinedVariableError ? missingNote(content, data) : undefined);
  }
}

function missingNote(content: string, data: Readonly<Record<string, unknown>>): string | undefined {
  try {
    const missing = checkData(content, data);
    return missing.length > 0 ? `missing data: ${missing.map((issue) => issue.message).join('; ')}` : undefined;
  } catch {
    return undefined;
  }
}
