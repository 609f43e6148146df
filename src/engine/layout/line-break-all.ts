// Where `word-break: break-all` adds line break opportunities, as Blink adds them (its break-all
// table of UAX #14 line-break classes, text_break_iterator.cc): letters and digits break between
// each other, and a few classes of punctuation before or after them, so a URL breaks after "/"
// before a digit but never before "/" or "?". Opportunities the normal rules give stay.

type BreakAllClass = 'AL' | 'NU' | 'SA' | 'BA' | 'HY' | 'OP' | 'CL' | 'CP' | 'EX' | 'IS' | 'PO' | 'PR' | 'SY' | 'CM' | 'XX';

const ALPHA_ROW: readonly BreakAllClass[] = ['AL', 'BA', 'HY', 'NU', 'OP', 'PR', 'SA'];

/** For each class before a position, the classes after it that break-all lets a line break between. */
const ADDS: Readonly<Partial<Record<BreakAllClass, ReadonlySet<BreakAllClass>>>> = {
  AL: new Set(ALPHA_ROW), NU: new Set(ALPHA_ROW), SA: new Set(ALPHA_ROW), BA: new Set(ALPHA_ROW), SY: new Set(ALPHA_ROW),
  CL: new Set(['AL', 'BA', 'HY', 'NU', 'PR']),
  CP: new Set(['AL', 'BA', 'HY', 'NU', 'PR', 'SA']),
  EX: new Set(['AL', 'BA', 'HY', 'NU', 'PO', 'PR']),
  IS: new Set(['AL', 'BA', 'HY', 'NU']),
  PO: new Set(['AL', 'BA', 'HY', 'NU', 'PO', 'PR']),
  HY: new Set(['NU']),
  PR: new Set(['PO']),
};

// UAX #14 classes of printable ASCII, "+" taken as a letter as Blink takes it under break-all.
const ASCII: Readonly<Record<string, BreakAllClass>> = {
  '!': 'EX', '"': 'XX', '#': 'AL', $: 'PR', '%': 'PO', '&': 'AL', "'": 'XX', '(': 'OP', ')': 'CP', '*': 'AL', '+': 'AL',
  ',': 'IS', '-': 'HY', '.': 'IS', '/': 'SY', ':': 'IS', ';': 'IS', '<': 'AL', '=': 'AL', '>': 'AL', '?': 'EX', '@': 'AL',
  '[': 'OP', '\\': 'PR', ']': 'CP', '^': 'AL', _: 'AL', '`': 'AL', '{': 'OP', '|': 'BA', '}': 'CL', '~': 'AL',
};

/** The class of a code point as far as break-all asks (outside ASCII, from its general category). */
function classOf(cp: number): BreakAllClass {
  if (cp < 0x80) {
    if ((cp >= 0x41 && cp <= 0x5a) || (cp >= 0x61 && cp <= 0x7a)) return 'AL';
    if (cp >= 0x30 && cp <= 0x39) return 'NU';
    return ASCII[String.fromCharCode(cp)] ?? 'XX';
  }
  const ch = String.fromCodePoint(cp);
  if (/\p{M}/u.test(ch)) return 'CM';
  if (/\p{Nd}/u.test(ch)) return 'NU';
  if (/[\p{L}\p{N}]/u.test(ch)) return 'AL';
  if (/\p{Ps}/u.test(ch)) return 'OP';
  if (/\p{Pe}/u.test(ch)) return 'CL';
  return 'XX';
}

/** Whether break-all opens a break before `position` of `text` (never inside a surrogate pair). */
export function breaksAll(text: string, position: number): boolean {
  const next = text.codePointAt(position);
  if (next === undefined || (next >= 0xdc00 && next <= 0xdfff)) return false;
  const after = classOf(next);
  // The class before is the last one that is not a combining mark.
  for (let p = position; p > 0;) {
    const low = text.charCodeAt(p - 1);
    p -= low >= 0xdc00 && low <= 0xdfff && p >= 2 ? 2 : 1;
    const before = classOf(text.codePointAt(p)!);
    if (before === 'CM') continue;
    return ADDS[before]?.has(after) ?? false;
  }
  return false;
}
