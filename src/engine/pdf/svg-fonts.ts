// SVG text in the document's fonts: svg-to-pdfkit's fontCallback resolves an SVG font-family,
// weight and style through the FontSelector HTML text uses, and before svg-to-pdfkit reads the SVG,
// the characters that face lacks are wrapped in <tspan>s naming the face HTML text would use and
// right-to-left words are put in visual order (decision 0215).
import bidiModule, { type Bidi } from 'bidi-js';
import { quotedFamilyName } from '../fonts/family-names.js';
import type { FontQuery, FontRun, FontSelector, LoadedFont } from '../fonts/types.js';
import { parseSvgMarkup, SvgFontCascade, type SvgMarkupElement, type SvgMarkupText } from './svg-markup.js';

/** Chromium's family for SVG text naming none: its default standard font, Times (Tinos here). */
export const SVG_DEFAULT_FAMILY = 'serif';

/** svg-to-pdfkit's initial font-family, which an SVG root naming a family of its own keeps. */
const SVG_TO_PDFKIT_FAMILY = 'sans-serif';

/** The family (and class) of a <tspan> wrapping characters of one face: `pagesmith-face-<index>`. */
const FACE_PREFIX = 'pagesmith-face-';

/** Elements whose text svg-to-pdfkit draws, inside a <text>. */
const TEXT_CONTAINERS: ReadonlySet<string> = new Set(['text', 'tspan', 'textPath', 'a']);

/** What svg-to-pdfkit's fontCallback may set: the face lacks the weight or style and it should fake it. */
export interface SvgFontOptions {
  fauxBold: boolean;
  fauxItalic: boolean;
}

/**
 * The families of an SVG font-family value, as a computed CSS font-family list has them:
 * lower-cased, unquoted, a quoted generic word kept apart from the keyword.
 */
