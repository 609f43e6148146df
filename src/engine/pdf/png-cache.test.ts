import { deflateSync } from 'node:zlib';
import PDFDocument from 'pdfkit';
import { describe, expect, it } from 'vitest';
import type { ImageResource } from '../images/types.js';
import { readPdf } from '../../testing/read-pdf.js';
import { createPdfDocument, finishPdf } from './document.js';
import { PdfkitBackend } from './pdfkit-backend.js';
import { decodePixels, type PngInternals } from './png-cache.js';

const CRC = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function chunk(type: string, data: Uint8Array): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  let c = 0xffffffff;
  for (const b of body) c = CRC[(c ^ b) & 0xff] ^ (c >>> 8);
  const out = Buffer.alloc(8 + data.length + 4);
  out.writeUInt32BE(data.length, 0);
  body.copy(out, 4);
  out.writeUInt32BE((c ^ 0xffffffff) >>> 0, 8 + data.length);
  return out;
}

const PASSES = [[0, 0, 8, 8], [4, 0, 8, 8], [0, 4, 4, 8], [2, 0, 4, 4], [0, 2, 2, 4], [1, 0, 2, 2], [0, 1, 1, 2]];

/** A PNG whose scanlines use every filter type in turn over pseudo-random bytes. */
function pngWithFilters(width: number, height: number, colorType: 2 | 4 | 6, bits: 8 | 16, interlaced: boolean): Uint8Array {
  const channels = { 2: 3, 4: 2, 6: 4 }[colorType];
  const bytesPerPixel = (channels * bits) / 8;
  const lines: Buffer[] = [];
  let seed = width * 31 + height;
  for (const [x0, y0, dx, dy] of interlaced ? PASSES : [[0, 0, 1, 1]]) {
    const w = Math.ceil((width - x0) / dx);
    const h = Math.ceil((height - y0) / dy);
    for (let row = 0; row < h; row++) {
      const line = Buffer.alloc(1 + w * bytesPerPixel);
      line[0] = (row + x0 + y0) % 5;
      for (let i = 1; i < line.length; i++) line[i] = (seed = (seed * 1103515245 + 12345) & 0x7fffffff) >>> 16;
      lines.push(line);
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = bits;
  header[9] = colorType;
  header[12] = interlaced ? 1 : 0;
  return new Uint8Array(Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(lines))),
    chunk('IEND', new Uint8Array()),
  ]));
}

type PngJs = PngInternals & { decodePixels(fn: (pixels: Uint8Array) => void): void };
/** png-js's PNG, as pdfkit opens it (png-js is pdfkit's dependency, not ours). */
const open = (bytes: Uint8Array): PngJs =>
  (new PDFDocument({ autoFirstPage: false }) as unknown as { openImage(src: Buffer): { image: PngJs } }).openImage(Buffer.from(bytes)).image;

describe('decodePixels', () => {
  it.each([
    [2, 8, false], [6, 8, false], [6, 16, false], [4, 8, false], [6, 8, true], [2, 16, true],
  ] as const)('gives png-js’s pixels (colour type %i, %i bits, interlaced %s)', async (colorType, bits, interlaced) => {
    const bytes = pngWithFilters(23, 11, colorType, bits, interlaced);
    const expected = await new Promise<Uint8Array>((resolve) => open(bytes).decodePixels(resolve));
    expect(Buffer.from(decodePixels(open(bytes))).equals(Buffer.from(expected))).toBe(true);
  });
});

describe('PNG embedding', () => {
  const logo = (url: string, bytes: Uint8Array): ImageResource => ({ format: 'png', bytes, width: 23, height: 11, url });

  async function render(image: ImageResource): Promise<Uint8Array> {
    const doc = createPdfDocument({ deterministic: true });
    const backend = new PdfkitBackend(doc);
    backend.beginPage(200, 100);
    backend.image(image, 10, 10, 46, 22);
    backend.image(image, 60, 10, 46, 22);
    return finishPdf(doc);
  }

  it('writes the same bytes whether the decoded image came from the cache or not', async () => {
    const bytes = pngWithFilters(23, 11, 6, 8, false);
    // A fresh copy of the bytes under another URL: the cache goes by content.
    const first = await render(logo('mem:a.png', bytes));
    const second = await render(logo('mem:b.png', new Uint8Array(bytes)));
    expect(Buffer.from(first).equals(Buffer.from(second))).toBe(true);
    const raw = Buffer.from(first).toString('latin1');
    expect(raw.match(/\/Subtype \/Image/g)).toHaveLength(2); // the image and its soft mask
    expect(raw).toContain('/SMask');
    expect((await readPdf(first)).pageCount).toBe(1);
  });

  it('finishes the document when the pixel data is broken', async () => {
    const good = pngWithFilters(23, 11, 6, 8, false);
    const broken = new Uint8Array(good);
    // Corrupt the zlib stream inside IDAT (its CRC is not checked by pdfkit).
    const idat = Buffer.from(broken).indexOf('IDAT');
    for (let i = idat + 6; i < idat + 20; i++) broken[i] ^= 0x5a;
    const bytes = await render(logo('mem:broken.png', broken));
    expect(Buffer.from(bytes).toString('latin1')).toContain('%%EOF');
  });
});
