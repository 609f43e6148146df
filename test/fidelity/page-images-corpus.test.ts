// The shared corpus as page images: every page the raster backend paints agrees with pdftoppm's
// rasterisation (96 dpi) of our own PDF of the same document, but for anti-aliasing.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { listCorpusDocuments, type CorpusDocument } from '../../scripts/fidelity/corpus.js';
import { documentHtml } from '../../scripts/fidelity/document-html.js';
import { createNativeEngine, createResourceLoader } from '../../src/index.js';
import { agreement, decodeImage, hasPdftoppm, pdftoppmPages, type Agreement } from '../../src/testing/image-agreement.js';

const CORPUS = fileURLToPath(new URL('../../../shared/corpus/', import.meta.url));
const present = existsSync(CORPUS) && hasPdftoppm();
if (!present) {
  if (process.env.CI) throw new Error(`page images against the corpus need ../shared/corpus (at ${CORPUS}) and pdftoppm; CI has both`);
  console.log(`SKIPPED: page images against the shared corpus (${existsSync(CORPUS) ? 'pdftoppm' : CORPUS} not found)`);
}

interface PageAgreement extends Agreement {
  readonly page: number;
}

(present ? describe : describe.skip)('shared corpus as page images, against pdftoppm of our PDF', () => {
  const engine = createNativeEngine();
  const results = new Map<string, { pdfPages: number; pages: PageAgreement[] }>();
  let documents: CorpusDocument[] = [];

  beforeAll(async () => {
    documents = await listCorpusDocuments(CORPUS);
    for (const document of documents) {
      const html = await documentHtml(document);
      const resourceLoader = createResourceLoader({ baseDir: document.dir });
      const reference = pdftoppmPages(await engine.render(html, { resourceLoader }), 96);
      const { images } = await engine.renderImages(html, { resourceLoader });
      const pages: PageAgreement[] = [];
      for (const [i, image] of images.entries()) pages.push({ page: image.page, ...agreement(await decodeImage(image.data), await decodeImage(reference[i]!)) });
      results.set(document.id, { pdfPages: reference.length, pages });
    }
    const all = [...results.values()].flatMap((r) => r.pages);
    const worst = Math.max(...all.map((p) => p.differing));
    const mean = all.reduce((sum, p) => sum + p.meanDifference, 0) / all.length;
    console.log(`page images vs pdftoppm: ${results.size} documents, ${all.length} pages; mean difference ${mean.toFixed(2)}/255, worst page ${(worst * 100).toFixed(2)}% of pixels differing`);
  }, 600_000);

  it('finds the corpus', () => {
    expect(documents.length).toBeGreaterThanOrEqual(16);
  });

  it('paints as many pages as the PDF has, each the size pdftoppm draws it', () => {
    for (const [id, { pdfPages, pages }] of results) {
      expect(pages.length, id).toBe(pdfPages);
      for (const page of pages) expect(page.sameSize, `${id} page ${page.page}`).toBe(true);
    }
  });

  it('agrees pixel for pixel but for anti-aliased edges', () => {
    for (const [id, { pages }] of results) {
      for (const page of pages) {
        // A glyph or box out of place on a page differs in far more pixels than its edges do.
        expect(page.differing, `${id} page ${page.page}`).toBeLessThan(0.01);
        expect(page.meanDifference, `${id} page ${page.page}`).toBeLessThan(3);
      }
    }
  });
});
