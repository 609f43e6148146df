// Gradients: linear ones of hard stops as solid stripes; others as PDF shadings where the backend
// has them and the stops allow (one alpha; repeating ones linear and not too finely repeated);
// otherwise as solid bands: across the gradient line (CSS Images §3.1 geometry) for linear ones,
// as rings between ellipses for radial ones (§3.2).
import type { Color, Image, LengthPercentage } from '../css/types.js';
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

/**
 * The stops of a gradient line of `length` px as offsets from 0 to 1, the colours at both ends
 * included; null when the gradient repeats (a shading extends only its end colours). A shading
 * interpolates colour and alpha apart, CSS in premultiplied colour: a transparent stop takes the
 * colour of its neighbours (split in two where they differ), so the colour does not fade through
 * its black.
 */
function smoothStops(gradient: GradientImage, length: number): SmoothGradient['stops'] | null {
  if (length <= 0) return null;
  let stops = resolveStops(gradient.stops, length);
  if (gradient.repeating) {
    // A repeating linear gradient unrolled over its whole line: sampling it in bands lost the
    // 1px stripes of a repeating pattern. Radial ones repeat past their ending shape: bands.
    const unrolled = gradient.kind === 'linear-gradient' ? unrollStops(stops, length) : null;
    if (unrolled === null) return null;
    stops = unrolled;
  }
  const inside = stops.filter((s) => s.offset > 0 && s.offset < length).map((s) => ({ offset: s.offset / length, color: s.color }));
  const line = [{ offset: 0, color: colorAt(stops, 0, false) }, ...inside, { offset: 1, color: colorAt(stops, length, false) }];
  return line.flatMap((stop, i) => {
    if (stop.color.a > 0.001) return [stop];
    const before = line.slice(0, i).reverse().find((s) => s.color.a > 0.001)?.color;
    const after = line.slice(i + 1).find((s) => s.color.a > 0.001)?.color;
    const clear = (color: Color | undefined): Color => (color === undefined ? stop.color : { ...color, a: 0 });
    if (before === undefined || after === undefined || sameRgb(before, after)) return [{ offset: stop.offset, color: clear(before ?? after) }];
    return [{ offset: stop.offset, color: clear(before) }, { offset: stop.offset, color: clear(after) }];
  });
}

/** The most stops a repeating gradient is unrolled into before it is drawn in bands instead. */
const MAX_UNROLLED_STOPS = 2048;

/** A repeating gradient's stops repeated to cover the line from 0 to `length`; null when its period is empty or too short for that. */
function unrollStops(stops: readonly Stop[], length: number): Stop[] | null {
  if (stops.length < 2) return null;
  const first = stops[0].offset;
  const period = stops[stops.length - 1].offset - first;
  if (!(period > 0)) return null;
  const from = Math.floor(-first / period);
  const to = Math.ceil((length - first) / period);
  if ((to - from) * stops.length > MAX_UNROLLED_STOPS) return null;
  const out: Stop[] = [];
  for (let k = from; k < to; k++) for (const stop of stops) out.push({ color: stop.color, offset: stop.offset + k * period });
  return out;
}

function sameRgb(a: Color, b: Color): boolean {
  return a.r === b.r && a.g === b.g && a.b === b.b;
}

