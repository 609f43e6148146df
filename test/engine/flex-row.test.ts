// Row flex layout: auto margins, align-content, wrap-reverse, row-reverse, stretch within min/max,
// baseline alignment and intrinsic widths. Expected boxes are Chromium's (400px page, Arimo 16px/20px).
import { describe, expect, it } from 'vitest';
import { solidPng } from '../../src/testing/image-fixtures.js';
import { findBox, findBoxes, layoutHtml, lineBoxes, textRuns } from '../../src/testing/render.js';

/** A 400×600 page without margins and a margin-less body, so positions are plain CSS arithmetic. */
const page = (body: string, css = ''): string =>
  `<style>@page { size: 400px 600px; margin: 0 } body { margin: 0; font: 16px/20px Arimo } h2 { font-size: 24px; line-height: 30px } ${css}</style>${body}`;

type Pages = Awaited<ReturnType<typeof layoutHtml>>;
const rect = (pages: Pages, selector: string): number[] => {
  const b = findBox(pages, selector);
  return [b.x, b.y, b.width, b.height].map((v) => Math.round(v * 100) / 100);
};

describe('flex row: main axis', () => {
  it('gives the free space to an auto margin before justify-content', async () => {
    const pages = await layoutHtml(page('<div style="display:flex;justify-content:center"><div id=a style="width:50px;height:20px"></div><div id=b style="width:50px;height:20px;margin-left:auto"></div></div>'));
    expect(rect(pages, '#a')).toEqual([0, 0, 50, 20]);
    expect(rect(pages, '#b')).toEqual([350, 0, 50, 20]);
  });

  it('centres an item wider than the container, overflowing on both sides (unsafe by default), and safe center starts it', async () => {
    const item = '<div id=a style="flex:none;width:400px;height:20px"></div>';
    const centred = await layoutHtml(page(`<div style="display:flex;justify-content:center;width:300px;margin-left:100px">${item}</div>`));
    expect(rect(centred, '#a')).toEqual([50, 0, 400, 20]);
    const ended = await layoutHtml(page(`<div style="display:flex;justify-content:flex-end;width:300px;margin-left:100px">${item}</div>`));
    expect(rect(ended, '#a')).toEqual([0, 0, 400, 20]);
    const safe = await layoutHtml(page(`<div style="display:flex;justify-content:safe center;width:300px;margin-left:100px">${item}</div>`));
    expect(rect(safe, '#a')).toEqual([100, 0, 400, 20]);
  });

  it('lays row-reverse items from the right, with the gap', async () => {
    const pages = await layoutHtml(page('<div style="display:flex;flex-direction:row-reverse;gap:10px"><div id=a style="width:60px;height:20px"></div><div id=b style="width:60px;height:30px"></div></div>'));
    expect(rect(pages, '#a')).toEqual([340, 0, 60, 20]);
    expect(rect(pages, '#b')).toEqual([270, 0, 60, 30]);
  });
});

describe('flex row: anonymous items', () => {
  it('starts the text after a block-level image without the white space between them', async () => {
    const img = `<img src="data:image/svg+xml,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" width="38" height="30"/>')}" style="margin-right:16px">`;
    const pages = await layoutHtml(page(`<h1 id=h style="display:flex;margin:0;font-size:20px">\n  ${img}\n  Title\n</h1>`));
    expect(lineBoxes(pages, '#h')[0].text).toBe('Title');
  });
});

describe('flex row: definite heights', () => {
  it('takes a percentage height of a definite containing block, and centres its items in it', async () => {
    const pages = await layoutHtml(page('<div style="height:600px"><div id=f style="display:flex;align-items:center;height:50%"><div id=a style="width:200px;height:100px"></div></div></div>'));
    expect(rect(pages, '#f')).toEqual([0, 0, 400, 300]);
    expect(rect(pages, '#a')).toEqual([0, 100, 200, 100]);
  });

  // Chromium 156: `.column { height: 100% }` in a full-height flex row fills it (Bulma's sidebar template).
  it('resolves an item\u2019s percentage height against the container\u2019s definite height', async () => {
    const pages = await layoutHtml(page('<div style="display:flex;height:300px"><div id=a style="width:25%;height:50%">a</div></div><div style="height:300px"><div style="display:flex;height:100%"><div id=d style="height:50%">d</div></div></div>'));
    expect(rect(pages, '#a')).toEqual([0, 0, 100, 150]);
    expect(rect(pages, '#d')[3]).toBe(150);
  });

  it('lays a stretched flex container out again at its stretched height, so it aligns its content there', async () => {
    const pages = await layoutHtml(page('<div style="display:flex"><div style="width:100px;height:200px"></div><div style="display:flex;flex-direction:column;justify-content:center;flex:1"><div id=a style="height:20px"></div></div></div>'));
    expect(rect(pages, '#a')).toEqual([100, 90, 300, 20]);
  });

  it('resolves a percentage height inside a stretched item against its stretched height (Flexbox \u00a79.8)', async () => {
    const pages = await layoutHtml(page('<div style="display:flex"><div style="width:100px;height:200px"></div><div style="flex:1;padding:10px"><div id=a style="height:100%"></div><div id=b style="height:50%"></div></div></div>'));
    expect(rect(pages, '#a')).toEqual([110, 10, 280, 180]);
    expect(rect(pages, '#b')).toEqual([110, 190, 280, 90]);
    // Also where the item is what makes the line as tall as it is (Bulma's nested .columns).
    const own = await layoutHtml(page('<div style="display:flex"><div style="width:100px;height:150px"></div><div style="flex:1"><div style="height:200px"></div><div id=c style="height:100%"></div></div></div>'));
    expect(rect(own, '#c')).toEqual([100, 200, 300, 200]);
  });

  it('stretches flex items of a single-line container with a definite height at any depth, each aligning its own items there (Flexbox \u00a79.8.1)', async () => {
    // A navigation bar: nav (height 80) > .left (stretched flex) > a (stretched flex, align-items: center). Chromium 156 centres the text in the bar.
    const bar = (outer: string): string => page(`<nav style="display:flex;${outer};border:1px solid"><div style="display:flex;flex:1"><a style="display:flex;align-items:center"><span id=a style="display:block;height:20px;width:30px"></span></a></div></nav>`);
    expect(rect(await layoutHtml(bar('height:80px')), '#a')).toEqual([1, 31, 30, 20]);
    expect(rect(await layoutHtml(bar('min-height:80px')), '#a')).toEqual([1, 31, 30, 20]);
  });

  it('lays out forty nested stretched flex rows, each shorter than its parent\'s line, in reasonable time', async () => {
    // Each level laid out again could lay every level inside it out again: the work is bounded (quadratic).
    const levels = Array.from({ length: 40 }, (_, k) => `<div style="display:flex;flex:1"><div style="height:${410 - 10 * k}px;width:2px"></div>`).join('');
    const pages = await layoutHtml(page(`${levels}<span id=x>x</span>${'</div>'.repeat(40)}`));
    expect(findBox(pages, '#x').x).toBe(80);
  });

  it('does the same for a flex container stretched by its grid row', async () => {
    const pages = await layoutHtml(page('<div style="display:grid;grid-template-columns:1fr 1fr"><div style="height:200px"></div><div style="display:flex;align-items:center"><div id=a style="width:50px;height:20px"></div></div></div>'));
    expect(rect(pages, '#a')).toEqual([200, 90, 50, 20]);
  });
});

