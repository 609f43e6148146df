import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { gcpmUse, needsWeasyPrint } from '../../scripts/fidelity/needs-weasyprint.js';

describe('which corpus documents need a WeasyPrint reference', () => {
  it.each([
    ['header { position: running(header) }', true],
    ['@top-center { content: element(header) }', true],
    ['h1 { string-set: title content(text) }', true],
    ['@top-left { content: string(title, first) }', true],
    ['a::after { content: target-counter(attr(href), page) }', true],
    ['a::after { content: leader(".") target-counter(attr(href url), page) }', true],
    ['a::after { content: target-text(attr(href)) }', true],
    ['@bottom-center { content: "Page " counter(page) " of " counter(pages) }', false],
    ['.x { position: relative; content: "string(" }', false],
    ['p::before { content: attr(title) }', false],
  ])('%s → %s', (css, expected) => {
    expect(gcpmUse(css) !== null).toBe(expected);
  });

  it('looks at the HTML and CSS files of a document folder', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'pagesmith-gcpm-'));
    try {
      await writeFile(join(dir, 'source.html'), '<p>plain</p>');
      expect(await needsWeasyPrint(dir)).toBe(false);
      await writeFile(join(dir, 'style.css'), 'footer { position: running(footer) }');
      expect(await needsWeasyPrint(dir)).toBe(true);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
