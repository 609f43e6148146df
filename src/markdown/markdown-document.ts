// Wraps rendered Markdown in a complete HTML document with the default stylesheet, then extra CSS.
import { MARKDOWN_STYLESHEET } from './markdown-stylesheet.js';
import { markdownToHtml } from './markdown-to-html.js';
import { styleElement } from './style-element.js';

export interface MarkdownDocumentOptions {
  /** Applied after the default stylesheet, so its rules win. */
  readonly extraCss?: string | null;
}

export function markdownDocument(markdown: string, options: MarkdownDocumentOptions = {}): string {
  return markdownDocumentFromHtml(markdownToHtml(markdown), options);
}

/** The document around `body`, the HTML micromark made of the Markdown. */
export function markdownDocumentFromHtml(body: string, options: MarkdownDocumentOptions = {}): string {
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

/**
 * The text of the first `<h1>`, still HTML-escaped as micromark wrote it: what
 * `/<h1[^>]*>([\s\S]*?)<\/h1>/i` captures, tags removed, found in one pass over the HTML.
 */
function firstHeadingText(html: string): string {
  const opening = html.search(/<h1/i);
  if (opening === -1) return '';
  const contentStart = html.indexOf('>', opening + 3) + 1;
  if (contentStart === 0) return '';
  const closing = /<\/h1>/gi;
  closing.lastIndex = contentStart;
  const contentEnd = closing.exec(html)?.index;
  if (contentEnd === undefined) return '';
  return withoutTags(html.slice(contentStart, contentEnd)).replace(/\s+/g, ' ').trim();
}

/** `text` without its `<…>` tags; a `<` with no `>` after it stays, as it is not a tag. */
function withoutTags(text: string): string {
  let result = '';
  let copied = 0;
  for (let open = text.indexOf('<'); open !== -1; open = text.indexOf('<', copied)) {
    const close = text.indexOf('>', open + 1);
    if (close === -1) break;
    result += text.slice(copied, open);
    copied = close + 1;
  }
  return result + text.slice(copied);
}
