// Presentational hints: legacy HTML attributes (width, bgcolor, align, border, <font>…) as author-level declarations.
import type { AnyNode, Element } from 'domhandler';
import { firstStrong } from '../layout/bidi.js';
import { type Declaration, resolveUrl } from './stylesheet.js';
import { quoteString } from './syntax.js';
import { namedColor } from './values/named-colors.js';

const NONE: readonly Declaration[] = Object.freeze([]);

const decl = (property: string, value: string): Declaration => ({ property, value, important: false });

/** HTML "rules for parsing dimension values": `100`, `100px`, `50%`. Null when invalid (or zero when ignored). */
function dimension(value: string | undefined, ignoreZero: boolean): string | null {
  if (value === undefined) return null;
  const m = /^[\t\n\f\r ]*(\d+(?:\.\d+)?)(%?)/.exec(value);
  if (m === null) return null;
  const n = parseFloat(m[1]);
  if (ignoreZero && n === 0) return null;
  return m[2] === '%' ? `${n}%` : `${n}px`;
}

/** An SVG width or height attribute as a CSS value: a number is px; a length, percentage or auto as written; anything else none. */
function svgLength(value: string | undefined): string | null {
  if (value === undefined) return null;
  const v = value.trim();
  if (/^[+]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(v)) return `${v}px`;
  return /^[+]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?(%|px|em|rem|ex|pt|pc|in|cm|mm|q|vw|vh)$/i.test(v) || v.toLowerCase() === 'auto' ? v : null;
}

/** Whether an element is inside an <svg> (its own width and height are the SVG renderer's). */
function insideSvg(el: Element): boolean {
  for (let p = parentElement(el); p !== null; p = parentElement(p)) if (p.name === 'svg') return true;
  return false;
}

function integer(value: string | undefined): number | null {
  if (value === undefined) return null;
  const m = /^[\t\n\f\r ]*([+-]?\d+)/.exec(value);
  return m === null ? null : parseInt(m[1], 10);
}

/** HTML legacy colour values: names, `#rgb`, `#rrggbb`, and bare hex digits. */
function legacyColor(value: string | undefined): string | null {
  if (value === undefined) return null;
  const v = value.trim().toLowerCase();
  if (v === '' || v === 'transparent') return null;
  if (namedColor(v) !== undefined) return v;
  const hex = v.startsWith('#') ? v.slice(1) : v;
  if (/^[0-9a-f]{3}$|^[0-9a-f]{6}$/.test(hex)) return `#${hex}`;
  return null;
}

const TEXT_ALIGN: Readonly<Record<string, string>> = {
  left: '-webkit-left', right: '-webkit-right', center: '-webkit-center', middle: '-webkit-center', justify: 'justify',
};
const VALIGN: Readonly<Record<string, string>> = { top: 'top', middle: 'middle', center: 'middle', bottom: 'bottom', baseline: 'baseline' };
const IMAGE_ALIGN: Readonly<Record<string, string>> = {
  top: 'top', middle: 'middle', absmiddle: 'middle', abscenter: 'middle', bottom: 'bottom', baseline: 'baseline',
  texttop: 'text-top', absbottom: 'bottom',
};
const FONT_SIZES = ['x-small', 'small', 'medium', 'large', 'x-large', 'xx-large', 'xxx-large'];
const OL_TYPES: Readonly<Record<string, string>> = { '1': 'decimal', a: 'lower-alpha', A: 'upper-alpha', i: 'lower-roman', I: 'upper-roman' };
const UL_TYPES: Readonly<Record<string, string>> = { disc: 'disc', circle: 'circle', square: 'square', none: 'none' };

function parentElement(el: Element): Element | null {
  const p = el.parent;
  return p !== null && p.type === 'tag' ? (p as Element) : null;
}

