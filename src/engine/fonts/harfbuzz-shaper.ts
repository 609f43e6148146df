// HarfBuzz (compiled to WebAssembly, the shaper Chromium uses) for the scripts fontkit's shaper
// gets wrong: Indic, Khmer, Myanmar and their neighbours (decision 0280). The module and its
// WASM load only when a document holds such text, so a Latin document never pays for them.
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { constants as vmConstants, runInThisContext } from 'node:vm';
import type { Font as FontkitFont } from 'fontkit';
import type { FontFeatures } from './features.js';
import type { ShapedText } from './shape.js';

type HarfBuzz = typeof import('harfbuzzjs');

/**
 * A real `import()` where tsup's CommonJS build has rewritten the literal one below into
 * `require()`, which cannot load harfbuzzjs (an ES module with top-level await) on Node 20 or 22:
 * the package's bin and `require('pagesmith')` silently shaped these scripts with fontkit
 * (decision 0407). The specifier is a constant; nothing a document holds reaches it.
 */
const importModule = new Function('specifier', 'return import(specifier)') as (specifier: string) => Promise<unknown>;

/**
 * Code started from a V8 start-up snapshot (`pagesmith render` once `pagesmith snapshot` has made
 * one, decision 0408) has no module loader of its own: only code compiled with the main context's
 * default loader may import there (with a warning that the option is experimental, which the
 * snapshot's process is started without).
 */
function importFromSnapshot(specifier: string): Promise<unknown> {
  // That loader resolves from the working folder: name the file.
  const file = pathToFileURL(createRequire(import.meta.url ?? __filename).resolve(specifier)).href;
  const load = runInThisContext('(specifier) => import(specifier)', { importModuleDynamically: vmConstants.USE_MAIN_CONTEXT_DEFAULT_LOADER }) as (specifier: string) => Promise<unknown>;
  return load(file);
}

let harfBuzz: HarfBuzz | null = null;
let loading: Promise<void> | null = null;
/** One buffer reused for every chunk (shaping is synchronous). */
let shared: InstanceType<HarfBuzz['Buffer']> | null = null;

/**
 * Characters of scripts HarfBuzz shapes here: Devanagari to Sinhala (U+0900–U+0DFF), Tibetan,
 * Myanmar, Khmer, Vedic extensions, Devanagari Extended, Javanese, Myanmar Extended A and B,
 * Meetei Mayek and Balinese. Thai and Lao stay with fontkit, which shapes them as HarfBuzz does.
 */
const COMPLEX = /[\u0900-\u0DFF\u0F00-\u0FFF\u1000-\u109F\u1780-\u17FF\u19E0-\u19FF\u1B00-\u1B7F\u1CD0-\u1CFF\uA8E0-\uA8FF\uA980-\uA9FF\uAA60-\uAA7F\uABC0-\uABFF]/;

/** HTML character references and CSS escapes that may stand for such characters. */
const COMPLEX_REFERENCE = /&#(?:x0*(?:[9a-d]|f|1[07])[0-9a-f]{2}|0*(?:2[3-9]|3[0-5]|3[89]|4[0-2])\d\d|0*6[01]\d\d);|\\0*(?:[9a-d]|f|1[07])[0-9a-f]{2}(?![0-9a-f])/i;

/** Whether `text` holds characters HarfBuzz shapes (a cheap scan: most documents have none). */
export function needsHarfBuzz(text: string): boolean {
  return COMPLEX.test(text);
}

/**
 * Whether a document's source (HTML, or a stylesheet's text) may hold such characters, literally
 * or as references: a false alarm costs loading HarfBuzz, a miss costs fontkit's shaping.
 */
export function sourceNeedsHarfBuzz(source: string): boolean {
  return COMPLEX.test(source) || ((source.includes('&#') || source.includes('\\')) && COMPLEX_REFERENCE.test(source));
}

/** Loads HarfBuzz once per process (thread); shaping falls back to fontkit until it has loaded. */
export function loadHarfBuzz(): Promise<void> {
  // Should the WebAssembly fail to load, text keeps fontkit's shaping rather than failing the render.
  loading ??= import('harfbuzzjs')
    .catch(() => importModule('harfbuzzjs'))
    .catch(() => importFromSnapshot('harfbuzzjs'))
    .then(
      (module) => {
        harfBuzz = module as HarfBuzz;
      },
      () => undefined,
    );
  return loading;
}

/** Whether HarfBuzz has been loaded in this process (tests check a Latin document leaves it unloaded). */
export function harfBuzzLoaded(): boolean {
  return harfBuzz !== null;
}

interface FontInternals {
  readonly type?: string;
  readonly stream?: { readonly buffer?: Uint8Array };
  readonly _directoryPos?: number;
  readonly variationCoords?: unknown;
}

interface HarfBuzzFace {
  readonly font: InstanceType<HarfBuzz['Font']>;
  readonly advances: Map<number, number>;
  /** The face's glyph for a character (its cmap), as far as asked. */
  readonly nominal: Map<number, number>;
}

const faces = new WeakMap<FontkitFont, HarfBuzzFace | null>();

/** The index of the face starting at `directory` in a TrueType collection's bytes. */
function collectionIndex(bytes: Uint8Array, directory: number): number {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const count = view.getUint32(8);
  for (let i = 0; i < count; i++) if (view.getUint32(12 + 4 * i) === directory) return i;
  return 0;
}