describe('flex row: automatic minimum width', () => {
  it('keeps a flex: 1 item at least as wide as its longest word, the others sharing the rest', async () => {
    const pages = await layoutHtml(page('<div style="display:flex"><div id=a style="flex:1">A1 short</div><div id=b style="flex:1">Supercalifragilisticexpialidocious</div><div id=c style="flex:1">C1 short</div></div><span id=w>Supercalifragilisticexpialidocious</span>'));
    const word = findBox(pages, '#w').width;
    expect(word).toBeGreaterThan(400 / 3);
    expect(findBox(pages, '#b').width).toBeCloseTo(word, 1);
    expect(findBox(pages, '#a').width).toBeCloseTo((400 - word) / 2, 1);
    expect(findBox(pages, '#c').x).toBeCloseTo(findBox(pages, '#b').x + word, 1);
  });

  it('keeps a flex: 0 item with a nowrap line at its width, and a specified width below min-content wins', async () => {
    const pages = await layoutHtml(page('<div style="display:flex"><h2 id=h style="flex:0;width:70%;margin:0">Title</h2><span id=s style="flex:0;white-space:nowrap">Mar 2022 – Present</span></div><span id=w style="white-space:nowrap">Mar 2022 – Present</span>'));
    expect(findBox(pages, '#s').width).toBeCloseTo(findBox(pages, '#w').width, 1);
    expect(findBox(pages, '#s').x + findBox(pages, '#s').width).toBeLessThanOrEqual(400.01);
    const narrow = await layoutHtml(page('<div style="display:flex"><div id=n style="flex:0 1 0;width:20px">Supercalifragilisticexpialidocious</div></div>'));
    expect(findBox(narrow, '#n').width).toBeCloseTo(20, 1);
  });
});

describe('flex row: replaced items', () => {
  // Bootstrap's `img-fluid` (max-width: 100%) beside text: the image's automatic minimum is its
  // natural width (its percentage max-width makes only its min-content contribution 0, and
  // `overflow: clip` is not a scroll container), so the text wraps beside it (Chromium 156).
  it('keeps an image at its natural width and shrinks the text beside it', async () => {
    const src = `data:image/png;base64,${Buffer.from(solidPng(300, 40)).toString('base64')}`;
    const words = Array.from({ length: 30 }, (_, i) => `w${i}`).join(' ');
    const pages = await layoutHtml(page(`<div style="display:flex;align-items:center"><div id=t>${words}</div><img id=i style="max-width:100%;height:auto" src="${src}"></div>`));
    expect(rect(pages, '#i')[2]).toBe(300);
    expect(rect(pages, '#t')[2]).toBe(100);
  });
});

describe('flex row: borders and padding', () => {
  it('keeps an item with a zero border-box basis as wide as its border and padding', async () => {
    const pages = await layoutHtml(page('<div style="display:flex;height:50px"><div id=a style="box-sizing:border-box;flex:0 0 0;border-left:3px solid;padding:0 2px"></div><div id=b style="flex:1"></div></div>'));
    expect(rect(pages, '#a')).toEqual([0, 0, 7, 50]);
    expect(findBox(pages, '#b').x).toBe(7);
  });
});

describe('inline flex containers on a line', () => {
  it('sit on their first item\u2019s baseline, or on its bottom edge when it has none (Flexbox \u00a78.5)', async () => {
    const icon = '<span id=f style="display:inline-flex;align-items:center;justify-content:center;width:64px;height:64px"><span style="display:block;width:32px;height:32px"></span></span>';
    const pages = await layoutHtml(page(`<div style="font: 16px Arimo">A${icon}</div>`));
    const [text] = textRuns(pages);
    expect(text.baseline - findBox(pages, '#f').y).toBe(48);
    const labelled = await layoutHtml(page('<div style="font: 16px/20px Arimo">A<span id=f style="display:inline-flex;flex-direction:column"><span>one</span><span>two</span></span></div>'));
    const [a, one] = textRuns(labelled);
    expect(one.baseline).toBe(a.baseline);
  });
});

