// Until the engine's raster backend lands: an engine whose renderImages lays the document out as a PDF (for its page count) and paints each page one grey PNG.
import { deflateSync } from 'node:zlib';
import { createNativeEngine, type PdfEngine } from '../../src/index.js';
import type { PageImageOptions, PageImages } from '../../src/engine/types.js';
import { countPdfPages } from '../../src/service/count-pdf-pages.js';

export function standInImageEngine(inner: PdfEngine = createNativeEngine()): PdfEngine & { readonly imageCalls: { html: string; options: PageImageOptions }[] } {
  const imageCalls: { html: string; options: PageImageOptions }[] = [];
  return {
    name: `stand-in(${inner.name})`,
    imageCalls,
    render: (html, options) => inner.render(html, options),
    async renderImages(html, options = {}): Promise<PageImages> {
      imageCalls.push({ html, options });
      const pageCount = countPdfPages(await inner.render(html, options));
      const width = options.width ?? 794;
      const height = Math.round((width * 297) / 210);
      const pages = (options.pages ?? Array.from({ length: pageCount }, (_, index) => index + 1)).filter((page) => page <= pageCount);
      return { pageCount, images: pages.map((page) => ({ page, width, height, format: 'png', mediaType: 'image/png', data: greyPng(width, height) })) };
    },
  };
}

function greyPng(width: number, height: number): Uint8Array {
  const row = Buffer.alloc(1 + width * 3, 0x80);
  row[0] = 0;
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const chunks = [chunk('IHDR', header), chunk('IDAT', deflateSync(Buffer.concat(Array.from({ length: height }, () => row)))), chunk('IEND', Buffer.alloc(0))];
  return new Uint8Array(Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), ...chunks]));
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

function crc32(bytes: Buffer): number {
  let crc = ~0;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit += 1) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}
