// Images that cannot be loaded or decoded, laid out as Chromium lays out their fallback content:
// the 16px broken-image icon floated before the alt text in an inline-block; with width and height
// and no alt text (or any alt text in quirks mode), that size with a 1px silver border.
import { describe, expect, it } from 'vitest';
import { assertPixels, findBox, findBoxes, fragmentsOfKind, layoutHtml, lineBoxes, pixelPage, skipPixelTests, textRuns } from '../../src/testing/render.js';

const CSS = '@page { size: 400px 600px; margin: 0 } body { margin: 0; font: 16px/20px Arimo }';
const standards = (body: string, css = ''): string => `<!doctype html><style>${CSS} ${css}</style>${body}`;
const quirks = (body: string, css = ''): string => `<style>${CSS} ${css}</style>${body}`;

/** Where the text of each line inside `selector` starts. */
function lineStarts(pages: Awaited<ReturnType<typeof layoutHtml>>, selector: string): number[] {
  const starts = new Map<number, number>();
  for (const run of textRuns(pages, selector)) starts.set(run.baseline, Math.min(starts.get(run.baseline) ?? Infinity, run.x));
  return [...starts.entries()].sort((a, b) => a[0] - b[0]).map(([, x]) => x);
}

/** The icon (the only replaced fragment when nothing loads). */
const icons = (pages: Awaited<ReturnType<typeof layoutHtml>>) => fragmentsOfKind(pages, 'replaced');

describe('alt text (standards mode)', () => {
  it('puts the icon, then the alt text, inline, whatever width and height say', async () => {
    const pages = await layoutHtml(standards('<p id=t>A<img id=i src="missing.png" alt="Company logo" width=120 height=40>B</p>'));
    const img = findBox(pages, '#i');
    const [icon] = icons(pages);
    const [alt] = textRuns(pages, '#i');
    expect([icon.x, icon.width, icon.height]).toEqual([img.x, 16, 16]);
    expect(alt.text).toBe('Company logo');
    expect(alt.x).toBeCloseTo(img.x + 16, 3);
    // Shrink-to-fit: the icon and the text, not the 120px the attributes give.
    expect(img.width).toBeCloseTo(16 + alt.width, 3);
    // B follows straight after, on the same baseline as A and the alt text.
    const runs = textRuns(pages, '#t');
    expect(runs.map((r) => r.text)).toEqual(['A', 'Company logo', 'B']);
    expect(runs[2].x).toBeCloseTo(img.x + img.width, 3);
    expect(new Set(runs.map((r) => r.baseline)).size).toBe(1);
  });

  it('aligns the icon with the top of the line and keeps the line as tall as plain text', async () => {
    const plain = await layoutHtml(standards('<p id=t>A B</p>'));
    const pages = await layoutHtml(standards('<p id=t>A<img src="missing.png" alt="alt">B</p>'));
    expect(findBox(pages, '#t').height).toBe(findBox(plain, '#t').height);
    expect(icons(pages)[0].y).toBeCloseTo(lineBoxes(pages, '#t')[0].y, 3);
  });

  it('uses the title when there is no alt attribute', async () => {
    const pages = await layoutHtml(standards('<p><img src="missing.png" title="From the title"></p>'));
    expect(textRuns(pages).map((r) => r.text)).toEqual(['From the title']);
  });

  it('moves a long alt text to the next line as one box, wrapping inside it beside the icon', async () => {
    const pages = await layoutHtml(standards('<div id=t style="width:150px">Q <img id=i src="missing.png" alt="A very long alternative text that wraps around">R</div>'));
    const img = findBox(pages, '#i');
    const lines = lineStarts(pages, '#i');
    expect(img.x).toBe(0);
    expect(img.width).toBeLessThanOrEqual(150);
    expect(lines.length).toBeGreaterThanOrEqual(3);
    expect(lines[0]).toBeCloseTo(16, 3);
    expect(lines[1]).toBe(0);
    // R does not fit after the box: it goes on the next line of the div.
    const r = textRuns(pages, '#t').find((run) => run.text === 'R')!;
    expect(r.x).toBe(0);
  });

  it('keeps width and height on a block-level image with alt text, without a border', async () => {
    const pages = await layoutHtml(standards('<p>M<img id=i src="missing.png" alt="Block alt text" width=150 height=50 style="display:block">N</p>'));
    const img = findBox(pages, '#i');
    expect([img.x, img.width, img.height]).toEqual([0, 150, 50]);
    expect(icons(pages)[0]).toMatchObject({ x: 0, y: img.y, width: 16, height: 16 });
    expect(textRuns(pages, '#i')[0].x).toBeCloseTo(16, 3);
  });

  it('gives an inline-block image with alt text its width and height, icon and text inside', async () => {
    const pages = await layoutHtml(standards('<p>E<img id=i src="missing.png" alt="Inline block" width=120 height=40 style="display:inline-block">F</p>'));
    expect([findBox(pages, '#i').width, findBox(pages, '#i').height]).toEqual([120, 40]);
  });
});

