// Random documents for text-layer tests and the soak run: paragraphs in Latin with accents,
// Cyrillic, Greek, Hebrew, Arabic and symbols, in every bundled face, bold, italic, small caps,
// letter-spacing, text-transform and ligatures, with ::before content, form controls and SVG
// text, each with the characters its text layer must give back.
import fc from 'fast-check';

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

/** A document or a piece of one: its HTML and the characters its text layer must give back. */
export interface TextDocument {
  readonly html: string;
  readonly text: string;
}

const escapeHtml = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');

const word = (script: Script): fc.Arbitrary<string> =>
  fc.array(fc.constantFrom(...ALPHABETS[script]), { minLength: 1, maxLength: 9 }).map((cs) => cs.join(''));

const words = (script: Script): fc.Arbitrary<string> =>
  fc.array(script === 'latin' ? fc.oneof(word('latin'), fc.constantFrom(...LIGATURE_WORDS)) : word(script), { minLength: 1, maxLength: 6 }).map((ws) => ws.join(' '));

const script = fc.constantFrom(...(Object.keys(ALPHABETS) as Script[]));

const paragraph: fc.Arbitrary<TextDocument> = script.chain((s) =>
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

const generated: fc.Arbitrary<TextDocument> = fc.record({ before: words('latin'), body: words('cyrillic'), family: fc.constantFrom(...FAMILIES) }).map(
  ({ before, body, family }) => ({
    html: `<style>.GENERATED::before { content: "${before}: " }</style><p class="GENERATED" style="font-family: '${family}'">${body}</p>`,
    text: `${before}:${body}`,
  }),
);

const control: fc.Arbitrary<TextDocument> = fc.record({ kind: fc.constantFrom('input', 'textarea', 'select', 'button'), value: fc.oneof(words('latin'), words('greek')) }).map(
  ({ kind, value }) => ({
    html: kind === 'input' ? `<p><input value="${escapeHtml(value)}" size="60"></p>`
      : kind === 'textarea' ? `<p><textarea cols="60">${escapeHtml(value)}</textarea></p>`
      : kind === 'select' ? `<p><select><option>${escapeHtml(value)}</option></select></p>`
      : `<p><button>${escapeHtml(value)}</button></p>`,
    text: value,
  }),
);

const svg: fc.Arbitrary<TextDocument> = fc.record({ text: script.chain(words), family: fc.constantFrom('Arial', 'Times New Roman', 'Courier New', 'DejaVu Sans', 'serif') }).map(({ text, family }) => ({
  html: `<svg width="600" height="40"><text x="4" y="28" font-family="${family}" font-size="16">${escapeHtml(text)}</text></svg>`,
  text,
}));

/** A document: a few pieces in one body. */
export const textDocument: fc.Arbitrary<TextDocument> = fc.array(fc.oneof({ weight: 6, arbitrary: paragraph }, generated, control, svg), { minLength: 1, maxLength: 5 }).map((pieces) => ({
  // Each piece's generated-content rule names a class of its own.
  html: `<!doctype html><html><body>${pieces.map((p, i) => p.html.replaceAll('GENERATED', `g${i}`)).join('\n')}</body></html>`,
  text: pieces.map((p) => p.text).join(''),
}));

/** The characters of a text, whitespace left out, sorted: what a text layer must hold whatever order a reader takes. */
export function characters(text: string): string {
  return [...text.replace(/\s+/g, '')].sort().join('');
}
