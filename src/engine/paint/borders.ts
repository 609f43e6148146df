// Borders: each side as the band between the border and padding edges, split at the corners
// along the line from outer to inner corner; dashes as strokes along the side's centre, dots on
// square corners as filled squares or circles, on rounded ones as strokes.
import type { BorderSide, BorderStyle, Color, ComputedStyle } from '../css/types.js';
import { CURRENT_COLOR_BEVEL } from '../css/values/bevel-grey.js';
import type { PaintBackend, PathCommand } from './backend.js';
import { hasRadii, insetRadii, insetRect, rectPath, ringPath, roundedRectPath, type Corner, type Insets, type Radii, type Rect, type Sides } from './shapes.js';

type SideName = 'top' | 'right' | 'bottom' | 'left';
const SIDE_NAMES: readonly SideName[] = ['top', 'right', 'bottom', 'left'];

interface Side {
  readonly name: SideName;
  readonly width: number;
  readonly style: BorderStyle;
  readonly color: Color;
}

/** Border widths that will be painted: 0 for none/hidden and for edges the fragment lacks. */
export function paintedBorderWidths(style: Pick<ComputedStyle, 'borderTop' | 'borderRight' | 'borderBottom' | 'borderLeft'>, sides: Sides): Insets {
  const w = (side: BorderSide, present: boolean) => (present && side.style !== 'none' && side.style !== 'hidden' ? Math.max(0, side.width) : 0);
  return {
    top: w(style.borderTop, sides.top),
    right: w(style.borderRight, sides.right),
    bottom: w(style.borderBottom, sides.bottom),
    left: w(style.borderLeft, sides.left),
  };
}

/** Chromium's Color::Dark(): each channel scaled so the largest loses 0.33 (black gives #545454). */
export function darken(c: Color): Color {
  if (c.r === 0 && c.g === 0 && c.b === 0) return { r: 0x54, g: 0x54, b: 0x54, a: c.a };
  const v = Math.max(c.r, c.g, c.b) / 255;
  return scaled(c, Math.max(0, (v - 0.33) / v));
}

/** Chromium's Color::Light(): each channel scaled so the largest gains 0.33, up to 1 (black gives #545454). */
function lighten(c: Color): Color {
  if (c.r === 0 && c.g === 0 && c.b === 0) return { r: 0x54, g: 0x54, b: 0x54, a: c.a };
  const v = Math.max(c.r, c.g, c.b) / 255;
  return scaled(c, Math.min(1, v + 0.33) / v);
}

/** Channels scaled and truncated to whole values, as Chromium's colour arithmetic does. */
function scaled(c: Color, factor: number): Color {
  const channel = (x: number): number => Math.min(255, Math.floor((x / 255) * factor * 255.99998));
  return { r: channel(c.r), g: channel(c.g), b: channel(c.b), a: c.a };
}

/** The relative luminance of #202020: colours darker than it cannot be darkened visibly. */
const BASE_DARK_LUMINANCE = 0.014443844;

function linear(channel: number): number {
  const x = channel / 255;
  return x <= 0.04045 ? x / 12.92 : ((x + 0.055) / 1.055) ** 2.4;
}

/**
 * The colour of a side of an inset, outset, groove or ridge border, as Chromium paints it: the
 * shaded side darkened and the lit side lightened; a colour too dark to darken (up to #202020)
 * lightened once for the shaded side and twice for the lit one.
 */
export function bevelColor(c: Color, shaded: boolean): Color {
  if (c === CURRENT_COLOR_BEVEL) return shaded ? darken(c) : c;
  const luminance = 0.2126 * linear(c.r) + 0.7152 * linear(c.g) + 0.0722 * linear(c.b);
  if (luminance <= BASE_DARK_LUMINANCE + 1e-9) return shaded ? lighten(c) : lighten(lighten(c));
  return shaded ? darken(c) : lighten(c);
}

function scaleInsets(w: Insets, f: number): Insets {
  return { top: w.top * f, right: w.right * f, bottom: w.bottom * f, left: w.left * f };
}

function sameColor(a: Color, b: Color): boolean {
  return a.r === b.r && a.g === b.g && a.b === b.b && a.a === b.a;
}

