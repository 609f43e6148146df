// `font-kerning`, `font-variant-ligatures`, `font-variant-numeric` and `font-feature-settings` reach shaping: widths
// measured in layout and glyphs painted follow them, and the text layer keeps the characters.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fontFeatures, parseVariantLigatures, parseVariantNumeric } from '../../src/engine/fonts/features.js';
import { fontQuery } from '../../src/engine/layout/inline.js';
import { layoutHtml, renderPdf, textRuns } from '../../src/testing/render.js';
import { describeWithTools, pdftotext } from '../protect/tools.js';

const page = (body: string): string =>
  `<!doctype html><style>@page { size: 600px 300px; margin: 0 } body { margin: 0; font: 40px 'DejaVu Serif' }</style>${body}`;

const width = async (text: string, css = ''): Promise<number> =>
  textRuns(await layoutHtml(page(`<p style="${css}">${text}</p>`))).reduce((sum, r) => sum + r.width, 0);

describe('font features in layout', () => {
  it('draws "ffi" as a ligature by default and as three letters with ligatures off', async () => {
    const ligated = await width('office');
    expect(await width('office', 'font-variant-ligatures: none')).toBeGreaterThan(ligated);
    expect(await width('office', 'font-variant-ligatures: no-common-ligatures')).toBeGreaterThan(ligated);
    expect(await width('office', "font-feature-settings: 'liga' 0")).toBeGreaterThan(ligated);
    expect(await width('office', 'font-variant-ligatures: common-ligatures')).toBeCloseTo(ligated, 6);
  });

  it('kerns by default and not with font-kerning: none or "kern" off', async () => {
    const kerned = await width('AVATAR');
    const plain = await width('AVATAR', 'font-kerning: none');
    expect(plain).toBeGreaterThan(kerned);
    expect(await width('AVATAR', "font-feature-settings: 'kern' off")).toBeCloseTo(plain, 6);
    expect(await width('AVATAR', 'font-kerning: normal')).toBeCloseTo(kerned, 6);
  });

  it('lets font-feature-settings win over font-kerning, and inherits both', async () => {
    const kerned = await width('AVATAR');
    expect(await width('AVATAR', "font-kerning: none; font-feature-settings: 'kern' 1")).toBeCloseTo(kerned, 6);
    const runs = textRuns(await layoutHtml(page('<div style="font-kerning: none"><p>AVATAR</p></div>')));
    expect(runs[0].width).toBeCloseTo(await width('AVATAR', 'font-kerning: none'), 6);
  });

  it('ignores invalid values', async () => {
    const kerned = await width('AVATAR');
    for (const css of ['font-feature-settings: kern 0', "font-feature-settings: 'kerning' 0", "font-feature-settings: 'kern' -1", 'font-variant-ligatures: none common-ligatures']) {
      expect(await width('AVATAR', css)).toBeCloseTo(kerned, 6);
    }
  });
});

describe('feature settings', () => {
  it('fold into one shared list per combination, null for the defaults', () => {
    expect(fontFeatures('auto', 'normal', [])).toBeNull();
    const none = fontFeatures('none', 'none', []);
    expect(none?.key).toBe('kern=0,liga=0,clig=0,dlig=0,hlig=0,calt=0');
    expect(fontFeatures('none', 'none', [])).toBe(none);
    expect(fontFeatures('auto', 'no-common-ligatures', [['liga', 1]])?.key).toBe('liga=1,clig=0');
  });

  it('take font-variant-numeric as OpenType features, font-feature-settings winning, the font shorthand resetting it', async () => {
    expect(parseVariantNumeric(['slashed-zero', 'tabular-nums'])).toBe('tabular-nums slashed-zero');
    expect(parseVariantNumeric(['tabular-nums', 'proportional-nums'])).toBeUndefined();
    expect(parseVariantNumeric(['normal', 'ordinal'])).toBeUndefined();
    expect(fontFeatures('auto', 'normal', [], 'tabular-nums slashed-zero')?.key).toBe('tnum=1,zero=1');
    const featuresOf = async (css: string): Promise<string | undefined> => {
      const run = textRuns(await layoutHtml(page(`<p style="${css}">0123</p>`)))[0]!;
      return fontQuery(run.fragment.kind === 'text' ? run.fragment.style : (null as never)).features?.key;
    };
    expect(await featuresOf('font-variant-numeric: oldstyle-nums diagonal-fractions')).toBe('onum=1,frac=1');
    expect(await featuresOf("font-variant-numeric: tabular-nums; font-feature-settings: 'tnum' 0")).toBe('tnum=0');
    expect(await featuresOf('font-variant: small-caps tabular-nums')).toBe('tnum=1');
    expect(await featuresOf('font-variant-numeric: tabular-nums; font: 20px serif')).toBeUndefined();
  });

  it('parse font-variant-ligatures keywords, one of each group', () => {
    expect(parseVariantLigatures(['discretionary-ligatures', 'no-common-ligatures'])).toBe('no-common-ligatures discretionary-ligatures');
    expect(parseVariantLigatures(['contextual', 'no-contextual'])).toBeUndefined();
    expect(parseVariantLigatures(['none', 'contextual'])).toBeUndefined();
  });
});

describeWithTools(['pdftotext'], 'font features in the PDF', () => {
  it('keeps the characters of text with and without ligatures', async () => {
    const pdf = await renderPdf(page('<p>office fluffy</p><p style="font-variant-ligatures: none">office fluffy</p>'));
    expect(pdftotext(pdf).text.trim().split(/\s+/)).toEqual(['office', 'fluffy', 'office', 'fluffy']);
  });

  it('keeps words with letter spacing up to 0.1em whole for text extraction (Bulma\u2019s labels, Tailwind\u2019s tracking-widest)', async () => {
    await fc.assert(fc.asyncProperty(
      fc.integer({ min: 8, max: 28 }), fc.constantFrom('0.05em', '0.1em'), fc.constantFrom('Arial', 'Helvetica', 'serif', 'Verdana'),
      async (size, spacing, family) => {
        const words = ['GENERAL', 'ADMINISTRATION', 'Transactions', 'Invoice'];
        const pdf = await renderPdf(page(`<p style="font: ${size}px ${family}; letter-spacing: ${spacing}">${words.join(' ')}</p>`));
        expect(pdftotext(pdf).text.trim().split(/\s+/)).toEqual(words);
      },
    ), { numRuns: 12 });
  });
});
