// Checks a PNG's chunks and compressed pixel stream before pdfkit decodes it: png-js throws
// from an asynchronous callback on a broken stream, which would take the process down.
import { createInflate, inflateSync } from 'node:zlib';

const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };
const DEPTHS: Record<number, readonly number[]> = { 0: [1, 2, 4, 8, 16], 2: [8, 16], 3: [1, 2, 4, 8], 4: [8, 16], 6: [8, 16] };

interface PngHeader {
  readonly width: number;
  readonly height: number;
  readonly bitDepth: number;
  readonly colorType: number;
  readonly interlaced: boolean;
}

/** Walks the chunks; returns the header and the concatenated IDAT data, or null when malformed. */
function readChunks(bytes: Uint8Array): { header: PngHeader; idat: Uint8Array[] } | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let header: PngHeader | null = null;
  const idat: Uint8Array[] = [];
  let pos = 8;
  while (pos + 12 <= bytes.length) {
    const length = view.getUint32(pos);
    const type = String.fromCharCode(bytes[pos + 4], bytes[pos + 5], bytes[pos + 6], bytes[pos + 7]);
    const data = pos + 8;
    if (data + length + 4 > bytes.length) return null;
    if (header === null && type !== 'IHDR') return null;
    if (type === 'IHDR') {
      if (length < 13) return null;
      header = {
        width: view.getUint32(data),
        height: view.getUint32(data + 4),
        bitDepth: bytes[data + 8],
        colorType: bytes[data + 9],
        interlaced: bytes[data + 12] === 1,
      };
    } else if (type === 'IDAT') {
      idat.push(bytes.subarray(data, data + length));
    } else if (type === 'IEND') {
      break;
    }
    pos = data + length + 4;
  }
  if (header === null || idat.length === 0) return null;
  if (!DEPTHS[header.colorType]?.includes(header.bitDepth)) return null;
  return { header, idat };
}

const ADAM7 = [[0, 0, 8, 8], [4, 0, 8, 8], [0, 4, 4, 8], [2, 0, 4, 4], [0, 2, 2, 4], [1, 0, 2, 2], [0, 1, 1, 2]] as const;

function scanlines(width: number, height: number, h: PngHeader): number {
  if (width === 0 || height === 0) return 0;
  return height * (Math.ceil((width * CHANNELS[h.colorType] * h.bitDepth) / 8) + 1);
}

/** Bytes of filtered scanlines the pixel stream must inflate to. */
function rawLength(h: PngHeader): number {
  if (!h.interlaced) return scanlines(h.width, h.height, h);
  let total = 0;
  for (const [x0, y0, dx, dy] of ADAM7) total += scanlines(Math.ceil((h.width - x0) / dx), Math.ceil((h.height - y0) / dy), h);
  return total;
}

/** Whether the scanlines in `data` (from `offset` within the stream) start with valid filter bytes. */
function filtersValid(data: Uint8Array, offset: number, rowLength: number, expected: number): boolean {
  for (let row = Math.ceil(offset / rowLength) * rowLength; row < offset + data.length && row < expected; row += rowLength) {
    if (data[row - offset] > 4) return false;
  }
  return true;
}

/** Inflates the pixel stream without keeping it: it must inflate cleanly, be long enough and (non-interlaced) use valid filter bytes. */
export async function checkPng(bytes: Uint8Array): Promise<boolean> {
  const chunks = readChunks(bytes);
  if (chunks === null) return false;
  const { header, idat } = chunks;
  const expected = rawLength(header);
  const rowLength = header.interlaced ? 0 : expected / header.height;
  return new Promise<boolean>((resolve) => {
    const inflate = createInflate();
    let seen = 0;
    let ok = true;
    inflate.on('data', (chunk: Buffer) => {
      if (ok && rowLength > 0 && !filtersValid(chunk, seen, rowLength, expected)) ok = false;
      seen += chunk.length;
    });
    inflate.on('error', () => resolve(false));
    inflate.on('end', () => resolve(ok && seen >= expected));
    for (const part of idat) inflate.write(part);
    inflate.end();
  });
}

/** checkPng, synchronously (holds the inflated pixels for a moment; meant for small images). */
export function checkPngSync(bytes: Uint8Array): boolean {
  const chunks = readChunks(bytes);
  if (chunks === null) return false;
  const { header, idat } = chunks;
  const expected = rawLength(header);
  let data: Uint8Array;
  try {
    // A well-formed stream inflates to exactly `expected` bytes; far more is refused too.
    data = inflateSync(Buffer.concat(idat), { maxOutputLength: expected + 65536 });
  } catch {
    return false;
  }
  if (data.length < expected) return false;
  return header.interlaced || filtersValid(data, 0, expected / header.height, expected);
}
