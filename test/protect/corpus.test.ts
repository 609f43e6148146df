// protectPdf over every Chromium reference PDF of the shared corpus (../shared/corpus), when it is there.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { protectPdf } from '../../src/index.js';
import { describeWithTools, pdftotext, qpdf, words } from './tools.js';

const CORPUS = fileURLToPath(new URL('../../../shared/corpus/', import.meta.url));

function referencePdfs(): string[] {
  if (!existsSync(CORPUS)) return [];
  return readdirSync(CORPUS, { withFileTypes: true })
    .filter((category) => category.isDirectory())
    .flatMap((category) => readdirSync(join(CORPUS, category.name)).map((name) => join(category.name, name, 'reference.pdf')))
    .filter((path) => existsSync(join(CORPUS, path)))
    .sort();
}

const PDFS = referencePdfs();

if (PDFS.length === 0 && !process.env.CI) {
  describe.skip('protectPdf over the shared corpus (../shared/corpus not found)', () => {
    it('runs where the corpus is', () => undefined);
  });
} else {
  describeWithTools(['qpdf', 'pdftotext'], 'protectPdf over the shared corpus', () => {
    it('finds the corpus', () => {
      expect(PDFS.length, `no reference.pdf under ${CORPUS}`).toBeGreaterThan(0);
    });

    it.each(PDFS)('%s: revision 6, no qpdf error, same text with the password, none without', async (path) => {
      const input = new Uint8Array(readFileSync(join(CORPUS, path)));
      const bytes = await protectPdf(input, { userPassword: 'corpus pw' });
      const report = qpdf(bytes, 'corpus pw');
      expect(report.checkStatus, report.checkOutput).toBe(0);
      expect(report.encryption).toEqual(expect.arrayContaining(['R = 6', 'string encryption method: AESv3', 'stream encryption method: AESv3']));
      expect(words(pdftotext(bytes, 'corpus pw').text)).toBe(words(pdftotext(input).text));
      expect(pdftotext(bytes).status).not.toBe(0);
    });
  });
}
