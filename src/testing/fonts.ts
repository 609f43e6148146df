// Font fixtures for tests, made from the fonts the package ships.
import { deflateSync } from 'node:zlib';

/** Wraps a TTF's tables in a WOFF 1.0 container (each table deflated). */
export function toWoff(font: Buffer): Buffer {
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
