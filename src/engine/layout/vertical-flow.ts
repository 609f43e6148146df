// The fragments of a vertical flow, laid out as horizontal lines in a logical frame (inline size
// the area's height), turned onto the page: logical y becomes x counted from the area's right edge
// (vertical-rl) or left edge (vertical-lr), logical x becomes y (decision 0290).
import { translate, type BoxFragment, type Edges, type Fragment, type TextFragment } from './fragments.js';
import { combinedTextOf, physicalStyle } from './vertical-styles.js';

/** The page area (or box) a vertical flow fills, in page px, and how its lines stack. */
export interface VerticalArea {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
  readonly mode: 'vertical-rl' | 'vertical-lr';
}

interface Rect {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

function rectOf(rect: Rect, area: VerticalArea): Rect {
  const x = area.mode === 'vertical-rl' ? area.x + area.width - rect.y - rect.height : area.x + rect.y;
  return { x, y: area.y + rect.x, width: rect.height, height: rect.width };
}

function edgesOf(edges: Edges, area: VerticalArea): Edges {
  return area.mode === 'vertical-rl'
    ? { top: edges.left, right: edges.top, bottom: edges.right, left: edges.bottom }
    : { top: edges.left, right: edges.bottom, bottom: edges.right, left: edges.top };
}

/** A box fragment laid out in the logical frame of `area`, and everything in it, on the page. */
export function verticalToPage(fragment: BoxFragment, area: VerticalArea): BoxFragment {
  return mapFragment(fragment, area) as BoxFragment;
}

/** Horizontal blocks in a vertical flow (layout/vertical-orthogonal.ts): their place in the flow, and their content laid out on the page's axes. */
export const unturned = new WeakMap<BoxFragment, BoxFragment>();

function mapFragment(fragment: Fragment, area: VerticalArea): Fragment {
  const horizontal = fragment.kind === 'box' ? unturned.get(fragment) : undefined;
  if (horizontal !== undefined) {
    const { x, y } = rectOf(fragment as BoxFragment, area);
    translate(horizontal, x - horizontal.x, y - horizontal.y);
    return horizontal;
  }
  switch (fragment.kind) {
    case 'text':
      return mapText(fragment, area);
    case 'line':
      return { ...fragment, ...rectOf(fragment, area), children: fragment.children.map((child) => mapFragment(child, area)) };
    case 'box': {
      const { collapsedBorders: _borders, underlays: _underlays, ...rest } = fragment;
      return {
        ...rest, ...rectOf(fragment, area), style: physicalStyle(fragment.style),
        border: edgesOf(fragment.border, area), padding: edgesOf(fragment.padding, area),
        children: fragment.children.map((child) => mapFragment(child, area)),
      };
    }
    default:
      return { ...fragment, ...rectOf(fragment, area), border: edgesOf(fragment.border, area), padding: edgesOf(fragment.padding, area) };
  }
}

/**
 * A run of text on its vertical line: `x` its central baseline, `baseline` its top. The logical
 * layout set it on an alphabetic baseline in its line-height, the ascent and descent rounded as
 * Chromium rounds them and the leading shared about them (the half above floored); the central
 * baseline is the middle of the rounded ascent and descent, not quite of the line-height.
 */
function mapText(fragment: TextFragment, area: VerticalArea): TextFragment {
  const { font, size, style } = fragment;
  const ascent = Math.round(font.ascent * size);
  const descent = Math.round(font.descent * size);
  // Chromium's central baseline is half the rounded ascent plus descent past the floored half-leading.
  const central = fragment.baseline - ascent + (ascent + descent) / 2;
  const x = area.mode === 'vertical-rl' ? area.x + area.width - central : area.x + central;
  const combined = combinedTextOf(style);
  const vertical = combined === undefined ? { orientation: style.textOrientation } : { orientation: style.textOrientation, combined };
  return { ...fragment, x, baseline: area.y + fragment.x, vertical };
}