/** The table a cell or row belongs to (td → tr → tbody → table). */
function tableOf(el: Element): Element | null {
  let p = parentElement(el);
  for (let depth = 0; p !== null && depth < 3; depth++) {
    if (p.name === 'table') return p;
    p = parentElement(p);
  }
  return null;
}

/** A table's `rules` attribute when it is one of its values (any of which makes the table's borders collapse), else null. */
function rulesOf(table: Element): string | null {
  const rules = table.attribs.rules?.trim().toLowerCase();
  return rules === 'none' || rules === 'groups' || rules === 'rows' || rules === 'cols' || rules === 'all' ? rules : null;
}

/** The sides (top, right, bottom, left) a table's `frame` attribute draws. */
const FRAME_SIDES: Readonly<Record<string, readonly [boolean, boolean, boolean, boolean]>> = {
  void: [false, false, false, false], above: [true, false, false, false], below: [false, false, true, false],
  hsides: [true, false, true, false], lhs: [false, false, false, true], rhs: [false, true, false, false],
  vsides: [false, true, false, true], box: [true, true, true, true], border: [true, true, true, true],
};

/** `border-<side>: 1px solid` in the colour the table's border has (Chromium's rules: `border-color: inherit`, so `bordercolor` colours them). */
function ruleSides(out: Declaration[], sides: readonly string[]): void {
  for (const side of sides) out.push(decl(`border-${side}-width`, '1px'), decl(`border-${side}-style`, 'solid'), decl(`border-${side}-color`, 'inherit'));
}

function listType(value: string | undefined): string | null {
  if (value === undefined) return null;
  return OL_TYPES[value] ?? UL_TYPES[value.toLowerCase()] ?? null;
}

const NOT_FOR_DIRECTION = new Set(['bdi', 'script', 'style', 'textarea']);

/**
 * The direction of an element with `dir=auto` (HTML §3.2.6.4): its first strong character's, in
 * text that is not inside `bdi`, `script`, `style`, `textarea` or an element with a valid `dir`;
 * left to right when there is none.
 */
function autoDirection(el: Element): 'ltr' | 'rtl' {
  const search = (nodes: readonly AnyNode[]): 'ltr' | 'rtl' | null => {
    for (const node of nodes) {
      if (node.type === 'text') {
        const found = firstStrong(node.data);
        if (found) return found;
      } else if (node.type === 'tag') {
        const dir = node.attribs.dir?.trim().toLowerCase();
        if (NOT_FOR_DIRECTION.has(node.name) || dir === 'ltr' || dir === 'rtl' || dir === 'auto') continue;
        const found = search(node.children);
        if (found) return found;
      }
    }
    return null;
  };
  return search(el.children) ?? 'ltr';
}

