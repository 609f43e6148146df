// Colour emoji (issue 24): emoji-presentation sequences take the bundled Noto Color Emoji face,
// each sequence one glyph, drawn in colour from its SVG glyph, with the characters kept in the
// text layer; the face is read only by documents with emoji.
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bundledFilesRead } from '../../src/engine/fonts/bundled.js';
import { emojiSequenceLength } from '../../src/engine/fonts/emoji-sequences.js';
import { bundledFontSelector } from '../../src/engine/fonts/selector.js';
import { createNativeEngine } from '../../src/index.js';
import { layoutHtml, lineBoxes, pixelPage, rasterise, renderPdf, skipPixelTests, textRuns } from '../../src/testing/render.js';
import { describeWithTools, pdftotext } from '../protect/tools.js';

const EMOJI_FILE = /noto-color-emoji/;
const EMOJI_FACE = 'NotoColorEmoji';
const WORLD = new URL('../fidelity/world/', import.meta.url);

const page = (body: string, css = ''): string =>
  `<!doctype html><style>@page { size: 600px 400px; margin: 0 } body { margin: 0 } p { margin: 0; font: 16px Arial } ${css}</style>${body}`;

/** Text runs as [text, face] pairs. */
async function faces(body: string): Promise<[string, string][]> {
  return textRuns(await layoutHtml(page(body))).map((r) => [r.text, r.font]);
}

describe('the emoji face, read lazily', () => {
  // First in this file: bundledFilesRead() counts for the whole process.
  it('is not read for documents without emoji, text-presentation pictographs (✈ ☎) and CJK included', async () => {
    await renderPdf(page('<p>Invoice 42 — total 12.00 € ✓ ✈ ☎ ❤ © ®</p><p>中文 日本語 한국어</p>'));
    expect(bundledFilesRead().length).toBeGreaterThan(0);
    expect(bundledFilesRead().filter((file) => EMOJI_FILE.test(file))).toEqual([]);
  });

  it('is read once a document has an emoji', async () => {
    await renderPdf(page('<p>Done ✅</p>'));
    expect(bundledFilesRead().filter((file) => EMOJI_FILE.test(file))).toHaveLength(1);
  });
});

