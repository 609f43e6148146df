// Box shadows, approximated without blur filters: a blurred shadow is a few nested translucent
// copies of its shape, so it fades over about the blur radius.
import type { BoxShadow, Color } from '../css/types.js';
import type { PaintBackend, PathCommand } from './backend.js';
import { fitRadii, rectPath, roundedRectPath, type Corner, type Radii, type Rect } from './shapes.js';

/** At most this many translucent copies stand in for a blur (about one per 2px of blur radius). */
const MAX_BLUR_STEPS = 8;

function grow(rect: Rect, by: number): Rect {
  return { x: rect.x - by, y: rect.y - by, width: rect.width + 2 * by, height: rect.height + 2 * by };
}

/** Radii of the shape grown by `by`: rounded corners grow with it; square ones round off by a blur's growth. */
function growRadii(radii: Radii, by: number, roundSquare: boolean): Radii {
  const c = (r: Corner): Corner => (r[0] > 0 && r[1] > 0 ? [Math.max(0, r[0] + by), Math.max(0, r[1] + by)] : roundSquare && by > 0 ? [by, by] : [0, 0]);
  return { topLeft: c(radii.topLeft), topRight: c(radii.topRight), bottomRight: c(radii.bottomRight), bottomLeft: c(radii.bottomLeft) };
}

/** The (offset, growth) steps of a shadow and the alpha of each, so the steps stack up to the colour's alpha. */
function steps(shadow: BoxShadow): { grow: number; color: Color }[] {
  const { color, blur } = shadow;
  if (blur <= 0) return [{ grow: 0, color }];
  const n = Math.max(2, Math.min(MAX_BLUR_STEPS, Math.ceil(blur / 2)));
  const alpha = 1 - Math.pow(1 - color.a, 1 / n);
  const out: { grow: number; color: Color }[] = [];
  for (let i = 0; i < n; i++) {
    const f = (i + 0.5) / n; // 0..1
    out.push({ grow: blur * 0.75 * (2 * f - 1), color: { ...color, a: alpha } });
  }
  return out;
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
