// The template languages pagesmith renders, and the one it uses when nobody says.

/** `jinja`: Python's Jinja2, as the hosted service renders templates; `liquid`: LiquidJS with two Jinja spellings (`elif`, `loop.*`). */
export const TEMPLATE_LANGUAGES = ['jinja', 'liquid'] as const;

export type TemplateLanguage = (typeof TEMPLATE_LANGUAGES)[number];

/** What a template is rendered as when neither the request, the stored template nor the service names a language (decision 0257). */
export const DEFAULT_TEMPLATE_LANGUAGE: TemplateLanguage = 'jinja';

export function isTemplateLanguage(value: unknown): value is TemplateLanguage {
  return value === 'jinja' || value === 'liquid';
}
