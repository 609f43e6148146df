// Intrinsic width keywords (CSS Sizing 3 §3.2): `width`, `min-width` and `max-width` as
// min-content, max-content and fit-content, in every layout that sizes a box (decision 0190).
// The expected geometry is Chromium's, measured on probes (scratch/s17/kw.html in the session).
import { describe, expect, it } from 'vitest';
import { findBox, layoutHtml } from '../../src/testing/render.js';

/** Three 60px words with no spaces between them: min-content 60px, max-content 180px. */
const WORDS = (n = 3): string => Array.from({ length: n }, () => '<span style="display: inline-block; width: 60px; height: 10px"></span>').join(' ');

const layout = (body: string): Promise<Awaited<ReturnType<typeof layoutHtml>>> =>
  layoutHtml(`<!doctype html><style>
    body { margin: 0; font-size: 0 }
    .cb { width: 400px; position: relative; height: 200px }
    #t { padding: 0 5px; border: 0 solid; border-width: 0 2px; height: 10px }
  </style><div class="cb">${body}</div>`);

/** The border-box x (from the containing block's left edge) and width of #t. */
async function geometry(body: string): Promise<[number, number]> {
  const pages = await layout(body);
  const cb = findBox(pages, '.cb');
  const box = findBox(pages, '#t');
  return [box.x - cb.x, box.width];
}

describe('intrinsic width keywords on a block in flow', () => {
  it.each([
    ['fit-content shrinks to its content', 'width: fit-content', WORDS(), [0, 194]],
    ['fit-content is capped at the room there is', 'width: fit-content', WORDS(10), [0, 400]],
    ['max-content overflows the room', 'width: max-content', WORDS(10), [0, 614]],
    ['min-content is the widest word', 'width: min-content', WORDS(), [0, 74]],
    ['auto margins centre a fit-content box', 'width: fit-content; margin: 0 auto', WORDS(), [103, 194]],
    ['an auto start margin puts it at the end', 'width: fit-content; margin-left: auto', WORDS(), [206, 194]],
    ['min-width: max-content outgrows a px width', 'width: 50px; min-width: max-content', WORDS(), [0, 194]],
    ['max-width: min-content caps an auto width', 'max-width: min-content', WORDS(), [0, 74]],
    ['border-box sizing counts padding and border in once', 'width: fit-content; box-sizing: border-box', WORDS(), [0, 194]],
  ])('%s', async (_, css, content, expected) => {
    expect(await geometry(`<div id="t" style="${css}">${content}</div>`)).toEqual(expected);
  });

  it('the -webkit- spellings and fit-content() size as the keywords', async () => {
    expect(await geometry(`<div id="t" style="width: -webkit-fit-content">${WORDS()}</div>`)).toEqual([0, 194]);
    expect(await geometry(`<div id="t" style="width: fit-content(300px)">${WORDS()}</div>`)).toEqual([0, 194]);
  });

  it('a flex or grid container takes its width from its items', async () => {
    expect(await geometry(`<div id="t" style="display: flex; width: fit-content"><div style="width: 120px; flex: none"></div><div style="width: 30px; flex: none"></div></div>`)).toEqual([0, 164]);
    expect(await geometry(`<div id="t" style="display: grid; width: max-content; grid-template-columns: 250px 200px"><div></div><div></div></div>`)).toEqual([0, 464]);
  });
});

