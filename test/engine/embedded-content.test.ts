// <iframe>, <embed>, <object>, <video> and <audio> as Chromium prints them (decision 0435): boxes
// of HTML's default object size, the images they name, an object's fallback only when its data
// does not load; and the range and colour inputs' sliders and swatches.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createResourceLoader } from '../../src/resources/index.js';
import { solidPng } from '../../src/testing/image-fixtures.js';
import { findBox, findBoxes, layoutHtml, lineBoxes, pixelPage, rasterise, renderPdf, skipPixelTests } from '../../src/testing/render.js';

const folder = mkdtempSync(join(tmpdir(), 'pagesmith-embedded-'));
writeFileSync(join(folder, 'photo.png'), solidPng(40, 20, [0, 0, 255, 255]));
writeFileSync(join(folder, 'page.html'), '<!doctype html><p>A page of its own</p>');
afterAll(() => rmSync(folder, { recursive: true, force: true }));
const resourceLoader = createResourceLoader({ baseDir: folder });

const page = (body: string): string => `<!DOCTYPE html><style>@page { size: 600px 800px; margin: 0 } body { margin: 0; font: 16px/20px Arimo }
  div { margin: 0 }</style>${body}`;
const layout = (body: string) => layoutHtml(page(body), { resourceLoader });

describe('frames, embeds, objects and media', () => {
  it('print an iframe, a video and an embed with a source as boxes of 300 × 150, an iframe with its inset border', async () => {
    const pages = await layout('<div><iframe id=f src="page.html"></iframe></div><div><video id=v src="film.mp4">Your browser cannot play this</video></div><div><embed id=e src="missing.swf"></div>');
    expect(findBox(pages, '#f')).toMatchObject({ kind: 'replaced', width: 304, height: 154 });
    expect(findBox(pages, '#v')).toMatchObject({ kind: 'replaced', width: 300, height: 150 });
    expect(findBox(pages, '#e')).toMatchObject({ kind: 'replaced', width: 300, height: 150 });
    // A video's fallback text is never shown, nor an iframe's content.
    expect(lineBoxes(pages).map((line) => line.text).join(' ')).not.toContain('cannot');
  });

  it('have no natural ratio: a width alone leaves the height at 150, a height alone the width at 300', async () => {
    const pages = await layout('<video id=a width="400"></video><iframe id=b style="height: 60px; border: 0"></iframe><video id=c style="width: 50%"></video>');
    expect(findBox(pages, '#a')).toMatchObject({ width: 400, height: 150 });
    expect(findBox(pages, '#b')).toMatchObject({ width: 300, height: 60 });
    expect(findBox(pages, '#c')).toMatchObject({ width: 300, height: 150 });
  });

  it('print the images an object, an embed and a video poster name, at their own size and ratio', async () => {
    const pages = await layout('<div><object id=o data="photo.png" type="image/png">fallback</object></div><div><embed id=e src="photo.png" width="80"></div><div><video id=v poster="photo.png" width="100"></video></div>');
    expect(findBox(pages, '#o')).toMatchObject({ kind: 'replaced', width: 40, height: 20 });
    expect(findBox(pages, '#e')).toMatchObject({ width: 80, height: 40 });
    expect(findBox(pages, '#v')).toMatchObject({ width: 100, height: 50 });
    expect(lineBoxes(pages).map((line) => line.text).join(' ')).not.toContain('fallback');
  });

  it('show an object’s fallback content when its data does not load or is missing, and a box when it loads as a document', async () => {
    const pages = await layout('<div id=a><object data="missing.png">missing <b>fallback</b></object></div><div id=b><object>no data</object></div><div><object id=c data="page.html" height="100">loaded</object></div>');
    const text = lineBoxes(pages).map((line) => line.text).join(' | ');
    expect(text).toContain('missing fallback');
    expect(text).toContain('no data');
    expect(text).not.toContain('loaded');
    expect(findBox(pages, '#c')).toMatchObject({ kind: 'replaced', width: 300, height: 100 });
  });

  it('print nothing for an embed without a source or an audio without controls, and a 300 × 54 bar for audio controls', async () => {
    const pages = await layout('<p id=p>a<embed>b<audio src="a.mp3">no audio</audio>c</p><div><audio id=au controls src="a.mp3">no audio</audio></div>');
    expect(lineBoxes(pages, '#p').map((line) => line.text)).toEqual(['abc']);
    expect(findBoxes(pages, 'embed')).toHaveLength(0);
    expect(findBox(pages, '#au')).toMatchObject({ kind: 'replaced', width: 300, height: 54 });
  });

  it('let an author show an audio without controls only as Chromium does: never (the UA hides it with !important)', async () => {
    const pages = await layout('<style>audio { display: block }</style><audio id=au src="a.mp3"></audio><p>after</p>');
    expect(findBoxes(pages, '#au')).toHaveLength(0);
  });
});

