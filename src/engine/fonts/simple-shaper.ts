// Shaping of plain Latin text without fontkit's generic layout (decision 0413): for a chunk of
// Latin and script-less characters (letters, digits, punctuation, spaces) in which no glyph starts
// any of the face's substitution lookups and no positioning lookup but pair kerning applies, the
// result of fontkit's layout is the cmap's glyphs, their advances and the pairs' adjustments. That
// is computed here from the same tables, per face and script once and per glyph pair once, where
// fontkit plans, substitutes and positions each new chunk anew (most of a fresh process's first
// render; ~8 µs a chunk when warm). Anything else returns null and goes to fontkit.
import type { Font as FontkitFont, Glyph } from 'fontkit';
import { classOf, coverageIndex, type ClassDef, type Coverage } from './opentype-tables.js';

/** What `shapeWithFontkit` reads of a glyph run. */
export interface SimpleRun {
  readonly glyphs: readonly Glyph[];
  readonly positions: readonly { xAdvance: number; xOffset: number; yOffset: number }[];
}

// fontkit's decoded OpenType tables, as far as they are read here.
interface ValueRecord {
  readonly xAdvance?: number;
  readonly yAdvance?: number;
  readonly xPlacement?: number;
  readonly yPlacement?: number;
}
interface LazyArray<T> {
  readonly length: number;
  get(index: number): T;
}
interface Subtable {
  readonly version?: number;
  readonly lookupType?: number;
  readonly extension?: Subtable;
  readonly coverage?: Coverage;
  readonly coverages?: readonly Coverage[];
  readonly inputCoverage?: readonly Coverage[];
  readonly markCoverage?: Coverage;
  readonly mark1Coverage?: Coverage;
  // Pair adjustment.
  readonly pairSets?: LazyArray<readonly { readonly secondGlyph: number; readonly value1?: ValueRecord; readonly value2?: ValueRecord }[]>;
  readonly classDef1?: ClassDef;
  readonly classDef2?: ClassDef;
  readonly classRecords?: LazyArray<LazyArray<{ readonly value1?: ValueRecord; readonly value2?: ValueRecord }>>;
  // Contextual lookups, as fontkit decodes them.
  readonly ruleSets?: readonly (readonly ContextRule[] | null)[];
  readonly classDef?: ClassDef;
  readonly classSet?: readonly (readonly ContextRule[] | null)[];
  readonly chainRuleSets?: readonly (readonly ContextRule[] | null)[];
  readonly chainClassSet?: readonly (readonly ContextRule[] | null)[];
  readonly backtrackClassDef?: ClassDef;
  readonly inputClassDef?: ClassDef;
  readonly lookaheadClassDef?: ClassDef;
  readonly backtrackCoverage?: readonly Coverage[];
  readonly lookaheadCoverage?: readonly Coverage[];
  readonly inputGlyphCount?: number;
}
/** A rule of a contextual subtable: glyph ids (format 1) or classes (format 2) after the first input glyph. */
interface ContextRule {
  readonly input?: readonly number[];
  readonly classes?: readonly number[];
  readonly backtrack?: readonly number[];
  readonly lookahead?: readonly number[];
}
interface Lookup {
  readonly lookupType: number;
  readonly flags: { readonly flags?: { readonly ignoreBaseGlyphs?: boolean; readonly ignoreLigatures?: boolean } };
  readonly subTables: LazyArray<Subtable> | readonly Subtable[];
}
interface LayoutTable {
  readonly scriptList?: readonly { readonly tag: string; readonly script: { readonly defaultLangSys: { readonly featureIndexes: readonly number[] } | null } }[] | null;
  readonly featureList: readonly { readonly tag: string; readonly feature: { readonly lookupListIndexes: readonly number[] } }[];
  readonly lookupList: LazyArray<Lookup>;
  readonly featureVariations?: unknown;
}
interface OpenTypeFont {
  readonly numGlyphs: number;
  readonly GSUB?: LayoutTable | null;
  readonly GPOS?: LayoutTable | null;
  readonly GDEF?: { readonly glyphClassDef?: ClassDef | null } | null;
  readonly kern?: unknown;
  readonly morx?: unknown;
  readonly directory: { readonly tables: Readonly<Record<string, unknown>> };
  glyphForCodePoint(codePoint: number): Glyph;
}

