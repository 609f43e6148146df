// Formats counter values in the predefined CSS counter styles (decimal, roman, alpha, disc…).
import type { ListStyleType } from '../css/types.js';

const ROMAN: readonly [number, string][] = [
  [1000, 'm'], [900, 'cm'], [500, 'd'], [400, 'cd'], [100, 'c'], [90, 'xc'],
  [50, 'l'], [40, 'xl'], [10, 'x'], [9, 'ix'], [5, 'v'], [4, 'iv'], [1, 'i'],
];
const GREEK = 'αβγδεζηθικλμνξοπρστυφχψω';

function roman(value: number): string {
  if (value < 1 || value > 3999) return String(value);
  let rest = value;
  let out = '';
  for (const [n, s] of ROMAN) {
    while (rest >= n) {
      out += s;
      rest -= n;
    }
  }
  return out;
}

function alphabetic(value: number, letters: string): string {
  if (value < 1) return String(value);
  let rest = value;
  let out = '';
  while (rest > 0) {
    rest -= 1;
    out = letters[rest % letters.length] + out;
    rest = Math.floor(rest / letters.length);
  }
  return out;
}

const LATIN = 'abcdefghijklmnopqrstuvwxyz';

/** The representation of `value` in `style` (no prefix or suffix). */
export function formatCounter(value: number, style: ListStyleType): string {
  if (typeof style !== 'string') return style.string;
  switch (style) {
    case 'none': return '';
    case 'disc': return '•';
    case 'circle': return '◦';
    case 'square': return '▪';
    case 'disclosure-open': return '▾';
    case 'disclosure-closed': return '▸';
    case 'decimal-leading-zero': return value >= 0 && value < 10 ? `0${value}` : String(value);
    case 'lower-roman': return roman(value);
    case 'upper-roman': return roman(value).toUpperCase();
    case 'lower-alpha':
    case 'lower-latin': return alphabetic(value, LATIN);
    case 'upper-alpha':
    case 'upper-latin': return alphabetic(value, LATIN).toUpperCase();
    case 'lower-greek': return alphabetic(value, GREEK);
    default: return String(value);
  }
}

/** The text of a list marker: bullets get a trailing space, numbers ". " (as browsers draw them). */
export function markerText(value: number, style: ListStyleType): string {
  if (typeof style !== 'string') return style.string;
  if (style === 'none') return '';
  const body = formatCounter(value, style);
  if (['disc', 'circle', 'square', 'disclosure-open', 'disclosure-closed'].includes(style)) return `${body} `;
  return `${body}. `;
}
