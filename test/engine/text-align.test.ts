// text-align and text-align-last: left, right, center, justify, start/end with direction.
import { describe, expect, it } from 'vitest';
import { findBox, layoutHtml, lineBoxes, textRuns, type FoundRun } from '../../src/testing/render.js';

const CH = (1229 / 2048) * 16;
// As Blink aligns a line (decision 0395): its content's width in layout units rounded up, and half
// the room left truncated to layout units for centring. "abc" centred in 200px starts at 85.59375.
const lu = (px: number): number => Math.ceil(px * 64) / 64;
const half = (px: number): number => Math.trunc(px * 32) / 64;

const page = (body: string, css = ''): string =>
  `<style>@page { size: 400px 600px; margin: 0 } body { margin: 0; font: 16px/20px Cousine } ${css}</style>${body}`;

/** Left and right edges of the text on each line (runs on one baseline). */
function lineExtents(runs: readonly FoundRun[]): { left: number; right: number }[] {
  const byBaseline = new Map<number, FoundRun[]>();
  for (const r of runs) byBaseline.set(r.baseline, [...(byBaseline.get(r.baseline) ?? []), r]);
  return [...byBaseline.values()].map((rs) => ({ left: Math.min(...rs.map((r) => r.x)), right: Math.max(...rs.map((r) => r.x + r.width)) }));
}

describe('text-align', () => {
  it('puts text at the left edge by default', async () => {
    const pages = await layoutHtml(page('<div id=t style="width:200px;padding-left:10px">abc</div>'));
    expect(textRuns(pages, '#t')[0].x).toBe(10);
  });

  it('puts the text\'s right edge on the content box\'s right edge with right', async () => {
    const pages = await layoutHtml(page('<div id=t style="width:200px;padding:0 15px;text-align:right">abc</div>'));
    const [run] = textRuns(pages, '#t');
    expect(run.x + run.width).toBe(15 + 200 - (lu(3 * CH) - 3 * CH));
  });

  it('starts a centred or right-aligned line wider than its box at the left edge (CSS Text 3 §6.1), as Chromium does', async () => {
    for (const align of ['center', 'right']) {
      const pages = await layoutHtml(page(`<div id=t style="width:50px;padding-left:10px;white-space:nowrap;text-align:${align}">abcdefghij</div>`));
      expect(textRuns(pages, '#t')[0].x).toBe(10);
    }
  });

  it('aligns every line right, trailing spaces hanging outside', async () => {
    const pages = await layoutHtml(page('<div id=t style="width:100px;text-align:right">aaaa bbbb cc dd </div>'));
    const extents = lineExtents(textRuns(pages, '#t'));
    expect(extents).toHaveLength(2);
    for (const e of extents) expect(100 - e.right).toBeLessThan(1 / 64);
  });

  it('aligns a line ended by <br> right without the space before the <br>', async () => {
    const pages = await layoutHtml(page('<div id=t style="width:100px;text-align:right">abc <br>d</div>'));
    const [abc] = textRuns(pages, '#t');
    expect(abc.x).toBe(100 - lu(3 * CH));
  });

  it('centres each line in the content box', async () => {
    const pages = await layoutHtml(page('<div id=t style="width:200px;padding-left:20px;text-align:center">abc<br>abcde</div>'));
    const runs = textRuns(pages, '#t');
    expect(runs[0].x).toBe(20 + half(200 - lu(3 * CH)));
    expect(runs[1].x).toBe(20 + half(200 - lu(5 * CH)));
  });

  it('is inherited by descendants', async () => {
    const pages = await layoutHtml(page('<div style="width:200px;text-align:right"><p id=t style="margin:0">abc</p></div>'));
    const [run] = textRuns(pages, '#t');
    expect(200 - (run.x + run.width)).toBeLessThan(1 / 64);
  });

  it('aligns inline-blocks and images like text', async () => {
    const pages = await layoutHtml(page('<div id=t style="width:200px;text-align:center"><span id=ib style="display:inline-block;width:50px;height:10px"></span></div>'));
    expect(findBox(pages, '#ib').x).toBeCloseTo(75, 5);
  });

  it('does not move a block child, only the inline content', async () => {
    const pages = await layoutHtml(page('<div style="width:200px;text-align:center"><div id=b style="width:50px;height:10px"></div></div>'));
    expect(findBox(pages, '#b').x).toBe(0);
  });

  it('centres the text of <center> and of table headers by the UA stylesheet', async () => {
    const pages = await layoutHtml(page('<center id=c style="width:200px">abc</center>'));
    expect(textRuns(pages, '#c')[0].x).toBe(half(200 - lu(3 * CH)));
  });

  it('maps start and end to left and right in ltr', async () => {
    const pages = await layoutHtml(page('<div id=s style="width:200px;text-align:start">abc</div><div id=e style="width:200px;text-align:end">abc</div>'));
    expect(textRuns(pages, '#s')[0].x).toBe(0);
    const e = textRuns(pages, '#e')[0];
    expect(200 - (e.x + e.width)).toBeLessThan(1 / 64);
  });

  it('maps start to the right edge in rtl', async () => {
    const pages = await layoutHtml(page('<div id=s dir=rtl style="width:200px;text-align:start">abc</div><div id=e dir=rtl style="width:200px;text-align:end">abc</div>'));
    const s = textRuns(pages, '#s')[0];
    expect(200 - (s.x + s.width)).toBeLessThan(1 / 64);
    expect(textRuns(pages, '#e')[0].x).toBe(0);
  });
});