/** The features fontkit's default shaper applies to every glyph of left-to-right text. */
const GLOBAL_FEATURES = ['rvrn', 'ltra', 'ltrm', 'ccmp', 'locl', 'rlig', 'mark', 'mkmk', 'calt', 'clig', 'liga', 'rclt', 'curs', 'kern'];
const WITHOUT_MARK_ATTACHMENT = GLOBAL_FEATURES.filter((tag) => tag !== 'mark' && tag !== 'mkmk');
/** Where fontkit falls back to when a table has no entry for the text's script. */
const DEFAULT_SCRIPTS = ['DFLT', 'dflt', 'latn'];
/** The glyph pairs whose adjustments a plan keeps (a few MB). */
const MAX_PAIRS = 1 << 16;
const PAIR_ADJUSTMENT = 2;
const GSUB_CONTEXT = 5;
const GSUB_CHAINING_CONTEXT = 6;
const GSUB_EXTENSION = 7;
const GPOS_CONTEXT = 7;
const GPOS_CHAINING_CONTEXT = 8;
const GPOS_EXTENSION = 9;

/** A contextual subtable: it changes the text only where one of its rules matches. */
interface Contextual {
  readonly chaining: boolean;
  readonly table: Subtable;
}

/** What a pair of glyphs adds to each (font units); null when no pair lookup names them. */
interface PairAdjustment {
  readonly first: ValueRecord;
  readonly second: ValueRecord;
}

/** A face's shaping of one script: the glyphs that send a chunk to fontkit, and its pair lookups. */
interface ScriptPlan {
  /** 1 for a glyph some other lookup could start at, or that is not a base glyph. */
  readonly blocked: Uint8Array;
  /** 1 for a glyph a contextual lookup's rules start at: whether one matches depends on the glyphs around it. */
  readonly contextStart: Uint8Array;
  readonly contextual: readonly Contextual[];
  readonly pairSubtables: readonly (readonly Subtable[])[];
  readonly pairs: Map<number, PairAdjustment | null>;
}

interface FacePlans {
  latin: ScriptPlan | null | undefined;
  common: ScriptPlan | null | undefined;
}

const plansByFont = new WeakMap<FontkitFont, FacePlans | null>();

/** Latin and script-less (Common) characters of the Basic Multilingual Plane. */
const SIMPLE_TEXT = /^[\p{Script=Latin}\p{Script=Common}]*$/u;
const LATIN = /\p{Script=Latin}/u;
/**
 * Common characters fontkit shapes otherwise: default ignorables (hidden), the fraction slash
 * (which turns on fraction features around it) and anything outside the BMP or right to left.
 */
const SPECIAL = /[\u00ad\u061c\u180e\u200b-\u200f\u202a-\u202e\u2044\u2060-\u206f\ufeff\ufff0-\ufff8\ud800-\udfff\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefe]/;

/** fontkit's layout of `text` (left to right, default features), or null when it must do it. */
export function shapeSimply(font: FontkitFont, text: string): SimpleRun | null {
  if (!SIMPLE_TEXT.test(text) || SPECIAL.test(text)) return null;
  const plans = facePlans(font);
  if (plans === null) return null;
  const latin = LATIN.test(text);
  let plan = latin ? plans.latin : plans.common;
  if (plan === undefined) {
    plan = planOrNull(font as unknown as OpenTypeFont, latin ? 'latn' : 'zzzz');
    if (latin) plans.latin = plan;
    else plans.common = plan;
  }
  if (plan === null) return null;
  const face = font as unknown as OpenTypeFont;
  const n = text.length;
  const glyphs = new Array<Glyph>(n);
  const positions = new Array<{ xAdvance: number; xOffset: number; yOffset: number }>(n);
  for (let i = 0; i < n; i++) {
    const glyph = face.glyphForCodePoint(text.charCodeAt(i)) as Glyph | null;
    if (glyph === null || plan.blocked[glyph.id] === 1 || (glyph as Glyph & { isMark?: boolean }).isMark) return null;
    glyphs[i] = glyph;
    positions[i] = { xAdvance: glyph.advanceWidth, xOffset: 0, yOffset: 0 };
  }
  if (plan.contextual.length > 0 && anyContextMatches(plan, glyphs.map((glyph) => glyph.id))) return null;
  for (let i = 0; i + 1 < n && plan.pairSubtables.length > 0; i++) {
    const adjustment = pairAdjustment(plan, glyphs[i]!.id, glyphs[i + 1]!.id);
    if (adjustment === undefined) return null;
    if (adjustment === null) continue;
    apply(positions[i]!, adjustment.first);
    apply(positions[i + 1]!, adjustment.second);
  }
  return { glyphs, positions };
}

