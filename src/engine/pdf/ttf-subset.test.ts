import * as fontkit from 'fontkit';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { TrueTypeSubset } from './ttf-subset.js';
import { toWoff } from '../../testing/fonts.js';

const require = createRequire(import.meta.url);

const FILES = [
  '@expo-google-fonts/arimo/400Regular/Arimo_400Regular.ttf',
  '@expo-google-fonts/tinos/700Bold_Italic/Tinos_700Bold_Italic.ttf',
  '@expo-google-fonts/cousine/400Regular/Cousine_400Regular.ttf',
  'dejavu-fonts-ttf/ttf/DejaVuSans.ttf',
];

interface FontkitSubset {
  includeGlyph(id: number): number;
  encode(): Uint8Array;
}

/** fontkit's own subsetter (typed by @types/fontkit as taking Glyph objects; it takes ids too). */
function fontkitSubset(font: fontkit.Font): FontkitSubset {
  return font.createSubset() as unknown as FontkitSubset;
}

function open(file: string): fontkit.Font {
  const created = fontkit.create(readFileSync(require.resolve(file)));
  return 'fonts' in created ? created.fonts[0] : created;
}

/** Glyph ids of the text's characters, then a spread of other ids (composites among them). */
function glyphIds(font: fontkit.Font, text: string): number[] {
  const ids = [...text].map((c) => font.glyphForCodePoint(c.codePointAt(0)!).id);
  for (let id = 7; id < font.numGlyphs - 1; id += 97) ids.push(id);
  return ids;
}

function composites(font: fontkit.Font, ids: readonly number[]): number {
  let n = 0;
  for (const id of ids) {
    const glyph = (font.getGlyph(id) as unknown as { _decode(): { numberOfContours: number } | null })._decode();
    if (glyph !== null && glyph.numberOfContours < 0) n++;
  }
  return n;
}

describe('TrueTypeSubset', () => {
  it.each(FILES)('writes the same font file as fontkit’s TTFSubset: %s', (file) => {
    // fontkit on its own fresh font object (its subsetter is the reference); ours on another.
    const reference = open(file);
    const font = open(file);
    const ids = glyphIds(font, 'Invoice 2024 — Café Ñandú Åström ﬁ');
    expect(composites(reference, ids)).toBeGreaterThan(0);
    const expected = fontkitSubset(reference);
    const subset = TrueTypeSubset.for(font)!;
    for (const id of ids) expect(subset.includeGlyph(id)).toBe(expected.includeGlyph(id));
    expect(Buffer.from(subset.encode()).equals(Buffer.from(expected.encode()))).toBe(true);
    // A second document's subset of the same face (per-glyph data now cached) is still exact.
    const again = TrueTypeSubset.for(font)!;
    const expectedAgain = fontkitSubset(open(file));
    for (const id of ids.slice().reverse()) expect(again.includeGlyph(id)).toBe(expectedAgain.includeGlyph(id));
    expect(Buffer.from(again.encode()).equals(Buffer.from(expectedAgain.encode()))).toBe(true);
  });

  it('reads the glyphs of a WOFF face, its tables deflated, as those of the same TrueType file', () => {
    const ttf = readFileSync(require.resolve(FILES[0]));
    const fromTtf = open(FILES[0]);
    const fromWoff = fontkit.create(toWoff(ttf)) as fontkit.Font;
    expect(fromWoff.type).toBe('WOFF');
    const ids = glyphIds(fromTtf, 'Invoice “2024” — Café Åström');
    const [a, b] = [TrueTypeSubset.for(fromTtf)!, TrueTypeSubset.for(fromWoff)!];
    for (const id of ids) expect(b.includeGlyph(id)).toBe(a.includeGlyph(id));
    expect(Buffer.from(b.encode()).equals(Buffer.from(a.encode()))).toBe(true);
  });

  it('leaves the font file untouched when it renumbers composite glyph components', () => {
    const font = open(FILES[0]);
    const before = Buffer.from((font as unknown as { stream: { buffer: Uint8Array } }).stream.buffer).toString('base64');
    const subset = TrueTypeSubset.for(font)!;
    for (const id of glyphIds(font, 'ÅÉÎÕÜåéîõü')) subset.includeGlyph(id);
    subset.encode();
    expect(Buffer.from((font as unknown as { stream: { buffer: Uint8Array } }).stream.buffer).toString('base64')).toBe(before);
  });

  it('keeps id 0 for .notdef and numbers glyphs in order of first use', () => {
    const subset = TrueTypeSubset.for(open(FILES[0]))!;
    expect(subset.includeGlyph(50)).toBe(1);
    expect(subset.includeGlyph(20)).toBe(2);
    expect(subset.includeGlyph(50)).toBe(1);
    expect(subset.includeGlyph(0)).toBe(0);
    expect(subset.glyphList()).toBe('0,50,20');
  });
});
