// SVG markup read the way svg-to-pdfkit (0.1.8) reads it, with where each node is in the source,
// and its font properties cascaded as svg-to-pdfkit cascades them (stylesheet rules of tag, class
// and id selectors, then the style attribute, then presentation attributes, then the parent).
// svg-fonts.ts rewrites SVG text through it, so what it finds must be what svg-to-pdfkit will see.

export interface SvgMarkupElement {
  readonly kind: 'element';
  readonly name: string;
  /** Attribute values with entities decoded; the first of duplicate attributes. */
  readonly attributes: Readonly<Record<string, string>>;
  readonly children: SvgMarkupNode[];
  readonly parent: SvgMarkupElement | null;
  /** Made after a parse error: svg-to-pdfkit leaves such nodes out. */
  readonly error: boolean;
  /** Offset just past the tag name in the (trimmed) source, where an attribute can be added. */
  readonly nameEnd: number;
  /** Offset just past the opening tag's `>` (or `/>`). */
  readonly openEnd: number;
  readonly classes: readonly string[];
}

export interface SvgMarkupText {
  readonly kind: 'text' | 'cdata';
  /** The characters svg-to-pdfkit sees (entities decoded). */
  readonly value: string;
  readonly start: number;
  readonly end: number;
  readonly parent: SvgMarkupElement;
  readonly error: boolean;
}

export type SvgMarkupNode = SvgMarkupElement | SvgMarkupText;

export interface SvgMarkup {
  /** The source as parsed: svg-to-pdfkit trims it first, and offsets are into this string. */
  readonly source: string;
  readonly root: SvgMarkupElement | null;
}

// svg-to-pdfkit's named entities (its `Entities` table).
const ENTITIES: Readonly<Record<string, number>> = {
  quot: 34, amp: 38, lt: 60, gt: 62, apos: 39, OElig: 338, oelig: 339, Scaron: 352, scaron: 353, Yuml: 376, circ: 710,
  tilde: 732, ensp: 8194, emsp: 8195, thinsp: 8201, zwnj: 8204, zwj: 8205, lrm: 8206, rlm: 8207, ndash: 8211, mdash: 8212,
  lsquo: 8216, rsquo: 8217, sbquo: 8218, ldquo: 8220, rdquo: 8221, bdquo: 8222, dagger: 8224, Dagger: 8225, permil: 8240,
  lsaquo: 8249, rsaquo: 8250, euro: 8364, nbsp: 160, iexcl: 161, cent: 162, pound: 163, curren: 164, yen: 165, brvbar: 166,
  sect: 167, uml: 168, copy: 169, ordf: 170, laquo: 171, not: 172, shy: 173, reg: 174, macr: 175, deg: 176, plusmn: 177,
  sup2: 178, sup3: 179, acute: 180, micro: 181, para: 182, middot: 183, cedil: 184, sup1: 185, ordm: 186, raquo: 187,
  frac14: 188, frac12: 189, frac34: 190, iquest: 191, Agrave: 192, Aacute: 193, Acirc: 194, Atilde: 195, Auml: 196,
  Aring: 197, AElig: 198, Ccedil: 199, Egrave: 200, Eacute: 201, Ecirc: 202, Euml: 203, Igrave: 204, Iacute: 205, Icirc: 206,
  Iuml: 207, ETH: 208, Ntilde: 209, Ograve: 210, Oacute: 211, Ocirc: 212, Otilde: 213, Ouml: 214, times: 215, Oslash: 216,
  Ugrave: 217, Uacute: 218, Ucirc: 219, Uuml: 220, Yacute: 221, THORN: 222, szlig: 223, agrave: 224, aacute: 225, acirc: 226,
  atilde: 227, auml: 228, aring: 229, aelig: 230, ccedil: 231, egrave: 232, eacute: 233, ecirc: 234, euml: 235, igrave: 236,
  iacute: 237, icirc: 238, iuml: 239, eth: 240, ntilde: 241, ograve: 242, oacute: 243, ocirc: 244, otilde: 245, ouml: 246,
  divide: 247, oslash: 248, ugrave: 249, uacute: 250, ucirc: 251, uuml: 252, yacute: 253, thorn: 254, yuml: 255, fnof: 402,
  Alpha: 913, Beta: 914, Gamma: 915, Delta: 916, Epsilon: 917, Zeta: 918, Eta: 919, Theta: 920, Iota: 921, Kappa: 922,
  Lambda: 923, Mu: 924, Nu: 925, Xi: 926, Omicron: 927, Pi: 928, Rho: 929, Sigma: 931, Tau: 932, Upsilon: 933, Phi: 934,
  Chi: 935, Psi: 936, Omega: 937, alpha: 945, beta: 946, gamma: 947, delta: 948, epsilon: 949, zeta: 950, eta: 951,
  theta: 952, iota: 953, kappa: 954, lambda: 955, mu: 956, nu: 957, xi: 958, omicron: 959, pi: 960, rho: 961, sigmaf: 962,
  sigma: 963, tau: 964, upsilon: 965, phi: 966, chi: 967, psi: 968, omega: 969, thetasym: 977, upsih: 978, piv: 982,
  bull: 8226, hellip: 8230, prime: 8242, Prime: 8243, oline: 8254, frasl: 8260, weierp: 8472, image: 8465, real: 8476,
  trade: 8482, alefsym: 8501, larr: 8592, uarr: 8593, rarr: 8594, darr: 8595, harr: 8596, crarr: 8629, lArr: 8656,
  uArr: 8657, rArr: 8658, dArr: 8659, hArr: 8660, forall: 8704, part: 8706, exist: 8707, empty: 8709, nabla: 8711,
  isin: 8712, notin: 8713, ni: 8715, prod: 8719, sum: 8721, minus: 8722, lowast: 8727, radic: 8730, prop: 8733,
  infin: 8734, ang: 8736, and: 8743, or: 8744, cap: 8745, cup: 8746, int: 8747, there4: 8756, sim: 8764, cong: 8773,
  asymp: 8776, ne: 8800, equiv: 8801, le: 8804, ge: 8805, sub: 8834, sup: 8835, nsub: 8836, sube: 8838, supe: 8839,
  oplus: 8853, otimes: 8855, perp: 8869, sdot: 8901, lceil: 8968, rceil: 8969, lfloor: 8970, rfloor: 8971, lang: 9001,
  rang: 9002, loz: 9674, spades: 9824, clubs: 9827, hearts: 9829, diams: 9830,
};

