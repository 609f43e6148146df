// Unicode spaces a face lacks print with its own space glyph, at HarfBuzz's widths, rather than
// in a fallback face (src/engine/fonts/space-fallback.ts), as Chromium prints them.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { findBox, layoutHtml, textRuns } from '../../src/testing/render.js';

// Archivo Black (OFL, from the modern corpus's flyer) has U+0020 and U+00A0 but none of U+2000–U+200A, U+202F.
const ARCHIVO = readFileSync(new URL('../fidelity/modern/poster/weasyprint-flyer/archivoblack-regular.ttf', import.meta.url)).toString('base64');
const page = (body: string): string =>
  `<!doctype html><style>@font-face { font-family: AB; src: url(data:font/ttf;base64,${ARCHIVO}) } @page { size: 500px 300px; margin: 0 } body { margin: 0; font: 20px AB }</style>${body}`;

describe('spaces a face has no glyph for', () => {
  it('print in the face itself: one run, the face\'s line height ("25 juin" with a narrow no-break space)', async () => {
    const pages = await layoutHtml(page('<p id=p style="margin:0">25&#x202F;juin</p><p id=q style="margin:0">25 juin</p>'));
    expect(textRuns(pages).map((r) => r.font)).toEqual([expect.stringMatching(/^ArchivoBlack/), expect.stringMatching(/^ArchivoBlack/)]);
    expect(findBox(pages, '#p').height).toBe(findBox(pages, '#q').height);
  });

  it('take HarfBuzz\'s widths: an em divided, half a space, a figure\'s width (Chromium 156 places each letter after them where pagesmith does)', async () => {
    const chars = ['\u202f', '\u2009', '\u2003', '\u2007', '\u205f', '\u2002', '\u200a', '\u2008', '\u00a0'];
    const pages = await layoutHtml(page(`<p style="margin:0;white-space:pre">${chars.map((c, i) => `${'ABCDEFGHI'[i]}${c}`).join('')}J</p>`));
    const [run] = textRuns(pages);
    const font = run.fragment.font;
    const w = (text: string): number => font.measure(text, 20);
    const space = w(' ');
    // HarfBuzz rounds an em's fraction to whole font units: a hair space is 63/1000 em.
    const expected = [space / 2, 20 / 5, 20, w('0'), (222 / 1000) * 20, 10, (63 / 1000) * 20, w('.'), space];
    chars.forEach((c, i) => expect(w(c)).toBeCloseTo(expected[i], 3));
    // Measured in Chromium's PDF: A at 20.0px, D at 94.0px.
    expect(w(`A${chars[0]}B${chars[1]}C${chars[2]}D`) - w('D')).toBeCloseTo(94.0 - 20.0, 0);
  });

  it('but the ideographic space, which goes to the CJK face as in Chromium (its line is that face\'s height)', async () => {
    const pages = await layoutHtml(page('<p style="margin:0">A&#x3000;B</p>'));
    expect(textRuns(pages).map((r) => r.font)).toContainEqual(expect.stringMatching(/^NotoSans(JP|CJK)/));
  });
});