describe('intrinsic width keywords where a box would stretch or shrink to fit', () => {
  it('a grid item with a keyword width is not stretched', async () => {
    expect(await geometry(`<div style="display: grid; grid-template-columns: 300px"><div id="t" style="width: fit-content">${WORDS()}</div></div>`)).toEqual([0, 194]);
  });

  it('a column flex item with a keyword width is not stretched', async () => {
    expect(await geometry(`<div style="display: flex; flex-direction: column"><div id="t" style="width: min-content">${WORDS()}</div></div>`)).toEqual([0, 74]);
  });

  it('a row flex item starts from its keyword width', async () => {
    expect(await geometry(`<div style="display: flex"><div id="t" style="width: min-content">${WORDS()}</div></div>`)).toEqual([0, 74]);
  });

  it('a float and an inline-block take the keyword, not shrink-to-fit', async () => {
    expect(await geometry(`<div id="t" style="float: left; width: max-content">${WORDS(10)}</div>`)).toEqual([0, 614]);
    expect(await geometry(`<div id="t" style="display: inline-block; width: min-content">${WORDS()}</div>`)).toEqual([0, 74]);
  });

  it('an absolutely positioned box with both insets keeps its keyword width, and auto margins centre it', async () => {
    expect(await geometry(`<div id="t" style="position: absolute; left: 0; right: 0; width: fit-content">${WORDS()}</div>`)).toEqual([0, 194]);
    expect(await geometry(`<div id="t" style="position: absolute; left: 0; right: 0; width: fit-content; margin: 0 auto">${WORDS()}</div>`)).toEqual([103, 194]);
  });

  it('a keyword width contributes to its container\u2019s shrink-to-fit width', async () => {
    const pages = await layout(`<div id="f" style="float: left"><div style="width: min-content">${WORDS()}</div></div>`);
    expect(findBox(pages, '#f').width).toBe(60);
  });
});

describe('auto margins of an absolutely positioned box with both insets and a size (CSS 2.1 §10.3.7, §10.6.4)', () => {
  it.each([
    ['both auto: centred', 'left: 0; right: 0; width: 100px; margin: 0 auto', 150],
    ['the start one auto: at the end', 'left: 0; right: 0; width: 100px; margin-left: auto', 300],
    ['too wide: the end margin gives way', 'left: 0; right: 0; width: 500px; margin: 0 auto', 0],
  ])('%s', async (_, css, x) => {
    const pages = await layout(`<div id="a" style="position: absolute; top: 0; height: 10px; ${css}"></div>`);
    expect(findBox(pages, '#a').x - findBox(pages, '.cb').x).toBe(x);
  });

  it('vertically: both auto centre it in the containing block', async () => {
    const pages = await layout('<div id="a" style="position: absolute; left: 0; width: 10px; top: 0; bottom: 0; height: 50px; margin: auto 0"></div>');
    expect(findBox(pages, '#a').y - findBox(pages, '.cb').y).toBe(75);
  });
});

describe('intrinsic width keywords nested deeply', () => {
  it('forty nested fit-content boxes, flex containers and grids each size once from their content', async () => {
    for (const open of ['<div style="width: fit-content">', '<div style="display: flex; width: fit-content">', '<div style="display: grid; width: fit-content">']) {
      const body = `<div id="t">${open.repeat(40)}<p>${WORDS()}</p>${'</div>'.repeat(40)}</div>`;
      const pages = await layout(body);
      const outermost = findBox(pages, '#t').fragment;
      expect(outermost.kind === 'box' ? outermost.children[0].width : 0).toBe(180);
    }
  });
});

describe('intrinsic width keywords on tables', () => {
  const cells = '<tr><td style="padding: 0">' + WORDS(10) + '</td></tr>';
  it('a max-content table is as wide as its columns at max-content, past the room there is', async () => {
    const pages = await layout(`<table id="t" style="border-spacing: 0; width: max-content">${cells}</table>`);
    expect(findBox(pages, '#t').width).toBe(614); // its 10px padding and 4px border included
  });

  it('a min-content table takes its columns at min-content, and fit-content is auto', async () => {
    expect(findBox(await layout(`<table id="t" style="border-spacing: 0; width: min-content">${cells}</table>`), '#t').width).toBe(74);
    expect(findBox(await layout(`<table id="t" style="border-spacing: 0; width: fit-content">${cells}</table>`), '#t').width).toBe(400);
  });

  // A Markdown stylesheet's `table { width: max-content; max-width: 100% }`: the table stayed as wide
  // as its longest line and the whole document was shrunk to fit it on the page.
  it.each([
    ['max-width bounds a max-content table', 'width: max-content; max-width: 100%', 400],
    ['but not below its columns\' min-content', 'width: max-content; max-width: 50px', 74],
    ['min-width bounds a min-content table', 'width: min-content; min-width: 300px', 300],
    ['min-width wins over max-width', 'width: max-content; max-width: 200px; min-width: 250px', 250],
  ])('%s', async (_, css, width) => {
    expect(findBox(await layout(`<table id="t" style="border-spacing: 0; ${css}">${cells}</table>`), '#t').width).toBe(width);
  });
});
