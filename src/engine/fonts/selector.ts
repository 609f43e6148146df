// The FontSelector: family lists to faces (declared @font-face first, then bundled), and text
// split into runs by which face has each character's glyph.
import type { ResourceLoader } from '../../resources/types.js';
import { bundledFaces, bundledFamilyName, DEFAULT_FAMILY, FALLBACK_FAMILIES } from './bundled.js';
import { type FontkitFace, withFeatures } from './face.js';
import { declaredFamilyName, quotedGenericAlias } from './family-names.js';
import { loadFontFace, normalizeFamily, type DeclaredFace, type FontFaceSource } from './font-face.js';
import type { FontLibrary } from './font-library.js';
import { matchFace } from './match.js';
import { emojiSequenceLength } from './emoji-sequences.js';
import { cjkGenericFamily, cjkLocale, EMOJI_FACE, devanagariKeepsWeight, inCodePointRanges, scriptFaceKeepsWeight, scriptFaces, type CjkLocale, type CodePointRanges } from './script-fallback.js';
import type { FontQuery, FontRun, FontSelector, LoadedFont } from './types.js';

/** Symbols (Unicode's S categories): ✈ ★ ☎ → ©. */
const SYMBOL = /^\p{S}$/u;

/** A face and the code points it is used for (its unicode-range; null: all). */
interface FaceInRanges {
  readonly font: FontkitFace;
  readonly ranges: DeclaredFace['unicodeRange'];
}

/** The faces one family contributes for one query; several when unicode-range splits it. */
interface FamilyMatch {
  readonly faces: readonly FaceInRanges[];
}

/** A bundled script face in a fallback list: its file is read only once a character of its ranges needs it. */
interface ScriptMatch {
  readonly family: string;
  readonly ranges: CodePointRanges;
  /** Whether its face is the one of the text's weight, not its regular face made bold (scriptFaceKeepsWeight). */
  readonly weighted: boolean;
  /** The family's match for the chain's query once looked up (null: its package is not installed). */
  match?: FamilyMatch | null;
}

interface Chain {
  /** The query's families that matched something, in order. */
  readonly listed: readonly FamilyMatch[];
  /**
   * Listed families, then the glyph fallbacks (added fonts, the script faces, DejaVu); null until
   * a character no listed family has needs them (the fallback faces are read from disk only then).
   */
  all: readonly (FamilyMatch | ScriptMatch)[] | null;
  readonly query: FontQuery;
  readonly primary: LoadedFont;
  /** The first face to try when it covers every code point (one face, no unicode-range), else null. */
  readonly single: LoadedFont | null;
}

const inRanges = inCodePointRanges;

function faceFor(match: FamilyMatch, cp: number): LoadedFont | null {
  for (const { font, ranges } of match.faces) if (inRanges(ranges, cp) && font.hasGlyph(cp)) return font;
  return null;
}

/** Whether `font` has a glyph for every code point of `text` that picks a face of its own. */
function coversAll(font: LoadedFont, text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    let cp = text.charCodeAt(i);
    if (cp >= 0xd800 && cp <= 0xdbff && i + 1 < text.length) {
      const low = text.charCodeAt(i + 1);
      if (low >= 0xdc00 && low <= 0xdfff) {
        cp = 0x10000 + ((cp - 0xd800) << 10) + (low - 0xdc00);
        i++;
      }
    }
    if (!isClinging(cp) && !font.hasGlyph(cp)) return false;
  }
  return true;
}

/** Characters that stay in the run around them rather than choosing a face of their own. */
function isClinging(cp: number): boolean {
  return (
    cp === 0x20 || cp === 0x09 || cp === 0x0a || cp === 0xa0 || cp === 0xad ||
    (cp >= 0x0300 && cp <= 0x036f) || (cp >= 0x200b && cp <= 0x200d) || cp === 0x2060 ||
    (cp >= 0xfe00 && cp <= 0xfe0f) || (cp >= 0xe0100 && cp <= 0xe01ef)
  );
}

const STYLE_INDEX = { normal: 0, italic: 1, oblique: 2 } as const;
/** The generic families that text in a CJK language gets its language's CJK face for (see cjkGenericFamily). */
const CJK_GENERICS = new Set(['serif', 'sans-serif']);
const LOCALE_INDEX: Record<CjkLocale, number> = { none: 0, ja: 1, ko: 2, 'zh-hans': 3, 'zh-hant': 4 };