describe('emoji presentation', () => {
  it.each([
    ['✅', 1], ['👩‍💻', 5], ['👍🏽', 4], ['🇯🇵', 4], ['1️⃣', 3], ['#️⃣', 3], ['✈️', 2], ['🏳️‍🌈', 6], ['🏴󠁧󠁢󠁥󠁮󠁧󠁿', 14],
    ['✈', 0], ['☎', 0], ['1', 0], ['#', 0], ['❤︎', 0], ['a', 0], ['中', 0],
  ])('%s is an emoji sequence of %i code units', (text, length) => {
    expect(emojiSequenceLength(`${text}x`, 0)).toBe(length);
  });

  const SEQUENCES = ['✅', '🚀', '👩‍💻', '👨‍👩‍👧', '👍🏽', '🇯🇵', '🇺🇸', '1️⃣', '#️⃣', '✈️', '❤️', '🏳️‍🌈', '🏴󠁧󠁢󠁥󠁮󠁧󠁿', '🧑🏿‍🚀'];
  const TEXT = ['Total', ' ', '42', '✈', '☎', '中文', 'é', '1', '#', '—'];
  const pieces = fc.array(fc.oneof(fc.constantFrom(...SEQUENCES).map((t) => ({ t, emoji: true })), fc.constantFrom(...TEXT).map((t) => ({ t, emoji: false }))), { maxLength: 12 });

  it('finds each sequence whole in any mix of sequences and text, and nothing in the text', () => {
    fc.assert(fc.property(pieces, (parts) => {
      const text = parts.map((p) => p.t).join('');
      let at = 0;
      for (const part of parts) {
        // A keycap base or text pictograph right before VS16 joins it: only test where text ends cleanly.
        const length = emojiSequenceLength(text, at);
        if (part.emoji) expect(text.slice(at, at + length)).toBe(part.t);
        else if (!/^[\d#]/.test(part.t) || !/^[\d#]/.test(text.slice(at + part.t.length))) expect(length).toBe(0);
        at += part.t.length;
      }
    }), { numRuns: 200 });
  });

  it('puts every sequence whole into one run of the colour face', () => {
    const selector = bundledFontSelector();
    fc.assert(fc.property(pieces, (parts) => {
      // (Starting with a letter: leading spaces are not given to any run.)
      const text = `A${parts.map((p) => p.t).join('')}`;
      const runs = selector.runs(text, { families: ['arial'], weight: 400, style: 'normal' });
      expect(runs.map((r) => r.text).join('')).toBe(text);
      const emojiText = runs.filter((r) => r.font.fontkit.postscriptName === EMOJI_FACE).map((r) => r.text).join('');
      expect(emojiText).toBe(parts.filter((p) => p.emoji).map((p) => p.t).join(''));
    }), { numRuns: 200 });
  });

  it('gives emoji sequences the colour face and leaves text-presentation pictographs to the text faces, as Chromium on Linux does', async () => {
    expect(await faces('<p>Go ✅ ✈ ✈️ 1️⃣ 1</p>')).toEqual([
      ['Go ', 'Arimo-Regular'],
      ['✅', EMOJI_FACE],
      [' ', 'Arimo-Regular'],
      ['✈', 'DejaVuSans'],
      // The space after a symbol is the listed face's, as Chromium shapes it (decision 0364).
      [' ', 'Arimo-Regular'],
      ['✈️', EMOJI_FACE],
      [' ', 'Arimo-Regular'],
      ['1️⃣', EMOJI_FACE],
      [' 1', 'Arimo-Regular'],
    ]);
  });

  it('keeps every sequence (ZWJ, skin tone, flag, keycap) in one run of the colour face', async () => {
    const runs = await faces('<p>👩‍💻👍🏽🇯🇵1️⃣</p>');
    expect(runs).toEqual([['👩‍💻👍🏽🇯🇵1️⃣', EMOJI_FACE]]);
  });

  it('advances each sequence by one glyph, 1.245 em (2550/2048, Chromium’s width of Noto Color Emoji)', async () => {
    const [run] = textRuns(await layoutHtml(page('<p style="font-size: 20px">👩‍💻👍🏽🇯🇵1️⃣</p>')));
    expect(run.width).toBeCloseTo(4 * 20 * (1275 / 1024), 3);
  });

  it('makes a line with line-height: normal as tall as the emoji face needs, and keeps a fixed line height', async () => {
    const [latin, emoji, fixed] = lineBoxes(await layoutHtml(page('<p>Latin</p><p>Latin 🎉</p><p style="line-height: 20px">Latin 🎉</p>')));
    expect(emoji.height).toBeGreaterThan(latin.height);
    expect(emoji.height).toBeCloseTo(((950 + 250) / 1024) * 16, 0);
    expect(fixed.height).toBe(20);
  });
});

describeWithTools(['pdftotext'], 'the text layer', () => {
  it('gives back every emoji sequence’s code points, between the words around them', async () => {
    const text = 'Boarding ✈️ ✅ 🎉 📦 👩‍💻 👍🏽 🇯🇵 1️⃣ ✈ done';
    const pdf = await renderPdf(page(`<p>${text}</p>`));
    // pdftotext puts emoji lines apart from the words around them, as it does Chromium's (decision 0287).
    expect(pdftotext(pdf).text.trim().replace(/\s+/g, ' ')).toBe(text);
  });

  it('reads the golden cases back as written', async () => {
    const html = readFileSync(new URL('emoji-sequences.html', WORLD), 'utf8');
    const text = pdftotext(await renderPdf(html)).text;
    for (const sequence of ['👩‍💻', '👨‍👩‍👧', '🏳️‍🌈', '🧑‍🚀', '👍🏿', '👋🏼', '🇯🇵', '🇺🇸', '#️⃣', '*️⃣', '☎️', '❤️']) expect(text).toContain(sequence);
  });
});

describe.skipIf(skipPixelTests())('colour', () => {
  const palette = { _: [255, 255, 255], K: [0, 0, 0], g: [124, 179, 66], R: [230, 30, 30], Y: [250, 200, 40], z: [128, 128, 128] } as const;
  const pixels = async (body: string): Promise<string> => {
    const pdf = await renderPdf(pixelPage(80, 80, 'p { margin: 0; font: 64px/80px Arial; color: black }', body));
    return rasterise(pdf, { width: 80, height: 80, palette }).join('\n');
  };

  it('draws ✅ as its green box, not in the text colour', async () => {
    const drawn = await pixels('<p>✅</p>');
    expect(drawn.split('g').length - 1).toBeGreaterThan(1500);
    expect(drawn.split('K').length - 1).toBe(0);
  });

  it('draws ❤️ red and ✈ (text presentation) in the text colour', async () => {
    expect((await pixels('<p>❤️</p>')).split('R').length - 1).toBeGreaterThan(1000);
    const plane = await pixels('<p>✈</p>');
    expect(plane.split('K').length - 1).toBeGreaterThan(300);
    expect(plane.split('R').length - 1).toBe(0);
  });
});

describe.skipIf(skipPixelTests())('colour and the text colour', () => {
  it('fades colour glyphs by the text colour’s alpha, as Chromium does', async () => {
    const palette = { _: [255, 255, 255], g: [124, 179, 66], f: [215, 232, 198] } as const;
    const pdf = await renderPdf(pixelPage(80, 80, 'p { margin: 0; font: 64px/80px Arial; color: rgba(0, 0, 0, 0.3) }', '<p>✅</p>'));
    const drawn = rasterise(pdf, { width: 80, height: 80, palette }).join('\n');
    expect(drawn.split('f').length - 1).toBeGreaterThan(1500);
    expect(drawn.split('g').length - 1).toBe(0);
  });
});

describe('documents', () => {
  it('stay small: each glyph used is drawn once and placed wherever it is used', async () => {
    const one = await renderPdf(page('<p>✅ 🎉 📦</p>'));
    const many = await renderPdf(page(`<p>${'✅ 🎉 📦 '.repeat(100)}</p>`));
    expect(one.length).toBeLessThan(60_000);
    expect(many.length - one.length).toBeLessThan(15_000);
    expect((await renderPdf(readFileSync(new URL('emoji-boarding-pass.html', WORLD), 'utf8'))).length).toBeLessThan(150_000);
  });

  it('render one after another in one engine, each with its glyphs drawn', async () => {
    const engine = createNativeEngine();
    const first = await engine.render(page('<p>Paid ✅</p>'), { deterministic: true });
    const second = await engine.render(page('<p>Shipped 📦 ✅</p>'), { deterministic: true });
    const third = await engine.render(page('<p>Paid ✅</p>'), { deterministic: true });
    expect(Buffer.from(third).equals(Buffer.from(first))).toBe(true);
    for (const pdf of [first, second, third]) expect(Buffer.from(pdf).toString('latin1')).toMatch(/\/Subtype \/Form/);
    expect(second.length).toBeGreaterThan(first.length);
  });
});