describe('range and colour inputs', () => {
  it('are 129 × 16 with a 2px margin and 50 × 27, baseline at the slider’s bottom border edge', async () => {
    const pages = await layout('<p id=p>x<input id=r type="range">y<input id=c type="color">z</p>');
    expect(findBox(pages, '#r')).toMatchObject({ width: 129, height: 16 });
    expect(findBox(pages, '#c')).toMatchObject({ width: 50, height: 27 });
    const slider = await layout('<p id=p style="line-height: 1">x<input id=r type="range"></p>');
    const line = lineBoxes(slider, '#p')[0];
    // The slider's bottom border edge sits on the text's baseline, its bottom margin below it.
    expect(findBox(slider, '#r').y + 16).toBeCloseTo(line.baseline, 5);
  });

  it('keep their sizes as blocks and take the author’s padding, border and width', async () => {
    const pages = await layout('<input id=r type="range" style="display: block; padding: 6px 10px; border: 1px solid"><input id=w type="range" style="width: 80%"><input id=c type="color" style="display: block; width: 100px">');
    expect(findBox(pages, '#r')).toMatchObject({ width: 151, height: 30 });
    expect(findBox(pages, '#w')).toMatchObject({ width: 480, height: 16 });
    expect(findBox(pages, '#c')).toMatchObject({ width: 100, height: 27 });
  });
});

describe.skipIf(skipPixelTests())('range and colour inputs, drawn', () => {
  const palette = { _: [255, 255, 255], B: [0, 117, 255], R: [255, 0, 0], e: [239, 239, 239], z: [118, 118, 118], K: [0, 0, 0] } as const;

  it('draw the value’s colour in a colour input’s swatch, black without one', async () => {
    const pdf = await renderPdf(pixelPage(120, 40, '', '<input type="color" value="#FF0000"><input type="color" value="red">'));
    const rows = rasterise(pdf, { width: 120, height: 40, palette });
    expect(rows[13].slice(8, 42)).toMatch(/^R+$/);
    expect(rows[13].slice(58, 92)).toMatch(/^K+$/);
  });

  it('draw a slider blue up to its thumb, which stays round when the slider is stretched', async () => {
    const pdf = await renderPdf(pixelPage(420, 30, 'input { margin: 0 }', '<input type="range" min="0" max="10" value="7.6" style="width: 400px">'));
    const rows = rasterise(pdf, { width: 420, height: 30, palette });
    const thumbCentre = 8 + 0.8 * (400 - 16);
    // Blue from the start to the thumb, the light track after it.
    expect(rows[8].slice(4, Math.floor(thumbCentre))).toMatch(/^B+$/);
    expect(rows[8].slice(Math.ceil(thumbCentre) + 9, 396)).toMatch(/^e+$/);
    // The thumb is 15px across in both directions.
    const across = rows[8].slice(Math.round(thumbCentre) - 10, Math.round(thumbCentre) + 10).replace(/[^B]/g, '').length;
    const down = rows.map((row) => row[Math.round(thumbCentre)]).filter((c) => c === 'B').length;
    expect(Math.abs(across - down)).toBeLessThanOrEqual(6);
    expect(down).toBeGreaterThanOrEqual(14);
  });
});
