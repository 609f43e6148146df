// MathML in HTML, laid out with the CSS boxes the rest of the engine has (decision 0404): what the
// box tree needs to know of MathML Core's text rules. Its layout (scripts, fractions, radicals,
// tables) is the user-agent stylesheet's (css/ua.ts).
import type { Element } from 'domhandler';
import { textContent } from 'domutils';
import type { ComputedStyle } from '../css/types.js';

/** Token elements: the only MathML elements whose text is shown; the others show their element children only. */
const TOKENS: ReadonlySet<string> = new Set(['mi', 'mn', 'mo', 'mtext', 'ms']);

/**
 * The text a text node directly inside a MathML element shows (MathML Core §2.1.3): in a token
 * element, the text with its leading and trailing white space removed and the rest collapsed;
 * anywhere else none (null). A single-letter `mi` is shown in mathematical italic (`math-auto`).
 */
export function mathText(parent: Element, text: string, first: boolean, last: boolean): string | null {
  if (!TOKENS.has(parent.name)) return null;
  let shown = text.replace(/[ \t\n\r\f]+/g, ' ');
  if (first) shown = shown.replace(/^ /, '');
  if (last) shown = shown.replace(/ $/, '');
  if (shown.length === 0) return null;
  if (parent.name === 'mi' && first && last && (parent.attribs.mathvariant ?? 'italic').toLowerCase() === 'italic') return mathItalic(shown);
  return shown;
}

/** Mathematical italic (U+1D400 block) for one Latin or Greek letter, as Chromium's `text-transform: math-auto` maps it. */
function mathItalic(text: string): string {
  if ([...text].length !== 1) return text;
  const cp = text.codePointAt(0)!;
  // The italic small h is the Planck constant, outside the block.
  if (cp === 0x68) return '\u210e';
  if (cp >= 0x61 && cp <= 0x7a) return String.fromCodePoint(0x1d44e + cp - 0x61);
  if (cp >= 0x41 && cp <= 0x5a) return String.fromCodePoint(0x1d434 + cp - 0x41);
  if (cp >= 0x3b1 && cp <= 0x3c9) return String.fromCodePoint(0x1d6fc + cp - 0x3b1);
  if (cp >= 0x391 && cp <= 0x3a9 && cp !== 0x3a2) return String.fromCodePoint(0x1d6e2 + cp - 0x391);
  return text;
}

// MathML Core's operator dictionary, for the operators formulas use most: the space on each side,
// in 18ths of an em (thin 3, medium 4, thick 5). Others get the infix default, thick on both sides.
const RELATIONS = '=<>≤≥≠≈≡∼≃≅∝→←↔⇒⇐⇔↦∈∉⊂⊃⊆⊇∋:';
const BINARY = '+-−±∓×÷⋅∗∘∪∩∧∨⊕⊗/';
const NONE = '()[]{}|‖⟨⟩⌈⌉⌊⌋!\'′″.';

/** The space before and after an `mo` (in em) by its text and its `lspace`/`rspace`/`form` attributes. */
function operatorSpacing(element: Element, text: string): [number, number] {
  const form = element.attribs.form ?? inferredForm(element);
  let spacing: [number, number];
  if (text === ',' || text === ';') spacing = [0, 3];
  else if (NONE.includes(text) || form === 'prefix' || form === 'postfix') spacing = [0, 0];
  else if (text.length === 1 && RELATIONS.includes(text)) spacing = [5, 5];
  else if (text.length === 1 && BINARY.includes(text)) spacing = [4, 4];
  else if (text.length > 1 && /^[a-z]+$/i.test(text)) spacing = [3, 3];
  else spacing = [5, 5];
  return [spacing[0] / 18, spacing[1] / 18];
}

/** An operator's form from its place (MathML Core §3.2.4.2): first of several children prefix, last postfix, else infix. */
function inferredForm(element: Element): 'prefix' | 'postfix' | 'infix' {
  // Only the first and last element children are looked for: a formula may have thousands.
  const siblings = element.parent && 'children' in element.parent ? element.parent.children : [];
  const first = siblings.find((c) => c.type === 'tag');
  let last: (typeof siblings)[number] | undefined;
  for (let i = siblings.length - 1; i >= 0 && last === undefined; i--) if (siblings[i].type === 'tag') last = siblings[i];
  if (first === last) return 'infix';
  if (first === element) return 'prefix';
  if (last === element) return 'postfix';
  return 'infix';
}

/** An `mo` element's style with the operator's spaces as its horizontal margins (explicit `lspace`/`rspace` win). */
export function withOperatorSpacing(element: Element, style: ComputedStyle): ComputedStyle {
  const text = textContent(element).trim();
  const [left, right] = operatorSpacing(element, text);
  const own = (attribute: string | undefined, fallback: number): number => {
    const m = attribute === undefined ? null : /^\s*(-?[\d.]+)\s*(em|px)?\s*$/.exec(attribute);
    if (!m) return fallback * style.fontSize;
    return m[2] === 'px' ? Number(m[1]) : Number(m[1]) * style.fontSize;
  };
  return { ...style, marginLeft: own(element.attribs.lspace, left), marginRight: own(element.attribs.rspace, right) };
}
