// CSS Containment 2: the `contain` keywords as flags, and the containment an element ends up with
// from `contain`, `content-visibility` and `container-type` together.
import type { CV } from '../syntax.js';

export const CONTAIN_SIZE = 1;
export const CONTAIN_LAYOUT = 2;
export const CONTAIN_STYLE = 4;
export const CONTAIN_PAINT = 8;
export const CONTAIN_INLINE_SIZE = 16;

const KEYWORDS: Readonly<Record<string, number>> = {
  size: CONTAIN_SIZE, layout: CONTAIN_LAYOUT, style: CONTAIN_STYLE, paint: CONTAIN_PAINT, 'inline-size': CONTAIN_INLINE_SIZE,
};

/** `none`, `strict`, `content`, or any of size (or inline-size), layout, style and paint once each. */
export function parseContain(values: readonly CV[]): number | undefined {
  if (values.length === 1 && values[0].type === 'ident') {
    const word = values[0].lower;
    if (word === 'none') return 0;
    if (word === 'strict') return CONTAIN_SIZE | CONTAIN_LAYOUT | CONTAIN_STYLE | CONTAIN_PAINT;
    if (word === 'content') return CONTAIN_LAYOUT | CONTAIN_STYLE | CONTAIN_PAINT;
  }
  let flags = 0;
  for (const value of values) {
    const flag = value.type === 'ident' ? KEYWORDS[value.lower] : undefined;
    if (flag === undefined || (flags & flag) !== 0) return undefined;
    flags |= flag;
  }
  if ((flags & CONTAIN_SIZE) !== 0 && (flags & CONTAIN_INLINE_SIZE) !== 0) return undefined;
  return values.length > 0 ? flags : undefined;
}

/**
 * The containment `contain` asks for, with what `content-visibility` (auto: layout, style and
 * paint; hidden: size too) and `container-type` (size: size, layout and style; inline-size:
 * inline-size, layout and style) add.
 */
export function usedContainment(contain: number, contentVisibility: 'visible' | 'auto' | 'hidden', containerType: 'normal' | 'inline-size' | 'size'): number {
  let flags = contain;
  if (contentVisibility !== 'visible') flags |= CONTAIN_LAYOUT | CONTAIN_STYLE | CONTAIN_PAINT | (contentVisibility === 'hidden' ? CONTAIN_SIZE : 0);
  if (containerType === 'size') flags |= CONTAIN_SIZE | CONTAIN_LAYOUT | CONTAIN_STYLE;
  else if (containerType === 'inline-size') flags |= CONTAIN_INLINE_SIZE | CONTAIN_LAYOUT | CONTAIN_STYLE;
  return flags;
}

/** Layout or paint containment: an independent formatting context, and the containing block of absolutely positioned and fixed descendants. */
export function containsLayout(contain: number): boolean {
  return (contain & (CONTAIN_LAYOUT | CONTAIN_PAINT)) !== 0;
}