describe('no alt text', () => {
  it('shows the icon alone, 16×16 and on the baseline, without width and height', async () => {
    const pages = await layoutHtml(standards('<p id=t>A<img id=i src="missing.png">B</p>'));
    const img = findBox(pages, '#i');
    expect([img.width, img.height]).toEqual([16, 16]);
    expect(img.y + img.height).toBeCloseTo(textRuns(pages, '#t')[0].baseline, 3);
  });

  it('shows nothing for alt="" (the image represents nothing)', async () => {
    const pages = await layoutHtml(standards('<p id=t>C<img id=i src="missing.png" alt="" width=60 height=30>D<img src="missing.png" alt="">E</p>'));
    // With a size, alt="" still takes the sized, bordered box (Chromium); without one, an empty box.
    expect([findBox(pages, '#i').width, findBox(pages, '#i').height]).toEqual([60, 30]);
    expect(findBoxes(pages, 'img').map((b) => [b.width, b.height])).toEqual([[60, 30], [0, 0]]);
    expect(lineBoxes(pages, '#t')[0].text).toBe('CDE');
  });

  // Chromium 156 keeps a line for it, and its margins (a profile picture with no src: the name under it stays down).
  it.each([
    ['<img src="" alt="">', 20],
    ['<img alt="">', 20],
    ['<img src="" alt="" style="margin-bottom:25px">', 20 + 25 - 15],
    ['<img src="" alt="" style="display:block;margin-bottom:15px">', 15],
  ])('keeps an image that represents nothing as an empty box: %s', async (img, top) => {
    const pages = await layoutHtml(standards(`<div>${img}<p id=after style="margin:0">after</p></div>`));
    expect(findBox(pages, '#after').y).toBe(top);
  });

  it('keeps the size width and height give, the icon 2px in from the corner, the bottom on the baseline', async () => {
    const pages = await layoutHtml(standards('<p id=t>I<img id=i src="missing.png" width=60 height=30>J</p>'));
    const img = findBox(pages, '#i');
    const [icon] = icons(pages);
    expect([img.width, img.height]).toEqual([60, 30]);
    expect([icon.x - img.x, icon.y - img.y, icon.width, icon.height]).toEqual([2, 2, 16, 16]);
    expect(img.y + img.height).toBeCloseTo(textRuns(pages, '#t')[0].baseline, 3);
  });

  it('drops the icon and border when the box is under 18px either way', async () => {
    for (const [w, h] of [[15, 30], [30, 15], [16, 16], [17, 17]]) {
      const pages = await layoutHtml(standards(`<p><img id=i src="missing.png" width=${w} height=${h}></p>`));
      expect([findBox(pages, '#i').width, findBox(pages, '#i').height], `${w}×${h}`).toEqual([w, h]);
      expect(icons(pages), `${w}×${h}`).toHaveLength(0);
    }
    const pages = await layoutHtml(standards('<p><img src="missing.png" width=18 height=18></p>'));
    expect(icons(pages)).toHaveLength(1);
  });

  it('puts the image\'s own border and padding around the silver box', async () => {
    const pages = await layoutHtml(standards('<p><img id=i src="missing.png" width=60 height=30 style="border:3px solid red;padding:4px"></p>'));
    const img = findBox(pages, '#i');
    expect([img.width, img.height]).toEqual([74, 44]);
    expect(icons(pages)[0].x - img.x).toBe(9);
  });
});

