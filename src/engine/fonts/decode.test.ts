import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { compress } from 'wawoff2';
import { decodeFont, sniffFontFormat } from './decode.js';
import { toWoff } from '../../testing/fonts.js';
import * as fontkit from 'fontkit';
import type { Font } from 'fontkit';

const fontkitOf = (bytes: Buffer): Font => fontkit.create(bytes) as Font;

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

  it('keeps each WOFF2 face whole when several are decoded at once, and after later ones (wawoff2 reuses its memory)', async () => {
    const files = ['cousine/700Bold/Cousine_700Bold.ttf', 'cousine/400Regular_Italic/Cousine_400Regular_Italic.ttf', 'cousine/700Bold_Italic/Cousine_700Bold_Italic.ttf']
      .map((path) => readFileSync(require.resolve(`@expo-google-fonts/${path}`)));
    // wawoff2's compress answers with a view into its memory too: one at a time, copied.
    const woff2: Uint8Array[] = [];
    for (const file of files) woff2.push(Uint8Array.from(await compress(new Uint8Array(file))));
    const faces = await Promise.all(woff2.map((bytes) => decodeFont(bytes)));
    const later = await decodeFont(Uint8Array.from(await compress(new Uint8Array(ttf))));
    expect(later?.fontkit.postscriptName).toBe('Cousine-Regular');
    const expected = ['Cousine-Bold', 'Cousine-Italic', 'Cousine-BoldItalic'];
    faces.forEach((face, i) => {
      expect(face?.fontkit.postscriptName).toBe(expected[i]);
      const glyph = face!.fontkit.glyphForCodePoint(0x42);
      expect(glyph.path.toSVG()).toBe(fontkitOf(files[i]).glyphForCodePoint(0x42).path.toSVG());
    });
  });

  it('returns the same face for the same bytes, and null for junk', async () => {
    expect(await decodeFont(new Uint8Array(ttf))).toBe(await decodeFont(ttf));
    expect(await decodeFont(new TextEncoder().encode('wOF2 but not really a font file'))).toBeNull();
    expect(await decodeFont(ttf.subarray(0, 500))).toBeNull();
  });
});