/**
 * HarfBuzz's face over the same bytes fontkit parsed; null for WOFF (whose tables fontkit
 * inflates itself) and variable instances, which keep fontkit's shaping.
 */
function faceOf(hb: HarfBuzz, font: FontkitFont): HarfBuzzFace | null {
  let face = faces.get(font);
  if (face !== undefined) return face;
  face = null;
  const internals = font as unknown as FontInternals;
  const bytes = internals.stream?.buffer;
  if (internals.type === 'TTF' && bytes instanceof Uint8Array && internals.variationCoords == null) {
    const tag = String.fromCharCode(bytes[0], bytes[1], bytes[2], bytes[3]);
    const index = tag === 'ttcf' ? collectionIndex(bytes, internals._directoryPos ?? 0) : 0;
    face = { font: new hb.Font(new hb.Face(new hb.Blob(bytes), index)), advances: new Map(), nominal: new Map() };
  }
  faces.set(font, face);
  return face;
}

function nominalGlyph(face: HarfBuzzFace, font: FontkitFont, codePoint: number): number {
  let glyph = face.nominal.get(codePoint);
  if (glyph === undefined) {
    glyph = font.hasGlyphForCodePoint(codePoint) ? font.glyphForCodePoint(codePoint).id : -1;
    face.nominal.set(codePoint, glyph);
  }
  return glyph;
}

/**
 * Each glyph's own characters in a cluster of several glyphs: a glyph that is a character's
 * nominal glyph (the i-matra, a vowel sign) maps to it, and the characters left (a conjunct's
 * consonants and virama, a reph's ra and virama) go to the first glyph that has none.
 */
function glyphCharacters(face: HarfBuzzFace, font: FontkitFont, glyphIds: readonly number[], characters: readonly number[]): (readonly number[])[] {
  const own: number[][] = glyphIds.map(() => []);
  const left: number[] = [];
  for (const c of characters) {
    const nominal = nominalGlyph(face, font, c);
    const at = glyphIds.findIndex((g, i) => g === nominal && own[i].length === 0);
    if (at >= 0) own[at].push(c);
    else left.push(c);
  }
  if (left.length > 0) {
    const free = own.findIndex((cps) => cps.length === 0);
    own[free >= 0 ? free : own.length - 1].push(...left);
  }
  return own;
}

function advanceOf(face: HarfBuzzFace, glyph: number): number {
  let advance = face.advances.get(glyph);
  if (advance === undefined) {
    advance = face.font.glyphHAdvance(glyph);
    face.advances.set(glyph, advance);
  }
  return advance;
}

/**
 * `text` shaped left to right by HarfBuzz, in font units; null when HarfBuzz is not loaded or
 * cannot read the face. Glyphs of one cluster (a syllable with a reordered or split vowel, a
 * reph) carry its characters on their first glyph and none on the others, so the PDF writes the
 * cluster inside one ActualText span and text extraction reads it in logical order.
 */
export function shapeWithHarfBuzz(font: FontkitFont, text: string, features: FontFeatures | null): ShapedText | null {
  const hb = harfBuzz;
  if (hb === null) return null;
  const face = faceOf(hb, font);
  if (face === null) return null;
  const buffer = shared ??= new hb.Buffer();
  buffer.reset();
  buffer.addText(text);
  buffer.guessSegmentProperties();
  buffer.setDirection(hb.Direction.LTR);
  hb.shape(face.font, buffer, features === null ? [] : features.settings.map(([tag, value]) => new hb.Feature(tag, value)));
  const glyphs = buffer.getGlyphInfosAndPositions();
  const n = glyphs.length;
  const glyphIds = glyphs.map((g) => g.codepoint);
  const glyphAdvances = glyphIds.map((id) => advanceOf(face, id));
  const xAdvances = glyphs.map((g) => g.xAdvance ?? 0);
  const xOffsets = glyphs.map((g) => g.xOffset ?? 0);
  const yOffsets = glyphs.map((g) => g.yOffset ?? 0);
  const advance = xAdvances.reduce((sum, a) => sum + a, 0);
  const codePoints = new Array<readonly number[]>(n);
  let toUnicode: (readonly number[])[] | undefined;
  for (let i = 0; i < n; i++) {
    const cluster = glyphs[i].cluster;
    if (i > 0 && glyphs[i - 1].cluster === cluster) {
      codePoints[i] = NONE;
      continue;
    }
    // Clusters rise left to right; this one runs to the next higher one.
    let end = text.length;
    for (let j = i + 1; j < n; j++) {
      if (glyphs[j].cluster > cluster) {
        end = glyphs[j].cluster;
        break;
      }
    }
    codePoints[i] = [...text.slice(cluster, end)].map((c) => c.codePointAt(0)!);
    let last = i;
    while (last + 1 < n && glyphs[last + 1].cluster === cluster) last++;
    if (last > i) {
      toUnicode ??= codePoints.slice(0, i);
      const ids = glyphs.slice(i, last + 1).map((g) => g.codepoint);
      toUnicode.push(...glyphCharacters(face, font, ids, codePoints[i]));
    } else toUnicode?.push(codePoints[i]);
  }
  return toUnicode === undefined ? { glyphIds, codePoints, glyphAdvances, xAdvances, xOffsets, yOffsets, advance }
    : { glyphIds, codePoints, glyphAdvances, xAdvances, xOffsets, yOffsets, advance, toUnicode };
}

const NONE: readonly number[] = Object.freeze([]);