describe('quirks mode', () => {
  it('keeps the size with alt text too: bordered box, icon, alt text wrapped inside and clipped', async () => {
    const pages = await layoutHtml(quirks('<p id=t>A<img id=i src="missing.png" alt="Company logo here" width=120 height=40>B</p>'));
    const img = findBox(pages, '#i');
    expect([img.width, img.height]).toEqual([120, 40]);
    const lines = lineStarts(pages, '#i');
    expect(lines[0]).toBeCloseTo(img.x + 2 + 16, 3);
    expect(lines[1]).toBeCloseTo(img.x + 2, 3);
    // The box sits on the baseline by its bottom edge (it clips its content).
    expect(img.y + img.height).toBeCloseTo(textRuns(pages, '#t')[0].baseline, 3);
  });

  it('gives the missing side the given one', async () => {
    const pages = await layoutHtml(quirks('<p><img id=w src="missing.png" alt="Only width" width=90><img id=h src="missing.png" alt="Only height" style="height:40px"></p>'));
    expect([findBox(pages, '#w').width, findBox(pages, '#w').height, findBox(pages, '#h').width, findBox(pages, '#h').height]).toEqual([90, 90, 40, 40]);
  });

  it('lays out an image without any size as in standards mode', async () => {
    const pages = await layoutHtml(quirks('<p><img id=i src="missing.png" alt="No size"></p>'));
    expect(findBox(pages, '#i').width).toBe(Math.ceil((16 + textRuns(pages, '#i')[0].width) * 64) / 64); // in layout units (decision 0395)
  });
});

describe('shrink-to-fit around floats', () => {
  it('adds a float\'s width to the max-content of the content beside it', async () => {
    const pages = await layoutHtml(standards('<p><span id=s style="display:inline-block"><span style="float:left;width:20px;height:10px"></span>abc</span></p>'));
    const [abc] = textRuns(pages, '#s');
    expect(findBox(pages, '#s').width).toBeCloseTo(20 + abc.width, 3);
    expect(abc.x).toBeCloseTo(findBox(pages, '#s').x + 20, 3);
  });

  it('does not add a float cleared by the next box', async () => {
    const pages = await layoutHtml(standards('<p><span id=s style="display:inline-block"><span style="float:left;width:20px;height:10px"></span><span style="display:block;clear:left;width:30px"></span></span></p>'));
    expect(findBox(pages, '#s').width).toBe(30);
  });

  it('sets an overflow: clip inline-block on its last line\'s baseline (clip makes no scroll container)', async () => {
    const pages = await layoutHtml(standards('<p id=t>a<span id=s style="display:inline-block;overflow:clip">b<br>c</span>d</p>'));
    const runs = textRuns(pages, '#t');
    const c = runs.find((r) => r.text === 'c')!;
    const d = runs.find((r) => r.text === 'd')!;
    expect(d.baseline).toBeCloseTo(c.baseline, 3);
  });
});

describe.skipIf(skipPixelTests())('fallback pixels', () => {
  it('draws the 1px silver border of a sized image without alt text', async () => {
    await assertPixels(pixelPage(22, 22, '', '<img style="display:block;margin:1px" src="missing.png" width=20 height=20>'), `
      ______________________
      _ssssssssssssssssssss_
      _s..................s_
      _s..................s_
      _s..................s_
      _s..................s_
      _s..................s_
      _s..................s_
      _s..................s_
      _s..................s_
      _s..................s_
      _s..................s_
      _s..................s_
      _s..................s_
      _s..................s_
      _s..................s_
      _s..................s_
      _s..................s_
      _s..................s_
      _s..................s_
      _ssssssssssssssssssss_
      ______________________
    `);
  });

  it('draws no border around a box under 18px', async () => {
    await assertPixels(pixelPage(12, 12, '', '<img style="display:block;margin:1px" src="missing.png" width=10 height=10>'), `
      ____________
      ____________
      ____________
      ____________
      ____________
      ____________
      ____________
      ____________
      ____________
      ____________
      ____________
      ____________
    `);
  });
});
