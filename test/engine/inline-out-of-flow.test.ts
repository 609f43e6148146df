// Floats and absolutely positioned boxes inside inline content: the inline is not split around
// them; a float goes beside the line it occurs in when it fits (else under it), an absolutely
// positioned box takes its static position from the line. Geometry as measured in Chromium.
import { describe, expect, it } from 'vitest';
import { findBox, findBoxes, layoutHtml, lineBoxes, paintHtml, textRuns } from '../../src/testing/render.js';

const doc = (body: string, css = ''): string =>
  `<!doctype html><html><head><style>@page { size: 400px 600px; margin: 0 } body { margin: 0; font: 16px/20px Arimo }
  #c { width: 300px } .f { width: 50px; height: 30px } ${css}</style></head><body>${body}</body></html>`;

const rect = (b: { x: number; y: number; width: number; height: number }): number[] => [b.x, b.y, b.width, b.height].map((v) => Math.round(v * 10) / 10);
const runX = (pages: Awaited<ReturnType<typeof layoutHtml>>, text: string): number => {
  const run = textRuns(pages).find((r) => r.text.includes(text));
  if (!run) throw new Error(`no run with ${text}`);
  return Math.round(run.x * 10) / 10;
};

describe('floats inside an inline', () => {
  it('floats a left float from the line where it occurs, the whole line moved beside it', async () => {
    const pages = await layoutHtml(doc('<div id=c>AA1 AA2 <span id=s>AA3 <i id=f class=f style="float:left"></i>AA4 AA5</span> AA6 AA7 AA8 AA9 AA10 AA11 AA12 AA13 AA14 AA15 AA16 AA17</div>'));
    expect(rect(findBox(pages, '#f'))).toEqual([0, 0, 50, 30]);
    const lines = lineBoxes(pages);
    expect(lines[0].text).toMatch(/^AA1 AA2 AA3 AA4 AA5/);
    expect(runX(pages, 'AA1')).toBe(50);
    // The span is not split: one fragment on the first line, with both its edges.
    const spans = findBoxes(pages, '#s');
    expect(spans.length).toBe(1);
    expect(spans[0].fragment.kind === 'inline' && spans[0].fragment.hasStart && spans[0].fragment.hasEnd).toBe(true);
    // The second line is beside the float too, the third under it.
    expect(lines[1].fragment.children.find((c) => c.kind === 'text')!.x).toBe(50);
    expect(lines[2].fragment.children.find((c) => c.kind === 'text')!.x).toBe(0);
  });

  it('puts a right float at the right of the line it occurs in', async () => {
    const pages = await layoutHtml(doc('<div id=c>BB1 BB2 <span>BB3 <i id=f class=f style="float:right"></i>BB4 BB5</span> BB6 BB7 BB8 BB9 BB10 BB11 BB12</div>'));
    expect(rect(findBox(pages, '#f'))).toEqual([250, 0, 50, 30]);
    expect(runX(pages, 'BB1')).toBe(0);
    expect(lineBoxes(pages)[0].text).toMatch(/^BB1 BB2 BB3 BB4 BB5/);
  });

  it('puts a float that does not fit beside the line under it', async () => {
    const pages = await layoutHtml(doc('<div id=c>CC1 CC2 CC3 CC4 CC5 CC6 CC7 <span>CC8 <i id=f class=f style="float:left;width:200px"></i>CC9 CC10</span> CC11</div>'));
    expect(rect(findBox(pages, '#f'))).toEqual([0, 20, 200, 30]);
    const lines = lineBoxes(pages);
    expect(lines[0].text).toBe('CC1 CC2 CC3 CC4 CC5 CC6 CC7 CC8');
    expect(runX(pages, 'CC9')).toBe(200);
  });

  it('floats from the line it occurs on when that is not the first', async () => {
    const pages = await layoutHtml(doc('<div id=c>II1 II2 II3 II4 II5 II6 II7 II8 II9 II10 II11 II12 <span>II13 <i id=f class=f style="float:left"></i>II14</span> II15</div>'));
    expect(rect(findBox(pages, '#f'))).toEqual([0, 20, 50, 30]);
    expect(runX(pages, 'II13')).toBe(50);
  });

  it('floats a float at the start of an inline at the start of the block', async () => {
    const pages = await layoutHtml(doc('<div id=c><span id=s style="background:yellow"><i id=f class=f style="float:left"></i>DD1 DD2</span> DD3</div>'));
    expect(rect(findBox(pages, '#f'))).toEqual([0, 0, 50, 30]);
    expect(findBox(pages, '#s').x).toBe(50);
  });

  it('stacks two floats met on one line side by side', async () => {
    const pages = await layoutHtml(doc('<div id=c>NN1 <span>NN2 <i id=f1 class=f style="float:left"></i><i id=f2 class=f style="float:left"></i>NN3</span> NN4</div>'));
    expect(rect(findBox(pages, '#f1'))).toEqual([0, 0, 50, 30]);
    expect(rect(findBox(pages, '#f2'))).toEqual([50, 0, 50, 30]);
    expect(runX(pages, 'NN1')).toBe(100);
  });

  it('puts a float with clear under the floats it clears, the lines beside both', async () => {
    const pages = await layoutHtml(doc('<div id=c>TT1 <span><i id=f1 class=f style="float:left"></i>TT2 <i id=f2 class=f style="float:left;clear:left"></i>TT3</span> TT4 TT5 TT6 TT7 TT8 TT9 TT10 TT11 TT12 TT13 TT14 TT15 TT16 TT17 TT18</div>'));
    expect(rect(findBox(pages, '#f1'))).toEqual([0, 0, 50, 30]);
    expect(rect(findBox(pages, '#f2'))).toEqual([0, 30, 50, 30]);
    expect(lineBoxes(pages).map((l) => Math.round(l.fragment.children.find((c) => c.kind === 'text')!.x))).toEqual([50, 50, 50]);
  });

  it('clears earlier floats with a float among blocks too', async () => {
    const pages = await layoutHtml(doc('<div id=c><i id=f1 class=f style="float:left"></i><i id=f2 class=f style="float:left;clear:left"></i>UU1</div>'));
    expect(rect(findBox(pages, '#f2'))).toEqual([0, 30, 50, 30]);
    expect(runX(pages, 'UU1')).toBe(50);
  });

  it('keeps nested inlines and their borders whole around a float deep inside them', async () => {
    const pages = await layoutHtml(doc('<div id=c>HH1 <span>HH2 <em id=e style="border:2px solid blue">HH3 <strong><i id=f class=f style="float:right;width:60px"></i>HH4</strong></em> HH5</span> HH6</div>'));
    expect(rect(findBox(pages, '#f'))).toEqual([240, 0, 60, 30]);
    const em = findBoxes(pages, '#e');
    expect(em.length).toBe(1);
    expect(em[0].fragment.kind === 'inline' && em[0].fragment.hasStart && em[0].fragment.hasEnd).toBe(true);
    expect(lineBoxes(pages)[0].text).toBe('HH1 HH2 HH3 HH4 HH5 HH6');
  });

  it('collapses the white space around a float as if it were not there', async () => {
    const pages = await layoutHtml(doc('<div id=c>KK1 <i class=f style="float:left"></i> KK2</div>'));
    expect(lineBoxes(pages)[0].text).toBe('KK1 KK2');
  });

  it('floats a float that is a direct child of the block from its line too', async () => {
    const pages = await layoutHtml(doc('<div id=c>KK1 KK2 <i id=f class=f style="float:left"></i>KK3 KK4</div>'));
    expect(rect(findBox(pages, '#f'))).toEqual([0, 0, 50, 30]);
    expect(lineBoxes(pages).length).toBe(1);
    expect(runX(pages, 'KK1')).toBe(50);
  });

  it('centres a line beside a right float in what the float leaves', async () => {
    const pages = await layoutHtml(doc('<div id=c style="text-align:center">m1 <span>m2 <i id=f class=f style="float:right"></i>m3</span></div>'));
    expect(rect(findBox(pages, '#f'))).toEqual([250, 0, 50, 30]);
    const line = lineBoxes(pages)[0].fragment;
    const texts = line.children.filter((c) => c.kind === 'text');
    const left = Math.min(...texts.map((t) => t.x));
    const right = Math.max(...texts.map((t) => t.x + t.width));
    expect(Math.abs(left - (250 - right))).toBeLessThan(0.5);
  });

  it('lets a block whose inline holds only a float collapse its margins through', async () => {
    const pages = await layoutHtml(doc('<div id=c><p id=p1 style="margin:10px 0">s1</p><span><i id=f class=f style="float:left"></i></span><p id=p2 style="margin:10px 0">s2</p></div>'));
    expect(findBox(pages, '#p2').y).toBe(40);
    expect(rect(findBox(pages, '#f'))).toEqual([0, 40, 50, 30]);
    expect(runX(pages, 's2')).toBe(50);
  });

  it('adds a float to the shrink-to-fit width of the inline-block it is in', async () => {
    const pages = await layoutHtml(doc('<div id=c><span id=b style="display:inline-block">OO1 <i id=f class=f style="float:right"></i>OO2</span></div>'));
    const b = findBox(pages, '#b');
    const text = textRuns(pages).filter((r) => r.text.includes('OO'));
    const textWidth = text.reduce((w, r) => w + r.width, 0);
    expect(b.width).toBeCloseTo(textWidth + 50, 0);
    expect(findBox(pages, '#f').x + 50).toBeCloseTo(b.x + b.width, 1);
  });

  it('links a float inside an inline link on its own, as Chromium does', async () => {
    const spy = await paintHtml(doc('<div id=c>LL1 <a href="https://example.com/x"><i class=f style="float:left"></i>LL2</a> LL3</div>'));
    const links = spy.calls.filter((c) => c.method === 'link').map((c) => c.args.slice(0, 4).map((v) => Math.round(Number(v))));
    expect(links).toContainEqual([0, 0, 50, 30]);
    expect(links.length).toBe(2);
  });

  it('carries a float onto the next page with its line, and the content after it flows beside it there', async () => {
    const words = Array.from({ length: 50 }, (_, i) => `BB${i + 1}`).join(' ');
    const pages = await layoutHtml(`<!doctype html><style>@page { size: 400px 200px; margin: 20px } body { margin: 0; font: 16px/20px Arimo }</style>
      <div style="width:300px">AA1 AA2 AA3 <span>${words} <i id=f style="float:left;width:50px;height:90px"></i>CC1 CC2</span> DD1 DD2</div><p id=after style="margin:0">after</p>`);
    expect(pages.length).toBe(2);
    const f = findBox(pages, '#f');
    expect(f.page).toBe(1);
    expect(rect(f)).toEqual([20, 40, 50, 90]);
    const after = textRuns(pages).find((r) => r.text === 'after')!;
    expect(after.page).toBe(1);
    expect(after.x).toBe(70);
  });
});

