// Markdown to HTML with GFM, wrapped in a styled document.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { markdownDocument, markdownDocumentFromHtml } from './markdown-document.js';
import { markdownToHtml } from './markdown-to-html.js';

describe('markdownToHtml', () => {
  it('renders GFM tables, strikethrough, task lists and autolinks', () => {
    const html = markdownToHtml(
      '| Item | Qty |\n|------|----:|\n| Pen  | 2   |\n\n~~old~~ new\n\n- [x] done\n- [ ] todo\n\nSee https://example.com.',
    );
    expect(html).toContain('<table>');
    expect(html).toContain('<th>Item</th>');
    expect(html).toContain('<td align="right">2</td>');
    expect(html).toContain('<del>old</del>');
    expect(html).toMatch(/<input type="checkbox" disabled="" checked="" \/> done/);
    expect(html).toContain('<a href="https://example.com">https://example.com</a>');
  });

  it('passes raw HTML through', () => {
    expect(markdownToHtml('Some <span class="tag">HTML</span>\n\n<div class="box">x</div>')).toContain(
      '<span class="tag">HTML</span>',
    );
  });
});

describe('markdownDocument', () => {
  it('wraps the Markdown in a whole document with the default stylesheet', () => {
    const html = markdownDocument('# Quarterly *report*\n\nBody');
    expect(html).toMatch(/^<!DOCTYPE html>\n<html>\n<head>\n<meta charset="utf-8">/);
    expect(html).toContain('<title>Quarterly report</title>');
    expect(html).toContain('font-size: 16px');
    expect(html).toContain('line-height: 1.5');
    expect(html).toContain('#1f2328');
    expect(html).toContain('padding: 6px 13px; border: 1px solid #d1d9e0');
    expect(html).toContain('<h1>Quarterly <em>report</em></h1>');
    expect(html).toMatch(/<body>\n<article class="markdown-body">[\s\S]*<\/article>\n<\/body>\n<\/html>$/);
  });

  it('applies extra CSS after the default stylesheet so it wins', () => {
    const html = markdownDocument('text', { extraCss: 'body { font-size: 11pt; }' });
    expect(html.indexOf('body { font-size: 11pt; }')).toBeGreaterThan(html.indexOf('font-size: 16px'));
    expect(html.indexOf('body { font-size: 11pt; }')).toBeLessThan(html.indexOf('</head>'));
  });

  it('keeps extra CSS from closing its style element', () => {
    const html = markdownDocument('text', { extraCss: 'p{}</style><script>alert(1)</script>' });
    expect(html).not.toContain('</style><script>');
  });

  it('titles the document from the first heading as the old pattern did', () => {
    const oldTitle = (body: string): string =>
      (/<h1[^>]*>([\s\S]*?)<\/h1>/i.exec(body)?.[1] ?? '').replace(/<[^>]*>/g, '').replace(/\s+/g, ' ').trim();
    fc.assert(
      fc.property(fc.array(fc.constantFrom('<h1>', '<H1 class="a">', '</h1>', '</H1>', '<', '>', '<b>', 'x', ' ', '\n', '<h1'), { maxLength: 14 }), (pieces) => {
        const body = pieces.join('');
        const title = oldTitle(body);
        const html = markdownDocumentFromHtml(body);
        if (title) expect(html).toContain(`<title>${title}</title>`);
        else expect(html).not.toContain('<title>');
      }),
      { numRuns: 2000 },
    );
  });

  it('finds the title in one pass over hostile markup', () => {
    // Raw HTML passes through micromark: headings never closed, and a title full of `<`.
    expect(markdownDocumentFromHtml('<h1>'.repeat(200_000))).not.toContain('<title>');
    expect(markdownDocumentFromHtml(`<h1>${'<'.repeat(300_000)}</h1>`)).toContain('<title><<<');
  }, 10_000);
});
