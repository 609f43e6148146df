// Thin borders at low resolution: poppler's Splash renderer (pdftoppm, Evince, Okular) and Acrobat
// keep a thin filled rectangle at least a device pixel wide, so Chromium's borders (a rectangle per
// side) stay crisp when zoomed out. Ours must be drawn the same way, not as one ring or as mitred
// sides, which come out as a faint anti-aliased line.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { pixelPage, renderPdf, skipPixelTests } from '../../src/testing/render.js';

/** Page 1 rasterised by pdftoppm (Splash) in grey at `dpi`: rows of 0 (black) … 255 (white). */
function splashGrey(pdf: Uint8Array, dpi: number): number[][] {
  const dir = mkdtempSync(join(tmpdir(), 'pagesmith-splash-'));
  try {
    writeFileSync(join(dir, 'in.pdf'), pdf);
    const run = spawnSync('pdftoppm', ['-gray', '-r', String(dpi), '-f', '1', '-l', '1', '-singlefile', join(dir, 'in.pdf'), join(dir, 'out')], { encoding: 'utf8' });
    if (run.error) throw run.error;
    if (run.status !== 0) throw new Error(`pdftoppm failed: ${run.stderr}`);
    const pgm = readFileSync(join(dir, 'out.pgm'));
    // P5 <width> <height> <max>\n then one byte per pixel.
    const header = pgm.toString('latin1', 0, 40).match(/^P5\s+(\d+)\s+(\d+)\s+(\d+)\s/);
    if (!header) throw new Error('unexpected pdftoppm output');
    const [width, height] = [Number(header[1]), Number(header[2])];
    const data = pgm.subarray(header[0].length);
    return Array.from({ length: height }, (_, y) => Array.from(data.subarray(y * width, (y + 1) * width)));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

// 1px borders of a 96px box 10px into a 120px page rasterised at 24 dpi: each border is a quarter of
// a device pixel, at about device pixel 2.5 (top, left) and 26.5 (bottom, right).
const page = (css: string): string => pixelPage(120, 120, `div { box-sizing: border-box; margin: 10px; width: 96px; height: 96px; ${css} }`, '<div></div>');
/** Along a side, the darkest of the device pixels around `at` (the border may be snapped to either). */
const row = (grey: number[][], at: number): number[] => grey[at].slice(5, 24).map((_, i) => Math.min(grey[at - 1][i + 5], grey[at][i + 5], grey[at + 1][i + 5]));
const column = (grey: number[][], at: number): number[] => grey.slice(5, 24).map((r) => Math.min(r[at - 1], r[at], r[at + 1]));

describe.skipIf(skipPixelTests())('thin borders under poppler', () => {
  it('draws a 1px border of one colour as solid device pixels on every side', async () => {
    const grey = splashGrey(await renderPdf(page('border: 1px solid black')), 24);
    expect(grey).toHaveLength(30);
    expect(Math.max(...row(grey, 3))).toBeLessThan(64); // top
    expect(Math.max(...row(grey, 26))).toBeLessThan(64); // bottom
    expect(Math.max(...column(grey, 3))).toBeLessThan(64); // left
    expect(Math.max(...column(grey, 26))).toBeLessThan(64); // right
    expect(grey[14][14]).toBe(255);
  });

  it('draws three sides (a box split across pages has no bottom edge) as solid pixels too', async () => {
    const grey = splashGrey(await renderPdf(page('border: 1px solid black; border-bottom: 0')), 24);
    expect(Math.max(...row(grey, 3))).toBeLessThan(64);
    expect(Math.max(...column(grey, 3))).toBeLessThan(64);
    expect(Math.max(...column(grey, 26))).toBeLessThan(64);
    expect(Math.min(...row(grey, 26))).toBe(255);
  });
});