/** svg-to-pdfkit's decodeEntities (numeric references through fromCharCode, as it does). */
export function decodeSvgEntities(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(/&(?:#([0-9]+)|#[xX]([0-9A-Fa-f]+)|([0-9A-Za-z]+));/g, (match, decimal?: string, hex?: string, name?: string) => {
    if (decimal) return String.fromCharCode(parseInt(decimal, 10));
    if (hex) return String.fromCharCode(parseInt(hex, 16));
    const code = name !== undefined && Object.hasOwn(ENTITIES, name) ? ENTITIES[name] : undefined;
    return code !== undefined ? String.fromCharCode(code) : match;
  });
}

// svg-to-pdfkit's token patterns, anchored where the previous token ended.
const OPEN_TAG = /<([\w:.-]+)\s*/y;
const ATTRIBUTE = /([\w:.-]+)(?:\s*=\s*"([^"]*)"|\s*=\s*'([^']*)')?\s*/y;
const CLOSE_TAG = /<\/([\w:.-]+)\s*>/y;
const COMMENT = /<!--[\s\S]*?-->/y;
const INSTRUCTION = /<\?[\s\S]*?\?>/y;
const DOCTYPE = /<!DOCTYPE\s*([\s\S]*?)>/y;
const CDATA = /<!\[CDATA\[([\s\S]*?)\]\]>/y;
const TEXT = /[^<]+/y;

/**
 * Parses `svg` as svg-to-pdfkit's parseXml does (same tokens, same recovery from errors), keeping
 * each element's and text's place in the source. Throws only where svg-to-pdfkit's recursive
 * parser would overflow the stack too.
 */
export function parseSvgMarkup(svg: string): SvgMarkup {
  const source = svg.trim();
  let at = 0;
  let error = false;
  const match = (pattern: RegExp): RegExpExecArray | null => {
    pattern.lastIndex = at;
    const m = pattern.exec(source);
    if (m !== null) at = pattern.lastIndex;
    return m;
  };
  type Parsed = SvgMarkupNode | 'other' | null;
  const parseNode = (parent: SvgMarkupElement | null): Parsed => {
    let m: RegExpExecArray | null;
    if ((m = match(OPEN_TAG)) !== null) {
      const nameEnd = m.index + 1 + m[1].length;
      const attributes: Record<string, string> = Object.create(null) as Record<string, string>;
      const element: SvgMarkupElement & { openEnd: number; classes: string[] } = {
        kind: 'element', name: m[1], attributes, children: [], parent, error, nameEnd, openEnd: 0, classes: [],
      };
      while ((m = match(ATTRIBUTE)) !== null) {
        const value = decodeSvgEntities(m[2] ?? m[3] ?? '');
        if (!attributes[m[1]]) {
          attributes[m[1]] = value;
          if (m[1] === 'class') element.classes = value.split(' ');
        } else {
          error = true;
        }
      }
      if (match(/>/y) !== null) {
        element.openEnd = at;
        for (let child = parseNode(element); child !== null; child = parseNode(element)) {
          if (child !== 'other') element.children.push(child);
        }
        if ((m = match(CLOSE_TAG)) !== null) {
          if (m[1] !== element.name) error = true;
        } else {
          error = true;
        }
        return element;
      }
      if (match(/\/>/y) !== null) {
        element.openEnd = at;
        return element;
      }
      error = true;
      return null;
    }
    if (match(COMMENT) !== null || match(INSTRUCTION) !== null || match(DOCTYPE) !== null) return 'other';
    const start = at;
    if ((m = match(CDATA)) !== null) return parent === null ? 'other' : { kind: 'cdata', value: m[1], start, end: at, parent, error };
    if ((m = match(TEXT)) !== null) return parent === null ? 'other' : { kind: 'text', value: decodeSvgEntities(m[0]), start, end: at, parent, error };
    return null;
  };
  let root: SvgMarkupElement | null = null;
  for (let node = parseNode(null); node !== null; node = parseNode(null)) {
    if (root === null && node !== 'other' && node.kind === 'element') root = node;
  }
  return { source, root };
}

