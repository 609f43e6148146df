import { describe, expect, it } from 'vitest';
import { bundledFontSelector } from '../fonts/selector.js';
import type { LoadedFont } from '../fonts/types.js';
import { SvgFonts, svgFamilyList } from './svg-fonts.js';

/** SvgFonts over the bundled faces, "embedding" a face as its key. */
function svgFonts(): { fonts: SvgFonts; embedded: LoadedFont[] } {
  const embedded: LoadedFont[] = [];
  const fonts = new SvgFonts(bundledFontSelector, (face) => {
    embedded.push(face);
    return face.key;
  });
  return { fonts, embedded };
}

const callback = (fonts: SvgFonts, family: string, bold = false, italic = false): { name: string; fauxBold: boolean; fauxItalic: boolean } => {
  const options = { fauxBold: false, fauxItalic: false };
  const name = fonts.fontCallback(family, bold, italic, options);
  return { name, ...options };
};

describe('svgFamilyList', () => {
  it('splits at commas outside quotes, lower-cases, and keeps a quoted generic word apart', () => {
    expect(svgFamilyList(`'Times New Roman', Georgia ,serif`)).toEqual(['times new roman', 'georgia', 'serif']);
    expect(svgFamilyList(`"a, b",  Open   Sans , 'serif'`)).toEqual(['a, b', 'open sans', '‹serif›']);
    expect(svgFamilyList('')).toEqual([]);
  });
});

describe('SvgFonts.fontCallback', () => {
  it('answers with the bundled face of the family, weight and style, embedded through the backend', () => {
    const { fonts, embedded } = svgFonts();
    expect(callback(fonts, 'Arial, sans-serif').name).toBe('Arimo-Regular');
    expect(callback(fonts, "'Times New Roman'", true, true).name).toBe('Tinos-BoldItalic');
    expect(callback(fonts, 'Unknown').name).toBe('Tinos-Regular');
    expect(callback(fonts, 'monospace', false, true).name).toBe('DejaVuSansMono-Oblique');
    expect(embedded.map((f) => f.key)).toEqual(['Arimo-Regular', 'Tinos-BoldItalic', 'Tinos-Regular', 'DejaVuSansMono-Oblique']);
  });

  it('asks svg-to-pdfkit to fake what the face lacks', () => {
    const { fonts } = svgFonts();
    expect(callback(fonts, 'DejaVu Sans Mono', false, true)).toMatchObject({ fauxBold: false, fauxItalic: false });
    expect(callback(fonts, 'Arimo', true)).toMatchObject({ name: 'Arimo-Bold', fauxBold: false });
  });
});

describe('SvgFonts.prepare', () => {
  it('leaves an SVG without text as it is', () => {
    const svg = '<svg width="1" height="1"><rect width="1" height="1"/></svg>';
    expect(svgFonts().fonts.prepare(svg)).toBe(svg);
  });

  it("gives a root naming no family Chromium's default, Times", () => {
    expect(svgFonts().fonts.prepare('<svg><text>a</text></svg>')).toBe('<svg font-family="serif"><text>a</text></svg>');
    expect(svgFonts().fonts.prepare('<svg font-family="Arial"><text>a</text></svg>')).toBe('<svg font-family="Arial"><text>a</text></svg>');
  });

  it('wraps characters the face lacks in a <tspan> whose family names their face, which the callback resolves', () => {
    const { fonts } = svgFonts();
    const out = fonts.prepare('<svg font-family="Arial"><text>Ab &amp; Ω → ✓ e</text><text>plain</text></svg>');
    const wrapper = /<tspan class="(pagesmith-face-\d+)">([^<]*)<\/tspan>/.exec(out);
    expect(wrapper?.[2]).toBe('✓');
    expect(out).toContain(`<style>.${wrapper![1]}{font-family:${wrapper![1]}}</style>`);
    expect(out).toContain('<text>Ab &amp; Ω → <tspan');
    // The space after the symbol is the listed face's (decision 0364).
    expect(out).toContain('</tspan> e</text><text>plain</text>');
    expect(callback(fonts, wrapper![1]).name).toBe('DejaVuSans');
  });

  it('copies the alignment-baseline of the element to its wrappers, and keeps its other properties to inheritance', () => {
    const out = svgFonts().fonts.prepare('<svg><text font-family="Arial" font-weight="bold" alignment-baseline="middle">a שלום</text></svg>');
    expect(out).toMatch(/<text font-family="Arial" font-weight="bold" alignment-baseline="middle">a <tspan class="pagesmith-face-0" alignment-baseline="middle">שלום<\/tspan><\/text>/);
    const { fonts } = svgFonts();
    fonts.prepare('<svg><text font-family="Arial" font-weight="bold">a שלום</text></svg>');
    expect(callback(fonts, 'pagesmith-face-0').name).toBe('DejaVuSans#synthetic-bold');
  });

  it('writes right-to-left words in visual order, each its own <tspan>, the spaces between them in their face', () => {
    const out = svgFonts().fonts.prepare('<svg font-family="Arial"><text>a שלום עולם b</text></svg>');
    expect(out).toContain('<text>a <tspan class="pagesmith-face-0">עולם</tspan><tspan class="pagesmith-face-0"> </tspan><tspan class="pagesmith-face-0">שלום</tspan> b</text>');
  });

  it('reorders right-to-left text in a face that has it without wrapping it in another face', () => {
    const out = svgFonts().fonts.prepare('<svg font-family="DejaVu Sans"><text>שלום עולם</text></svg>');
    expect(out).toContain('<text><tspan>עולם</tspan> <tspan>שלום</tspan></text>');
  });

  it('wraps text whose element a stylesheet rule styles, and resolves wrappers under a rule for every element', () => {
    const { fonts } = svgFonts();
    const out = fonts.prepare('<svg><style>* { font-family: Courier }</style><text>a ✓</text></svg>');
    expect(out).toContain('<style>.pagesmith-face-0{font-family:pagesmith-face-0}</style><style>* { font-family: Courier }</style>');
    expect(callback(fonts, 'pagesmith-face-0').name).toBe('DejaVuSans');
  });

  it('leaves text outside <text> and text svg-to-pdfkit drops after an error', () => {
    const svg = '<svg font-family="Arial"><title>Ω</title><text><title>Ω</title>a</text><g a="1" a="2"></g><text>Ω</text></svg>';
    expect(svgFonts().fonts.prepare(svg)).toBe(svg);
  });
});
