// A paragraph that is one run of text (most table cells) is measured and laid out by shortcuts:
// its intrinsic widths summed as its breaks are found, its line built directly. The same text
// split into two text nodes (by an empty comment) goes through the general line breaking and line
// building: both must give the same cell widths, lines and text positions. The tables are wider
// than their content, so the cells are wider than their text and alignment shows.
import { describe, expect, it } from 'vitest';
import { findBox, layoutHtml, lineBoxes, textRuns } from '../../src/testing/render.js';

const doc = (cell: string, css: string, doctype = '<!DOCTYPE html>'): string =>
  `${doctype}<style>@page { size: 500px 400px; margin: 0 } body { margin: 0; font: 15px Arimo } table { border-spacing: 4px; width: 340px } td { ${css} }</style>` +
  `<table><tr><td id=one>${cell}</td><td>x</td></tr></table>` +
  `<table><tr><td id=two>${cell.replace(' ', ' <!---->')}</td><td>x</td></tr></table>`;

async function both(cell: string, css: string, doctype?: string) {
  const pages = await layoutHtml(doc(cell, css, doctype));
  const side = (id: string) => {
    const box = findBox(pages, `#${id}`);
    const lines = lineBoxes(pages, `#${id}`);
    const runs = textRuns(pages, `#${id}`);
    return {
      cell: { x: box.x, width: box.width, height: box.height },
      lines: lines.map((l) => ({ text: l.text, x: l.x, width: l.width, height: l.height, baseline: l.baseline - box.y })),
      start: Math.min(...runs.map((r) => r.x)),
      end: Math.max(...runs.map((r) => r.x + r.width)),
      runs: runs.length,
    };
  };
  return { one: side('one'), two: side('two') };
}

/** The two sides alike, to a millionth of a px (the split text is measured in two pieces). */
function expectSame(a: unknown, b: unknown): void {
  const rounded = (value: unknown): unknown => JSON.parse(JSON.stringify(value, (_, v: unknown) => (typeof v === 'number' ? Math.round(v * 1e6) / 1e6 : v)));
  expect(rounded(a)).toEqual(rounded(b));
}

describe('one run of text laid out by the shortcuts', () => {
  const cases: [string, string][] = [
    ['Total due', ''],
    ['Total due', 'text-align: right'],
    ['Total due', 'text-align: center'],
    ['Total due', 'text-indent: 12px'],
    ['Total due', 'direction: rtl'],
    ['Total due', 'direction: rtl; text-align: left'],
    ['Total due  ', 'text-align: right'],
    ['AVATAR Wolf', 'font-size: 21px; line-height: 2'],
    ['Yes, (see) 1-2/3?', 'vertical-align: middle; height: 60px'],
    ['a long cell that wraps', 'width: 70px'],
  ];
  for (const [cell, css] of cases) {
    it(`"${cell}" with ${css || 'no style'}`, async () => {
      const { one, two } = await both(cell, css);
      // The comment splits the second cell's text: a run per text node on its first line.
      expect(two.runs).toBeGreaterThan(one.runs);
      expectSame({ ...one, runs: 0 }, { ...two, runs: 0 });
    });
  }

  it('in quirks mode, where the line-height quirk applies', async () => {
    const { one, two } = await both('Total due', 'line-height: 40px', '');
    expect(two.runs).toBeGreaterThan(one.runs);
    expectSame({ ...one, runs: 0 }, { ...two, runs: 0 });
  });
});
