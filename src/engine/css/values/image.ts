// <image> values: url() and linear/radial gradients (repeating and -webkit- legacy forms).
import type { CV } from '../syntax.js';
import { splitOnComma } from '../syntax.js';
import type { Color, Image, LengthPercentage } from '../types.js';
import { type ColorSpec, parseColor, resolveColor } from './color.js';
import { type LengthContext, type LengthSpec, parseAngle, parseLength, resolveLength } from './length.js';

interface StopSpec {
  readonly color: ColorSpec;
  readonly position: LengthSpec | null;
}

/** A specified image: final when it needs no context, else a gradient to resolve per element. */
export type ImageSpec =
  | Image
  | { readonly kind: 'gradient-spec'; readonly type: 'linear-gradient' | 'radial-gradient'; readonly angleDeg: number; readonly stops: readonly StopSpec[]; readonly repeating: boolean };

const SIDES: Record<string, number> = { top: 0, right: 90, bottom: 180, left: 270 };

export function parseImage(v: CV | undefined): ImageSpec | undefined {
  if (v === undefined) return undefined;
  if (v.type === 'url') return { kind: 'url', url: v.value };
  if (v.type !== 'function') return undefined;
  let name = v.name;
  const legacy = name.startsWith('-webkit-');
  if (legacy) name = name.slice(8);
  const repeating = name.startsWith('repeating-');
  if (repeating) name = name.slice(10);
  if (name !== 'linear-gradient' && name !== 'radial-gradient') return undefined;
  const parts = splitOnComma(v.args);
  let angleDeg = 180;
  let first = 0;
  if (name === 'linear-gradient') {
    const dir = parseDirection(parts[0], legacy);
    if (dir !== null) {
      if (dir === undefined) return undefined;
      angleDeg = dir;
      first = 1;
    }
  } else if (parts[0].length > 0 && parseColor(parts[0][0]) === undefined) {
    first = 1; // shape, size and position: painted as a centred ellipse
  }
  const stops: StopSpec[] = [];
  for (const part of parts.slice(first)) {
    const s = parseStop(part);
    if (s === undefined) return undefined;
    stops.push(...s);
  }
  if (stops.length < 2) return undefined;
  return finish(name, angleDeg, stops, repeating);
}

/** The gradient angle, null when the first argument is not a direction, undefined when invalid. */
function parseDirection(part: readonly CV[], legacy: boolean): number | null | undefined {
  if (part.length === 0) return undefined;
  const angle = parseAngle(part[0]);
  if (angle !== undefined && part.length === 1) return legacy ? 90 - angle : angle;
  const words = part.map((p) => (p.type === 'ident' ? p.lower : ''));
  const hasTo = words[0] === 'to';
  if (!hasTo && !(legacy && words[0] in SIDES)) return null;
  const sides = hasTo ? words.slice(1) : words;
  if (sides.length === 0 || sides.length > 2 || !sides.every((s) => s in SIDES)) return undefined;
  let deg: number;
  if (sides.length === 1) deg = SIDES[sides[0]];
  else {
    // Corners depend on the box's aspect ratio; without layout they are taken as square.
    const v = sides.includes('top') ? 'top' : 'bottom';
    const h = sides.includes('left') ? 'left' : 'right';
    deg = v === 'top' ? (h === 'right' ? 45 : 315) : h === 'right' ? 135 : 225;
  }
  return legacy && !hasTo ? (deg + 180) % 360 : deg;
}

function parseStop(part: readonly CV[]): StopSpec[] | undefined {
  let color: ColorSpec | undefined;
  const positions: LengthSpec[] = [];
  for (const p of part) {
    const c = color === undefined ? parseColor(p) : undefined;
    if (c !== undefined) {
      color = c;
      continue;
    }
    const len = parseLength(p, { percent: true, negative: true });
    if (len === undefined) return undefined;
    positions.push(len);
  }
  if (color === undefined) return positions.length === 1 ? [] : undefined; // a colour hint is skipped
  if (positions.length > 2) return undefined;
  if (positions.length === 0) return [{ color, position: null }];
  return positions.map((position) => ({ color: color!, position }));
}

function finish(
  type: 'linear-gradient' | 'radial-gradient',
  angleDeg: number,
  stops: readonly StopSpec[],
  repeating: boolean,
): ImageSpec {
  const final = stops.every((s) => s.color !== 'currentcolor' && (s.position === null || typeof s.position === 'number' || 'percent' in s.position));
  if (!final) return { kind: 'gradient-spec', type, angleDeg, stops, repeating };
  const resolved = stops.map((s) => ({ color: s.color as Color, position: s.position as LengthPercentage | null }));
  if (type === 'linear-gradient') return { kind: 'linear-gradient', angleDeg, stops: resolved, repeating };
  return { kind: 'radial-gradient', stops: resolved, repeating };
}

export function resolveImage(spec: ImageSpec, color: Color, ctx: LengthContext): Image {
  if (spec.kind !== 'gradient-spec') return spec;
  const stops = spec.stops.map((s) => ({
    color: resolveColor(s.color, color),
    position: s.position === null ? null : resolveLength(s.position, ctx),
  }));
  if (spec.type === 'linear-gradient') return { kind: 'linear-gradient', angleDeg: spec.angleDeg, stops, repeating: spec.repeating };
  return { kind: 'radial-gradient', stops, repeating: spec.repeating };
}
