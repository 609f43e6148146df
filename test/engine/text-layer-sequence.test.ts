// The text layer of every PDF is what was printed, however many documents the process rendered
// before it: random sequences of documents (scripts, bundled faces, styles, generated content,
// form controls, SVG) rendered one after another by long-lived engines, in process and on a
// render thread, must read back as their own text and come out byte for byte as a fresh engine
// makes them.
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { createNativeEngine, createWorkerEngine } from '../../src/index.js';
import { readPdf } from '../../src/testing/read-pdf.js';

const ALPHABETS = {
  latin: 'abcdefghijklmnopqrstuvwxyzàáâäçèéêëìíîïñòóôöùúûüýÿæœABCDEFGHIJKLMNOPQRSTUVWXYZÀÉÎÕÜÇ',
  cyrillic: 'абвгдеёжзийклмнопрстуфхцчшщъыьэюяАБВГДЕЖЗИКЛМНОПРСТУФХЦЧШЩЭЮЯ',
  greek: 'αβγδεζηθικλμνξοπρστυφχψωάέήίόύώΑΒΓΔΘΛΞΠΣΦΨΩ',
  hebrew: 'אבגדהוזחטיכלמנסעפצקרשת',
  arabic: 'ابتثجحخدذرزسشصضطظعغفقكلمنهوي',
  symbols: '€£¥©®™§¶•–—“”‘’…±×÷≤≥≠√∞→←0123456789',
} as const;
type Script = keyof typeof ALPHABETS;
const RIGHT_TO_LEFT = new Set<Script>(['hebrew', 'arabic']);

const FAMILIES = [
  'Arial', 'Helvetica', 'Times New Roman', 'Courier New', 'Arimo', 'Tinos', 'Cousine',
  'DejaVu Sans', 'DejaVu Serif', 'DejaVu Sans Mono', 'system-ui', 'sans-serif', 'serif', 'monospace',
] as const;

/** Words that fontkit's default features turn into ligatures in faces that have them. */
const LIGATURE_WORDS = ['office', 'affluent', 'waffle', 'fjord', 'difficult', 'shuffle'];

/** A piece of a document: its HTML and the characters its text layer must give back. */
interface Piece {
  readonly html: string;
  readonly text: string;
}

const escapeHtml = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');

const word = (script: Script): fc.Arbitrary<string> =>
  fc.array(fc.constantFrom(...ALPHABETS[script]), { minLength: 1, maxLength: 9 }).map((cs) => cs.join(''));

const words = (script: Script): fc.Arbitrary<string> =>
  fc.array(script === 'latin' ? fc.oneof(word('latin'), fc.constantFrom(...LIGATURE_WORDS)) : word(script), { minLength: 1, maxLength: 6 }).map((ws) => ws.join(' '));

const script = fc.constantFrom(...(Object.keys(ALPHABETS) as Script[]));

const paragraph: fc.Arbitrary<Piece> = script.chain((s) =>
  fc.record({
    text: words(s),
    family: fc.constantFrom(...FAMILIES),
    bold: fc.boolean(),
    italic: fc.boolean(),
    caps: fc.constantFrom('none', 'small-caps', 'uppercase', 'lowercase'),
    letterSpacing: fc.constantFrom(0, 0, 1, 3),
    size: fc.constantFrom(9, 12, 16, 23.5),
  }).map(({ text, family, bold, italic, caps, letterSpacing, size }) => {
    const style = [
      `font-family: '${family}'`,
      `font-size: ${size}px`,
      bold ? 'font-weight: bold' : '',
      italic ? 'font-style: italic' : '',
      caps === 'small-caps' ? 'font-variant: small-caps' : caps === 'none' ? '' : `text-transform: ${caps}`,
      letterSpacing ? `letter-spacing: ${letterSpacing}px` : '',
    ].filter(Boolean).join('; ');
    const shown = caps === 'small-caps' || caps === 'uppercase' ? text.toUpperCase() : caps === 'lowercase' ? text.toLowerCase() : text;
    const dir = RIGHT_TO_LEFT.has(s) ? ' dir="rtl"' : '';
    return { html: `<p${dir} style="${style}">${escapeHtml(text)}</p>`, text: shown };
  }),
);

const generated: fc.Arbitrary<Piece> = fc.record({ before: words('latin'), body: words('cyrillic'), family: fc.constantFrom(...FAMILIES) }).map(
  ({ before, body, family }) => ({
    html: `<style>.GENERATED::before { content: "${before}: " }</style><p class="GENERATED" style="font-family: '${family}'">${body}</p>`,
    text: `${before}:${body}`,
  }),
);

const control: fc.Arbitrary<Piece> = fc.record({ kind: fc.constantFrom('input', 'textarea', 'select', 'button'), value: fc.oneof(words('latin'), words('greek')) }).map(
  ({ kind, value }) => ({
    html: kind === 'input' ? `<p><input value="${escapeHtml(value)}" size="60"></p>`
      : kind === 'textarea' ? `<p><textarea cols="60">${escapeHtml(value)}</textarea></p>`
      : kind === 'select' ? `<p><select><option>${escapeHtml(value)}</option></select></p>`
      : `<p><button>${escapeHtml(value)}</button></p>`,
    text: value,
  }),
);

const svg: fc.Arbitrary<Piece> = fc.record({ text: words('latin'), family: fc.constantFrom('Arial', 'Times New Roman', 'Courier New') }).map(({ text, family }) => ({
  html: `<svg width="600" height="40"><text x="4" y="28" font-family="${family}" font-size="16">${escapeHtml(text)}</text></svg>`,
  text,
}));

/** A document: a few pieces in one body. */
const documentArb: fc.Arbitrary<Piece> = fc.array(fc.oneof({ weight: 6, arbitrary: paragraph }, generated, control, svg), { minLength: 1, maxLength: 5 }).map((pieces) => ({
  // Each piece's generated-content rule names a class of its own.
  html: `<!doctype html><html><body>${pieces.map((p, i) => p.html.replaceAll('GENERATED', `g${i}`)).join('\n')}</body></html>`,
  text: pieces.map((p) => p.text).join(''),
}));

/** The characters of a text, whitespace left out, sorted: what a text layer must hold whatever order a reader takes. */
function characters(text: string): string {
  return [...text.replace(/\s+/g, '')].sort().join('');
}

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

  it('every document reads back as its own text and matches a fresh engine byte for byte', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(documentArb, { minLength: 2, maxLength: 5 }), async (documents) => {
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
