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
export const DEFAULT_TAG_LIMIT = 100_000;

/**
 * Parses `content`, refusing it before LiquidJS reads it when it is longer than `parseLimit`
 * characters or has more than `tagLimit` tags: `{{ … }}` and `{% … %}`, each line of a
 * `{% liquid %}` tag counting one. LiquidJS keeps about 1 KB for each tag it parses, so the tag
 * count bounds the memory and time parsing takes, which nothing can interrupt.
 */
export function parseTemplate(content: string, mode: TemplateMode, parseLimit = DEFAULT_PARSE_LIMIT, tagLimit = DEFAULT_TAG_LIMIT): ParsedTemplate {
  if (content.length > parseLimit) throw new TemplateEngineError({ detail: `the template is longer than the parse limit of ${parseLimit} characters` });
  const liquid = liquidFor(mode, parseLimit);
  const translated = translateJinjaSpellings(content);
  const tags = tagCount(translated);
  if (tags > tagLimit) {
    throw new TemplateLimitError({ limit: 'tags', maximum: tagLimit, detail: `the template has ${tags} tags, more than ${tagLimit}` });
  }
  try {
    return { liquid, translated, templates: liquid.parse(translated.source) };
  } catch (error) {
    throw toTemplateError(error, translated);
  }
}

function tagCount({ source, markups }: TranslatedTemplate): number {
  let count = markups.length;
  for (const markup of markups) {
    if (markup.tagName !== 'liquid') continue;
    for (let at = source.indexOf('\n', markup.start); at !== -1 && at < markup.end; at = source.indexOf('\n', at + 1)) count += 1;
  }
  return count;
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
