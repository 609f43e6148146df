// `shape-outside` and `shape-margin` (CSS Shapes 1, issue 28): lines beside a float wrap around its
// shape over each line's band. The expected line starts and ends are what Chromium prints
// (test/fidelity/features/shape-outside.html, read back with pdftotext -bbox).
import { describe, expect, it } from 'vitest';
import { styleDocument } from '../../src/engine/css/test-utils.js';
import type { PageFragment } from '../../src/engine/layout/fragments.js';
import { findBox, layoutHtml, textRuns } from '../../src/testing/render.js';

const WORDS = 'lorem ipsum dolor sit amet consectetur adipiscing elit sed do eiusmod tempor incididunt ut labore et dolore magna aliqua ut enim ad minim veniam quis nostrud exercitation ullamco laboris nisi aliquip ex ea commodo consequat duis aute irure in reprehenderit voluptate velit esse cillum fugiat nulla pariatur';

const LETTERS = 'a b c d e f g h i j k l m n o p q r s t u v w x y z '.repeat(5);

/** A 480px-wide page, 10px of padding round a float and a paragraph of 16px Arimo (18px lines). */
function page(float: string, paragraph = ''): string {
  return `<!DOCTYPE html><style>@page { size: 480px 400px; margin: 0 } body { margin: 0; font: 16px Arimo } section { padding: 10px }</style>
    <section><div id=f style="${float}"></div><p style="margin:0;${paragraph}">${WORDS} ${WORDS}</p></section>`;
}

/** Each line's first and last text x, top to bottom. */
function lineEdges(pages: readonly PageFragment[]): { start: number; end: number }[] {
  const lines = new Map<string, { start: number; end: number; at: number }>();
  for (const run of textRuns(pages)) {
    if (run.text.trim() === '') continue;
    const key = `${run.page} ${run.baseline}`;
    const line = lines.get(key) ?? { start: Infinity, end: -Infinity, at: run.page * 1e6 + run.baseline };
    const lead = run.text.length - run.text.trimStart().length;
    line.start = Math.min(line.start, run.x + (lead > 0 ? run.width * lead / run.text.length : 0));
    line.end = Math.max(line.end, run.x + run.width);
    lines.set(key, line);
  }
  return [...lines.values()].sort((a, b) => a.at - b.at).map(({ start, end }) => ({ start, end }));
}

function expectClose(actual: readonly number[], expected: readonly number[]): void {
  expect(actual.length).toBeGreaterThanOrEqual(expected.length);
  expected.forEach((x, i) => expect(Math.abs(actual[i]! - x), `line ${i + 1}: ${actual[i]} against ${x}`).toBeLessThan(0.35));
}

async function starts(float: string, paragraph?: string): Promise<number[]> {
  return lineEdges(await layoutHtml(page(float, paragraph))).map((l) => l.start);
}

describe('shape-outside on a left float', () => {
  it('wraps lines around a circle: each line starts at the circle\'s rightmost point over its band, at the side where the band misses it', async () => {
    expectClose(await starts('float:left; width:160px; height:160px; shape-outside: circle(50%)'),
      [140.5, 156.8, 165.7, 169.6, 170, 169.4, 164.9, 155.4, 138.0, 10, 10]);
  });

  it('follows a polygon, indentations included', async () => {
    expectClose(await starts('float:left; width:180px; height:180px; shape-outside: polygon(0 0, 100% 0, 20% 50%, 100% 100%, 0 100%)'),
      [190, 161.2, 132.4, 103.6, 74.8, 74.8, 103.6, 132.4, 161.2, 190, 10]);
  });

  it('takes inset() with round in the margin box, and a band past the shape is not narrowed though the margin box goes on', async () => {
    expectClose(await starts('float:left; width:160px; height:150px; margin:10px 20px 10px 0; shape-outside: inset(10px 30px 20px 0 round 40px)'),
      [144.0, 157.5, 160, 160, 160, 160, 160, 156.7, 141.1, 10]);
  });

  it('grows a content-box circle by shape-margin', async () => {
    expectClose(await starts('float:left; width:120px; height:120px; padding:10px; border:5px solid; margin:0 30px 10px 0; shape-outside: circle(40%) content-box; shape-margin: 12px'),
      [103.7, 130.6, 141.2, 144.9, 145, 143.1, 135.1, 116.6, 10]);
  });

  it('grows a polygon by shape-margin round its vertices and along its edges, within the margin box', async () => {
    const html = `<!DOCTYPE html><style>@page { size: 300px 200px; margin: 0 } body { margin: 0; font: 16px Arimo }</style>
      <div style="float:left; width:100px; height:100px; shape-outside: polygon(0 0, 100px 50px, 0 100px); shape-margin: 10px"></div><p style="margin:0">${LETTERS}</p>`;
    expectClose(lineEdges(await layoutHtml(html)).map((l) => l.start), [58.4, 94.4, 100, 100, 78.4, 42.4, 0]);
  });

  it('measures each band as tall as the line box (line-height)', async () => {
    const html = `<!DOCTYPE html><style>@page { size: 300px 200px; margin: 0 } body { margin: 0; font: 16px Arimo }</style>
      <div style="float:left; width:100px; height:100px; shape-outside: circle(50%)"></div><p style="margin:0; line-height:30px">${LETTERS}</p>`;
    expectClose(lineEdges(await layoutHtml(html)).map((l) => l.start), [95.8, 100, 99, 80, 0]);
  });
});

