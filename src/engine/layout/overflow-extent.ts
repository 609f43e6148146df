// How far a fragment's content reaches, as Chromium measures scrollable overflow.
import type { ComputedStyle } from '../css/types.js';
import { boundingRect, boxTransform } from '../paint/transform.js';
import type { Fragment } from './fragments.js';

/**
 * The right (`x`) or bottom (`y`) edge of a fragment's scrollable overflow, as Chromium measures it
 * for shrinking: border boxes, text runs (a nowrap line, a long word), inline and replaced boxes,
 * wherever they were placed (relative offsets, negative margins, absolute positions); not what a
 * box clips (overflow other than visible), nor fixed boxes (they repeat on every page, outside the
 * page area's flow).
 */
export function overflowEnd(fragment: Fragment, axis: 'x' | 'y'): number {
  switch (fragment.kind) {
    case 'text':
      // A vertical line's text reaches half its size right of its central baseline and runs down
      // from its baseline; a horizontal one reaches its descent under its baseline.
      if (axis === 'x') return fragment.x + (fragment.vertical ? fragment.size / 2 : fragment.width);
      return fragment.baseline + (fragment.vertical ? fragment.width : fragment.font.descent * fragment.size);
    case 'inline':
      return axis === 'x' ? fragment.x + fragment.width : fragment.y + fragment.height;
    case 'replaced':
      return transformedEnd(fragment, fragment.box.style, axis === 'x' ? fragment.x + fragment.width : fragment.y + fragment.height, axis);
    case 'line': {
      let end = -Infinity;
      for (const child of fragment.children) end = Math.max(end, overflowEnd(child, axis));
      return end;
    }
    case 'box': {
      if (fragment.style.position === 'fixed') return -Infinity;
      let end = axis === 'x' ? fragment.x + fragment.width : fragment.y + fragment.height;
      if (fragment.style.overflow === 'visible') for (const child of fragment.children) end = Math.max(end, overflowEnd(child, axis));
      return transformedEnd(fragment, fragment.style, end, axis);
    }
  }
}

/** The right or bottom edge of a box's overflow reaching `end` once its `transform` moves it (Chromium counts it transformed). */
function transformedEnd(rect: { x: number; y: number; width: number; height: number }, style: ComputedStyle, end: number, axis: 'x' | 'y'): number {
  const m = boxTransform(style, rect);
  if (m === null || end === -Infinity) return end;
  if (axis === 'x') {
    const bounds = boundingRect(m, rect.x, rect.y, end - rect.x, rect.height);
    return bounds.x + bounds.width;
  }
  const bounds = boundingRect(m, rect.x, rect.y, rect.width, end - rect.y);
  return bounds.y + bounds.height;
}
