// Shaping leaves out mark positioning where there is no mark to position (decision 0371): the
// glyphs and their positions are those of fontkit's full layout, whatever the text.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import fc from 'fast-check';
import * as fontkit from 'fontkit';
import { describe, expect, it } from 'vitest';
import { shapeChunk } from '../../src/engine/fonts/shape.js';

const require = createRequire(import.meta.url);
const FACES = [
  '@expo-google-fonts/arimo/400Regular/Arimo_400Regular.ttf',
  '@expo-google-fonts/tinos/700Bold/Tinos_700Bold.ttf',
  'dejavu-fonts-ttf/ttf/DejaVuSans.ttf',
];
const load = (file: string): fontkit.Font => fontkit.create(readFileSync(require.resolve(file))) as fontkit.Font;

/** Latin with its punctuation, ligature pairs, precomposed letters (Vietnamese among them) and combining marks. */
const TEXT = fc.array(fc.constantFrom(...'AVTaeofilWy.,-1 0'.split(''), 'fi', 'ffl', 'é', 'ñ', 'ệ', 'Ữ', 'ǻ', '\u0301', '\u0323', '\u0308', '\u0306'), { minLength: 1, maxLength: 10 }).map((parts) => parts.join(''));

function fullLayout(font: fontkit.Font, text: string) {
  const run = font.layout(text);
  return { glyphIds: run.glyphs.map((g) => g.id), xAdvances: run.positions.map((p) => p.xAdvance), xOffsets: run.positions.map((p) => p.xOffset), yOffsets: run.positions.map((p) => p.yOffset) };
}

describe('mark positioning', () => {
  for (const file of FACES) {
    it(`shapes as fontkit's full layout does, marks or not: ${file.split('/').at(-1)}`, () => {
      const shaping = load(file);
      const reference = load(file);
      fc.assert(
        fc.property(TEXT, (text) => {
          const shaped = shapeChunk(shaping, text);
          const full = fullLayout(reference, text);
          expect({ glyphIds: shaped.glyphIds, xAdvances: shaped.xAdvances, xOffsets: shaped.xOffsets, yOffsets: shaped.yOffsets }).toEqual(full);
        }),
        { numRuns: 300 },
      );
    });
  }

  it('leaves mark and mkmk out only where no mark is', () => {
    const font = load(FACES[0]!);
    const asked: unknown[] = [];
    const layout = font.layout.bind(font);
    font.layout = ((text: string, features?: unknown, ...rest: unknown[]) => {
      asked.push(features === undefined ? undefined : { ...(features as object) });
      return (layout as (...args: unknown[]) => fontkit.GlyphRun)(text, features, ...rest);
    }) as typeof font.layout;
    // Greek: not plain Latin text, which is shaped without fontkit's layout (decision 0413).
    shapeChunk(font, 'Ωmega');
    expect(asked).toEqual([expect.objectContaining({ mark: false, mkmk: false })]);
    asked.length = 0;
    shapeChunk(font, 'Nguye\u0302\u0303n');
    expect(asked).toEqual([undefined]);
  });

  it('still positions a combining mark on its base', () => {
    const font = load(FACES[0]!);
    const shaped = shapeChunk(font, 'e\u0323');
    expect(shaped.glyphIds).toHaveLength(2);
    expect(shaped.xOffsets[1] !== 0 || shaped.yOffsets[1] !== 0).toBe(true);
    expect(shaped).toMatchObject(fullLayout(load(FACES[0]!), 'e\u0323'));
  });
});
