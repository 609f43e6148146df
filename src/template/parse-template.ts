// Parses authored template text (Jinja spellings allowed) and turns LiquidJS failures into TemplateEngineError.
import { LiquidError, type Liquid, type Template } from 'liquidjs';
import { PagesmithError, TemplateEngineError, TemplateLimitError } from '../errors/index.js';
import { translateJinjaSpellings, type TranslatedTemplate } from './jinja-spellings.js';
import { liquidFor, type TemplateMode } from './liquid-engine.js';

export interface ParsedTemplate {
  readonly liquid: Liquid;
  readonly translated: TranslatedTemplate;
  readonly templates: Template[];
}

export const DEFAULT_PARSE_LIMIT = 10_000_000;

export function parseTemplate(content: string, mode: TemplateMode, parseLimit = DEFAULT_PARSE_LIMIT): ParsedTemplate {
  const liquid = liquidFor(mode, parseLimit);
  const translated = translateJinjaSpellings(content);
  try {
    return { liquid, translated, templates: liquid.parse(translated.source) };
  } catch (error) {
    throw toTemplateError(error, translated);
  }
}

/**
 * Wraps any failure from LiquidJS, with the author's line and column when it has one. A limit the
 * render ran into keeps its class (TemplateLimitError) and gains the position; an abort's own
 * error (the service's deadline) passes through as it is.
 */
export function toTemplateError(error: unknown, translated: TranslatedTemplate, note?: string): PagesmithError {
  const original = originalError(error);
  if (original instanceof PagesmithError && !(original instanceof TemplateLimitError)) return original;
  const position = liquidPosition(error);
  const authored = position ? translated.toAuthorPosition(position[0], position[1]) : undefined;
  const where = authored ? ` (line ${authored.line}, column ${authored.column})` : '';
  if (original instanceof TemplateLimitError) {
    return new TemplateLimitError({
      limit: original.limit,
      maximum: original.maximum,
      detail: `${original.detail ?? original.limit}${where}`,
      line: authored?.line,
      column: authored?.column,
      cause: error,
    });
  }
  return new TemplateEngineError({
    detail: `${describe(error)}${where}${note ? `; ${note}` : ''}`,
    line: authored?.line,
    column: authored?.column,
    cause: error,
  });
}

/** The error LiquidJS wrapped (it keeps it as `originalError`), or the error itself. */
function originalError(error: unknown): unknown {
  let current = error;
  for (let depth = 0; depth < 8 && LiquidError.is(current); depth++) {
    const inner = (current as { originalError?: unknown }).originalError;
    if (inner === undefined) break;
    current = inner;
  }
  return current;
}

function liquidPosition(error: unknown): [number, number] | undefined {
  if (!LiquidError.is(error)) return undefined;
  const position = error.token?.getPosition();
  if (!position || position.length < 2) return undefined;
  return [position[0] ?? 1, position[1] ?? 1];
}

function describe(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  // LiquidJS appends its own (rewritten-source) position; the author's one is added instead.
  return message.replace(/, line:\d+, col:\d+$/, '').split('\n')[0] ?? message;
}
