// Decoded pixels as a PNG file (8-bit RGB or RGBA, deflated with node:zlib), for formats pdfkit
// cannot embed itself: they then take the PNG path (soft mask for alpha, decoded-data cache).
import { deflateSync } from 'node:zlib';

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (let i = 0; i < bytes.length; i++) c = CRC_TABLE[(c ^ bytes[i]) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/** One PNG chunk: length, type, data and CRC. */
export function pngChunk(type: string, data: Uint8Array): Buffer {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'latin1');
  out.set(data, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

export const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** A PNG of `rgba` (width × height × 4 bytes); RGB when every pixel is opaque, so no soft mask is made. */
export function encodePng(rgba: Uint8Array, width: number, height: number): Uint8Array {
  let opaque = true;
  for (let i = 3; i < rgba.length; i += 4) {
    if (rgba[i] !== 255) {
      opaque = false;
      break;
    }
  }
  const channels = opaque ? 3 : 4;
  const stride = 1 + width * channels;
  const raw = Buffer.alloc(stride * height);
  for (let y = 0, src = 0; y < height; y++) {
    let dst = y * stride + 1;
    if (opaque) {
      for (let x = 0; x < width; x++, src += 4) {
        raw[dst++] = rgba[src];
        raw[dst++] = rgba[src + 1];
        raw[dst++] = rgba[src + 2];
      }
    } else {
      raw.set(rgba.subarray(src, src + width * 4), dst);
      src += width * 4;
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  header[9] = opaque ? 2 : 6;
  return new Uint8Array(Buffer.concat([PNG_SIGNATURE, pngChunk('IHDR', header), pngChunk('IDAT', deflateSync(raw)), pngChunk('IEND', new Uint8Array())]));
}
