// Gradients approximated with solid fills: linear ones as narrow bands across the gradient
// line (CSS Images §3.1 geometry), radial ones as their average colour.
import type { Color, Image } from '../css/types.js';
import type { PaintBackend, PathCommand, SmoothGradient } from './backend.js';
import type { Rect } from './shapes.js';

type GradientImage = Exclude<Image, { kind: 'url' }>;
type Stop = { readonly color: Color; readonly offset: number };

const MAX_BANDS = 256;

/** Stop offsets in px along a line of `length`: missing positions filled in per CSS, kept non-decreasing. */
export function resolveStops(stops: GradientImage['stops'], length: number): Stop[] {
  if (stops.length === 0) return [];
  const offsets: (number | null)[] = stops.map((s) => (s.position === null ? null : typeof s.position === 'number' ? s.position : (s.position.percent / 100) * length + (s.position.px ?? 0)));
  if (offsets[0] === null) offsets[0] = 0;
  if (offsets[offsets.length - 1] === null) offsets[offsets.length - 1] = length;
  let max = -Infinity;
  for (let i = 0; i < offsets.length; i++) {
    if (offsets[i] !== null) {
      max = Math.max(max, offsets[i]!);
      offsets[i] = max;
    }
  }
  for (let i = 1; i < offsets.length; i++) {
    if (offsets[i] !== null) continue;
    let j = i;
    while (offsets[j] === null) j++;
    const from = offsets[i - 1]!;
    const to = offsets[j]!;
    for (let k = i; k < j; k++) offsets[k] = from + ((to - from) * (k - i + 1)) / (j - i + 1);
  }
  return stops.map((s, i) => ({ color: s.color, offset: offsets[i]! }));
}

/** Colour at `t` px along the line, interpolated in premultiplied RGBA. */
export function colorAt(stops: readonly Stop[], t: number, repeating: boolean): Color {
  if (repeating && stops.length > 1) {
    const first = stops[0].offset;
    const period = stops[stops.length - 1].offset - first;
    if (period > 0) t = first + ((((t - first) % period) + period) % period);
  }
  if (t <= stops[0].offset) return stops[0].color;
  for (let i = 1; i < stops.length; i++) {
    const b = stops[i];
    if (t <= b.offset) {
      const a = stops[i - 1];
      const span = b.offset - a.offset;
      const f = span > 0 ? (t - a.offset) / span : 1;
      return mix(a.color, b.color, f);
    }
  }
  return stops[stops.length - 1].color;
}

function mix(a: Color, b: Color, f: number): Color {
  const alpha = a.a + (b.a - a.a) * f;
  if (alpha <= 0) return { r: 0, g: 0, b: 0, a: 0 };
  const channel = (x: number, y: number) => (x * a.a + (y * b.a - x * a.a) * f) / alpha;
  return { r: channel(a.r, b.r), g: channel(a.g, b.g), b: channel(a.b, b.b), a: alpha };
}

/** Mean of the stop colours (premultiplied): the fill standing in for a radial gradient. */
export function averageColor(stops: GradientImage['stops']): Color {
  if (stops.length === 0) return { r: 0, g: 0, b: 0, a: 0 };
  let r = 0, g = 0, b = 0, a = 0;
  for (const { color } of stops) {
    r += color.r * color.a;
    g += color.g * color.a;
    b += color.b * color.a;
    a += color.a;
  }
  if (a === 0) return { r: 0, g: 0, b: 0, a: 0 };
  return { r: r / a, g: g / a, b: b / a, a: a / stops.length };
}

/**
 * The stops of a gradient line of `length` px as offsets from 0 to 1, the colours at both ends
 * included; null when the stops' alphas differ (a shading has one alpha) or the gradient repeats.
 */
function smoothStops(gradient: GradientImage, length: number): SmoothGradient['stops'] | null {
  if (gradient.repeating || length <= 0) return null;
  const stops = resolveStops(gradient.stops, length);
  const first = stops[0];
  if (first === undefined || stops.some((s) => Math.abs(s.color.a - first.color.a) > 0.001)) return null;
  const inside = stops.filter((s) => s.offset > 0 && s.offset < length).map((s) => ({ offset: s.offset / length, color: s.color }));
  return [{ offset: 0, color: colorAt(stops, 0, false) }, ...inside, { offset: 1, color: colorAt(stops, length, false) }];
}

