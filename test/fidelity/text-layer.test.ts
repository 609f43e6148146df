// The text layer round trip: every shared-corpus document and every shipped example, rendered in
// a random order by one engine, gives pdftotext the words it gives for Chromium's reference, in
// the same order, or the difference is listed with its reason in text-layer-differences.json.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { diffArrays } from 'diff';
import { beforeAll, describe, expect, it } from 'vitest';
import { listCorpusDocuments } from '../../scripts/fidelity/corpus.js';
import { documentHtml } from '../../scripts/fidelity/document-html.js';
import { exampleDocuments } from '../../scripts/text-layer/examples.js';
import { createNativeEngine, createResourceLoader } from '../../src/index.js';
import { describeWithTools, pdftotext } from '../protect/tools.js';

const CORPUS = fileURLToPath(new URL('../../../shared/corpus/', import.meta.url));
const REFERENCES = fileURLToPath(new URL('./references/', import.meta.url));

/** A listed difference: the words one side has and the other lacks, and whether the order differs. */
interface ListedDifference {
  readonly reason: string;
  readonly missing?: readonly string[];
  readonly extra?: readonly string[];
  readonly order?: boolean;
}

const LISTED = JSON.parse(readFileSync(new URL('./text-layer-differences.json', import.meta.url), 'utf8')) as Record<string, ListedDifference>;

interface RoundTripDocument {
  readonly id: string;
  readonly html: string;
  readonly baseDir?: string;
  readonly reference: Uint8Array;
}

function wordsOf(text: string): string[] {
  return text.split(/\s+/).filter((w) => w !== '');
}

/** Words of `a` not matched in `b`, counted with repeats, sorted. */
function without(a: readonly string[], b: readonly string[]): string[] {
  const left = new Map<string, number>();
  for (const w of b) left.set(w, (left.get(w) ?? 0) + 1);
  const out: string[] = [];
  for (const w of a) {
    const n = left.get(w) ?? 0;
    if (n > 0) left.set(w, n - 1);
    else out.push(w);
  }
  return out.sort();
}

/** The first places the two word sequences part, for a readable failure. */
function firstHunks(reference: readonly string[], ours: readonly string[]): string[] {
  return diffArrays([...reference], [...ours])
    .filter((part) => part.added || part.removed)
    .slice(0, 6)
    .map((part) => `${part.added ? 'ours only' : 'reference only'}: ${part.value.slice(0, 12).join(' ')}`);
}

async function corpusDocuments(): Promise<RoundTripDocument[]> {
  if (!existsSync(CORPUS)) return [];
  const documents: RoundTripDocument[] = [];
  for (const document of await listCorpusDocuments(CORPUS)) {
    documents.push({ id: document.id, html: await documentHtml(document), baseDir: document.dir, reference: readFileSync(join(document.dir, 'reference.pdf')) });
  }
  return documents;
}

async function examples(): Promise<RoundTripDocument[]> {
  return (await exampleDocuments()).map((document) => ({ ...document, reference: readFileSync(join(REFERENCES, document.id, 'reference.pdf')) }));
}

function shuffled<T>(items: readonly T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

describeWithTools(['pdftotext'], 'text layer round trip against Chromium', () => {
  const ours = new Map<string, string[]>();
  const references = new Map<string, string[]>();
  let order: string[] = [];

  beforeAll(async () => {
    const corpus = await corpusDocuments();
    if (corpus.length === 0) {
      if (process.env.CI) throw new Error(`../shared/corpus not found at ${CORPUS}; CI runs beside it`);
      console.warn(`text layer round trip: ../shared/corpus not found at ${CORPUS}; only the examples are checked`);
    }
    // One engine for all, in a random order: each document follows whatever the one before left behind.
    const engine = createNativeEngine();
    const documents = shuffled([...corpus, ...(await examples())]);
    order = documents.map((d) => d.id);
    for (const document of documents) {
      const resourceLoader = document.baseDir === undefined ? undefined : createResourceLoader({ baseDir: document.baseDir });
      const pdf = await engine.render(document.html, { resourceLoader });
      ours.set(document.id, wordsOf(pdftotext(pdf).text));
      references.set(document.id, wordsOf(pdftotext(document.reference).text));
    }
  }, 300_000);

  it('renders the examples and, where it is, the whole corpus', () => {
    expect(order).toEqual(expect.arrayContaining(['examples/invoice', 'examples/report']));
    if (existsSync(CORPUS)) expect(order.length).toBeGreaterThanOrEqual(18);
  });

  it('lists only documents that exist', () => {
    const known = [...ours.keys()];
    for (const id of Object.keys(LISTED)) if (!id.startsWith('examples/') && existsSync(CORPUS)) expect(known).toContain(id);
  });

  it('each document has the reference words, in the reference order, or its listed difference', () => {
    const failures: string[] = [];
    for (const [id, words] of ours) {
      const reference = references.get(id)!;
      const listed = LISTED[id] ?? { reason: '' };
      const missing = without(reference, words);
      const extra = without(words, reference);
      const sameWords = missing.length === 0 && extra.length === 0;
      const sameOrder = sameWords && words.every((w, i) => w === reference[i]);
      if (JSON.stringify(missing) !== JSON.stringify([...(listed.missing ?? [])].sort())) failures.push(`${id}: words missing from ours ${JSON.stringify(missing)}, listed ${JSON.stringify(listed.missing ?? [])}`);
      if (JSON.stringify(extra) !== JSON.stringify([...(listed.extra ?? [])].sort())) failures.push(`${id}: words only in ours ${JSON.stringify(extra)}, listed ${JSON.stringify(listed.extra ?? [])}`);
      if (sameWords && !sameOrder && !listed.order) failures.push(`${id}: same words in another order\n    ${firstHunks(reference, words).join('\n    ')}`);
      if (sameOrder && listed.order) failures.push(`${id}: now read in the reference's order; remove "order" from its listed difference`);
    }
    expect(failures, `documents rendered in this order: ${order.join(', ')}`).toEqual([]);
  });
});
