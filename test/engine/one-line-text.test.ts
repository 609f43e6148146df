// Plain text whose measured width fits is laid out as one line from the intrinsic-width pass
// (decision 0165); text that does not fit, or has a forced break, still goes through line breaking.
// Cousine is monospaced: 16px gives about 9.6px a character.
import { describe, expect, it } from 'vitest';
import { layoutHtml, lineBoxes, textRuns } from '../../src/testing/render.js';

const page = (body: string, css = ''): string =>
  `<!DOCTYPE html><style>@page { size: 400px 300px; margin: 0 } body { margin: 0; font: 16px/20px Cousine } table { border-spacing: 0 } td { padding: 0 } ${css}</style>${body}`;

const lines = async (html: string, selector: string): Promise<string[]> => lineBoxes(await layoutHtml(html), selector).map((l) => l.text);

describe('one-line text in measured boxes', () => {
  it('keeps a cell that fits its column on one line, its text where line breaking puts it', async () => {
    const pages = await layoutHtml(page('<table><tr><td id=a>left cell</td><td id=b style="text-align: right; width: 200px">two words</td></tr></table>'));
    expect(lineBoxes(pages, '#a').map((l) => l.text)).toEqual(['left cell']);
    expect(lineBoxes(pages, '#b').map((l) => l.text)).toEqual(['two words']);
    const [run] = textRuns(pages, '#b');
    // Right-aligned in its 200px cell, after the 9 characters of the first cell.
    expect(run.x + run.width).toBeCloseTo(9 * 9.6 + 200, 1);
  });

  it('breaks a cell narrower than its text, as before', async () => {
    expect(await lines(page('<table style="width: 60px"><tr><td id=a>aa bb cc</td></tr></table>'), '#a')).toEqual(['aa bb', 'cc']);
  });

  it('breaks a cell whose text fits its width but not beside its text-indent', async () => {
    // "aa aa" is 48px; with 20px of indent in a 50px cell only "aa" fits on the first line.
    expect(await lines(page('<table><tr><td id=a style="width: 50px; text-indent: 20px">aa aa</td></tr></table>'), '#a')).toEqual(['aa', 'aa']);
  });

  it('keeps forced breaks in text that would fit on one line', async () => {
    expect(await lines(page('<table><tr><td id=a style="white-space: pre-line">ab\ncd</td><td style="width: 300px">x</td></tr></table>'), '#a')).toEqual(['ab', 'cd']);
  });

  it('lays out a shrink-to-fit float and an inline-block on one line each', async () => {
    const pages = await layoutHtml(page('<div id=f style="float: left">float text</div><span id=i style="display: inline-block">inline block</span>'));
    expect(lineBoxes(pages, '#f').map((l) => l.text)).toEqual(['float text']);
    expect(lineBoxes(pages, '#i').map((l) => l.text)).toEqual(['inline block']);
  });

  it('gives a cell the same lines on every page its table is repeated on', async () => {
    const rows = Array.from({ length: 30 }, (_, i) => `<tr><td>row ${i}</td></tr>`).join('');
    const pages = await layoutHtml(page(`<table><thead><tr><td class=h>head cell</td></tr></thead><tbody>${rows}</tbody></table>`));
    expect(pages.length).toBeGreaterThan(1);
    const heads = lineBoxes(pages, '.h');
    expect(heads.map((l) => l.text)).toEqual(pages.map(() => 'head cell'));
    expect(new Set(heads.map((l) => l.page)).size).toBe(pages.length);
  });
});