function polygon(points: readonly (readonly [number, number])[]): PathCommand[] {
  const path: PathCommand[] = points.map(([x, y], i) => ({ op: i === 0 ? 'move' : 'line', x, y }) as PathCommand);
  path.push({ op: 'close' });
  return path;
}

/** Corners of a rect: top-left, top-right, bottom-right, bottom-left. */
function corners(r: Rect): [number, number][] {
  return [[r.x, r.y], [r.x + r.width, r.y], [r.x + r.width, r.y + r.height], [r.x, r.y + r.height]];
}

/** Index pairs of the corners each side runs between. */
const SIDE_CORNERS: Record<SideName, readonly [number, number]> = { top: [0, 1], right: [1, 2], bottom: [2, 3], left: [3, 0] };

/** The trapezoid of one side between an outer and an inner rectangle. */
function trapezoid(side: SideName, outer: Rect, inner: Rect): PathCommand[] {
  const o = corners(outer);
  const i = corners(inner);
  const [a, b] = SIDE_CORNERS[side];
  return polygon([o[a], o[b], i[b], i[a]]);
}

/**
 * The region a side owns: between its two corner diagonals (outer corner through inner corner),
 * extended to the box's middle or to where the diagonals meet. Used to clip curved and dashed sides.
 */
function wedge(side: SideName, outer: Rect, widths: Insets): PathCommand[] {
  const o = corners(outer);
  const inner = corners(insetRect(outer, widths));
  const [a, b] = SIDE_CORNERS[side];
  const depth = widths[side];
  // At least the side's own width: with no border opposite, a side may be deeper than half the box
  // (a lone 2px dashed top border on an empty block), and its wedge must not cut it.
  const across = Math.max(depth, side === 'top' || side === 'bottom' ? outer.height / 2 : outer.width / 2);
  const t = depth > 0 ? across / depth : 1;
  const da: [number, number] = [inner[a][0] - o[a][0], inner[a][1] - o[a][1]];
  const db: [number, number] = [inner[b][0] - o[b][0], inner[b][1] - o[b][1]];
  // Where the two diagonals cross (o[a] + s·da = o[b] + u·db), if before the middle.
  const det = da[0] * -db[1] - da[1] * -db[0];
  if (Math.abs(det) > 1e-9) {
    const rx = o[b][0] - o[a][0];
    const ry = o[b][1] - o[a][1];
    const s = (rx * -db[1] - ry * -db[0]) / det;
    if (s > 0 && s < t) return polygon([o[a], o[b], [o[a][0] + da[0] * s, o[a][1] + da[1] * s]]);
  }
  return polygon([o[a], o[b], [o[b][0] + db[0] * t, o[b][1] + db[1] * t], [o[a][0] + da[0] * t, o[a][1] + da[1] * t]]);
}

interface BorderContext {
  readonly backend: PaintBackend;
  readonly rect: Rect;
  readonly radii: Radii;
  readonly rounded: boolean;
  readonly widths: Insets;
}

/** Fills the part of a side between fractions f0 and f1 of its width, measured from the outer edge. */
function band(ctx: BorderContext, side: SideName, f0: number, f1: number, color: Color): void {
  const { backend, rect, radii, widths } = ctx;
  const outer = insetRect(rect, scaleInsets(widths, f0));
  const inner = insetRect(rect, scaleInsets(widths, f1));
  if (!ctx.rounded) {
    backend.fillPath(trapezoid(side, outer, inner), color);
    return;
  }
  backend.save();
  backend.clip(wedge(side, rect, widths));
  backend.fillPath(ringPath(outer, insetRadii(radii, scaleInsets(widths, f0)), inner, insetRadii(radii, scaleInsets(widths, f1))), color);
  backend.restore();
}

/** Dash array for a dashed/dotted side of `length`, adjusted so the pattern starts and ends with a dash. */
export function dashPattern(style: 'dashed' | 'dotted', width: number, length: number): number[] {
  if (style === 'dotted') {
    const span = Math.max(0, length - width);
    const n = Math.max(1, Math.round(span / (2 * width)));
    return [0, span / n];
  }
  // As Chromium draws them: dashes 3 widths long with 2-width gaps on thin borders, 2 widths
  // long with 1-width gaps from 3px up; the gaps stretched so a whole number of dashes fills the side.
  const thin = width < 3;
  const dash = (thin ? 3 : 2) * width;
  const gap = (thin ? 2 : 1) * width;
  const n = Math.max(1, Math.round((length + gap) / (dash + gap)));
  if (n === 1) return [length, 0];
  return [dash, Math.max(0, (length - n * dash) / (n - 1))];
}

