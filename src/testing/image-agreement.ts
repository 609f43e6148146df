// Test helper: how closely two page images agree (our raster backend's against pdftoppm's
// rasterisation of our own PDF), pixel by pixel.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { canvasModule } from '../engine/raster/canvas-module.js';

export interface Rgba {
  readonly width: number;
  readonly height: number;
  readonly data: Uint8ClampedArray;
}

export interface Agreement {
  /** Mean absolute difference per channel (0–255) over the pixels both images have. */
  readonly meanDifference: number;
  /** Share (0–1) of pixels whose largest channel difference is more than the tolerance. */
  readonly differing: number;
  /** Both images have the same size. */
  readonly sameSize: boolean;
}

let pdftoppmFound: boolean | undefined;

export function hasPdftoppm(): boolean {
  pdftoppmFound ??= spawnSync('pdftoppm', ['-v'], { stdio: 'ignore' }).error === undefined;
  return pdftoppmFound;
}

/** Decodes a PNG, JPEG or WebP into RGBA pixels. */
export async function decodeImage(bytes: Uint8Array): Promise<Rgba> {
  const canvas = canvasModule();
  const image = await canvas.loadImage(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  const surface = canvas.createCanvas(image.width, image.height);
  const ctx = surface.getContext('2d');
  ctx.drawImage(image, 0, 0);
  const { data } = ctx.getImageData(0, 0, image.width, image.height);
  return { width: image.width, height: image.height, data };
}

/** Every page of the PDF as pdftoppm draws it at `dpi` (96: one pixel per CSS px), PNG bytes in page order. */
export function pdftoppmPages(pdf: Uint8Array, dpi = 96): Buffer[] {
  const dir = mkdtempSync(join(tmpdir(), 'pagesmith-ppm-'));
  try {
    writeFileSync(join(dir, 'in.pdf'), pdf);
    const result = spawnSync('pdftoppm', ['-r', String(dpi), '-png', join(dir, 'in.pdf'), join(dir, 'page')], { encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`pdftoppm failed: ${result.stderr}`);
    return readdirSync(dir).filter((f) => f.endsWith('.png')).sort((a, b) => pageNumber(a) - pageNumber(b)).map((f) => readFileSync(join(dir, f)));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function pageNumber(file: string): number {
  return Number(/-(\d+)\.png$/.exec(file)?.[1] ?? 0);
}

/** How closely `a` and `b` agree over the area both cover; a channel difference past `tolerance` makes a pixel differ. */
export function agreement(a: Rgba, b: Rgba, tolerance = 48): Agreement {
  const width = Math.min(a.width, b.width);
  const height = Math.min(a.height, b.height);
  let sum = 0;
  let differing = 0;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * a.width + x) * 4;
      const j = (y * b.width + x) * 4;
      let most = 0;
      for (let c = 0; c < 3; c++) {
        const d = Math.abs(a.data[i + c] - b.data[j + c]);
        sum += d;
        if (d > most) most = d;
      }
      if (most > tolerance) differing++;
    }
  }
  const pixels = Math.max(1, width * height);
  return { meanDifference: sum / (pixels * 3), differing: differing / pixels, sameSize: a.width === b.width && a.height === b.height };
}
