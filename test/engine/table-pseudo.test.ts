// ::before and ::after on a table: its first and last children, each in an anonymous row and cell
// (CSS 2.1 §17.2.1), as Chromium lays out the clearfix `table::after { content: ""; display: table }`.
import { describe, expect, it } from 'vitest';
import { findBox, layoutHtml, textRuns } from '../../src/testing/render.js';

const page = (css: string, body: string): string =>
  `<style>@page { size: 400px 400px; margin: 0 } body { margin: 0; font: 16px/20px Arial } table { border-spacing: 10px } td { padding: 0 } ${css}</style>${body}`;

describe('pseudo-elements of a table', () => {
  it('adds a row for ::after, its empty display: table surrounded by the inherited border-spacing', async () => {
    const plain = findBox(await layoutHtml(page('', '<table><tr><td>one</td></tr></table>')), 'table');
    const clearfix = findBox(await layoutHtml(page('table::after { content: ""; display: table }', '<table><tr><td>one</td></tr></table>')), 'table');
    // One more row (10px of spacing under it) holding a table of one empty row (10px above and below it).
    expect(clearfix.height - plain.height).toBeCloseTo(30, 1);
  });

  it('puts ::before text in a row above the first row, and ::after text in one below the last', async () => {
    const pages = await layoutHtml(page('table::before { content: "B" } table::after { content: "A" }', '<table><tr><td>one</td></tr></table>'));
    const [b, one, a] = ['B', 'one', 'A'].map((t) => textRuns(pages).find((r) => r.text === t)!);
    expect(b.baseline).toBeLessThan(one.baseline);
    expect(a.baseline).toBeGreaterThan(one.baseline);
    expect(a.x).toBeCloseTo(one.x, 1);
  });

  it('keeps the header group first and the footer last around the pseudo-elements\' rows', async () => {
    const pages = await layoutHtml(page('table::before { content: "B" } table::after { content: "A" }',
      '<table><tfoot><tr><td>foot</td></tr></tfoot><thead><tr><td>head</td></tr></thead><tr><td>body</td></tr></table>'));
    const order = textRuns(pages).sort((x, y) => x.baseline - y.baseline).map((r) => r.text);
    expect(order).toEqual(['head', 'B', 'body', 'A', 'foot']);
  });
});