describe('flex row: cross axis', () => {
  it('centres with auto margins on the cross axis, or pushes to the end', async () => {
    const pages = await layoutHtml(page('<div style="display:flex;height:100px"><div id=a style="width:50px;height:20px;margin:auto 0"></div><div id=b style="width:50px;height:20px;margin-top:auto"></div></div>'));
    expect(rect(pages, '#a')).toEqual([0, 40, 50, 20]);
    expect(rect(pages, '#b')).toEqual([50, 80, 50, 20]);
  });

  it('stretches a single line over the definite height, within max-height', async () => {
    const pages = await layoutHtml(page('<div style="display:flex;height:100px"><div id=a style="width:60px;max-height:40px"></div><div id=b style="width:60px;min-height:120px"></div></div>'));
    expect(rect(pages, '#a')).toEqual([0, 0, 60, 40]);
    expect(rect(pages, '#b')).toEqual([60, 0, 60, 120]);
  });

  it('stretches the only line of a wrapping container over its height', async () => {
    const pages = await layoutHtml(page('<div style="display:flex;flex-wrap:wrap;height:100px"><div id=a style="width:60px"></div></div>'));
    expect(rect(pages, '#a')).toEqual([0, 0, 60, 100]);
  });

  it('centres items without letting non-baseline items grow the line', async () => {
    const pages = await layoutHtml(page('<div id=c style="display:flex;align-items:center"><div id=t style="flex:2"><h2 id=h>title</h2>text</div><div id=i style="width:189px;height:63px;margin-left:19px"></div></div>'));
    expect(findBox(pages, '#c').height).toBeCloseTo(89.81, 0);
    expect(findBox(pages, '#t').y).toBe(0);
    expect(findBox(pages, '#i').y).toBeCloseTo(13.41, 0);
  });

  it('aligns first baselines', async () => {
    const pages = await layoutHtml(page('<div id=c style="display:flex;align-items:baseline"><div id=a style="font-size:32px;line-height:40px">A</div><div id=b style="padding-top:10px">b</div></div>'));
    expect(findBox(pages, '#c').height).toBe(40);
    expect(findBox(pages, '#b')).toMatchObject({ y: 6, height: 30 });
  });
});

describe('flex row: min-height and max-height', () => {
  it('stretches a single line to the container min-height', async () => {
    const pages = await layoutHtml(page('<div style="display:flex;min-height:100px"><div id=a style="width:50px">a</div><div id=b style="width:50px;align-self:center">b</div></div>'));
    expect(rect(pages, '#a')).toEqual([0, 0, 50, 100]);
    expect(rect(pages, '#b')).toEqual([50, 40, 50, 20]);
  });

  it('caps the container and its single line at max-height', async () => {
    const pages = await layoutHtml(page('<div id=c style="display:flex;max-height:30px"><div id=a style="width:50px;height:60px">a</div><div id=b style="width:50px">b</div></div>'));
    expect(rect(pages, '#c')).toEqual([0, 0, 400, 30]);
    expect(rect(pages, '#a')).toEqual([0, 0, 50, 60]);
    expect(rect(pages, '#b')).toEqual([50, 0, 50, 30]);
  });

  it('shares a min-height between wrapped lines', async () => {
    const pages = await layoutHtml(page('<div style="display:flex;flex-wrap:wrap;min-height:100px;width:100px"><div id=a style="width:60px">a</div><div id=b style="width:60px">b</div></div>'));
    expect(rect(pages, '#a')).toEqual([0, 0, 60, 50]);
    expect(rect(pages, '#b')).toEqual([0, 50, 60, 50]);
  });
});

describe('flex row: wrapped lines', () => {
  it('centres the lines with align-content: center', async () => {
    const pages = await layoutHtml(page('<div style="display:flex;flex-wrap:wrap;height:200px;align-content:center;width:100px"><div id=a style="width:60px;height:20px"></div><div id=b style="width:60px;height:30px"></div></div>'));
    expect(rect(pages, '#a')).toEqual([0, 75, 60, 20]);
    expect(rect(pages, '#b')).toEqual([0, 95, 60, 30]);
  });

  it('spreads the lines with align-content: space-between and row-gap', async () => {
    const pages = await layoutHtml(page('<div style="display:flex;flex-wrap:wrap;height:200px;align-content:space-between;width:100px;row-gap:10px"><div id=a style="width:60px;height:20px"></div><div id=b style="width:60px;height:30px"></div><div id=d style="width:60px;height:30px"></div></div>'));
    expect(findBox(pages, '#a').y).toBe(0);
    expect(findBox(pages, '#b').y).toBe(80);
    expect(findBox(pages, '#d').y).toBe(170);
  });

  it('stretches the lines by default and the items with them', async () => {
    const pages = await layoutHtml(page('<div style="display:flex;flex-wrap:wrap;height:200px;width:100px"><div id=a style="width:60px"></div><div id=b style="width:60px;height:30px"></div></div>'));
    expect(rect(pages, '#a')).toEqual([0, 0, 60, 85]);
    expect(rect(pages, '#b')).toEqual([0, 85, 60, 30]);
  });

  it('stacks lines bottom up with wrap-reverse', async () => {
    const pages = await layoutHtml(page('<div id=c style="display:flex;flex-wrap:wrap-reverse;width:100px"><div id=a style="width:60px;height:20px"></div><div id=b style="width:60px;height:30px"></div></div>'));
    expect(rect(pages, '#c')).toEqual([0, 0, 100, 50]);
    expect(rect(pages, '#a')).toEqual([0, 30, 60, 20]);
    expect(rect(pages, '#b')).toEqual([0, 0, 60, 30]);
  });
});

describe('flex row: intrinsic widths', () => {
  it('adds the items and gaps for a shrink-to-fit row', async () => {
    const pages = await layoutHtml(page('<div id=c style="float:left;display:flex;gap:10px;border:1px solid"><div id=a style="width:80px;height:10px"></div><div id=b style="width:120px;height:10px"></div></div>'));
    expect(rect(pages, '#c')).toEqual([0, 0, 212, 12]);
    expect(rect(pages, '#b')).toEqual([91, 1, 120, 10]);
  });

  it('adds the min-content widths of a row that does not wrap', async () => {
    const pages = await layoutHtml(page('<div style="width:50px"><div id=c style="display:inline-flex"><div id=a>aaa bbb</div><div id=b>ccc ddd</div></div></div>'));
    expect(findBox(pages, '#c').width).toBeCloseTo(53.39, 1);
    expect(findBox(pages, '#b').height).toBe(40);
  });
});

