import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { compress } from 'wawoff2';
import { decodeFont, sniffFontFormat } from './decode.js';

const require = createRequire(import.meta.url);
const ttf = readFileSync(require.resolve('@expo-google-fonts/cousine/400Regular/Cousine_400Regular.ttf'));

/** Wraps a TTF's tables in a WOFF 1.0 container (each table deflated). */
function toWoff(font: Buffer): Buffer {
  const numTables = font.readUInt16BE(4);
  const directory = Buffer.alloc(numTables * 20);
  const tables: Buffer[] = [];
  let offset = 44 + directory.length;
  for (let i = 0; i < numTables; i++) {
    const entry = 12 + i * 16;
    const [tag, checksum, start, length] = [0, 4, 8, 12].map((d) => font.readUInt32BE(entry + d));
    const original = font.subarray(start, start + length);
    const packed = deflateSync(original);
    const data = packed.length < original.length ? packed : original;
    const padded = Buffer.alloc((data.length + 3) & ~3);
    data.copy(padded);
    [tag, offset, data.length, length, checksum].forEach((v, k) => directory.writeUInt32BE(v, i * 20 + k * 4));
    tables.push(padded);
    offset += padded.length;
  }
  const header = Buffer.alloc(44);
  header.write('wOFF', 0, 'latin1');
  header.writeUInt32BE(font.readUInt32BE(0), 4);
  header.writeUInt32BE(offset, 8);
  header.writeUInt16BE(numTables, 12);
  header.writeUInt32BE(font.length, 16);
  return Buffer.concat([header, directory, ...tables]);
}

describe('decodeFont', () => {
  it('sniffs container formats', () => {
    expect(sniffFontFormat(ttf)).toBe('truetype');
    expect(sniffFontFormat(toWoff(ttf))).toBe('woff');
    expect(sniffFontFormat(new TextEncoder().encode('OTTO........'))).toBe('opentype');
    expect(sniffFontFormat(new TextEncoder().encode('<html></html>'))).toBeNull();
  });

  it('reads TTF, WOFF and WOFF2 to faces that measure alike', async () => {
    const fromTtf = await decodeFont(ttf);
    const fromWoff = await decodeFont(toWoff(ttf));
    const fromWoff2 = await decodeFont(await compress(new Uint8Array(ttf)));
    for (const face of [fromTtf, fromWoff, fromWoff2]) {
      expect(face?.fontkit.postscriptName).toBe('Cousine-Regular');
      expect(face?.measure('Crème brûlée', 12)).toBeCloseTo(fromTtf!.measure('Crème brûlée', 12), 9);
    }
    expect(fromWoff2?.fontkit.type).toBe('TTF'); // decompressed before fontkit sees it
  });

  it('returns the same face for the same bytes, and null for junk', async () => {
    expect(await decodeFont(new Uint8Array(ttf))).toBe(await decodeFont(ttf));
    expect(await decodeFont(new TextEncoder().encode('wOF2 but not really a font file'))).toBeNull();
    expect(await decodeFont(ttf.subarray(0, 500))).toBeNull();
  });
});