/** A table fontkit decodes only in part, or not as read here, leaves its text to fontkit. */
function planOrNull(face: OpenTypeFont, script: string): ScriptPlan | null {
  try {
    return scriptPlan(face, script);
  } catch {
    return null;
  }
}

function apply(position: { xAdvance: number; xOffset: number; yOffset: number }, value: ValueRecord): void {
  if (value.xAdvance != null) position.xAdvance += value.xAdvance;
  if (value.xPlacement != null) position.xOffset += value.xPlacement;
  if (value.yPlacement != null) position.yOffset += value.yPlacement;
}

/** Faces fontkit shapes with its OpenType engine, without variations or an old-style kern table beside GPOS kerning. */
function facePlans(font: FontkitFont): FacePlans | null {
  let plans = plansByFont.get(font);
  if (plans === undefined) {
    const face = font as unknown as OpenTypeFont;
    const tables = face.directory.tables;
    const usable = !tables['morx'] && !tables['fvar'] && typeof face.glyphForCodePoint === 'function';
    plans = usable ? { latin: undefined, common: undefined } : null;
    plansByFont.set(font, plans);
  }
  return plans;
}

/** The lookups fontkit applies to `script` (fontkit's tag: 'latn', or 'zzzz' for no script), or null if it cannot be followed here. */
function scriptPlan(face: OpenTypeFont, script: string): ScriptPlan | null {
  const blocked = new Uint8Array(face.numGlyphs + 1);
  const contextStart = new Uint8Array(face.numGlyphs + 1);
  const contextual: Contextual[] = [];
  const classes = face.GDEF?.glyphClassDef ?? null;
  // Ligatures and marks: lookups may skip them, and marks lose their advance.
  if (classes?.version === 1) {
    classes.classValueArray.forEach((found, i) => {
      if (found === 2 || found === 3) blocked[classes.startGlyph + i] = 1;
    });
  } else if (classes?.version === 2) {
    for (const range of classes.classRangeRecord) if (range.class === 2 || range.class === 3) blocked.fill(1, range.start, range.end + 1);
  }
  if (face.GSUB) {
    const lookups = lookupsFor(face.GSUB, script, GLOBAL_FEATURES);
    if (lookups === null) return null;
    for (const lookup of lookups) {
      for (const subtable of subtablesOf(lookup)) {
        const extended = lookup.lookupType === GSUB_EXTENSION;
        const table = extended ? subtable.extension : subtable;
        const type = extended ? subtable.lookupType : lookup.lookupType;
        if (!table) return null;
        const target = (type === GSUB_CONTEXT || type === GSUB_CHAINING_CONTEXT) && skipsNoGlyph(lookup) ? contextStart : blocked;
        if (!block(target, firstCoverage(table))) return null;
        if (target === contextStart) contextual.push({ chaining: type === GSUB_CHAINING_CONTEXT, table });
      }
    }
  }
  const pairSubtables: Subtable[][] = [];
  if (face.GPOS) {
    // Mark attachment applies at mark glyphs only, which the classes above block: its lookups are
    // not even decoded (decision 0371). Without glyph classes, their coverage says where they apply.
    const lookups = lookupsFor(face.GPOS, script, classes === null ? GLOBAL_FEATURES : WITHOUT_MARK_ATTACHMENT);
    if (lookups === null) return null;
    for (const lookup of lookups) {
      const pairs: Subtable[] = [];
      for (const subtable of subtablesOf(lookup)) {
        const extended = lookup.lookupType === GPOS_EXTENSION;
        const table = extended ? subtable.extension : subtable;
        const type = extended ? subtable.lookupType : lookup.lookupType;
        if (!table) return null;
        if (type === PAIR_ADJUSTMENT) {
          if (!skipsNoGlyph(lookup) || (table.version !== 1 && table.version !== 2)) return null;
          pairs.push(table);
        } else if ((type === GPOS_CONTEXT || type === GPOS_CHAINING_CONTEXT) && skipsNoGlyph(lookup)) {
          if (!block(contextStart, firstCoverage(table))) return null;
          contextual.push({ chaining: type === GPOS_CHAINING_CONTEXT, table });
        } else if (!block(blocked, firstCoverage(table))) {
          return null;
        }
      }
      if (pairs.length > 0) pairSubtables.push(pairs);
    }
    // fontkit kerns with an old-style kern table only when GPOS has no `kern` feature for the script.
    if (face.kern && !selectedFeatures(face.GPOS, script)?.has('kern')) return null;
  } else if (face.kern) {
    return null;
  }
  return { blocked, contextStart, contextual, pairSubtables, pairs: new Map() };
}