describe('flex row: pagination', () => {
  const lines = (n: number): string => Array.from({ length: n }, (_, k) => `line ${k}`).join('<br>');

  it('moves a line whose items cannot split to the next page', async () => {
    const pages = await layoutHtml(page('<div style="height:390px"></div><div style="display:flex"><div id=a>a</div><div id=b>b</div></div>', '@page { size: 400px 400px }'));
    expect(findBox(pages, '#a')).toMatchObject({ page: 1, y: 0 });
    expect(findBox(pages, '#b')).toMatchObject({ page: 1, y: 0 });
  });

  it('splits the items of a line that does not fit, each at the page end', async () => {
    const pages = await layoutHtml(page(`<div style="height:300px"></div><div id=c style="display:flex"><div id=a style="flex:1">${lines(8)}</div><div id=b style="flex:1">${lines(3)}</div></div><p id=after style="margin:0">after</p>`, '@page { size: 400px 400px }'));
    const a = findBoxes(pages, '#a');
    expect(a.map((f) => [f.page, f.y, f.height])).toEqual([[0, 300, 100], [1, 0, 60]]);
    expect(findBoxes(pages, '#b').map((f) => [f.page, f.y, f.height])).toEqual([[0, 300, 60]]);
    expect(findBox(pages, '#after')).toMatchObject({ page: 1, y: 60 });
  });

  it('breaks between lines where an item forces a break, as Chromium does', async () => {
    const pages = await layoutHtml(page('<div style="display:flex;flex-wrap:wrap"><div id=x style="width:30%">x</div><div id=m style="width:100%;break-before:page">mid</div><div id=y style="width:30%">y</div></div>'));
    expect(findBox(pages, '#x').page).toBe(0);
    expect(findBox(pages, '#m')).toMatchObject({ page: 1, y: 0 });
    expect(findBox(pages, '#y')).toMatchObject({ page: 1, y: 20 });
  });

  it('takes a break before an item of its first line as a break before the container, and after its last line as one after it', async () => {
    const pages = await layoutHtml(page('<p style="margin:0">before</p><div id=f style="display:flex;flex-wrap:wrap"><h2 id=t style="width:100%;margin:0;break-before:page">title</h2><div id=a style="width:30%;break-after:page">a</div><div style="width:30%">b</div></div><p id=after style="margin:0">after</p>'));
    expect(findBoxes(pages, '#f')[0]).toMatchObject({ page: 1, y: 0 });
    expect(findBox(pages, '#a')).toMatchObject({ page: 1, y: 30 });
    expect(findBox(pages, '#after')).toMatchObject({ page: 2, y: 0 });
  });

  it('carries an item taller than its container\u2019s fixed height on to the next page, as Chromium does (height: 100% around more than a page)', async () => {
    const pages = await layoutHtml(page(`<div style="display:flex;height:400px"><div style="width:50px">x</div><div id=a>${lines(30)}</div></div>`, '@page { size: 400px 400px }'));
    expect(findBoxes(pages, '#a').map((f) => [f.page, f.height])).toEqual([[0, 400], [1, 200]]);
  });

  it('splits a line taller than a page instead of letting it overflow', async () => {
    const pages = await layoutHtml(page(`<div style="display:flex"><div id=a>${lines(30)}</div></div>`, '@page { size: 400px 400px }'));
    expect(findBoxes(pages, '#a').map((f) => [f.page, f.height])).toEqual([[0, 400], [1, 200]]);
  });
});

describe('row flex items split at a page end', () => {
  it('places an item with a top margin once, not twice (Bootstrap gutters: a card breaks after its top border)', async () => {
    // Bootstrap's .row g-3: the row's negative top margin cancels its items' gutter margin. The card
    // starts 4px above the page end (600px); Chromium keeps its top border there and starts the next
    // page with its header.
    const row = '<div style="display:flex;flex-wrap:wrap;margin-top:-16px"><div style="width:100%;margin-top:16px">'
      + '<div id=card style="display:flex;flex-direction:column;border:1px solid"><div id=head style="padding:8px">Header</div><div>Body</div></div></div></div>';
    const pages = await layoutHtml(page(`<div style="height:596px"></div>${row}`));
    expect(findBoxes(pages, '#card').map((b) => [b.page, b.y])).toEqual([[0, 596], [1, 0]]);
    expect(findBox(pages, '#head').page).toBe(1);
    expect(findBox(pages, '#head').y).toBe(0);
  });
});

describe('lines after a line split across pages (probed in Chromium 156)', () => {
  // A 260px page; the first line's item holds paragraphs (16px margins) and a closing block whose
  // 48px bottom margin ends the item, the next line a padded card.
  const short = '@page { size: 400px 260px } p { margin: 16px 0 }';
  const paragraphs = (n: number): string => Array.from({ length: n }, (_, i) => `<p>A ${i}</p>`).join('');
  const rows = (lead: number, first: string, gutter = 0): string =>
    `<div style="height:${lead}px"></div><div style="display:flex;flex-wrap:wrap;margin-top:-${gutter}px">`
    + `<div style="width:100%;margin-top:${gutter}px;${first}">${paragraphs(6)}<div style="margin-bottom:48px">More news</div></div>`
    + `<div style="width:100%;margin-top:${gutter}px"><div id=c style="padding:24px">Contact</div></div></div>`;

  it('starts the next line where the split line would have ended unbroken, not where its content ended', async () => {
    // The item is 300px; 110px of it fit on the first page. Its content ends 176px down the next
    // page (the fourth paragraph's top margin truncated at the break), the line 190px down.
    const pages = await layoutHtml(page(rows(150, ''), short));
    expect(findBox(pages, '#c')).toMatchObject({ page: 1, y: 190 });
  });

  it('moves the next line to a further page when the unbroken end leaves it no room', async () => {
    const pages = await layoutHtml(page(rows(150, 'border-bottom:3px solid'), short));
    expect(findBox(pages, '#c')).toMatchObject({ page: 2, y: 0 });
  });

  it('starts the next line where the content ended when that is lower', async () => {
    // Ten paragraphs from 120px down: 4px short of the line's end on the second page, the closing
    // block 20px down the third.
    const item = `<div style="width:100%;margin-top:48px">${paragraphs(10)}<div>More news</div></div>`;
    const pages = await layoutHtml(page(`<div style="height:120px"></div><div style="display:flex;flex-wrap:wrap;margin-top:-48px">${item}<div style="width:100%;margin-top:48px"><div id=c style="padding:24px">Contact</div></div></div>`, short));
    expect(findBox(pages, '#c')).toMatchObject({ page: 2, y: 68 });
  });

  it('counts the room a pushed line left on its first page as part of the line (Bootstrap gutters)', async () => {
    // 28px were left below the gutter: nothing of the item fits there, and it starts on the next
    // page without its margin. The next line goes where the item's content ends, not 28px + 48px
    // further as if the whole line had moved.
    const item = `<div style="width:100%;margin-top:48px">${paragraphs(10)}<div>More news</div></div>`;
    const pages = await layoutHtml(page(`<div style="height:232px"></div><div style="display:flex;flex-wrap:wrap;margin-top:-48px">${item}<div style="width:100%;margin-top:48px"><div id=c style="padding:24px">Contact</div></div></div>`, short));
    expect(findBox(pages, '#c')).toMatchObject({ page: 2, y: 176 });
  });
});

