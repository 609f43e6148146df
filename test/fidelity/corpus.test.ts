import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listCorpusDocuments } from '../../scripts/fidelity/corpus.js';
import { documentHtml } from '../../scripts/fidelity/document-html.js';

let corpus: string;

async function folder(path: string, files: Record<string, string>) {
  await mkdir(join(corpus, path), { recursive: true });
  for (const [name, body] of Object.entries(files)) await writeFile(join(corpus, path, name), body);
}

beforeAll(async () => {
  corpus = await mkdtemp(join(tmpdir(), 'pagesmith-corpus-'));
  await folder('markdown/readme', { 'source.md': '# Hi', 'rendered.html': '<h1>Hi</h1>', 'reference.pdf': '' });
  await folder('invoice/liquid', { 'source.html': 'ignored', 'template.html': '<p>{{ who }} owes {{ amount }}</p>', 'data.json': '{"who":"Ann","amount":"&yen; 5"}', 'reference.pdf': '' });
  await folder('report/plain', { 'source.html': '<p>plain</p>', 'reference.pdf': '', 'reference-weasyprint.pdf': '' });
  await folder('report/no-reference', { 'source.html': '<p>x</p>' });
});

afterAll(async () => {
  await rm(corpus, { recursive: true, force: true });
});

describe('listCorpusDocuments and documentHtml', () => {
  it('finds documents with a reference and picks the input and reference for each', async () => {
    const docs = await listCorpusDocuments(corpus);
    expect(docs.map((d) => [d.id, d.slug, d.input, d.referenceLabel])).toEqual([
      ['invoice/liquid', 'invoice-liquid', 'template', 'Chromium'],
      ['markdown/readme', 'markdown-readme', 'markdown', 'Chromium'],
      ['report/plain', 'report-plain', 'html', 'WeasyPrint'],
    ]);
    expect(docs[2].referencePdf).toBe(join(corpus, 'report/plain/reference-weasyprint.pdf'));
  });

  it("prefers one of our WeasyPrint references to the corpus's Chromium one", async () => {
    const references = join(corpus, '..', `${corpus.split('/').pop()}-references`);
    await mkdir(join(references, 'invoice/liquid'), { recursive: true });
    await writeFile(join(references, 'invoice/liquid/reference-weasyprint.pdf'), '');
    try {
      const docs = await listCorpusDocuments(corpus, references);
      expect(docs.map((d) => d.referenceLabel)).toEqual(['WeasyPrint', 'Chromium', 'WeasyPrint']);
      expect(docs[0].referencePdf).toBe(join(references, 'invoice/liquid/reference-weasyprint.pdf'));
    } finally {
      await rm(references, { recursive: true, force: true });
    }
  });

  it('renders the Liquid template unescaped, and reads rendered.html and source.html as they are', async () => {
    const [liquid, markdown, plain] = await listCorpusDocuments(corpus);
    expect(await documentHtml(liquid)).toBe('<p>Ann owes &yen; 5</p>');
    expect(await documentHtml(markdown)).toBe('<h1>Hi</h1>');
    expect(await documentHtml(plain)).toBe('<p>plain</p>');
  });

  it('finds flat golden cases, <name>.html beside <name>.chromium.pdf, as test/fidelity/world keeps them', async () => {
    const world = join(corpus, '..', `${corpus.split('/').pop()}-world`);
    await mkdir(world, { recursive: true });
    await writeFile(join(world, 'vertical-notice.html'), '<p>縦</p>');
    await writeFile(join(world, 'vertical-notice.chromium.pdf'), '');
    await writeFile(join(world, 'draft.html'), '<p>no reference</p>');
    try {
      const docs = await listCorpusDocuments(world);
      const name = world.split('/').pop()!;
      expect(docs.map((d) => [d.id, d.slug, d.input, d.referenceLabel])).toEqual([[`${name}/vertical-notice`, `${name}-vertical-notice`, 'html', 'Chromium']]);
      expect(docs[0].referencePdf).toBe(join(world, 'vertical-notice.chromium.pdf'));
      expect(await documentHtml(docs[0])).toBe('<p>縦</p>');
    } finally {
      await rm(world, { recursive: true, force: true });
    }
  });
});