/** Base glyphs are all a chunk taken here has: a lookup that skips none of them sees the chunk as it is. */
function skipsNoGlyph(lookup: Lookup): boolean {
  return !lookup.flags.flags?.ignoreBaseGlyphs && !lookup.flags.flags?.ignoreLigatures;
}

/** Whether a rule of a contextual subtable matches somewhere in `ids`, read as fontkit reads them. */
function anyContextMatches(plan: ScriptPlan, ids: readonly number[]): boolean {
  for (let i = 0; i < ids.length; i++) {
    if (plan.contextStart[ids[i]!] !== 1) continue;
    for (const { chaining, table } of plan.contextual) if (contextMatchesAt(table, chaining, ids, i)) return true;
  }
  return false;
}

function contextMatchesAt(table: Subtable, chaining: boolean, ids: readonly number[], at: number): boolean {
  const glyph = ids[at]!;
  const glyphsMatch = (from: number, wanted: readonly number[]): boolean => wanted.every((id, k) => ids[from + k] === id);
  const classesMatch = (from: number, wanted: readonly number[], classes: ClassDef): boolean =>
    wanted.every((wantedClass, k) => from + k >= 0 && from + k < ids.length && classOf(ids[from + k]!, classes) === wantedClass);
  const coveragesMatch = (from: number, wanted: readonly Coverage[]): boolean =>
    wanted.every((coverage, k) => from + k >= 0 && from + k < ids.length && coverageIndex(coverage, ids[from + k]!) >= 0);
  if (table.version === 3) {
    if (!chaining) return coveragesMatch(at, table.coverages ?? []);
    const backtrack = table.backtrackCoverage ?? [];
    // fontkit matches the backtrack from its far end forwards.
    return coveragesMatch(at - backtrack.length, backtrack) && coveragesMatch(at, table.inputCoverage ?? []) && coveragesMatch(at + (table.inputGlyphCount ?? 0), table.lookaheadCoverage ?? []);
  }
  const index = coverageIndex(table.coverage!, glyph);
  if (index === -1) return false;
  // A missing rule set fails fontkit's layout, except in a chaining class-based subtable: fontkit's to report.
  if (table.version === 1) {
    const rules = (chaining ? table.chainRuleSets : table.ruleSets)?.[index];
    if (!rules) return true;
    return rules.some((rule) => {
      const input = rule.input ?? [];
      const backtrack = rule.backtrack ?? [];
      return glyphsMatch(at + 1, input) && (!chaining || (glyphsMatch(at - backtrack.length, backtrack) && glyphsMatch(at + 1 + input.length, rule.lookahead ?? [])));
    });
  }
  if (!chaining) {
    const rules = table.classSet?.[classOf(glyph, table.classDef!)];
    if (!rules) return true;
    return rules.some((rule) => classesMatch(at + 1, rule.classes ?? [], table.classDef!));
  }
  const rules = table.chainClassSet?.[classOf(glyph, table.inputClassDef!)] ?? [];
  return rules.some((rule) => {
    const input = rule.input ?? [];
    const backtrack = rule.backtrack ?? [];
    return classesMatch(at - backtrack.length, backtrack, table.backtrackClassDef!) && classesMatch(at + 1, input, table.inputClassDef!) && classesMatch(at + 1 + input.length, rule.lookahead ?? [], table.lookaheadClassDef!);
  });
}

function subtablesOf(lookup: Lookup): Subtable[] {
  const subtables = lookup.subTables;
  if (Array.isArray(subtables)) return subtables as Subtable[];
  const lazy = subtables as LazyArray<Subtable>;
  return Array.from({ length: lazy.length }, (_, i) => lazy.get(i));
}