describe('stretched flex containers in a row split at a page end (probed in Chromium 156)', () => {
  const small = '@page { size: 400px 400px }';
  it('grows the items of a stretched column into the row\u2019s height while the row splits', async () => {
    const pages = await layoutHtml(page('<div style="height:200px"></div><div style="display:flex"><div id=c style="display:flex;flex-direction:column;flex:1 1 0"><div id=a style="flex:1 1 0">A</div><div id=b style="flex:1 1 0">B</div></div><div style="flex:1 1 0;height:300px">tall</div></div>', small));
    expect(findBoxes(pages, '#a')[0]).toMatchObject({ page: 0, y: 200, height: 150 });
    expect(findBoxes(pages, '#b')[0]).toMatchObject({ page: 0, y: 350 });
    // Its stretched height is shared among its fragments: the page's room, then the rest.
    expect(findBoxes(pages, '#c').map((f) => [f.page, f.y, f.height])).toEqual([[0, 200, 200], [1, 0, 100]]);
  });

  it('shares a stretched row container\u2019s height among its fragments', async () => {
    const pages = await layoutHtml(page('<div style="height:200px"></div><div style="display:flex"><div id=r style="display:flex;flex:1 1 0"><div id=a style="flex:1 1 0">A</div></div><div style="flex:1 1 0;height:300px">tall</div></div><p id=after style="margin:0">after</p>', small));
    expect(findBoxes(pages, '#r').map((f) => [f.page, f.y, f.height])).toEqual([[0, 200, 200], [1, 0, 100]]);
    expect(findBox(pages, '#after')).toMatchObject({ page: 1, y: 100 });
  });

  it('moves the row whole when none of a stretched container\u2019s content fits', async () => {
    const tall = Array.from({ length: 8 }, () => 'tall').join('<br>');
    const pages = await layoutHtml(page(`<div style="height:340px"></div><div style="display:flex"><div style="display:flex;flex:1 1 0;padding:12px"><div id=c style="display:flex;flex-direction:column;flex:1 1 0;padding:20px"><p id=p style="margin:0">First</p></div></div><div style="flex:1 1 0;padding:12px"><div style="padding:20px">${tall}</div></div></div>`, small));
    expect(findBoxes(pages, '#c').map((f) => f.page)).toEqual([1]);
    expect(findBox(pages, '#p')).toMatchObject({ page: 1, y: 32 });
  });
});

