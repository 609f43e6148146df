// Plain Latin text is shaped from the face's tables without fontkit's layout (decision 0413): the
// glyphs, advances and offsets are those fontkit's layout gives, and text it cannot follow is left
// to fontkit.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import fc from 'fast-check';
import * as fontkit from 'fontkit';
import { describe, expect, it } from 'vitest';
import { shapeChunk } from '../../src/engine/fonts/shape.js';
import { shapeSimply } from '../../src/engine/fonts/simple-shaper.js';

const require = createRequire(import.meta.url);
const FACES = [
  '@expo-google-fonts/arimo/400Regular/Arimo_400Regular.ttf',
  '@expo-google-fonts/arimo/700Bold_Italic/Arimo_700Bold_Italic.ttf',
  '@expo-google-fonts/tinos/400Regular/Tinos_400Regular.ttf',
  '@expo-google-fonts/cousine/400Regular/Cousine_400Regular.ttf',
  'dejavu-fonts-ttf/ttf/DejaVuSans.ttf',
  'dejavu-fonts-ttf/ttf/DejaVuSerif-Italic.ttf',
];
const load = (file: string): fontkit.Font => fontkit.create(readFileSync(require.resolve(file))) as fontkit.Font;

/** Latin and script-less characters: kerning pairs, ligature candidates, digits, punctuation, symbols, a no-break space. */
const PIECES = [...'AVTaeofilWyYr.,;:-1 0'.split(''), 'fi', 'ffl', 'To', 'LT', 'Wa', 'é', 'ñ', 'Ł', 'ǻ', 'ß', '€', '£', '“', '”', '—', '…', '\u00a0', '½', '×', '→', '™', 'ﬁ'];
const TEXT = fc.array(fc.constantFrom(...PIECES), { minLength: 1, maxLength: 10 }).map((parts) => parts.join(''));

function layoutOf(run: { glyphs: readonly fontkit.Glyph[]; positions: readonly { xAdvance: number; xOffset: number; yOffset: number }[] }) {
  return {
    glyphs: run.glyphs.map((glyph) => [glyph.id, glyph.codePoints, glyph.advanceWidth]),
    positions: run.positions.map((position) => [position.xAdvance, position.xOffset, position.yOffset]),
  };
}

describe('simple shaping', () => {
  for (const file of FACES) {
    it(`gives what fontkit's layout gives: ${file.split('/').at(-1)}`, () => {
      const font = load(file);
      let shapedSimply = 0;
      fc.assert(
        fc.property(TEXT, (text) => {
          const run = shapeSimply(font, text);
          if (run === null) return;
          shapedSimply++;
          expect(layoutOf(run)).toEqual(layoutOf(font.layout(text)));
        }),
        { numRuns: 400 },
      );
      expect(shapedSimply).toBeGreaterThan(100);
    });
  }

  it('takes plain words, numbers and kerned capitals', () => {
    for (const file of FACES) {
      const font = load(file);
      for (const text of ['Invoice ', 'AVATAR', '1,234.56 ', '(net 30)', 'Tyrone, ', '€ 99.00']) expect(shapeSimply(font, text), `${text} in ${file}`).not.toBeNull();
    }
  });

  it('leaves to fontkit text of other scripts, marks, fraction slashes, ignorables and right-to-left', () => {
    const font = load(FACES[0]!);
    for (const text of ['Ωmega', 'Nguye\u0302\u0303n', '1\u20442', 'co\u00adop', 'a\u200bb', 'שלום', 'x\u200fy', '😀']) expect(shapeSimply(font, text), text).toBeNull();
  });

  it('keeps giving fontkit\'s kerning past its bound on remembered glyph pairs (every pair of 300 letters)', () => {
    const font = load(FACES[0]!);
    const reference = load(FACES[0]!);
    const letters = [...Array.from({ length: 0x250 - 0x41 }, (_, i) => String.fromCharCode(0x41 + i)).join('').matchAll(/\p{L}/gu)].map((m) => m[0]).slice(0, 300);
    let compared = 0;
    for (const [i, a] of letters.entries()) {
      for (const [j, b] of letters.entries()) {
        const run = shapeSimply(font, a + b);
        if (run === null || (i * 300 + j) % 997 !== 0) continue;
        expect(layoutOf(run)).toEqual(layoutOf(reference.layout(a + b)));
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(50);
    expect(layoutOf(shapeSimply(font, 'AVATAR')!)).toEqual(layoutOf(reference.layout('AVATAR')));
  });

  it('kerns without calling fontkit, as fontkit kerns', () => {
    const font = load(FACES[0]!);
    const reference = load(FACES[0]!);
    let laidOut = 0;
    const layout = font.layout.bind(font);
    font.layout = ((...args: Parameters<typeof font.layout>) => {
      laidOut++;
      return layout(...args);
    }) as typeof font.layout;
    const shaped = shapeChunk(font, 'AVATAR');
    expect(laidOut).toBe(0);
    const glyphSum = shaped.glyphAdvances.reduce((sum, advance) => sum + advance, 0);
    expect(shaped.advance).toBeLessThan(glyphSum);
    expect(shaped.xAdvances).toEqual(reference.layout('AVATAR').positions.map((position) => position.xAdvance));
  });
});
