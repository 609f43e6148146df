// The shaped-chunk cache holds a long table's text through the passes over it (decision 0385): a
// table is measured, laid out and painted in three passes, and a report of 10 000 rows has some
// 12 500 distinct chunks in its regular face; each is shaped once, not once a pass.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as fontkit from 'fontkit';
import { describe, expect, it, vi } from 'vitest';
import { shapeChunk } from '../../src/engine/fonts/shape.js';

const require = createRequire(import.meta.url);

describe('shaped chunks', () => {
  it('are shaped once across passes over 20 000 distinct chunks', () => {
    const font = fontkit.create(readFileSync(require.resolve('@expo-google-fonts/arimo/400Regular/Arimo_400Regular.ttf'))) as fontkit.Font;
    const chunks = Array.from({ length: 20_000 }, (_, i) => `${i + 1} `);
    const first = chunks.map((chunk) => shapeChunk(font, chunk));
    const layout = vi.spyOn(font, 'layout');
    for (let pass = 0; pass < 2; pass++) {
      chunks.forEach((chunk, i) => expect(shapeChunk(font, chunk)).toBe(first[i]));
    }
    expect(layout).not.toHaveBeenCalled();
  });
});
