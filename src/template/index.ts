// Template rendering (Jinja2, or LiquidJS with Jinja spellings accepted) and static checks of templates against data.
export { renderTemplate, DEFAULT_TEMPLATE_LIMITS } from './render-template.js';
export type { RenderTemplateOptions, TemplateLimits } from './render-template.js';
export type { TemplateMode } from './liquid-engine.js';
export { inspectTemplate } from './inspect-template.js';
export type { TemplateLanguageOption, TemplateLocation, TemplatePlaceholder } from './inspect-template.js';
export { DEFAULT_TEMPLATE_LANGUAGE, TEMPLATE_LANGUAGES, isTemplateLanguage } from './template-language.js';
export type { TemplateLanguage } from './template-language.js';
export { checkData } from './check-data.js';
export type { MissingDataIssue } from './check-data.js';
export { escapeMarkdownText } from './escape-markdown.js';