describe('wrapped flex lines pushed to the next page', () => {
  // Chromium fragments a multi-line flex container like its content: an item pushed below the
  // page's end by its top margin keeps the rest of that margin on the next page, and the
  // container stays where it starts, its top edge on the first page.
  const card = (id: string, margin: number, lines: number): string =>
    `<div id=${id} style="width:100%;margin-top:${margin}px;border:1px solid">${Array.from({ length: lines }, (_, i) => `${id}${i}`).join('<br>')}</div>`;

  it('carries over the part of a top margin the page had no room for', async () => {
    const pages = await layoutHtml(page(`<div style="height:588px"></div><div id=c style="display:flex;flex-wrap:wrap;border-top:2px solid">${card('a', 16, 3)}${card('b', 16, 1)}</div>`));
    // 10px left below the container's top border: 6px of the 16px margin go on on the next page.
    expect(findBox(pages, '#a')).toMatchObject({ page: 1, y: 6 });
    expect(findBoxes(pages, '#c').map((c) => c.page)).toEqual([0, 1]);
    expect(findBox(pages, '#b').page).toBe(1);
  });

  it('keeps the container on the page when an item starts there and nothing of it fits; the item goes on at the next page\'s top (decision 0332)', async () => {
    for (const avoid of [';break-inside:avoid', '']) {
      const pages = await layoutHtml(page(`<div style="height:570px"></div><div id=c style="display:flex;flex-wrap:wrap;border-top:2px solid">${card('a', 4, 3).replace('border:1px solid', `border:1px solid${avoid}`)}</div>`));
      expect(findBoxes(pages, '#c').map((c) => [c.page, c.y])).toEqual([[0, 570], [1, 0]]);
      expect(findBox(pages, '#a')).toMatchObject({ page: 1, y: 0 });
    }
  });

  // Chromium 156 keeps a run of text and its <br>s in one anonymous item; an element is an item of its own.
  it.each([
    ['text, <br>, text', 'Bachelor in IT<br>at Oklahoma', 1],
    ['text, <span>, text', 'one <span>two</span> three', 3],
    ['text, <br>, text, <b>', 'alpha <br> beta <b>gamma</b>', 2],
  ])('makes one item of a run of text with its line breaks: %s', async (_, content, count) => {
    const pages = await layoutHtml(page(`<div id=c style="display:flex;justify-content:space-between;width:300px">${content}</div>`));
    const container = findBox(pages, '#c').fragment;
    expect('children' in container ? container.children.length : 0).toBe(count);
  });

  // Chromium 156: with no room between the content edge and the items (no top margins), there is no
  // break point inside the container before its first line, and it moves whole.
  it.each(['', 'border-top:2px solid;'])('moves the container whole when its first line\'s items sit on its content edge and do not fit (%s)', async (border) => {
    const pages = await layoutHtml(page(`<div style="height:570px"></div><div id=c style="display:flex;flex-wrap:wrap;padding-top:12px;${border}"><div id=a style="height:40px;width:50px">a</div><div style="height:40px;width:50px">b</div></div>`));
    expect(findBoxes(pages, '#c').map((c) => [c.page, c.y])).toEqual([[1, 0]]);
    expect(findBox(pages, '#a').page).toBe(1);
  });

  // Chromium 156 (chota's `.card.is-center`): its one line fits, its bottom padding does not; the
  // last break opportunity is before that line, and the container moves whole.
  it('moves a container whole when its one line fits and its bottom padding does not', async () => {
    const card = (bottom: number) => page(`<div style="height:${bottom}px"></div><div id=c style="display:flex;align-items:center;padding:16px 0"><span id=t>card</span></div>`);
    const fits = await layoutHtml(card(540));
    expect(findBoxes(fits, '#c').map((c) => c.page)).toEqual([0]);
    const moves = await layoutHtml(card(560));
    expect(findBoxes(moves, '#c').map((c) => [c.page, c.y])).toEqual([[1, 0]]);
  });

  it('starts an item that had not started when its line split at the next page\'s top, its margin truncated', async () => {
    const text = 'Lorem ipsum dolor sit amet. '.repeat(40);
    const pages = await layoutHtml(page(`<div style="height:560px"></div><div style="display:flex"><div style="width:50%">${text}</div><div style="width:50%;margin-top:10px"><div id=b style="height:80px;break-inside:avoid">b</div></div></div>`));
    expect(findBox(pages, '#b')).toMatchObject({ page: 1, y: 0 });
  });

  it('moves a line to the next page when an item of it cannot start on this one and has nothing to break at', async () => {
    const gif = 'data:image/gif;base64,R0lGODlhAQABAIAAAP8AAP///yH5BAAAAAAALAAAAAABAAEAAAICRAEAOw==';
    const text = 'Lorem ipsum dolor sit amet. '.repeat(30);
    const row = (second: string) => page(`<div style="height:500px"></div><div style="display:flex"><div id=t style="width:50%">${text}</div>${second}</div>`);
    // Probed in Chromium 156: an image item, a box holding only an image (with or without a top
    // border or padding), a break-inside: avoid box.
    for (const second of [
      `<img style="width:50%;height:150px" src="${gif}">`, `<div style="width:50%"><img style="display:block;height:150px" src="${gif}"></div>`,
      `<div style="width:50%;padding-top:20px"><img style="display:block;height:150px" src="${gif}"></div>`, `<div style="width:50%;border-top:5px solid"><img style="display:block;height:150px" src="${gif}"></div>`,
      '<div style="width:50%"><div style="height:150px;break-inside:avoid"></div></div>',
    ]) {
      expect(findBoxes(await layoutHtml(row(second)), '#t').map((t) => [t.page, t.y])).toEqual([[1, 0]]);
    }
    // With a top margin or breakable content in the item, the line splits across the pages.
    for (const second of ['<div style="width:50%;margin-top:10px"><div style="height:150px;break-inside:avoid"></div></div>', `<div style="width:50%;margin-top:1px"><img style="display:block;height:150px" src="${gif}"></div>`, `<div style="width:50%"><p style="margin:0">x</p><img style="display:block;height:150px" src="${gif}"></div>`]) {
      expect(findBoxes(await layoutHtml(row(second)), '#t').map((t) => t.page)).toEqual([0, 1]);
    }
  });

  it('sizes a flex-basis: content item by its max-content width, in a row and in a column, whatever its own size says', async () => {
    // Probed in Chromium 156: the row item is as wide as its text, the column item as tall as its three lines.
    const pages = await layoutHtml(page(`<div style="display:flex;flex-direction:column;height:300px"><div id=a style="flex-basis:content;height:30px;flex-shrink:0">one<br>two<br>three</div><div id=b style="flex:1">rest</div></div>
      <div style="display:flex"><div id=c style="flex-basis:content;width:20px;flex-shrink:0"><span id=t>wide content</span></div><div style="flex:1">x</div></div>`));
    expect([findBox(pages, '#a').height, findBox(pages, '#b').y]).toEqual([60, 60]);
    expect(findBox(pages, '#c').width).toBe(Math.ceil(findBox(pages, '#t').width * 64) / 64); // max-content in layout units (decision 0395)
    expect(findBox(pages, '#c').width).toBeGreaterThan(80);
  });

  it('grows a stretched item whose top margin ran on past the page\'s end, and moves the next line down by as much', async () => {
    // Probed in Chromium 156: line b starts 2px above the first page's end; its item starts 14px
    // down the next page, 28px taller than the 62px line a has; line d starts 14px lower than b's height would put it.
    const item = (id: string) => `<div id=${id} style="flex:0 0 100%;margin-top:16px"><div style="height:62px">${id}</div></div>`;
    const pages = await layoutHtml(page(`<div style="height:520px"></div><div style="display:flex;flex-wrap:wrap">${item('a')}${item('b')}${item('d')}</div>`));
    expect([findBox(pages, '#a').page, findBox(pages, '#a').y, findBox(pages, '#a').height]).toEqual([0, 536, 62]);
    expect([findBox(pages, '#b').page, findBox(pages, '#b').y, findBox(pages, '#b').height]).toEqual([1, 14, 90]);
    expect([findBox(pages, '#d').page, findBox(pages, '#d').y]).toEqual([1, 106]);
    // Aligned to the line's start instead, it keeps its height and the next line follows it.
    const start = await layoutHtml(page(`<div style="height:520px"></div><div style="display:flex;flex-wrap:wrap;align-items:flex-start">${item('a')}${item('b')}${item('d')}</div>`));
    expect([findBox(start, '#b').y, findBox(start, '#b').height, findBox(start, '#d').y]).toEqual([14, 62, 92]);
  });

  it('moves a card whose flex row fits but whose bottom padding does not to the next page whole, not splitting the row\'s items', async () => {
    // Probed in Chromium 156 (a Tailwind metric card: padding around a centred row of an icon and a
    // heading over a figure): looking for an earlier break for the card's padding, Chromium breaks
    // before rows only, so the card goes on whole.
    const card = (id: string, align: string) => `<div id=${id} style="padding:20px"><div style="display:flex;align-items:${align}"><div style="padding:20px">I</div><div style="flex:1"><h2 style="margin:0;font-size:16px">To Do</h2><p id=${id}p style="margin:0;font-size:30px;line-height:36px">7 tasks</p></div></div></div>`;
    for (const align of ['center', 'flex-start']) {
      const pages = await layoutHtml(page(`<div style="height:510px"></div>${card('k', align)}`));
      expect(findBoxes(pages, '#k').map((b) => [b.page, b.y])).toEqual([[1, 0]]);
      expect(findBox(pages, '#kp').page).toBe(1);
    }
  });

  it('takes the room left below the lines placed from the margin of the next line', async () => {
    const pages = await layoutHtml(page(`<div style="height:520px"></div><div style="display:flex;flex-wrap:wrap;row-gap:4px">${card('a', 0, 2)}${card('b', 16, 3)}</div>`));
    // Line a ends at 562; 38px are left, more than the 20px of gap and margin: b starts the next page.
    expect(findBox(pages, '#a')).toMatchObject({ page: 0, y: 520 });
    expect(findBox(pages, '#b')).toMatchObject({ page: 1, y: 0 });
  });
});