/**
 * Skia's SelectBestDashGap, as Chromium spaces dots: the gap nearest `gap` that fits a whole
 * number of `dash`es into `length` with one at each end.
 */
export function bestDashGap(length: number, dash: number, gap: number): number {
  const fewer = Math.floor((length + gap) / (dash + gap));
  const fewerGap = fewer > 1 ? (length - fewer * dash) / (fewer - 1) : Infinity;
  const moreGap = (length - (fewer + 1) * dash) / fewer;
  return moreGap <= 0 || Math.abs(fewerGap - gap) < Math.abs(moreGap - gap) ? fewerGap : moreGap;
}

/**
 * Where the squares of a thin dotted side (up to 3px, which Chromium draws as square dots, not
 * round ones) start along it: a square at each end, and between them squares one width apart,
 * the room left over split before and after them.
 */
export function squareDotOffsets(length: number, width: number): number[] {
  if (length <= 2 * width) return [0];
  const inner = length - 2 * width;
  const count = Math.floor(inner / (2 * width));
  const first = width + Math.floor((inner - (2 * count - 1) * width) / 2);
  const offsets = [0];
  for (let i = 0; i < count; i++) offsets.push(first + 2 * width * i);
  offsets.push(length - width);
  return offsets;
}

/**
 * Where the round dots of a thick dotted side start along it: a whole dot at each corner and
 * Chromium's spacing between (its dash interval less 0.01, so that rounding loses no end dot).
 */
export function roundDotOffsets(length: number, width: number): number[] {
  const run = length - width;
  if (run <= 0 || length < 2 * width) return [Math.max(0, run) / 2];
  const pitch = bestDashGap(length, width, width) + width - 0.01;
  const offsets: number[] = [];
  for (let at = 0; at <= run + 1e-9; at += pitch) offsets.push(at);
  return offsets;
}

/** A dotted side on square corners: square dots up to 3px wide, round ones from there. */
function dotSide(ctx: BorderContext, side: Side): void {
  const { backend, rect } = ctx;
  const w = side.width;
  const horizontal = side.name === 'top' || side.name === 'bottom';
  const length = horizontal ? rect.width : rect.height;
  // The side's band across: its outer edge and, along it, where it starts.
  const across = side.name === 'top' ? rect.y : side.name === 'bottom' ? rect.y + rect.height - w : side.name === 'left' ? rect.x : rect.x + rect.width - w;
  const along = horizontal ? rect.x : rect.y;
  const at = (offset: number, size: number): Rect => (horizontal ? { x: along + offset, y: across, width: size, height: w } : { x: across, y: along + offset, width: w, height: size });
  if (w <= 3) {
    const path = squareDotOffsets(length, w).flatMap((offset) => rectPath(at(offset, Math.min(w, length))));
    backend.fillPath(path, side.color);
    return;
  }
  const round: Corner = [w / 2, w / 2];
  const dot: Radii = { topLeft: round, topRight: round, bottomRight: round, bottomLeft: round };
  backend.fillPath(roundDotOffsets(length, w).flatMap((offset) => roundedRectPath(at(offset, w), dot)), side.color);
}

function strokeSide(ctx: BorderContext, side: Side): void {
  const { backend, rect, widths } = ctx;
  const style = side.style as 'dashed' | 'dotted';
  const w = side.width;
  const horizontal = side.name === 'top' || side.name === 'bottom';
  const length = horizontal ? rect.width : rect.height;
  const dotted = style === 'dotted';
  if (dotted && !ctx.rounded) {
    dotSide(ctx, side);
    return;
  }
  backend.save();
  backend.clip(wedge(side.name, rect, widths));
  let path: PathCommand[];
  if (ctx.rounded) {
    path = roundedRectPath(insetRect(rect, scaleInsets(widths, 0.5)), insetRadii(ctx.radii, scaleInsets(widths, 0.5)));
  } else {
    const { x, y, width, height } = rect;
    switch (side.name) {
      case 'top': path = [{ op: 'move', x, y: y + w / 2 }, { op: 'line', x: x + width, y: y + w / 2 }]; break;
      case 'bottom': path = [{ op: 'move', x: x + width, y: y + height - w / 2 }, { op: 'line', x, y: y + height - w / 2 }]; break;
      case 'right': path = [{ op: 'move', x: x + width - w / 2, y }, { op: 'line', x: x + width - w / 2, y: y + height }]; break;
      case 'left': path = [{ op: 'move', x: x + w / 2, y: y + height }, { op: 'line', x: x + w / 2, y }]; break;
    }
  }
  backend.strokePath(path, { width: w, color: side.color, dash: dashPattern(style, w, length), lineCap: dotted ? 'round' : 'butt' });
  backend.restore();
}

