// Box shadows, approximated without blur filters: a blurred shadow is nested translucent copies of
// its shape, placed so that together they fade as the Gaussian blur CSS asks for (standard
// deviation half the blur radius) fades across the shape's edge.
import type { BoxShadow, Color } from '../css/types.js';
import type { PaintBackend, PathCommand } from './backend.js';
import { fitRadii, rectPath, roundedRectPath, type Corner, type Radii, type Rect } from './shapes.js';

/** At most this many translucent copies stand in for a blur. */
const MAX_BLUR_STEPS = 16;
/**
 * Copies per 1px of blur radius: three, so that a design system's small blurs (1–5px) fade in steps
 * of a sixth of the colour or less and reach on past 1.5σ, as Chromium's smooth fade does (one a px
 * left a 3px blur in three steps ending 1.5px past the edge).
 */
const STEPS_PER_PX = 3;

function grow(rect: Rect, by: number): Rect {
  return { x: rect.x - by, y: rect.y - by, width: rect.width + 2 * by, height: rect.height + 2 * by };
}

/** Radii of the shape grown by `by`: rounded corners grow with it; square ones round off by a blur's growth. */
function growRadii(radii: Radii, by: number, roundSquare: boolean): Radii {
  const c = (r: Corner): Corner => (r[0] > 0 && r[1] > 0 ? [Math.max(0, r[0] + by), Math.max(0, r[1] + by)] : roundSquare && by > 0 ? [by, by] : [0, 0]);
  return { topLeft: c(radii.topLeft), topRight: c(radii.topRight), bottomRight: c(radii.bottomRight), bottomLeft: c(radii.bottomLeft) };
}

/**
 * The growth steps of a shadow and the alpha of each. The copies nest: a point inside the k
 * outermost is covered 1 - Π(1 - alpha_i) by them, which the alphas make k/n of the colour's alpha,
 * so an opaque colour fades too (equal alphas cannot: 1 - (1 - 1)^(1/n) is 1 for every copy, and
 * an opaque shadow showed as one hard-edged copy). The k-th copy from the outside ends where a
 * Gaussian blur's cover, a·Φ(-d/σ) at a distance d outside the shape's edge, is halfway through its step.
 */
function steps(shadow: BoxShadow): { grow: number; color: Color }[] {
  const { color, blur } = shadow;
  if (blur <= 0) return [{ grow: 0, color }];
  // Each copy at least two 255ths of opacity, which is how finely a PDF's opacity is drawn: the
  // faint, wide shadows of design systems would otherwise round away a step at a time.
  const n = Math.max(2, Math.min(MAX_BLUR_STEPS, Math.ceil(STEPS_PER_PX * blur), Math.floor((color.a * 255) / 2)));
  const sigma = blur / 2;
  const cover = (k: number): number => (color.a * k) / n;
  const out: { grow: number; color: Color }[] = [];
  for (let k = 1; k <= n; k++) {
    const alpha = 1 - (1 - cover(k)) / (1 - cover(k - 1));
    out.push({ grow: -sigma * probit((k - 0.5) / n), color: { ...color, a: alpha } });
  }
  return out;
}

/** The standard normal quantile: the x with Φ(x) = p (Acklam's rational approximation, relative error under 1.2e-9). */
function probit(p: number): number {
  const a = [-39.69683028665376, 220.9460984245205, -275.9285104469687, 138.357751867269, -30.66479806614716, 2.506628274631];
  const b = [-54.47609879822406, 161.5858368580409, -155.6989798598866, 66.80131188771972, -13.28068155288572];
  const c = [-0.007784894002430293, -0.3223964580411365, -2.400758277161838, -2.549732539343734, 4.374664141464968, 2.938163982698783];
  const d = [0.007784695709041462, 0.3224671290700398, 2.445134137142996, 3.754408661907416];
  const low = 0.02425;
  if (p <= 0) return -Infinity;
  if (p >= 1) return Infinity;
  if (p < low) {
    const q = Math.sqrt(-2 * Math.log(p));
    return (((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5]) / ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1);
  }
  if (p > 1 - low) {
    const q = Math.sqrt(-2 * Math.log(1 - p));
    return -(((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5]) / ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1);
  }
  const q = p - 0.5;
  const r = q * q;
  return (((((a[0] * r + a[1]) * r + a[2]) * r + a[3]) * r + a[4]) * r + a[5]) * q / (((((b[0] * r + b[1]) * r + b[2]) * r + b[3]) * r + b[4]) * r + 1);
}

/** Outer shadows under the box, painted outside its border box only; the first listed ends up on top. */
export function paintOuterShadows(backend: PaintBackend, shadows: readonly BoxShadow[], rect: Rect, radii: Radii): void {
  for (let i = shadows.length - 1; i >= 0; i--) {
    const shadow = shadows[i];
    if (shadow.inset || shadow.color.a <= 0) continue;
    const shape: Rect = grow({ ...rect, x: rect.x + shadow.offsetX, y: rect.y + shadow.offsetY }, shadow.spread);
    if (shape.width <= 0 || shape.height <= 0) continue;
    const shapeRadii = growRadii(radii, shadow.spread, false);
    const reach = Math.abs(shadow.offsetX) + Math.abs(shadow.offsetY) + Math.abs(shadow.spread) + shadow.blur * 2 + 1;
    backend.save();
    // Everything outside the border box: a big rectangle with the box cut out (nonzero winding).
    backend.clip([...rectPath(grow(rect, reach)), ...roundedRectPath(rect, radii, true)]);
    for (const step of steps(shadow)) {
      const r = grow(shape, step.grow);
      if (r.width <= 0 || r.height <= 0) continue;
      backend.fillPath(roundedRectPath(r, fitRadii(growRadii(shapeRadii, step.grow, true), r.width, r.height)), step.color);
    }
    backend.restore();
  }
}

/** Inset shadows inside the padding box, over the background. */
export function paintInsetShadows(backend: PaintBackend, shadows: readonly BoxShadow[], padding: Rect, radii: Radii): void {
  if (padding.width <= 0 || padding.height <= 0) return;
  for (let i = shadows.length - 1; i >= 0; i--) {
    const shadow = shadows[i];
    if (!shadow.inset || shadow.color.a <= 0) continue;
    const hole: Rect = grow({ ...padding, x: padding.x + shadow.offsetX, y: padding.y + shadow.offsetY }, -shadow.spread);
    const holeRadii = growRadii(radii, -shadow.spread, false);
    const reach = Math.abs(shadow.offsetX) + Math.abs(shadow.offsetY) + Math.abs(shadow.spread) + shadow.blur * 2 + 1;
    backend.save();
    backend.clip(roundedRectPath(padding, radii));
    for (const step of steps(shadow)) {
      const r = grow(hole, -step.grow);
      const path: PathCommand[] = rectPath(grow(padding, reach));
      if (r.width > 0 && r.height > 0) path.push(...roundedRectPath(r, fitRadii(growRadii(holeRadii, -step.grow, false), r.width, r.height), true));
      backend.fillPath(path, step.color);
    }
    backend.restore();
  }
}
