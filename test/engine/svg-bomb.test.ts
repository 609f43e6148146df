import { describe, expect, it } from 'vitest';
import { createNativeEngine } from '../../src/index.js';
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
