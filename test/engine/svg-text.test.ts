// Text inside SVG (inline <svg> and SVG images) drawn with the document's fonts: the same bundled
// and @font-face faces as HTML text, the same per-character fallback, one embedded font object
// per face whichever text used it, and a text layer that reads back what was written.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { describe, expect, it } from 'vitest';
import { createNativeEngine } from '../../src/index.js';
import { readPdf } from '../../src/testing/read-pdf.js';
import { dataUri, renderPdf } from '../../src/testing/render.js';

const PAGE = '<meta charset="utf-8"><style>@page { size: 600px 400px; margin: 0 } body { margin: 0; font: 16px Arimo }</style>';

/** An SVG with one <text> per line, 24px apart. */
const svgOf = (lines: readonly string[], attributes = ''): string =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="560" height="${24 * lines.length + 8}">`
  + lines.map((line, i) => `<text x="4" y="${24 * (i + 1)}" ${attributes}>${line}</text>`).join('')
  + '</svg>';

const inline = (svg: string): string => `${PAGE}${svg}`;
const asImage = (svg: string): string => `${PAGE}<img src="${dataUri(svg, 'image/svg+xml')}">`;

async function read(html: string): Promise<{ text: string; fontNames: readonly string[]; bytes: Uint8Array }> {
  const bytes = await renderPdf(html);
  const pdf = await readPdf(bytes);
  return { text: pdf.pages.map((p) => p.text).join('\n'), fontNames: pdf.fontNames, bytes };
}

/** The text items pdfjs reads from the first page, left to right as written. */
async function textItems(bytes: Uint8Array): Promise<{ str: string; x: number; width: number }[]> {
  const task = getDocument({ data: new Uint8Array(bytes), isEvalSupported: false, disableFontFace: true, useSystemFonts: false, verbosity: 0 });
  const doc = await task.promise;
  try {
    const content = await (await doc.getPage(1)).getTextContent();
    return content.items.flatMap((item) => ('str' in item && item.str !== '' ? [{ str: item.str, x: item.transform[4] as number, width: item.width }] : []));
  } finally {
    await task.destroy();
  }
}

/** How many times `needle` occurs in the PDF's bytes (pdfkit writes object dictionaries uncompressed). */
function occurrences(bytes: Uint8Array, needle: RegExp): number {
  return Buffer.from(bytes).toString('latin1').match(needle)?.length ?? 0;
}

const SCRIPTS = [
  'Crème brûlée, façade, naïve, Ærø',
  'Привет, мир',
  'Καλημέρα κόσμε',
  'Hebrew שלום עולם end',
  'Arabic مرحبا بالعالم end',
  'Symbols → ✓ ★ ∑ ∞ € ©',
];

describe('SVG text fonts and text layer', () => {
  for (const [kind, html] of [['inline <svg>', inline], ['SVG image', asImage]] as const) {
    it(`reads back Latin, Cyrillic, Greek, Hebrew, Arabic and symbols from an ${kind}, in the page's faces`, async () => {
      const { text, fontNames } = await read(html(svgOf(SCRIPTS, 'font-family="Arial"')));
      expect(text.split('\n')).toEqual(SCRIPTS);
      expect(fontNames).toContain('Arimo-Regular');
      expect(fontNames).toContain('DejaVuSans');
      expect(fontNames.filter((name) => /Helvetica|Times-|Courier$/.test(name))).toEqual([]);
    });
  }

  it('reads back right-to-left words in order, as the same text in HTML does', async () => {
    const line = 'Hebrew שלום עולם end';
    const svg = await read(inline(svgOf([line], 'font-family="Arial"')));
    const html = await read(`${PAGE}<p style="margin:0">${line}</p>`);
    expect(svg.text).toBe(html.text);
    expect(svg.text).toBe(line);
  });

  it('picks the bundled face a family names, generic or by name, quoted or not', async () => {
    const families = ['Arial', 'Helvetica, sans-serif', "'Times New Roman', serif", 'serif', '"Courier New"', 'monospace', 'Verdana, sans-serif'];
    const { text, fontNames } = await read(inline(`<svg width="560" height="${24 * families.length + 8}">${families.map((f, i) => `<text x="4" y="${24 * (i + 1)}" font-family="${f.replace(/"/g, '&quot;')}">line ${i}</text>`).join('')}</svg>`));
    expect(text.split('\n')).toEqual(families.map((_, i) => `line ${i}`));
    expect(fontNames).toEqual(['Arimo-Regular', 'Cousine-Regular', 'DejaVuSansMono', 'Tinos-Regular']);
  });

  it('picks the bold, italic and bold italic faces', async () => {
    const svg = '<svg width="400" height="100"><g font-family="Arial"><text x="4" y="20" font-weight="bold">Bold</text>'
      + '<text x="4" y="44" font-style="italic">Italic</text><text x="4" y="68" style="font-weight: 700; font-style: italic">Both</text>'
      + '<text x="4" y="92" font-family="Times" font-weight="600">Semibold</text></g></svg>';
    const { text, fontNames } = await read(inline(svg));
    expect(text.split('\n')).toEqual(['Bold', 'Italic', 'Both', 'Semibold']);
    expect(fontNames).toEqual(['Arimo-Bold', 'Arimo-BoldItalic', 'Arimo-Italic', 'Tinos-Bold']);
  });

  it('falls back per character to the face HTML text uses, in bold and italic too', async () => {
    const svg = svgOf(['Bold שלום', 'Italic Ωμέγα שלום'], 'font-family="serif"').replace('<text x="4" y="24"', '<text x="4" y="24" font-weight="bold"').replace('<text x="4" y="48"', '<text x="4" y="48" font-style="italic"');
    const { text, fontNames } = await read(asImage(svg));
    expect(text.split('\n')).toEqual(['Bold שלום', 'Italic Ωμέγα שלום']);
    // Bold Hebrew in DejaVu Sans made bold, as Chromium falls back (decision 0379).
    expect(fontNames).toEqual(['DejaVuSans', 'DejaVuSans-Oblique', 'Tinos-Bold', 'Tinos-Italic']);
  });

  it('draws the marks of Thai, whose advance is 0, and bold Thai in its regular face made bold, as HTML text', async () => {
    const svg = svgOf(['ใบแจ้งหนี้', 'ภาษาไทย'], 'font-family="Arial"').replace('<text x="4" y="24"', '<text x="4" y="24" font-weight="bold"');
    for (const html of [asImage(svg), inline(svg)]) {
      const { text, fontNames } = await read(html);
      expect(text.split('\n')).toEqual(['ใบแจ้งหนี้', 'ภาษาไทย']);
      expect(fontNames).toEqual(['NotoSansThai-Regular']);
    }
  });

  it('draws text naming no family in Times (Tinos) in an SVG image, and in the page font in an inline <svg>', async () => {
    const svg = svgOf(['no family']);
    expect((await read(asImage(svg))).fontNames).toEqual(['Tinos-Regular']);
    const inherited = await read(`${PAGE}<div style="font: italic bold 16px Courier">${svg}</div>`);
    expect(inherited.text).toBe('no family');
    expect(inherited.fontNames).toEqual(['Cousine-BoldItalic']);
  });

  it('uses the document\'s @font-face faces, the same font object as its HTML text', async () => {
    const require = createRequire(import.meta.url);
    const ttf = readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSerifCondensed.ttf'));
    const html = `${PAGE}<style>@font-face { font-family: Brand; src: url(${dataUri(ttf, 'font/ttf')}) } p { font-family: Brand; margin: 0 }</style>`
      + `<p>Brand HTML</p>${svgOf(['Brand SVG'], 'font-family="Brand, serif"')}`;
    const { text, fontNames, bytes } = await read(html);
    expect(text).toBe('Brand HTML\nBrand SVG');
    expect(fontNames).toEqual(['DejaVuSerifCondensed']);
    expect(occurrences(bytes, /\/FontFile2/g)).toBe(1);
  });

  it('embeds a face used by HTML and SVG text once: one font object, one subset', async () => {
    const html = `${PAGE}<p style="margin:0">HTML text Привет שלום</p>${svgOf(['SVG text Ωμέγα שלום'], 'font-family="Arial"')}`
      + `<img src="${dataUri(svgOf(['Image text Привет'], 'font-family="Arial"'), 'image/svg+xml')}">`;
    const { text, fontNames, bytes } = await read(html);
    expect(text).toBe('HTML text Привет שלום\nSVG text Ωμέγα שלום\nImage text Привет');
    expect(fontNames).toEqual(['Arimo-Regular', 'DejaVuSans']);
    expect(occurrences(bytes, /\/FontFile2/g)).toBe(2);
    expect(occurrences(bytes, /\/Subtype \/Type0/g)).toBe(2);
    expect(occurrences(bytes, /\/ToUnicode/g)).toBe(2);
  });

  it('reads back right in every document one engine renders after another', async () => {
    const engine = createNativeEngine();
    const documents = [
      ['Привет е мир', 'Ωμέγα α'],
      ['Latin e a only', 'שלום e'],
      ['مرحبا a', 'Ærø € e'],
      ['Привет е мир', 'Latin e a only'],
    ];
    for (const lines of documents) {
      for (const html of [inline, asImage]) {
        const pdf = await readPdf(await engine.render(html(svgOf(lines, 'font-family="Arial"')), { deterministic: true }));
        expect(pdf.pages[0].text.split('\n')).toEqual(lines);
      }
    }
  });

  it('places fallback runs and right-to-left words where the same text in HTML has them', async () => {
    const line = 'Mixed Ωμέγα שלום עולם and مرحبا done';
    const svg = await textItems(await renderPdf(inline(svgOf([line], 'font-family="Arial"').replace('x="4"', 'x="0"'))));
    const html = await textItems(await renderPdf(`${PAGE}<p style="margin:0; white-space: nowrap">${line}</p>`));
    expect(svg.map((item) => item.str)).toEqual(html.map((item) => item.str));
    for (let i = 0; i < svg.length; i++) {
      expect(svg[i].x, svg[i].str).toBeCloseTo(html[i].x, 1);
      expect(svg[i].width, svg[i].str).toBeCloseTo(html[i].width, 1);
    }
  });

  it('lays a direction="rtl" text out right to left', async () => {
    const svg = '<svg width="400" height="40"><text x="300" y="24" font-family="Arial" direction="rtl">שלום world עולם</text></svg>';
    const items = (await textItems(await renderPdf(inline(svg)))).filter((item) => item.str.trim() !== '');
    expect(items.map((item) => item.str)).toEqual(['עולם', 'world', 'שלום']);
    expect(items[0].x).toBeLessThan(items[1].x);
  });

  it('applies the SVG\'s stylesheet to the text, and still falls back under a rule for every element', async () => {
    const svg = '<svg width="400" height="60"><style>* { font-family: Courier } .b { font-weight: bold }</style>'
      + '<text x="4" y="24" class="b">Mono שלום</text><text x="4" y="48"><tspan>Plain <tspan font-style="italic">Ωμέγα</tspan></tspan></text></svg>';
    const { text, fontNames } = await read(asImage(svg));
    expect(text.split('\n')).toEqual(['Mono שלום', 'Plain Ωμέγα']);
    expect(fontNames).toEqual(['Cousine-Bold', 'Cousine-Italic', 'Cousine-Regular', 'DejaVuSans']);
  });
});