class Selector implements FontSelector {
  private readonly declared: Map<string, DeclaredFace[]>;
  private readonly chains = new Map<string, Chain>();
  /**
   * Chains by the query's family list itself (computed styles share one array per declaration,
   * and every measured piece of text asks), then by weight and style, before building a string key.
   */
  private readonly chainsByList = new WeakMap<readonly string[], Map<number, Chain>>();
  private readonly families = new Map<string, FamilyMatch | null>();
  private readonly missing = new Set<number>();

  constructor(declared: readonly DeclaredFace[], private readonly library: FontLibrary | null = null) {
    this.declared = new Map();
    for (const face of declared) {
      const list = this.declared.get(face.family) ?? [];
      list.push(face);
      this.declared.set(face.family, list);
    }
  }

  primary(query: FontQuery): LoadedFont {
    return withFeatures(this.chain(query).primary, query.features);
  }

  soleFace(text: string, query: FontQuery): LoadedFont | null {
    const first = this.chain(query).single;
    return first !== null && text.length > 0 && coversAll(first, text) ? withFeatures(first, query.features) : null;
  }

  runs(text: string, query: FontQuery): FontRun[] {
    const runs = this.faceRuns(text, query);
    const features = query.features;
    return features ? runs.map((run) => ({ ...run, font: withFeatures(run.font, features) })) : runs;
  }

  private faceRuns(text: string, query: FontQuery): FontRun[] {
    if (text.length === 0) return [];
    const chain = this.chain(query);
    // Most text is all in the first face: one run, found without the per-character search.
    const first = chain.single;
    if (first !== null && coversAll(first, text)) return [{ text, font: first }];
    const runs: FontRun[] = [];
    let current: LoadedFont | null = null;
    // Whether the current run is of characters no face has (shown as the primary font's .notdef).
    let missing = false;
    // Whether the character before was the end of an emoji sequence, or a symbol.
    let afterEmoji = false;
    let afterSymbol = false;
    // The fallback faces this text has used so far, in the order it first needed them (see pick).
    const used: FaceInRanges[] = [];
    let start = 0;
    const push = (end: number): void => {
      // Before the first face is known, leading spaces and marks wait to join the first run.
      if (current === null) return;
      runs.push(missing ? { text: text.slice(start, end), font: current, missing: true } : { text: text.slice(start, end), font: current });
      start = end;
    };
    for (let i = 0; i < text.length; ) {
      const cp = text.codePointAt(i)!;
      const emoji = emojiSequenceLength(text, i);
      const emojiFont = emoji > 0 ? this.pickEmoji(chain, text.slice(i, i + emoji)) : null;
      if (emojiFont !== null) {
        if (emojiFont !== current || missing) {
          push(i);
          current = emojiFont;
          missing = false;
        }
        afterEmoji = true;
        i += emoji;
        continue;
      }
      const next = i + (cp > 0xffff ? 2 : 1);
      // Spaces and marks stay with the run they are in (leading ones join the first run); a space
      // after emoji takes a face of its own, as Chromium's emoji segmentation leaves it text, and
      // so does one after a symbol (✈ ★ ☎ from a fallback face): Chromium shapes it in the first
      // face that has it.
      const ownFace = (afterEmoji || afterSymbol || current === null) && (cp === 0x20 || cp === 0xa0 || cp === 0x09);
      afterEmoji = false;
      afterSymbol = SYMBOL.test(String.fromCodePoint(cp));
      if (ownFace || !isClinging(cp)) {
        const picked = this.pick(chain, cp, used);
        if (picked === null) this.missing.add(cp);
        const font: LoadedFont = picked ?? chain.primary;
        if (font !== current || (picked === null) !== missing) {
          push(i);
          current = font;
          missing = picked === null;
        }
      }
      i = next;
    }
    current ??= chain.primary;
    push(text.length);
    return runs;
  }

  missingCharacters(): readonly number[] {
    return [...this.missing];
  }

  /** The face of an emoji sequence: the first listed face with all of it, else the colour emoji face (null: neither). */
  private pickEmoji(chain: Chain, sequence: string): LoadedFont | null {
    const first = sequence.codePointAt(0)!;
    for (const match of chain.listed) {
      const font = faceFor(match, first);
      if (font !== null && coversAll(font, sequence)) return font;
    }
    const emoji = this.family(EMOJI_FACE.family, { families: [], weight: 400, style: 'normal' });
    const font = emoji?.faces[0].font ?? null;
    return font !== null && font.hasGlyph(first) ? font : null;
  }

