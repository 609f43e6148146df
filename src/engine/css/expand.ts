// Declarations to longhand specified values (aliases, shorthands, CSS-wide keywords, var()), cached.
import { longhandId, longhands } from './properties/index.js';
import { RESET, aliasOf, shorthand, webkitLogicalName } from './shorthands.js';
import { parseComponents } from './syntax.js';
import { containsVar } from './var.js';

export type CssWideKeyword = 'inherit' | 'initial' | 'unset' | 'revert';

/** A CSS-wide keyword as a specified value. */
export class CssWide {
  constructor(readonly keyword: CssWideKeyword) {}
}

export const INHERIT = new CssWide('inherit');
export const INITIAL = new CssWide('initial');
export const UNSET = new CssWide('unset');
export const REVERT = new CssWide('revert');

function cssWide(lower: string): CssWide | undefined {
  switch (lower) {
    case 'inherit':
      return INHERIT;
    case 'initial':
      return INITIAL;
    case 'unset':
      return UNSET;
    case 'revert':
    case 'revert-layer':
      return REVERT;
    default:
      return undefined;
  }
}

/** A value with var(): parsed once the element's custom properties are known. */
export class PendingSubstitution {
  constructor(
    readonly text: string,
    /** The declared property (a shorthand or a longhand) to re-expand after substitution. */
    readonly property: string,
    /**
     * The longhand of that expansion this value stands for: its left-to-right one for a logical
     * property, which a right-to-left element applies to the mirrored side.
     */
    readonly longhand?: string,
  ) {}
}

/** One longhand a declaration sets; custom properties have id -1 and a string or CssWide value. */
export interface Longhand {
  readonly id: number;
  readonly name: string;
  readonly value: unknown;
  /**
   * From a logical property (`margin-inline-start`, `padding-inline`, `border-start-end-radius`…):
   * the longhand it sets on a right-to-left element, where inline-start is the right side. `id`
   * and `name` are the left-to-right one.
   */
  readonly flip?: number;
}

let allLonghands: readonly string[] | null = null;

/** `all` resets every longhand but direction and unicode-bidi. */
function longhandsOfAll(): readonly string[] {
  return (allLonghands ??= longhands().map((p) => p.name).filter((n) => n !== 'direction' && n !== 'unicode-bidi'));
}

const cache = new Map<string, readonly Longhand[] | null>();

/** Whether a property names the inline start or end side (or a corner by them): which physical side depends on the direction. */
function isInlineLogical(name: string): boolean {
  return /(^|-)inline(-start|-end)?(-width|-style|-color)?$/.test(name) && !name.endsWith('inline-size') || /^border-(start|end)-(start|end)-radius$/.test(name);
}

/** A physical longhand's name with left and right swapped (`margin-left` → `margin-right`). */
function mirroredName(name: string): string {
  return name.replace(/left|right/, (side) => (side === 'left' ? 'right' : 'left'));
}

/** The longhands a declaration sets, or null when it is invalid or unsupported (dropped). */
export function expandDeclaration(property: string, value: string): readonly Longhand[] | null {
  const key = `${property}\u0000${value}`;
  let r = cache.get(key);
  if (r === undefined) {
    try {
      r = expand(property, value);
    } catch {
      r = null; // pathological values (nesting deep enough to exhaust the stack) are invalid
    }
    if (cache.size > 50_000) cache.clear();
    cache.set(key, r);
  }
  return r;
}

function expand(property: string, value: string): readonly Longhand[] | null {
  if (property.startsWith('--')) {
    const trimmed = value.trim();
    return [{ id: -1, name: property, value: cssWide(trimmed.toLowerCase()) ?? trimmed }];
  }
  let name = property.toLowerCase();
  name = webkitLogicalName(name) ?? name;
  const logical = isInlineLogical(name);
  name = aliasOf(name) ?? name;
  const sh = name === 'all' ? null : shorthand(name);
  const names = name === 'all' ? longhandsOfAll() : sh ? sh.longhands : [name];
  const single = name === 'all' || sh ? undefined : longhandId(name);
  if (name !== 'all' && sh === undefined && single === undefined) return null;
  const entry = (n: string, v: unknown): Longhand => {
    const flip = logical ? longhandId(mirroredName(n)) : undefined;
    return flip === undefined ? { id: longhandId(n)!, name: n, value: v } : { id: longhandId(n)!, name: n, value: v, flip };
  };

  if (containsVar(value)) {
    if (!logical) {
      const pending = new PendingSubstitution(value, name);
      return names.map((n) => entry(n, pending));
    }
    return names.map((n) => entry(n, new PendingSubstitution(value, name, n)));
  }
  const values = parseComponents(value);
  if (values.length === 0 || values.some((v) => v.type === 'bad')) return null;
  const keyword = values.length === 1 && values[0].type === 'ident' ? cssWide(values[0].lower) : undefined;
  if (keyword !== undefined) return names.map((n) => entry(n, keyword));
  if (name === 'all') return null;
  if (sh) {
    const expansion = sh.expand(values, value);
    if (expansion === undefined) return null;
    return expansion.map(([n, spec]) => entry(n, spec === RESET ? INITIAL : spec));
  }
  const spec = longhands()[single!].parse(values, value);
  return spec === undefined ? null : [entry(name, spec)];
}