/** The coverage a lookup's current glyph must be in for it to apply; null if the subtable is of a kind not known here. */
function firstCoverage(table: Subtable): Coverage | null {
  if (table.markCoverage) return table.markCoverage;
  if (table.mark1Coverage) return table.mark1Coverage;
  if (table.coverage) return table.coverage;
  if (table.coverages) return table.coverages[0] ?? null;
  if (table.inputCoverage) return table.inputCoverage[0] ?? null;
  return null;
}

function block(blocked: Uint8Array, coverage: Coverage | null): boolean {
  if (coverage === null) return false;
  if (coverage.version === 1) {
    for (const glyph of coverage.glyphs) if (glyph < blocked.length) blocked[glyph] = 1;
    return true;
  }
  if (coverage.version === 2) {
    for (const range of coverage.rangeRecords) blocked.fill(1, range.start, Math.min(range.end + 1, blocked.length));
    return true;
  }
  return false;
}

/**
 * The features of the script fontkit's processor selects for `script`, in its default language
 * system, by tag (a tag named twice is the later feature, as in fontkit).
 */
function selectedFeatures(table: LayoutTable, script: string): Map<string, readonly number[]> | null {
  if (table.featureVariations) return null;
  const scripts = table.scriptList ?? [];
  const entry = scripts.find((record) => record.tag === script) ?? DEFAULT_SCRIPTS.map((tag) => scripts.find((record) => record.tag === tag)).find((record) => record !== undefined);
  // fontkit keeps whatever script it selected before: what that is depends on earlier text.
  if (entry === undefined) return null;
  const features = new Map<string, readonly number[]>();
  for (const index of entry.script.defaultLangSys?.featureIndexes ?? []) {
    const record = table.featureList[index]!;
    features.set(record.tag, record.feature.lookupListIndexes);
  }
  return features;
}

/** The lookups of `tags` fontkit applies, once for each feature that names them, or null. */
function lookupsFor(table: LayoutTable, script: string, tags: readonly string[]): Lookup[] | null {
  const features = selectedFeatures(table, script);
  if (features === null) return null;
  const indexes: number[] = [];
  for (const tag of tags) indexes.push(...(features.get(tag) ?? []));
  return indexes.map((index) => table.lookupList.get(index));
}

/**
 * What the pair lookups add to two adjacent glyphs, each lookup's first subtable that takes the
 * pair: null for nothing, undefined when the tables could not be read (fontkit then shapes).
 */
function pairAdjustment(plan: ScriptPlan, first: number, second: number): PairAdjustment | null | undefined {
  const key = first * 0x10000 + second;
  const known = plan.pairs.get(key);
  if (known !== undefined) return known;
  try {
    const found = readPairAdjustment(plan, first, second);
    // Bounded: text of every letter pair a face has would otherwise keep millions.
    if (plan.pairs.size >= MAX_PAIRS) plan.pairs.clear();
    plan.pairs.set(key, found);
    return found;
  } catch {
    return undefined;
  }
}

function readPairAdjustment(plan: ScriptPlan, first: number, second: number): PairAdjustment | null {
  let firstValue: { xAdvance: number; yAdvance: number; xPlacement: number; yPlacement: number } | null = null;
  let secondValue = { xAdvance: 0, yAdvance: 0, xPlacement: 0, yPlacement: 0 };
  const add = (to: typeof secondValue, value: ValueRecord | undefined): void => {
    if (!value) return;
    to.xAdvance += value.xAdvance ?? 0;
    to.yAdvance += value.yAdvance ?? 0;
    to.xPlacement += value.xPlacement ?? 0;
    to.yPlacement += value.yPlacement ?? 0;
  };
  for (const subtables of plan.pairSubtables) {
    for (const table of subtables) {
      const index = coverageIndex(table.coverage!, first);
      if (index === -1) continue;
      let values: { readonly value1?: ValueRecord; readonly value2?: ValueRecord } | undefined;
      if (table.version === 1) {
        values = table.pairSets!.get(index).find((pair) => pair.secondGlyph === second);
        if (values === undefined) continue;
      } else {
        values = table.classRecords!.get(classOf(first, table.classDef1!)).get(classOf(second, table.classDef2!));
      }
      firstValue ??= { xAdvance: 0, yAdvance: 0, xPlacement: 0, yPlacement: 0 };
      add(firstValue, values?.value1);
      add(secondValue, values?.value2);
      break;
    }
  }
  return firstValue === null ? null : { first: firstValue, second: secondValue };
}
