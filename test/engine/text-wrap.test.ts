// `text-wrap` (CSS Text 4): `balance` evens out the lines of a short paragraph as Chromium 156 does
// (lines probed against its PDFs, 16px Arial in 300px), and `nowrap`/`wrap` as the wrapping part
// of white-space (Tailwind's `text-balance`, `text-nowrap`, `text-wrap`).
import { describe, expect, it } from 'vitest';
import { layoutHtml, lineBoxes, textRuns } from '../../src/testing/render.js';

const WORDS = 'The quick brown fox jumps over the lazy dog while the cat watches from the warm windowsill and dreams of fish dinners every single night of the week'.split(' ');
const page = (body: string): string => `<!doctype html><style>@page { size: 600px 2000px; margin: 0 } body { margin: 0; font: 16px Arial } p { margin: 0; width: 300px }</style>${body}`;

async function lines(css: string, words: number): Promise<string[]> {
  return lineBoxes(await layoutHtml(page(`<p id=p style="${css}">${WORDS.slice(0, words).join(' ')}</p>`)), '#p').map((l) => l.text.trim());
}

describe('text-wrap: balance', () => {
  it.each([
    [8, ['The quick brown fox jumps over the lazy']],
    [12, ['The quick brown fox jumps', 'over the lazy dog while the cat']],
    [16, ['The quick brown fox jumps over the lazy', 'dog while the cat watches from the warm']],
    [20, ['The quick brown fox jumps over the', 'lazy dog while the cat watches from', 'the warm windowsill and dreams of']],
    [24, ['The quick brown fox jumps over', 'the lazy dog while the cat watches', 'from the warm windowsill and', 'dreams of fish dinners every single']],
  ])('breaks %i words where Chromium does', async (words, expected) => {
    expect(await lines('text-wrap: balance', words)).toEqual(expected);
  });

  it('balances text with inline elements in it as plain text (a heading with a <u> or <a>)', async () => {
    const inline = WORDS.slice(0, 12).map((word, i) => (i === 3 ? `<u>${word}</u>` : i === 7 ? `<a href="#x">${word}</a>` : word)).join(' ');
    const pages = await layoutHtml(page(`<p id=p style="text-wrap: balance">${inline}</p>`));
    expect(lineBoxes(pages, '#p').map((l) => l.text.trim())).toEqual(['The quick brown fox jumps', 'over the lazy dog while the cat']);
  });

  it('leaves a paragraph of more than six lines as it fills', async () => {
    const text = `${WORDS.join(' ')} ${WORDS.join(' ')}`;
    const at = async (css: string) => lineBoxes(await layoutHtml(page(`<p id=p style="${css}">${text}</p>`)), '#p').map((l) => l.text.trim());
    expect(await at('text-wrap: balance')).toEqual(await at(''));
  });

  it('aligns the balanced lines in the full width', async () => {
    const pages = await layoutHtml(page(`<p id=p style="text-wrap: balance; text-align: center">${WORDS.slice(0, 12).join(' ')}</p>`));
    const runs = textRuns(pages, '#p');
    const centres = [runs[0]!, runs[runs.length - 1]!].map((r) => r.x + r.width / 2);
    for (const centre of centres) expect(Math.abs(centre - 150)).toBeLessThan(3);
  });
});

describe('text-wrap: nowrap and wrap', () => {
  it('keeps the text on one line with nowrap, and wraps it again with wrap', async () => {
    expect(await lines('text-wrap: nowrap', 12)).toHaveLength(1);
    expect(await lines('white-space: nowrap; text-wrap: wrap', 12)).toHaveLength(2);
    // A style alone leaves white-space as it is.
    expect(await lines('white-space: nowrap; text-wrap: balance', 12)).toHaveLength(1);
  });
});
