// Chromium's own algorithms for the predefined counter styles that no plain @counter-style system
// writes (CSS Counter Styles 3 §7: Hebrew, Armenian, Ethiopic, the Chinese and Korean longhand
// styles), with Chromium's ranges. Each takes a non-negative integer and gives null when it has no
// representation (the style's fallback is then used).

export type InternalSystem =
  | 'hebrew' | 'lower-armenian' | 'upper-armenian' | 'ethiopic-numeric'
  | 'simp-chinese-informal' | 'simp-chinese-formal' | 'trad-chinese-informal' | 'trad-chinese-formal'
  | 'korean-hangul-formal' | 'korean-hanja-informal' | 'korean-hanja-formal';

const HEBREW_TENS = 'יכלמנסעפצ';
const HEBREW_GERESH = '\u05F3';

function hebrewBelow1000(n: number): string {
  let out = 'ת'.repeat(Math.floor(n / 400));
  let rest = n % 400;
  if (rest >= 100) out += String.fromCodePoint(0x5e7 + Math.floor(rest / 100) - 1);
  rest %= 100;
  // 15 and 16 are written 9 + 6 and 9 + 7, never as letters that spell a divine name.
  if (rest === 15 || rest === 16) return `${out}ט${String.fromCodePoint(0x5d0 + rest - 10)}`;
  if (rest >= 10) out += HEBREW_TENS[Math.floor(rest / 10) - 1];
  if (rest % 10 > 0) out += String.fromCodePoint(0x5d0 + (rest % 10) - 1);
  return out;
}

function hebrew(n: number): string | null {
  if (n > 999999) return null;
  if (n === 0) return 'אפס';
  if (n < 1000) return hebrewBelow1000(n);
  return hebrewBelow1000(Math.floor(n / 1000)) + HEBREW_GERESH + hebrewBelow1000(n % 1000);
}

/** Armenian letters for 1–9999 (ones from U+0531, tens from U+053A, hundreds U+0543, thousands U+054C), each marked with a circumflex for the ten-thousands. */
function armenianBelow10000(n: number, lower: boolean, tenThousands: boolean): string {
  const offset = lower ? 0x30 : 0;
  const mark = tenThousands ? '\u0302' : '';
  let out = '';
  for (const [unit, first] of [[1000, 0x54c], [100, 0x543], [10, 0x53a], [1, 0x531]] as const) {
    const digit = Math.floor(n / unit) % 10;
    if (digit > 0) out += String.fromCodePoint(first + offset + digit - 1) + mark;
  }
  return out;
}

function armenian(n: number, lower: boolean): string | null {
  if (n === 0 || n > 99999999) return null;
  return armenianBelow10000(Math.floor(n / 10000), lower, true) + armenianBelow10000(n % 10000, lower, false);
}

const ETHIOPIC_ONES = '፩፪፫፬፭፮፯፰፱';
const ETHIOPIC_TENS = '፲፳፴፵፶፷፸፹፺';

function ethiopic(n: number): string | null {
  if (n === 0) return null;
  if (n < 10) return ETHIOPIC_ONES[n - 1];
  const parts: string[] = [];
  for (let i = 0, rest = n; rest > 0; i++) {
    const group = rest % 100;
    rest = Math.floor(rest / 100);
    const odd = i % 2 === 1;
    // ፻ after a non-zero hundreds group, ፼ after every ten-thousands group above the first.
    const separator = odd ? (group > 0 ? '፻' : '') : i > 0 ? '፼' : '';
    const bare = group === 0 || (group === 1 && (rest === 0 || odd));
    const digits = bare ? '' : (group >= 10 ? ETHIOPIC_TENS[Math.floor(group / 10) - 1] : '') + (group % 10 > 0 ? ETHIOPIC_ONES[(group % 10) - 1] : '');
    parts.push(digits + separator);
  }
  return parts.reverse().join('');
}

interface Ideographic {
  /** 0–9. */
  readonly digits: string;
  /** 10, 100, 1000. */
  readonly markers: readonly [string, string, string];
  /** 10^4, 10^8, 10^12. */
  readonly groups: readonly [string, string, string];
  readonly korean: boolean;
  readonly informal: boolean;
}

const CHINESE_GROUPS_SIMPLIFIED = ['万', '亿', '万亿'] as const;
const HANJA_GROUPS = ['萬', '億', '兆'] as const;

