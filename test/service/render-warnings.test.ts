// Characters no font has: the PDF is made, and the caller is told in a header and in the document report, beside envelopes the spec fixes.
import { describe, expect, it } from 'vitest';
import type { DocumentReport } from '../../src/index.js';
import { readPdf } from '../../src/testing/read-pdf.js';
import { ALICE, setup } from './setup.js';

const MISSING = '<p style="font-family: Arial">Total \uE000 due \uE001\uE000</p>';

describe('render warnings', () => {
  it('names the characters no font has in X-Pagesmith-Warnings for every response type, and leaves the envelope as the spec has it', async () => {
    const { service } = setup();
    for (const responseType of ['pdf', 'json_with_base64', 'document_id'] as const) {
      const reports: DocumentReport[] = [];
      const outcome = await service.quickGenerate({ html: MISSING, data: {}, response_type: responseType }, ALICE, { onDocument: (made) => reports.push(made) });
      expect(outcome.ok).toBe(true);
      expect(outcome.headers['x-pagesmith-warnings']).toBe('missing_glyphs; characters="U+E000 U+E001"');
      expect(reports[0]?.warnings).toEqual([expect.objectContaining({ code: 'missing_glyphs', characters: ['\uE000', '\uE001'] })]);
      if (responseType !== 'pdf') {
        expect(Object.keys(outcome.body as object).sort()).toEqual(['data', 'message', 'success']);
      } else {
        // The text layer around the boxes is whole (test/engine/world-scripts.test.ts reads the boxes' own text back).
        expect((await readPdf(outcome.body as Uint8Array)).pages[0]?.text).toMatch(/^Total\s+\0?due\s/);
      }
    }
  });

  it('says nothing when every character printed, and tells each document of a sequence only of its own characters', async () => {
    const { service } = setup();
    const outcomes = [];
    for (const html of ['<p>Hello 世界</p>', MISSING, '<p>Plain</p>', '<p>\uE123</p>']) {
      outcomes.push(await service.quickGenerate({ html, data: {}, response_type: 'pdf' }, ALICE));
    }
    expect(outcomes.map((outcome) => outcome.headers['x-pagesmith-warnings'])).toEqual([
      undefined,
      'missing_glyphs; characters="U+E000 U+E001"',
      undefined,
      'missing_glyphs; characters="U+E123"',
    ]);
  });

  it('shortens a long list of characters, and keeps the header ASCII', async () => {
    const { service } = setup();
    const many = Array.from({ length: 40 }, (_, i) => String.fromCodePoint(0xf0000 + i)).join('');
    const outcome = await service.quickGenerate({ html: `<p>${many}</p>`, data: {}, response_type: 'pdf' }, ALICE);
    const header = outcome.headers['x-pagesmith-warnings'] ?? '';
    expect(header).toMatch(/^missing_glyphs; characters="U\+F0000 U\+F0001 .* U\+F001F \+8"$/);
    expect(header).toMatch(/^[\x20-\x7e]+$/);
  });
});