describe('flex containers whose items\u2019 margins or sizes outrun a page (probed in Chromium 156)', () => {
  const lines = (margin: number, extra = ''): string =>
    `<a id=f style="display:flex;flex-wrap:wrap"><p id=l1 style="width:100%;margin:0">one</p><p id=l2 style="width:100%;margin:0">two</p><p id=l3 style="width:100%;margin:0 0 ${margin}px">three</p>${extra}</a><p id=after style="margin:0">after</p>`;

  it('moves a row container whole when the items of a line fit but one\u2019s bottom margin runs past the page\u2019s end (decision 0358)', async () => {
    // 540px above: the three lines end at 600, the 30px margin past it.
    const pushed = await layoutHtml(page(`<div style="height:540px"></div>${lines(30)}`));
    expect(['#l1', '#l2', '#l3', '#after'].map((s) => [findBox(pushed, s).page, findBox(pushed, s).y])).toEqual([[1, 0], [1, 20], [1, 40], [1, 90]]);
    // A margin that still fits, or no margin, leaves the container where it was.
    for (const margin of [0]) {
      const kept = await layoutHtml(page(`<div style="height:540px"></div>${lines(margin)}`));
      expect(findBox(kept, '#l1')).toMatchObject({ page: 0, y: 540 });
    }
    const fits = await layoutHtml(page(`<div style="height:530px"></div>${lines(10)}`));
    expect(findBox(fits, '#l3')).toMatchObject({ page: 0, y: 570 });
    // Lines after the one whose margin overflows go with it; so do the boxes whose first child it is.
    const nested = await layoutHtml(page(`<div style="height:520px"></div><div id=card style="padding-top:10px"><div>${lines(30, '<p id=l4 style="width:100%;margin:0">four</p>')}</div></div>`));
    expect(findBox(nested, '#card')).toMatchObject({ page: 1, y: 0 });
    expect(findBox(nested, '#l4')).toMatchObject({ page: 1, y: 100 });
  });

  // Items 170px high with a 40px bottom margin: the third ends at 590, its margin at 630.
  const tiles = (item: string, container = '', after = '<p id=after style="margin:0">after</p>'): string =>
    `<div id=f style="display:flex;flex-wrap:wrap;${container}">${['t1', 't2', 't3', 't4'].map((id) => `<div id=${id} style="width:100%;margin-bottom:40px;${item}">${id}</div>`).join('')}</div>${after}`;

  it('carries a line\u2019s bottom margins that run past the page\u2019s end on to the next page, where Chromium does not truncate them (decision 0431)', async () => {
    const pages = await layoutHtml(page(tiles('height:170px')));
    expect(['#t3', '#t4', '#after'].map((s) => [findBox(pages, s).page, findBox(pages, s).y])).toEqual([[0, 420], [1, 30], [1, 240]]);
    // A stretched item is only moved by them, not made taller.
    const stretched = await layoutHtml(page(tiles('', '', '<p id=after style="margin:0">after</p>').replace(/>(t\d)</g, '><div style="height:170px">$1</div><')));
    expect(findBox(stretched, '#t4')).toMatchObject({ page: 1, y: 30, height: 170 });
  });

  it('breaks before its last line when its lines fit and its bottom padding or border does not (decision 0433)', async () => {
    // Three 20px lines from 540 end at 600; 21px of padding would end past the page.
    const three = (css: string): string => `<div style="height:540px"></div><div id=f style="display:flex;flex-wrap:wrap;${css}"><p style="width:50%;margin:0">one</p><p style="width:50%;margin:0">1b</p><p style="width:100%;margin:0">two</p><p id=three style="width:100%;margin:0">three</p></div><p id=after style="margin:0">after</p>`;
    for (const css of ['padding-bottom:21px', 'padding-bottom:20px;border-bottom:1px solid']) {
      const pages = await layoutHtml(page(three(css)));
      expect(findBox(pages, '#three')).toMatchObject({ page: 1, y: 0 });
      expect(findBoxes(pages, '#f').map((f) => [f.page, f.y, f.height])).toEqual([[0, 540, 60], [1, 0, 41]]);
      expect(findBox(pages, '#after')).toMatchObject({ page: 1, y: 41 });
    }
    // So does the padding of a box around it (decision 0185), as Chromium 156 prints both.
    const wrapped = await layoutHtml(page(three('').replace(/<div id=f[^]*<\/div>/, (row) => `<div style="padding-bottom:21px">${row}</div>`)));
    expect(findBox(wrapped, '#three')).toMatchObject({ page: 1, y: 0 });
  });

  it('moves whole when its first line is a heading whose break after is avoided and the next line does not fit (Chromium 156)', async () => {
    const article = (after: string): string => `<div style="position:relative"><div style="height:550px"></div><div id=f style="display:flex;flex-wrap:wrap">`
      + `<h2 id=head style="flex-basis:100%;margin:0;${after}">Head<span id=badge style="position:absolute">B</span></h2>`
      + `<section id=sec style="flex:1;break-inside:avoid"><p style="margin:0">one</p><p style="margin:0">two</p></section></div></div>`;
    const avoided = await layoutHtml(page(article('break-after:avoid')));
    expect(findBox(avoided, '#head')).toMatchObject({ page: 1, y: 0 });
    expect(findBox(avoided, '#sec')).toMatchObject({ page: 1, y: 30 });
    // What the first line registered on the page it left is forgotten: the badge prints once.
    expect(findBoxes(avoided, '#badge').map((b) => b.page)).toEqual([1]);
    const free = await layoutHtml(page(article('')));
    expect(findBox(free, '#head')).toMatchObject({ page: 0, y: 550 });
    expect(findBox(free, '#sec')).toMatchObject({ page: 1, y: 0 });
  });

  it('truncates a row gap at a break, as Chromium does', async () => {
    const pages = await layoutHtml(page(tiles('height:170px;margin-bottom:0', 'row-gap:40px')));
    expect(findBox(pages, '#t4')).toMatchObject({ page: 1, y: 0 });
  });

  it('goes on to the next page for the last line\u2019s margins, then its padding and border (decision 0431)', async () => {
    const tall = (after: string): string => `<div id=f style="display:flex;padding-bottom:20px;border-bottom:5px solid"><div style="flex:1;height:580px;margin-bottom:60px">a</div><div style="flex:1;height:100px">b</div></div>${after}`;
    const pages = await layoutHtml(page(tall('<p id=after style="margin:0">after</p>')));
    expect(findBoxes(pages, '#f').map((f) => [f.page, f.y, f.height])).toEqual([[0, 0, 600], [1, 0, 65]]);
    expect(findBox(pages, '#after')).toMatchObject({ page: 1, y: 65 });
    // With nothing after it, the rest of the container makes a page of its own, as Chromium prints it.
    expect(new Set(findBoxes(await layoutHtml(page(tall(''))), '#f').map((f) => f.page))).toEqual(new Set([0, 1]));
  });

  it('keeps a column container with a growing item at its flexed height across pages: the item pushed on overflows it and the next line follows the container (decision 0359)', async () => {
    const card = (id: string): string => `<div id=${id} style="width:100%;padding:20px;box-sizing:border-box;display:flex;flex-direction:column">`
      + `<div id=${id}c style="flex:1 1 0%"><div style="display:flex;flex-wrap:wrap"><p style="width:100%;margin:0">a</p><p style="width:100%;margin:0 0 20px">b</p></div></div>`
      + `<div id=${id}a style="padding:10px">Action</div></div>`;
    // Card one: 20 + 60 + 40 + 20 = 140px from 530; its top padding ends at 550, its content (a
    // margin past the page's end) goes on on the next page, which has the 140 - 70 = 70px of the
    // card the first page did not take: card two starts at 70, though card one's action runs to 100.
    const pages = await layoutHtml(page(`<div style="display:flex;flex-wrap:wrap"><div style="width:100%;height:530px"></div>${card('one')}${card('two')}</div>`));
    expect(findBox(pages, '#onec')).toMatchObject({ page: 1, y: 0 });
    expect(findBox(pages, '#onea')).toMatchObject({ page: 1, y: 60 });
    expect(findBox(pages, '#two')).toMatchObject({ page: 1, y: 70 });
    // Without a growing item the container grows with what the break pushed on.
    const plain = await layoutHtml(page(`<div style="display:flex;flex-wrap:wrap"><div style="width:100%;height:530px"></div>${card('one').replace('flex:1 1 0%', 'flex:none')}${card('two')}</div>`));
    expect(findBox(plain, '#two')).toMatchObject({ page: 1, y: 120 });
  });
});

