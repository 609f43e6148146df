// Where the page margin boxes sit: corners fill the page corners, the three boxes of each edge
// share it by their sizes along it (CSS Paged Media 3 §6.3.2).
import type { MarginBoxName } from '../css/stylesheet.js';
import type { Edges } from './fragments.js';

export interface Rect {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

/** A margin box's outer width along its edge: specified, or auto with its min- and max-content widths. */
export interface EdgeSizing {
  readonly width: number | 'auto';
  readonly min: number;
  readonly max: number;
}

/** The area each margin box is placed in: a page corner, or the whole edge it shares with two others. */
export function marginRect(name: MarginBoxName, margins: Edges, width: number, height: number): Rect {
  const m = margins;
  const innerWidth = width - m.left - m.right;
  const innerHeight = height - m.top - m.bottom;
  switch (name) {
    case 'top-left-corner': return { x: 0, y: 0, width: m.left, height: m.top };
    case 'top-right-corner': return { x: width - m.right, y: 0, width: m.right, height: m.top };
    case 'bottom-left-corner': return { x: 0, y: height - m.bottom, width: m.left, height: m.bottom };
    case 'bottom-right-corner': return { x: width - m.right, y: height - m.bottom, width: m.right, height: m.bottom };
    case 'top-left': case 'top-center': case 'top-right':
      return { x: m.left, y: 0, width: innerWidth, height: m.top };
    case 'bottom-left': case 'bottom-center': case 'bottom-right':
      return { x: m.left, y: height - m.bottom, width: innerWidth, height: m.bottom };
    case 'left-top': case 'left-middle': case 'left-bottom':
      return { x: 0, y: m.top, width: m.left, height: innerHeight };
    default:
      return { x: width - m.right, y: m.top, width: m.right, height: innerHeight };
  }
}

/** Whether a margin box is one of the three along the top or bottom edge. */
export function isHorizontalEdgeBox(name: MarginBoxName): boolean {
  return /^(top|bottom)-(left|center|right)$/.test(name);
}

/**
 * Outer widths and offsets of the start (A), center (B) and end (C) boxes of an edge of length
 * `available` (§6.3.2): auto widths share the edge by their content widths, B is centred, and A
 * and C take what B leaves on their side.
 */
export function edgeWidths(
  a: EdgeSizing | null, b: EdgeSizing | null, c: EdgeSizing | null, available: number,
): { a: [number, number] | null; b: [number, number] | null; c: [number, number] | null } {
  let wa = a && a.width !== 'auto' ? a.width : null;
  let wc = c && c.width !== 'auto' ? c.width : null;
  let wb: number | null = null;
  if (!b) {
    if (a && c && wa === null && wc === null) [wa, wc] = distribute(a, c, available);
    else if (a && wa === null) wa = available - (wc ?? 0);
    else if (c && wc === null) wc = available - (wa ?? 0);
  } else {
    if (b.width !== 'auto') wb = b.width;
    else {
      // B against an imaginary box twice as wide as the wider of A and C, so that B stays centred.
      const outer = (s: EdgeSizing | null, key: 'min' | 'max'): number => (s === null ? 0 : s.width !== 'auto' ? s.width : s[key]);
      const ac: EdgeSizing = { width: 'auto', min: 2 * Math.max(outer(a, 'min'), outer(c, 'min')), max: 2 * Math.max(outer(a, 'max'), outer(c, 'max')) };
      wb = distribute(b, ac, available)[0];
    }
    const side = Math.max(0, (available - wb) / 2);
    if (a && wa === null) wa = side;
    if (c && wc === null) wc = side;
  }
  return {
    a: a ? [0, Math.max(0, wa ?? 0)] : null,
    b: b && wb !== null ? [(available - wb) / 2, Math.max(0, wb)] : null,
    c: c ? [available - Math.max(0, wc ?? 0), Math.max(0, wc ?? 0)] : null,
  };
}

/** Two auto widths sharing `space`: by max-content widths, else between min and max, else shrunk by min-content. */
function distribute(one: EdgeSizing, two: EdgeSizing, space: number): [number, number] {
  const share = (basis: [number, number], factors: [number, number]): [number, number] => {
    const flex = space - basis[0] - basis[1];
    const total = factors[0] + factors[1];
    if (total <= 0) return [basis[0] + flex / 2, basis[1] + flex / 2];
    return [basis[0] + (flex * factors[0]) / total, basis[1] + (flex * factors[1]) / total];
  };
  if (one.max + two.max <= space) return share([one.max, two.max], [one.max, two.max]);
  if (one.min + two.min <= space) return share([one.min, two.min], [one.max - one.min, two.max - two.min]);
  return share([one.min, two.min], [one.min, two.min]);
}