/** Paints a gradient filling `tile`; the caller clips to the tile (bands are drawn past its edges). */
export function paintGradient(backend: PaintBackend, gradient: GradientImage, tile: Rect): void {
  if (tile.width <= 0 || tile.height <= 0 || gradient.stops.length === 0) return;
  if (backend.fillGradient && paintSmooth(backend, backend.fillGradient.bind(backend), gradient, tile)) return;
  if (gradient.kind === 'radial-gradient') {
    const color = averageColor(gradient.stops);
    if (color.a > 0) backend.fillPath(rectFrom(tile), color);
    return;
  }
  const angle = (gradient.angleDeg * Math.PI) / 180;
  const dx = Math.sin(angle);
  const dy = -Math.cos(angle);
  const length = Math.abs(tile.width * dx) + Math.abs(tile.height * dy);
  const stops = resolveStops(gradient.stops, length);
  const cx = tile.x + tile.width / 2;
  const cy = tile.y + tile.height / 2;
  if (length <= 0) {
    backend.fillPath(rectFrom(tile), stops[stops.length - 1].color);
    return;
  }
  const bands = Math.max(2, Math.min(MAX_BANDS, Math.ceil(length / 2)));
  const step = length / bands;
  const reach = tile.width + tile.height; // half-length of each band across the line, enough to cover the tile
  const px = -dy;
  const py = dx;
  for (let i = 0; i < bands; i++) {
    const color = colorAt(stops, (i + 0.5) * step, gradient.repeating);
    if (color.a <= 0) continue;
    // Opaque bands overlap by a hair so no seams show between them.
    const overlap = color.a >= 1 ? Math.min(0.25, step / 4) : 0;
    const s0 = i === 0 ? -reach : i * step - overlap;
    const s1 = i === bands - 1 ? length + reach : (i + 1) * step;
    const a = -length / 2 + s0;
    const b = -length / 2 + s1;
    const path: PathCommand[] = [
      { op: 'move', x: cx + dx * a + px * reach, y: cy + dy * a + py * reach },
      { op: 'line', x: cx + dx * b + px * reach, y: cy + dy * b + py * reach },
      { op: 'line', x: cx + dx * b - px * reach, y: cy + dy * b - py * reach },
      { op: 'line', x: cx + dx * a - px * reach, y: cy + dy * a - py * reach },
      { op: 'close' },
    ];
    backend.fillPath(path, color);
  }
}

function rectFrom(r: Rect): PathCommand[] {
  return [
    { op: 'move', x: r.x, y: r.y }, { op: 'line', x: r.x + r.width, y: r.y },
    { op: 'line', x: r.x + r.width, y: r.y + r.height }, { op: 'line', x: r.x, y: r.y + r.height }, { op: 'close' },
  ];
}

/**
 * As a PDF shading (smooth, no seams between bands): a linear gradient along its gradient line, a
 * radial one as the ellipse of the tile's proportions through its corners (farthest-corner, centred).
 */
function paintSmooth(backend: PaintBackend, fill: NonNullable<PaintBackend['fillGradient']>, gradient: GradientImage, tile: Rect): boolean {
  const cx = tile.x + tile.width / 2;
  const cy = tile.y + tile.height / 2;
  if (gradient.kind === 'radial-gradient') {
    const rx = (tile.width / 2) * Math.SQRT2;
    const ry = (tile.height / 2) * Math.SQRT2;
    const stops = smoothStops(gradient, rx);
    if (stops === null) return false;
    fill(rectFrom(tile), { kind: 'radial', coords: [0, 0, 0, 1], matrix: [rx, 0, 0, ry, cx, cy], stops });
    return true;
  }
  const angle = (gradient.angleDeg * Math.PI) / 180;
  const dx = Math.sin(angle);
  const dy = -Math.cos(angle);
  const length = Math.abs(tile.width * dx) + Math.abs(tile.height * dy);
  const stops = smoothStops(gradient, length);
  if (stops === null) return false;
  const half = length / 2;
  fill(rectFrom(tile), { kind: 'axial', coords: [cx - dx * half, cy - dy * half, cx + dx * half, cy + dy * half], stops });
  return true;
}