export function svgFamilyList(value: string): string[] {
  const families: string[] = [];
  for (const part of splitFamilies(value)) {
    const name = part.trim();
    const quoted = /^(["'])([\s\S]*)\1$/.exec(name);
    if (quoted !== null) families.push(quotedFamilyName(quoted[2].trim().toLowerCase()));
    else if (name !== '') families.push(name.replace(/\s+/g, ' ').toLowerCase());
  }
  return families;
}

/** `value` split at the commas outside quotes. */
function splitFamilies(value: string): string[] {
  const parts: string[] = [];
  let quote: string | null = null;
  let start = 0;
  for (let i = 0; i < value.length; i++) {
    const c = value[i];
    if (quote !== null) {
      if (c === quote) quote = null;
    } else if (c === '"' || c === "'") {
      quote = c;
    } else if (c === ',') {
      parts.push(value.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(value.slice(start));
  return parts;
}

const escapeText = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');

// A UMD package: Node's CommonJS loading gives the factory itself, an ES bundle its default export.
const bidiFactory = ((bidiModule as unknown as { default?: () => Bidi }).default ?? bidiModule) as unknown as () => Bidi;
let bidiApi: Bidi | null = null;

function bidi(): Bidi {
  return (bidiApi ??= bidiFactory());
}

/**
 * Hebrew, Arabic, Syriac, Thaana, NKo… and their presentation forms, and the right-to-left marks,
 * embeddings and isolates (layout/bidi.ts's test; engine/pdf does not import layout).
 */
const RIGHT_TO_LEFT = /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF\u200F\u202B\u202E\u2067]|\uD802[\uDC00-\uDFFF]|\uD803[\uDC00-\uDCFF]|\uD83A[\uDC00-\uDFFF]/;

/** A stretch of a text drawn in one face at one embedding level (UAX #9). */
interface Piece {
  readonly text: string;
  readonly font: LoadedFont;
  readonly level: number;
}

/**
 * `text` in pieces: its runs of one embedding level (all of it at level 0 without `levels`), each
 * split into runs of one face as HTML text is, and at odd (right-to-left) levels split again
 * between words and the white space around them.
 */
function splitPieces(text: string, levels: Uint8Array | null, runs: (text: string) => readonly FontRun[]): Piece[] {
  const pieces: Piece[] = [];
  let start = 0;
  for (let end = 1; end <= text.length; end++) {
    const level = levels === null ? 0 : levels[start];
    if (end < text.length && (levels === null || levels[end] === level)) continue;
    for (const run of runs(text.slice(start, end))) {
      if (level % 2 === 0) {
        pieces.push({ text: run.text, font: run.font, level });
        continue;
      }
      for (const part of run.text.match(/\s+|\S+/g) ?? []) pieces.push({ text: part, font: run.font, level });
    }
    start = end;
  }
  return pieces;
}

/** The pieces left to right (UAX #9 L2): from the highest level down to the lowest odd one, every sequence at that level or higher reversed. */
function visualOrder(pieces: readonly Piece[]): Piece[] {
  const order = [...pieces];
  let highest = 0;
  let lowestOdd = Infinity;
  for (const { level } of pieces) {
    highest = Math.max(highest, level);
    if (level % 2 === 1) lowestOdd = Math.min(lowestOdd, level);
  }
  for (let level = highest; level >= lowestOdd; level--) {
    for (let i = 0; i < order.length; i++) {
      if (order[i].level < level) continue;
      let j = i;
      while (j + 1 < order.length && order[j + 1].level >= level) j++;
      order.splice(i, j - i + 1, ...order.slice(i, j + 1).reverse());
      i = j;
    }
  }
  return order;
}

/**
 * One document's SVG text fonts. Faces are embedded through `embed` (the backend's own embedded
 * fonts, so HTML and SVG text in one face share one font object and subset), which returns the
 * name pdfkit's `doc.font()` knows the face by.
 */
export class SvgFonts {
  private readonly faces: LoadedFont[] = [];
  private readonly faceIndexes = new Map<LoadedFont, number>();
  /** Family lists by font-family value: the selector caches chains by list identity. */
  private readonly families = new Map<string, readonly string[]>();
  private selected: FontSelector | null = null;

  constructor(
    private readonly selector: () => FontSelector,
    private readonly embed: (face: LoadedFont) => string,
  ) {}

  /** svg-to-pdfkit's fontCallback: the pdfkit font name of the face for an element's font properties. */
  readonly fontCallback = (family: string, bold: boolean, italic: boolean, options: SvgFontOptions): string => {
    const face = this.faceNamed(family) ?? this.fonts().primary(this.query(family, bold, italic));
    options.fauxBold = face.syntheticBold;
    options.fauxItalic = face.syntheticItalic;
    return this.embed(face);
  };

  /**
   * `svg` ready for svg-to-pdfkit: the root given Chromium's default family when it names none,
   * and the characters of each text that its face lacks wrapped in <tspan>s of the face the
   * FontSelector gives them. Unchanged when it has no text (or cannot be read).
   */
  prepare(svg: string): string {
    if (!svg.includes('<text')) return svg;
    const markup = parseSvgMarkup(svg);
    const root = markup.root;
    if (root === null) return svg;
    const named = Object.hasOwn(root.attributes, 'font-family');
    const cascade = new SvgFontCascade(markup, { family: named ? SVG_TO_PDFKIT_FAMILY : SVG_DEFAULT_FAMILY });
    const edits: { start: number; end: number; text: string }[] = [];
    if (!named) edits.push({ start: root.nameEnd, end: root.nameEnd, text: ` font-family="${SVG_DEFAULT_FAMILY}"` });
    const used = new Set<number>();
    const visit = (element: SvgMarkupElement, inText: boolean): void => {
      for (const child of element.children) {
        if (child.error) continue;
        if (child.kind === 'element') {
          const text = inText || child.name === 'text';
          if (!inText || TEXT_CONTAINERS.has(child.name)) visit(child, text);
        } else if (inText) {
          const replacement = this.rewriteText(child, cascade, used);
          if (replacement !== null) edits.push({ start: child.start, end: child.end, text: replacement });
        }
      }
    };
    visit(root, root.name === 'text');
    if (used.size > 0) {
      const rules = [...used].map((i) => `.${FACE_PREFIX}${i}{font-family:${FACE_PREFIX}${i}}`).join('');
      edits.push({ start: root.openEnd, end: root.openEnd, text: `<style>${rules}</style>` });
    }
    edits.sort((a, b) => a.start - b.start);
    let out = '';
    let at = 0;
    for (const edit of edits) {
      out += markup.source.slice(at, edit.start) + edit.text;
      at = edit.end;
    }
    return out + markup.source.slice(at);
  }

  /**
   * The text's markup with its pieces in faces other than its element's wrapped in <tspan>s of
   * their face, and right-to-left pieces in visual order, each word its own <tspan>; null when it
   * needs neither.
   */
  private rewriteText(text: SvgMarkupText, cascade: SvgFontCascade, used: Set<number>): string | null {
    const element = text.parent;
    const bold = cascade.get(element, 'font-weight') === 'bold';
    const italic = cascade.get(element, 'font-style') === 'italic';
    const query = this.query(cascade.get(element, 'font-family')!, bold, italic);
    const fonts = this.fonts();
    const primary = fonts.primary(query);
    const direction = cascade.get(element, 'direction') === 'rtl' ? 'rtl' : 'ltr';
    const levels = direction === 'rtl' || RIGHT_TO_LEFT.test(text.value) ? bidi().getEmbeddingLevels(text.value, direction).levels : null;
    if (levels === null && fonts.soleFace(text.value, query) === primary) return null;
    const pieces = splitPieces(text.value, levels, (part) => fonts.runs(part, query));
    const ordered = levels === null ? pieces : visualOrder(pieces);
    // A wrapper takes the baseline its element aligns to (alignment-baseline is not inherited).
    const baseline = cascade.get(element, 'alignment-baseline');
    const attributes = (font: LoadedFont): string => {
      let out = '';
      if (font !== primary) {
        const index = this.faceIndex(font);
        used.add(index);
        out += ` class="${FACE_PREFIX}${index}"`;
      }
      return baseline !== undefined ? `${out} alignment-baseline="${baseline}"` : out;
    };
    let out = '';
    let changed = ordered !== pieces && ordered.some((piece, i) => piece !== pieces[i]);
    let open: LoadedFont | null = null;
    const close = (): void => {
      if (open !== null) out += '</tspan>';
      open = null;
    };
    for (const piece of ordered) {
      const word = /\S/.test(piece.text);
      if (piece.level % 2 === 1 && word) {
        // Its own text for pdfkit, which lays a right-to-left word out reversed, trailing space and all.
        close();
        out += `<tspan${attributes(piece.font)}>${escapeText(piece.text)}</tspan>`;
        changed = true;
      } else if (piece.font === primary) {
        close();
        out += escapeText(piece.text);
      } else {
        if (open !== piece.font) {
          close();
          out += `<tspan${attributes(piece.font)}>`;
          open = piece.font;
          changed = true;
        }
        out += escapeText(piece.text);
      }
    }
    close();
    return changed ? out : null;
  }

  private fonts(): FontSelector {
    return (this.selected ??= this.selector());
  }

  private query(family: string, bold: boolean, italic: boolean): FontQuery {
    let families = this.families.get(family);
    if (families === undefined) {
      families = svgFamilyList(family);
      this.families.set(family, families);
    }
    return { families, weight: bold ? 700 : 400, style: italic ? 'italic' : 'normal' };
  }

  private faceIndex(face: LoadedFont): number {
    let index = this.faceIndexes.get(face);
    if (index === undefined) {
      index = this.faces.length;
      this.faces.push(face);
      this.faceIndexes.set(face, index);
    }
    return index;
  }

  /** The face a wrapping <tspan>'s family names, if it is one. */
  private faceNamed(family: string): LoadedFont | null {
    if (!family.startsWith(FACE_PREFIX)) return null;
    const index = Number(family.slice(FACE_PREFIX.length));
    return Number.isInteger(index) ? (this.faces[index] ?? null) : null;
  }
}