describe('flex lines and grid rows across pages laid out again', () => {
  it('places each line once from its own offsets when a page is laid out a second time', async () => {
    // On the container's last page its lines fit and its bottom padding does not, so that page is
    // laid out again to look for an earlier break; the lines resumed from the page before must not
    // move by their offsets twice. The flex container going on from page 1 gives no break (decision
    // 0428): the last line stays, the padding and border go on alone, as Chromium 156 prints it.
    const items = Array.from({ length: 12 }, (_, i) => `<div class=i id=i${i}>${i}</div>`).join('');
    const pages = await layoutHtml(page(`<div style="padding-bottom:40px;border-bottom:4px solid"><div style="display:flex;flex-wrap:wrap;margin-top:10px">${items}</div></div>`, '.i { width: 100%; height: 95px; break-inside: avoid }'));
    const placed = Array.from({ length: 12 }, (_, i) => findBox(pages, `#i${i}`));
    expect(placed.map((item) => item.page)).toEqual([0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1]);
    for (const item of placed) expect(item.y + item.height).toBeLessThanOrEqual(600 + 0.01);
    for (let i = 1; i < placed.length; i++) {
      if (placed[i].page === placed[i - 1].page) expect(placed[i].y).toBeCloseTo(placed[i - 1].y + 95, 5);
    }
  });

  it('places each grid row once when a page is laid out a second time', async () => {
    const items = Array.from({ length: 12 }, (_, i) => `<div class=i id=i${i}>${i}</div>`).join('');
    const pages = await layoutHtml(page(`<div style="padding-bottom:40px;border-bottom:4px solid"><div style="display:grid;margin-top:10px">${items}</div></div>`, '.i { height: 95px; break-inside: avoid }'));
    const placed = Array.from({ length: 12 }, (_, i) => findBox(pages, `#i${i}`));
    for (const item of placed) expect(item.y + item.height).toBeLessThanOrEqual(600 + 0.01);
    for (let i = 1; i < placed.length; i++) {
      if (placed[i].page === placed[i - 1].page) expect(placed[i].y).toBeCloseTo(placed[i - 1].y + 95, 5);
    }
    expect(placed[11].page).toBe(1);
  });
});
