// Wraps rendered Markdown in a complete HTML document with the default stylesheet, then extra CSS.
import { MARKDOWN_STYLESHEET } from './markdown-stylesheet.js';
import { markdownToHtml } from './markdown-to-html.js';
import { styleElement } from './style-element.js';

export interface MarkdownDocumentOptions {
  /** Applied after the default stylesheet, so its rules win. */
  readonly extraCss?: string | null;
}

export function markdownDocument(markdown: string, options: MarkdownDocumentOptions = {}): string {
  const body = markdownToHtml(markdown);
  const title = firstHeadingText(body);
  return [
    '<!DOCTYPE html>',
    '<html>',
    '<head>',
    '<meta charset="utf-8">',
    title ? `<title>${title}</title>` : '',
    styleElement(MARKDOWN_STYLESHEET),
    options.extraCss ? styleElement(options.extraCss) : '',
    '</head>',
    '<body>',
    '<article class="markdown-body">',
    body,
    '</article>',
    '</body>',
    '</html>',
  ]
    .filter((line) => line !== '')
    .join('\n');
}

/** The text of the first `<h1>`, still HTML-escaped as micromark wrote it. */
function firstHeadingText(html: string): string {
  const heading = /<h1[^>]*>([\s\S]*?)<\/h1>/i.exec(html)?.[1] ?? '';
  return heading.replace(/<[^>]*>/g, '').replace(/\s+/g, ' ').trim();
}