describe('shape-outside on a right float', () => {
  it('ends right-aligned lines at an ellipse\'s leftmost point over their band', async () => {
    const pages = await layoutHtml(page('float:right; width:220px; height:140px; shape-outside: ellipse(closest-side farthest-side at 60% 50%)', 'text-align:right'));
    expectClose(lineEdges(pages).map((l) => l.end), [323.1, 305.1, 296.3, 294.0, 294.0, 297.6, 308.1, 329.2, 470]);
  });

  it('takes the border box with its border-radius for shape-outside: border-box', async () => {
    const pages = await layoutHtml(page('float:right; width:140px; height:140px; margin:10px; border:4px solid; border-radius:0 0 0 100%; shape-outside: border-box', 'text-align:right'));
    expectClose(lineEdges(pages).map((l) => l.end), [312.0, 312.2, 314.3, 318.7, 325.6, 335.5, 349.1, 368.1, 397.2, 470]);
  });
});

describe('what the shape leaves to the margin box', () => {
  it('places a later float, clears and sets a formatting context root beside the margin box, not the shape', async () => {
    const html = `<!DOCTYPE html><style>@page { size: 400px 400px; margin: 0 } body { margin: 0; font: 16px Arimo }</style>
      <div id=a style="float:left; width:100px; height:100px; shape-outside: circle(10%)"></div>
      <div id=b style="float:left; width:50px; height:20px"></div>
      <div id=c style="overflow:hidden; height:20px"></div>
      <div id=d style="clear:left; height:10px"></div>`;
    const pages = await layoutHtml(html);
    expect(findBox(pages, '#b')).toMatchObject({ x: 100, y: 0 });
    expect(findBox(pages, '#c')).toMatchObject({ x: 150, width: 250 });
    expect(findBox(pages, '#d').y).toBe(100);
  });
});

describe('shape-outside and shape-margin values', () => {
  const style = (css: string) => styleDocument('<div id="p"><div id="t">x</div></div>', css).style('#t');

  it('computes basic shapes with a reference box, margin-box by default, and is not inherited', () => {
    expect(style('#t { shape-outside: circle(50% at left 20px top) }').shapeOutside)
      .toEqual({ shape: { kind: 'circle', radius: { percent: 50 }, at: [20, { percent: 0 }] }, box: 'margin-box' });
    expect(style('#t { shape-outside: content-box ellipse() }').shapeOutside)
      .toEqual({ shape: { kind: 'ellipse', rx: 'closest-side', ry: 'closest-side', at: [{ percent: 50 }, { percent: 50 }] }, box: 'content-box' });
    expect(style('#t { shape-outside: inset(1px 2px round 3px / 4px) }').shapeOutside).toEqual({
      shape: { kind: 'inset', insets: [1, 2, 1, 2], radii: [[3, 4], [3, 4], [3, 4], [3, 4]] }, box: 'margin-box',
    });
    expect(style('#t { shape-outside: polygon(evenodd, 0 0, 100% 0, 1em 50%) }').shapeOutside).toEqual({
      shape: { kind: 'polygon', fill: 'evenodd', points: [[0, 0], [{ percent: 100 }, 0], [16, { percent: 50 }]] }, box: 'margin-box',
    });
    expect(style('#t { shape-outside: padding-box }').shapeOutside).toEqual({ shape: null, box: 'padding-box' });
    expect(style('#p { shape-outside: circle(); shape-margin: 5px }').shapeOutside).toBeNull();
    expect(style('#t { shape-margin: 2em }').shapeMargin).toBe(32);
  });

  it('drops invalid declarations and url() images, keeping the earlier value', () => {
    for (const value of ['url(a.png)', 'circle(10px 20px)', 'polygon(0 0, 10px)', 'square()', 'border-box padding-box', 'circle(-5px)']) {
      expect(style(`#t { shape-outside: circle(5px); shape-outside: ${value} }`).shapeOutside?.shape, value).toMatchObject({ kind: 'circle', radius: 5 });
    }
    expect(style('#t { shape-margin: 3px; shape-margin: -1px }').shapeMargin).toBe(3);
  });
});