describe('absolutely positioned boxes inside an inline', () => {
  it('takes the static position where an inline-level box occurs on the line', async () => {
    const pages = await layoutHtml(doc('<div id=c>EE1 <span>EE2 <b id=a style="position:absolute">abs</b>EE3 EE4</span> EE5</div>'));
    const a = findBox(pages, '#a');
    expect(a.y).toBe(0);
    expect(a.x).toBeCloseTo(runX(pages, 'EE3'), 1);
    expect(lineBoxes(pages).filter((l) => l.text.includes('EE')).map((l) => l.text)).toEqual(['EE1 EE2 EE3 EE4 EE5']);
  });

  it('keeps the line top with right: 0 against a positioned container', async () => {
    const pages = await layoutHtml(doc('<div id=c style="position:relative;padding-top:10px">FF1 <span>FF2 <b id=a style="position:absolute;right:0;width:40px">x</b>FF3</span> FF4</div>'));
    expect(rect(findBox(pages, '#a'))).toEqual([260, 10, 40, 20]);
    expect(lineBoxes(pages, '#c').filter((l) => l.text.includes('FF')).length).toBe(1);
  });

  it('uses its offsets when it has them', async () => {
    const pages = await layoutHtml(doc('<div id=c style="position:relative">PP1 <span>PP2 <b id=a style="position:absolute;top:5px;left:100px">x</b>PP3</span></div>'));
    const a = findBox(pages, '#a');
    expect([a.x, a.y]).toEqual([100, 5]);
  });

  it('puts a block-level box under the line when content comes before it on the line, as Chromium does', async () => {
    const pages = await layoutHtml(doc('<div id=c>GG1 <span>GG2 <b id=a style="position:absolute;display:block">abs</b>GG3</span> GG4</div>'));
    expect([findBox(pages, '#a').x, findBox(pages, '#a').y]).toEqual([0, 20]);
    expect(lineBoxes(pages)[0].text).toBe('GG1 GG2 GG3 GG4');
  });

  it('puts a block-level box at the top of the line when it starts the line', async () => {
    const pages = await layoutHtml(doc('<div id=c><span><b id=a style="position:absolute;display:block">abs</b>JJ1</span></div>'));
    expect([findBox(pages, '#a').x, findBox(pages, '#a').y]).toEqual([0, 0]);
  });

  it('takes the position at the end of the last line when it ends the content', async () => {
    const pages = await layoutHtml(doc('<div id=c>TT1 TT2<span><b id=a style="position:absolute">abs</b></span></div>'));
    const a = findBox(pages, '#a');
    const end = textRuns(pages).filter((r) => r.text.includes('TT')).reduce((x, r) => Math.max(x, r.x + r.width), 0);
    expect(a.x).toBeCloseTo(end, 1);
    expect(a.y).toBe(0);
  });

  it('is placed against a positioned inline around it, its padding box', async () => {
    const pages = await layoutHtml(doc('<div id=c>AA1 <span id=s style="position:relative;padding:2px 5px;border:1px solid">AA2 AA3<b id=a style="position:absolute;right:0;top:-10px;width:20px;height:5px"></b></span> AA4</div>'));
    const s = findBox(pages, '#s');
    const a = findBox(pages, '#a');
    expect(a.x + a.width).toBeCloseTo(s.x + s.width - 1, 1);
    expect(a.y).toBeCloseTo(s.y + 1 - 10, 1);
  });

  it('takes the bottom of a positioned inline for bottom: 0', async () => {
    const pages = await layoutHtml(doc('<div id=c>BB1 <span id=s style="position:relative">BB2 <b id=a style="position:absolute;left:0;bottom:0;width:20px;height:5px"></b>BB3</span></div>'));
    const s = findBox(pages, '#s');
    const a = findBox(pages, '#a');
    expect([a.x, a.y + a.height]).toEqual([s.x, s.y + s.height]);
  });

  it('spans a positioned inline broken over two lines from its first fragment\'s start to its last\'s end, the other way round when that is negative (Blink)', async () => {
    const pages = await layoutHtml(doc('<div id=c>CC1 CC2 CC3 CC4 CC5 CC6 <span id=s style="position:relative">CC7 CC8 CC9 CC10<b id=a style="position:absolute;right:0;top:0;width:20px;height:5px"></b></span> CC11</div>'));
    const [first, last] = findBoxes(pages, '#s');
    const a = findBox(pages, '#a');
    expect(last.y).toBeGreaterThan(first.y);
    expect(a.x + a.width).toBeCloseTo(first.x, 1);
    expect(a.y).toBeCloseTo(first.y, 1);
  });

  it('follows its line onto the next page', async () => {
    const words = Array.from({ length: 50 }, (_, i) => `BB${i + 1}`).join(' ');
    const pages = await layoutHtml(`<!doctype html><style>@page { size: 400px 200px; margin: 20px } body { margin: 0; font: 16px/20px Arimo }</style>
      <div style="width:300px">AA1 AA2 AA3 <span>${words} <b id=a style="position:absolute">abs</b>CC1 CC2</span> DD1 DD2</div>`);
    const a = findBox(pages, '#a');
    expect(a.page).toBe(1);
    expect(a.y).toBe(40);
    expect(a.x).toBeCloseTo(textRuns(pages).find((r) => r.page === 1 && r.text.includes('CC1'))!.x, 1);
  });
});

