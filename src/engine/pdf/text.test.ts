import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bundledFaces } from '../fonts/bundled.js';
import type { FontkitFace } from '../fonts/face.js';
import type { TextRun } from '../paint/backend.js';
import type { EmbeddedFontInternals } from './pdfkit-internals.js';
import { textObject } from './text.js';

function face(family: string, weight = 400): FontkitFace {
  return bundledFaces(family).find((f) => f.weight[0] === weight && f.style === 'normal')!.load()!;
}

/** An embedded font stand-in whose subset keeps glyph ids as they are. */
function fakeEmbedded(font: FontkitFace): EmbeddedFontInternals {
  return {
    id: 'F9',
    font: font.fontkit,
    subset: { includeGlyph: (id: number) => id },
    widths: [],
    unicode: [],
    scale: 1000 / font.fontkit.unitsPerEm,
    ref: () => ({ data: {}, end: () => undefined }),
    encode: () => [[], []],
  };
}

/** Sums what a viewer advances over the TJ arrays of a text object (glyph widths from /W minus adjustments). */
function paintedAdvance(content: string, embedded: EmbeddedFontInternals, size: number): number {
  let total = 0;
  for (const [, body] of content.matchAll(/\[(.*?)\] TJ/g)) {
    for (const [, hex, adjust] of body.matchAll(/<([0-9a-f]*)>|(-?[\d.]+)/g)) {
      if (hex !== undefined) {
        for (let i = 0; i < hex.length; i += 4) total += (embedded.widths[parseInt(hex.slice(i, i + 4), 16)] / 1000) * size;
      } else {
        total -= (Number(adjust) / 1000) * size;
      }
    }
  }
  return total;
}

const run = (font: FontkitFace, text: string, extra: Partial<TextRun> = {}): TextRun => ({
  x: 10, y: 50, text, font, size: 16, color: { r: 0, g: 0, b: 0, a: 1 }, letterSpacing: 0, wordSpacing: 0, ...extra,
});

describe('textObject', () => {
  it('positions the run at its baseline in the y-down px space', () => {
    const arimo = face('arimo');
    const content = textObject(run(arimo, 'Hi'), fakeEmbedded(arimo));
    expect(content.split('\n').slice(0, 4)).toEqual(['BT', '/F9 16 Tf', '100 Tz', '1 0 0 -1 10 50 Tm']);
    expect(content.endsWith('ET')).toBe(true);
  });

  it('writes Tf at the font size, as Chromium does, and scales advances (Tz) to the size cut to 1/64 px (8pt advances as 10.65625px)', () => {
    const arimo = face('arimo');
    const sizeOf = (size: number): string => textObject(run(arimo, 'Hi', { size }), fakeEmbedded(arimo)).split('\n').slice(1, 3).join(' ');
    expect([sizeOf(32 / 3), sizeOf(38 / 3), sizeOf(52 / 3), sizeOf(13.6), sizeOf(12.5), sizeOf(16)]).toEqual([
      '/F9 10.66667 Tf 99.90234 Tz', '/F9 12.66667 Tf 99.91776 Tz', '/F9 17.33333 Tf 99.96995 Tz', '/F9 13.6 Tf 99.95404 Tz', '/F9 12.5 Tf 100 Tz', '/F9 16 Tf 100 Tz',
    ]);
  });

  it('advances by font.measure at fractional sizes too, both at the size cut to 1/64 px', () => {
    const arimo = face('arimo');
    fc.assert(fc.property(fc.double({ min: 6, max: 40, noNaN: true }), fc.constantFrom('AVATAR Wolf', 'office', 'xxxxxxxxxx'), (size, text) => {
      const embedded = fakeEmbedded(arimo);
      const content = textObject(run(arimo, text, { size }), embedded);
      const written = Number(/ ([\d.]+) Tf/.exec(content)?.[1]) * Number(/([\d.]+) Tz/.exec(content)?.[1]) / 100;
      expect(written).toBeCloseTo(Math.floor(size * 64 + 1e-6) / 64, 4);
      expect(paintedAdvance(content, embedded, written)).toBeCloseTo(arimo.measure(text, size), 3);
    }));
  });

  it('advances exactly by font.measure, kerning included', () => {
    const arimo = face('arimo');
    for (const text of ['AVATAR Wolf', 'To Ty. Wa', 'office', 'plain', 'your Aadhaar', 'a  Yes', 'Tab\tTo']) {
      const embedded = fakeEmbedded(arimo);
      const content = textObject(run(arimo, text), embedded);
      expect(paintedAdvance(content, embedded, 16)).toBeCloseTo(arimo.measure(text, 16), 2);
    }
  });

  it('adds letter-spacing per character and word-spacing per space', () => {
    const tinos = face('tinos', 700);
    const text = 'spaced out words';
    const embedded = fakeEmbedded(tinos);
    const content = textObject(run(tinos, text, { letterSpacing: 1.5, wordSpacing: 4 }), embedded);
    const expected = tinos.measure(text, 16) + 1.5 * text.length + 4 * 2;
    expect(paintedAdvance(content, embedded, 16)).toBeCloseTo(expected, 2);
  });

  it('counts code points, not UTF-16 units, for letter-spacing', () => {
    const dejavu = face('dejavu sans');
    const text = 'a\u{1D400}b'; // one astral character in the middle
    const embedded = fakeEmbedded(dejavu);
    const content = textObject(run(dejavu, text, { letterSpacing: 2 }), embedded);
    expect(paintedAdvance(content, embedded, 16)).toBeCloseTo(dejavu.measure(text, 16) + 2 * 3, 2);
  });

  it('registers glyphs with their widths and code points for the subset and ToUnicode map', () => {
    const arimo = face('arimo');
    const embedded = fakeEmbedded(arimo);
    textObject(run(arimo, 'é'), embedded);
    const gid = arimo.fontkit.glyphForCodePoint(0xe9).id;
    expect(embedded.unicode[gid]).toEqual([0xe9]);
    expect(embedded.widths[gid]).toBeCloseTo((arimo.fontkit.glyphForCodePoint(0xe9).advanceWidth * 1000) / 2048, 6);
  });

  it('skews the text matrix for synthetic italics', () => {
    const arimo = face('arimo').withSynthesis(false, true);
    expect(textObject(run(arimo, 'x'), fakeEmbedded(arimo))).toContain('1 0 0.2 -1 10 50 Tm');
  });
});

