import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { compress } from 'wawoff2';
import { decodeFont, sniffFontFormat } from './decode.js';
import { toWoff } from '../../testing/fonts.js';

const require = createRequire(import.meta.url);
const ttf = readFileSync(require.resolve('@expo-google-fonts/cousine/400Regular/Cousine_400Regular.ttf'));

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
