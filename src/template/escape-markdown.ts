// Escapes data as literal Markdown text, so values can't add Markdown or HTML structure.

const MARKDOWN_PUNCTUATION = /[!-/:-@[-`{-~]/g;
// These are entities rather than backslash escapes, so they stay inert inside raw HTML blocks too.
const HTML_ENTITIES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/**
 * Every ASCII punctuation character is escaped; leading blanks of a line are dropped (they could
 * open a code block) and line breaks become `<br>`, which keeps table rows and lists intact.
 */
export function escapeMarkdownText(text: string): string {
  return text
    .replace(MARKDOWN_PUNCTUATION, (character) => HTML_ENTITIES[character] ?? `\\${character}`)
    .replace(/\r\n?/g, '\n')
    .replace(/^[ \t]+/gm, '')
    .replace(/\n/g, '<br>');
}
