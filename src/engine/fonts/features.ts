// OpenType features a style asks shaping for: `font-kerning`, `font-variant-ligatures`,
// `font-variant-numeric` and `font-feature-settings` folded into one list of settings, interned so that equal lists are one
// object whose key shaping caches can use.

/** A feature setting: its tag and value (0 off, 1 on, n the nth alternate). */
export type FeatureSetting = readonly [tag: string, value: number];

export interface FontFeatures {
  /** The settings as text ("kern=0,liga=0"): equal for equal settings, for cache keys. */
  readonly key: string;
  readonly settings: readonly FeatureSetting[];
  /** The settings as fontkit takes them (a non-zero value turns a feature on). */
  readonly fontkit: Readonly<Record<string, boolean>>;
}

export type FontKerning = 'auto' | 'normal' | 'none';

/** `font-variant-ligatures`, computed: the keywords given, in canonical order, or 'normal' / 'none'. */
export type VariantLigatures = string;

const LIGATURE_KEYWORDS: Readonly<Record<string, readonly FeatureSetting[]>> = {
  'common-ligatures': [['liga', 1], ['clig', 1]],
  'no-common-ligatures': [['liga', 0], ['clig', 0]],
  'discretionary-ligatures': [['dlig', 1]],
  'no-discretionary-ligatures': [['dlig', 0]],
  'historical-ligatures': [['hlig', 1]],
  'no-historical-ligatures': [['hlig', 0]],
  contextual: [['calt', 1]],
  'no-contextual': [['calt', 0]],
};

/** The keyword groups of `font-variant-ligatures`: one keyword of each at most. */
const LIGATURE_GROUPS: readonly (readonly string[])[] = [
  ['common-ligatures', 'no-common-ligatures'],
  ['discretionary-ligatures', 'no-discretionary-ligatures'],
  ['historical-ligatures', 'no-historical-ligatures'],
  ['contextual', 'no-contextual'],
];

/** `font-variant-numeric`, computed: the keywords given, in canonical order, or 'normal'. */
export type VariantNumeric = string;

const NUMERIC_KEYWORDS: Readonly<Record<string, readonly FeatureSetting[]>> = {
  'lining-nums': [['lnum', 1]],
  'oldstyle-nums': [['onum', 1]],
  'proportional-nums': [['pnum', 1]],
  'tabular-nums': [['tnum', 1]],
  'diagonal-fractions': [['frac', 1]],
  'stacked-fractions': [['afrc', 1]],
  ordinal: [['ordn', 1]],
  'slashed-zero': [['zero', 1]],
};

const NUMERIC_GROUPS: readonly (readonly string[])[] = [
  ['lining-nums', 'oldstyle-nums'],
  ['proportional-nums', 'tabular-nums'],
  ['diagonal-fractions', 'stacked-fractions'],
  ['ordinal'],
  ['slashed-zero'],
];

/** Keywords of a `font-variant-*` property, one of each group at most, in the groups' order; undefined when invalid. */
function variantKeywords(words: readonly string[], groups: readonly (readonly string[])[]): string | undefined {
  if (words.length === 0) return undefined;
  const chosen: string[] = [];
  for (const group of groups) {
    const present = words.filter((w) => group.includes(w));
    if (present.length > 1) return undefined;
    if (present.length === 1) chosen.push(present[0]!);
  }
  return chosen.length === words.length ? chosen.join(' ') : undefined;
}

/** `font-variant-ligatures` from its keywords (lower case); undefined when invalid. */
export function parseVariantLigatures(words: readonly string[]): VariantLigatures | undefined {
  if (words.length === 1 && (words[0] === 'normal' || words[0] === 'none')) return words[0];
  return variantKeywords(words, LIGATURE_GROUPS);
}

/** `font-variant-numeric` from its keywords (lower case); undefined when invalid. */
export function parseVariantNumeric(words: readonly string[]): VariantNumeric | undefined {
  if (words.length === 1 && words[0] === 'normal') return 'normal';
  return variantKeywords(words, NUMERIC_GROUPS);
}

const TAG = /^[\x20-\x7e]{4}$/;

/**
 * One `font-feature-settings` item: a four-character tag (as a string) and an optional value
 * (`on`, `off` or a non-negative integer); undefined when invalid.
 */
export function featureSetting(tag: string, value: 'on' | 'off' | number | undefined): FeatureSetting | undefined {
  if (!TAG.test(tag)) return undefined;
  if (value === undefined || value === 'on') return [tag, 1];
  if (value === 'off') return [tag, 0];
  return Number.isInteger(value) && value >= 0 ? [tag, value] : undefined;
}

const interned = new Map<string, FontFeatures>();
/** Feature lists kept for reuse; past this many (documents are free to vary them) new lists are made afresh. */
const MAX_INTERNED = 256;

/**
 * The features shaping applies for a style, or null for the defaults (kerning and common,
 * contextual ligatures on, as shapers apply them unasked). Later settings win over earlier ones
 * for the same tag: `font-feature-settings` over the ligature and kerning properties, as CSS
 * Fonts 4 §7.2 orders them.
 */
export function fontFeatures(kerning: FontKerning, ligatures: VariantLigatures, settings: readonly FeatureSetting[], numeric: VariantNumeric = 'normal'): FontFeatures | null {
  if (kerning !== 'none' && ligatures === 'normal' && numeric === 'normal' && settings.length === 0) return null;
  const byTag = new Map<string, number>();
  if (kerning === 'none') byTag.set('kern', 0);
  if (ligatures === 'none') for (const tag of ['liga', 'clig', 'dlig', 'hlig', 'calt']) byTag.set(tag, 0);
  else if (ligatures !== 'normal') for (const word of ligatures.split(' ')) for (const [tag, value] of LIGATURE_KEYWORDS[word] ?? []) byTag.set(tag, value);
  if (numeric !== 'normal') for (const word of numeric.split(' ')) for (const [tag, value] of NUMERIC_KEYWORDS[word] ?? []) byTag.set(tag, value);
  for (const [tag, value] of settings) byTag.set(tag, value);
  const list: FeatureSetting[] = [...byTag];
  const key = list.map(([tag, value]) => `${tag}=${value}`).join(',');
  let features = interned.get(key);
  if (features === undefined) {
    features = Object.freeze({ key, settings: list, fontkit: Object.freeze(Object.fromEntries(list.map(([tag, value]) => [tag, value !== 0]))) });
    if (interned.size < MAX_INTERNED) interned.set(key, features);
  }
  return features;
}