describe('textObject, chunks written again in the same document', () => {
  it('writes a run the same the second time, from the glyphs the subset already holds', () => {
    const arimo = face('arimo');
    const embedded = fakeEmbedded(arimo);
    let included = 0;
    embedded.subset = { includeGlyph: (id: number) => (included++, id) };
    const first = textObject(run(arimo, 'due 42 due'), embedded);
    const afterFirst = included;
    expect(textObject(run(arimo, 'due 42 due'), embedded)).toBe(first);
    expect(included).toBe(afterFirst);
    // Kerned chunks ("To") carry adjustments and are written glyph by glyph every time, alike.
    const kerned = textObject(run(arimo, 'Total due'), embedded);
    expect(kerned).toMatch(/> -?[\d.]+ </);
    expect(textObject(run(arimo, 'Total due'), embedded)).toBe(kerned);
    // Spacing is still applied glyph by glyph.
    const spaced = textObject(run(arimo, 'Total due', { wordSpacing: 3 }), embedded);
    expect(spaced).not.toBe(textObject(run(arimo, 'Total due'), embedded));
    expect(paintedAdvance(spaced, embedded, 16)).toBeCloseTo(arimo.measure('Total due', 16) + 3, 2);
  });

  it('writes a run made only of chunks written before as the first run was written', () => {
    const arimo = face('arimo');
    const italic = arimo.withSynthesis(false, true);
    for (const [text, extra, setFont] of [
      ['due 42 due', {}, false], ['due\t42', {}, true], ['due  ', {}, true], ['your Aadhaar', {}, true], ['due 42', { x: -3.25, y: 0.125 }, true],
    ] as [string, Partial<TextRun>, boolean][]) {
      for (const font of [arimo, italic]) {
        // The first time through the glyphs, the second from the chunks' hex.
        const embedded = fakeEmbedded(arimo);
        const first = textObject(run(font, text, extra), embedded, setFont);
        expect(textObject(run(font, text, extra), embedded, setFont)).toBe(first);
      }
    }
  });

  it('keeps documents apart: another embedded font visits its own subset', () => {
    const arimo = face('arimo');
    textObject(run(arimo, 'Invoice'), fakeEmbedded(arimo));
    const other = fakeEmbedded(arimo);
    let included = 0;
    other.subset = { includeGlyph: (id: number) => (included++, id) };
    textObject(run(arimo, 'Invoice'), other);
    expect(included).toBe(7);
  });
});
