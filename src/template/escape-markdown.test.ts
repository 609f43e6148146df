// escapeMarkdownText: data renders as its own text in Markdown, never as markup.
import { describe, expect, it } from 'vitest';
import { markdownToHtml } from '../markdown/markdown-to-html.js';
import { escapeMarkdownText } from './escape-markdown.js';

describe('escapeMarkdownText', () => {
  it.each([
    ['# heading'],
    ['*emphasis* and __strong__'],
    ['[link](http://evil.example)'],
    ['![image](x.png)'],
    ['`code`'],
    ['- item'],
    ['1. item'],
    ['> quote'],
    ['~~gone~~'],
    ['a | b'],
    ['<img src=x onerror=alert(1)>'],
    ['&amp; literally'],
  ])('renders %j as that very text', (text) => {
    const html = markdownToHtml(escapeMarkdownText(text));
    const paragraph = /^<p>([\s\S]*)<\/p>$/.exec(html.trim())?.[1];
    const decoded = paragraph?.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&amp;/g, '&');
    expect(decoded).toBe(text);
  });

  it('keeps table rows intact and line breaks visible', () => {
    const html = markdownToHtml(`| a | b |\n|---|---|\n| ${escapeMarkdownText('one\ntwo | three')} | 2 |`);
    expect(html).toContain('<td>one<br>two | three</td>');
    expect(html).toContain('<td>2</td>');
  });

  it('stays inert inside raw HTML blocks', () => {
    const html = markdownToHtml(`<div>${escapeMarkdownText('<script>x</script>')}</div>`);
    expect(html).not.toContain('<script>');
  });

  it('cannot start a code block with leading blanks', () => {
    expect(markdownToHtml(`para\n\n${escapeMarkdownText('    not code')}`)).not.toContain('<pre>');
  });
});
