import PDFDocument from 'pdfkit';
import { describe, expect, it } from 'vitest';
import { bundledFaces } from './bundled.js';
import type { FontkitFace } from './face.js';
import { spaceKerning } from './shape.js';

function load(family: string, weight = 400, style = 'normal'): FontkitFace {
  const face = bundledFaces(family).find((f) => f.weight[0] === weight && f.style === style)?.load();
  if (!face) throw new Error(`no bundled ${family} ${weight} ${style}`);
  return face;
}

describe('FontkitFace metrics', () => {
  it('reads hhea metrics, or typo metrics when USE_TYPO_METRICS is set', () => {
    const arimo = load('arimo'); // USE_TYPO_METRICS set; typo = hhea here
    expect(arimo.ascent).toBeCloseTo(1854 / 2048, 6);
    expect(arimo.descent).toBeCloseTo(434 / 2048, 6);
    expect(arimo.lineGap).toBeCloseTo(67 / 2048, 6);
    const tinos = load('tinos'); // not set: hhea, not the typo 1420/442/307
    expect(tinos.ascent).toBeCloseTo(1825 / 2048, 6);
    expect(tinos.descent).toBeCloseTo(443 / 2048, 6);
    expect(tinos.lineGap).toBeCloseTo(87 / 2048, 6);
  });

  it('has x-height, cap height and underline metrics, from glyphs when OS/2 lacks them', () => {
    const arimo = load('arimo');
    expect(arimo.xHeight).toBeCloseTo(1082 / 2048, 6);
    expect(arimo.capHeight).toBeCloseTo(1409 / 2048, 6);
    expect(arimo.underlinePosition).toBeCloseTo(-217 / 2048, 6);
    expect(arimo.underlineThickness).toBeCloseTo(150 / 2048, 6);
    const dejavu = load('dejavu sans');
    expect(dejavu.xHeight).toBeGreaterThan(0.5);
    expect(dejavu.xHeight).toBeLessThan(0.6);
    expect(dejavu.capHeight).toBeGreaterThan(0.7);
  });

  it('measures what pdfkit lays out for the same font and size, plus the kerning after spaces its chunks leave out', () => {
    const doc = new PDFDocument({ autoFirstPage: false });
    for (const face of [load('arimo'), load('tinos', 700), load('cousine'), load('dejavu serif', 400, 'italic')]) {
      doc.font(face.fontkit as unknown as string).fontSize(13.5);
      for (const text of ['Hello, world', 'AVATAR Wolf fi ffl', 'Kerning: To Ty Wa. ', '  two  spaces ', 'é ñ ü']) {
        let kerns = 0;
        for (let i = 1; i < text.length; i++) if (text[i - 1] === ' ') kerns += spaceKerning(face.fontkit, text, i);
        expect(face.measure(text, 13.5)).toBeCloseTo(doc.widthOfString(text) + (kerns / face.fontkit.unitsPerEm) * 13.5, 9);
      }
    }
  });

  it('kerns a space and the letter after it as HarfBuzz does in Chromium (Arimo: A, T and Y)', () => {
    const arimo = load('arimo');
    const kern = (text: string): number => spaceKerning(arimo.fontkit, text, 1);
    expect([kern(' A'), kern(' T'), kern(' Y'), kern(' w'), kern('  ')]).toEqual([-113, -37, -37, 0, 0]);
    expect(arimo.measure('your Aadhaar', 14)).toBeCloseTo(arimo.measure('your ', 14) + arimo.measure('Aadhaar', 14) - (113 / 2048) * 14, 9);
  });

  it('is additive over space-separated chunks, so layout can measure word by word', () => {
    const arimo = load('arimo');
    expect(arimo.measure('Hello world', 16)).toBeCloseTo(arimo.measure('Hello ', 16) + arimo.measure('world', 16), 9);
    expect(arimo.measure('', 16)).toBe(0);
  });

  it('knows its glyph coverage', () => {
    const arimo = load('arimo');
    expect(arimo.hasGlyph(0x41)).toBe(true);
    expect(arimo.hasGlyph(0x4e2d)).toBe(false); // 中
    expect(load('dejavu sans').hasGlyph(0x2603)).toBe(true); // ☃
  });

  it('makes synthetic variants that share the fontkit font', () => {
    const arimo = load('arimo');
    const bold = arimo.withSynthesis(true, false);
    expect(bold.syntheticBold).toBe(true);
    expect(bold.syntheticItalic).toBe(false);
    expect(bold.fontkit).toBe(arimo.fontkit);
    expect(bold.key).not.toBe(arimo.key);
    expect(arimo.withSynthesis(true, false)).toBe(bold);
    expect(bold.withSynthesis(false, false)).toBe(arimo);
    expect(bold.measure('Bold', 20)).toBe(arimo.measure('Bold', 20));
  });
});
