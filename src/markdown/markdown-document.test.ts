// Markdown to HTML with GFM, wrapped in a styled document.
import { describe, expect, it } from 'vitest';
import { markdownDocument } from './markdown-document.js';
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
});
