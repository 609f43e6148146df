// text-overflow: ellipsis, -webkit-line-clamp and background-clip: text (issue 28), each against
// what Chromium 156 prints (its PDFs: test/fidelity/features; decisions 0317-0319 give the scores).
import { describe, expect, it } from 'vitest';
import { findBox, layoutHtml, paintHtml, pixelPage, renderPdf, renderPixels, skipPixelTests, textRuns } from '../../src/testing/render.js';
import { describeWithTools, pdftotext } from '../protect/tools.js';

const page = (css: string, body: string): string =>
  `<!DOCTYPE html><meta charset="utf-8"><style>@page { size: 600px 800px; margin: 20px } body { margin: 0; font: 16px/20px Arimo } ${css}</style>${body}`;
const truncating = '.e { width: 200px; white-space: nowrap; overflow: hidden; text-overflow: ellipsis }';
const FOX = 'The quick brown fox jumps over the lazy dog';

/** The text a box's one line shows, runs joined left to right. */
async function shown(html: string, selector: string): Promise<string> {
  return textRuns(await layoutHtml(html), selector).sort((a, b) => a.x - b.x).map((r) => r.text).join('');
}

describe('text-overflow', () => {
  it('cuts an overflowing line so that an ellipsis fits inside the content box, as Chromium prints it', async () => {
    const pages = await layoutHtml(page(truncating, `<div class=e id=a>${FOX}</div>`));
    const runs = textRuns(pages, '#a');
    expect(runs.map((r) => r.text).join('')).toBe('The quick brown fox jump\u2026');
    const last = runs[runs.length - 1]!;
    const box = findBox(pages, '#a');
    expect(last.x + last.width).toBeLessThanOrEqual(box.x + box.width + 0.01);
  });

  it('leaves lines that fit, `clip`, and boxes that do not clip as they are', async () => {
    expect(await shown(page(truncating, '<div class=e id=a>Short text</div>'), '#a')).toBe('Short text');
    expect(await shown(page(truncating, `<div class=e id=a style="text-overflow: clip">${FOX}</div>`), '#a')).toBe(FOX);
    expect(await shown(page(truncating, `<div class=e id=a style="overflow: visible">${FOX}</div>`), '#a')).toBe(FOX);
  });

  it('takes no <string>, as Chromium: the declaration is dropped', async () => {
    expect(await shown(page(truncating, `<div class=e id=a style="text-overflow: '[..]'">${FOX}</div>`), '#a')).toBe('The quick brown fox jump\u2026');
  });

  it('removes an atomic inline whole and cuts right-to-left lines at their left', async () => {
    const atomic = '<span style="display:inline-block;width:60px;height:12px;background:#c00"></span>';
    const pages = await layoutHtml(page(truncating, `<div class=e id=a>Alpha <b>bold words here</b> ${atomic} tail</div>`));
    expect(textRuns(pages, '#a').map((r) => r.text).join('')).toBe('Alpha bold words here \u2026');
    expect(await shown(page(truncating, `<div class=e id=a dir=rtl>${FOX}</div>`), '#a')).toBe('\u2026x jumps over the lazy dog');
  });

  it("keeps a line's first character, clipped rather than ellipsed, as Chromium keeps it", async () => {
    const pages = await layoutHtml(page('td.cut { max-width: 0; overflow: hidden; text-overflow: ellipsis; white-space: nowrap } table { width: 300px }',
      '<table><tr><td>INV-2024-001</td><td class=cut id=a>Consulting services for the migration</td><td>$12,400.00</td></tr></table>'));
    expect(textRuns(pages, '#a').map((r) => r.text).join('')).toBe('C\u2026');
  });

  it('truncates a flex item that may shrink (min-width: 0), beside one that may not', async () => {
    const pages = await layoutHtml(page('.row { display: flex; width: 320px } .grow { min-width: 0; flex: 1; overflow: hidden; text-overflow: ellipsis; white-space: nowrap }',
      '<div class=row><div class=grow id=a>alice.wonderland@example-enterprise-domain.com</div><span id=b style="flex:none">Admin</span></div>'));
    const text = textRuns(pages, '#a').map((r) => r.text).join('');
    expect(text.endsWith('\u2026')).toBe(true);
    expect(text.length).toBeLessThan(46);
    expect(findBox(pages, '#b').x + findBox(pages, '#b').width).toBeCloseTo(20 + 320, 0);
  });

  it('cuts whole grapheme clusters', async () => {
    const text = 'e\u0301'.repeat(40);
    const cut = await shown(page(truncating, `<div class=e id=a>${text}</div>`), '#a');
    expect(cut.endsWith('\u2026')).toBe(true);
    expect(cut.slice(0, -1)).toMatch(/^(e\u0301)+$/);
  });

  it('cuts only the overflowing lines of wrapped text, and table cells', async () => {
    const wrapped = await layoutHtml(page(truncating, '<div class=e id=a style="white-space: normal; width: 120px">Wrapping words and averyveryverylongwordthatoverflows then more</div>'));
    const lines = new Map<number, string>();
    for (const run of textRuns(wrapped, '#a')) lines.set(run.baseline, (lines.get(run.baseline) ?? '') + run.text);
    expect([...lines.values()].map((t) => t.trim())).toEqual(['Wrapping words', 'and', 'averyveryveryl\u2026', 'then more']);
    const cells = await layoutHtml(page('td { max-width: 150px; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; border: 1px solid #888; padding: 4px } table { table-layout: fixed; width: 400px; border-collapse: collapse }',
      '<table><tr><td id=a>Invoice 2024-0042 for Consolidated Widgets Ltd</td><td id=b>Paid in full by bank transfer on 12 March</td></tr></table>'));
    expect(textRuns(cells, '#a').map((r) => r.text).join('')).toBe('Invoice 2024-0042 for C\u2026');
    expect(textRuns(cells, '#b').map((r) => r.text).join('')).toBe('Paid in full by bank trans\u2026');
  });
});

