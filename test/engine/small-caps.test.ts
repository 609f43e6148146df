// font-variant: small-caps synthesized as Chromium synthesizes it for faces without small-caps
// glyphs: lowercase letters shown as capitals at 70% of the size, the text as written kept for
// copying and search.
import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { layoutHtml, renderPdf, textRuns } from '../../src/testing/render.js';
import { readPdf } from '../../src/testing/read-pdf.js';

const doc = '<!DOCTYPE html><style>@page { size: 400px 300px; margin: 0 } body { margin: 0; font: 20px Tinos }</style>'
  + '<p style="font-variant: small-caps">Prepare Your Paper</p><p>after</p>';

describe('font-variant: small-caps', () => {
  it('shows lowercase letters as capitals at 70% of the size, capitals and spaces as they are', async () => {
    const runs = textRuns(await layoutHtml(doc)).filter((r) => r.text.trim() !== 'after');
    expect(runs.map((r) => [r.text, r.size])).toEqual([
      ['P', 20], ['REPARE', 14], [' Y', 20], ['OUR', 14], [' P', 20], ['APER', 14],
    ]);
    expect(runs[1].fragment.actualText).toBe('repare');
  });

  it('prints synthesized capitals at a whole number of px, 70% rounded half up in single precision, as Chromium', async () => {
    const sizes = [[10.12, 7], [15, 11], [13, 9], [17, 12], [11.5, 8], [21, 15], [9, 6]];
    for (const [size, small] of sizes) {
      const runs = textRuns(await layoutHtml(doc.replace('font: 20px Tinos', `font: ${size}px Tinos`))).filter((r) => r.text === 'REPARE');
      expect(runs.map((r) => r.size)).toEqual([small]);
    }
  });

  it('shows all the text smaller with all-small-caps, word by word', async () => {
    const runs = textRuns(await layoutHtml(doc.replace('font-variant: small-caps', 'font-variant-caps: all-small-caps'))).filter((r) => r.text.trim() !== 'after');
    expect(runs.map((r) => [r.text, r.size])).toEqual([['PREPARE', 14], [' ', 14], ['YOUR', 14], [' ', 14], ['PAPER', 14]]);
    expect(runs.map((r) => r.fragment.actualText)).toEqual(['Prepare', undefined, 'Your', undefined, 'Paper']);
  });

  it('keeps the text as written in the PDF: each capital in an ActualText span of its letter, as Chromium writes them', async () => {
    const pdf = Buffer.from(await renderPdf(doc));
    const streams: string[] = [];
    for (let at = pdf.indexOf('stream\n'); at >= 0; at = pdf.indexOf('stream\n', at + 1)) {
      const end = pdf.indexOf('endstream', at);
      try {
        streams.push(inflateSync(pdf.subarray(at + 7, end)).toString('latin1'));
      } catch {
        // not a deflated stream
      }
    }
    const content = streams.find((s) => s.includes('BDC')) ?? '';
    const hex = (text: string): string => `FEFF${[...text].map((c) => c.charCodeAt(0).toString(16).padStart(4, '0').toUpperCase()).join('')}`;
    const spans = [...content.matchAll(/\/Span <<\/ActualText <([0-9A-F]+)>>> BDC/g)].map((match) => match[1]);
    // One span per letter shown as a capital (so extractors separate letters as far apart as
    // letter spacing puts them, as in Chromium's PDFs); the capitals written as such have none.
    expect(spans).toEqual([...'repareouraper'].map(hex));
    expect(content.match(/EMC/g)).toHaveLength(spans.length);
    // Readers that ignore ActualText (pdf.js) see the capitals shown.
    const { pages } = await readPdf(pdf);
    expect(pages[0].text).toContain('PREPARE YOUR PAPER');
  });
});
