// Margin box geometry: top and bottom boxes share their edge by content widths (CSS Paged Media 3
// §6.3.2), fill the margin's depth unless given a height, and place their content by vertical-align.
import { describe, expect, it } from 'vitest';
import type { BoxFragment, Fragment } from '../../src/engine/layout/fragments.js';
import { solidPng } from '../../src/testing/image-fixtures.js';
import { dataUri, layoutHtml, paintHtml } from '../../src/testing/render.js';

// Page 400 × 300, margins 40: the top and bottom edges run from x = 40 to x = 360 (320px).
const boxes = async (pageCss: string): Promise<BoxFragment[]> => {
  const pages = await layoutHtml(`<html><head><style>@page { size: 400px 300px; margin: 40px; ${pageCss} } body { margin: 0; font: 10px Cousine }</style></head><body>x</body></html>`);
  return pages[0].marginBoxes;
};

const lineOf = (box: BoxFragment): Fragment & { kind: 'line' } => {
  const find = (f: Fragment): (Fragment & { kind: 'line' }) | null => {
    if (f.kind === 'line') return f;
    if (f.kind === 'box') for (const c of f.children) { const l = find(c); if (l) return l; }
    return null;
  };
  return find(box)!;
};

describe('margin box widths along the top and bottom edges', () => {
  it('gives a lone centre box the whole edge', async () => {
    const [b] = await boxes('@top-center { content: "mid" }');
    expect([b.x, b.width]).toEqual([40, 320]);
  });

  it('shares the edge between left and right boxes in proportion to their content', async () => {
    // Cousine is monospaced (6px per character at 10px): 30 and 10 characters.
    const [a, c] = await boxes(`@top-left { content: "${'a'.repeat(30)}" } @top-right { content: "${'c'.repeat(10)}" }`);
    expect(a.x).toBe(40);
    expect(c.x + c.width).toBeCloseTo(360, 5);
    expect(a.width + c.width).toBeCloseTo(320, 5);
    expect(a.width / c.width).toBeCloseTo(3, 1);
  });

  it('keeps the centre box centred beside a wide left box, and A and C take what it leaves', async () => {
    const [a, b, c] = await boxes(`@top-left { content: "${'a'.repeat(25)}" } @top-center { content: "mid" } @top-right { content: "r" }`);
    expect(b.x + b.width / 2).toBeCloseTo(200, 5);
    expect(a.x).toBe(40);
    expect(a.x + a.width).toBeCloseTo(b.x, 5);
    expect(c.x).toBeCloseTo(b.x + b.width, 5);
    expect(c.x + c.width).toBeCloseTo(360, 5);
  });

  it('uses specified widths: the left box at the start, the centre box centred', async () => {
    const [a, b] = await boxes('@top-left { content: "1"; width: 50px } @top-center { content: ""; width: 100px }');
    expect([a.x, a.width]).toEqual([40, 50]);
    expect([b.x, b.width]).toEqual([150, 100]);
  });

  it('resolves percentage widths against the edge', async () => {
    const [c] = await boxes('@bottom-right { content: "r"; width: 50% }');
    expect([c.x, c.width]).toEqual([200, 160]);
  });
});

describe('margin box heights and vertical alignment', () => {
  it('fills the depth of the margin when its height is auto, content centred', async () => {
    const [b] = await boxes('@top-center { content: "mid"; background: red }');
    expect([b.y, b.height]).toEqual([0, 40]);
    const line = lineOf(b);
    expect(line.y + line.height / 2).toBeCloseTo(20, 5);
  });

  it('puts the content at the top or bottom with vertical-align', async () => {
    const [t, u] = await boxes('@top-left { content: "t"; vertical-align: top } @top-right { content: "b"; vertical-align: bottom }');
    expect(lineOf(t).y).toBe(0);
    expect(lineOf(u).y + lineOf(u).height).toBeCloseTo(40, 5);
  });

  it('sets a top box with a height against the page area, a bottom box likewise', async () => {
    const [t, u] = await boxes('@top-left { content: "t"; height: 10px } @bottom-left { content: "b"; height: 10px }');
    expect([t.y, t.height]).toEqual([30, 10]);
    expect([u.y, u.height]).toEqual([260, 10]);
  });

  it('shares the left and right edges by the boxes\' heights the same way', async () => {
    // The side edges run from y = 40 to y = 260 (220px).
    // (In painting order: clockwise from the top-left corner, so the right edge's box first.)
    const [r, m, t] = await boxes('@left-top { content: "a" } @left-middle { content: "b"; height: 20px } @right-bottom { content: "c"; width: 20px }');
    expect([t.x, t.y, t.width]).toEqual([0, 40, 40]);
    expect([m.y, m.height]).toEqual([140, 20]);
    expect(t.height).toBeCloseTo(100, 5);
    // A right box given a width sits against the page area; alone on its edge it takes all of it.
    expect([r.x, r.width, r.y, r.height]).toEqual([360, 20, 40, 220]);
  });
});

describe('margin box styles', () => {
  it('inherit from the page context, which inherits from the root', async () => {
    const pages = await layoutHtml(`<html style="color: rgb(0, 0, 255)"><head><style>@page { size: 400px 300px; margin: 40px; font: 14px Cousine;
      @top-center { content: "mid" } @bottom-center { content: "end"; font-family: Arimo } } body { font: 10px Tinos }</style></head><body>x</body></html>`);
    const runs = pages[0].marginBoxes.map((b) => lineOf(b).children.find((c) => c.kind === 'text'));
    expect(runs.map((r) => r?.kind === 'text' && [r.font.key.split(' ')[0], r.size, r.style.color.b])).toEqual([['Cousine-Regular', 14, 255], ['Arimo-Regular', 14, 255]]);
  });
});

describe('images in margin boxes', () => {
  const logo = dataUri(solidPng(20, 10, [0, 0, 255, 255]), 'image/png');
  const band = dataUri(solidPng(4, 4, [255, 0, 0, 255]), 'image/png');
  const page = (pageCss: string, body = 'x', css = ''): string =>
    `<html><head><style>@page { size: 400px 300px; margin: 40px; ${pageCss} } body { margin: 0; font: 10px Cousine } ${css}</style></head><body>${body}</body></html>`;
  const drawn = async (html: string): Promise<number[][]> => (await paintHtml(html)).calls
    .filter((c) => c.method === 'image').map((c) => (c.args as readonly unknown[]).slice(1).map((n) => Math.round(n as number)));

  it('shows content: url() images', async () => {
    const [[x, y, w, h]] = await drawn(page(`@top-left { content: url("${logo}") " Acme"; vertical-align: top }`));
    // On the first line of the box (top-aligned), sitting on its baseline.
    expect([x, w, h]).toEqual([40, 20, 10]);
    // Inside the 40px top margin, with its 10px height.
    expect(y).toBeGreaterThanOrEqual(0);
    expect(y + h).toBeLessThanOrEqual(40);
    expect(y + h).toBeLessThanOrEqual(16);
  });

  it('loads background images of margin boxes and of running elements', async () => {
    const html = page(`@bottom-left { content: ""; height: 4px; width: 4px; background: url("${band}") } @top-left { content: element(h) }`,
      '<div class="h">Head</div>x', `.h { position: running(h); background: url("${logo}") no-repeat; height: 10px; width: 20px }`);
    const images = await drawn(html);
    expect(images).toContainEqual([40, 260, 4, 4]);
    expect(images).toContainEqual([40, 15, 20, 10]);
  });
});