describe('-webkit-line-clamp', () => {
  const clamp = '.c { width: 260px; display: -webkit-box; -webkit-box-orient: vertical; -webkit-line-clamp: 3; overflow: hidden; padding: 4px } p { margin: 0 0 6px }';
  const LOREM = 'Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt ut labore et dolore magna aliqua. Ut enim ad minim veniam, quis nostrud exercitation ullamco laboris.';

  it('ends the box after its Nth line, which ends with an ellipsis, as Chromium prints it', async () => {
    const pages = await layoutHtml(page(clamp, `<div class=c id=a>${LOREM}</div><div id=after style="height:10px"></div>`));
    expect(findBox(pages, '#a').height).toBe(3 * 20 + 8);
    expect(findBox(pages, '#after').y).toBe(20 + 68);
    const text = textRuns(pages, '#a').map((r) => r.text).join('');
    expect(text).toContain('eiusmod tempor incididunt ut labo\u2026');
  });

  it('counts lines through block descendants in order', async () => {
    const pages = await layoutHtml(page(clamp, '<div class=c id=b><p>First paragraph with words that take two lines in this narrow box.</p><p>Second paragraph that is cut after its first line by the clamp, with more words.</p><p>Third paragraph never shows.</p></div>'));
    // Two lines, the paragraph's 6px margin, one line, and the padding.
    expect(findBox(pages, '#b').height).toBe(40 + 6 + 20 + 8);
    expect(textRuns(pages, '#b').map((r) => r.text).join('')).toContain('Second paragraph that is cut after\u2026');
  });

  it('leaves a box with no more lines than the clamp as it is, and clamps nothing but a vertical -webkit-box', async () => {
    const short = await layoutHtml(page(clamp, '<div class=c id=c style="-webkit-line-clamp: 2">Short enough.</div>'));
    expect(findBox(short, '#c').height).toBe(28);
    expect(textRuns(short, '#c').map((r) => r.text).join('')).toBe('Short enough.');
    const block = await layoutHtml(page('', `<div id=d style="width:260px; -webkit-line-clamp: 2; overflow: hidden">${LOREM}</div>`));
    expect(findBox(block, '#d').height).toBeGreaterThan(40);
  });

  it('lays a vertical -webkit-box without a clamp out as a column', async () => {
    const pages = await layoutHtml(page('', '<div style="display:-webkit-box; -webkit-box-orient: vertical"><span id=a>one</span><span id=b>two</span></div>'));
    expect(findBox(pages, '#b').y).toBe(findBox(pages, '#a').y + 20);
  });
});

describe('background-clip: text', () => {
  const gradientTitle = '<h1 id=a style="margin:0; font: bold 40px/50px Arimo; background: linear-gradient(90deg, #f00, #00f); -webkit-background-clip: text; background-clip: text; color: transparent">Gradient title</h1>';

  it('clips the background to the text of the box through the backend, then paints it', async () => {
    const spy = await paintHtml(page('', gradientTitle));
    const methods = spy.methods();
    const at = methods.indexOf('clipText');
    expect(at).toBeGreaterThan(-1);
    const [runs] = spy.callsOf('clipText')[0]!.args;
    expect(runs.map((r) => r.text).join('')).toBe('Gradient title');
    // The gradient is painted after the clip, and the transparent text not at all.
    expect(methods.slice(at).includes('fillPath')).toBe(true);
    expect(spy.callsOf('text')).toHaveLength(0);
  });

  it('paints nothing for a box with no text, and the text of an inline box', async () => {
    const empty = await paintHtml(page('', '<div style="height:40px; background: red; background-clip: text"></div>'));
    expect(empty.callsOf('clipText').map((c) => c.args[0].length)).toEqual([0]);
    const inline = await paintHtml(page('', 'Plain <span style="background-image: linear-gradient(#0a0, #0a0); -webkit-background-clip: text; -webkit-text-fill-color: transparent">green word</span>'));
    expect(inline.callsOf('clipText')[0]!.args[0].map((r) => r.text).join('')).toBe('green word');
    expect(inline.callsOf('text').map((c) => c.args[0].text).join('')).toBe('Plain ');
  });
});

