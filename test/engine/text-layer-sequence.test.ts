// The text layer of every PDF is what was printed, however many documents the process rendered
// before it: random sequences of documents (scripts, bundled faces, styles, generated content,
// form controls, SVG) rendered one after another by long-lived engines, in process and on a
// render thread, must read back as their own text and come out byte for byte as a fresh engine
// makes them.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { createNativeEngine, createWorkerEngine } from '../../src/index.js';
import { readPdf } from '../../src/testing/read-pdf.js';
import { characters, textDocument } from '../../src/testing/text-documents.js';

async function textOf(pdf: Uint8Array): Promise<string> {
  return (await readPdf(pdf)).pages.map((p) => p.text).join('\n');
}

// Both live for the whole file, as in a server: every run renders after all earlier runs.
const inProcess = createNativeEngine();
const onThread = createWorkerEngine({ threads: 1 });
afterAll(() => onThread.close());

describe('the text layer across a sequence of documents', () => {
  it('Cyrillic, Greek and Latin documents one after another each read back as printed', async () => {
    const engine = createNativeEngine();
    const sentences = ['Привет мир', 'Invoice total payable from Acme', 'Καλημέρα κόσμε', 'Please pay the amount due', 'a banana and a cat'];
    for (const sentence of sentences) {
      const pdf = await engine.render(`<p style="font-family: Arial">${sentence}</p>`);
      expect(await textOf(pdf)).toBe(sentence);
    }
  });

  // Shrunk from the property below: a Greek subset of DejaVu made the glyphs it reached (Γ among
  // them) lose their code points for every later document in the process.
  it('a document after one whose subset reached the same glyphs as components reads back whole', async () => {
    const engine = createNativeEngine();
    const first = `<p style="font-family: system-ui">Γα</p><style>.g::before { content: "office: " }</style><p class="g" style="font-family: Arial">а</p>`;
    expect(characters(await textOf(await engine.render(first)))).toBe(characters('Γαoffice:а'));
    expect(await textOf(await engine.render(first))).toContain('Γα');
  });

  // Shrunk from the property below: DejaVu's obliques have no Arabic, and italic Arabic printed as
  // empty boxes reading back as NUL characters; Chromium slants DejaVu Sans.
  it('italic and bold italic Arabic print in a slanted upright face', async () => {
    const engine = createNativeEngine();
    for (const weight of ['normal', 'bold']) {
      const pdf = await engine.render(`<p dir="rtl" style="font-family: 'Times New Roman'; font-style: italic; font-weight: ${weight}">شبا حث</p>`);
      const read = await readPdf(pdf);
      expect(read.pages[0].text).toBe('شبا حث');
      expect(read.fontNames).toEqual([weight === 'bold' ? 'DejaVuSans-Bold' : 'DejaVuSans']);
    }
  });

  // pdfkit hands back the embedded font it has for an identical file; giving it a fresh subset
  // renumbered its glyphs under the text already written ("helo wrdownwfox").
  it('text in a bundled face and in an @font-face copy of the same file reads back whole', async () => {
    const file = createRequire(import.meta.url).resolve('@expo-google-fonts/arimo/400Regular/Arimo_400Regular.ttf');
    const copy = `data:font/ttf;base64,${readFileSync(file).toString('base64')}`;
    const html = `<style>@font-face { font-family: Copy; src: url(${copy}) }</style><p style="font-family: Arial">hello world</p><p style="font-family: Copy">quick brown fox</p><p style="font-family: Arial">jumps over</p>`;
    expect(await textOf(await createNativeEngine().render(html))).toBe('hello world\nquick brown fox\njumps over');
  });

  it('every document reads back as its own text and matches a fresh engine byte for byte', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(textDocument, { minLength: 2, maxLength: 5 }), async (documents) => {
        const made: Uint8Array[] = [];
        for (const doc of documents) {
          const pdf = await inProcess.render(doc.html, { deterministic: true });
          expect(characters(await textOf(pdf))).toBe(characters(doc.text));
          expect(Buffer.from(await onThread.render(doc.html, { deterministic: true })).equals(Buffer.from(pdf))).toBe(true);
          made.push(pdf);
        }
        // A fresh render thread, the documents in reverse order: what one document left behind
        // for the next cannot be there, and the last document is rendered alone.
        const fresh = createWorkerEngine({ threads: 1 });
        try {
          for (let i = documents.length - 1; i >= 0; i--) {
            const pdf = await fresh.render(documents[i].html, { deterministic: true });
            expect(Buffer.from(pdf).equals(Buffer.from(made[i]))).toBe(true);
          }
        } finally {
          await fresh.close();
        }
      }),
      { numRuns: Number(process.env.PAGESMITH_PROPERTY_RUNS ?? 12) },
    );
  }, 240_000);
});
