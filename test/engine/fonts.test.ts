// Fonts: family names to bundled faces (metric-compatible with Arial, Times, Courier), weights
// and styles, glyph fallback, @font-face from data: URLs, font sizes, embedding in the PDF.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { readPdf } from '../../src/testing/read-pdf.js';
import { dataUri, findBox, layoutHtml, lineBoxes, renderPdf, textRuns } from '../../src/testing/render.js';

const page = (body: string, css = ''): string =>
  `<style>@page { size: 600px 600px; margin: 0 } body { margin: 0 } ${css}</style>${body}`;

const runsOf = async (body: string, css = '') => textRuns(await layoutHtml(page(body, css)));
const faceOf = async (style: string, text = 'x'): Promise<string> => (await runsOf(`<p style="${style}">${text}</p>`))[0].font;

describe('family names', () => {
  it.each([
    ['', 'Tinos-Regular'],
    ['font-family: serif', 'Tinos-Regular'],
    ["font-family: 'Times New Roman'", 'Tinos-Regular'],
    ['font-family: sans-serif', 'Arimo-Regular'],
    ['font-family: Arial', 'Arimo-Regular'],
    ['font-family: Helvetica', 'Arimo-Regular'],
    ['font-family: system-ui', 'DejaVuSans'],
    ["font-family: 'Courier New'", 'Cousine-Regular'],
    ['font-family: monospace', 'DejaVuSansMono'],
    ["font-family: 'DejaVu Sans'", 'DejaVuSans'],
  ])('%s → %s', async (style, face) => {
    expect(await faceOf(style)).toBe(face);
  });

  it('takes the first family it knows from the list', async () => {
    expect(await faceOf("font-family: NoSuchFont, 'Another Missing', Arial, serif")).toBe('Arimo-Regular');
  });

  it('takes a quoted generic name for an ordinary family, which fontconfig answers with its alias for \'serif\', \'monospace\' and \'system-ui\' and no font for the others, as Chromium prints them on Debian', async () => {
    expect(await faceOf("font-family: Calibri, 'sans-serif'")).toBe('Tinos-Regular');
    expect(await faceOf("font-family: 'ui-sans-serif', 'cursive', Arial")).toBe('Arimo-Regular');
    expect(await faceOf("font-family: 'monospace', Arial")).toBe('DejaVuSansMono');
    expect(await faceOf("font-family: 'serif', sans-serif")).toBe('DejaVuSerif');
    // Tailwind 4's and Flowbite's stack.
    expect(await faceOf("font-family: 'Inter', 'ui-sans-serif', 'system-ui', 'Segoe UI', Roboto, Arial")).toBe('DejaVuSans');
  });

  it('keeps the default font size of a quoted "monospace" at 16px (only the keyword takes 13px)', async () => {
    const pages = await layoutHtml(page('<p id=k style="font-family: monospace; font-size: medium">x</p><p id=q style="font-family: \'monospace\'; font-size: medium">x</p>'));
    expect(textRuns(pages).map((r) => r.size)).toEqual([13, 16]);
  });

  it('finds an @font-face family whose name is a quoted generic word', async () => {
    const cousine = readFileSync(createRequire(import.meta.url).resolve('@expo-google-fonts/cousine/400Regular/Cousine_400Regular.ttf'));
    const css = `@font-face { font-family: "sans-serif"; src: url("${dataUri(cousine, 'font/ttf')}") }`;
    const runs = await runsOf(`<p style="font-family: 'sans-serif'">abc</p>`, css);
    expect(runs[0].width).toBeCloseTo(3 * (1229 / 2048) * 16, 3);
  });

  it('falls back to Times (Tinos) when no family in the list is known', async () => {
    expect(await faceOf('font-family: NoSuchFont')).toBe('Tinos-Regular');
  });

  it('matches family names case-insensitively', async () => {
    expect(await faceOf('font-family: ARIAL')).toBe('Arimo-Regular');
  });
});

