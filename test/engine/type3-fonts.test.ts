// Faces with CFF outlines (.otf) are embedded as Type 3 fonts, as Chromium embeds them; TrueType
// faces stay CID TrueType. The text layer reads the same characters either way.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { chromiumGroup } from '../../src/engine/pdf/type3-groups.js';
import { dataUri, rasterise, renderPdf } from '../../src/testing/render.js';
import { describeWithTools, pdftotext, qpdf, words } from '../protect/tools.js';

const barlow = readFileSync(new URL('../fidelity/modern/ticket/weasyprint-boarding-ticket/barlowcondensed-regular.otf', import.meta.url));

const page = (body: string, css = ''): string =>
  `<!doctype html><style>@font-face { font-family: Barlow; src: url("${dataUri(barlow, 'font/otf')}") }
  @page { size: 600px 300px; margin: 0 } body { margin: 0; font: 40px Barlow } .tt { font-family: Arimo } ${css}</style>${body}`;

/** pdffonts' rows: font type by the name column ("[none]" for Type 3 fonts, which have no BaseFont). */
function fontTypes(pdf: Uint8Array): { name: string; type: string }[] {
  const dir = mkdtempSync(join(tmpdir(), 'pagesmith-type3-'));
  try {
    const path = join(dir, 'document.pdf');
    writeFileSync(path, pdf);
    const out = spawnSync('pdffonts', [path], { encoding: 'utf8' }).stdout;
    return out
      .split('\n')
      .slice(2)
      .filter((line) => line.trim() !== '')
      .map((line) => ({ name: line.slice(0, 36).trim(), type: line.slice(37, 54).trim() }));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describeWithTools(['pdffonts', 'pdftotext', 'qpdf'], 'CFF faces as Type 3 fonts', () => {
  it('embeds the .otf face as Type 3 fonts and keeps the TrueType face CID TrueType', async () => {
    const pdf = await renderPdf(page('<p>Boarding 29 <span class="tt">Gate</span></p>'));
    const types = fontTypes(pdf);
    expect(types.filter((f) => f.type === 'Type 3').length).toBeGreaterThan(0);
    expect(types.some((f) => f.name.endsWith('+Arimo-Regular') && f.type === 'CID TrueType')).toBe(true);
    expect(types.some((f) => f.type.startsWith('CID Type 0'))).toBe(false);
    expect(qpdf(pdf, '').checkStatus).toBe(0);
  });

  it('splits the glyph ids into fonts of 255, as Chromium does (Barlow\u2019s figures lie past glyph 255)', async () => {
    const pdf = await renderPdf(page('<p>Gate 1257797706706</p>'));
    expect(fontTypes(pdf).filter((f) => f.type === 'Type 3').length).toBe(2);
  });

  it('writes each FontMatrix as Skia does, 1 / unitsPerEm in single precision', async () => {
    // pdftotext sizes a Type 3 font's text by its FontMatrix, and which glyphs of a vertical column
    // it joins into one word turns on that size's last bits (decision 0373).
    const pdf = await renderPdf(page('<p>Gate 1257797706706</p>'));
    const dir = mkdtempSync(join(tmpdir(), 'pagesmith-type3-'));
    try {
      const path = join(dir, 'document.pdf');
      writeFileSync(path, pdf);
      const qdf = spawnSync('qpdf', ['--qdf', '--object-streams=disable', path, '-'], { encoding: 'latin1', maxBuffer: 64 << 20 }).stdout;
      const matrices = [...qdf.matchAll(/\/FontMatrix \[([^\]]*)\]/g)].map((m) => m[1].trim().split(/\s+/).map(Number));
      expect(matrices.length).toBe(2);
      for (const matrix of matrices) expect(matrix).toEqual([0.00100000005, 0, 0, -0.00100000005, 0, 0]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('reads back exactly with pdftotext: accents, figures, a ligature, kerning, letter- and word-spacing, fake italic', async () => {
    const text = 'TH\u00c9ODORE MARCELIN 5:10PM DEC 15, 2018 Wave';
    for (const css of ['', 'p { letter-spacing: 3px; word-spacing: 12px }', 'p { font-style: italic }']) {
      const pdf = await renderPdf(page(`<p>${text}</p>`, css));
      expect(words(pdftotext(pdf).text)).toBe(text);
    }
    expect(words(pdftotext(await renderPdf(page('<p>Office fifty</p>'))).text)).toBe('Office fifty');
  });

  it('draws the outlines: ink where the glyphs are, in the text colour', async () => {
    const pdf = await renderPdf(page('<p style="margin: 0; font-size: 100px; line-height: 1; padding-left: 10px">I</p>'));
    const rows = rasterise(pdf, { width: 600, height: 300 });
    const ink: [number, number][] = [];
    rows.forEach((row, y) => [...row].forEach((c, x) => c === 'K' && ink.push([x, y])));
    expect(ink.length).toBeGreaterThan(300);
    // Barlow Condensed's "I" is a bar from x 57 to 128 and y 0 to 700 in units of 1000 per em.
    const xs = ink.map(([x]) => x);
    const ys = ink.map(([, y]) => y);
    expect(Math.min(...xs)).toBeGreaterThanOrEqual(15);
    expect(Math.max(...xs)).toBeLessThanOrEqual(23);
    expect(Math.max(...ys) - Math.min(...ys) + 1).toBeGreaterThanOrEqual(69);
    expect(Math.max(...ys) - Math.min(...ys) + 1).toBeLessThanOrEqual(71);
  });

  it('writes the same bytes each time, and encrypted documents read back', async () => {
    const html = page('<p>Boarding 29</p>');
    expect(Buffer.from(await renderPdf(html)).equals(Buffer.from(await renderPdf(html)))).toBe(true);
    const secret = await renderPdf(html, { encryption: { userPassword: 'gate' } });
    expect(words(pdftotext(secret, 'gate').text)).toBe('Boarding 29');
    expect(qpdf(secret, 'gate').checkStatus).toBe(0);
  });

  it('keeps a CID font for background-clip: text (a text clip)', async () => {
    const types = fontTypes(await renderPdf(page('<p style="background: red; background-clip: text; -webkit-background-clip: text; color: transparent">Boarding</p>')));
    expect(types.some((f) => f.name.endsWith('BarlowCondensed-Regular') && f.type.startsWith('CID Type 0'))).toBe(true);
  });

  it('prints fake bold as Type 3 fonts of the outlines made bold, as Skia does, reading back the same (decision 0381)', async () => {
    const pdf = await renderPdf(page('<p style="font-weight: bold">Boarding 29</p>'));
    expect(new Set(fontTypes(pdf).map((f) => f.type))).toEqual(new Set(['Type 3']));
    expect(words(pdftotext(pdf).text)).toBe('Boarding 29');
  });
});

describe('the Type 3 font of a glyph of Debian\u2019s Noto Sans CJK (decision 0376)', () => {
  const group = (region: 'jp' | 'kr' | 'sc' | 'tc', char: string, verticalForm = false): number | null => chromiumGroup(region, char.codePointAt(0)!, verticalForm);

  it('is its glyph id\u2019s range of 255: お 1469, ら 1532, 漢 24227, 한 58199 in the JP and KR faces', () => {
    expect([group('jp', 'お'), group('jp', 'ら'), group('jp', '漢'), group('kr', '한')]).toEqual([5, 6, 95, 228]);
  });

  it('is its vertical form\u2019s for the characters that have one: ば 65204 and ら 65229 together, 、 58980', () => {
    expect([group('jp', 'ば', true), group('jp', 'ら', true), group('jp', '、', true)]).toEqual([255, 255, 231]);
  });

  it('is unknown for what the table has not: a vertical form of A, a control character', () => {
    expect([group('jp', 'A', true), group('jp', '\u0001')]).toEqual([null, null]);
  });
});
