import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import type { LoadedResource, ResourceLoader } from '../../resources/types.js';
import { parseStylesheet } from '../css/stylesheet.js';
import { createFontSelector } from './selector.js';
import type { FontQuery } from './types.js';

const require = createRequire(import.meta.url);
const fontFile = (spec: string) => new Uint8Array(readFileSync(require.resolve(spec)));

function memoryLoader(files: Record<string, Uint8Array>): ResourceLoader & { requests: string[] } {
  const requests: string[] = [];
  return {
    documentBaseUrl: 'https://example.test/',
    requests,
    async load(url, kind): Promise<LoadedResource | null> {
      requests.push(`${kind}:${url}`);
      const bytes = files[url];
      return bytes ? { url: `https://example.test/${url}`, bytes, mimeType: null } : null;
    },
  };
}

const q = (families: string[], weight = 400, style: FontQuery['style'] = 'normal'): FontQuery => ({ families, weight, style });

describe('createFontSelector: bundled families', () => {
  it('maps generic and common families to metric-compatible faces', async () => {
    const fonts = await createFontSelector();
    const name = (families: string[], weight?: number, style?: FontQuery['style']) => fonts.primary(q(families, weight, style)).fontkit.postscriptName;
    expect(name(['serif'])).toBe('Tinos-Regular');
    expect(name(['times new roman'])).toBe('Tinos-Regular');
    expect(name(['arial'])).toBe('Arimo-Regular');
    expect(name(['helvetica'])).toBe('Arimo-Regular');
    expect(name(['sans-serif'])).toBe('Arimo-Regular');
    // As Chromium on Linux: system-ui is DejaVu Sans; the other system font names are unknown there.
    expect(name(['system-ui'])).toBe('DejaVuSans');
    expect(name(['-apple-system', 'blinkmacsystemfont', 'segoe ui', 'ui-sans-serif', 'noto sans', 'helvetica'])).toBe('Arimo-Regular');
    expect(name(['-apple-system', 'serif'])).toBe('Tinos-Regular');
    expect(name(['ui-serif', 'sans-serif'])).toBe('Arimo-Regular');
    expect(name(['system-ui', '-apple-system', 'segoe ui', 'roboto', 'helvetica neue', 'arial', 'sans-serif'])).toBe('DejaVuSans');
    expect(name(['courier new'])).toBe('Cousine-Regular');
    expect(name(['monospace'])).toBe('DejaVuSansMono');
    // Chromium on Linux knows no ui-monospace: GitHub's code font list falls through to Liberation Mono.
    expect(name(['ui-monospace', 'sfmono-regular', 'menlo', 'consolas', 'liberation mono', 'monospace'])).toBe('Cousine-Regular');
    expect(name(['dejavu serif'])).toBe('DejaVuSerif');
    expect(name(['no such font', 'arial'])).toBe('Arimo-Regular');
    expect(name(['no such font'])).toBe('Tinos-Regular');
    expect(name(['"Arial"'])).toBe('Arimo-Regular');
  });

  it('matches weight and style, synthesizing what the family lacks', async () => {
    const fonts = await createFontSelector();
    expect(fonts.primary(q(['arial'], 700)).fontkit.postscriptName).toBe('Arimo-Bold');
    expect(fonts.primary(q(['arial'], 600)).fontkit.postscriptName).toBe('Arimo-Bold');
    expect(fonts.primary(q(['arial'], 500)).fontkit.postscriptName).toBe('Arimo-Regular');
    const italic = fonts.primary(q(['serif'], 700, 'italic'));
    expect(italic.fontkit.postscriptName).toBe('Tinos-BoldItalic');
    expect(italic.syntheticBold || italic.syntheticItalic).toBe(false);
    const mono = fonts.primary(q(['monospace'], 400, 'italic'));
    expect(mono.fontkit.postscriptName).toBe('DejaVuSansMono-Oblique');
    expect(mono.syntheticItalic).toBe(false);
    const light = fonts.primary(q(['dejavu sans'], 100));
    expect(light.fontkit.postscriptName).toBe('DejaVuSans-ExtraLight');
  });

  it('splits text into runs by glyph coverage, spaces staying with their run but after a symbol', async () => {
    const fonts = await createFontSelector();
    const runs = fonts.runs('Snow ☃ man', q(['arial']));
    // The space after a symbol is the listed face's, as Chromium shapes it (decision 0364).
    expect(runs.map((r) => [r.text, r.font.fontkit.postscriptName])).toEqual([
      ['Snow ', 'Arimo-Regular'],
      ['☃', 'DejaVuSans'],
      [' man', 'Arimo-Regular'],
    ]);
    expect(fonts.runs('plain text', q(['arial']))).toHaveLength(1);
    expect(fonts.runs('', q(['arial']))).toEqual([]);
    expect(fonts.runs('  ', q(['arial']))[0].font.fontkit.postscriptName).toBe('Arimo-Regular');
    // Characters nobody has are a run of their own in the primary face (drawn as .notdef), marked missing.
    const missing = fonts.runs('a\u{10FFFD}b', q(['arial']));
    expect(missing.map((r) => [r.text, r.font.fontkit.postscriptName, r.missing ?? false])).toEqual([
      ['a', 'Arimo-Regular', false],
      ['\u{10FFFD}', 'Arimo-Regular', true],
      ['b', 'Arimo-Regular', false],
    ]);
    expect(fonts.missingCharacters()).toEqual([0x10fffd]);
  });

  it('takes a glyph from the first listed family that has it, before the fallbacks', async () => {
    const fonts = await createFontSelector();
    // Arimo lacks ∀ (U+2200); DejaVu Serif, listed second, has it, so the DejaVu Sans fallback is not used.
    const runs = fonts.runs('A∀B', q(['arial', 'dejavu serif']));
    expect(runs.map((r) => [r.text, r.font.fontkit.postscriptName])).toEqual([
      ['A', 'Arimo-Regular'],
      ['∀', 'DejaVuSerif'],
      ['B', 'Arimo-Regular'],
    ]);
    // A fallback face is its regular face, made bold for bold text, as Chromium's (decision 0379).
    const snowman = fonts.runs('☃', q(['arial'], 700))[0].font;
    expect([snowman.fontkit.postscriptName, snowman.syntheticBold]).toEqual(['DejaVuSans', true]);
  });

  it('shows Hebrew in DejaVu Sans, as Chromium does where the Liberation fonts stand, its punctuation in the listed face', async () => {
    const fonts = await createFontSelector();
    const names = (text: string, families: string[]) => fonts.runs(text, q(families)).map((r) => [r.text, r.font.fontkit.postscriptName]);
    for (const family of ['arial', 'times new roman', 'courier new']) expect(names('שלום', [family])).toEqual([['שלום', 'DejaVuSans']]);
    // Periods, quotes and brackets among Hebrew letters are Liberation's in Chromium 156 (decision
    // 0380), as digits are; a space stays with the run it is in.
    expect(names('אביב (ת.ד. 345)', ['arial'])).toEqual([
      ['אביב ', 'DejaVuSans'], ['(', 'Arimo-Regular'], ['ת', 'DejaVuSans'], ['.', 'Arimo-Regular'], ['ד', 'DejaVuSans'], ['. 345)', 'Arimo-Regular'],
    ]);
    expect(names('בע"מ', ['arial'])).toEqual([['בע', 'DejaVuSans'], ['"', 'Arimo-Regular'], ['מ', 'DejaVuSans']]);
    expect(names('עיצוב (UI)', ['arial'])).toEqual([['עיצוב ', 'DejaVuSans'], ['(UI)', 'Arimo-Regular']]);
    // Greek and Cyrillic, which Liberation has, stay in Arimo.
    expect(names('αβγ абв', ['arial'])).toEqual([['αβγ абв', 'Arimo-Regular']]);
  });
});

