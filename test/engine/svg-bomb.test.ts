import { describe, expect, it } from 'vitest';
import { createNativeEngine, createWorkerEngine } from '../../src/index.js';
import { readPdf } from '../../src/testing/read-pdf.js';

/** Ten uses of the level below, `depth` levels deep: 10^depth rectangles from a few hundred bytes. */
function useBomb(depth: number): string {
  let defs = '<g id="l0"><rect width="1" height="1" fill="red"/></g>';
  for (let i = 1; i <= depth; i++) defs += `<g id="l${i}">${`<use href="#l${i - 1}"/>`.repeat(10)}</g>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="20" height="20"><defs>${defs}</defs><use href="#l${depth}"/></svg>`;
}

describe('SVG whose <use> references multiply', () => {
  const engine = createNativeEngine();

  it('stops an inline SVG bomb and prints the rest of the document', async () => {
    const pdf = await readPdf(await engine.render(`<p>before</p>${useBomb(9)}<p>after the bomb</p>`));
    expect(pdf.pages[0].text).toContain('before');
    expect(pdf.pages[0].text).toContain('after the bomb');
  }, 60_000);

  it('stops the same bomb as an <img> data: URI', async () => {
    const uri = `data:image/svg+xml;base64,${Buffer.from(useBomb(9)).toString('base64')}`;
    const pdf = await readPdf(await engine.render(`<img src="${uri}"><p>after the image</p>`));
    expect(pdf.pages[0].text).toContain('after the image');
  }, 60_000);
});

describe('SVG <use> bombs on a render thread', () => {
  // svg-to-pdfkit builds its objects for the shapes as it draws them: the drawing budget stopped a
  // bomb only after a render thread's heap had filled (a 422 for the whole document).
  it('leaves the bomb out before it is built, and prints the rest within the heap of a render thread', async () => {
    const engine = createWorkerEngine({ threads: 1 });
    try {
      const triple = `<svg width="100" height="100"><defs><g id="a0"><rect width="1" height="1"/></g>${Array.from({ length: 20 }, (_, i) => `<g id="a${i + 1}"><use href="#a${i}"/><use href="#a${i}"/><use href="#a${i}"/></g>`).join('')}</defs><use href="#a20"/></svg>`;
      const pdf = await readPdf(await engine.render(`<p>before</p>${triple}${useBomb(9)}<p>after the bombs</p>`));
      expect(pdf.pages[0].text).toContain('after the bombs');
    } finally {
      await engine.close();
    }
  }, 60_000);
});