function paintSide(ctx: BorderContext, side: Side): void {
  const { color, name } = side;
  const topLeft = name === 'top' || name === 'left';
  const insetColor = bevelColor(color, topLeft);
  const outsetColor = bevelColor(color, !topLeft);
  switch (side.style) {
    case 'dashed':
    case 'dotted':
      if (side.width >= 1) strokeSide(ctx, side);
      else band(ctx, name, 0, 1, color);
      return;
    case 'double':
      if (side.width >= 3) {
        const stripe = doubleStripe(side.width) / side.width;
        band(ctx, name, 0, stripe, color);
        band(ctx, name, 1 - stripe, 1, color);
      } else {
        band(ctx, name, 0, 1, color);
      }
      return;
    case 'groove':
    case 'ridge': {
      const [outerColor, innerColor] = side.style === 'groove' ? [insetColor, outsetColor] : [outsetColor, insetColor];
      band(ctx, name, 0, 0.5, outerColor);
      band(ctx, name, 0.5, 1, innerColor);
      return;
    }
    case 'inset':
      band(ctx, name, 0, 1, insetColor);
      return;
    case 'outset':
      band(ctx, name, 0, 1, outsetColor);
      return;
    default:
      band(ctx, name, 0, 1, color);
  }
}

/** Paints the borders of a border box `rect` with border-box radii `radii`. */
export function paintBorders(backend: PaintBackend, rect: Rect, style: Pick<ComputedStyle, 'borderTop' | 'borderRight' | 'borderBottom' | 'borderLeft'>, sides: Sides, radii: Radii): void {
  const widths = paintedBorderWidths(style, sides);
  const sideStyles: Record<SideName, BorderSide> = { top: style.borderTop, right: style.borderRight, bottom: style.borderBottom, left: style.borderLeft };
  const painted: Side[] = SIDE_NAMES.filter((name) => widths[name] > 0 && sideStyles[name].color.a > 0).map((name) => ({
    name,
    width: widths[name],
    style: sideStyles[name].style,
    color: sideStyles[name].color,
  }));
  if (painted.length === 0 || rect.width <= 0 || rect.height <= 0) return;
  const ctx: BorderContext = { backend, rect, radii, rounded: hasRadii(radii), widths };
  const first = painted[0];
  // Only when no side with a width is left out for being transparent.
  const allShown = SIDE_NAMES.every((name) => widths[name] === 0 || sideStyles[name].color.a > 0);
  const oneColour = allShown && painted.every((s) => s.style === 'solid' && sameColor(s.color, first.color));
  if (oneColour) {
    paintRing(ctx, 0, widths, first.color);
    return;
  }
  const oneColourDouble = allShown && painted.every((s) => s.style === 'double' && s.width >= 3 && sameColor(s.color, first.color));
  if (oneColourDouble) {
    // Two rings, as Chromium strokes a double border of one colour: no seams at the corners.
    const stripes = doubleStripes(widths);
    paintRing(ctx, 0, stripes, first.color);
    paintRing(ctx, 1, stripes, first.color);
    return;
  }
  if (!ctx.rounded && painted.every((s) => SINGLE_BAND.has(s.style))) {
    paintSquareSides(ctx, painted);
    return;
  }
  for (const side of painted) paintSide(ctx, side);
}

const SINGLE_BAND: ReadonlySet<BorderStyle> = new Set(['solid', 'inset', 'outset']);

/** The one colour a solid, inset or outset side is filled with. */
function bandColor(side: Side): Color {
  const topLeft = side.name === 'top' || side.name === 'left';
  if (side.style === 'inset') return bevelColor(side.color, topLeft);
  if (side.style === 'outset') return bevelColor(side.color, !topLeft);
  return side.color;
}