describe('weights and styles', () => {
  it.each([
    ['font-weight: bold', 'Arimo-Bold'],
    ['font-weight: 700', 'Arimo-Bold'],
    ['font-weight: 600', 'Arimo-Bold'],
    ['font-weight: 500', 'Arimo-Regular'],
    ['font-weight: 300', 'Arimo-Regular'],
    ['font-style: italic', 'Arimo-Italic'],
    ['font-style: oblique', 'Arimo-Italic'],
    ['font-weight: bold; font-style: italic', 'Arimo-BoldItalic'],
  ])('%s', async (style, face) => {
    expect(await faceOf(`font-family: Arial; ${style}`)).toBe(face);
  });

  it('makes <b>, <strong> and headings bold and <i>, <em> italic', async () => {
    const runs = await runsOf('<p style="font-family:Arial">a <b>b</b> <strong>c</strong> <i>d</i> <em>e</em></p><h3 style="font-family:Arial">f</h3>');
    const face = (t: string) => runs.find((r) => r.text.trim() === t)!.font;
    expect([face('b'), face('c'), face('d'), face('e'), face('f')]).toEqual(['Arimo-Bold', 'Arimo-Bold', 'Arimo-Italic', 'Arimo-Italic', 'Arimo-Bold']);
  });

  it('uses a bundled bold face, not a synthetic one', async () => {
    const [run] = await runsOf('<p style="font-family:Arial;font-weight:bold">x</p>');
    expect(run.fragment.kind === 'text' && run.fragment.font.syntheticBold).toBe(false);
  });
});

describe('metrics compatible with the standard fonts', () => {
  it('measures Arimo like Arial: "Hello" at 16px is 36.46px', async () => {
    // Arial advances: H 1479, e 1139, l 455, o 1139 units of 2048.
    const [run] = await runsOf('<p style="font:16px Arial">Hello</p>');
    expect(run.width).toBeCloseTo(((1479 + 1139 + 455 + 455 + 1139) / 2048) * 16, 2);
  });

  it('measures Tinos like Times New Roman: "Hello" at 16px is 35.55px', async () => {
    // Times New Roman advances: H 1479, e 909, l 569, o 1024 units of 2048.
    const [run] = await runsOf('<p style="font:16px \'Times New Roman\'">Hello</p>');
    expect(run.width).toBeCloseTo(((1479 + 909 + 569 + 569 + 1024) / 2048) * 16, 2);
  });

  it('measures Cousine like Courier New: 0.6em per character', async () => {
    const [run] = await runsOf('<p style="font:20px \'Courier New\'">iiiiWWWW</p>');
    expect(run.width).toBeCloseTo(8 * (1229 / 2048) * 20, 3);
  });

  it('scales widths with the font size', async () => {
    const runs = await runsOf('<p style="font:10px Arial">Hello</p><p style="font:30px Arial">Hello</p>');
    expect(runs[1].width).toBeCloseTo(runs[0].width * 3, 3);
  });

  it('gives Arial\'s normal line height for Arimo, its metrics rounded to whole px as Chromium does', async () => {
    // At 20px: ascent 18.11 → 18, descent 4.24 → 4, line gap 0.65 → 1.
    const pages = await layoutHtml(page('<p id=p style="font:20px Arial;margin:0">x</p>'));
    expect(findBox(pages, '#p').height).toBe(23);
  });
});

describe('font sizes', () => {
  it.each([
    ['font-size: 20px', 20],
    ['font-size: 15pt', 20],
    ['font-size: 2em', 32],
    ['font-size: 150%', 24],
    ['font-size: 2rem', 32],
    ['font-size: medium', 16],
    ['font-size: small', 13],
    ['font-size: x-large', 24],
    ['font: italic bold 12px/30px Arial', 12],
  ])('%s', async (style, size) => {
    expect((await runsOf(`<p style="${style}">x</p>`))[0].size).toBeCloseTo(size, 5);
  });

  it('sizes headings by the UA stylesheet', async () => {
    const runs = await runsOf('<h1>a</h1><h2>b</h2><h3>c</h3><h4>d</h4><h5>e</h5><h6>f</h6>');
    expect(runs.map((r) => Math.round(r.size * 100) / 100)).toEqual([32, 24, 18.72, 16, 13.28, 10.72]);
  });

  it('resolves em against the parent font size and inherits the computed size', async () => {
    const runs = await runsOf('<div style="font-size:10px"><div style="font-size:2em">a<span style="font-size:1.5em">b</span></div></div>');
    expect(runs.map((r) => r.size)).toEqual([20, 30]);
  });

  it('makes <small> smaller and <big> larger', async () => {
    const runs = await runsOf('<p>a<small>b</small><big>c</big></p>');
    expect(runs[1].size).toBeLessThan(16);
    expect(runs[2].size).toBeGreaterThan(16);
  });
});

