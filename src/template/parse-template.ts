// Parses authored template text (Jinja spellings allowed) and turns LiquidJS failures into TemplateEngineError.
import { LiquidError, type Liquid, type Template } from 'liquidjs';
import { DocumentCreationError, TemplateEngineError, type PagesmithError } from '../errors/index.js';
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

/** Wraps any failure from LiquidJS, with the author's line and column when it has one. */
export function toTemplateError(error: unknown, translated: TranslatedTemplate, note?: string): PagesmithError {
  const reason = describe(error);
  if (/template render limit exceeded/.test(reason)) {
    return new DocumentCreationError({ detail: 'template rendering exceeded the render time limit', cause: error });
  }
  const position = liquidPosition(error);
  const authored = position ? translated.toAuthorPosition(position[0], position[1]) : undefined;
  const where = authored ? ` (line ${authored.line}, column ${authored.column})` : '';
  return new TemplateEngineError({
    detail: `${reason}${where}${note ? `; ${note}` : ''}`,
    line: authored?.line,
    column: authored?.column,
    cause: error,
  });
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