/** The text of an element as svg-to-pdfkit's textContent has it (text and CDATA of all descendants). */
export function svgTextContent(element: SvgMarkupElement): string {
  let text = '';
  for (const child of element.children) text += child.kind === 'element' ? svgTextContent(child) : child.value;
  return text;
}

/** A compound selector of svg-to-pdfkit's stylesheets: tags, ids and classes, no combinators. */
interface Selector {
  readonly tags: readonly string[];
  readonly ids: readonly string[];
  readonly classes: readonly string[];
  readonly specificity: number;
}

interface StyleRule {
  readonly selector: Selector;
  readonly declarations: Readonly<Record<string, string>>;
}

/** svg-to-pdfkit's parseStyleAttr: `key: value` pairs, with `font` expanded into its longhands. */
function parseDeclarations(text: string): Record<string, string> {
  const result: Record<string, string> = Object.create(null) as Record<string, string>;
  for (const part of text.trim().split(/;/)) {
    const pieces = part.split(':');
    const key = (pieces[0] ?? '').trim();
    if (key) result[key] = (pieces[1] ?? '').trim();
  }
  const font = result.font;
  if (font) {
    let family: string | null = null;
    let size: string | null = null;
    let style = 'normal';
    let weight = 'normal';
    for (const word of font.split(/\s+/)) {
      if (word === 'normal' || word === 'small-caps') continue;
      if (word === 'italic' || word === 'oblique') style = word;
      else if (/^(?:bold|bolder|lighter|[1-9]00)$/.test(word)) weight = word;
      else if (!size) size = word;
      else family = family === null ? word : `${family} ${word}`;
    }
    result['font-style'] ||= style;
    result['font-weight'] ||= weight;
    if (!result['font-family'] && family !== null) result['font-family'] = family;
  }
  return result;
}