describe.skipIf(skipPixelTests())('background-clip: text in pixels', () => {
  const css = 'body { font: bold 40px/50px Arimo }';
  const render = (body: string): Promise<string[]> => renderPixels(pixelPage(120, 50, css, body), { width: 120, height: 50, antialias: false });

  it('shows a background only inside the glyphs: a colour clipped to text is that text in the colour', async () => {
    const clipped = await render('<div style="background: red; background-clip: text; color: transparent">IIII</div>');
    const plain = await render('<div style="color: red">IIII</div>');
    // The same rows and the same stems, give or take a pixel at each stem's edge (clip and fill round apart).
    const rowsWithRed = (rows: string[]): number[] => rows.flatMap((row, y) => (row.includes('R') ? [y] : []));
    expect(rowsWithRed(clipped)).toEqual(rowsWithRed(plain));
    const red = (rows: string[]): number => rows.join('').split('R').length - 1;
    expect(Math.abs(red(clipped) - red(plain))).toBeLessThan(red(plain) * 0.2);
    expect(clipped.join('')).toMatch(/^[R_]+$/);
  });

  it('shows each part of a gradient in the glyphs over it, and nothing between them', async () => {
    const rows = await render('<div style="width: 120px; background: linear-gradient(90deg, red 50%, blue 50%); -webkit-background-clip: text; -webkit-text-fill-color: transparent">IIIIIIIIII</div>');
    const left = rows.map((r) => r.slice(0, 55)).join('');
    const right = rows.map((r) => r.slice(65)).join('');
    expect(left).toContain('R');
    expect(left).not.toContain('B');
    expect(right).toContain('B');
    // The top rows (above the capitals) are paper.
    expect(rows.slice(0, 5).join('')).toMatch(/^_+$/);
  });
});

describeWithTools(['pdftotext'], 'text cut short in the text layer', () => {
  it('reads what is shown: the cut text with its ellipsis, and clipped-to-text titles once', async () => {
    const cut = pdftotext(await renderPdf(page(truncating, `<div class=e>${FOX}</div>`))).text.trim();
    expect(cut).toBe('The quick brown fox jump\u2026');
    const title = pdftotext(await renderPdf(page('', '<h1 style="background: linear-gradient(red, blue); background-clip: text; color: transparent">Gradient title</h1>'))).text.trim();
    expect(title).toBe('Gradient title');
    const visible = pdftotext(await renderPdf(page('', '<h1 style="background: yellow; background-clip: text">Also painted</h1>'))).text.trim();
    expect(visible).toBe('Also painted');
  });

  it('leaves out the glyphs of a clamped box\'s next line that lie wholly below its clip, as Chromium does', async () => {
    const clamp = '.c { width: 260px; display: -webkit-box; -webkit-box-orient: vertical; -webkit-line-clamp: 3; overflow: hidden; padding: 4px }';
    const text = pdftotext(await renderPdf(page(clamp, '<div class=c>Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt ut labore et dolore magna aliqua. Ut enim ad minim veniam.</div>'))).text;
    expect(text).toContain('labo\u2026');
    // Line 4 ("et dolore magna aliqua. Ut enim ad") shows only its ascenders in the bottom padding.
    expect(text).not.toContain('magna');
    expect(text).toMatch(/\bd\b/);
  });
});

describe('background-clip: text among layers', () => {
  it('clips each layer to its own area, and the colour to the bottom layer, a colour-only one included', async () => {
    const spy = await paintHtml(page('', '<h1 style="margin:0; background: linear-gradient(90deg, red, blue) text, #eee; color: transparent">Layered</h1>'));
    const methods = spy.methods();
    // The grey colour over the whole box first (no text clip yet), then the gradient inside the glyphs.
    const grey = spy.calls.findIndex((c) => c.method === 'fillPath' && c.args[1].r === 0xee);
    expect(grey).toBeGreaterThan(-1);
    expect(grey).toBeLessThan(methods.indexOf('clipText'));
  });
});