const IDEOGRAPHIC: Readonly<Record<string, Ideographic>> = {
  'simp-chinese-informal': { digits: '零一二三四五六七八九', markers: ['十', '百', '千'], groups: CHINESE_GROUPS_SIMPLIFIED, korean: false, informal: true },
  'simp-chinese-formal': { digits: '零壹贰叁肆伍陆柒捌玖', markers: ['拾', '佰', '仟'], groups: CHINESE_GROUPS_SIMPLIFIED, korean: false, informal: false },
  'trad-chinese-informal': { digits: '零一二三四五六七八九', markers: ['十', '百', '千'], groups: HANJA_GROUPS, korean: false, informal: true },
  'trad-chinese-formal': { digits: '零壹貳參肆伍陸柒捌玖', markers: ['拾', '佰', '仟'], groups: HANJA_GROUPS, korean: false, informal: false },
  'korean-hangul-formal': { digits: '영일이삼사오육칠팔구', markers: ['십', '백', '천'], groups: ['만', '억', '조'], korean: true, informal: false },
  'korean-hanja-informal': { digits: '零一二三四五六七八九', markers: ['十', '百', '千'], groups: HANJA_GROUPS, korean: true, informal: true },
  'korean-hanja-formal': { digits: '零壹貳參四五六七八九', markers: ['拾', '百', '仟'], groups: HANJA_GROUPS, korean: true, informal: false },
};

/** A zero digit, written once for a run of zeros between other digits (Chinese only). */
const ZERO = 0;

/**
 * Chinese and Korean longhand numbers as Chromium writes them: groups of four digits, each digit
 * followed by its marker (十, 百, 千) and each group by its own (万, 亿); Chinese writes one zero
 * for a run of zeros inside the number; the informal styles write 十 rather than 一十 in a group
 * below 20 (Chinese) or leave out every 1 before a marker (Korean hanja).
 */
function ideographic(n: number, style: Ideographic): string {
  if (n === 0) return style.digits[0];
  const groups: number[] = [];
  for (let rest = n; rest > 0 && groups.length < 4; rest = Math.floor(rest / 10000)) groups.push(rest % 10000);
  const tokens: (string | typeof ZERO)[] = [];
  const chinese = !style.korean;
  for (let i = groups.length - 1; i >= 0; i--) {
    const group = groups[i];
    if (group === 0) {
      if (i > 0 && chinese) tokens.push(ZERO);
      continue;
    }
    const top = i < groups.length - 1 ? 3 : String(group).length - 1;
    for (let p = top; p >= 0; p--) {
      const digit = Math.floor(group / 10 ** p) % 10;
      const dropOne = style.korean && style.informal && digit === 1 && (p > 0 || i > 0);
      const tensOfTeen = chinese && style.informal && p === 1 && group < 20;
      if (digit === 0) {
        // A zero is written only where a lower digit of the group is not zero.
        if (chinese && group % 10 ** p !== 0) tokens.push(ZERO);
      } else if (!dropOne && !tensOfTeen) tokens.push(style.digits[digit]);
      if (digit !== 0 && p > 0) tokens.push(style.markers[p - 1]);
    }
    if (i > 0) tokens.push(style.korean ? `${style.groups[i - 1]} ` : style.groups[i - 1]);
  }
  // Zeros at the end are not written.
  while (tokens[tokens.length - 1] === ZERO) tokens.pop();
  let out = '';
  tokens.forEach((token, k) => {
    if (token !== ZERO) out += token;
    else if (tokens[k - 1] !== ZERO) out += style.digits[0];
  });
  return out.trimEnd();
}

/** The representation of a non-negative integer in an internal system; null when it has none. */
export function internalRepresentation(system: InternalSystem, n: number): string | null {
  switch (system) {
    case 'hebrew': return hebrew(n);
    case 'lower-armenian': return armenian(n, true);
    case 'upper-armenian': return armenian(n, false);
    case 'ethiopic-numeric': return ethiopic(n);
    default: return ideographic(n, IDEOGRAPHIC[system]);
  }
}

/** Chromium's `range: auto` of an internal system. */
export function internalRangeContains(system: InternalSystem, value: number): boolean {
  switch (system) {
    case 'hebrew': return value >= 0 && value <= 999999;
    case 'lower-armenian':
    case 'upper-armenian': return value >= 1 && value <= 99999999;
    case 'ethiopic-numeric': return value >= 1;
    default: return true;
  }
}

export const INTERNAL_SYSTEMS: ReadonlySet<string> = new Set<InternalSystem>([
  'hebrew', 'lower-armenian', 'upper-armenian', 'ethiopic-numeric', 'simp-chinese-informal', 'simp-chinese-formal',
  'trad-chinese-informal', 'trad-chinese-formal', 'korean-hangul-formal', 'korean-hanja-informal', 'korean-hanja-formal',
]);