describe('text-align: justify', () => {
  it('stretches the spaces of every line but the last to fill the line', async () => {
    const pages = await layoutHtml(page('<div id=t style="width:100px;text-align:justify">aa bb cc dd ee ff</div>'));
    const lines = lineBoxes(pages, '#t');
    expect(lines.map((l) => l.text)).toEqual(['aa bb cc', 'dd ee ff']);
    const runs = textRuns(pages, '#t');
    const [first, last] = lineExtents(runs);
    expect(first.left).toBe(0);
    expect(first.right).toBeCloseTo(100, 5);
    expect(last.right).toBeCloseTo(8 * CH, 5);
  });

  it('hands the free space out evenly as word spacing', async () => {
    const pages = await layoutHtml(page('<div id=t style="width:100px;text-align:justify">aa bb cc dd ee ff</div>'));
    const first = textRuns(pages, '#t')[0];
    expect(first.fragment.kind === 'text' && first.fragment.wordSpacing).toBeCloseTo((100 - 8 * CH) / 2, 5);
  });

  it('does not justify a line ended by <br>', async () => {
    const pages = await layoutHtml(page('<div id=t style="width:100px;text-align:justify">aa bb<br>cc dd ee ff gg</div>'));
    const [first] = lineExtents(textRuns(pages, '#t'));
    expect(first.right).toBeCloseTo(5 * CH, 5);
  });

  it('leaves a line without spaces at the start', async () => {
    const pages = await layoutHtml(page('<div id=t style="width:100px;text-align:justify">aaaaaa bbbbbbb</div>'));
    const runs = textRuns(pages, '#t');
    expect(runs[0].x).toBe(0);
    expect(runs[0].width).toBeCloseTo(6 * CH, 5);
  });

  it('moves inline elements along with the stretched spaces', async () => {
    const pages = await layoutHtml(page('<div id=t style="width:100px;text-align:justify">aa <b>bb</b> cc dd ee ff</div>'));
    const runs = textRuns(pages, '#t');
    const bb = runs.find((r) => r.text === 'bb')!;
    const extra = (100 - 8 * CH) / 2;
    expect(bb.x).toBeCloseTo(3 * CH + extra, 5);
  });

  it('justifies the last line with text-align-last: justify', async () => {
    const pages = await layoutHtml(page('<div id=t style="width:100px;text-align:justify;text-align-last:justify">aa bb cc dd ee</div>'));
    const extents = lineExtents(textRuns(pages, '#t'));
    expect(extents[extents.length - 1].right).toBeCloseTo(100, 5);
  });

  it('aligns the last line by text-align-last', async () => {
    const pages = await layoutHtml(page('<div id=t style="width:100px;text-align:justify;text-align-last:right">aa bb cc dd</div>'));
    const extents = lineExtents(textRuns(pages, '#t'));
    expect(extents[extents.length - 1].right).toBeCloseTo(100, 5);
    expect(extents[extents.length - 1].left).toBeCloseTo(100 - 2 * CH, 5);
  });

  it('centres the only line with text-align-last: center', async () => {
    const pages = await layoutHtml(page('<div id=t style="width:100px;text-align-last:center">ab</div>'));
    expect(textRuns(pages, '#t')[0].x).toBe(half(100 - lu(2 * CH)));
  });
});

describe('legacy alignment of block-level children (-webkit-center, -webkit-right)', () => {
  const doc = (body: string): string => `<!DOCTYPE html><style>@page { size: 800px 600px; margin: 0 } body { margin: 0; font: 16px Arial } table { border-spacing: 0 } td { padding: 0 }</style>${body}`;

  it('centres tables and blocks with a width inside <center>, as Chromium does', async () => {
    const pages = await layoutHtml(doc('<center><table id=t style="width: 200px"><tr><td>a</td></tr></table><div id=d style="width: 200px">d</div><p id=p>text</p></center>'));
    expect([findBox(pages, '#t').x, findBox(pages, '#d').x, findBox(pages, '#p').x]).toEqual([300, 300, 0]);
  });

  it('right-aligns them in a cell with align=right, and keeps a start margin or an auto margin as it is', async () => {
    const pages = await layoutHtml(doc('<table style="width: 600px"><tr><td align=right><table id=t style="width: 200px"><tr><td>a</td></tr></table><div id=d style="width: 100px">d</div></td></tr></table>'
      + '<div align=center><div id=m style="width: 100px; margin-left: 10px">x</div><div id=a style="width: 100px; margin-right: auto">x</div></div>'
      + '<div style="text-align: center"><div id=c style="width: 100px">x</div></div>'));
    expect(findBox(pages, '#t').x).toBe(400);
    expect(findBox(pages, '#d').x).toBe(500);
    expect(findBox(pages, '#m').x).toBe(355);
    expect(findBox(pages, '#a').x).toBe(0);
    expect(findBox(pages, '#c').x).toBe(0);
  });
});