/**
 * Square-cornered sides in more than one colour, as Chromium draws them: the top and bottom as
 * rectangles across the whole width, then the right and left sides over them, cut on the
 * diagonal only at a corner whose other side has another colour (or is not painted).
 */
function paintSquareSides(ctx: BorderContext, painted: readonly Side[]): void {
  const { backend, rect, widths } = ctx;
  const { x, y, width, height } = rect;
  const colorOf = new Map(painted.map((side) => [side.name, bandColor(side)]));
  const top = colorOf.get('top');
  const bottom = colorOf.get('bottom');
  if (top) backend.fillPath(rectPath({ x, y, width, height: Math.min(widths.top, height) }), top);
  if (bottom) backend.fillPath(rectPath({ x, y: y + height - Math.min(widths.bottom, height), width, height: Math.min(widths.bottom, height) }), bottom);
  for (const name of ['right', 'left'] as const) {
    const color = colorOf.get(name);
    if (!color) continue;
    const outerX = name === 'right' ? x + width : x;
    const innerX = name === 'right' ? x + width - widths.right : x + widths.left;
    const squareTop = top !== undefined && sameColor(top, color);
    const squareBottom = bottom !== undefined && sameColor(bottom, color);
    backend.fillPath(polygon([
      [outerX, y],
      [outerX, y + height],
      [innerX, squareBottom ? y + height : y + height - widths.bottom],
      [innerX, squareTop ? y : y + widths.top],
    ]), color);
  }
}

/**
 * Fills one ring of a border in one colour: the whole border (`stripe` 0 with the border
 * widths), or a double border's outer (0) or inner (1) stripe with its widths.
 */
function paintRing(ctx: BorderContext, stripe: 0 | 1, stripeWidths: Insets, color: Color): void {
  const { backend, rect, radii, widths } = ctx;
  const outerInset = stripe === 0 ? ZERO : subtractInsets(widths, stripeWidths);
  const outer = insetRect(rect, outerInset);
  if (ctx.rounded) {
    // Round corners: a single ring, with no seams at the corners.
    const innerInset = stripe === 0 ? stripeWidths : widths;
    backend.fillPath(ringPath(outer, insetRadii(radii, outerInset), insetRect(rect, innerInset), insetRadii(radii, innerInset)), color);
    return;
  }
  // Square corners: a rectangle per side, as Chromium draws them. Readers that keep thin
  // rectangles at least a pixel wide (poppler, Acrobat) then show a thin border as crisply as
  // Chromium's; a ring or mitred sides come out as a faint anti-aliased line.
  for (const side of sideRects(outer, stripeWidths)) backend.fillPath(rectPath(side), color);
}

const ZERO: Insets = { top: 0, right: 0, bottom: 0, left: 0 };

function subtractInsets(a: Insets, b: Insets): Insets {
  return { top: a.top - b.top, right: a.right - b.right, bottom: a.bottom - b.bottom, left: a.left - b.left };
}

/** Chromium's stripe of a double border: a third of the width, rounded to whole pixels; the gap takes the rest. */
export function doubleStripe(width: number): number {
  return width < 3 ? width : Math.round(width / 3);
}

function doubleStripes(widths: Insets): Insets {
  return { top: doubleStripe(widths.top), right: doubleStripe(widths.right), bottom: doubleStripe(widths.bottom), left: doubleStripe(widths.left) };
}

/** Each side's band of a square-cornered border: top and bottom across the whole width, left and right between them. */
function sideRects(rect: Rect, widths: Insets): Rect[] {
  const { x, y, width, height } = rect;
  const top = Math.min(widths.top, height);
  const bottom = Math.min(widths.bottom, height - top);
  const middle = height - top - bottom;
  const sides: Rect[] = [];
  if (top > 0) sides.push({ x, y, width, height: top });
  if (middle > 0 && widths.left > 0) sides.push({ x, y: y + top, width: Math.min(widths.left, width), height: middle });
  if (middle > 0 && widths.right > 0) sides.push({ x: x + width - Math.min(widths.right, width), y: y + top, width: Math.min(widths.right, width), height: middle });
  if (bottom > 0) sides.push({ x, y: y + height - bottom, width, height: bottom });
  return sides;
}
