// Markdown to HTML documents, and extra CSS for HTML documents.
export { markdownToHtml } from './markdown-to-html.js';
export { markdownDocument, markdownDocumentFromHtml } from './markdown-document.js';
export type { MarkdownDocumentOptions } from './markdown-document.js';
export { MARKDOWN_STYLESHEET } from './markdown-stylesheet.js';
export { injectExtraCss } from './inject-extra-css.js';