describe('lines beside earlier floats', () => {
  it('shortens only the lines beside the float, counted from below a top padding', async () => {
    const pages = await layoutHtml(doc('<div id=c><div style="float:left;width:50px;height:40px"></div><p id=p style="margin:0;padding-top:30px">PP1 PP2 PP3 PP4 PP5 PP6 PP7 PP8 PP9 PP10 PP11 PP12 PP13 PP14 PP15 PP16 PP17 PP18</p></div>'));
    const lines = lineBoxes(pages, '#p');
    expect(lines[0].y).toBe(30);
    expect(lines.map((l) => Math.round(l.fragment.children.find((c) => c.kind === 'text')!.x))).toEqual([50, 0, 0]);
  });

  // Probed in Chromium 156 (decision 0417): a word wider than its block goes below the floats, not beside them past the block's edge.
  it('moves a line that fits nowhere below the floats around it', async () => {
    for (const [float, block] of [[206, 79], [40, 70], [70, 70]]) {
      const pages = await layoutHtml(doc(`<div id=c><div style="float:left;width:${float}px;height:40px"></div><div id=b style="width:${block}px">WWWWWWWWWW1</div></div>`));
      const line = lineBoxes(pages, '#b').find((l) => l.text !== '')!;
      expect([line.y, Math.round(line.fragment.children.find((c) => c.kind === 'text')!.x)], `${float} ${block}`).toEqual([40, 0]);
    }
  });

  it('moves a line whose first word does not fit beside the floats down past them', async () => {
    const pages = await layoutHtml(doc('<div id=c><div style="float:left;width:270px;height:40px"></div><p id=p style="margin:0">PPPPPP1 PP2</p></div>'));
    const lines = lineBoxes(pages, '#p').filter((l) => l.text !== '');
    expect(lines.map((l) => [l.y, Math.round(l.fragment.children.find((c) => c.kind === 'text')!.x)])).toEqual([[40, 0]]);
  });

  it('puts the text after a float wider than the block under it', async () => {
    const pages = await layoutHtml(doc('<div id=c style="width:100px"><span><i id=f class=f style="float:left;width:300px"></i>BB2</span> BB3</div>'));
    expect(rect(findBox(pages, '#f'))).toEqual([0, 0, 300, 30]);
    expect(textRuns(pages).find((r) => r.text.includes('BB2'))!.baseline).toBeGreaterThan(30);
  });

  it('keeps a line that fits nowhere beside the float met in it (no wrap), as Chromium does', async () => {
    const pages = await layoutHtml(doc('<div id=c style="white-space:nowrap">CC1 CC2 <span>CC3 <i id=f class=f style="float:right"></i>CC4 CC5 CC6 CC7 CC8 CC9 CC10 CC11</span></div>'));
    expect(rect(findBox(pages, '#f'))).toEqual([250, 0, 50, 30]);
    expect(lineBoxes(pages)[0].y).toBe(0);
  });

  it('keeps the white space after display: contents with a float', async () => {
    const pages = await layoutHtml(doc('<div id=c><span style="display:contents;float:left">GG1</span> GG2</div>'));
    expect(lineBoxes(pages)[0].text).toBe('GG1 GG2');
  });

  it('grows a table cell to the float met among its text', async () => {
    const pages = await layoutHtml(doc('<table><tr><td id=a style="padding:1px;border:1px solid">AA1 <span><i class=f style="float:right"></i>AA2</span></td></tr></table>'));
    expect(findBox(pages, '#a').height).toBe(34);
  });
});