describe('glyph fallback', () => {
  it('takes characters the face lacks from DejaVu', async () => {
    const runs = await runsOf('<p style="font-family:Arial">a ∀ b ✓</p>');
    expect(runs[0].font).toBe('Arimo-Regular');
    expect(runs.some((r) => r.font === 'DejaVuSans' && r.text.includes('✓'))).toBe(true);
    expect(runs.some((r) => r.font === 'DejaVuSans' && r.text.includes('∀'))).toBe(true);
  });

  it('keeps everything on one baseline across fallback runs', async () => {
    const runs = await runsOf('<p style="font-family:Arial">a✓b</p>');
    expect(runs.length).toBeGreaterThan(1);
    expect(new Set(runs.map((r) => r.baseline)).size).toBe(1);
    for (let i = 1; i < runs.length; i++) expect(runs[i].x).toBeCloseTo(runs[i - 1].x + runs[i - 1].width, 5);
  });

  it('renders characters no face has without failing', async () => {
    const pages = await layoutHtml(page('<p id=p>漢字 𝄞 \u{10FFFD}</p>'));
    expect(lineBoxes(pages, '#p')).toHaveLength(1);
  });
});

describe('@font-face', () => {
  const require = createRequire(import.meta.url);
  const cousine = readFileSync(require.resolve('@expo-google-fonts/cousine/400Regular/Cousine_400Regular.ttf'));
  const face = (family: string, src: string, extra = ''): string => `@font-face { font-family: ${family}; src: ${src}; ${extra} }`;

  it('loads a face from a data: URL and lays text out with it', async () => {
    const css = face('"My Mono"', `url("${dataUri(cousine, 'font/ttf')}") format("truetype")`);
    const runs = await runsOf('<p style="font:16px \'My Mono\', Arial">abc</p>', css);
    expect(runs[0].width).toBeCloseTo(3 * (1229 / 2048) * 16, 3);
  });

  it('embeds the declared face in the PDF', async () => {
    const css = face('"My Mono"', `url("${dataUri(cousine, 'font/ttf')}")`);
    const pdf = await readPdf(await renderPdf(page('<p style="font-family:\'My Mono\'">abc</p>', css)));
    expect(pdf.fontNames.some((n) => /cousine/i.test(n))).toBe(true);
  });

  it('chooses the declared face matching the weight', async () => {
    const bold = readFileSync(require.resolve('@expo-google-fonts/cousine/700Bold/Cousine_700Bold.ttf'));
    const css = face('Pair', `url("${dataUri(cousine, 'font/ttf')}")`, 'font-weight: 400') + face('Pair', `url("${dataUri(bold, 'font/ttf')}")`, 'font-weight: 700');
    const runs = await runsOf('<p style="font-family:Pair">a<b>b</b></p>', css);
    expect(runs[0].font).not.toBe(runs[1].font);
    expect(runs[1].font).toMatch(/bold/i);
  });

  it('falls back to the next family when the face cannot be loaded', async () => {
    const css = face('Broken', 'url("missing.woff2")') + face('Garbage', `url("${dataUri('not a font', 'font/ttf')}")`);
    const runs = await runsOf('<p style="font-family:Broken, Garbage, Arial">abc</p>', css);
    expect(runs[0].font).toBe('Arimo-Regular');
  });

  it('skips local() sources (there are no system fonts) for the next source', async () => {
    const css = face('Alias', `local("Arial"), url("${dataUri(cousine, 'font/ttf')}")`);
    const runs = await runsOf('<p style="font:16px Alias, serif">abc</p>', css);
    expect(runs[0].width).toBeCloseTo(3 * (1229 / 2048) * 16, 3);
  });
});

describe('fonts in the PDF', () => {
  it('embeds every face used, and only those', async () => {
    const pdf = await readPdf(await renderPdf('<p style="font-family:Arial">a <b>b</b></p><pre>c</pre>'));
    expect(pdf.fontNames).toEqual(['Arimo-Bold', 'Arimo-Regular', 'DejaVuSansMono']);
  });
});
