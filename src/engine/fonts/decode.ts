// Font bytes to a parsed fontkit font: TTF, OTF, TTC, WOFF and WOFF2 (decompressed to TTF first,
// as fontkit's subsetter fails on WOFF2 composite glyphs), cached per process by content hash.
/// <reference path="./wawoff2.d.ts" />
import { createHash } from 'node:crypto';
import * as fontkit from 'fontkit';
import type { Font as FontkitFont } from 'fontkit';
import { FontkitFace } from './face.js';

export type FontFormat = 'truetype' | 'opentype' | 'collection' | 'woff' | 'woff2';

const MAX_CACHED = 64;
const cache = new Map<string, Promise<FontkitFace | null>>();

/** The container format from the first four bytes, or null when it is not a font. */
export function sniffFontFormat(bytes: Uint8Array): FontFormat | null {
  if (bytes.length < 12) return null;
  const tag = String.fromCharCode(bytes[0], bytes[1], bytes[2], bytes[3]);
  if (tag === 'wOF2') return 'woff2';
  if (tag === 'wOFF') return 'woff';
  if (tag === 'OTTO') return 'opentype';
  if (tag === 'ttcf') return 'collection';
  if (tag === 'true' || (bytes[0] === 0 && bytes[1] === 1 && bytes[2] === 0 && bytes[3] === 0)) return 'truetype';
  return null;
}

/** The WOFF2 decompression running now (they run one at a time): settles when its result is copied. */
let woff2Queue: Promise<unknown> = Promise.resolve();

/**
 * WOFF2 to TTF. wawoff2 answers with a view into its WebAssembly memory, which its next
 * decompression overwrites: several @font-face faces decoded at once, or a later document's,
 * corrupted a face decoded before (a crash mid-render, or wrong glyphs). So decompressions run one
 * at a time and each result is copied out before the next starts.
 */
function decompressWoff2(bytes: Uint8Array): Promise<Uint8Array> {
  const run = woff2Queue.then(async () => {
    const mod = (await import('wawoff2')) as typeof import('wawoff2') & { default?: typeof import('wawoff2') };
    const decompress = mod.decompress ?? mod.default?.decompress;
    return Uint8Array.from(await decompress(bytes));
  });
  woff2Queue = run.catch(() => undefined);
  return run;
}

function parse(bytes: Uint8Array): FontkitFont | null {
  const created = fontkit.create(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  const font = 'fonts' in created ? created.fonts[0] : created;
  if (!font || !(font.unitsPerEm > 0)) return null;
  // Touch the tables layout and embedding need, so a broken font fails here and not mid-render.
  font.hasGlyphForCodePoint(0x20);
  font.layout('a');
  return font;
}

async function decode(bytes: Uint8Array, hash: string): Promise<FontkitFace | null> {
  try {
    const format = sniffFontFormat(bytes);
    if (format === null) return null;
    const font = parse(format === 'woff2' ? await decompressWoff2(bytes) : bytes);
    return font && new FontkitFace(font, `${font.postscriptName || 'font'}@${hash.slice(0, 12)}`);
  } catch {
    return null;
  }
}

/** Parse font bytes once per process (same bytes → same face and fontkit object); null when unreadable. */
export function decodeFont(bytes: Uint8Array): Promise<FontkitFace | null> {
  const hash = createHash('sha256').update(bytes).digest('hex');
  const hit = cache.get(hash);
  if (hit !== undefined) {
    cache.delete(hash);
    cache.set(hash, hit);
    return hit;
  }
  const pending = decode(bytes, hash);
  if (cache.size >= MAX_CACHED) cache.delete(cache.keys().next().value as string);
  cache.set(hash, pending);
  return pending;
}