/** Declarations for an element's presentational attributes (empty for most elements). */
export function presentationalHints(el: Element, baseUrl: string | null = null): readonly Declaration[] {
  const a = el.attribs;
  const tag = el.name;
  const isCell = tag === 'td' || tag === 'th';
  // Cells take cellpadding and borders from their table, so they are checked even without attributes.
  let any = isCell;
  for (const _ in a) {
    any = true;
    break;
  }
  if (!any) return NONE;
  const out: Declaration[] = [];
  const push = (property: string, value: string | null): void => {
    if (value !== null) out.push(decl(property, value));
  };

  if (a.dir?.trim().toLowerCase() === 'auto') push('direction', autoDirection(el));
  const lang = a['xml:lang'] ?? a.lang;
  if (lang !== undefined) push('-internal-lang', quoteString(lang));
  const image = (url: string | undefined): string | null => (url ? `url(${quoteString(resolveUrl(url.trim(), baseUrl))})` : null);
  const align = a.align?.trim().toLowerCase();
  const bg = legacyColor(a.bgcolor);
  switch (tag) {
    case 'p':
    case 'div':
    case 'h1':
    case 'h2':
    case 'h3':
    case 'h4':
    case 'h5':
    case 'h6':
    case 'legend':
      if (align !== undefined) push('text-align', TEXT_ALIGN[align] ?? null);
      break;
    case 'caption':
      if (align === 'top' || align === 'bottom') push('caption-side', align);
      else if (align !== undefined) push('text-align', TEXT_ALIGN[align] ?? null);
      break;
    case 'body':
      push('background-color', bg);
      push('color', legacyColor(a.text));
      push('background-image', image(a.background));
      push('margin-top', dimension(a.topmargin ?? a.marginheight, false));
      push('margin-bottom', dimension(a.bottommargin ?? a.marginheight, false));
      push('margin-left', dimension(a.leftmargin ?? a.marginwidth, false));
      push('margin-right', dimension(a.rightmargin ?? a.marginwidth, false));
      break;
    case 'table': {
      push('background-color', bg);
      push('background-image', image(a.background));
      push('width', dimension(a.width, true));
      push('height', dimension(a.height, true));
      if (align === 'center') out.push(decl('margin-left', 'auto'), decl('margin-right', 'auto'));
      else if (align === 'left' || align === 'right') push('float', align);
      const spacing = integer(a.cellspacing);
      if (spacing !== null && spacing >= 0) push('border-spacing', `${spacing}px`);
      const width = a.border === undefined ? null : a.border.trim() === '' ? 1 : integer(a.border);
      // HTML's rendering rules, as Chromium applies them: `rules` collapses the borders, `frame`
      // draws the sides it names (hiding the others, cell borders there included), `border` alone
      // draws an outset frame, and `rules` alone hides the frame.
      // `bordercolor` colours the frame and, inherited, the cells' borders, which it makes solid.
      const rules = rulesOf(el);
      if (rules !== null) push('border-collapse', 'collapse');
      const borderColor = legacyColor(a.bordercolor);
      const frame = a.frame === undefined ? undefined : FRAME_SIDES[a.frame.trim().toLowerCase()];
      if (frame !== undefined) {
        out.push(
          decl('border-width', `${width !== null && width > 0 ? width : 1}px`),
          decl('border-style', frame.map((on) => (on ? 'solid' : 'hidden')).join(' ')),
          decl('border-color', borderColor ?? 'currentcolor'),
        );
      } else if (width !== null && width > 0) {
        out.push(decl('border-width', `${width}px`), decl('border-style', borderColor === null ? 'outset' : 'solid'));
        push('border-color', borderColor);
      } else if (rules !== null) {
        push('border-style', 'hidden');
      }
      break;
    }
    case 'thead':
    case 'tbody':
    case 'tfoot':
    case 'tr': {
      // `rules=groups` draws lines between row groups.
      const table = tag === 'tr' ? null : parentElement(el);
      if (table !== null && table.name === 'table' && rulesOf(table) === 'groups') ruleSides(out, ['top', 'bottom']);
      push('background-color', bg);
      if (align !== undefined) push('text-align', TEXT_ALIGN[align] ?? null);
      if (a.valign) push('vertical-align', VALIGN[a.valign.trim().toLowerCase()] ?? null);
      if (tag === 'tr') push('height', dimension(a.height, true));
      break;
    }
    case 'td':
    case 'th': {
      push('background-color', bg);
      push('background-image', image(a.background));
      if (align !== undefined) push('text-align', TEXT_ALIGN[align] ?? null);
      if (a.valign) push('vertical-align', VALIGN[a.valign.trim().toLowerCase()] ?? null);
      push('width', dimension(a.width, true));
      push('height', dimension(a.height, true));
      if (a.nowrap !== undefined) push('white-space', 'nowrap');
      const table = tableOf(el);
      if (table !== null) {
        const pad = integer(table.attribs.cellpadding);
        if (pad !== null && pad >= 0) push('padding', `${pad}px`);
        const rules = rulesOf(table);
        const border = table.attribs.border;
        if (rules === 'all') ruleSides(out, ['top', 'right', 'bottom', 'left']);
        else if (rules === 'rows') ruleSides(out, ['top', 'bottom']);
        else if (rules === 'cols') ruleSides(out, ['left', 'right']);
        else if (rules === null && border !== undefined && (border.trim() === '' || (integer(border) ?? 0) > 0)) {
          const solid = legacyColor(table.attribs.bordercolor) !== null;
          out.push(decl('border-width', '1px'), decl('border-style', solid ? 'solid' : 'inset'), decl('border-color', 'inherit'));
        }
      }
      break;
    }
    case 'col':
    case 'colgroup': {
      const table = tag === 'colgroup' ? parentElement(el) : null;
      if (table !== null && table.name === 'table' && rulesOf(table) === 'groups') ruleSides(out, ['left', 'right']);
      push('width', dimension(a.width, true));
      if (a.valign) push('vertical-align', VALIGN[a.valign.trim().toLowerCase()] ?? null);
      break;
    }
    case 'svg':
      // An outermost <svg>'s width and height are presentation attributes: the CSS width and
      // height (SVG 2 §8.2), a percentage or a length, as Chromium sizes it (`width="100%"`).
      if (!insideSvg(el)) {
        push('width', svgLength(a.width));
        push('height', svgLength(a.height));
      }
      break;
    case 'img':
    case 'object':
    case 'embed':
    case 'iframe':
    case 'video':
    case 'input': {
      if (tag === 'input' && a.type?.toLowerCase() !== 'image') break;
      push('width', dimension(a.width, false));
      push('height', dimension(a.height, false));
      if (align === 'left' || align === 'right') push('float', align);
      else if (align !== undefined) push('vertical-align', IMAGE_ALIGN[align] ?? null);
      const h = dimension(a.hspace, false);
      if (h !== null) out.push(decl('margin-left', h), decl('margin-right', h));
      const v = dimension(a.vspace, false);
      if (v !== null) out.push(decl('margin-top', v), decl('margin-bottom', v));
      if (tag === 'img' && a.border !== undefined) {
        const w = integer(a.border);
        if (w !== null && w >= 0) out.push(decl('border-width', `${w}px`), decl('border-style', 'solid'));
      }
      break;
    }
    case 'hr': {
      push('width', dimension(a.width, true));
      if (align === 'left') out.push(decl('margin-left', '0'), decl('margin-right', 'auto'));
      else if (align === 'right') out.push(decl('margin-left', 'auto'), decl('margin-right', '0'));
      const color = legacyColor(a.color);
      if (color !== null) out.push(decl('color', color), decl('background-color', color), decl('border-style', 'solid'));
      if (a.noshade !== undefined) out.push(decl('border-style', 'solid'), decl('background-color', 'gray'));
      const size = integer(a.size);
      if (size !== null && size > 0) {
        if (size === 1) push('border-bottom-width', '0');
        else push('height', `${size - 2}px`);
      }
      break;
    }
    case 'font': {
      push('color', legacyColor(a.color));
      if (a.face) push('font-family', a.face.split(',').map((f) => quoteString(f.trim())).join(', '));
      const size = a.size?.trim();
      if (size) {
        const n = integer(size);
        if (n !== null) {
          const level = size.startsWith('+') || size.startsWith('-') ? 3 + n : n;
          push('font-size', FONT_SIZES[Math.min(7, Math.max(1, level)) - 1]);
        }
      }
      break;
    }
    case 'ol':
    case 'ul':
    case 'li':
    case 'dir':
    case 'menu':
      push('list-style-type', listType(a.type));
      break;
    case 'br':
      if (a.clear) {
        const c = a.clear.toLowerCase();
        push('clear', c === 'all' || c === 'both' ? 'both' : c === 'left' || c === 'right' ? c : null);
      }
      break;
    case 'pre':
    case 'listing':
    case 'xmp':
      if (a.wrap !== undefined) push('white-space', 'pre-wrap');
      break;
    default:
      break;
  }
  return out.length === 0 ? NONE : out;
}
