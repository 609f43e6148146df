// Structural pseudo-classes (:nth-child and kin) on cached sibling positions, replacing css-select's
// versions, which count siblings on every test and run before cheaper checks.
import { compile } from 'css-select';
import type { Element } from 'domhandler';

interface Position {
  readonly index: number; // 0-based among element siblings
  readonly count: number;
  readonly typeIndex: number; // among siblings with the same name
  typeCount: number;
}

// The document is not mutated while it is styled, so positions are computed once per parent.
const positions = new WeakMap<Element, Position>();

function isElement(n: { type: string }): n is Element {
  return n.type === 'tag' || n.type === 'script' || n.type === 'style';
}

function positionOf(el: Element): Position {
  let p = positions.get(el);
  if (p !== undefined) return p;
  const siblings = el.parent === null ? [el] : el.parent.children.filter(isElement);
  const typeCounts = new Map<string, number>();
  const created: Position[] = [];
  siblings.forEach((s, index) => {
    const typeIndex = typeCounts.get(s.name) ?? 0;
    typeCounts.set(s.name, typeIndex + 1);
    const pos: Position = { index, count: siblings.length, typeIndex, typeCount: 0 };
    created.push(pos);
    positions.set(s, pos);
  });
  siblings.forEach((s, i) => (created[i].typeCount = typeCounts.get(s.name)!));
  p = positions.get(el);
  return p ?? { index: 0, count: 1, typeIndex: 0, typeCount: 1 };
}

/** `An+B` as [a, b], or null when invalid. */
export function parseNth(text: string): [number, number] | null {
  const s = text.trim().toLowerCase().replace(/\s+/g, '');
  if (s === 'odd') return [2, 1];
  if (s === 'even') return [2, 0];
  const m = /^([+-]?\d*)n([+-]\d+)?$|^([+-]?\d+)$/.exec(s);
  if (m === null) return null;
  if (m[3] !== undefined) return [0, parseInt(m[3], 10)];
  const a = m[1] === '' || m[1] === '+' ? 1 : m[1] === '-' ? -1 : parseInt(m[1], 10);
  return [a, m[2] === undefined ? 0 : parseInt(m[2], 10)];
}

/** Does 1-based position `pos` satisfy An+B for some n ≥ 0? */
function matchesNth([a, b]: [number, number], pos: number): boolean {
  if (a === 0) return pos === b;
  const n = (pos - b) / a;
  return Number.isInteger(n) && n >= 0;
}

const nthCache = new Map<string, { nth: [number, number]; of: ((el: Element) => boolean) | null } | null>();

function nthOf(data: string, options: object): { nth: [number, number]; of: ((el: Element) => boolean) | null } | null {
  let r = nthCache.get(data);
  if (r === undefined) {
    const m = /^(.+?)\s+of\s+(.+)$/is.exec(data);
    const nth = parseNth(m ? m[1] : data);
    let of: ((el: Element) => boolean) | null = null;
    if (m !== null) {
      try {
        of = compile<unknown, Element>(m[2], options as never) as unknown as (el: Element) => boolean;
      } catch {
        of = () => false;
      }
    }
    r = nth === null ? null : { nth, of };
    // Keyed by selector text across every document of the process: bounded.
    if (nthCache.size >= 1000) nthCache.clear();
    nthCache.set(data, r);
  }
  return r;
}

/** Position of `el` counting only siblings that match `of` (for `:nth-child(An+B of S)`). */
function filteredPosition(el: Element, of: (el: Element) => boolean, fromEnd: boolean): number {
  if (!of(el)) return -1;
  const siblings = el.parent === null ? [el] : el.parent.children.filter(isElement);
  let pos = 0;
  const ordered = fromEnd ? [...siblings].reverse() : siblings;
  for (const s of ordered) {
    if (of(s)) pos++;
    if (s === el) return pos;
  }
  return -1;
}

type Pseudo = (el: Element, data?: string | null) => boolean;

function nth(fromEnd: boolean, ofType: boolean, options: () => object): Pseudo {
  return (el, data) => {
    const parsed = nthOf(data ?? '', options());
    if (parsed === null) return false;
    if (parsed.of !== null && !ofType) {
      const pos = filteredPosition(el, parsed.of, fromEnd);
      return pos > 0 && matchesNth(parsed.nth, pos);
    }
    const p = positionOf(el);
    const index = ofType ? p.typeIndex : p.index;
    const count = ofType ? p.typeCount : p.count;
    return matchesNth(parsed.nth, fromEnd ? count - index : index + 1);
  };
}

/** Replacements for css-select's structural pseudo-classes; `options` gives the compile options for `of S`. */
export function structuralPseudos(options: () => object): Record<string, Pseudo> {
  return {
    'nth-child': nth(false, false, options),
    'nth-last-child': nth(true, false, options),
    'nth-of-type': nth(false, true, options),
    'nth-last-of-type': nth(true, true, options),
    'first-child': (el) => positionOf(el).index === 0,
    'last-child': (el) => {
      const p = positionOf(el);
      return p.index === p.count - 1;
    },
    'only-child': (el) => positionOf(el).count === 1,
    'first-of-type': (el) => positionOf(el).typeIndex === 0,
    'last-of-type': (el) => {
      const p = positionOf(el);
      return p.typeIndex === p.typeCount - 1;
    },
    'only-of-type': (el) => positionOf(el).typeCount === 1,
  };
}