  /**
   * The face for a character: the first listed face with it, else the first fallback face the text
   * already uses that has it, else the first of the chain's fallbacks. Chromium shapes what the
   * listed faces leave in the face its first such character fell back to, and only what that face
   * lacks goes on (a danda after Bengali letters stays Bengali; a symbol after Japanese, Japanese).
   */
  private pick(chain: Chain, cp: number, used: FaceInRanges[]): LoadedFont | null {
    for (const match of chain.listed) {
      const font = faceFor(match, cp);
      if (font !== null) return font;
    }
    for (const { font, ranges } of used) if (inRanges(ranges, cp) && font.hasGlyph(cp)) return font;
    const face = this.fallback(chain, cp);
    if (face === null) return null;
    used.push(face);
    return face.font;
  }

  private fallback(chain: Chain, cp: number): FaceInRanges | null {
    chain.all ??= this.withFallbacks(chain.listed, chain.query);
    for (let i = chain.listed.length; i < chain.all.length; i++) {
      let match = chain.all[i];
      if ('family' in match) {
        if (!inRanges(match.ranges, cp)) continue;
        if (match.match === undefined) match.match = match.weighted ? this.family(match.family, chain.query) : this.fallbackFamily(match.family, chain.query);
        if (match.match === null) continue;
        match = match.match;
      }
      for (const face of match.faces) if (inRanges(face.ranges, cp) && face.font.hasGlyph(cp)) return face;
    }
    return null;
  }

  /**
   * `listed` followed by the fallback families not already in it; for an italic or oblique query,
   * then their upright faces slanted, as fontconfig and Skia do for a script the slanted faces
   * lack (DejaVu's obliques have no Arabic).
   */
  private withFallbacks(listed: readonly FamilyMatch[], query: FontQuery): (FamilyMatch | ScriptMatch)[] {
    const all: (FamilyMatch | ScriptMatch)[] = [...listed];
    for (const faces of this.library?.ordered ?? []) {
      const match = this.family(faces[0].family, query);
      if (match !== null && !all.includes(match)) all.push(match);
    }
    // Chromium asks fontconfig for a face with the character, whatever the weight, and makes the
    // regular face it gets bold (decision 0365).
    for (const { family, ranges } of scriptFaces(cjkLocale(query.lang))) all.push({ family, ranges, weighted: scriptFaceKeepsWeight(family, query.lang) });
    // The last fallbacks (DejaVu) in their regular faces whatever the text's weight, made bold for
    // bold text: what fontconfig answers Chromium's request for a character with (its pattern names
    // no weight), Blink then asking Skia for synthetic bold (decision 0379).
    for (const family of FALLBACK_FAMILIES) {
      const match = this.fallbackFamily(family, query);
      if (match !== null && !all.includes(match)) all.push(match);
    }
    all.push({ family: EMOJI_FACE.family, ranges: EMOJI_FACE.ranges, weighted: true });
    if (query.style !== 'normal') {
      for (const family of FALLBACK_FAMILIES) {
        const upright = this.family(family, { ...query, style: 'normal' });
        if (upright === null) continue;
        all.push({ faces: upright.faces.map(({ font, ranges }) => ({ font: font.withSynthesis(font.syntheticBold, true), ranges })) });
      }
    }
    return all;
  }

  private chain(query: FontQuery): Chain {
    let byStyle = this.chainsByList.get(query.families);
    if (byStyle === undefined) {
      byStyle = new Map();
      this.chainsByList.set(query.families, byStyle);
    }
    const styleKey = ((query.weight * 4 + (STYLE_INDEX[query.style] ?? 3)) * 5 + LOCALE_INDEX[cjkLocale(query.lang)]) * 2 + (devanagariKeepsWeight(query.lang) ? 1 : 0);
    let chain = byStyle.get(styleKey);
    if (chain === undefined) {
      chain = this.chainFor(query);
      byStyle.set(styleKey, chain);
    }
    return chain;
  }