/** Paints a gradient filling `tile`; the caller clips to the tile (bands are drawn past its edges). */
export function paintGradient(backend: PaintBackend, gradient: GradientImage, tile: Rect): void {
  if (tile.width <= 0 || tile.height <= 0 || gradient.stops.length === 0) return;
  if (gradient.kind === 'conic-gradient') {
    paintConicWedges(backend, gradient, tile);
    return;
  }
  if (gradient.kind === 'linear-gradient' && paintStripes(backend, gradient, tile)) return;
  if (backend.fillGradient && paintSmooth(backend, backend.fillGradient.bind(backend), gradient, tile)) return;
  if (gradient.kind === 'radial-gradient') {
    paintRadialRings(backend, gradient, tile);
    return;
  }
  const { dx, dy, length } = gradientLine(gradient, tile);
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

/** A linear gradient's direction (unit vector, y down) and the length of its gradient line over `tile` (CSS Images, section 3.1). */
function gradientLine(gradient: LinearImage, tile: Rect): { dx: number; dy: number; length: number } {
  const angle = (gradient.angleDeg * Math.PI) / 180;
  const dx = Math.sin(angle);
  const dy = -Math.cos(angle);
  return { dx, dy, length: Math.abs(tile.width * dx) + Math.abs(tile.height * dy) };
}

/** The most stripes a gradient of hard stops is drawn as before it is drawn in bands instead. */
const MAX_STRIPES = 2048;

/**
 * A linear gradient whose colour only changes at hard stops (`#000 0 2px, #fff 2px 3px`: stripes,
 * a barcode, ruled paper) as one solid band per stripe, edges exactly at the stops, repeating ones
 * over the whole line. As a shading, its zero-width colour changes print blurred or lost in readers
 * that resample the shading's function (poppler's cairo output, Evince); bands are exact in all.
 */
function paintStripes(backend: PaintBackend, gradient: LinearImage, tile: Rect): boolean {
  const { dx, dy, length } = gradientLine(gradient, tile);
  if (length <= 0) return false;
  let stops = resolveStops(gradient.stops, length);
  if (gradient.repeating) {
    const unrolled = unrollStops(stops, length);
    if (unrolled === null) return false;
    stops = unrolled;
  }
  const stripes = hardStripes(stops, length);
  if (stripes === null) return false;
  const cx = tile.x + tile.width / 2;
  const cy = tile.y + tile.height / 2;
  const reach = tile.width + tile.height;
  for (const [i, stripe] of stripes.entries()) {
    if (stripe.color.a <= 0) continue;
    const a = -length / 2 + (i === 0 ? -reach : stripe.from);
    const b = -length / 2 + (i === stripes.length - 1 ? length + reach : stripe.to);
    backend.fillPath([
      { op: 'move', x: cx + dx * a - dy * reach, y: cy + dy * a + dx * reach },
      { op: 'line', x: cx + dx * b - dy * reach, y: cy + dy * b + dx * reach },
      { op: 'line', x: cx + dx * b + dy * reach, y: cy + dy * b - dx * reach },
      { op: 'line', x: cx + dx * a + dy * reach, y: cy + dy * a - dx * reach },
      { op: 'close' },
    ], stripe.color);
  }
  return true;
}

/** The stretches of one colour along a line of `length` whose stops change colour only where two share an offset; null otherwise or when too many. */
export function hardStripes(stops: readonly Stop[], length: number): { from: number; to: number; color: Color }[] | null {
  const stripes: { from: number; to: number; color: Color }[] = [];
  let from = 0;
  let color = colorAt(stops, 0, false);
  for (let i = 1; i < stops.length; i++) {
    const [a, b] = [stops[i - 1], stops[i]];
    if (sameColor(a.color, b.color)) continue;
    if (b.offset - a.offset > 1e-6) return null;
    if (b.offset <= 0 || b.offset >= length) continue;
    if (b.offset > from) stripes.push({ from, to: b.offset, color });
    from = b.offset;
    color = b.color;
    if (stripes.length > MAX_STRIPES) return null;
  }
  stripes.push({ from, to: length, color: colorAt(stops, length, false) });
  return stripes.length > 1 ? stripes : null;
}

function rectFrom(r: Rect): PathCommand[] {
  return [
    { op: 'move', x: r.x, y: r.y }, { op: 'line', x: r.x + r.width, y: r.y },
    { op: 'line', x: r.x + r.width, y: r.y + r.height }, { op: 'line', x: r.x, y: r.y + r.height }, { op: 'close' },
  ];
}

/**
 * As a PDF shading (smooth, no seams between bands): a linear gradient along its gradient line, a
 * radial one over its ending shape (the unit circle mapped onto the ellipse).
 */
function paintSmooth(backend: PaintBackend, fill: NonNullable<PaintBackend['fillGradient']>, gradient: GradientImage, tile: Rect): boolean {
  if (gradient.kind === 'conic-gradient') return false;
  const cx = tile.x + tile.width / 2;
  const cy = tile.y + tile.height / 2;
  if (gradient.kind === 'radial-gradient') {
    const shape = endingShape(gradient, tile);
    if (shape === null) return false;
    const stops = smoothStops(gradient, shape.rx);
    if (stops === null) return false;
    fill(rectFrom(tile), { kind: 'radial', coords: [0, 0, 0, 1], matrix: [shape.rx, 0, 0, shape.ry, shape.cx, shape.cy], stops });
    return true;
  }
  const { dx, dy, length } = gradientLine(gradient, tile);
  const stops = smoothStops(gradient, length);
  if (stops === null) return false;
  const half = length / 2;
  fill(rectFrom(tile), { kind: 'axial', coords: [cx - dx * half, cy - dy * half, cx + dx * half, cy + dy * half], stops });
  return true;
}

type RadialImage = Extract<GradientImage, { kind: 'radial-gradient' }>;
type LinearImage = Extract<GradientImage, { kind: 'linear-gradient' }>;
type ConicImage = Extract<GradientImage, { kind: 'conic-gradient' }>;

/** The widest wedge a conic gradient is drawn in where its colour changes, in degrees. */
const CONIC_STEP = 1;

/**
 * A conic gradient as wedges about its centre, reaching past the tile's corners: one for each
 * stretch of one colour (a pie chart's slices), and one a degree wide where the colour changes.
 * PDF has no sweep shading; the caller clips to the tile.
 */
function paintConicWedges(backend: PaintBackend, gradient: ConicImage, tile: Rect): void {
  const cx = tile.x + along(gradient.position[0], tile.width);
  const cy = tile.y + along(gradient.position[1], tile.height);
  const reach = 2 * (Math.hypot(Math.max(cx - tile.x, tile.x + tile.width - cx), Math.max(cy - tile.y, tile.y + tile.height - cy)) + 1);
  const stops = resolveStops(gradient.stops, 360);
  const points = new Set<number>([0, 360]);
  for (const stop of stops) if (stop.offset > 0 && stop.offset < 360) points.add(stop.offset);
  for (let at = CONIC_STEP; at < 360; at += CONIC_STEP) points.add(at);
  const edges = [...points].sort((x, y) => x - y);
  const paint = (from: number, to: number, color: Color): void => {
    // Opaque wedges overlap the next by a hair so no seams show between them.
    const overlap = color.a >= 1 && to < 360 ? 0.2 : 0;
    if (color.a > 0) backend.fillPath(wedgePath(cx, cy, reach, gradient.fromDeg + from, gradient.fromDeg + to + overlap), color);
  };
  let start = 0;
  let color = colorAt(stops, edges[1]! / 2, gradient.repeating);
  for (let i = 2; i < edges.length; i++) {
    const next = colorAt(stops, (edges[i - 1]! + edges[i]!) / 2, gradient.repeating);
    if (sameColor(next, color)) continue;
    paint(start, edges[i - 1]!, color);
    start = edges[i - 1]!;
    color = next;
  }
  paint(start, 360, color);
}

function sameColor(a: Color, b: Color): boolean {
  return sameRgb(a, b) && Math.abs(a.a - b.a) < 0.002;
}

/** A wedge from `fromDeg` to `toDeg` clockwise from straight up, its points `reach` from the centre. */
function wedgePath(cx: number, cy: number, reach: number, fromDeg: number, toDeg: number): PathCommand[] {
  const path: PathCommand[] = [{ op: 'move', x: cx, y: cy }];
  // Corners at most 45 degrees apart keep the straight edges outside a circle of half the reach.
  const steps = Math.max(1, Math.ceil((toDeg - fromDeg) / 45));
  for (let i = 0; i <= steps; i++) {
    const rad = ((fromDeg + ((toDeg - fromDeg) * i) / steps) * Math.PI) / 180;
    path.push({ op: 'line', x: cx + reach * Math.sin(rad), y: cy - reach * Math.cos(rad) });
  }
  path.push({ op: 'close' });
  return path;
}

/** A radial gradient's ending shape in the tile: centre and radii in px (CSS Images 3 §3.2.2); null when degenerate. */
export function endingShape(gradient: RadialImage, tile: Rect): { cx: number; cy: number; rx: number; ry: number } | null {
  const cx = tile.x + along(gradient.position[0], tile.width);
  const cy = tile.y + along(gradient.position[1], tile.height);
  let rx: number;
  let ry: number;
  if (typeof gradient.size !== 'string') {
    rx = along(gradient.size[0], tile.width);
    ry = gradient.shape === 'circle' ? rx : along(gradient.size[1], tile.height);
  } else {
    const left = Math.abs(cx - tile.x);
    const right = Math.abs(tile.x + tile.width - cx);
    const top = Math.abs(cy - tile.y);
    const bottom = Math.abs(tile.y + tile.height - cy);
    const closest = gradient.size.startsWith('closest');
    const sideX = closest ? Math.min(left, right) : Math.max(left, right);
    const sideY = closest ? Math.min(top, bottom) : Math.max(top, bottom);
    const corner = gradient.size.endsWith('corner');
    if (gradient.shape === 'circle') {
      rx = ry = corner ? Math.hypot(sideX, sideY) : closest ? Math.min(sideX, sideY) : Math.max(sideX, sideY);
    } else {
      // Through the corner, the ellipse keeps the proportions the side keyword gives it.
      const grow = corner ? Math.SQRT2 : 1;
      rx = sideX * grow;
      ry = sideY * grow;
    }
  }
  if (!(rx > 0.001 && ry > 0.001)) return null;
  return { cx, cy, rx, ry };
}

function along(value: LengthPercentage, basis: number): number {
  return typeof value === 'number' ? value : (value.percent / 100) * basis + (value.px ?? 0);
}

/** The ellipse at the centre with radii rx·f and ry·f, as four Bézier quarters. */
function ellipsePath(cx: number, cy: number, rx: number, ry: number, reverse = false): PathCommand[] {
  const k = 0.5522847498;
  const sy = reverse ? -1 : 1;
  return [
    { op: 'move', x: cx + rx, y: cy },
    { op: 'curve', x1: cx + rx, y1: cy + sy * ry * k, x2: cx + rx * k, y2: cy + sy * ry, x: cx, y: cy + sy * ry },
    { op: 'curve', x1: cx - rx * k, y1: cy + sy * ry, x2: cx - rx, y2: cy + sy * ry * k, x: cx - rx, y: cy },
    { op: 'curve', x1: cx - rx, y1: cy - sy * ry * k, x2: cx - rx * k, y2: cy - sy * ry, x: cx, y: cy - sy * ry },
    { op: 'curve', x1: cx + rx * k, y1: cy - sy * ry, x2: cx + rx, y2: cy - sy * ry * k, x: cx + rx, y: cy },
    { op: 'close' },
  ];
}

/**
 * A radial gradient as rings of solid colour, each the colour at its middle radius, out to the
 * tile's farthest corner; the caller clips to the tile. A degenerate ending shape paints the
 * last stop's colour everywhere.
 */
function paintRadialRings(backend: PaintBackend, gradient: RadialImage, tile: Rect): void {
  const shape = endingShape(gradient, tile);
  if (shape === null) {
    const last = gradient.stops[gradient.stops.length - 1].color;
    if (last.a > 0) backend.fillPath(rectFrom(tile), last);
    return;
  }
  const { cx, cy, rx, ry } = shape;
  const stops = resolveStops(gradient.stops, rx);
  const corners = [[tile.x, tile.y], [tile.x + tile.width, tile.y], [tile.x, tile.y + tile.height], [tile.x + tile.width, tile.y + tile.height]];
  // How far along the gradient ray (in px of rx) the farthest corner of the tile lies.
  const reach = Math.max(...corners.map(([x, y]) => Math.hypot((x - cx) / rx, (y - cy) / ry))) * rx;
  const bands = Math.max(2, Math.min(MAX_BANDS, Math.ceil(reach / 2)));
  const step = reach / bands;
  const scaleY = ry / rx;
  for (let i = 0; i < bands; i++) {
    const color = colorAt(stops, (i + 0.5) * step, gradient.repeating);
    if (color.a <= 0) continue;
    // Opaque rings reach a hair into the ring inside them, so no seams show between them.
    const inner = Math.max(0, i * step - (color.a >= 1 ? Math.min(0.25, step / 4) : 0));
    const outer = i === bands - 1 ? reach + 1 : (i + 1) * step;
    const path = i === bands - 1 ? rectFrom({ x: tile.x - 1, y: tile.y - 1, width: tile.width + 2, height: tile.height + 2 }) : ellipsePath(cx, cy, outer, outer * scaleY);
    if (inner > 0) path.push(...ellipsePath(cx, cy, inner, inner * scaleY, true));
    backend.fillPath(path, color, 'evenodd');
  }
}
