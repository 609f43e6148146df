// Indic, Khmer and Myanmar text shaped by HarfBuzz (decision 0280): loaded only for documents
// that hold such text, glyphs reordered and joined as Chromium draws them, the text layer in
// logical order. Glyphs are read back from the PDF's operators with pdfjs.
import { describe, expect, it } from 'vitest';
import { harfBuzzLoaded, sourceNeedsHarfBuzz } from '../../src/engine/fonts/harfbuzz-shaper.js';
import { renderPdf } from '../../src/testing/render.js';
import { invoiceHtml } from '../../bench/workloads.js';
import { describeWithTools, pdftotext } from '../protect/tools.js';
import { drawnGlyphs } from './drawn-glyphs.js';

const page = (body: string): string =>
  `<!doctype html><style>@page { size: 600px 300px; margin: 0 } body { margin: 0; font-size: 20px }</style>${body}`;

describe('HarfBuzz, loaded lazily', () => {
  // First in this file's fresh module graph: nothing before it has rendered Indic text.
  it('is not loaded by a Latin document, and is by a Hindi one', async () => {
    await renderPdf(invoiceHtml());
    await renderPdf(page('<p style="font-family: Arial">Prices in € and £ — “quoted”, naïve, Ελληνικά, ภาษาไทย</p>'));
    expect(harfBuzzLoaded()).toBe(false);
    await renderPdf(page('<p>नमस्ते</p>'));
    expect(harfBuzzLoaded()).toBe(true);
  });

  it('is asked for by text written as characters, character references or CSS escapes', () => {
    expect(sourceNeedsHarfBuzz('<p>हिन्दी</p>')).toBe(true);
    expect(sourceNeedsHarfBuzz('<p>&#x0939;&#2367;</p>')).toBe(true);
    expect(sourceNeedsHarfBuzz('<p>&#6016;</p>')).toBe(true);
    expect(sourceNeedsHarfBuzz('p::before { content: "\\0915" }')).toBe(true);
    expect(sourceNeedsHarfBuzz('<p>Invoice &#8364; 12 &#x2014; ภาษาไทย</p>')).toBe(false);
  });
});

describeWithTools(['pdftotext'], 'Indic text in the PDF', () => {
  const text = async (body: string): Promise<string> => pdftotext(await renderPdf(page(body))).text.trim();

  it.each([
    ['Devanagari: i-matra, reph, conjuncts, nukta, numerals', 'hi', 'प्रिय श्री धर्मेन्द्र, कृपया क्षत्रिय ज़रूरी फ़ाइलें २०२४'],
    ['Bengali: ya-phala, reph, conjuncts', 'bn', 'প্রিয় শ্রী কৃষ্ণ স্বাধীনতা রাষ্ট্র কর্মচারী'],
    ['Tamil: split vowels', 'ta', 'கொடு கௌரவம் பொருள் ஸ்ரீ க்ஷேமம்'],
    ['Gujarati: reph, conjuncts', 'gu', 'પ્રિય શ્રી ધર્મેન્દ્ર ક્ષમા રાષ્ટ્ર'],
    ['Myanmar: medials and the e-vowel before their consonant', 'my', 'မြန်မာဘာသာ ကျေးဇူးတင်ပါတယ်'],
    ['Khmer: coeng subscripts', 'km', 'ព្រះរាជាណាចក្រកម្ពុជា ក្រុម'],
  ])('%s read back in logical order', async (_name, lang, sample) => {
    expect(await text(`<p lang="${lang}">${sample}</p>`)).toBe(sample);
  });

  it('keeps a consonant that first appeared inside a cluster readable on its own', async () => {
    // कु puts क and the u-sign in one cluster: क alone afterwards still reads as क.
    expect(await text('<p>कुमार तक</p>')).toBe('कुमार तक');
  });

  it('draws the i-matra left of its consonant and a conjunct as one glyph', async () => {
    const pdf = await renderPdf(page('<p>कि क्ष</p>'));
    const glyphs = (await drawnGlyphs(pdf)).flat().filter((g) => g.unicode.trim() !== '');
    const iSign = glyphs.find((g) => g.unicode === '\u093F')!;
    const ka = glyphs.find((g) => g.unicode === '\u0915')!;
    expect(iSign.x).toBeLessThan(ka.x);
    // क्ष is three code points, drawn as one conjunct glyph.
    const conjunct = glyphs.filter((g) => g.x > ka.x);
    expect(conjunct.map((g) => g.unicode)).toEqual(['\u0915\u094D\u0937']);
    expect(pdftotext(pdf).text.trim()).toBe('कि क्ष');
  });

  it('prints a syllable’s reordered glyphs in the Chromium order (pre-base e-vowel in Myanmar)', async () => {
    const glyphs = (await drawnGlyphs(await renderPdf(page('<p lang="my">ကျေး</p>')))).flat();
    // ေ (U+1031) is written after က but drawn first, left of it.
    expect(glyphs[0].unicode).toBe('\u1031');
  });
});