function parseSelector(text: string): Selector | null {
  const tags: string[] = [];
  const ids: string[] = [];
  const classes: string[] = [];
  for (const part of text.split(/(?=[.#])/g)) {
    let m: RegExpMatchArray | null;
    if ((m = /^[#]([_A-Za-z0-9-]+)$/.exec(part)) !== null) ids.push(m[1]);
    else if ((m = /^[.]([_A-Za-z0-9-]+)$/.exec(part)) !== null) classes.push(m[1]);
    else if ((m = /^([_A-Za-z0-9-]+)$/.exec(part)) !== null) tags.push(m[1]);
    else if (part !== '*') return null;
  }
  return { tags, ids, classes, specificity: ids.length * 10000 + classes.length * 100 + tags.length };
}

function parseStyleSheet(text: string): StyleRule[] {
  const rules: StyleRule[] = [];
  const source = text.trim();
  const rule = /\s*([^{}]*?)\s*\{([^{}]*?)\}/y;
  let m: RegExpExecArray | null;
  while ((m = rule.exec(source)) !== null) {
    const declarations = parseDeclarations(m[2]);
    for (const selectorText of m[1].split(/\s*,\s*/g)) {
      const selector = parseSelector(selectorText);
      if (selector !== null) rules.push({ selector, declarations });
    }
  }
  return rules;
}

function matches(element: SvgMarkupElement, selector: Selector): boolean {
  return selector.tags.every((t) => t === element.name)
    && selector.ids.every((id) => id === element.attributes.id)
    && selector.classes.every((c) => element.classes.includes(c));
}

/** The properties svg-to-pdfkit's fontCallback is given, and those svg-fonts.ts splits and wraps text by. */
export type SvgFontProperty = 'font-family' | 'font-weight' | 'font-style' | 'direction' | 'alignment-baseline';

// svg-to-pdfkit's Properties for these keys: inheritance, initial value and the keywords it accepts.
const BASELINES: Readonly<Record<string, string>> = {
  auto: 'baseline', baseline: 'baseline', 'before-edge': 'before-edge', 'text-before-edge': 'before-edge', middle: 'middle',
  central: 'central', 'after-edge': 'after-edge', 'text-after-edge': 'after-edge', ideographic: 'ideographic',
  alphabetic: 'alphabetic', hanging: 'hanging', mathematical: 'mathematical',
};
const PROPERTIES: Readonly<Record<SvgFontProperty, { readonly inherit: boolean; readonly values: Readonly<Record<string, string>> | null }>> = {
  'font-family': { inherit: true, values: null },
  'font-weight': {
    inherit: true,
    values: {
      600: 'bold', 700: 'bold', 800: 'bold', 900: 'bold', bold: 'bold', bolder: 'bold', 500: 'normal', 400: 'normal',
      300: 'normal', 200: 'normal', 100: 'normal', normal: 'normal', lighter: 'normal',
    },
  },
  'font-style': { inherit: true, values: { italic: 'italic', oblique: 'italic', normal: 'normal' } },
  direction: { inherit: true, values: { ltr: 'ltr', rtl: 'rtl' } },
  'alignment-baseline': { inherit: false, values: BASELINES },
};

/**
 * Font properties of the elements of one parsed SVG, cascaded as svg-to-pdfkit does; `initial`
 * replaces svg-to-pdfkit's initial font-family (`sans-serif`).
 */
export class SvgFontCascade {
  private readonly rules: readonly StyleRule[];
  private readonly initial: Readonly<Record<SvgFontProperty, string | undefined>>;
  private readonly styles = new Map<SvgMarkupElement, Readonly<Record<string, string>>>();
  private readonly sheets = new Map<SvgMarkupElement, Readonly<Record<string, string>>>();
  private readonly computed = new Map<SvgMarkupElement, Map<SvgFontProperty, string | undefined>>();

  constructor(markup: SvgMarkup, initial: { readonly family: string }) {
    const rules: StyleRule[] = [];
    const visit = (element: SvgMarkupElement): void => {
      if (element.name === 'style') rules.push(...parseStyleSheet(svgTextContent(element)));
      for (const child of element.children) if (child.kind === 'element') visit(child);
    };
    if (markup.root !== null) visit(markup.root);
    this.rules = rules;
    this.initial = { 'font-family': initial.family, 'font-weight': 'normal', 'font-style': 'normal', direction: 'ltr', 'alignment-baseline': undefined };
  }

  /** The element's computed value of `key` (undefined: none, for alignment-baseline). */
  get(element: SvgMarkupElement, key: SvgFontProperty): string | undefined {
    let byKey = this.computed.get(element);
    if (byKey === undefined) {
      byKey = new Map();
      this.computed.set(element, byKey);
    }
    if (byKey.has(key)) return byKey.get(key);
    const value = this.compute(element, key);
    byKey.set(key, value);
    return value;
  }

  private compute(element: SvgMarkupElement, key: SvgFontProperty): string | undefined {
    const { inherit, values } = PROPERTIES[key];
    const parent = element.parent;
    const sources = [this.sheet(element)[key], this.style(element)[key], element.attributes[key]];
    for (const value of sources) {
      if (value === 'inherit') {
        const inherited = parent !== null ? this.get(parent, key) : this.initial[key];
        if (inherited !== undefined) return inherited;
      }
      if (values !== null) {
        const known = value !== undefined && Object.hasOwn(values, value) ? values[value] : undefined;
        if (known !== undefined) return known;
      } else if (value) {
        return value;
      }
    }
    return inherit && parent !== null ? this.get(parent, key) : this.initial[key];
  }

  private style(element: SvgMarkupElement): Readonly<Record<string, string>> {
    let style = this.styles.get(element);
    if (style === undefined) {
      style = parseDeclarations(element.attributes.style ?? '');
      this.styles.set(element, style);
    }
    return style;
  }

  /** What the stylesheet rules give the element, the most specific rule (then the last) winning per key. */
  private sheet(element: SvgMarkupElement): Readonly<Record<string, string>> {
    let result = this.sheets.get(element);
    if (result === undefined) {
      const values: Record<string, string> = Object.create(null) as Record<string, string>;
      const specificities: Record<string, number> = Object.create(null) as Record<string, number>;
      for (const rule of this.rules) {
        if (!matches(element, rule.selector)) continue;
        for (const key of Object.keys(rule.declarations)) {
          if (!(specificities[key] > rule.selector.specificity)) {
            values[key] = rule.declarations[key];
            specificities[key] = rule.selector.specificity;
          }
        }
      }
      result = values;
      this.sheets.set(element, result);
    }
    return result;
  }
}