  private chainFor(query: FontQuery): Chain {
    const key = `${query.families.join(',')}|${query.weight}|${query.style}|${cjkLocale(query.lang)}|${devanagariKeepsWeight(query.lang)}`;
    let chain = this.chains.get(key);
    if (chain === undefined) {
      const listed: FamilyMatch[] = [];
      const cjkGeneric = cjkGenericFamily(cjkLocale(query.lang));
      for (const family of query.families) {
        const name = normalizeFamily(family);
        const match = this.family(cjkGeneric !== null && CJK_GENERICS.has(name) ? cjkGeneric : name, query);
        if (match !== null && !listed.includes(match)) listed.push(match);
      }
      if (listed.length === 0) {
        const fallback = this.family(cjkGeneric ?? DEFAULT_FAMILY, query);
        if (fallback !== null) listed.push(fallback);
      }
      // Without any listed face, the fallbacks are needed at once (for the primary font).
      const all = listed.length === 0 ? this.withFallbacks(listed, query) : null;
      const first = (all ?? listed).find((m): m is FamilyMatch => !('family' in m));
      if (first === undefined) throw new Error('pagesmith: the bundled fonts cannot be read; reinstall dejavu-fonts-ttf and @expo-google-fonts/*');
      // The primary font is the first whose unicode-range covers the space (CSS Fonts §5.2).
      const primary = (listed.find((m) => m.faces.some((f) => inRanges(f.ranges, 0x20))) ?? first).faces[0].font;
      const single = first.faces.length === 1 && first.faces[0].ranges === null ? first.faces[0].font : null;
      chain = { listed, all, query, primary, single };
      this.chains.set(key, chain);
    }
    return chain;
  }

  private family(name: string, query: FontQuery): FamilyMatch | null {
    const key = `${name}|${query.weight}|${query.style}`;
    if (this.families.has(key)) return this.families.get(key)!;
    const declared = declaredFamilyName(name);
    const match = this.declaredFamily(declared, query) ?? this.choose(this.library?.families.get(declared), query) ?? this.bundledFamily(name, query);
    this.families.set(key, match);
    return match;
  }

  /**
   * A fallback family's regular face whatever the text's weight, made bold for bold text: what
   * fontconfig answers Chromium's request for a character with, Skia then making it bold.
   */
  private fallbackFamily(name: string, query: FontQuery): FamilyMatch | null {
    const key = `fallback|${name}|${query.weight}|${query.style}`;
    if (this.families.has(key)) return this.families.get(key)!;
    const regular = this.family(name, { ...query, weight: 400 });
    const bold = query.weight >= 600;
    const match = regular === null || !bold ? regular
      : { faces: regular.faces.map(({ font, ranges }) => ({ font: font.withSynthesis(true, font.syntheticItalic), ranges })) };
    this.families.set(key, match);
    return match;
  }

  private declaredFamily(name: string, query: FontQuery): FamilyMatch | null {
    return this.choose(this.declared.get(name), query);
  }

  /** The faces of one family (declared or added) that match the query's weight and style, or null. */
  private choose(faces: readonly DeclaredFace[] | undefined, query: FontQuery): FamilyMatch | null {
    if (faces === undefined) return null;
    const choice = matchFace(faces, query.weight, query.style);
    if (choice === null) return null;
    const chosen = choice.face;
    // Faces declared later win (CSS Fonts §4.5), so search those first.
    const same = faces.filter((f) => f.style === chosen.style && f.weight[0] === chosen.weight[0] && f.weight[1] === chosen.weight[1]).reverse();
    return {
      faces: same.map((f) => ({ font: f.face.withSynthesis(choice.syntheticBold, choice.syntheticItalic), ranges: f.unicodeRange })),
    };
  }

  private bundledFamily(name: string, query: FontQuery): FamilyMatch | null {
    const bundled = bundledFamilyName(quotedGenericAlias(name) ?? name);
    if (bundled === null) return null;
    const loadable = bundledFaces(bundled);
    const choice = matchFace(loadable, query.weight, query.style);
    const face: FontkitFace | null = choice?.face.load() ?? null;
    if (choice === null || face === null) return null;
    return { faces: [{ font: face.withSynthesis(choice.syntheticBold, choice.syntheticItalic), ranges: null }] };
  }
}

/**
 * A FontSelector over the bundled faces plus the document's @font-face rules, each loaded
 * through `loader` (faces that fail to load are left out; their family falls back).
 */
export async function createFontSelector(faces: readonly FontFaceSource[] = [], loader?: ResourceLoader, library: FontLibrary | null = null): Promise<FontSelector> {
  const declared = loader === undefined ? [] : await Promise.all(faces.map((face) => loadFontFace(face, loader)));
  return new Selector(declared.filter((face): face is DeclaredFace => face !== null), library);
}

/** A FontSelector over the bundled faces alone (what a document without @font-face rules gets). */
export function bundledFontSelector(): FontSelector {
  return new Selector([]);
}