describe('createFontSelector: @font-face', () => {
  const cousine = fontFile('@expo-google-fonts/cousine/400Regular/Cousine_400Regular.ttf');
  const cousineBold = fontFile('@expo-google-fonts/cousine/700Bold/Cousine_700Bold.ttf');

  it('loads declared faces through the loader; declared families win over bundled ones', async () => {
    const loader = memoryLoader({ 'fonts/brand.ttf': cousine, 'fonts/brand-bold.ttf': cousineBold });
    const fonts = await createFontSelector(
      [
        { family: 'Brand', sources: [{ url: 'fonts/missing.woff2', format: 'woff2' }, { url: 'fonts/brand.ttf', format: 'truetype' }] },
        { family: 'Brand', sources: [{ url: 'fonts/brand-bold.ttf' }], weight: [700, 700] },
        { family: 'Arial', sources: [{ url: 'fonts/brand.ttf' }] },
        { family: 'Skipped', sources: [{ url: 'fonts/brand.ttf', format: 'embedded-opentype' }] },
      ],
      loader,
    );
    expect(loader.requests).toContain('font:fonts/missing.woff2');
    expect(loader.requests.filter((r) => r.includes('brand.ttf'))).toHaveLength(2);
    expect(fonts.primary(q(['brand'])).fontkit.postscriptName).toBe('Cousine-Regular');
    expect(fonts.primary(q(['brand'], 700)).fontkit.postscriptName).toBe('Cousine-Bold');
    const synthetic = fonts.primary(q(['brand'], 400, 'italic'));
    expect(synthetic.syntheticItalic).toBe(true);
    expect(fonts.primary(q(['arial'])).fontkit.postscriptName).toBe('Cousine-Regular');
    expect(fonts.primary(q(['skipped', 'serif'])).fontkit.postscriptName).toBe('Tinos-Regular');
  });

  it('parses the same bytes once per process', async () => {
    const loader = memoryLoader({ 'a.ttf': cousine, 'b.ttf': cousine });
    const one = await createFontSelector([{ family: 'A', sources: [{ url: 'a.ttf' }] }], loader);
    const two = await createFontSelector([{ family: 'B', sources: [{ url: 'b.ttf' }] }], loader);
    expect(one.primary(q(['a'])).fontkit).toBe(two.primary(q(['b'])).fontkit);
  });

  it('respects unicode-range', async () => {
    const loader = memoryLoader({ 'mono.ttf': cousine });
    const fonts = await createFontSelector([{ family: 'Digits', sources: [{ url: 'mono.ttf' }], unicodeRange: [[0x30, 0x39]] }], loader);
    const runs = fonts.runs('ab 12 cd', q(['digits', 'serif']));
    expect(runs.map((r) => [r.text, r.font.fontkit.postscriptName])).toEqual([
      ['ab ', 'Tinos-Regular'],
      ['12 ', 'Cousine-Regular'],
      ['cd', 'Tinos-Regular'],
    ]);
    // The primary font is the first whose range covers the space.
    expect(fonts.primary(q(['digits', 'serif'])).fontkit.postscriptName).toBe('Tinos-Regular');
  });

  it('falls back when a declared face cannot be loaded or parsed', async () => {
    const loader = memoryLoader({ 'junk.ttf': new TextEncoder().encode('definitely not a font at all') });
    const fonts = await createFontSelector([{ family: 'Junk', sources: [{ url: 'junk.ttf' }] }], loader);
    expect(fonts.primary(q(['junk', 'monospace'])).fontkit.postscriptName).toBe('DejaVuSansMono');
  });

  it('takes the FontFaceRule objects css/stylesheet.ts parses, with the sheet base URL', async () => {
    const sheet = parseStylesheet(
      `@font-face { font-family: "Brand Mono"; src: local("Brand Mono"), url(mono.ttf) format("truetype"); font-weight: 300 500; font-style: italic; unicode-range: U+0-7F; }`,
      'author',
      'https://cdn.test/css/site.css',
    );
    const requests: string[] = [];
    const loader: ResourceLoader = {
      documentBaseUrl: null,
      async load(url, _kind, baseUrl) {
        requests.push(new URL(url, baseUrl).href);
        return { url, bytes: cousine, mimeType: 'font/ttf' };
      },
    };
    const fonts = await createFontSelector(sheet.fontFaces.map((face) => ({ ...face, baseUrl: sheet.baseUrl })), loader);
    expect(requests).toEqual(['https://cdn.test/css/mono.ttf']);
    const face = fonts.primary(q(['brand mono'], 400, 'italic'));
    expect(face.fontkit.postscriptName).toBe('Cousine-Regular');
    expect(face.syntheticItalic).toBe(false); // declared italic, so it is not slanted again
  });
});
