// Longhands that cut content short: text-overflow, -webkit-line-clamp with the -webkit-box it needs,
// and -webkit-text-fill-color (text shown only through its background, with background-clip: text).
import type { StyleDraft } from '../initial.js';
import { type PropertyDef, keywordProperty, simple } from '../property.js';
import type { CV } from '../syntax.js';
import { parseColor, resolveColor } from '../values/color.js';

/** `-webkit-line-clamp`: `none` or a positive integer. */
function parseLineClamp(values: readonly CV[]): number | 'none' | undefined {
  if (values.length !== 1) return undefined;
  const v = values[0];
  if (v.type === 'ident') return v.lower === 'none' ? 'none' : undefined;
  return v.type === 'number' && Number.isInteger(v.value) && v.value >= 1 ? v.value : undefined;
}

export function truncationProperties(): PropertyDef[] {
  return [
    // Chromium takes neither a <string> nor two values (decision 0317).
    keywordProperty('text-overflow', 'textOverflow', false, ['clip', 'ellipsis'] as const),
    simple('-webkit-line-clamp', 'lineClamp', false, parseLineClamp, (spec) => (spec === 'none' ? null : spec)),
    keywordProperty('-webkit-box-orient', 'boxOrient', false, ['horizontal', 'vertical'] as const, { 'inline-axis': 'horizontal', 'block-axis': 'vertical' }),
    simple('-webkit-text-fill-color', 'textFillColor', true, (values) => (values.length === 1 ? parseColor(values[0]) : undefined), (spec, ctx) =>
      spec === 'currentcolor' ? null : resolveColor(spec, ctx.color),
    ),
  ];
}

/**
 * What a -webkit-box is, once its longhands are known (decision 0318): with `-webkit-box-orient:
 * vertical` and a line clamp, a block container that clamps its lines, as Chromium lays it out;
 * vertical without one, a column flex container; else a row flex container. A line clamp on
 * anything else does nothing.
 */
export function finishTruncation(d: StyleDraft): void {
  if (d.lineClamp === null) {
    if (d.webkitBox && d.boxOrient === 'vertical') d.flexDirection = 'column';
    return;
  }
  if (!d.webkitBox || d.boxOrient !== 'vertical') {
    d.lineClamp = null;
    return;
  }
  if (d.display === 'flex') d.display = 'flow-root';
  else if (d.display === 'inline-flex') d.display = 'inline-block';
}
