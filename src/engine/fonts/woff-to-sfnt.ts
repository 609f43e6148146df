// WOFF (1.0) to the plain OpenType file it wraps, inflated with node:zlib. fontkit reads WOFF
// itself but inflates a table, in JavaScript, on every read of it: for the emoji face (7 MB of
// WOFF) each glyph outline read inflated the whole glyf table again.
import { inflateSync } from 'node:zlib';

const WOFF = 0x774f4646; // 'wOFF'

/** The sfnt inside `bytes` when they are WOFF; other bytes as they are. */
export function woffToSfnt(bytes: Buffer): Buffer {
  if (bytes.length < 44 || bytes.readUInt32BE(0) !== WOFF) return bytes;
  const flavor = bytes.readUInt32BE(4);
  const count = bytes.readUInt16BE(12);
  const tables: { tag: number; checksum: number; data: Buffer }[] = [];
  for (let i = 0; i < count; i++) {
    const at = 44 + i * 20;
    const offset = bytes.readUInt32BE(at + 4);
    const compressed = bytes.readUInt32BE(at + 8);
    const length = bytes.readUInt32BE(at + 12);
    const stored = bytes.subarray(offset, offset + compressed);
    tables.push({ tag: bytes.readUInt32BE(at), checksum: bytes.readUInt32BE(at + 16), data: compressed < length ? inflateSync(stored) : stored });
  }
  let size = 12 + 16 * count;
  for (const t of tables) size += (t.data.length + 3) & ~3;
  const out = Buffer.alloc(size);
  const entrySelector = Math.floor(Math.log2(count));
  out.writeUInt32BE(flavor, 0);
  out.writeUInt16BE(count, 4);
  out.writeUInt16BE(16 << entrySelector, 6);
  out.writeUInt16BE(entrySelector, 8);
  out.writeUInt16BE(count * 16 - (16 << entrySelector), 10);
  let offset = 12 + 16 * count;
  tables.forEach((t, i) => {
    const at = 12 + i * 16;
    out.writeUInt32BE(t.tag, at);
    out.writeUInt32BE(t.checksum, at + 4);
    out.writeUInt32BE(offset, at + 8);
    out.writeUInt32BE(t.data.length, at + 12);
    t.data.copy(out, offset);
    offset += (t.data.length + 3) & ~3;
  });
  return out;
}
