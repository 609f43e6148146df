// The script faces are read only when a document needs them: a Latin document reads no CJK font
// file (each is ~10 MB), and a Japanese one reads the Japanese face and no other CJK face.
import { describe, expect, it } from 'vitest';
import { bundledFilesRead } from '../../src/engine/fonts/bundled.js';
import { renderPdf } from '../../src/testing/render.js';
import { invoiceHtml, reportHtml } from '../../bench/workloads.js';

const CJK_FILE = /noto-sans-(jp|sc|tc|kr)\//;

describe('bundled fonts, read lazily', () => {
  it('reads no CJK or other script face for the Latin invoice and report', async () => {
    await renderPdf(invoiceHtml());
    await renderPdf(reportHtml(50));
    await renderPdf('<p style="font-family: Arial">Prices in € and £ — “quoted”, naïve, Ελληνικά, Кириллица ✓</p>');
    expect(bundledFilesRead().length).toBeGreaterThan(0);
    expect(bundledFilesRead().filter((file) => /noto-sans/.test(file))).toEqual([]);
  });

  it('reads the face of the language asked for, and no other', async () => {
    await renderPdf('<p lang="ja" style="font-family: Arial">東京</p>');
    expect(bundledFilesRead().filter((file) => CJK_FILE.test(file))).toEqual(['@expo-google-fonts/noto-sans-jp/400Regular/NotoSansJP_400Regular.ttf']);
  });
});
